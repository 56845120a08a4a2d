DROP INDEX variants_sku_lower_idx;
ALTER TABLE variants DROP COLUMN sku;
