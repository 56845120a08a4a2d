//! HSN code: the Harmonised System number of the goods, 4 to 8 digits; the rate table is
//! keyed by its leading digits (chapter 61 is knitted apparel, 4202 bags).

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("An HSN code has 4 to 8 digits")]
pub struct HsnError;

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct HsnCode(String);

impl HsnCode {
    pub fn parse(raw: &str) -> Result<HsnCode, HsnError> {
        let text = raw.trim();
        if (4..=8).contains(&text.len()) && text.bytes().all(|b| b.is_ascii_digit()) {
            Ok(HsnCode(text.to_owned()))
        } else {
            Err(HsnError)
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
    fn four_to_eight_digits() {
        assert_eq!(HsnCode::parse(" 6109 ").map(|h| h.as_str().to_owned()), Ok("6109".into()));
        assert!(HsnCode::parse("62044290").is_ok());
        for raw in ["610", "620442901", "61O9", "", "61 09"] {
            assert_eq!(HsnCode::parse(raw), Err(HsnError), "{raw}");
        }
    }
}
