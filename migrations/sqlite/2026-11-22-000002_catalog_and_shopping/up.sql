-- Uploaded files. The file name is made by the server; a client never chooses a path.
CREATE TABLE uploads (
    id TEXT PRIMARY KEY NOT NULL,
    filename TEXT NOT NULL UNIQUE,
    content_type TEXT NOT NULL,
    width INTEGER NOT NULL,
    height INTEGER NOT NULL,
    byte_size BIGINT NOT NULL,
    created_at TIMESTAMP NOT NULL
);

CREATE TABLE categories (
    id TEXT PRIMARY KEY NOT NULL,
    name TEXT NOT NULL,
    slug TEXT NOT NULL UNIQUE,
    description TEXT NOT NULL,
    parent_id TEXT REFERENCES categories (id),
    -- parent_id or '' for top-level categories, so sibling names can be unique (NULLs never clash).
    parent_key TEXT NOT NULL,
    upload_id TEXT REFERENCES uploads (id),
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);
CREATE UNIQUE INDEX categories_sibling_name_key ON categories (parent_key, lower(name));
CREATE INDEX categories_parent_idx ON categories (parent_id);

CREATE TABLE products (
    id TEXT PRIMARY KEY NOT NULL,
    name TEXT NOT NULL,
    slug TEXT NOT NULL UNIQUE,
    description TEXT NOT NULL,
    category_id TEXT NOT NULL REFERENCES categories (id),
    is_best_seller BOOLEAN NOT NULL,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);
CREATE INDEX products_category_idx ON products (category_id);
CREATE INDEX products_created_idx ON products (created_at);

CREATE TABLE product_images (
    id TEXT PRIMARY KEY NOT NULL,
    product_id TEXT NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    upload_id TEXT NOT NULL REFERENCES uploads (id),
    position INTEGER NOT NULL
);
CREATE INDEX product_images_product_idx ON product_images (product_id);

CREATE TABLE variants (
    id TEXT PRIMARY KEY NOT NULL,
    product_id TEXT NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    size TEXT NOT NULL,
    color TEXT NOT NULL,
    color_hex TEXT NOT NULL,
    stock INTEGER NOT NULL CHECK (stock >= 0),
    original_price_paise BIGINT NOT NULL CHECK (original_price_paise >= 0),
    discount_price_paise BIGINT NOT NULL CHECK (discount_price_paise >= 0),
    position INTEGER NOT NULL,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);
CREATE INDEX variants_product_idx ON variants (product_id);

CREATE TABLE company_details (
    id TEXT PRIMARY KEY NOT NULL,
    name TEXT NOT NULL,
    email TEXT NOT NULL,
    phone TEXT NOT NULL,
    address TEXT NOT NULL,
    pincode TEXT NOT NULL,
    logo_upload_id TEXT REFERENCES uploads (id),
    updated_at TIMESTAMP NOT NULL
);

CREATE TABLE legal_pages (
    id TEXT PRIMARY KEY NOT NULL,
    slug TEXT NOT NULL UNIQUE,
    title TEXT NOT NULL,
    content TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);

CREATE TABLE addresses (
    id TEXT PRIMARY KEY NOT NULL,
    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    address_line1 TEXT NOT NULL,
    address_line2 TEXT,
    city TEXT NOT NULL,
    state TEXT NOT NULL,
    postal_code TEXT NOT NULL,
    is_default BOOLEAN NOT NULL,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);
CREATE INDEX addresses_user_idx ON addresses (user_id);

CREATE TABLE cart_items (
    id TEXT PRIMARY KEY NOT NULL,
    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    variant_id TEXT NOT NULL REFERENCES variants (id) ON DELETE CASCADE,
    quantity INTEGER NOT NULL CHECK (quantity > 0),
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);
CREATE UNIQUE INDEX cart_items_user_variant_key ON cart_items (user_id, variant_id);

CREATE TABLE wishlist_items (
    id TEXT PRIMARY KEY NOT NULL,
    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    product_id TEXT NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    created_at TIMESTAMP NOT NULL
);
CREATE UNIQUE INDEX wishlist_items_user_product_key ON wishlist_items (user_id, product_id);

-- An order keeps its own copy of everything it shows: later edits or deletes of the
-- address, the product or the variant never change a placed order.
CREATE TABLE orders (
    id TEXT PRIMARY KEY NOT NULL,
    user_id TEXT NOT NULL REFERENCES users (id),
    customer_first_name TEXT NOT NULL,
    customer_last_name TEXT NOT NULL,
    customer_email TEXT NOT NULL,
    payment_method TEXT NOT NULL,
    payment_status TEXT NOT NULL,
    delivery_status TEXT NOT NULL CHECK (delivery_status IN ('PENDING', 'SHIPPED', 'DELIVERED', 'CANCELED')),
    subtotal_paise BIGINT NOT NULL,
    discount_paise BIGINT NOT NULL,
    total_paise BIGINT NOT NULL,
    address_line1 TEXT NOT NULL,
    address_line2 TEXT,
    city TEXT NOT NULL,
    state TEXT NOT NULL,
    postal_code TEXT NOT NULL,
    idempotency_key TEXT,
    expected_delivery_date DATE NOT NULL,
    delivered_on TIMESTAMP,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);
CREATE INDEX orders_user_idx ON orders (user_id, created_at);
CREATE INDEX orders_created_idx ON orders (created_at);
CREATE UNIQUE INDEX orders_idempotency_key ON orders (user_id, idempotency_key);

CREATE TABLE order_items (
    id TEXT PRIMARY KEY NOT NULL,
    order_id TEXT NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
    -- Plain references, not foreign keys: the product or variant may be deleted later.
    product_id TEXT,
    variant_id TEXT,
    product_name TEXT NOT NULL,
    size TEXT NOT NULL,
    color TEXT NOT NULL,
    image_url TEXT,
    quantity INTEGER NOT NULL CHECK (quantity > 0),
    price_at_purchase_paise BIGINT NOT NULL,
    mrp_paise BIGINT NOT NULL,
    position INTEGER NOT NULL
);
CREATE INDEX order_items_order_idx ON order_items (order_id);

CREATE TABLE order_status_history (
    id TEXT PRIMARY KEY NOT NULL,
    order_id TEXT NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
    from_status TEXT,
    to_status TEXT NOT NULL,
    changed_by TEXT NOT NULL,
    changed_at TIMESTAMP NOT NULL
);
CREATE INDEX order_status_history_order_idx ON order_status_history (order_id, changed_at);
