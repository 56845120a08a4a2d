//! India Standard Time: the shop's days are India's, whatever zone the server runs in. Order
//! dates and filters, the dashboard's days, the return window, the expected delivery date,
//! financial years and document dates, the audit log's days and the dates in export file
//! names all read them here. India keeps no daylight saving: always UTC+05:30.

use chrono::{DateTime, FixedOffset, NaiveDate, TimeZone, Utc};

/// UTC+05:30.
pub const INDIA: FixedOffset = match FixedOffset::east_opt(5 * 3600 + 30 * 60) {
    Some(offset) => offset,
    None => panic!("UTC+05:30 is a valid offset"),
};

/// The calendar day in India at `at`.
pub fn india_day(at: DateTime<Utc>) -> NaiveDate {
    at.with_timezone(&INDIA).date_naive()
}

/// The instant an India calendar day starts (18:30 UTC the day before).
pub fn india_midnight(day: NaiveDate) -> DateTime<Utc> {
    let start = day.and_hms_opt(0, 0, 0).unwrap_or_default();
    INDIA.from_local_datetime(&start).single().map_or(start.and_utc(), |t| t.with_timezone(&Utc))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_india_day_starts_at_half_past_six_the_evening_before_in_utc() {
        let day = NaiveDate::from_ymd_opt(2026, 11, 27).unwrap_or_default();
        assert_eq!(india_midnight(day).to_rfc3339(), "2026-11-26T18:30:00+00:00");
        assert_eq!(india_day(india_midnight(day)), day);
        assert_eq!(india_day(india_midnight(day) - chrono::Duration::seconds(1)), day.pred_opt().unwrap_or_default());
    }
}
