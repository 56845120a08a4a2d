//! Letters as people write them. Indian scripts write a name with marks on its letters: a
//! halant joins consonants (अर्जुन), a nukta, a vowel sign, a zero-width joiner; Latin names
//! may carry an accent typed separately (e + ◌́). These are part of the name, not symbols.

use unicode_general_category::{get_general_category, GeneralCategory};
use unicode_normalization::char::is_combining_mark;
use unicode_normalization::UnicodeNormalization;

const ZERO_WIDTH_NON_JOINER: char = '\u{200C}';
const ZERO_WIDTH_JOINER: char = '\u{200D}';

/// `text` in its composed form (NFC), so a name typed with a separate accent is stored as
/// every other copy of it.
pub fn composed(text: &str) -> String {
    text.nfc().collect()
}

/// A mark or joiner: written on the character before it, never on its own.
pub fn is_attached(c: char) -> bool {
    is_combining_mark(c) || matches!(c, ZERO_WIDTH_JOINER | ZERO_WIDTH_NON_JOINER)
}

/// A letter (or its mark) spelt in lower-case Latin letters and digits, for an address a
/// shopper can read and share (`deunicode`: क → `k`, ा → `aa`, é → `e`); a halant, a symbol
/// or an emoji spells nothing.
pub fn latin_spelling(c: char) -> String {
    if c.is_ascii_alphanumeric() {
        return c.to_ascii_lowercase().to_string();
    }
    if !(c.is_alphanumeric() || is_attached(c)) {
        return String::new();
    }
    deunicode::deunicode_char(c)
        .unwrap_or_default()
        .chars()
        .filter(char::is_ascii_alphanumeric)
        .map(|c| c.to_ascii_lowercase())
        .collect()
}

/// Every character is a letter or digit, a mark or joiner on the character before it, or
/// one `also` allows. A mark with nothing to sit on is not writing.
pub fn letters_and(text: &str, also: impl Fn(char) -> bool) -> bool {
    let mut previous_writes = false;
    text.chars().all(|c| {
        let attached = is_attached(c);
        let fits = c.is_alphanumeric() || (attached && previous_writes) || (!attached && also(c));
        previous_writes = c.is_alphanumeric() || attached;
        fits
    })
}

/// Text that prints as a person typed it (a name or an address on a parcel label or a tax
/// invoice): no control character, no invisible format character (a right-to-left override
/// makes the printed name read otherwise, a zero-width space hides in it), and marks and
/// joiners only on the character before them.
pub fn is_printable(text: &str) -> bool {
    letters_and(text, |c| !c.is_control() && get_general_category(c) != GeneralCategory::Format)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plain(text: &str) -> bool {
        letters_and(text, |c| c == ' ')
    }

    #[test]
    fn names_in_indian_scripts_are_letters() {
        for name in ["अर्जुन शर्मा", "प्रिया", "कृष्ण", "श्री", "முருகன்", "ਗੁਰਪ੍ਰੀਤ", "ಶ್ರೀ", "র‍্যাব", "José", "Jose\u{301}"] {
            assert!(plain(name), "{name}");
        }
    }

    #[test]
    fn marks_need_a_letter_and_symbols_stay_out() {
        for text in ["\u{94d}", " \u{301}", "Asha!", "a\u{200D}", "<b>"] {
            assert_eq!(plain(text), text == "a\u{200D}", "{text:?}");
        }
        assert!(!plain("-\u{301}"));
    }

    #[test]
    fn printable_text_keeps_punctuation_and_marks_but_not_invisible_characters() {
        for text in ["12/B, 2nd Cross (Near Temple) & Sons", "क्\u{200d}ष", "Jose\u{301} #4", "Flat 3-A, ठाणे"] {
            assert!(is_printable(text), "{text:?}");
        }
        for text in ["Asha\u{202e}oaR", "A\u{200b}B", "\u{94d}\u{905}", "Pune\u{2066}", "soft\u{ad}hyphen", "bom\u{feff}", "tab\there"] {
            assert!(!is_printable(text), "{text:?}");
        }
    }

    #[test]
    fn a_separate_accent_is_composed() {
        assert_eq!(composed("Jose\u{301}"), "Jos\u{e9}");
        assert_eq!(composed("अर्जुन"), "अर्जुन");
    }
}
