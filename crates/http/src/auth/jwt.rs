use accounts::{SessionClaims, User};
use chrono::{DateTime, Duration};
use jsonwebtoken::{decode, encode, Algorithm, DecodingKey, EncodingKey, Header, Validation};
use serde::{Deserialize, Serialize};

/// What a token says: whose it is, until when, the account's session generation when it
/// was issued (`gen`) and its own id (`jti`). The role is NOT trusted from here: it is read
/// from the database on every request, with the generation and whether `jti` was signed out.
#[derive(Debug, Serialize, Deserialize)]
pub struct Claims {
    pub sub: String,
    pub iat: i64,
    pub exp: i64,
    pub r#gen: i64,
    pub jti: String,
}

/// HS256 keys and the one validation every token goes through.
pub struct JwtKeys {
    encoding: EncodingKey,
    decoding: DecodingKey,
    validation: Validation,
    lifetime: Duration,
    /// The shop's time: tokens are issued and expire by it.
    clock: kernel::Clock,
}

/// Seconds a token is still taken after its expiry (clocks of several instances differ a little).
const EXPIRY_LEEWAY_SECONDS: i64 = 5;

/// The shortest secret accepted: 32 bytes, the size of the HS256 hash output.
pub const MIN_SECRET_BYTES: usize = 32;

#[derive(Debug, thiserror::Error)]
pub enum JwtError {
    #[error("JWT_SECRET must be at least {MIN_SECRET_BYTES} bytes long")]
    SecretTooShort,
    #[error("could not sign the token: {0}")]
    Signing(String),
}

impl JwtKeys {
    pub fn new(secret: &[u8], lifetime: Duration) -> Result<JwtKeys, JwtError> {
        if secret.len() < MIN_SECRET_BYTES {
            return Err(JwtError::SecretTooShort);
        }
        // Only HS256: `alg: none` and every other algorithm are refused by construction.
        let mut validation = Validation::new(Algorithm::HS256);
        validation.set_required_spec_claims(&["exp", "sub", "iat"]);
        // Expiry is checked in `verify` against the shop's clock, not the library's system time.
        validation.validate_exp = false;
        Ok(JwtKeys {
            encoding: EncodingKey::from_secret(secret),
            decoding: DecodingKey::from_secret(secret),
            validation,
            lifetime,
            clock: kernel::Clock::system(),
        })
    }

    /// The same keys issuing and checking tokens by the shop's `clock`.
    pub fn with_clock(mut self, clock: kernel::Clock) -> Self {
        self.clock = clock;
        self
    }

    /// A new session token for the account's current session generation, with a fresh id.
    pub fn issue(&self, user: &User) -> Result<String, JwtError> {
        self.issue_for(&user.id, user.session_generation)
    }

    pub fn issue_for(&self, user_id: &str, generation: i64) -> Result<String, JwtError> {
        let now = self.clock.now();
        let claims = Claims {
            sub: user_id.to_string(),
            iat: now.timestamp(),
            exp: (now + self.lifetime).timestamp(),
            r#gen: generation,
            jti: kernel::new_id(),
        };
        encode(&Header::new(Algorithm::HS256), &claims, &self.encoding).map_err(|e| JwtError::Signing(e.to_string()))
    }

    /// The claims of a valid, unexpired token signed with this secret. Tokens without a
    /// generation and an id (issued before sessions could end) are refused.
    pub fn verify(&self, token: &str) -> Option<SessionClaims> {
        let claims = decode::<Claims>(token, &self.decoding, &self.validation).ok()?.claims;
        if claims.exp + EXPIRY_LEEWAY_SECONDS < self.clock.now().timestamp() {
            return None;
        }
        Some(SessionClaims {
            user_id: claims.sub,
            generation: claims.r#gen,
            token_id: claims.jti,
            expires_at: DateTime::from_timestamp(claims.exp, 0)?,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn keys(secret: &str) -> JwtKeys {
        JwtKeys::new(secret.as_bytes(), Duration::hours(1)).unwrap()
    }

    const SECRET: &str = "0123456789abcdef0123456789abcdef";

    #[test]
    fn round_trip_and_refusals() {
        let k = keys(SECRET);
        let token = k.issue_for("user-1", 3).unwrap_or_default();
        let claims = k.verify(&token);
        assert_eq!(claims.as_ref().map(|c| (c.user_id.as_str(), c.generation)), Some(("user-1", 3)));
        assert!(claims.is_some_and(|c| c.token_id.len() == 36), "a fresh id per token");
        assert_ne!(k.verify(&k.issue_for("user-1", 3).unwrap_or_default()).map(|c| c.token_id), k.verify(&token).map(|c| c.token_id));
        // A token of the old shape (no generation, no id) is not accepted.
        let old = encode(&Header::new(Algorithm::HS256), &serde_json::json!({"sub": "user-1", "iat": 1, "exp": 9999999999i64}), &EncodingKey::from_secret(SECRET.as_bytes())).unwrap_or_default();
        assert!(k.verify(&old).is_none());
        // Another secret.
        assert_eq!(keys("ffffffffffffffffffffffffffffffff").verify(&token), None);
        // Tampered payload.
        let mut parts: Vec<String> = token.split('.').map(str::to_string).collect();
        parts[1] = parts[1].chars().rev().collect();
        assert_eq!(k.verify(&parts.join(".")), None);
        // alg none.
        let none = format!("{}.{}.", b64(r#"{"alg":"none","typ":"JWT"}"#), b64(r#"{"sub":"user-1","iat":1,"exp":9999999999,"gen":0,"jti":"x"}"#));
        assert_eq!(k.verify(&none), None);
        assert!(matches!(JwtKeys::new(b"short", Duration::hours(1)), Err(JwtError::SecretTooShort)));
    }

    #[test]
    fn expired_tokens_are_refused_beyond_the_leeway() {
        let k = JwtKeys::new(SECRET.as_bytes(), Duration::seconds(-30)).unwrap();
        let token = k.issue_for("user-1", 0).unwrap_or_default();
        assert_eq!(k.verify(&token), None);
    }

    fn b64(text: &str) -> String {
        use base64::Engine;
        base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(text)
    }
}
