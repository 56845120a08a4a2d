use kernel::InvalidValue;

/// A login name: 3 to 30 letters, digits, dots, hyphens or underscores. It never holds
/// an `@`, so a sign-in identifier with an `@` is always an e-mail address.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Username(String);

impl Username {
    pub const MESSAGE: &'static str =
        "Username must be 3 to 30 characters: English letters (a to z), digits, dots, hyphens or underscores";

    pub fn parse(raw: &str) -> Result<Username, InvalidValue> {
        let text = raw.trim();
        let length = text.chars().count();
        let allowed = text
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_'));
        if (3..=30).contains(&length) && allowed {
            Ok(Username(text.to_string()))
        } else {
            Err(InvalidValue(Self::MESSAGE))
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// A first or last name: 1 to 50 characters of letters (with their marks, in any script:
/// [`kernel::text`]), spaces, dots, hyphens, apostrophes; stored composed (NFC).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PersonName(String);

impl PersonName {
    pub fn parse(raw: &str, what: &'static str) -> Result<PersonName, InvalidValue> {
        let text = kernel::text::composed(raw.trim());
        let length = text.chars().count();
        let allowed = kernel::text::letters_and(&text, |c| matches!(c, ' ' | '.' | '-' | '\'' | '_'));
        if length == 0 {
            return Err(InvalidValue(match what {
                "first" => "First name is required",
                _ => "Last name is required",
            }));
        }
        if length > 50 || !allowed {
            return Err(InvalidValue(match what {
                "first" => "First name may hold up to 50 letters, spaces, dots, hyphens or apostrophes",
                _ => "Last name may hold up to 50 letters, spaces, dots, hyphens or apostrophes",
            }));
        }
        Ok(PersonName(text))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}
