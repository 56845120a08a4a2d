-- Returns and size exchanges of delivered orders (issue 19). A request names the order's
-- lines it returns; its status only moves along the documented steps, each one a guarded
-- update (only from the status read) with its history entry in the same transaction.
CREATE TABLE return_requests (
    id TEXT PRIMARY KEY NOT NULL,
    order_id TEXT NOT NULL REFERENCES orders (id),
    user_id TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('REFUND', 'EXCHANGE')),
    reason TEXT NOT NULL CHECK (reason IN ('SIZE_TOO_SMALL', 'SIZE_TOO_LARGE', 'DAMAGED_OR_DEFECTIVE', 'NOT_AS_DESCRIBED', 'CHANGED_MY_MIND')),
    status TEXT NOT NULL CHECK (status IN ('REQUESTED', 'APPROVED', 'REJECTED', 'PICKED_UP', 'RECEIVED', 'REFUNDED', 'EXCHANGE_SHIPPED')),
    -- Whether the returned pieces went back into stock when received (NULL until received).
    restocked BOOLEAN,
    -- The refund as recorded: the amount the server computed, and where it was paid, only
    -- the method (UPI or BANK) and a masked account (never the full number).
    refund_paise BIGINT,
    refund_method TEXT CHECK (refund_method IS NULL OR refund_method IN ('UPI', 'BANK')),
    refund_account_masked TEXT,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);
CREATE INDEX return_requests_order_idx ON return_requests (order_id);
CREATE INDEX return_requests_user_idx ON return_requests (user_id, created_at);
CREATE INDEX return_requests_status_idx ON return_requests (status, created_at);

-- The pieces of one order line a request returns; for an exchange, the variant sent instead
-- (a copy of its size and colour, as the order lines keep theirs).
CREATE TABLE return_lines (
    id TEXT PRIMARY KEY NOT NULL,
    return_id TEXT NOT NULL REFERENCES return_requests (id),
    order_item_id TEXT NOT NULL REFERENCES order_items (id),
    quantity INTEGER NOT NULL CHECK (quantity > 0),
    exchange_variant_id TEXT,
    exchange_size TEXT,
    exchange_color TEXT,
    position INTEGER NOT NULL
);
CREATE INDEX return_lines_return_idx ON return_lines (return_id, position);
CREATE INDEX return_lines_item_idx ON return_lines (order_item_id);

CREATE TABLE return_status_history (
    id TEXT PRIMARY KEY NOT NULL,
    return_id TEXT NOT NULL REFERENCES return_requests (id),
    from_status TEXT,
    to_status TEXT NOT NULL,
    note TEXT,
    changed_by TEXT NOT NULL,
    changed_at TIMESTAMP NOT NULL
);
CREATE INDEX return_status_history_return_idx ON return_status_history (return_id, changed_at);
