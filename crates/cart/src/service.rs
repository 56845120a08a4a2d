use kernel::{CartLineId, Money, ProductId, Role, StoreError, UserId, VariantId};

use crate::error::CartError;
use crate::models::{AddOutcome, Cart, Guarded, Wishlist};
use crate::ports::{CartApi, CartRepository, WishlistApi, WishlistRepository};

/// The most pieces of one variant a line may hold, whatever the stock.
pub const MAX_LINE_QUANTITY: i64 = 1000;

/// How long the cart names a line the owner took out, when the shopper does not dismiss it.
pub const REMOVED_LINES_SHOWN_DAYS: i64 = 30;

/// The cart use cases over any storage.
pub struct CartService<R> {
    repo: R,
    clock: kernel::Clock,
}

impl<R: CartRepository> CartService<R> {
    pub fn new(repo: R) -> Self {
        CartService { repo, clock: kernel::Clock::system() }
    }

    /// The same service reading the shop's time from `clock`.
    pub fn with_clock(mut self, clock: kernel::Clock) -> Self {
        self.clock = clock;
        self
    }

    /// The lines priced, for a rule to judge.
    fn priced(&self, user_id: &UserId) -> Result<Cart, CartError> {
        Cart::new(self.repo.lines(user_id)?).map_err(|_| CartError::TotalTooLarge)
    }

    /// The cart as the shopper sees it: the lines and what the owner took out lately.
    fn cart(&self, user_id: &UserId) -> Result<Cart, CartError> {
        let mut cart = self.priced(user_id)?;
        let since = self.clock.now() - chrono::Duration::days(REMOVED_LINES_SHOWN_DAYS);
        cart.removed = self.repo.removed_lines(user_id, since)?;
        Ok(cart)
    }
}

fn customer_only(role: Role) -> Result<(), CartError> {
    match role {
        Role::Admin => Err(CartError::AdminCart),
        Role::Customer => Ok(()),
    }
}

fn quantity(raw: i64) -> Result<i32, CartError> {
    if raw < 1 {
        return Err(CartError::InvalidQuantity("Quantity must be at least 1"));
    }
    if raw > MAX_LINE_QUANTITY {
        return Err(CartError::InvalidQuantity("Quantity may be at most 1000"));
    }
    i32::try_from(raw).map_err(|_| CartError::InvalidQuantity("Quantity may be at most 1000"))
}

/// Why `stock` pieces are not enough: none left is "out of stock"; otherwise it says how
/// many are left.
fn shortage(stock: i32) -> CartError {
    if stock <= 0 {
        CartError::OutOfStock
    } else {
        CartError::NotEnoughStock { left: stock }
    }
}

/// Stock rule for `wanted` pieces in total. The store enforces the same bound in its
/// guarded writes; this early check only spares a write that cannot succeed.
fn check_stock(wanted: i64, stock: i32) -> Result<(), CartError> {
    if stock <= 0 || wanted > i64::from(stock) {
        return Err(shortage(stock));
    }
    Ok(())
}

/// The cash-on-delivery rules a cart can be judged by before there is an address: at most
/// `max_units_per_line` pieces in the line, and a cart total (`others`, the rest of the
/// cart, plus this line) within the largest order.
fn cod_allows(rules: &kernel::CodRules, pieces: i64, item: &str, line: Money, others: Money) -> Result<(), CartError> {
    rules.check_units(pieces, item).map_err(CartError::Cod)?;
    let total = others.checked_add(line).map_err(|_| CartError::TotalTooLarge)?;
    rules.check_maximum(total).map_err(CartError::Cod)
}

impl<R: CartRepository> CartApi for CartService<R> {
    fn view(&self, user_id: &UserId, role: Role) -> Result<Cart, CartError> {
        customer_only(role)?;
        self.cart(user_id)
    }

    fn add(&self, user_id: &UserId, role: Role, variant_id: &VariantId, raw_quantity: i64) -> Result<(Cart, AddOutcome), CartError> {
        customer_only(role)?;
        let quantity = quantity(raw_quantity)?;
        if !variant_id.is_uuid() {
            return Err(CartError::VariantNotFound);
        }
        let (variant, rules) = self.repo.variant_with_rules(variant_id)?;
        let variant = variant.ok_or(CartError::VariantNotFound)?;
        check_stock(i64::from(quantity), variant.stock)?;
        let cart = self.priced(user_id)?;
        let (mut pieces, mut others) = (i64::from(quantity), Money::ZERO);
        for priced in &cart.lines {
            if priced.line.variant.id == variant.id {
                pieces += i64::from(priced.line.quantity);
            } else {
                others = others.checked_add(priced.amounts.pay).map_err(|_| CartError::TotalTooLarge)?;
            }
        }
        let line = variant.price.pay().checked_times(pieces).map_err(|_| CartError::TotalTooLarge)?;
        let item = format!("{} (size {})", variant.product_name, variant.size);
        cod_allows(&rules, pieces, &item, line, others)?;
        // Two tries: a concurrent add of the same variant may insert the line first; the
        // second try then grows that line (still within the stock).
        let mut written = self.repo.add(user_id, variant_id, quantity, self.clock.now());
        if let Err(StoreError::Conflict { .. }) = written {
            written = self.repo.add(user_id, variant_id, quantity, self.clock.now());
        }
        let outcome = match written? {
            Guarded::Written(outcome) => outcome,
            Guarded::Short { stock } => return Err(shortage(stock)),
        };
        Ok((self.cart(user_id)?, outcome))
    }

    fn update_quantity(&self, user_id: &UserId, role: Role, line_id: &CartLineId, raw_quantity: i64) -> Result<Cart, CartError> {
        customer_only(role)?;
        let quantity = quantity(raw_quantity)?;
        if !line_id.is_uuid() {
            return Err(CartError::LineNotFound);
        }
        let cart = self.priced(user_id)?;
        let this = cart.lines.iter().find(|l| line_id == l.line.id.as_str()).ok_or(CartError::LineNotFound)?;
        if quantity > this.line.quantity {
            // Fewer pieces are always allowed: they only bring the cart within the rules.
            let others = cart
                .lines
                .iter()
                .filter(|l| line_id != l.line.id.as_str())
                .try_fold(Money::ZERO, |sum, l| sum.checked_add(l.amounts.pay))
                .map_err(|_| CartError::TotalTooLarge)?;
            let line = this.line.variant.price.pay().checked_times(i64::from(quantity)).map_err(|_| CartError::TotalTooLarge)?;
            let item = format!("{} (size {})", this.line.product.name, this.line.variant.size);
            cod_allows(&self.repo.cod_rules()?, i64::from(quantity), &item, line, others)?;
        }
        match self.repo.set_quantity(user_id, line_id, quantity, self.clock.now())? {
            None => return Err(CartError::LineNotFound),
            Some(Guarded::Short { stock }) => return Err(shortage(stock)),
            Some(Guarded::Written(())) => {}
        }
        self.cart(user_id)
    }

    fn remove(&self, user_id: &UserId, role: Role, line_id: &CartLineId) -> Result<Cart, CartError> {
        customer_only(role)?;
        if !line_id.is_uuid() || !self.repo.remove(user_id, line_id)? {
            return Err(CartError::LineNotFound);
        }
        self.cart(user_id)
    }

    fn dismiss_removed(&self, user_id: &UserId, role: Role) -> Result<Cart, CartError> {
        customer_only(role)?;
        self.repo.forget_removed_lines(user_id)?;
        self.cart(user_id)
    }
}

/// The wishlist use cases over any storage.
pub struct WishlistService<R> {
    repo: R,
    clock: kernel::Clock,
}

impl<R: WishlistRepository> WishlistService<R> {
    pub fn new(repo: R) -> Self {
        WishlistService { repo, clock: kernel::Clock::system() }
    }

    /// The same service reading the shop's time from `clock`.
    pub fn with_clock(mut self, clock: kernel::Clock) -> Self {
        self.clock = clock;
        self
    }

    fn list(&self, user_id: &UserId) -> Result<Wishlist, CartError> {
        Ok(Wishlist { user_id: user_id.to_string(), items: self.repo.items(user_id)? })
    }
}

fn wishlist_customer_only(role: Role) -> Result<(), CartError> {
    match role {
        Role::Admin => Err(CartError::AdminWishlist),
        Role::Customer => Ok(()),
    }
}

impl<R: WishlistRepository> WishlistApi for WishlistService<R> {
    fn view(&self, user_id: &UserId, role: Role) -> Result<Wishlist, CartError> {
        wishlist_customer_only(role)?;
        self.list(user_id)
    }

    fn add(&self, user_id: &UserId, role: Role, product_id: &ProductId) -> Result<Wishlist, CartError> {
        wishlist_customer_only(role)?;
        if !product_id.is_uuid() || !self.repo.product_exists(product_id)? {
            return Err(CartError::ProductNotFound);
        }
        self.repo.add(user_id, product_id, self.clock.now())?;
        self.list(user_id)
    }

    fn remove(&self, user_id: &UserId, role: Role, product_id: &ProductId) -> Result<Wishlist, CartError> {
        wishlist_customer_only(role)?;
        if product_id.is_uuid() {
            self.repo.remove(user_id, product_id)?;
        }
        self.list(user_id)
    }
}

#[cfg(test)]
mod tests;
