-- The back office's order list at volume: a status tab with the newest first (and its
-- counts over a date range), and the list sorted by total. The date alone already has
-- orders_created_idx, a customer's orders orders_user_idx.
CREATE INDEX orders_status_created_idx ON orders (delivery_status, created_at);
CREATE INDEX orders_total_idx ON orders (total_paise, created_at);
