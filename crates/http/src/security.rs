//! bcrypt behind the accounts' `PasswordHasher` port.

use accounts::PasswordHasher;

pub struct BcryptHasher {
    cost: u32,
}

impl BcryptHasher {
    /// 12 in production; tests use 4 (bcrypt's minimum) to stay fast.
    pub fn new(cost: u32) -> Self {
        BcryptHasher { cost: cost.clamp(4, 31) }
    }
}

impl PasswordHasher for BcryptHasher {
    fn hash(&self, password: &str) -> Result<String, String> {
        bcrypt::hash(password, self.cost).map_err(|e| e.to_string())
    }

    fn verify(&self, password: &str, hash: &str) -> bool {
        // bcrypt reads at most 72 bytes: a longer input could match a truncated password.
        password.len() <= 72 && bcrypt::verify(password, hash).unwrap_or(false)
    }
}
