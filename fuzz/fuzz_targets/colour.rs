//! Colour names and hex codes: an accepted colour always has a #RRGGBB swatch.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|input: (&str, &str)| {
    let (name, hex) = input;
    if let Ok(colour) = catalog::parse_colour(Some(name), Some(hex)) {
        let h = colour.hex.as_str();
        assert_eq!(h.len(), 7);
        assert!(h.starts_with('#') && h[1..].bytes().all(|b| b.is_ascii_hexdigit() && !b.is_ascii_lowercase()));
        assert!(!colour.name.is_empty() && colour.name.chars().count() <= 30);
    }
    if let Some(h) = catalog::parse_hex(name) {
        assert_eq!(h.len(), 7);
    }
});
