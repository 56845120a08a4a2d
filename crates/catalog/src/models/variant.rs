use std::collections::HashSet;

use kernel::{Money, Price};

use super::colour::parse_colour;
use crate::error::{CatalogError, Rule};

/// The request field that carries the variants: every variant error concerns it.
pub const VARIANTS: &str = "productVariants";

/// A variant row as the admin form sends it; every value is raw text.
#[derive(Debug, Clone, Default)]
pub struct VariantInput {
    /// Present for an existing variant (update), absent for a new one.
    pub id: Option<String>,
    pub size: Option<String>,
    pub color: Option<String>,
    pub color_hex: Option<String>,
    pub stock: Option<String>,
    pub original_price: Option<String>,
    pub discount_price: Option<String>,
    /// Empty or absent: no SKU.
    pub sku: Option<String>,
    /// A saved variant: the stock the editor showed (see [`VariantDraft::seen_stock`]).
    pub expected_stock: Option<String>,
}

/// A checked variant, ready to store.
#[derive(Debug, Clone, PartialEq)]
pub struct VariantDraft {
    pub id: Option<String>,
    pub size: String,
    pub color: String,
    pub color_hex: String,
    pub stock: i32,
    pub price: Price,
    pub sku: Option<String>,
    /// The stock the editor showed for this saved variant: `stock` equal to it leaves the
    /// stored stock alone (an order placed meanwhile stays taken); another figure is written
    /// only while the variant still holds this many. `None`: `stock` is written as it is.
    pub seen_stock: Option<i32>,
}

impl From<&super::Variant> for VariantDraft {
    /// A stored variant as it would be sent back unchanged.
    fn from(v: &super::Variant) -> Self {
        VariantDraft {
            id: Some(v.id.clone()),
            size: v.size.clone(),
            color: v.color.clone(),
            color_hex: v.color_hex.clone(),
            stock: v.stock,
            price: v.price,
            sku: v.sku.clone(),
            seen_stock: None,
        }
    }
}

/// The longest SKU.
pub const MAX_SKU_CHARS: usize = 40;

/// A SKU as typed: trimmed; empty is none; at most 40 ASCII letters, digits, `-`, `_`, `.`
/// or `/` (ASCII, so "ignoring case" means the same on every database).
pub fn parse_sku(raw: Option<&str>) -> Result<Option<String>, CatalogError> {
    let sku = raw.map(str::trim).unwrap_or("");
    if sku.is_empty() {
        return Ok(None);
    }
    if sku.chars().count() > MAX_SKU_CHARS || !sku.chars().all(|c| c.is_ascii_alphanumeric() || "-_./".contains(c)) {
        return Err(CatalogError::invalid(
            "sku",
            format!("SKU {sku} must be at most {MAX_SKU_CHARS} letters, digits, '-', '_', '.' or '/'"),
        ));
    }
    Ok(Some(sku.to_string()))
}

/// The key two SKUs are compared by (unique ignoring case).
pub fn sku_key(sku: &str) -> String {
    sku.to_ascii_lowercase()
}

/// The largest stock one variant may hold.
pub const MAX_STOCK: i64 = 1_000_000;

/// The stock an editor showed (`expectedStock`): a whole number from 0 to [`MAX_STOCK`].
pub fn seen_stock(raw: Option<&str>) -> Result<Option<i32>, CatalogError> {
    let Some(text) = raw.map(str::trim).filter(|t| !t.is_empty()) else {
        return Ok(None);
    };
    match text.parse::<i64>() {
        Ok(n) if (0..=MAX_STOCK).contains(&n) => Ok(i32::try_from(n).ok()),
        _ => Err(CatalogError::invalid(VARIANTS, "expectedStock must be a whole number of 0 or more")),
    }
}

fn text(v: &Option<String>) -> &str {
    v.as_deref().map(str::trim).unwrap_or("")
}

fn price(raw: &str, what: &str) -> Result<Money, CatalogError> {
    Money::parse_rupees(raw).map_err(|e| CatalogError::invalid(VARIANTS, format!("{what} {e}")))
}

pub fn parse_variant(input: &VariantInput) -> Result<VariantDraft, CatalogError> {
    let size = text(&input.size);
    if size.is_empty() {
        return Err(CatalogError::invalid(VARIANTS, "Size is required"));
    }
    if size.chars().count() > 20 || size.chars().any(char::is_control) {
        return Err(CatalogError::invalid(VARIANTS, "Size must be at most 20 characters"));
    }
    let colour = parse_colour(input.color.as_deref(), input.color_hex.as_deref())?;

    let stock_text = text(&input.stock);
    let stock_text = if stock_text.is_empty() { "0" } else { stock_text };
    let stock: i64 = stock_text
        .parse()
        .map_err(|_| CatalogError::invalid(VARIANTS, "Stock must be a whole number of 0 or more"))?;
    if stock < 0 {
        return Err(CatalogError::invalid(VARIANTS, "Stock must be a whole number of 0 or more"));
    }
    if stock > MAX_STOCK {
        let most = kernel::money::indian_grouping(MAX_STOCK.unsigned_abs());
        return Err(CatalogError::invalid(VARIANTS, format!("Stock may be at most {most} pieces")));
    }

    let original_text = text(&input.original_price);
    if original_text.is_empty() {
        return Err(CatalogError::invalid(VARIANTS, "Original Price is required"));
    }
    let original_price = price(original_text, "Original Price")?;
    let discount_text = text(&input.discount_price);
    let discount_price = if discount_text.is_empty() { Money::ZERO } else { price(discount_text, "Discount Price")? };
    if discount_price > original_price {
        return Err(CatalogError::rule(Rule::DiscountAbovePrice, VARIANTS, "Discount Price cannot be greater than Original Price"));
    }
    if original_price == Money::ZERO {
        return Err(CatalogError::invalid(VARIANTS, "Original Price must be greater than 0"));
    }
    Ok(VariantDraft {
        id: input.id.as_deref().map(str::trim).filter(|s| !s.is_empty()).map(str::to_string),
        size: size.to_string(),
        color: colour.name,
        color_hex: colour.hex,
        stock: stock as i32,
        price: Price::new(original_price, discount_price),
        sku: parse_sku(input.sku.as_deref())?,
        seen_stock: seen_stock(input.expected_stock.as_deref())?,
    })
}

/// Rules across the rows: at least one, at most 100, each size once per colour, no id twice.
pub fn check_variants(drafts: &[VariantDraft]) -> Result<(), CatalogError> {
    check_variants_at(drafts).map_err(|(_, e)| e)
}

/// [`check_variants`], also naming the row at fault: the one that repeats a size and colour
/// or an id, the 101st, or the first of none (a file's import points at its line).
pub fn check_variants_at(drafts: &[VariantDraft]) -> Result<(), (usize, CatalogError)> {
    const MOST: usize = 100;
    if drafts.is_empty() {
        return Err((0, CatalogError::invalid(VARIANTS, "Please add at least one variant")));
    }
    if drafts.len() > MOST {
        return Err((MOST, CatalogError::invalid(VARIANTS, format!("A product can have at most {MOST} variants"))));
    }
    let mut seen = HashSet::new();
    let mut ids = HashSet::new();
    for (at, d) in drafts.iter().enumerate() {
        if !seen.insert((d.color.to_lowercase(), d.size.to_lowercase())) {
            let message = format!("Size {} is listed more than once for the colour {}", d.size, d.color);
            return Err((at, CatalogError::rule(Rule::DuplicateVariant, VARIANTS, message)));
        }
        if let Some(id) = &d.id {
            if !ids.insert(id.clone()) {
                return Err((at, CatalogError::rule(Rule::DuplicateVariant, VARIANTS, "The same variant is listed twice")));
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(size: &str, color: &str, stock: &str, original: &str, discount: &str) -> VariantInput {
        VariantInput {
            id: None,
            size: Some(size.into()),
            color: Some(color.into()),
            color_hex: None,
            stock: Some(stock.into()),
            original_price: Some(original.into()),
            discount_price: Some(discount.into()),
            sku: None,
            expected_stock: None,
        }
    }

    fn message(input: VariantInput) -> String {
        parse_variant(&input).err().map(|e| e.to_string()).unwrap_or_default()
    }

    #[test]
    fn variant_rules_and_messages() {
        let ok = parse_variant(&row("M", "red", "5", "999.50", "200")).unwrap();
        assert_eq!((ok.stock, ok.price.pay().paise(), ok.price.saving().paise()), (5, 99_950, 20_000));
        assert_eq!(ok.color_hex, "#FF0000");
        assert_eq!(message(row("M", "red", "5", "100", "150")), "Discount Price cannot be greater than Original Price");
        assert_eq!(message(row("M", "red", "-1", "100", "0")), "Stock must be a whole number of 0 or more");
        assert_eq!(message(row("M", "red", "2.5", "100", "0")), "Stock must be a whole number of 0 or more");
        assert_eq!(message(row("M", "red", "1000001", "100", "0")), "Stock may be at most 10,00,000 pieces");
        assert!(parse_variant(&row("M", "red", "1000000", "100", "0")).is_ok());
        assert_eq!(message(row("M", "red", "1", "", "0")), "Original Price is required");
        assert_eq!(message(row("", "red", "1", "100", "0")), "Size is required");
        assert_eq!(message(row("M", "", "1", "100", "0")), "Colour is required");
        assert_eq!(message(row("M", "red", "1", "abc", "0")), "Original Price must be a number");
        assert_eq!(message(row("M", "red", "1", "10.999", "0")), "Original Price must have at most two decimals");
    }

    #[test]
    fn sizes_are_unique_within_a_colour() {
        let a = parse_variant(&row("M", "Red", "1", "100", "0")).unwrap();
        let b = parse_variant(&row("m", "red", "1", "100", "0")).unwrap();
        let c = parse_variant(&row("M", "Blue", "1", "100", "0")).unwrap();
        assert!(check_variants(&[a.clone(), c]).is_ok());
        assert!(check_variants(&[a, b]).is_err());
        assert_eq!(check_variants(&[]).err().map(|e| e.to_string()).as_deref(), Some("Please add at least one variant"));
    }
}
