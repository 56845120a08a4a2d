use chrono::{DateTime, Utc};
use kernel::{LineAmounts, Price, Totals};

/// A product image as the cart shows it.
#[derive(Debug, Clone, PartialEq)]
pub struct ImageRef {
    pub id: String,
    pub url: String,
}

/// The catalogue variant as the storefront reads it, with today's price.
#[derive(Debug, Clone, PartialEq)]
pub struct VariantView {
    pub id: String,
    pub size: String,
    pub color: String,
    pub color_hex: String,
    pub stock: i32,
    pub price: Price,
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

/// The cart's totals (`kernel::Totals`, what an order of these lines would charge) and
/// `item_count`, the number of pieces.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct CartSummary {
    pub totals: Totals,
    pub item_count: i64,
}

/// A cart line with what it comes to at today's price.
#[derive(Debug, Clone, PartialEq)]
pub struct PricedLine {
    pub line: CartLine,
    pub amounts: LineAmounts,
}

/// A line the cart lost because the owner deleted its product or removed its size: the
/// cart names it until the shopper dismisses the notice or places an order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RemovedLine {
    pub product_name: String,
    pub size: String,
    pub color: String,
    pub quantity: i32,
    pub removed_at: DateTime<Utc>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Cart {
    pub lines: Vec<PricedLine>,
    pub summary: CartSummary,
    /// Lines taken out by the owner lately, oldest first (see [`RemovedLine`]).
    pub removed: Vec<RemovedLine>,
}

impl Cart {
    /// Prices the lines; `TooLarge` when a line or a total would not fit in paise.
    pub fn new(lines: Vec<CartLine>) -> Result<Cart, kernel::MoneyError> {
        let priced = |l: &CartLine| (l.variant.price, i64::from(l.quantity));
        let summary = CartSummary {
            totals: Totals::of(lines.iter().map(priced))?,
            item_count: lines.iter().map(|l| i64::from(l.quantity)).sum(),
        };
        let lines = lines
            .into_iter()
            .map(|line| {
                let (price, quantity) = priced(&line);
                Ok(PricedLine { amounts: price.line(quantity)?, line })
            })
            .collect::<Result<_, kernel::MoneyError>>()?;
        Ok(Cart { lines, summary, removed: Vec::new() })
    }
}

/// What the cart rules need to know about a variant.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VariantStock {
    pub id: String,
    pub product_id: String,
    pub stock: i32,
    /// The product's name and the variant's size, as a refusal names the item.
    pub product_name: String,
    pub size: String,
    pub price: kernel::Price,
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
