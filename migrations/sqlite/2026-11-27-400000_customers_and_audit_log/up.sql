-- The back office's customer list: per customer, the number of orders, what the orders not
-- canceled came to and the last order date are read from this one index (no table rows).
CREATE INDEX orders_customer_figures_idx ON orders (user_id, delivery_status, total_paise, created_at);

-- Who did what in the back office. Rows are only ever inserted: the API has no route that
-- changes or deletes one.
CREATE TABLE audit_log (
    id TEXT PRIMARY KEY NOT NULL,
    at TIMESTAMP NOT NULL,
    actor_id TEXT NOT NULL,
    actor_name TEXT NOT NULL,
    area TEXT NOT NULL,
    action TEXT NOT NULL,
    target TEXT,
    summary TEXT NOT NULL
);
CREATE INDEX audit_log_at_idx ON audit_log (at, id);
CREATE INDEX audit_log_actor_idx ON audit_log (actor_id, at);
CREATE INDEX audit_log_area_idx ON audit_log (area, at);
