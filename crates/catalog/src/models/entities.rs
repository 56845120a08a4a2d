use chrono::{DateTime, Utc};
use kernel::{Money, Price};

/// A stored image as the catalogue refers to it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ImageRef {
    pub upload_id: String,
    pub filename: String,
    pub width: u32,
    pub height: u32,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Category {
    pub id: String,
    pub name: String,
    pub slug: String,
    pub description: String,
    pub parent_id: Option<String>,
    pub image: Option<ImageRef>,
    /// The HSN code of the goods in it (4 to 8 digits); its products inherit it, and a
    /// subcategory without one inherits its parent's.
    pub hsn_code: Option<String>,
    pub created_at: DateTime<Utc>,
}

/// A category with its subcategories, to any depth.
#[derive(Debug, Clone, PartialEq)]
pub struct CategoryNode {
    pub category: Category,
    pub children: Vec<CategoryNode>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct ProductImage {
    /// The product-image link id (what `deletedImageIds` names).
    pub id: String,
    pub image: ImageRef,
    pub position: i32,
    /// The colour the picture shows: one of the product's variant colours, or none.
    pub color: Option<String>,
}

/// A size/colour of a product with its stock and its price (what the shopper pays and the
/// saving against the MRP: `kernel::Price`).
#[derive(Debug, Clone, PartialEq)]
pub struct Variant {
    pub id: String,
    pub size: String,
    pub color: String,
    pub color_hex: String,
    pub stock: i32,
    pub price: Price,
    pub position: i32,
    /// The shop's own code for it: unique across the shop (ignoring case), optional.
    pub sku: Option<String>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Product {
    pub id: String,
    pub name: String,
    pub slug: String,
    pub description: String,
    pub is_best_seller: bool,
    pub category_id: String,
    pub category_name: String,
    /// The product's own HSN code; `None`: its category's.
    pub hsn_code: Option<String>,
    pub images: Vec<ProductImage>,
    pub variants: Vec<Variant>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

impl Product {
    /// The lowest price a shopper can pay for this product (zero without variants).
    pub fn min_price(&self) -> Money {
        self.variants.iter().map(|v| v.price.pay()).min().unwrap_or(Money::ZERO)
    }

    pub fn max_price(&self) -> Money {
        self.variants.iter().map(|v| v.price.pay()).max().unwrap_or(Money::ZERO)
    }

    pub fn in_stock(&self) -> bool {
        self.variants.iter().any(|v| v.stock > 0)
    }
}
