//! The time every rule that counts "per hour" reads. Production reads the system clock; a
//! test moves it forward instead of sleeping.

use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::Arc;

use chrono::{DateTime, Duration, Utc};

/// The system clock plus an offset that only [`Clock::advance`] changes. Clones share the
/// offset, so a test that keeps a clone moves the time the whole shop sees.
#[derive(Debug, Clone, Default)]
pub struct Clock {
    offset_ms: Arc<AtomicI64>,
}

impl Clock {
    pub fn system() -> Clock {
        Clock::default()
    }

    pub fn now(&self) -> DateTime<Utc> {
        Utc::now() + Duration::milliseconds(self.offset_ms.load(Ordering::Relaxed))
    }

    /// Today's date in India ([`crate::india`]).
    pub fn india_today(&self) -> chrono::NaiveDate {
        crate::india::india_day(self.now())
    }

    /// Moves this clock (and every clone of it) forward.
    pub fn advance(&self, by: Duration) {
        self.offset_ms.fetch_add(by.num_milliseconds(), Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clones_share_the_advance() {
        let clock = Clock::system();
        let shared = clock.clone();
        let before = shared.now();
        clock.advance(Duration::hours(2));
        let after = shared.now();
        assert!(after - before >= Duration::hours(2) && after - before < Duration::hours(2) + Duration::minutes(1));
    }
}
