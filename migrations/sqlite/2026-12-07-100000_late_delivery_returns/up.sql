-- A piece delivered after the order's expected delivery date may go back as "Delivered
-- late" (Consumer Protection (E-Commerce) Rules, 2020, rule 6(3) and rule 7: a seller may not
-- refuse to take back or refund goods delivered late from the stated delivery schedule). The
-- table is rebuilt with every row kept; the lines, history and tax documents still point at it
-- by name.
PRAGMA foreign_keys = OFF;
BEGIN;
CREATE TABLE return_requests_new (
    id TEXT PRIMARY KEY NOT NULL,
    order_id TEXT NOT NULL REFERENCES orders (id),
    user_id TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('REFUND', 'EXCHANGE')),
    reason TEXT NOT NULL CHECK (reason IN ('SIZE_TOO_SMALL', 'SIZE_TOO_LARGE', 'DAMAGED_OR_DEFECTIVE', 'NOT_AS_DESCRIBED', 'CHANGED_MY_MIND', 'DELIVERED_LATE')),
    status TEXT NOT NULL CHECK (status IN ('REQUESTED', 'APPROVED', 'REJECTED', 'WITHDRAWN', 'PICKED_UP', 'RECEIVED', 'REFUNDED', 'EXCHANGE_SHIPPED')),
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
INSERT INTO return_requests_new (id, order_id, user_id, kind, reason, status, restocked, refund_paise, refund_method, refund_account_masked, created_at, updated_at)
SELECT id, order_id, user_id, kind, reason, status, restocked, refund_paise, refund_method, refund_account_masked, created_at, updated_at FROM return_requests;
DROP TABLE return_requests;
ALTER TABLE return_requests_new RENAME TO return_requests;
CREATE INDEX return_requests_order_idx ON return_requests (order_id);
CREATE INDEX return_requests_user_idx ON return_requests (user_id, created_at);
CREATE INDEX return_requests_status_idx ON return_requests (status, created_at);
COMMIT;
PRAGMA foreign_keys = ON;
