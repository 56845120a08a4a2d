//! The cart and wishlist ports. Synchronous; the HTTP layer runs them on a blocking pool.

use chrono::{DateTime, Utc};
use kernel::{CartLineId, CodRules, ProductId, Role, StoreError, UserId, VariantId};

use crate::error::CartError;
use crate::models::{AddOutcome, Cart, CartLine, Guarded, RemovedLine, VariantStock, Wishlist, WishlistItem};

/// Inbound port: the signed-in user's cart. Every call by an ADMIN is `AdminCart`.
pub trait CartApi: Send + Sync {
    /// Errors: `AdminCart`, `Storage`.
    fn view(&self, user_id: &UserId, role: Role) -> Result<Cart, CartError>;
    /// Adds `quantity` pieces; an existing line for the variant grows. Errors: `AdminCart`,
    /// `InvalidQuantity`, `VariantNotFound`, `OutOfStock`, `NotEnoughStock`, `Cod` (more
    /// pieces in the line than allowed, or a cart above the cash-on-delivery maximum), `Storage`.
    fn add(&self, user_id: &UserId, role: Role, variant_id: &VariantId, quantity: i64) -> Result<(Cart, AddOutcome), CartError>;
    /// Sets a line's quantity (1 to the stock). Errors: `AdminCart`, `InvalidQuantity`,
    /// `LineNotFound` (also for another customer's line), `OutOfStock`, `NotEnoughStock`,
    /// `Cod` (as for `add`), `Storage`.
    fn update_quantity(&self, user_id: &UserId, role: Role, line_id: &CartLineId, quantity: i64) -> Result<Cart, CartError>;
    /// Errors: `AdminCart`, `LineNotFound`, `Storage`.
    fn remove(&self, user_id: &UserId, role: Role, line_id: &CartLineId) -> Result<Cart, CartError>;
    /// Forgets the lines the owner took out (`Cart::removed`). Errors: `AdminCart`, `Storage`.
    fn dismiss_removed(&self, user_id: &UserId, role: Role) -> Result<Cart, CartError>;
}

/// Inbound port: the signed-in user's wishlist. Every call by an ADMIN is `AdminWishlist`.
pub trait WishlistApi: Send + Sync {
    fn view(&self, user_id: &UserId, role: Role) -> Result<Wishlist, CartError>;
    /// Adding a product twice keeps one entry. Errors: `AdminWishlist`, `ProductNotFound`, `Storage`.
    fn add(&self, user_id: &UserId, role: Role, product_id: &ProductId) -> Result<Wishlist, CartError>;
    /// Removing a product that is not in the list changes nothing. Errors: `AdminWishlist`, `Storage`.
    fn remove(&self, user_id: &UserId, role: Role, product_id: &ProductId) -> Result<Wishlist, CartError>;
}

/// Outbound port: cart storage. Every method is scoped to one user: a line of another
/// user is never read, changed or deleted.
pub trait CartRepository: Send + Sync {
    /// The user's lines with today's product and variant data, oldest first.
    fn lines(&self, user_id: &UserId) -> Result<Vec<CartLine>, StoreError>;
    /// The variant (`None`: no such variant) and the owner's cash-on-delivery rules, read
    /// together: an add needs both.
    fn variant_with_rules(&self, variant_id: &VariantId) -> Result<(Option<VariantStock>, CodRules), StoreError>;
    /// The owner's cash-on-delivery rules (pieces per line, the largest order).
    fn cod_rules(&self) -> Result<CodRules, StoreError>;
    /// Grows the user's line for the variant by `quantity`, or inserts one, with ONE
    /// guarded write that succeeds only while the line stays within the variant's stock
    /// (however many adds run at once); `Short` with the stock otherwise, nothing changed.
    /// Errors: `Conflict` when a concurrent add inserted the line first (try again).
    fn add(&self, user_id: &UserId, variant_id: &VariantId, quantity: i32, now: DateTime<Utc>) -> Result<Guarded<AddOutcome>, StoreError>;
    /// Sets the quantity of the user's line with ONE guarded write that succeeds only while
    /// it is within the variant's stock. `None` when the user has no such line.
    fn set_quantity(&self, user_id: &UserId, line_id: &CartLineId, quantity: i32, now: DateTime<Utc>) -> Result<Option<Guarded<()>>, StoreError>;
    /// False when the user has no such line.
    fn remove(&self, user_id: &UserId, line_id: &CartLineId) -> Result<bool, StoreError>;
    /// The lines the user's cart lost since `since` because the owner deleted the product or
    /// removed the size (recorded by the catalogue's write), oldest first.
    fn removed_lines(&self, user_id: &UserId, since: DateTime<Utc>) -> Result<Vec<RemovedLine>, StoreError>;
    /// Forgets every line the user's cart lost.
    fn forget_removed_lines(&self, user_id: &UserId) -> Result<(), StoreError>;
}

/// Outbound port: wishlist storage, scoped to one user like the cart.
pub trait WishlistRepository: Send + Sync {
    fn product_exists(&self, product_id: &ProductId) -> Result<bool, StoreError>;
    /// The user's saved products in the catalogue's shape, oldest first.
    fn items(&self, user_id: &UserId) -> Result<Vec<WishlistItem>, StoreError>;
    /// Saves the product; saving it again changes nothing.
    fn add(&self, user_id: &UserId, product_id: &ProductId, now: DateTime<Utc>) -> Result<(), StoreError>;
    fn remove(&self, user_id: &UserId, product_id: &ProductId) -> Result<(), StoreError>;
}
