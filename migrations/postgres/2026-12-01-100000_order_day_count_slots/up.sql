-- Every order placed today adds to ONE row of order_day_counts (today, PENDING). Its row
-- lock is held from the deferred trigger to the end of the commit, through the WAL flush,
-- so with one row per day and status every order's commit waited for the one before it to
-- reach the disk: no two orders could share a flush. Each day and status is now spread
-- over 16 rows (slots, chosen by a hash of the order id): a count is still the sum of its
-- rows, and orders committing at once mostly touch different rows.
ALTER TABLE order_day_counts ADD COLUMN slot INTEGER NOT NULL DEFAULT 0;
ALTER TABLE order_day_counts DROP CONSTRAINT order_day_counts_pkey;
ALTER TABLE order_day_counts ADD PRIMARY KEY (day, delivery_status, slot);

CREATE FUNCTION order_day_counts_add(placed_at TIMESTAMP, status TEXT, delta BIGINT, order_id TEXT) RETURNS void LANGUAGE sql AS $$
    INSERT INTO order_day_counts (day, delivery_status, slot, order_count)
    VALUES ((placed_at + INTERVAL '330 minutes')::date, status, hashtext(order_id) & 15, delta)
    ON CONFLICT (day, delivery_status, slot) DO UPDATE SET order_count = order_day_counts.order_count + delta;
$$;

-- An order's rows are all in its own slot, so an update still touches its two rows in key
-- order (day, status, slot) and two transactions cannot deadlock on them.
CREATE OR REPLACE FUNCTION order_day_counts_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        PERFORM order_day_counts_add(NEW.created_at, NEW.delivery_status, 1, NEW.id);
    ELSIF TG_OP = 'DELETE' THEN
        PERFORM order_day_counts_add(OLD.created_at, OLD.delivery_status, -1, OLD.id);
    ELSIF OLD.delivery_status IS DISTINCT FROM NEW.delivery_status OR OLD.created_at IS DISTINCT FROM NEW.created_at THEN
        IF ((OLD.created_at + INTERVAL '330 minutes')::date, OLD.delivery_status, hashtext(OLD.id) & 15)
            <= ((NEW.created_at + INTERVAL '330 minutes')::date, NEW.delivery_status, hashtext(NEW.id) & 15) THEN
            PERFORM order_day_counts_add(OLD.created_at, OLD.delivery_status, -1, OLD.id);
            PERFORM order_day_counts_add(NEW.created_at, NEW.delivery_status, 1, NEW.id);
        ELSE
            PERFORM order_day_counts_add(NEW.created_at, NEW.delivery_status, 1, NEW.id);
            PERFORM order_day_counts_add(OLD.created_at, OLD.delivery_status, -1, OLD.id);
        END IF;
    END IF;
    RETURN NULL;
END;
$$;

DROP FUNCTION order_day_counts_add(TIMESTAMP, TEXT, BIGINT);
