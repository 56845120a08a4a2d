DROP INDEX orders_total_idx;
CREATE INDEX orders_total_idx ON orders (total_paise, created_at);
DROP INDEX orders_user_idx;
CREATE INDEX orders_user_idx ON orders (user_id, created_at);
DROP INDEX orders_status_created_idx;
CREATE INDEX orders_status_created_idx ON orders (delivery_status, created_at);
DROP INDEX orders_created_idx;
CREATE INDEX orders_created_idx ON orders (created_at);
