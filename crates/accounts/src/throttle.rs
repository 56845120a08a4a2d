//! The account throttle: one set of rules for every guarded attempt, counted in the shared
//! [`AttemptLog`] (the database), so several instances of the shop count the same attempts
//! and a restart forgets nothing. It is the shop's only sign-in throttle: the HTTP layer's
//! per-address request limits leave sign-in to it.
//!
//! An attempt is recorded BEFORE the expensive check it guards (a password hash) and
//! forgotten when it succeeds: so parallel guesses cannot slip past the count, and what
//! remains counted is exactly the failures.

use std::sync::Arc;

use chrono::{DateTime, Duration, Utc};

use crate::error::AccountsError;
use crate::ports::{Admission, AttemptKey, AttemptLog};

/// What is being attempted; each has its rule and its message.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Guarded {
    /// Every sign-in from one client address, whichever account it names and whether or not
    /// it succeeds: the request-rate budget that slows a spray of guesses over many accounts
    /// (`SHOP_RATE_SIGN_IN` per minute; 0 = off).
    SignInFromAddress,
    /// Signing in, keyed on the resolved account (or the unknown identifier) AND the client
    /// address: a stranger's failures never lock the owner out from another address, and
    /// an account is counted once whether named by e-mail or username.
    SignIn,
    /// The current password on a password change, keyed on the account (the sign-in rule).
    CurrentPassword,
    /// Reset e-mails sent to one account.
    ResetEmail,
    /// Uses of a valid reset link for one account.
    ResetUse,
}

/// At most `max` attempts within `window`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rule {
    pub max: u32,
    pub window: Duration,
}

impl Rule {
    /// 10 failures within 15 minutes.
    pub fn sign_in() -> Rule {
        Rule { max: 10, window: Duration::minutes(15) }
    }
}

impl Guarded {
    pub fn name(self) -> &'static str {
        match self {
            Guarded::SignInFromAddress => "sign-in-address",
            Guarded::SignIn => "sign-in",
            Guarded::CurrentPassword => "current-password",
            Guarded::ResetEmail => "reset-email",
            Guarded::ResetUse => "reset-use",
        }
    }

    /// The answer when the rule refuses: the address budget is a request rate, the others
    /// count failures of one account.
    fn refusal(self, retry_after_secs: u64) -> AccountsError {
        let message = match self {
            Guarded::SignInFromAddress => return AccountsError::TooManyRequests { retry_after_secs },
            Guarded::SignIn => "Too many failed sign-in attempts. Please try again later.",
            Guarded::CurrentPassword => "Too many wrong passwords. Please try again later.",
            Guarded::ResetEmail | Guarded::ResetUse => "Too many attempts. Please try again later.",
        };
        AccountsError::TooManyAttempts { message, retry_after_secs }
    }
}

/// The rules over the shared attempt log.
#[derive(Clone)]
pub struct Throttle {
    log: Arc<dyn AttemptLog>,
    sign_ins_per_address_per_minute: u32,
}

impl Throttle {
    /// `sign_ins_per_address_per_minute` is the [`Guarded::SignInFromAddress`] budget; 0 = off.
    pub fn new(log: Arc<dyn AttemptLog>, sign_ins_per_address_per_minute: u32) -> Self {
        Throttle { log, sign_ins_per_address_per_minute }
    }

    /// The rule in force for `what`; `None` when it is switched off.
    fn rule(&self, what: Guarded) -> Option<Rule> {
        match what {
            Guarded::SignInFromAddress => match self.sign_ins_per_address_per_minute {
                0 => None,
                max => Some(Rule { max, window: Duration::minutes(1) }),
            },
            Guarded::SignIn | Guarded::CurrentPassword | Guarded::ResetUse => Some(Rule::sign_in()),
            // Enough for a lost e-mail or two; not a way to flood someone's inbox.
            Guarded::ResetEmail => Some(Rule { max: 3, window: Duration::hours(1) }),
        }
    }

    /// Records an attempt, or refuses with `TooManyAttempts` and the seconds until the
    /// oldest counted attempt leaves the window. `address` "" counts every address together.
    pub fn admit(&self, what: Guarded, subject: &str, address: &str, now: DateTime<Utc>) -> Result<(), AccountsError> {
        let Some(rule) = self.rule(what) else { return Ok(()) };
        let key = AttemptKey { action: what.name(), subject, address };
        match self.log.admit(&key, now - rule.window, rule.max, now)? {
            Admission::Admitted => Ok(()),
            Admission::Refused { oldest } => Err(what.refusal((oldest + rule.window - now).num_seconds().max(1) as u64)),
        }
    }

    /// The attempt succeeded: its failures no longer count (from `address`, or from
    /// every address with `None`).
    pub fn succeeded(&self, what: Guarded, subject: &str, address: Option<&str>) -> Result<(), AccountsError> {
        Ok(self.log.forget(what.name(), subject, address)?)
    }
}

#[cfg(test)]
pub(crate) mod memory {
    //! An in-memory attempt log for the service's unit tests.

    use std::sync::Mutex;

    use chrono::{DateTime, Utc};
    use kernel::StoreError;

    use crate::ports::{Admission, AttemptKey, AttemptLog};

    /// action, subject, address, when.
    type Row = (String, String, String, DateTime<Utc>);

    #[derive(Default)]
    pub struct MemoryAttempts {
        rows: Mutex<Vec<Row>>,
    }

    impl AttemptLog for MemoryAttempts {
        fn admit(&self, key: &AttemptKey<'_>, since: DateTime<Utc>, max: u32, now: DateTime<Utc>) -> Result<Admission, StoreError> {
            let mut rows = self.rows.lock().map_err(|e| StoreError::Backend(e.to_string()))?;
            let mut times: Vec<_> = rows
                .iter()
                .filter(|r| r.0 == key.action && r.1 == key.subject && r.2 == key.address && r.3 > since)
                .map(|r| r.3)
                .collect();
            times.sort();
            if times.len() >= max as usize {
                return Ok(Admission::Refused { oldest: times[0] });
            }
            rows.push((key.action.into(), key.subject.into(), key.address.into(), now));
            Ok(Admission::Admitted)
        }

        fn forget(&self, action: &'static str, subject: &str, address: Option<&str>) -> Result<(), StoreError> {
            let mut rows = self.rows.lock().map_err(|e| StoreError::Backend(e.to_string()))?;
            rows.retain(|r| !(r.0 == action && r.1 == subject && address.is_none_or(|a| r.2 == a)));
            Ok(())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn locks_after_ten_failures_and_unlocks_when_the_window_passes() {
        let throttle = Throttle::new(Arc::new(memory::MemoryAttempts::default()), 0);
        let start = Utc::now();
        for i in 0..10 {
            assert!(throttle.admit(Guarded::SignIn, "account:1", "10.0.0.1", start + Duration::seconds(i)).is_ok());
        }
        let refused = throttle.admit(Guarded::SignIn, "account:1", "10.0.0.1", start + Duration::seconds(10));
        assert!(matches!(refused, Err(AccountsError::TooManyAttempts { retry_after_secs, .. }) if retry_after_secs == 15 * 60 - 10));
        // The same account from another address, and another account, are unaffected.
        assert!(throttle.admit(Guarded::SignIn, "account:1", "10.0.0.2", start).is_ok());
        assert!(throttle.admit(Guarded::SignIn, "account:2", "10.0.0.1", start).is_ok());
        // Once the oldest attempt leaves the window, one more is allowed.
        assert!(throttle.admit(Guarded::SignIn, "account:1", "10.0.0.1", start + Duration::minutes(15)).is_ok());
    }

    #[test]
    fn success_forgets_the_failures_from_that_address_only() {
        let throttle = Throttle::new(Arc::new(memory::MemoryAttempts::default()), 0);
        let now = Utc::now();
        for _ in 0..10 {
            assert!(throttle.admit(Guarded::SignIn, "account:1", "a", now).is_ok());
            assert!(throttle.admit(Guarded::SignIn, "account:1", "b", now).is_ok());
        }
        assert!(throttle.succeeded(Guarded::SignIn, "account:1", Some("a")).is_ok());
        assert!(throttle.admit(Guarded::SignIn, "account:1", "a", now).is_ok());
        assert!(throttle.admit(Guarded::SignIn, "account:1", "b", now).is_err());
        assert!(throttle.succeeded(Guarded::SignIn, "account:1", None).is_ok());
        assert!(throttle.admit(Guarded::SignIn, "account:1", "b", now).is_ok());
    }

    #[test]
    fn the_address_budget_counts_every_sign_in_and_zero_switches_it_off() {
        let throttle = Throttle::new(Arc::new(memory::MemoryAttempts::default()), 2);
        let now = Utc::now();
        for _ in 0..2 {
            assert!(throttle.admit(Guarded::SignInFromAddress, "", "a", now).is_ok());
            // A success does not give the address its budget back.
            assert!(throttle.succeeded(Guarded::SignIn, "account:1", Some("a")).is_ok());
        }
        let refused = throttle.admit(Guarded::SignInFromAddress, "", "a", now + Duration::seconds(20));
        assert!(matches!(refused, Err(AccountsError::TooManyRequests { retry_after_secs: 40 })), "{refused:?}");
        assert!(throttle.admit(Guarded::SignInFromAddress, "", "b", now).is_ok());
        assert!(throttle.admit(Guarded::SignInFromAddress, "", "a", now + Duration::minutes(1)).is_ok());

        let off = Throttle::new(Arc::new(memory::MemoryAttempts::default()), 0);
        assert!((0..100).all(|_| off.admit(Guarded::SignInFromAddress, "", "a", now).is_ok()));
    }
}
