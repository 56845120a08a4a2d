-- A search's status counts: orders per customer and status, kept by the trigger below in
-- the same transaction as the order's own write. A search text names customers, so the
-- status tabs of a broad search (a phone-number start every customer shares) add one row
-- per customer and status instead of reading every matching order.
CREATE TABLE order_customer_counts (
    user_id TEXT NOT NULL,
    delivery_status TEXT NOT NULL,
    order_count BIGINT NOT NULL,
    PRIMARY KEY (user_id, delivery_status)
);

-- No order may be written between the count below and the trigger taking over.
LOCK TABLE orders IN SHARE ROW EXCLUSIVE MODE;

INSERT INTO order_customer_counts (user_id, delivery_status, order_count)
SELECT user_id, delivery_status, COUNT(*) FROM orders GROUP BY 1, 2;

CREATE FUNCTION order_customer_counts_add(customer TEXT, status TEXT, delta BIGINT) RETURNS void LANGUAGE sql AS $$
    INSERT INTO order_customer_counts (user_id, delivery_status, order_count)
    VALUES (customer, status, delta)
    ON CONFLICT (user_id, delivery_status) DO UPDATE SET order_count = order_customer_counts.order_count + delta;
$$;

-- A customer's rows are shared only by that customer's orders: like the day counts, the
-- trigger runs at commit (deferred) and an update touches its two rows in one order, so
-- two transactions can wait for each other's count but never deadlock.
CREATE FUNCTION order_customer_counts_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        PERFORM order_customer_counts_add(NEW.user_id, NEW.delivery_status, 1);
    ELSIF TG_OP = 'DELETE' THEN
        PERFORM order_customer_counts_add(OLD.user_id, OLD.delivery_status, -1);
    ELSIF OLD.delivery_status IS DISTINCT FROM NEW.delivery_status OR OLD.user_id IS DISTINCT FROM NEW.user_id THEN
        IF (OLD.user_id, OLD.delivery_status) <= (NEW.user_id, NEW.delivery_status) THEN
            PERFORM order_customer_counts_add(OLD.user_id, OLD.delivery_status, -1);
            PERFORM order_customer_counts_add(NEW.user_id, NEW.delivery_status, 1);
        ELSE
            PERFORM order_customer_counts_add(NEW.user_id, NEW.delivery_status, 1);
            PERFORM order_customer_counts_add(OLD.user_id, OLD.delivery_status, -1);
        END IF;
    END IF;
    RETURN NULL;
END;
$$;

CREATE CONSTRAINT TRIGGER order_customer_counts_follow
AFTER INSERT OR DELETE OR UPDATE OF delivery_status, user_id ON orders
DEFERRABLE INITIALLY DEFERRED
FOR EACH ROW EXECUTE FUNCTION order_customer_counts_follow();
