use chrono::{DateTime, Utc};
use kernel::Money;

/// A product image as the cart shows it.
#[derive(Debug, Clone, PartialEq)]
pub struct ImageRef {
    pub id: String,
    pub url: String,
}

/// The catalogue variant as the storefront reads it: `original_price` is what the shopper
/// pays, `discount_price` the saving; the struck-through MRP is their sum.
#[derive(Debug, Clone, PartialEq)]
pub struct VariantView {
    pub id: String,
    pub size: String,
    pub color: String,
    pub color_hex: String,
    pub stock: i32,
    pub original_price: Money,
    pub discount_price: Money,
}

impl VariantView {
    pub fn mrp(&self) -> Money {
        self.original_price + self.discount_price
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct CartProduct {
    pub id: String,
    pub name: String,
    pub slug: String,
    pub images: Vec<ImageRef>,
}

/// One line of a cart, with today's catalogue data.
#[derive(Debug, Clone, PartialEq)]
pub struct CartLine {
    pub id: String,
    pub quantity: i32,
    pub product: CartProduct,
    pub variant: VariantView,
    pub added_at: DateTime<Utc>,
}

/// Subtotal = Σ MRP × qty, discount = Σ saving × qty, tax 0, total = Σ price × qty (what an
/// order charges). `item_count` is the number of pieces.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct CartSummary {
    pub subtotal: Money,
    pub discount: Money,
    pub tax: Money,
    pub total: Money,
    pub item_count: i64,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Cart {
    pub lines: Vec<CartLine>,
    pub summary: CartSummary,
}

impl Cart {
    pub fn new(lines: Vec<CartLine>) -> Cart {
        let summary = CartSummary {
            subtotal: lines.iter().map(|l| l.variant.mrp().times(i64::from(l.quantity))).sum(),
            discount: lines.iter().map(|l| l.variant.discount_price.times(i64::from(l.quantity))).sum(),
            tax: Money::ZERO,
            total: lines.iter().map(|l| l.variant.original_price.times(i64::from(l.quantity))).sum(),
            item_count: lines.iter().map(|l| i64::from(l.quantity)).sum(),
        };
        Cart { lines, summary }
    }
}

/// What the cart rules need to know about a variant.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VariantStock {
    pub id: String,
    pub product_id: String,
    pub stock: i32,
}

/// Whether an add made a new line or grew an existing one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AddOutcome {
    Added,
    Increased,
}

/// What a cart write guarded by the variant's stock did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Guarded<T> {
    /// Written: the line holds no more pieces than the stock.
    Written(T),
    /// Nothing changed: the line would have held more pieces than the variant's `stock`.
    Short { stock: i32 },
}

/// The catalogue's product shape, as the wishlist shows it.
#[derive(Debug, Clone, PartialEq)]
pub struct ProductSummary {
    pub id: String,
    pub name: String,
    pub slug: String,
    pub description: String,
    pub is_best_seller: bool,
    pub category_id: String,
    pub category_name: String,
    pub images: Vec<ProductImage>,
    pub variants: Vec<VariantView>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct ProductImage {
    pub id: String,
    pub upload_id: String,
    pub url: String,
}

#[derive(Debug, Clone, PartialEq)]
pub struct WishlistItem {
    pub product_id: String,
    pub product: ProductSummary,
}

/// A customer's wishlist; its id is the customer's id (one list per customer).
#[derive(Debug, Clone, PartialEq)]
pub struct Wishlist {
    pub user_id: String,
    pub items: Vec<WishlistItem>,
}
