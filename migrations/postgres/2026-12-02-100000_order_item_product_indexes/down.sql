DROP INDEX order_items_image_idx;
DROP INDEX order_items_product_idx;
