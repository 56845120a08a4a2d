-- A search's status counts: orders per customer and status, kept by the triggers below in
-- the same transaction as the order's own write. A search text names customers, so the
-- status tabs of a broad search (a phone-number start every customer shares) add one row
-- per customer and status instead of reading every matching order.
CREATE TABLE order_customer_counts (
    user_id TEXT NOT NULL,
    delivery_status TEXT NOT NULL,
    order_count BIGINT NOT NULL,
    PRIMARY KEY (user_id, delivery_status)
) WITHOUT ROWID;

INSERT INTO order_customer_counts (user_id, delivery_status, order_count)
SELECT user_id, delivery_status, COUNT(*) FROM orders GROUP BY 1, 2;

CREATE TRIGGER order_customer_counts_insert AFTER INSERT ON orders
BEGIN
    INSERT INTO order_customer_counts (user_id, delivery_status, order_count)
    VALUES (NEW.user_id, NEW.delivery_status, 1)
    ON CONFLICT (user_id, delivery_status) DO UPDATE SET order_count = order_count + 1;
END;

CREATE TRIGGER order_customer_counts_delete AFTER DELETE ON orders
BEGIN
    UPDATE order_customer_counts SET order_count = order_count - 1
    WHERE user_id = OLD.user_id AND delivery_status = OLD.delivery_status;
END;

CREATE TRIGGER order_customer_counts_update AFTER UPDATE OF delivery_status, user_id ON orders
WHEN OLD.delivery_status IS NOT NEW.delivery_status OR OLD.user_id IS NOT NEW.user_id
BEGIN
    UPDATE order_customer_counts SET order_count = order_count - 1
    WHERE user_id = OLD.user_id AND delivery_status = OLD.delivery_status;
    INSERT INTO order_customer_counts (user_id, delivery_status, order_count)
    VALUES (NEW.user_id, NEW.delivery_status, 1)
    ON CONFLICT (user_id, delivery_status) DO UPDATE SET order_count = order_count + 1;
END;
