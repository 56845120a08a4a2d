use chrono::{Duration, Utc};
use jsonwebtoken::{decode, encode, Algorithm, DecodingKey, EncodingKey, Header, Validation};
use serde::{Deserialize, Serialize};

/// What a token says: whose it is and until when. The role is NOT trusted from here:
/// it is read from the database on every request.
#[derive(Debug, Serialize, Deserialize)]
pub struct Claims {
    pub sub: String,
    pub iat: i64,
    pub exp: i64,
}

/// HS256 keys and the one validation every token goes through.
pub struct JwtKeys {
    encoding: EncodingKey,
    decoding: DecodingKey,
    validation: Validation,
    lifetime: Duration,
}

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
        validation.leeway = 5;
        validation.set_required_spec_claims(&["exp", "sub", "iat"]);
        Ok(JwtKeys {
            encoding: EncodingKey::from_secret(secret),
            decoding: DecodingKey::from_secret(secret),
            validation,
            lifetime,
        })
    }

    pub fn issue(&self, user_id: &str) -> Result<String, JwtError> {
        let now = Utc::now();
        let claims = Claims {
            sub: user_id.to_string(),
            iat: now.timestamp(),
            exp: (now + self.lifetime).timestamp(),
        };
        encode(&Header::new(Algorithm::HS256), &claims, &self.encoding).map_err(|e| JwtError::Signing(e.to_string()))
    }

    /// The user id of a valid, unexpired token signed with this secret.
    pub fn verify(&self, token: &str) -> Option<String> {
        decode::<Claims>(token, &self.decoding, &self.validation)
            .ok()
            .map(|data| data.claims.sub)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn keys(secret: &str) -> JwtKeys {
        JwtKeys::new(secret.as_bytes(), Duration::hours(1)).unwrap_or_else(|e| panic!("{e}"))
    }

    const SECRET: &str = "0123456789abcdef0123456789abcdef";

    #[test]
    fn round_trip_and_refusals() {
        let k = keys(SECRET);
        let token = k.issue("user-1").unwrap_or_default();
        assert_eq!(k.verify(&token).as_deref(), Some("user-1"));
        // Another secret.
        assert_eq!(keys("ffffffffffffffffffffffffffffffff").verify(&token), None);
        // Tampered payload.
        let mut parts: Vec<String> = token.split('.').map(str::to_string).collect();
        parts[1] = parts[1].chars().rev().collect();
        assert_eq!(k.verify(&parts.join(".")), None);
        // alg none.
        let none = format!("{}.{}.", b64(r#"{"alg":"none","typ":"JWT"}"#), b64(r#"{"sub":"user-1","iat":1,"exp":9999999999}"#));
        assert_eq!(k.verify(&none), None);
        assert!(matches!(JwtKeys::new(b"short", Duration::hours(1)), Err(JwtError::SecretTooShort)));
    }

    #[test]
    fn expired_tokens_are_refused_beyond_the_leeway() {
        let k = JwtKeys::new(SECRET.as_bytes(), Duration::seconds(-30)).unwrap_or_else(|e| panic!("{e}"));
        let token = k.issue("user-1").unwrap_or_default();
        assert_eq!(k.verify(&token), None);
    }

    fn b64(text: &str) -> String {
        const ALPHABET: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
        let bytes = text.as_bytes();
        let mut out = String::new();
        for chunk in bytes.chunks(3) {
            let n = chunk.iter().enumerate().fold(0u32, |acc, (i, b)| acc | (u32::from(*b) << (16 - 8 * i)));
            for i in 0..=chunk.len() {
                out.push(ALPHABET[((n >> (18 - 6 * i)) & 63) as usize] as char);
            }
        }
        out
    }
}
