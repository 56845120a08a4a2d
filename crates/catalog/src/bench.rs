//! The shape of the bench catalogue: `cargo xtask seed-bench` writes it to a database, the
//! search figures and the judged searches build it in memory. One place for its rules, so
//! what is measured and judged is what `make bench` serves.

use std::sync::Arc;

use chrono::{DateTime, Duration, TimeZone, Utc};
use kernel::{Money, Price};

use crate::models::{Category, Product, Variant};
use crate::snapshot::CatalogSnapshot;

pub const ADJECTIVES: &[&str] = &["Classic", "Slim", "Relaxed", "Printed", "Striped", "Linen", "Cotton", "Silk", "Denim", "Festive", "Everyday", "Premium"];
pub const NOUNS: &[&str] = &["Shirt", "Tee", "Kurta", "Dress", "Kurti", "Saree", "Jeans", "Chinos", "Scarf", "Jacket", "Polo", "Skirt"];
pub const COLOURS: &[(&str, &str)] = &[("Navy Blue", "#000080"), ("Maroon", "#800000"), ("Black", "#000000"), ("White", "#FFFFFF"), ("Olive", "#808000"), ("Mustard", "#FFDB58"), ("Teal", "#008080"), ("Peach", "#FFE5B4")];
pub const SIZES: &[&str] = &["S", "M", "L", "XL", "XXL"];
pub const VARIANTS_PER_PRODUCT: usize = 4;

/// When the catalogue starts; product `p` is created `p` seconds later.
pub fn start() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 1, 1, 0, 0, 0).single().unwrap_or_else(Utc::now)
}

/// The stock variant `v` of product `p` starts with; `make bench` checks after its order
/// runs that stock + units sold still equals it (scripts/bench/bench.py has the same rule).
pub fn initial_stock(p: usize, v: usize) -> i32 {
    if (p + v).is_multiple_of(9) { 0 } else { 1_000 }
}

pub fn category_id(c: usize) -> String {
    format!("00000000-0000-4000-8000-{c:012}")
}

/// Ten top categories, the rest spread below them.
pub fn categories(count: usize) -> Vec<Category> {
    let tops = count.clamp(1, 10);
    (0..count.max(1))
        .map(|c| Category {
            id: category_id(c),
            name: format!("Category {c}"),
            slug: format!("category-{c}"),
            description: format!("Everything in category {c}"),
            parent_id: (c >= tops).then(|| category_id(c % tops)),
            image: None,
            hsn_code: None,
            created_at: start(),
        })
        .collect()
}

pub fn product_name(p: usize) -> String {
    format!("{} {} {p}", ADJECTIVES[p % ADJECTIVES.len()], NOUNS[(p / 7) % NOUNS.len()])
}

/// Product `p` of a catalogue with `category_count` categories, without pictures.
pub fn product(p: usize, category_count: usize) -> Product {
    let name = product_name(p);
    let (colour, hex) = COLOURS[p % COLOURS.len()];
    let price = 499 + (p % 40) as i64 * 50;
    let created = start() + Duration::seconds(p as i64);
    Product {
        id: format!("10000000-0000-4000-8000-{p:012}"),
        description: format!("{name}: soft, breathable and made to last. Style number {p}."),
        name,
        slug: format!("product-{p}"),
        is_best_seller: p.is_multiple_of(11),
        category_id: category_id(p % category_count.max(1)),
        category_name: String::new(),
        hsn_code: None,
        images: vec![],
        variants: (0..VARIANTS_PER_PRODUCT)
            .map(|v| Variant {
                id: format!("30000000-0000-4000-{v:04}-{p:012}"),
                size: SIZES[v % SIZES.len()].into(),
                color: colour.into(),
                color_hex: hex.into(),
                stock: initial_stock(p, v),
                price: Price::new(Money::from_paise(price * 100), Money::from_paise(if p.is_multiple_of(3) { 10_000 } else { 0 })),
                position: v as i32,
                sku: None,
            })
            .collect(),
        created_at: created,
        updated_at: created,
    }
}

/// The whole catalogue in memory, as the shop would load it.
pub fn snapshot(product_count: usize, category_count: usize) -> CatalogSnapshot {
    let products = (0..product_count).map(|p| Arc::new(product(p, category_count))).collect();
    CatalogSnapshot::build(1, categories(category_count), products)
}
