//! Financial years and the numbers of tax invoices and credit notes. A financial year runs
//! from 1 April to 31 March; the day is India's (UTC+05:30) whatever the server's zone.
//! A document number is `PREFIX/YY-YY/N`: at most 16 characters of letters, digits, `/`
//! and `-`, unique and consecutive within its series and year (CGST Rules, rule 46(b)).

use chrono::{Datelike, NaiveDate};

/// The financial year that starts on 1 April of `start_year`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct FinancialYear {
    pub start_year: i32,
}

impl FinancialYear {
    pub fn of(day: NaiveDate) -> FinancialYear {
        let start_year = if day.month() >= 4 { day.year() } else { day.year() - 1 };
        FinancialYear { start_year }
    }

    /// "26-27" for 1 April 2026 to 31 March 2027.
    pub fn label(self) -> String {
        format!("{:02}-{:02}", self.start_year.rem_euclid(100), (self.start_year + 1).rem_euclid(100))
    }

    pub fn first_day(self) -> NaiveDate {
        NaiveDate::from_ymd_opt(self.start_year, 4, 1).unwrap_or_default()
    }

    pub fn last_day(self) -> NaiveDate {
        NaiveDate::from_ymd_opt(self.start_year + 1, 3, 31).unwrap_or_default()
    }
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NumberingError {
    #[error("An invoice prefix has 1 to 4 letters, digits or hyphens")]
    Prefix,
    #[error("The document number {0} would be longer than 16 characters")]
    TooLong(String),
}

/// The leading part of a series' numbers ("INV", "CN"): 1 to 4 ASCII letters, digits or
/// hyphens, upper-cased. Four leave room for 99,999 documents a year within 16 characters.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct SeriesPrefix(String);

impl SeriesPrefix {
    pub fn parse(raw: &str) -> Result<SeriesPrefix, NumberingError> {
        let text = raw.trim().to_ascii_uppercase();
        let allowed = |c: char| c.is_ascii_alphanumeric() || c == '-';
        if (1..=4).contains(&text.len()) && text.chars().all(allowed) {
            Ok(SeriesPrefix(text))
        } else {
            Err(NumberingError::Prefix)
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// The number of the `sequence`th document (from 1) of a series in a financial year.
pub fn document_number(prefix: &SeriesPrefix, year: FinancialYear, sequence: u64) -> Result<String, NumberingError> {
    let number = format!("{}/{}/{sequence}", prefix.0, year.label());
    if number.len() > 16 {
        return Err(NumberingError::TooLong(number));
    }
    Ok(number)
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::{TimeZone, Utc};

    fn day(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).expect("a day")
    }

    #[test]
    fn the_year_turns_on_the_first_of_april_in_india() {
        assert_eq!(FinancialYear::of(day(2027, 3, 31)).label(), "26-27");
        assert_eq!(FinancialYear::of(day(2027, 4, 1)).label(), "27-28");
        // 31 March 2027 19:00 UTC is already 1 April 00:30 in India.
        let instant = Utc.with_ymd_and_hms(2027, 3, 31, 19, 0, 0).single().expect("an instant");
        assert_eq!(kernel::india_day(instant), day(2027, 4, 1));
        assert_eq!(FinancialYear::of(kernel::india_day(instant)), FinancialYear { start_year: 2027 });
        let year = FinancialYear { start_year: 2099 };
        assert_eq!((year.label().as_str(), year.first_day(), year.last_day()), ("99-00", day(2099, 4, 1), day(2100, 3, 31)));
    }

    #[test]
    fn numbers_fit_sixteen_characters_of_the_allowed_kind() {
        let prefix = SeriesPrefix::parse(" inv ").expect("a prefix");
        let year = FinancialYear { start_year: 2026 };
        assert_eq!(document_number(&prefix, year, 1).as_deref(), Ok("INV/26-27/1"));
        let longest = SeriesPrefix::parse("SH-1").expect("a prefix");
        assert_eq!(document_number(&longest, year, 99_999).as_deref(), Ok("SH-1/26-27/99999"));
        assert!(matches!(document_number(&longest, year, 100_000), Err(NumberingError::TooLong(_))));
        for raw in ["", "SHOP1", "IN/V", "IN V", "₹"] {
            assert_eq!(SeriesPrefix::parse(raw), Err(NumberingError::Prefix), "{raw}");
        }
    }
}
