use std::collections::{HashMap, VecDeque};
use std::sync::Mutex;

use chrono::{DateTime, Duration, Utc};

/// Counts failed sign-ins per identifier and refuses further tries after `max_failures`
/// within `window`. One identifier's failures never affect another's.
///
/// Kept in memory: the shop is one process, and a restart forgetting failures is harmless.
pub struct LoginThrottle {
    max_failures: usize,
    window: Duration,
    failures: Mutex<HashMap<String, VecDeque<DateTime<Utc>>>>,
}

/// Above this many tracked identifiers, expired entries are swept on the next failure,
/// so a spray of random identifiers cannot grow memory without bound.
const SWEEP_ABOVE: usize = 10_000;

impl LoginThrottle {
    pub fn new(max_failures: usize, window: Duration) -> Self {
        LoginThrottle { max_failures, window, failures: Mutex::new(HashMap::new()) }
    }

    /// The shop's rule: 10 failures within 15 minutes.
    pub fn standard() -> Self {
        Self::new(10, Duration::minutes(15))
    }

    fn key(identifier: &str) -> String {
        identifier.trim().to_lowercase()
    }

    /// `Some(seconds to wait)` while the identifier is locked out.
    pub fn retry_after(&self, identifier: &str, now: DateTime<Utc>) -> Option<u64> {
        let mut map = self.failures.lock().unwrap_or_else(|e| e.into_inner());
        let entries = map.get_mut(&Self::key(identifier))?;
        Self::expire(entries, now, self.window);
        if entries.len() < self.max_failures {
            return None;
        }
        let oldest = *entries.front()?;
        let wait = (oldest + self.window - now).num_seconds().max(1);
        Some(wait as u64)
    }

    pub fn record_failure(&self, identifier: &str, now: DateTime<Utc>) {
        let mut map = self.failures.lock().unwrap_or_else(|e| e.into_inner());
        if map.len() > SWEEP_ABOVE {
            let window = self.window;
            map.retain(|_, entries| {
                Self::expire(entries, now, window);
                !entries.is_empty()
            });
        }
        let entries = map.entry(Self::key(identifier)).or_default();
        Self::expire(entries, now, self.window);
        entries.push_back(now);
        while entries.len() > self.max_failures {
            entries.pop_front();
        }
    }

    pub fn record_success(&self, identifier: &str) {
        let mut map = self.failures.lock().unwrap_or_else(|e| e.into_inner());
        map.remove(&Self::key(identifier));
    }

    fn expire(entries: &mut VecDeque<DateTime<Utc>>, now: DateTime<Utc>, window: Duration) {
        while entries.front().is_some_and(|t| *t + window <= now) {
            entries.pop_front();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn locks_after_ten_failures_and_unlocks_when_the_window_passes() {
        let throttle = LoginThrottle::standard();
        let start = Utc::now();
        for i in 0..9 {
            throttle.record_failure("Asha@Example.in", start + Duration::seconds(i));
            assert_eq!(throttle.retry_after("asha@example.in", start + Duration::seconds(i)), None);
        }
        throttle.record_failure("asha@example.in", start + Duration::seconds(9));
        let wait = throttle.retry_after("ASHA@example.in", start + Duration::seconds(10));
        assert_eq!(wait, Some(15 * 60 - 10));
        // Another identifier is unaffected.
        assert_eq!(throttle.retry_after("ravi", start + Duration::seconds(10)), None);
        // Once the oldest failure leaves the window, one more try is allowed.
        assert_eq!(throttle.retry_after("asha@example.in", start + Duration::minutes(15)), None);
    }

    #[test]
    fn success_clears_the_count() {
        let throttle = LoginThrottle::new(2, Duration::minutes(15));
        let now = Utc::now();
        throttle.record_failure("ravi", now);
        throttle.record_success("ravi");
        throttle.record_failure("ravi", now);
        assert_eq!(throttle.retry_after("ravi", now), None);
        throttle.record_failure("ravi", now);
        assert!(throttle.retry_after("ravi", now).is_some());
    }
}
