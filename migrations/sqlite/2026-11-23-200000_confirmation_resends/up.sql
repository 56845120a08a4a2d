-- Every re-sent order confirmation. The hourly limits (per order and per account) count
-- these rows, so every instance of the shop on one database sees the same counts.
CREATE TABLE confirmation_resends (
    id TEXT PRIMARY KEY NOT NULL,
    order_id TEXT NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    sent_at TIMESTAMP NOT NULL
);
CREATE INDEX confirmation_resends_user_idx ON confirmation_resends (user_id, sent_at);
