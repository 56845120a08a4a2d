ALTER TABLE product_images DROP COLUMN color;
