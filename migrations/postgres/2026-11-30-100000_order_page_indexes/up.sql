-- A page of the order list at volume: each index the list is filtered and sorted through
-- ends with the order id, so that the page's ids are read from the index alone, in the
-- list's order (newest first, id breaking ties), without reading the orders skipped to
-- reach a deep page or sorted to find the first ones. Only the page's orders are read.
DROP INDEX orders_created_idx;
CREATE INDEX orders_created_idx ON orders (created_at, id);
DROP INDEX orders_status_created_idx;
CREATE INDEX orders_status_created_idx ON orders (delivery_status, created_at, id);
DROP INDEX orders_user_idx;
CREATE INDEX orders_user_idx ON orders (user_id, created_at, id);
DROP INDEX orders_total_idx;
CREATE INDEX orders_total_idx ON orders (total_paise, created_at, id);
