//! GSTIN: 15 characters: the state code (2 digits), the holder's PAN (5 letters, 4 digits,
//! 1 letter), the entity number within the PAN (1-9 or A-Z), `Z`, and a check character
//! computed over the first 14 (a Luhn mod 36 sum, the GSTN's published algorithm).

use crate::states::State;

const ALPHABET: &[u8; 36] = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GstinError {
    #[error("A GSTIN has 15 characters: the state code, the PAN, the entity number, Z and a check character")]
    Format,
    #[error("This GSTIN's check character is wrong: please check it for a typing mistake")]
    CheckCharacter,
    #[error("This GSTIN's first two digits ({0}) are not the code of {1}")]
    OtherState(String, &'static str),
}

/// A GSTIN whose format and check character are valid.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Gstin(String);

impl Gstin {
    /// Reads a GSTIN, upper-casing it and ignoring surrounding spaces.
    pub fn parse(raw: &str) -> Result<Gstin, GstinError> {
        let text = raw.trim().to_ascii_uppercase();
        let b = text.as_bytes();
        let shape = b.len() == 15
            && b[0..2].iter().all(u8::is_ascii_digit)
            && b[2..7].iter().all(u8::is_ascii_uppercase)
            && b[7..11].iter().all(u8::is_ascii_digit)
            && b[11].is_ascii_uppercase()
            && (b[12].is_ascii_uppercase() || (b'1'..=b'9').contains(&b[12]))
            && b[13] == b'Z'
            && b[14].is_ascii_alphanumeric();
        if !shape || State::by_code((b[0] - b'0') * 10 + (b[1] - b'0')).is_none() {
            return Err(GstinError::Format);
        }
        if check_character(&b[..14]) != b[14] {
            return Err(GstinError::CheckCharacter);
        }
        Ok(Gstin(text))
    }

    /// Reads a GSTIN that must have been issued in `state`.
    pub fn parse_for(raw: &str, state: State) -> Result<Gstin, GstinError> {
        let gstin = Gstin::parse(raw)?;
        if gstin.state_code() != state.code {
            return Err(GstinError::OtherState(gstin.0[..2].to_owned(), state.name));
        }
        Ok(gstin)
    }

    pub fn state_code(&self) -> u8 {
        self.0[..2].parse().unwrap_or(0)
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// The check character of the first 14 characters: each character's value (0-9, A=10 …
/// Z=35) times 1 or 2 alternately, the quotient and remainder of each product by 36
/// summed, and the character that brings the sum to a multiple of 36.
fn check_character(first14: &[u8]) -> u8 {
    let sum: u32 = first14
        .iter()
        .enumerate()
        .map(|(i, c)| {
            let value = ALPHABET.iter().position(|a| a == c).unwrap_or(0) as u32;
            let product = value * if i % 2 == 0 { 1 } else { 2 };
            product / 36 + product % 36
        })
        .sum();
    ALPHABET[((36 - sum % 36) % 36) as usize]
}

#[cfg(test)]
mod tests {
    use super::*;

    /// GSTINs published as examples by the GST portal and tax guides.
    const VALID: [&str; 2] = ["27AAPFU0939F1ZV", "29AAGCB7383J1Z4"];

    #[test]
    fn published_gstins_pass_and_lower_case_is_read() {
        for raw in VALID {
            assert_eq!(Gstin::parse(raw).map(|g| g.as_str().to_owned()), Ok(raw.to_owned()));
        }
        assert_eq!(Gstin::parse(" 27aapfu0939f1zv ").map(|g| g.state_code()), Ok(27));
    }

    #[test]
    fn one_changed_character_is_caught_by_the_check() {
        let mut wrong = VALID[0].to_owned();
        wrong.replace_range(9..10, "8");
        assert_eq!(Gstin::parse(&wrong), Err(GstinError::CheckCharacter));
        // Two neighbours swapped.
        assert_eq!(Gstin::parse("27AAPFU9039F1ZV"), Err(GstinError::CheckCharacter));
    }

    #[test]
    fn wrong_shapes_and_unknown_state_codes_are_format_errors() {
        for raw in ["", "27AAPFU0939F1Z", "27AAPFU0939F1YV", "2AAAPFU0939F1ZV", "27AAP1U0939F1ZV", "99AAPFU0939F1ZV", "25AAPFU0939F1ZV", "27AAPFU0939F0ZV"] {
            assert_eq!(Gstin::parse(raw), Err(GstinError::Format), "{raw}");
        }
    }

    #[test]
    fn the_first_two_digits_must_be_the_states_code() {
        let maharashtra = State::by_name("Maharashtra").expect("listed");
        let karnataka = State::by_name("Karnataka").expect("listed");
        assert!(Gstin::parse_for(VALID[0], maharashtra).is_ok());
        assert_eq!(
            Gstin::parse_for(VALID[0], karnataka),
            Err(GstinError::OtherState("27".into(), "Karnataka"))
        );
    }
}
