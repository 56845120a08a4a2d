use std::fmt;

use kernel::InvalidValue;

/// A new password that meets the policy. Its Debug output never shows the text.
///
/// bcrypt reads at most 72 bytes; a longer password is refused rather than silently cut,
/// so two passwords that differ after byte 72 can never both unlock an account.
#[derive(Clone, PartialEq, Eq)]
pub struct Password(String);

impl Password {
    pub const MIN_CHARS: usize = 8;
    pub const MAX_BYTES: usize = 72;

    pub fn parse(raw: &str) -> Result<Password, InvalidValue> {
        if raw.chars().count() < Self::MIN_CHARS {
            return Err(InvalidValue("Password must be at least 8 characters long"));
        }
        if raw.len() > Self::MAX_BYTES {
            return Err(InvalidValue("Password must be at most 72 bytes long"));
        }
        if raw.trim().is_empty() {
            return Err(InvalidValue("Password cannot be only spaces"));
        }
        Ok(Password(raw.to_string()))
    }

    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl fmt::Debug for Password {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Password(***)")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn policy_bounds() {
        assert!(Password::parse("1234567").is_err());
        assert!(Password::parse("12345678").is_ok());
        assert!(Password::parse(&"a".repeat(72)).is_ok());
        assert_eq!(
            Password::parse(&"a".repeat(73)).err().map(|e| e.0),
            Some("Password must be at most 72 bytes long")
        );
        // 24 three-byte characters are 72 bytes; 25 are 75 bytes and refused.
        assert!(Password::parse(&"₹".repeat(24)).is_ok());
        assert!(Password::parse(&"₹".repeat(25)).is_err());
        assert!(Password::parse("         ").is_err());
        assert_eq!(format!("{:?}", Password::parse("secret-pass").ok()), "Some(Password(***))");
    }
}
