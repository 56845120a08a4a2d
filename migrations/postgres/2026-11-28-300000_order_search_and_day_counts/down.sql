DROP TRIGGER order_day_counts_follow ON orders;
DROP FUNCTION order_day_counts_follow();
DROP FUNCTION order_day_counts_add(TIMESTAMP, TEXT, BIGINT);
DROP TABLE order_day_counts;
DROP INDEX orders_number_idx;
