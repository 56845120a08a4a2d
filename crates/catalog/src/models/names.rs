use crate::error::CatalogError;

/// A category name: required, letters (with their marks, in any script: [`kernel::text`]),
/// digits and spaces only, at most 50 characters; stored composed (NFC).
pub fn category_name(raw: Option<&str>) -> Result<String, CatalogError> {
    let text = kernel::text::composed(raw.map(str::trim).unwrap_or(""));
    let text = text.as_str();
    if text.is_empty() {
        return Err(CatalogError::invalid("name", "Please fill the category name."));
    }
    if !kernel::text::letters_and(text, |c| c == ' ') {
        return Err(CatalogError::invalid("name", "Category name may contain only letters, digits and spaces"));
    }
    if text.chars().count() > 50 {
        return Err(CatalogError::invalid("name", "Category name must be at most 50 characters"));
    }
    Ok(collapse_spaces(text))
}

/// A product name: required, at most 120 characters, no control characters.
pub fn product_name(raw: Option<&str>) -> Result<String, CatalogError> {
    let text = raw.map(str::trim).unwrap_or("");
    if text.is_empty() {
        return Err(CatalogError::invalid("productName", "Please fill Product Name"));
    }
    if text.chars().count() > 120 || text.chars().any(char::is_control) {
        return Err(CatalogError::invalid("productName", "Product name must be at most 120 characters of plain text"));
    }
    Ok(collapse_spaces(text))
}

/// A description: optional, at most 5000 characters.
pub fn description(raw: Option<&str>) -> Result<String, CatalogError> {
    let text = raw.map(str::trim).unwrap_or("");
    if text.chars().count() > 5000 {
        return Err(CatalogError::invalid("description", "Description must be at most 5000 characters"));
    }
    Ok(text.to_string())
}

fn collapse_spaces(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// URL-safe form of a name: lower case ASCII letters and digits joined by single hyphens.
/// A name in another script is spelt in Latin letters first (`deunicode`: कुर्ता → kurtaa), so
/// its address is one a shopper can read and share; a name with nothing to spell is `item`.
pub fn slugify(text: &str) -> String {
    slug_of(text).unwrap_or_else(|| "item".to_string())
}

/// The slug `text` spells, if it spells any: `!!!` and `---` spell none.
pub fn slug_of(text: &str) -> Option<String> {
    let mut slug = String::new();
    for c in text.chars() {
        // Letter by letter, so a vowel sign joins its consonant (साड़ी → saaddii).
        let spelt = kernel::text::latin_spelling(c);
        if !spelt.is_empty() {
            slug.push_str(&spelt);
        } else if kernel::text::is_attached(c) {
            continue; // a halant or a nukta spells nothing of its own
        } else if !slug.ends_with('-') && !slug.is_empty() {
            slug.push('-');
        }
    }
    let slug = slug.trim_end_matches('-');
    (!slug.is_empty()).then(|| slug.to_string())
}

/// `base`, or `base-2`, `base-3`, ... whichever `taken` does not contain.
pub fn unique_slug(base: &str, taken: impl Fn(&str) -> bool) -> String {
    if !taken(base) {
        return base.to_string();
    }
    (2..)
        .map(|n| format!("{base}-{n}"))
        .find(|candidate| !taken(candidate))
        .unwrap_or_else(|| format!("{base}-{}", kernel::new_id()))
}

/// A category's slug: its parent's slug and its own name (`men-shirts`), or `base-2`, ...
/// when `taken` holds that.
pub fn category_slug(parent_slug: Option<&str>, name: &str, taken: impl Fn(&str) -> bool) -> String {
    let base = match parent_slug {
        Some(parent) => format!("{parent}-{}", slugify(name)),
        None => slugify(name),
    };
    unique_slug(&base, taken)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn message<T>(r: Result<T, CatalogError>) -> String {
        r.err().map(|e| e.to_string()).unwrap_or_default()
    }

    #[test]
    fn category_names() {
        assert_eq!(category_name(Some("  Men   Shirts ")).ok().as_deref(), Some("Men Shirts"));
        assert_eq!(message(category_name(None)), "Please fill the category name.");
        assert_eq!(message(category_name(Some("   "))), "Please fill the category name.");
        assert_eq!(message(category_name(Some("Men & Women"))), "Category name may contain only letters, digits and spaces");
        assert!(category_name(Some("Kurtis 2026")).is_ok());
    }

    #[test]
    fn product_names_and_slugs() {
        assert_eq!(message(product_name(Some(""))), "Please fill Product Name");
        assert_eq!(slugify("Classic Oxford Shirt (Blue)"), "classic-oxford-shirt-blue");
        assert_eq!(slugify("!! --"), "item");
        assert_eq!(slug_of("!! --"), None);
        assert_eq!(slugify("कुर्ता"), "kurtaa");
        assert_eq!(slugify("रेशमी साड़ी 🌸"), "reshmii-saaddii");
        assert_eq!(slugify("Zoë's Café"), "zoe-s-cafe");
        let taken = ["shirt", "shirt-2"];
        assert_eq!(unique_slug("shirt", |s| taken.contains(&s)), "shirt-3");
        assert_eq!(unique_slug("dress", |s| taken.contains(&s)), "dress");
    }
}
