//! Colours as admins type them: a name ("Navy Blue") or a hex code (#RGB / #RRGGBB).

use std::collections::HashMap;
use std::sync::LazyLock;

use super::variant::VARIANTS;
use crate::error::{CatalogError, Rule};

/// A colour name and the hex code shown as its swatch.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Colour {
    pub name: String,
    pub hex: String,
}

/// The shop's one colour list (`frontend/src/lib/colours.json`): the 148 CSS named colours
/// and the shop's own names, shared with the back office so a name typed there gets the
/// same swatch here.
const COLOURS_JSON: &str = include_str!("../../../../frontend/src/lib/colours.json");

/// The list keyed by [`name_key`]. The file is a flat JSON object of plain strings (its
/// comment says so and `the_list_is_plain_strings` checks it), so its strings are the
/// pieces between double quotes, in pairs: this spares the domain crate a JSON library.
static NAMED: LazyLock<HashMap<String, &'static str>> = LazyLock::new(|| {
    let strings: Vec<&'static str> = COLOURS_JSON.split('"').skip(1).step_by(2).collect();
    strings
        .chunks_exact(2)
        .filter(|pair| !pair[0].starts_with('$'))
        .map(|pair| (name_key(pair[0]), pair[1]))
        .collect()
});

/// How names are compared: case, spaces and hyphens do not matter ("Off-white" is "Off White").
fn name_key(name: &str) -> String {
    name.chars().filter(|c| !c.is_whitespace() && *c != '-').flat_map(char::to_lowercase).collect()
}

/// The swatch of a known colour name, as upper-case `#RRGGBB`.
pub fn hex_for_name(name: &str) -> Option<String> {
    NAMED.get(&name_key(name)).and_then(|hex| parse_hex(hex))
}

/// Reads `hex` as #RGB or #RRGGBB (the # is optional) into upper-case #RRGGBB.
pub fn parse_hex(raw: &str) -> Option<String> {
    let digits = raw.trim().strip_prefix('#').unwrap_or(raw.trim());
    if !digits.chars().all(|c| c.is_ascii_hexdigit()) {
        return None;
    }
    let full = match digits.len() {
        3 => digits.chars().flat_map(|c| [c, c]).collect::<String>(),
        6 => digits.to_string(),
        _ => return None,
    };
    Some(format!("#{}", full.to_ascii_uppercase()))
}

/// `color` may be a name or a hex code; `hex` (optional) is the picked swatch.
pub fn parse_colour(color: Option<&str>, hex: Option<&str>) -> Result<Colour, CatalogError> {
    let name = color.map(str::trim).unwrap_or("");
    let hex = hex.map(str::trim).filter(|h| !h.is_empty());
    if name.is_empty() {
        return match hex.and_then(parse_hex) {
            Some(h) => Ok(Colour { name: h.clone(), hex: h }),
            None => Err(CatalogError::invalid(VARIANTS, "Colour is required")),
        };
    }
    if name.starts_with('#') {
        return parse_hex(name)
            .map(|h| Colour { name: h.clone(), hex: h })
            .ok_or_else(|| CatalogError::invalid(VARIANTS, "Colour must be a name or a hex code like #F00 or #FF0000"));
    }
    let valid_name = name.chars().count() <= 30 && name.chars().all(|c| c.is_alphabetic() || c == ' ' || c == '-');
    if !valid_name {
        return Err(CatalogError::invalid(VARIANTS, "Colour must be a name or a hex code like #F00 or #FF0000"));
    }
    let swatch = match hex {
        Some(h) => Some(parse_hex(h).ok_or_else(|| CatalogError::invalid(VARIANTS, "Colour code must be a hex code like #F00 or #FF0000"))?),
        None => hex_for_name(name),
    };
    let hex = swatch.ok_or_else(|| {
        CatalogError::rule(Rule::UnknownColour, VARIANTS, format!("Unknown colour \"{name}\": pick it with the colour picker or give a hex code"))
    })?;
    let mut display = String::new();
    for word in name.split_whitespace() {
        if !display.is_empty() {
            display.push(' ');
        }
        let mut chars = word.chars();
        if let Some(first) = chars.next() {
            display.extend(first.to_uppercase());
            display.push_str(&chars.as_str().to_lowercase());
        }
    }
    // Title-casing can lengthen a name (`ẚ` becomes two letters), so the limit is checked on
    // the name as it will be stored. Found by `make fuzz`.
    if display.chars().count() > 30 {
        return Err(CatalogError::invalid(VARIANTS, "Colour must be a name or a hex code like #F00 or #FF0000"));
    }
    Ok(Colour { name: display, hex })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_hex_codes() {
        assert_eq!(parse_colour(Some("navy blue"), None).ok(), Some(Colour { name: "Navy Blue".into(), hex: "#000080".into() }));
        assert_eq!(parse_colour(Some("#f00"), None).ok().map(|c| c.hex), Some("#FF0000".into()));
        assert_eq!(parse_colour(Some("#A1b2C3"), None).ok().map(|c| c.hex), Some("#A1B2C3".into()));
        assert_eq!(parse_colour(Some("Sunset"), Some("#ff8800")).ok().map(|c| c.hex), Some("#FF8800".into()));
        assert_eq!(parse_colour(None, Some("#123")).ok().map(|c| c.name), Some("#112233".into()));
        for bad in ["#ff", "#ff00", "#gggggg", "#1234567", "red;drop"] {
            assert!(parse_colour(Some(bad), None).is_err(), "{bad}");
        }
        assert!(parse_colour(Some("Sunset"), None).is_err(), "unknown name without a swatch");
        // From the fuzzer: 30 characters that grow when title-cased are refused, not stored longer.
        let growing = "ẚ".repeat(30);
        assert!(parse_colour(Some(&growing), Some("#000")).is_err());
        assert!(parse_colour(Some(&"ẚ".repeat(15)), Some("#000")).is_ok_and(|c| c.name.chars().count() <= 30));
        assert_eq!(parse_colour(Some(""), None).err().map(|e| e.to_string()).as_deref(), Some("Colour is required"));
    }

    #[test]
    fn shop_names_get_their_own_swatch() {
        // The back office fills the same hex from the same list (variants.test.ts).
        assert_eq!(parse_colour(Some("Mustard"), None).ok(), Some(Colour { name: "Mustard".into(), hex: "#FFDB58".into() }));
        assert_eq!(hex_for_name("off-white").as_deref(), Some("#FAF9F6"));
        assert_eq!(hex_for_name("Bottle Green").as_deref(), Some("#006A4E"));
        assert_eq!(hex_for_name("rebeccapurple").as_deref(), Some("#663399"));
        assert_eq!(hex_for_name("Light Goldenrod Yellow").as_deref(), Some("#FAFAD2"));
        assert_eq!(hex_for_name("Sunset"), None);
    }

    #[test]
    fn the_list_is_plain_strings() {
        assert!(!COLOURS_JSON.contains('\\'), "no escapes: the list is read by splitting at quotes");
        // 148 CSS names plus the shop's own, each a valid hex code, no name twice.
        let entries = COLOURS_JSON.matches("\": \"#").count();
        assert!(entries >= 148 + 10, "{entries} entries");
        assert_eq!(NAMED.len(), entries, "every entry is read and no name repeats");
        assert!(NAMED.values().all(|hex| parse_hex(hex).is_some()));
    }
}
