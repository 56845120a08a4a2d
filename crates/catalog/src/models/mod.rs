mod colour;
mod entities;
mod names;
mod variant;

pub use colour::{parse_colour, parse_hex, Colour};
pub use entities::{Category, CategoryNode, ImageRef, Product, ProductImage, Variant};
pub use names::{category_name, category_slug, description, product_name, slug_of, slugify, unique_slug};
pub use variant::{check_variants, check_variants_at, parse_sku, parse_variant, seen_stock, sku_key, VariantDraft, VariantInput, MAX_SKU_CHARS, MAX_STOCK};
