-- HSN codes (4 to 8 digits): a category's goods, inherited by its products and
-- subcategories; a product may have its own.
ALTER TABLE categories ADD COLUMN hsn_code TEXT;
ALTER TABLE products ADD COLUMN hsn_code TEXT;
