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

    /// Hashing at cost 12 takes about a quarter of a second, once at every start-up. Checking
    /// a hash costs the same whatever its salt and digest, so a random salt and digest
    /// labelled with the configured cost make a decoy as slow to check as a stored hash,
    /// made at bcrypt's cheapest cost.
    fn decoy_hash(&self) -> Result<String, String> {
        let cheap = bcrypt::hash(kernel::new_id(), 4).map_err(|e| e.to_string())?;
        let salt_and_digest = cheap.strip_prefix("$2b$04$").ok_or("unexpected bcrypt format")?;
        Ok(format!("$2b${:02}${salt_and_digest}", self.cost))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_decoy_costs_as_much_to_check_as_a_stored_hash_and_matches_nothing() {
        let hasher = BcryptHasher::new(6);
        let decoy = hasher.decoy_hash().unwrap_or_else(|e| panic!("{e}"));
        let stored = hasher.hash("correct horse").unwrap_or_else(|e| panic!("{e}"));
        let cost = |h: &str| h.parse::<bcrypt::HashParts>().map(|p| p.get_cost()).ok();
        assert_eq!(cost(&decoy), Some(6));
        assert_eq!(cost(&decoy), cost(&stored));
        assert_eq!(bcrypt::verify("correct horse", &decoy).ok(), Some(false), "well formed, matches nothing");
        assert_ne!(decoy, hasher.decoy_hash().unwrap_or_default(), "a fresh salt each time");
    }
}
