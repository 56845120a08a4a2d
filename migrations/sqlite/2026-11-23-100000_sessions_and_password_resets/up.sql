-- Sessions: a token carries the account's generation when it was issued; raising the
-- generation (password change or reset, role change, "sign out of all devices") ends every
-- earlier token at once.
ALTER TABLE users ADD COLUMN session_generation BIGINT NOT NULL DEFAULT 0;

-- Tokens ended one by one (sign out); a row is kept until the token would have expired anyway.
CREATE TABLE revoked_tokens (
    token_id TEXT PRIMARY KEY NOT NULL,
    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    expires_at TIMESTAMP NOT NULL
);
CREATE INDEX revoked_tokens_expires_idx ON revoked_tokens (expires_at);

-- At most one open password reset per account (a newer request replaces the older); only a
-- digest of the e-mailed token is stored.
CREATE TABLE password_resets (
    user_id TEXT PRIMARY KEY NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    token_digest TEXT NOT NULL,
    expires_at TIMESTAMP NOT NULL,
    created_at TIMESTAMP NOT NULL
);
CREATE UNIQUE INDEX password_resets_digest_key ON password_resets (token_digest);

-- Throttled attempts (failed sign-ins, wrong current passwords, reset e-mails), shared by
-- every instance on the database: one row per attempt, counted within a time window.
CREATE TABLE auth_attempts (
    id TEXT PRIMARY KEY NOT NULL,
    action TEXT NOT NULL,
    subject TEXT NOT NULL,
    address TEXT NOT NULL,
    attempted_at TIMESTAMP NOT NULL
);
CREATE INDEX auth_attempts_key_idx ON auth_attempts (action, subject, address, attempted_at);
CREATE INDEX auth_attempts_time_idx ON auth_attempts (attempted_at);
