//! Contact values people type in forms: e-mail, Indian mobile number, Indian PIN code.

/// A value that failed its rule; the text is the sentence shown to the user.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct InvalidValue(pub &'static str);

/// An e-mail address, trimmed and lower-cased so that one mailbox is one account.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Email(String);

impl Email {
    pub const MESSAGE: &'static str = "Please enter a valid email address";

    pub fn parse(raw: &str) -> Result<Email, InvalidValue> {
        let text = raw.trim().to_lowercase();
        let invalid = InvalidValue(Self::MESSAGE);
        if text.len() > 254 || text.chars().any(|c| c.is_whitespace() || c.is_control()) {
            return Err(invalid);
        }
        let (local, domain) = text.split_once('@').ok_or(invalid.clone())?;
        let domain_ok = !domain.contains('@')
            && domain.contains('.')
            && !domain.starts_with('.')
            && !domain.ends_with('.')
            && !domain.contains("..")
            && domain
                .chars()
                .all(|c| c.is_alphanumeric() || c == '.' || c == '-');
        if local.is_empty() || local.len() > 64 || !domain_ok {
            return Err(invalid);
        }
        Ok(Email(text))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    pub fn into_string(self) -> String {
        self.0
    }
}

/// An Indian mobile number, kept as its 10 digits (the first one 6 to 9).
/// Accepts the forms people type: spaces or hyphens, a `+91`, `91` or `0` prefix.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MobileNumber(String);

impl MobileNumber {
    pub const MESSAGE: &'static str = "Mobile number must be a valid 10-digit Indian number";

    pub fn parse(raw: &str) -> Result<MobileNumber, InvalidValue> {
        let invalid = InvalidValue(Self::MESSAGE);
        let trimmed = raw.trim();
        if trimmed.len() > 20 {
            return Err(invalid);
        }
        let without_plus = trimmed.strip_prefix('+').unwrap_or(trimmed);
        if !without_plus.chars().all(|c| c.is_ascii_digit() || c == ' ' || c == '-') {
            return Err(invalid);
        }
        let digits: String = without_plus.chars().filter(char::is_ascii_digit).collect();
        let national = match digits.len() {
            10 => digits.as_str(),
            11 if digits.starts_with('0') => &digits[1..],
            12 if digits.starts_with("91") => &digits[2..],
            _ => return Err(invalid),
        };
        if !matches!(national.as_bytes().first(), Some(b'6'..=b'9')) {
            return Err(invalid);
        }
        Ok(MobileNumber(national.to_string()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// `+91-98765-43210`, as the shop shows a stored number.
    pub fn display(national: &str) -> String {
        if national.len() == 10 && national.bytes().all(|b| b.is_ascii_digit()) {
            format!("+91-{}-{}", &national[..5], &national[5..])
        } else {
            national.to_string()
        }
    }
}

/// The 10 digits of an Indian phone number, a mobile or a landline with its STD code (the
/// first digit 1 to 9), as people write it: spaces or hyphens between digits, `+91`, `91` or
/// the trunk `0` in front. `None` for anything else. The OpenAPI pattern of such a field,
/// [`PHONE_PATTERN`], says exactly this.
pub fn national_phone(raw: &str) -> Option<String> {
    let text = raw.trim_matches(' ');
    let (plus, rest) = match text.strip_prefix('+') {
        Some(rest) => (true, rest),
        None => (false, text),
    };
    let starts_with_digit = rest.bytes().next().is_some_and(|b| b.is_ascii_digit());
    if !starts_with_digit || !rest.bytes().all(|b| b.is_ascii_digit() || b == b' ' || b == b'-') {
        return None;
    }
    let digits: String = rest.chars().filter(char::is_ascii_digit).collect();
    let national = match digits.len() {
        10 if !plus => &digits[..],
        11 if !plus && digits.starts_with('0') => &digits[1..],
        12 if digits.starts_with("91") => &digits[2..],
        _ => return None,
    };
    national.starts_with(|c: char| ('1'..='9').contains(&c)).then(|| national.to_string())
}

/// [`national_phone`]'s rule as a regular expression, for API documents (or blank).
pub const PHONE_PATTERN: &str = r"^ *(\+?9[ -]*1[ -]*|0[ -]*)?[1-9]([ -]*[0-9]){9}[ -]*$|^ *$";

/// A 6-digit Indian PIN code; the first digit is 1 to 9. Kept as its six digits.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PostalCode(String);

impl PostalCode {
    pub const MESSAGE: &'static str = "PIN code must be 6 digits and cannot start with 0";

    /// Also takes the code as India Post prints it, `400 001`: one space after the third
    /// digit (the first three name the sorting district).
    pub fn parse(raw: &str) -> Result<PostalCode, InvalidValue> {
        let text = raw.trim();
        let text = match text.split_once(' ') {
            Some((district, office)) if district.len() == 3 && office.len() == 3 => format!("{district}{office}"),
            _ => text.to_string(),
        };
        let ok = text.len() == 6
            && text.bytes().all(|b| b.is_ascii_digit())
            && !text.starts_with('0');
        if ok {
            Ok(PostalCode(text))
        } else {
            Err(InvalidValue(Self::MESSAGE))
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn email_is_normalised_and_checked() {
        assert_eq!(Email::parse("  Asha@Example.IN ").map(Email::into_string), Ok("asha@example.in".into()));
        for bad in ["", "asha", "asha@", "@example.in", "a b@example.in", "asha@example", "a@b@c.in", "asha@.in", "asha@ex..in"] {
            assert!(Email::parse(bad).is_err(), "{bad} should be refused");
        }
    }

    #[test]
    fn mobile_accepts_common_indian_forms() {
        for ok in ["9876543210", "+91 98765 43210", "919876543210", "09876543210", "98765-43210"] {
            assert_eq!(MobileNumber::parse(ok).map(|m| m.as_str().to_string()), Ok("9876543210".into()), "{ok}");
        }
        assert_eq!(MobileNumber::display("9876543210"), "+91-98765-43210");
        for bad in ["12345", "5876543210", "98765432101", "+1 9876543210x", "98765abcde", "+44 9876543210"] {
            assert!(MobileNumber::parse(bad).is_err(), "{bad} should be refused");
        }
    }

    #[test]
    fn a_phone_is_its_ten_national_digits() {
        for (typed, kept) in [("+91 98765-43210", "9876543210"), ("080-2345 6789", "8023456789"), ("91 22 2345 6789", "2223456789"), (" 9876543210 ", "9876543210"), ("98765--43210-", "9876543210")] {
            assert_eq!(national_phone(typed).as_deref(), Some(kept), "{typed}");
        }
        for bad in ["0123456789", "+9876543210", "+-919876543210", "-9876543210", "98765\t43210", "91 0987654321", "0 0987654321", "987654321", "+91 98765 43210 1", "98765x43210"] {
            assert_eq!(national_phone(bad), None, "{bad:?}");
        }
        // The document's pattern takes exactly what the server takes (and blank, no phone).
        let pattern = regex::Regex::new(PHONE_PATTERN).expect("a regular expression");
        for text in ["+91 98765-43210", "080-2345 6789", "91 22 2345 6789", " 9876543210 ", "98765--43210-", "0123456789", "+9876543210", "+-919876543210",
                     "-9876543210", "98765\t43210", "91 0987654321", "0 0987654321", "987654321", "+91 98765 43210 1", "98765x43210", "9112345678", "0 91 98765 43210"] {
            assert_eq!(pattern.is_match(text), national_phone(text).is_some(), "{text:?}");
        }
        assert!(pattern.is_match("  "));
    }

    #[test]
    fn pin_code_is_six_digits_not_starting_with_zero() {
        assert!(PostalCode::parse("560001").is_ok());
        assert!(PostalCode::parse(" 110001 ").is_ok());
        assert_eq!(PostalCode::parse("400 001").map(|p| p.as_str().to_string()), Ok("400001".into()));
        for bad in ["060001", "56001", "5600011", "56a001", "", "4000 01", "400  001", "060 001", "400 0 1"] {
            assert!(PostalCode::parse(bad).is_err(), "{bad} should be refused");
        }
    }
}
