-- The order search finds a whole mobile number among the numbers orders are delivered to
-- (what the order, its packing slip and its CSV print), without reading every order.
CREATE INDEX orders_recipient_phone_idx ON orders (recipient_phone);
