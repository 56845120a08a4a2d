-- What a shopper's cart lost when the owner deleted a product or removed a size (the cart
-- line itself goes with the variant): the cart names it until the shopper dismisses the
-- notice or places an order.
CREATE TABLE cart_removals (
    id TEXT PRIMARY KEY NOT NULL,
    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    product_name TEXT NOT NULL,
    size TEXT NOT NULL,
    color TEXT NOT NULL,
    quantity INTEGER NOT NULL,
    removed_at TIMESTAMP NOT NULL
);
CREATE INDEX cart_removals_user_idx ON cart_removals (user_id, removed_at);
