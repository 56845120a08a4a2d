-- Finding an order at volume.
--
-- An order number is searched by its start, as the shop prints it (#1B4E28BA) or as a whole
-- id: this index holds the id without hyphens, so a typed prefix is a range of it. Ids are
-- lower-case hexadecimal, which sorts the same in every collation.
CREATE INDEX orders_number_idx ON orders (replace(id, '-', ''));

-- The status tabs' counts: orders per India calendar day and status, kept by the trigger
-- below in the same transaction as the order's own write, so that counting a status over
-- any range of whole days reads one row per day instead of one index entry per order.
CREATE TABLE order_day_counts (
    day DATE NOT NULL,
    delivery_status TEXT NOT NULL,
    order_count BIGINT NOT NULL,
    PRIMARY KEY (day, delivery_status)
);

-- No order may be written between the count below and the trigger taking over.
LOCK TABLE orders IN SHARE ROW EXCLUSIVE MODE;

INSERT INTO order_day_counts (day, delivery_status, order_count)
SELECT (created_at + INTERVAL '330 minutes')::date, delivery_status, COUNT(*) FROM orders GROUP BY 1, 2;

CREATE FUNCTION order_day_counts_add(placed_at TIMESTAMP, status TEXT, delta BIGINT) RETURNS void LANGUAGE sql AS $$
    INSERT INTO order_day_counts (day, delivery_status, order_count)
    VALUES ((placed_at + INTERVAL '330 minutes')::date, status, delta)
    ON CONFLICT (day, delivery_status) DO UPDATE SET order_count = order_day_counts.order_count + delta;
$$;

-- Many orders share a day's row: the trigger runs at commit (deferred), after every other
-- lock the transaction takes, and an update touches its two rows in one order (by day,
-- then status), so two transactions can wait for each other's count but never deadlock.
CREATE FUNCTION order_day_counts_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        PERFORM order_day_counts_add(NEW.created_at, NEW.delivery_status, 1);
    ELSIF TG_OP = 'DELETE' THEN
        PERFORM order_day_counts_add(OLD.created_at, OLD.delivery_status, -1);
    ELSIF OLD.delivery_status IS DISTINCT FROM NEW.delivery_status OR OLD.created_at IS DISTINCT FROM NEW.created_at THEN
        IF ((OLD.created_at + INTERVAL '330 minutes')::date, OLD.delivery_status)
            <= ((NEW.created_at + INTERVAL '330 minutes')::date, NEW.delivery_status) THEN
            PERFORM order_day_counts_add(OLD.created_at, OLD.delivery_status, -1);
            PERFORM order_day_counts_add(NEW.created_at, NEW.delivery_status, 1);
        ELSE
            PERFORM order_day_counts_add(NEW.created_at, NEW.delivery_status, 1);
            PERFORM order_day_counts_add(OLD.created_at, OLD.delivery_status, -1);
        END IF;
    END IF;
    RETURN NULL;
END;
$$;

CREATE CONSTRAINT TRIGGER order_day_counts_follow
AFTER INSERT OR DELETE OR UPDATE OF delivery_status, created_at ON orders
DEFERRABLE INITIALLY DEFERRED
FOR EACH ROW EXECUTE FUNCTION order_day_counts_follow();
