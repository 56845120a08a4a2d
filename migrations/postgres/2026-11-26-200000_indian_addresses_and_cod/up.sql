-- Indian delivery addresses (issue 15): a recipient's name and mobile on every address and
-- on every order's copy of it, an optional landmark, and states named as in the list of the
-- 36 states and union territories (gst::STATES).
ALTER TABLE addresses ADD COLUMN full_name TEXT NOT NULL DEFAULT '';
ALTER TABLE addresses ADD COLUMN phone TEXT;
ALTER TABLE addresses ADD COLUMN landmark TEXT;
ALTER TABLE orders ADD COLUMN recipient_name TEXT NOT NULL DEFAULT '';
ALTER TABLE orders ADD COLUMN recipient_phone TEXT;
ALTER TABLE orders ADD COLUMN landmark TEXT;

-- Existing addresses: the recipient is the account holder, reached on the account's mobile
-- when it has one (stored as 10 digits). Without one the address must be completed before
-- it can take an order. (A mobile is 10 digits from 6: written without regular expressions,
-- which SQLite lacks, so both databases run this same file.)
UPDATE addresses SET full_name = (
    SELECT trim(users.first_name || ' ' || users.last_name) FROM users WHERE users.id = addresses.user_id
);
UPDATE addresses SET phone = (
    SELECT users.mobile FROM users WHERE users.id = addresses.user_id AND length(users.mobile) = 10
        AND substr(users.mobile, 1, 1) IN ('6', '7', '8', '9') AND trim(users.mobile, '0123456789') = ''
);
-- Placed orders name the customer they were placed by.
UPDATE orders SET recipient_name = trim(customer_first_name || ' ' || customer_last_name);

-- A state typed by hand becomes the listed name when it is one (any case, '&' for 'and')
-- or a well-known older name; anything else is kept as typed and must be chosen again
-- from the list when the address is next edited.
UPDATE addresses SET state = 'Jammu and Kashmir' WHERE lower(replace(trim(state), '&', 'and')) = 'jammu and kashmir';
UPDATE addresses SET state = 'Himachal Pradesh' WHERE lower(replace(trim(state), '&', 'and')) = 'himachal pradesh';
UPDATE addresses SET state = 'Punjab' WHERE lower(replace(trim(state), '&', 'and')) = 'punjab';
UPDATE addresses SET state = 'Chandigarh' WHERE lower(replace(trim(state), '&', 'and')) = 'chandigarh';
UPDATE addresses SET state = 'Uttarakhand' WHERE lower(replace(trim(state), '&', 'and')) = 'uttarakhand';
UPDATE addresses SET state = 'Haryana' WHERE lower(replace(trim(state), '&', 'and')) = 'haryana';
UPDATE addresses SET state = 'Delhi' WHERE lower(replace(trim(state), '&', 'and')) = 'delhi';
UPDATE addresses SET state = 'Rajasthan' WHERE lower(replace(trim(state), '&', 'and')) = 'rajasthan';
UPDATE addresses SET state = 'Uttar Pradesh' WHERE lower(replace(trim(state), '&', 'and')) = 'uttar pradesh';
UPDATE addresses SET state = 'Bihar' WHERE lower(replace(trim(state), '&', 'and')) = 'bihar';
UPDATE addresses SET state = 'Sikkim' WHERE lower(replace(trim(state), '&', 'and')) = 'sikkim';
UPDATE addresses SET state = 'Arunachal Pradesh' WHERE lower(replace(trim(state), '&', 'and')) = 'arunachal pradesh';
UPDATE addresses SET state = 'Nagaland' WHERE lower(replace(trim(state), '&', 'and')) = 'nagaland';
UPDATE addresses SET state = 'Manipur' WHERE lower(replace(trim(state), '&', 'and')) = 'manipur';
UPDATE addresses SET state = 'Mizoram' WHERE lower(replace(trim(state), '&', 'and')) = 'mizoram';
UPDATE addresses SET state = 'Tripura' WHERE lower(replace(trim(state), '&', 'and')) = 'tripura';
UPDATE addresses SET state = 'Meghalaya' WHERE lower(replace(trim(state), '&', 'and')) = 'meghalaya';
UPDATE addresses SET state = 'Assam' WHERE lower(replace(trim(state), '&', 'and')) = 'assam';
UPDATE addresses SET state = 'West Bengal' WHERE lower(replace(trim(state), '&', 'and')) = 'west bengal';
UPDATE addresses SET state = 'Jharkhand' WHERE lower(replace(trim(state), '&', 'and')) = 'jharkhand';
UPDATE addresses SET state = 'Odisha' WHERE lower(replace(trim(state), '&', 'and')) = 'odisha';
UPDATE addresses SET state = 'Chhattisgarh' WHERE lower(replace(trim(state), '&', 'and')) = 'chhattisgarh';
UPDATE addresses SET state = 'Madhya Pradesh' WHERE lower(replace(trim(state), '&', 'and')) = 'madhya pradesh';
UPDATE addresses SET state = 'Gujarat' WHERE lower(replace(trim(state), '&', 'and')) = 'gujarat';
UPDATE addresses SET state = 'Dadra and Nagar Haveli and Daman and Diu' WHERE lower(replace(trim(state), '&', 'and')) = 'dadra and nagar haveli and daman and diu';
UPDATE addresses SET state = 'Maharashtra' WHERE lower(replace(trim(state), '&', 'and')) = 'maharashtra';
UPDATE addresses SET state = 'Karnataka' WHERE lower(replace(trim(state), '&', 'and')) = 'karnataka';
UPDATE addresses SET state = 'Goa' WHERE lower(replace(trim(state), '&', 'and')) = 'goa';
UPDATE addresses SET state = 'Lakshadweep' WHERE lower(replace(trim(state), '&', 'and')) = 'lakshadweep';
UPDATE addresses SET state = 'Kerala' WHERE lower(replace(trim(state), '&', 'and')) = 'kerala';
UPDATE addresses SET state = 'Tamil Nadu' WHERE lower(replace(trim(state), '&', 'and')) = 'tamil nadu';
UPDATE addresses SET state = 'Puducherry' WHERE lower(replace(trim(state), '&', 'and')) = 'puducherry';
UPDATE addresses SET state = 'Andaman and Nicobar Islands' WHERE lower(replace(trim(state), '&', 'and')) = 'andaman and nicobar islands';
UPDATE addresses SET state = 'Telangana' WHERE lower(replace(trim(state), '&', 'and')) = 'telangana';
UPDATE addresses SET state = 'Andhra Pradesh' WHERE lower(replace(trim(state), '&', 'and')) = 'andhra pradesh';
UPDATE addresses SET state = 'Ladakh' WHERE lower(replace(trim(state), '&', 'and')) = 'ladakh';
UPDATE addresses SET state = 'Odisha' WHERE lower(replace(trim(state), '&', 'and')) = 'orissa';
UPDATE addresses SET state = 'Puducherry' WHERE lower(replace(trim(state), '&', 'and')) = 'pondicherry';
UPDATE addresses SET state = 'Uttarakhand' WHERE lower(replace(trim(state), '&', 'and')) = 'uttaranchal';
UPDATE addresses SET state = 'Delhi' WHERE lower(replace(trim(state), '&', 'and')) = 'new delhi';
UPDATE addresses SET state = 'Delhi' WHERE lower(replace(trim(state), '&', 'and')) = 'nct of delhi';
UPDATE addresses SET state = 'Delhi' WHERE lower(replace(trim(state), '&', 'and')) = 'national capital territory of delhi';
UPDATE addresses SET state = 'Andaman and Nicobar Islands' WHERE lower(replace(trim(state), '&', 'and')) = 'andaman and nicobar';
UPDATE addresses SET state = 'Dadra and Nagar Haveli and Daman and Diu' WHERE lower(replace(trim(state), '&', 'and')) = 'dadra and nagar haveli';
UPDATE addresses SET state = 'Dadra and Nagar Haveli and Daman and Diu' WHERE lower(replace(trim(state), '&', 'and')) = 'daman and diu';
UPDATE orders SET state = 'Jammu and Kashmir' WHERE lower(replace(trim(state), '&', 'and')) = 'jammu and kashmir';
UPDATE orders SET state = 'Himachal Pradesh' WHERE lower(replace(trim(state), '&', 'and')) = 'himachal pradesh';
UPDATE orders SET state = 'Punjab' WHERE lower(replace(trim(state), '&', 'and')) = 'punjab';
UPDATE orders SET state = 'Chandigarh' WHERE lower(replace(trim(state), '&', 'and')) = 'chandigarh';
UPDATE orders SET state = 'Uttarakhand' WHERE lower(replace(trim(state), '&', 'and')) = 'uttarakhand';
UPDATE orders SET state = 'Haryana' WHERE lower(replace(trim(state), '&', 'and')) = 'haryana';
UPDATE orders SET state = 'Delhi' WHERE lower(replace(trim(state), '&', 'and')) = 'delhi';
UPDATE orders SET state = 'Rajasthan' WHERE lower(replace(trim(state), '&', 'and')) = 'rajasthan';
UPDATE orders SET state = 'Uttar Pradesh' WHERE lower(replace(trim(state), '&', 'and')) = 'uttar pradesh';
UPDATE orders SET state = 'Bihar' WHERE lower(replace(trim(state), '&', 'and')) = 'bihar';
UPDATE orders SET state = 'Sikkim' WHERE lower(replace(trim(state), '&', 'and')) = 'sikkim';
UPDATE orders SET state = 'Arunachal Pradesh' WHERE lower(replace(trim(state), '&', 'and')) = 'arunachal pradesh';
UPDATE orders SET state = 'Nagaland' WHERE lower(replace(trim(state), '&', 'and')) = 'nagaland';
UPDATE orders SET state = 'Manipur' WHERE lower(replace(trim(state), '&', 'and')) = 'manipur';
UPDATE orders SET state = 'Mizoram' WHERE lower(replace(trim(state), '&', 'and')) = 'mizoram';
UPDATE orders SET state = 'Tripura' WHERE lower(replace(trim(state), '&', 'and')) = 'tripura';
UPDATE orders SET state = 'Meghalaya' WHERE lower(replace(trim(state), '&', 'and')) = 'meghalaya';
UPDATE orders SET state = 'Assam' WHERE lower(replace(trim(state), '&', 'and')) = 'assam';
UPDATE orders SET state = 'West Bengal' WHERE lower(replace(trim(state), '&', 'and')) = 'west bengal';
UPDATE orders SET state = 'Jharkhand' WHERE lower(replace(trim(state), '&', 'and')) = 'jharkhand';
UPDATE orders SET state = 'Odisha' WHERE lower(replace(trim(state), '&', 'and')) = 'odisha';
UPDATE orders SET state = 'Chhattisgarh' WHERE lower(replace(trim(state), '&', 'and')) = 'chhattisgarh';
UPDATE orders SET state = 'Madhya Pradesh' WHERE lower(replace(trim(state), '&', 'and')) = 'madhya pradesh';
UPDATE orders SET state = 'Gujarat' WHERE lower(replace(trim(state), '&', 'and')) = 'gujarat';
UPDATE orders SET state = 'Dadra and Nagar Haveli and Daman and Diu' WHERE lower(replace(trim(state), '&', 'and')) = 'dadra and nagar haveli and daman and diu';
UPDATE orders SET state = 'Maharashtra' WHERE lower(replace(trim(state), '&', 'and')) = 'maharashtra';
UPDATE orders SET state = 'Karnataka' WHERE lower(replace(trim(state), '&', 'and')) = 'karnataka';
UPDATE orders SET state = 'Goa' WHERE lower(replace(trim(state), '&', 'and')) = 'goa';
UPDATE orders SET state = 'Lakshadweep' WHERE lower(replace(trim(state), '&', 'and')) = 'lakshadweep';
UPDATE orders SET state = 'Kerala' WHERE lower(replace(trim(state), '&', 'and')) = 'kerala';
UPDATE orders SET state = 'Tamil Nadu' WHERE lower(replace(trim(state), '&', 'and')) = 'tamil nadu';
UPDATE orders SET state = 'Puducherry' WHERE lower(replace(trim(state), '&', 'and')) = 'puducherry';
UPDATE orders SET state = 'Andaman and Nicobar Islands' WHERE lower(replace(trim(state), '&', 'and')) = 'andaman and nicobar islands';
UPDATE orders SET state = 'Telangana' WHERE lower(replace(trim(state), '&', 'and')) = 'telangana';
UPDATE orders SET state = 'Andhra Pradesh' WHERE lower(replace(trim(state), '&', 'and')) = 'andhra pradesh';
UPDATE orders SET state = 'Ladakh' WHERE lower(replace(trim(state), '&', 'and')) = 'ladakh';
UPDATE orders SET state = 'Odisha' WHERE lower(replace(trim(state), '&', 'and')) = 'orissa';
UPDATE orders SET state = 'Puducherry' WHERE lower(replace(trim(state), '&', 'and')) = 'pondicherry';
UPDATE orders SET state = 'Uttarakhand' WHERE lower(replace(trim(state), '&', 'and')) = 'uttaranchal';
UPDATE orders SET state = 'Delhi' WHERE lower(replace(trim(state), '&', 'and')) = 'new delhi';
UPDATE orders SET state = 'Delhi' WHERE lower(replace(trim(state), '&', 'and')) = 'nct of delhi';
UPDATE orders SET state = 'Delhi' WHERE lower(replace(trim(state), '&', 'and')) = 'national capital territory of delhi';
UPDATE orders SET state = 'Andaman and Nicobar Islands' WHERE lower(replace(trim(state), '&', 'and')) = 'andaman and nicobar';
UPDATE orders SET state = 'Dadra and Nagar Haveli and Daman and Diu' WHERE lower(replace(trim(state), '&', 'and')) = 'dadra and nagar haveli';
UPDATE orders SET state = 'Dadra and Nagar Haveli and Daman and Diu' WHERE lower(replace(trim(state), '&', 'and')) = 'daman and diu';

-- Cash-on-delivery settings: one row, shared by every instance of the shop.
CREATE TABLE cod_settings (
    id INTEGER PRIMARY KEY NOT NULL CHECK (id = 1),
    min_order_paise BIGINT,
    max_order_paise BIGINT,
    max_open_orders INTEGER NOT NULL CHECK (max_open_orders > 0),
    max_units_per_line INTEGER NOT NULL CHECK (max_units_per_line > 0)
);
INSERT INTO cod_settings (id, min_order_paise, max_order_paise, max_open_orders, max_units_per_line)
VALUES (1, NULL, 1000000, 3, 10);
CREATE TABLE cod_blocked_pincodes (
    pincode TEXT PRIMARY KEY NOT NULL
);
CREATE INDEX orders_user_status_idx ON orders (user_id, delivery_status);
