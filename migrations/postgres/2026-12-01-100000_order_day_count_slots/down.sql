-- One row per day and status again, each the sum of its slots.
LOCK TABLE orders IN SHARE ROW EXCLUSIVE MODE;

CREATE TEMPORARY TABLE order_day_counts_merged AS
SELECT day, delivery_status, SUM(order_count)::BIGINT AS order_count FROM order_day_counts GROUP BY 1, 2;
DELETE FROM order_day_counts;
ALTER TABLE order_day_counts DROP CONSTRAINT order_day_counts_pkey;
ALTER TABLE order_day_counts DROP COLUMN slot;
ALTER TABLE order_day_counts ADD PRIMARY KEY (day, delivery_status);
INSERT INTO order_day_counts (day, delivery_status, order_count)
SELECT day, delivery_status, order_count FROM order_day_counts_merged;
DROP TABLE order_day_counts_merged;

CREATE FUNCTION order_day_counts_add(placed_at TIMESTAMP, status TEXT, delta BIGINT) RETURNS void LANGUAGE sql AS $$
    INSERT INTO order_day_counts (day, delivery_status, order_count)
    VALUES ((placed_at + INTERVAL '330 minutes')::date, status, delta)
    ON CONFLICT (day, delivery_status) DO UPDATE SET order_count = order_day_counts.order_count + delta;
$$;

CREATE OR REPLACE FUNCTION order_day_counts_follow() RETURNS trigger LANGUAGE plpgsql AS $$
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

DROP FUNCTION order_day_counts_add(TIMESTAMP, TEXT, BIGINT, TEXT);
