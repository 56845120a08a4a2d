-- Deleting a product reads the order lines that name it (is it in an order not yet
-- delivered? the foreign key then sets their product_id to NULL) and which of its pictures
-- placed orders still show (by the address an order line keeps): without these, each
-- product delete or picture change read every order line.
CREATE INDEX order_items_product_idx ON order_items (product_id);
CREATE INDEX order_items_image_idx ON order_items (image_url);
