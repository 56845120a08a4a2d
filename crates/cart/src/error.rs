use kernel::{CodRefusal, StoreError};

/// Every way a cart or wishlist use case can fail. The HTTP layer maps each to a status.
#[derive(Debug, thiserror::Error)]
pub enum CartError {
    #[error("Admin cannot add products to cart")]
    AdminCart,
    #[error("Admin cannot add products to wishlist")]
    AdminWishlist,
    #[error("{0}")]
    InvalidQuantity(&'static str),
    #[error("This size is out of stock")]
    OutOfStock,
    #[error("Only {left} left in stock")]
    NotEnoughStock { left: i32 },
    #[error("Product variant not found")]
    VariantNotFound,
    #[error("Product not found")]
    ProductNotFound,
    /// No such line in this customer's cart (another customer's line included).
    #[error("Cart item not found")]
    LineNotFound,
    /// A line or the cart's total would not fit in the shop's money type.
    #[error("The cart's total is too large")]
    TotalTooLarge,
    /// A cash-on-delivery rule (the only way to pay) refuses what the cart would hold.
    #[error(transparent)]
    Cod(CodRefusal),
    #[error(transparent)]
    Storage(#[from] StoreError),
}
