-- Finding an order at volume.
--
-- An order number is searched by its start, as the shop prints it (#1B4E28BA) or as a whole
-- id: this index holds the id without hyphens, so a typed prefix is a range of it. Ids are
-- lower-case hexadecimal, which sorts the same in every collation.
CREATE INDEX orders_number_idx ON orders (replace(id, '-', ''));

-- The status tabs' counts: orders per India calendar day and status, kept by the triggers
-- below in the same transaction as the order's own write, so that counting a status over
-- any range of whole days reads one row per day instead of one index entry per order.
CREATE TABLE order_day_counts (
    day DATE NOT NULL,
    delivery_status TEXT NOT NULL,
    order_count BIGINT NOT NULL,
    PRIMARY KEY (day, delivery_status)
);

INSERT INTO order_day_counts (day, delivery_status, order_count)
SELECT date(created_at, '+330 minutes'), delivery_status, COUNT(*) FROM orders GROUP BY 1, 2;

CREATE TRIGGER order_day_counts_insert AFTER INSERT ON orders
BEGIN
    INSERT INTO order_day_counts (day, delivery_status, order_count)
    VALUES (date(NEW.created_at, '+330 minutes'), NEW.delivery_status, 1)
    ON CONFLICT (day, delivery_status) DO UPDATE SET order_count = order_count + 1;
END;

CREATE TRIGGER order_day_counts_delete AFTER DELETE ON orders
BEGIN
    UPDATE order_day_counts SET order_count = order_count - 1
    WHERE day = date(OLD.created_at, '+330 minutes') AND delivery_status = OLD.delivery_status;
END;

CREATE TRIGGER order_day_counts_update AFTER UPDATE OF delivery_status, created_at ON orders
WHEN OLD.delivery_status IS NOT NEW.delivery_status OR OLD.created_at IS NOT NEW.created_at
BEGIN
    UPDATE order_day_counts SET order_count = order_count - 1
    WHERE day = date(OLD.created_at, '+330 minutes') AND delivery_status = OLD.delivery_status;
    INSERT INTO order_day_counts (day, delivery_status, order_count)
    VALUES (date(NEW.created_at, '+330 minutes'), NEW.delivery_status, 1)
    ON CONFLICT (day, delivery_status) DO UPDATE SET order_count = order_count + 1;
END;
