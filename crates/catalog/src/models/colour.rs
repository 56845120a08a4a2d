//! Colours as admins type them: a name ("Navy Blue") or a hex code (#RGB / #RRGGBB).

use crate::error::CatalogError;

/// A colour name and the hex code shown as its swatch.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Colour {
    pub name: String,
    pub hex: String,
}

/// Names the shop knows a swatch for (CSS colours plus common fashion names).
const NAMED: &[(&str, &str)] = &[
    ("black", "#000000"), ("white", "#FFFFFF"), ("red", "#FF0000"), ("green", "#008000"),
    ("blue", "#0000FF"), ("yellow", "#FFFF00"), ("orange", "#FFA500"), ("purple", "#800080"),
    ("pink", "#FFC0CB"), ("brown", "#A52A2A"), ("grey", "#808080"), ("gray", "#808080"),
    ("navy", "#000080"), ("navy blue", "#000080"), ("maroon", "#800000"), ("olive", "#808000"),
    ("teal", "#008080"), ("beige", "#F5F5DC"), ("cream", "#FFFDD0"), ("ivory", "#FFFFF0"),
    ("khaki", "#C3B091"), ("mustard", "#FFDB58"), ("peach", "#FFE5B4"), ("coral", "#FF7F50"),
    ("charcoal", "#36454F"), ("silver", "#C0C0C0"), ("gold", "#FFD700"), ("lavender", "#E6E6FA"),
    ("magenta", "#FF00FF"), ("cyan", "#00FFFF"), ("turquoise", "#40E0D0"), ("indigo", "#4B0082"),
    ("violet", "#EE82EE"), ("rust", "#B7410E"), ("tan", "#D2B48C"), ("sky blue", "#87CEEB"),
    ("light blue", "#ADD8E6"), ("dark blue", "#00008B"), ("dark green", "#006400"),
    ("light green", "#90EE90"), ("olive green", "#556B2F"), ("bottle green", "#006A4E"),
    ("wine", "#722F37"), ("burgundy", "#800020"), ("off white", "#FAF9F6"), ("mint", "#98FF98"),
    ("lime", "#00FF00"), ("aqua", "#00FFFF"), ("fuchsia", "#FF00FF"), ("salmon", "#FA8072"),
    ("chocolate", "#D2691E"), ("camel", "#C19A6B"), ("denim", "#1560BD"), ("royal blue", "#4169E1"),
    ("rose", "#FF007F"), ("mauve", "#E0B0FF"), ("plum", "#DDA0DD"), ("multicolour", "#888888"),
];

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
            None => Err(CatalogError::invalid("Colour is required")),
        };
    }
    if name.starts_with('#') {
        return parse_hex(name)
            .map(|h| Colour { name: h.clone(), hex: h })
            .ok_or_else(|| CatalogError::invalid("Colour must be a name or a hex code like #F00 or #FF0000"));
    }
    let valid_name = name.chars().count() <= 30 && name.chars().all(|c| c.is_alphabetic() || c == ' ' || c == '-');
    if !valid_name {
        return Err(CatalogError::invalid("Colour must be a name or a hex code like #F00 or #FF0000"));
    }
    let swatch = match hex {
        Some(h) => Some(parse_hex(h).ok_or_else(|| CatalogError::invalid("Colour code must be a hex code like #F00 or #FF0000"))?),
        None => NAMED
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, h)| h.to_string()),
    };
    let hex = swatch.ok_or_else(|| {
        CatalogError::invalid(format!("Unknown colour \"{name}\": pick it with the colour picker or give a hex code"))
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
        return Err(CatalogError::invalid("Colour must be a name or a hex code like #F00 or #FF0000"));
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
}
