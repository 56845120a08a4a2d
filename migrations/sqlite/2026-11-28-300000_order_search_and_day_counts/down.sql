DROP TRIGGER order_day_counts_update;
DROP TRIGGER order_day_counts_delete;
DROP TRIGGER order_day_counts_insert;
DROP TABLE order_day_counts;
DROP INDEX orders_number_idx;
