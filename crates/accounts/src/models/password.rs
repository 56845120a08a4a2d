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

    /// The lowest estimate accepted: 3 of 4, about 10^8 guesses or more. Below that a
    /// password falls to a dictionary with common substitutions ("s3cret", "Passw0rd!").
    pub const MIN_SCORE: u8 = 3;

    /// The rule as the web forms show it before submit.
    pub const RULE: &'static str =
        "Use at least 8 characters that are hard to guess: not a common password, a name, a date or a pattern like 12345678 or aaaaaaaa";

    /// Refuses a password the estimator can guess too easily, with its hint when it has one.
    pub fn check_strength(&self, strength: &Strength) -> Result<(), String> {
        if strength.score >= Self::MIN_SCORE {
            return Ok(());
        }
        let mut message = String::from("This password is too easy to guess.");
        if let Some(hint) = strength.hint.as_deref().filter(|h| !h.is_empty()) {
            message.push(' ');
            message.push_str(hint);
        }
        message.push_str(" Try a few unrelated words, or add more characters.");
        Err(message)
    }
}

/// How hard a password is to guess, as judged by an estimator (zxcvbn in production):
/// a score from 0 (guessed at once) to 4 (very hard), and why a weak one is weak.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Strength {
    pub score: u8,
    pub hint: Option<String>,
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

    #[test]
    fn strength_below_three_is_refused_with_the_hint() {
        let password = Password::parse("12345678").unwrap();
        let weak = Strength { score: 0, hint: Some("This is a top-10 common password.".into()) };
        let refused = password.check_strength(&weak).err().unwrap_or_default();
        assert!(refused.starts_with("This password is too easy to guess. This is a top-10 common password."), "{refused}");
        assert!(password.check_strength(&Strength { score: 2, hint: None }).is_err());
        assert_eq!(password.check_strength(&Strength { score: 3, hint: None }), Ok(()));
    }
}
