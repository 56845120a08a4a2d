use std::fmt;

/// An amount of Indian rupees held exactly as whole paise (1 rupee = 100 paise).
///
/// JSON carries rupees as numbers with at most two decimals; they are converted here and
/// only here, so no float ever takes part in a sum.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Money(i64);

/// The largest price the shop accepts: one crore rupees.
pub const MAX_PAISE: i64 = 10_000_000 * 100;

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MoneyError {
    #[error("must be a number")]
    NotANumber,
    #[error("must not be negative")]
    Negative,
    #[error("must have at most two decimals")]
    TooPrecise,
    #[error("is too large")]
    TooLarge,
}

impl Money {
    pub const ZERO: Money = Money(0);

    pub fn from_paise(paise: i64) -> Money {
        Money(paise)
    }

    pub fn paise(self) -> i64 {
        self.0
    }

    /// Reads a rupee amount given as a JSON number, e.g. `1299.5`.
    pub fn from_rupees(value: f64) -> Result<Money, MoneyError> {
        if !value.is_finite() {
            return Err(MoneyError::NotANumber);
        }
        if value < 0.0 {
            return Err(MoneyError::Negative);
        }
        if value > (MAX_PAISE / 100) as f64 {
            return Err(MoneyError::TooLarge);
        }
        // Go through the shortest decimal text of the float so 0.1 + 0.2 style noise
        // never turns into a paisa.
        Money::parse_rupees(&format!("{value}"))
    }

    /// Reads a rupee amount written as text, e.g. `"1299.50"` from a form field.
    pub fn parse_rupees(raw: &str) -> Result<Money, MoneyError> {
        let text = raw.trim();
        if text.starts_with('-') {
            return Err(MoneyError::Negative);
        }
        if let Some((mantissa, exponent)) = text.split_once(['e', 'E']) {
            return Money::parse_rupees(&plain_decimal(mantissa, exponent)?);
        }
        let (whole, fraction) = match text.split_once('.') {
            Some((w, f)) => (w, f),
            None => (text, ""),
        };
        let digits_only = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
        if whole.is_empty() && fraction.is_empty() || !digits_only(whole) || !digits_only(fraction) {
            return Err(MoneyError::NotANumber);
        }
        let fraction = fraction.trim_end_matches('0');
        if fraction.len() > 2 {
            return Err(MoneyError::TooPrecise);
        }
        let whole = whole.trim_start_matches('0');
        if whole.len() > 9 {
            return Err(MoneyError::TooLarge);
        }
        let rupees: i64 = if whole.is_empty() { 0 } else { whole.parse().map_err(|_| MoneyError::NotANumber)? };
        let mut paise_text = fraction.to_string();
        while paise_text.len() < 2 {
            paise_text.push('0');
        }
        let paise: i64 = paise_text.parse().map_err(|_| MoneyError::NotANumber)?;
        let total = rupees * 100 + paise;
        if total > MAX_PAISE {
            return Err(MoneyError::TooLarge);
        }
        Ok(Money(total))
    }

    /// The amount as a JSON-friendly rupee number (exact for every value below 2^53 paise).
    pub fn to_rupees(self) -> f64 {
        // Division of an exactly representable integer by 100 yields the float nearest to
        // the decimal value, which is what a JSON reader expects.
        self.0 as f64 / 100.0
    }

    /// `123456.00`: rupees with two decimals, no sign or grouping (what a form or a CSV cell
    /// holds, and what [`Money::parse_rupees`] reads back).
    pub fn to_rupees_text(self) -> String {
        let sign = if self.0 < 0 { "-" } else { "" };
        let abs = self.0.unsigned_abs();
        format!("{sign}{}.{:02}", abs / 100, abs % 100)
    }

    /// `₹1,23,456.00`: rupee sign, Indian digit grouping (last three digits, then pairs),
    /// always two decimals.
    pub fn format_inr(self) -> String {
        let negative = self.0 < 0;
        let abs = self.0.unsigned_abs();
        let rupees = (abs / 100).to_string();
        let paise = abs % 100;
        let grouped = group_indian(&rupees);
        format!("{}₹{grouped}.{paise:02}", if negative { "-" } else { "" })
    }

    /// `self + other`, or `TooLarge` past what an `i64` of paise holds. Sums of money go
    /// through here (or through [`crate::price`]), never through a bare `+`.
    pub fn checked_add(self, other: Money) -> Result<Money, MoneyError> {
        self.0.checked_add(other.0).map(Money).ok_or(MoneyError::TooLarge)
    }

    /// `self × quantity`, or `TooLarge` on overflow; a negative quantity is `Negative`.
    pub fn checked_times(self, quantity: i64) -> Result<Money, MoneyError> {
        if quantity < 0 {
            return Err(MoneyError::Negative);
        }
        self.0.checked_mul(quantity).map(Money).ok_or(MoneyError::TooLarge)
    }
}

/// `1.5e3` as `1500`: a number in exponent form, as spreadsheets write large values, spelt
/// out exactly so the plain rules (two decimals, the largest amount) judge it. Exponents past
/// 40 are cut to 40: the value is too large or too precise either way.
fn plain_decimal(mantissa: &str, exponent: &str) -> Result<String, MoneyError> {
    let exponent: i32 = exponent.parse().map_err(|_| MoneyError::NotANumber)?;
    let (whole, fraction) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    let digits = format!("{whole}{fraction}");
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(MoneyError::NotANumber);
    }
    let point = whole.len() as i32 + exponent.clamp(-40, 40);
    Ok(match usize::try_from(point) {
        Ok(at) if at >= digits.len() => format!("{digits}{}", "0".repeat(at - digits.len())),
        Ok(at) => format!("{}.{}", &digits[..at], &digits[at..]),
        Err(_) => format!("0.{}{digits}", "0".repeat(point.unsigned_abs() as usize)),
    })
}

/// A count with Indian digit grouping: `10,00,000`.
pub fn indian_grouping(n: u64) -> String {
    group_indian(&n.to_string())
}

fn group_indian(digits: &str) -> String {
    if digits.len() <= 3 {
        return digits.to_string();
    }
    let (head, last3) = digits.split_at(digits.len() - 3);
    let mut groups: Vec<&str> = Vec::new();
    let mut rest = head;
    while rest.len() > 2 {
        let (h, tail) = rest.split_at(rest.len() - 2);
        groups.push(tail);
        rest = h;
    }
    if !rest.is_empty() {
        groups.push(rest);
    }
    groups.reverse();
    format!("{},{last3}", groups.join(","))
}

impl fmt::Display for Money {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.format_inr())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rupees_text_reads_back() {
        for paise in [0, 5, 99_950, 123_456_700] {
            let m = Money::from_paise(paise);
            assert_eq!(Money::parse_rupees(&m.to_rupees_text()), Ok(m));
        }
        assert_eq!(Money::from_paise(99_950).to_rupees_text(), "999.50");
    }

    #[test]
    fn parses_rupee_text_exactly() {
        assert_eq!(Money::parse_rupees("1299.50"), Ok(Money::from_paise(129_950)));
        assert_eq!(Money::parse_rupees("0.1"), Ok(Money::from_paise(10)));
        assert_eq!(Money::parse_rupees("7"), Ok(Money::from_paise(700)));
        assert_eq!(Money::parse_rupees(".5"), Ok(Money::from_paise(50)));
        assert_eq!(Money::parse_rupees("1.999"), Err(MoneyError::TooPrecise));
        assert_eq!(Money::parse_rupees("-1"), Err(MoneyError::Negative));
        assert_eq!(Money::parse_rupees("abc"), Err(MoneyError::NotANumber));
        assert_eq!(Money::parse_rupees(""), Err(MoneyError::NotANumber));
        assert_eq!(Money::parse_rupees("."), Err(MoneyError::NotANumber));
        // Exponent form, as a spreadsheet writes large numbers.
        assert_eq!(Money::parse_rupees("1e5"), Ok(Money::from_paise(10_000_000)));
        assert_eq!(Money::parse_rupees("1.2995E+3"), Ok(Money::from_paise(129_950)));
        assert_eq!(Money::parse_rupees("5e-1"), Ok(Money::from_paise(50)));
        assert_eq!(Money::parse_rupees("1e20"), Err(MoneyError::TooLarge));
        assert_eq!(Money::parse_rupees("1e999999"), Err(MoneyError::TooLarge));
        assert_eq!(Money::parse_rupees("1e-3"), Err(MoneyError::TooPrecise));
        assert_eq!(Money::parse_rupees("0e99"), Ok(Money::ZERO));
        for bad in ["e5", "1e", "1e5e2", "1.2.3e1", "-1e2x", "1e+", "ee"] {
            assert!(Money::parse_rupees(bad).is_err(), "{bad}");
        }
        assert_eq!(Money::parse_rupees("99999999999"), Err(MoneyError::TooLarge));
    }

    #[test]
    fn reads_json_numbers_without_float_noise() {
        assert_eq!(Money::from_rupees(0.1 + 0.2), Err(MoneyError::TooPrecise));
        assert_eq!(Money::from_rupees(19.99), Ok(Money::from_paise(1999)));
        assert_eq!(Money::from_rupees(1e3), Ok(Money::from_paise(100_000)));
        assert_eq!(Money::from_rupees(f64::NAN), Err(MoneyError::NotANumber));
        assert_eq!(Money::from_rupees(-0.5), Err(MoneyError::Negative));
        assert_eq!(Money::from_rupees(1e12), Err(MoneyError::TooLarge));
        assert_eq!(Money::from_paise(1999).to_rupees(), 19.99);
    }

    #[test]
    fn formats_with_indian_grouping() {
        assert_eq!(Money::from_paise(12_345_600).format_inr(), "₹1,23,456.00");
        assert_eq!(Money::from_paise(99_900).format_inr(), "₹999.00");
        assert_eq!(Money::from_paise(100_000).format_inr(), "₹1,000.00");
        assert_eq!(Money::from_paise(1_234_567_805).format_inr(), "₹1,23,45,678.05");
        assert_eq!(Money::ZERO.format_inr(), "₹0.00");
    }

    #[test]
    fn arithmetic_is_checked() {
        let big = Money::from_paise(i64::MAX - 1);
        assert_eq!(big.checked_add(Money::from_paise(1)), Ok(Money::from_paise(i64::MAX)));
        assert_eq!(big.checked_add(Money::from_paise(2)), Err(MoneyError::TooLarge));
        assert_eq!(Money::from_paise(250).checked_times(3), Ok(Money::from_paise(750)));
        assert_eq!(big.checked_times(2), Err(MoneyError::TooLarge));
        assert_eq!(Money::from_paise(250).checked_times(-1), Err(MoneyError::Negative));
    }
}
