DROP TRIGGER order_customer_counts_follow ON orders;
DROP FUNCTION order_customer_counts_follow();
DROP FUNCTION order_customer_counts_add(TEXT, TEXT, BIGINT);
DROP TABLE order_customer_counts;
