ALTER TABLE products DROP COLUMN hsn_code;
ALTER TABLE categories DROP COLUMN hsn_code;
