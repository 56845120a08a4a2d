-- A stock-keeping unit per variant: optional, unique across the shop ignoring case (the
-- service checks first and names the product using it; this index is the last word).
ALTER TABLE variants ADD COLUMN sku TEXT;
CREATE UNIQUE INDEX variants_sku_lower_idx ON variants (lower(sku));
