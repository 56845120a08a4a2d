DROP TABLE auth_attempts;
DROP TABLE password_resets;
DROP TABLE revoked_tokens;
ALTER TABLE users DROP COLUMN session_generation;
