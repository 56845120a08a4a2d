-- The colour a product picture shows (one of the product's variant colours), or NULL.
ALTER TABLE product_images ADD COLUMN color TEXT;
