//! Adapters of the accounts' password and token ports: bcrypt (bounded to the cores),
//! zxcvbn, and random reset tokens stored as SHA-256 digests. Kept out of `http`: hashing
//! is how accounts store passwords, not how the API speaks; `server::wiring` plugs them in.

use std::sync::Arc;

use accounts::{PasswordHasher, PasswordStrength, ResetTokens, Strength};
use async_lock::Semaphore;
use rand::RngCore;
use sha2::{Digest, Sha256};

/// Runs at most `permits` hash computations at once; the others queue. A flood of password
/// guesses then costs the shop the cores it bounds, not every core plus a queue of threads
/// fighting for them, so sign-in and everything else stay responsive.
pub struct Bounded<H> {
    inner: H,
    permits: Arc<Semaphore>,
}

impl<H> Bounded<H> {
    pub fn new(inner: H, permits: usize) -> Self {
        Bounded { inner, permits: Arc::new(Semaphore::new(permits.max(1))) }
    }

    /// One permit per core.
    pub fn per_core(inner: H) -> Self {
        Self::new(inner, std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1))
    }
}

impl<H: PasswordHasher> PasswordHasher for Bounded<H> {
    fn hash(&self, password: &str) -> Result<String, String> {
        let _permit = self.permits.acquire_blocking();
        self.inner.hash(password)
    }

    fn verify(&self, password: &str, hash: &str) -> bool {
        let _permit = self.permits.acquire_blocking();
        self.inner.verify(password, hash)
    }

    fn decoy_hash(&self) -> Result<String, String> {
        let _permit = self.permits.acquire_blocking();
        self.inner.decoy_hash()
    }
}

pub struct BcryptHasher {
    cost: u32,
}

impl BcryptHasher {
    /// 12 in production; tests use 4 (bcrypt's minimum) to stay fast.
    pub fn new(cost: u32) -> Self {
        BcryptHasher { cost: cost.clamp(4, 31) }
    }

    /// bcrypt with at most one computation per core at a time: what the shop uses.
    pub fn bounded(cost: u32) -> Bounded<BcryptHasher> {
        Bounded::per_core(BcryptHasher::new(cost))
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

/// Dropbox's zxcvbn estimator: dictionaries of common passwords, names and words, keyboard
/// patterns, repeats, sequences, dates and l33t substitutions.
pub struct ZxcvbnStrength;

impl PasswordStrength for ZxcvbnStrength {
    fn estimate(&self, password: &str, user_inputs: &[&str]) -> Strength {
        let inputs: Vec<&str> = user_inputs.iter().copied().filter(|w| !w.is_empty()).collect();
        let estimate = zxcvbn::zxcvbn(password, &inputs);
        let hint = estimate.feedback().and_then(|f| f.warning()).map(|w| w.to_string());
        Strength { score: u8::from(estimate.score()), hint }
    }
}

/// 256 random bits from the operating system's generator, as 64 hex digits; stored as
/// their SHA-256 digest (a slow hash is not needed: the token itself is not guessable).
pub struct RandomResetTokens;

impl ResetTokens for RandomResetTokens {
    fn generate(&self) -> String {
        let mut bytes = [0u8; 32];
        rand::rng().fill_bytes(&mut bytes);
        hex(&bytes)
    }

    fn digest(&self, token: &str) -> String {
        hex(&Sha256::digest(token.as_bytes()))
    }
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::{Condvar, Mutex};
    use std::time::{Duration, Instant};

    use super::*;

    #[test]
    fn the_decoy_costs_as_much_to_check_as_a_stored_hash_and_matches_nothing() {
        let hasher = BcryptHasher::new(6);
        let decoy = hasher.decoy_hash().unwrap();
        let stored = hasher.hash("correct horse").unwrap();
        let cost = |h: &str| h.parse::<bcrypt::HashParts>().map(|p| p.get_cost()).ok();
        assert_eq!(cost(&decoy), Some(6));
        assert_eq!(cost(&decoy), cost(&stored));
        assert_eq!(bcrypt::verify("correct horse", &decoy).ok(), Some(false), "well formed, matches nothing");
        assert_ne!(decoy, hasher.decoy_hash().unwrap_or_default(), "a fresh salt each time");
    }

    /// A hasher that holds every call until the test opens the gate, counting how many run.
    #[derive(Default)]
    struct Gate {
        running: AtomicUsize,
        most: AtomicUsize,
        open: Mutex<bool>,
        opened: Condvar,
    }

    struct Gated(Arc<Gate>);

    impl PasswordHasher for Gated {
        fn hash(&self, _: &str) -> Result<String, String> {
            let gate = &self.0;
            let now = gate.running.fetch_add(1, Ordering::SeqCst) + 1;
            gate.most.fetch_max(now, Ordering::SeqCst);
            let mut open = gate.open.lock().unwrap_or_else(|e| e.into_inner());
            while !*open {
                open = gate.opened.wait(open).unwrap_or_else(|e| e.into_inner());
            }
            gate.running.fetch_sub(1, Ordering::SeqCst);
            Ok(String::new())
        }
        fn verify(&self, password: &str, _: &str) -> bool {
            self.hash(password).is_ok()
        }
    }

    #[test]
    fn no_more_hashes_run_at_once_than_there_are_permits() {
        let gate = Arc::new(Gate::default());
        let bounded = Arc::new(Bounded::new(Gated(gate.clone()), 2));
        let threads: Vec<_> = (0..6)
            .map(|i| {
                let bounded = bounded.clone();
                std::thread::spawn(move || if i % 2 == 0 { bounded.hash("x").is_ok() } else { bounded.verify("x", "h") })
            })
            .collect();
        // Wait (with a deadline) until two calls are inside; the other four queue.
        let deadline = Instant::now() + Duration::from_secs(10);
        while gate.running.load(Ordering::SeqCst) < 2 && Instant::now() < deadline {
            std::thread::yield_now();
        }
        assert_eq!(gate.running.load(Ordering::SeqCst), 2);
        *gate.open.lock().unwrap_or_else(|e| e.into_inner()) = true;
        gate.opened.notify_all();
        assert!(threads.into_iter().all(|t| t.join().unwrap_or(false)), "every call finishes");
        assert_eq!(gate.most.load(Ordering::SeqCst), 2, "never more than the permits at once");
    }

    #[test]
    fn zxcvbn_refuses_the_reported_passwords_and_knows_the_accounts_words() {
        let z = ZxcvbnStrength;
        for weak in ["12345678", "password", "aaaaaaaa", "admin12345"] {
            assert!(z.estimate(weak, &[]).score < 3, "{weak}");
        }
        assert!(z.estimate("12345678", &[]).hint.is_some_and(|h| h.contains("common")));
        assert!(z.estimate("crimson-otter-lamp", &[]).score >= 3);
        assert!(z.estimate("ashaverma1994", &["ashaverma"]).score < z.estimate("ashaverma1994", &[]).score);
    }

    #[test]
    fn reset_tokens_are_256_random_bits_and_only_their_digest_is_kept() {
        let t = RandomResetTokens;
        let (a, b) = (t.generate(), t.generate());
        assert_eq!(a.len(), 64);
        assert!(a.chars().all(|c| c.is_ascii_hexdigit()));
        assert_ne!(a, b);
        assert_eq!(t.digest(&a), t.digest(&a));
        assert_ne!(t.digest(&a), a);
        assert_eq!(t.digest("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    }
}
