DROP INDEX orders_user_status_idx;
DROP TABLE cod_blocked_pincodes;
DROP TABLE cod_settings;
ALTER TABLE orders DROP COLUMN landmark;
ALTER TABLE orders DROP COLUMN recipient_phone;
ALTER TABLE orders DROP COLUMN recipient_name;
ALTER TABLE addresses DROP COLUMN landmark;
ALTER TABLE addresses DROP COLUMN phone;
ALTER TABLE addresses DROP COLUMN full_name;
