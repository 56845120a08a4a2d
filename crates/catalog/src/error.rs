use kernel::{MediaError, StoreError};

/// What a catalogue write can be refused for. Each case names the request field it
/// concerns (the API's own field names, so a form can point at it) and the HTTP layer
/// gives each its status and machine code.
#[derive(Debug, thiserror::Error)]
pub enum CatalogError {
    /// A value not in the form the API allows: missing, too long, wrong characters, not a
    /// number, a malformed colour code. The text is the sentence for the admin.
    #[error("{message}")]
    Invalid { field: &'static str, message: String },
    /// Well-formed values that break a rule of the catalogue (see [`Rule`]).
    #[error("{message}")]
    Rule { rule: Rule, field: &'static str, message: String },
    /// A sibling category already has that name (case-insensitively).
    #[error("A category named \"{name}\" already exists at this level")]
    NameTaken { field: &'static str, name: String },
    /// The category still has subcategories, or products: it cannot be deleted.
    #[error("{message}")]
    CategoryNotEmpty { holds: Holds, message: String },
    #[error("{0}")]
    NotFound(&'static str),
    /// The product is in orders not yet delivered: shipping one issues its tax invoice,
    /// which needs the product's HSN code, so the product stays until they are delivered or
    /// cancelled.
    #[error("{}", in_open_orders_message(.product, *.orders))]
    InOpenOrders { product: String, orders: u64 },
    /// The product is in return or exchange requests still open: their pieces come back to
    /// its variants, an approved exchange holds one of its pieces.
    #[error("{}", in_open_returns_message(.product, *.requests))]
    InOpenReturns { product: String, requests: u64 },
    /// A size an open return brings pieces back to, or an exchange sends: not removed.
    #[error("Size {size} ({color}) is in a return or exchange request still open: finish it before removing the size")]
    VariantInOpenReturns { size: String, color: String },
    /// An inline stock edit expected a stock the variant no longer has (an order took some
    /// meanwhile); `current` is what it holds now.
    #[error("The stock changed meanwhile: {current} left now. Please check and try again.")]
    StockChanged { current: i32 },
    /// The product form changed a size's stock, but the size no longer holds what the form
    /// showed (an order took some meanwhile); nothing of the save was written.
    #[error("The stock of size {size} ({color}) changed meanwhile: {current} left now. Please check and try again.")]
    VariantStockChanged { size: String, color: String, current: i32 },
    /// Another variant already has this SKU (SKUs are unique across the shop, ignoring case).
    #[error("SKU {sku} is already used by {product}")]
    SkuTaken { sku: String, product: String },
    /// A catalogue file with bad rows: each with its line and reason; nothing was changed.
    #[error("{} row(s) of the file cannot be imported; nothing was changed", .0.len())]
    Import(Vec<crate::transfer::RowError>),
    #[error(transparent)]
    Media(#[from] MediaError),
    #[error(transparent)]
    Storage(#[from] StoreError),
}

fn in_open_orders_message(product: &str, orders: u64) -> String {
    match orders {
        1 => format!("{product} is in 1 order not yet delivered: deliver or cancel it before deleting the product"),
        n => format!("{product} is in {n} orders not yet delivered: deliver or cancel them before deleting the product"),
    }
}

fn in_open_returns_message(product: &str, requests: u64) -> String {
    match requests {
        1 => format!("{product} is in 1 return or exchange request still open: finish it before deleting the product"),
        n => format!("{product} is in {n} return or exchange requests still open: finish them before deleting the product"),
    }
}

/// The rules of the catalogue a well-formed request can break.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Rule {
    /// A variant's discount is larger than its price.
    DiscountAbovePrice,
    /// The same size and colour (or the same variant id) is listed twice.
    DuplicateVariant,
    /// A colour name the shop has no swatch for, and no hex code given.
    UnknownColour,
    /// Fewer than one or more than the allowed images, counting the kept ones.
    ImageCount,
    /// The chosen category does not exist.
    UnknownCategory,
    /// An image or variant id that does not belong to this product.
    ForeignItem,
    /// A category placed inside itself or one of its subcategories.
    CategoryCycle,
    /// A line of the search synonym list that cannot be read.
    SynonymLine,
    /// A picture tagged with a colour the product's variants do not have, or more
    /// colours than new pictures.
    ImageColour,
}

impl Rule {
    /// The machine code the API sends for this rule.
    pub fn code(self) -> &'static str {
        match self {
            Rule::DiscountAbovePrice => "discount_above_price",
            Rule::DuplicateVariant => "duplicate_variant",
            Rule::UnknownColour => "unknown_colour",
            Rule::ImageCount => "image_count",
            Rule::UnknownCategory => "unknown_category",
            Rule::ForeignItem => "not_in_this_product",
            Rule::CategoryCycle => "category_cycle",
            Rule::SynonymLine => "invalid_synonyms",
            Rule::ImageColour => "image_colour",
        }
    }
}

/// What keeps a category from being deleted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Holds {
    Subcategories,
    Products,
}

impl CatalogError {
    pub fn invalid(field: &'static str, message: impl Into<String>) -> Self {
        CatalogError::Invalid { field, message: message.into() }
    }

    /// `category` still holds `count` subcategories or products.
    pub fn not_empty(holds: Holds, category: &str, count: usize) -> Self {
        let plural = count != 1;
        let message = match holds {
            Holds::Subcategories => format!(
                "\"{category}\" still has {count} subcategor{}: delete or move them first",
                if plural { "ies" } else { "y" }
            ),
            Holds::Products => format!(
                "\"{category}\" still has {count} product{}: delete them or move them to another category first",
                if plural { "s" } else { "" }
            ),
        };
        CatalogError::CategoryNotEmpty { holds, message }
    }

    pub fn rule(rule: Rule, field: &'static str, message: impl Into<String>) -> Self {
        CatalogError::Rule { rule, field, message: message.into() }
    }
}
