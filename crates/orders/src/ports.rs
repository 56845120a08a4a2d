//! The orders ports. Synchronous; the HTTP layer runs them on a blocking pool.

use kernel::StoreError;

use crate::error::OrdersError;
use crate::models::{
    Checkout, Customer, DeliveryStatus, NewOrder, Order, OutgoingEmail, PlaceOrderInput, PlaceRequest, PlacedOrder,
    Transition, TransitionOutcome,
};

/// Inbound port: the order use cases. Admin-only calls are guarded by the HTTP layer's
/// admin extractor; everything else is scoped to the signed-in customer.
pub trait OrdersApi: Send + Sync {
    /// Places a COD order from the customer's cart. Errors: `Invalid` (payment method,
    /// missing address, idempotency key), `EmptyCart`, `AddressNotFound`, `OutOfStock`
    /// (nothing changed), `AccountNotFound`, `Storage`. A failed e-mail is not an error.
    fn place(&self, customer: &Customer, input: PlaceOrderInput) -> Result<PlacedOrder, OrdersError>;
    /// The customer's orders, newest first.
    fn my_orders(&self, user_id: &str) -> Result<Vec<Order>, OrdersError>;
    /// Cancels the customer's own PENDING order and returns its stock, exactly once.
    /// Errors: `NotFound` (also another customer's), `CannotCancel`, `Storage`.
    fn cancel(&self, user_id: &str, order_id: &str) -> Result<Order, OrdersError>;
    /// Every order, newest first (admin).
    fn all_orders(&self) -> Result<Vec<Order>, OrdersError>;
    /// Moves an order to any status (admin). Errors: `Invalid` (unknown status),
    /// `NotFound`, `OutOfStock` (leaving CANCELED without the stock), `Busy`, `Storage`.
    fn set_status(&self, admin_id: &str, order_id: &str, status: &str) -> Result<Order, OrdersError>;
    /// How many orders are PENDING (admin dashboard).
    fn pending_count(&self) -> Result<u64, OrdersError>;
    /// Sends the confirmation of the customer's own order again, to the account's address.
    /// Errors: `NotFound`, `Mail`, `Storage`.
    fn resend_confirmation(&self, customer: &Customer, order_id: &str) -> Result<(), OrdersError>;
}

/// Outbound port: order storage.
pub trait OrderStore: Send + Sync {
    /// ONE transaction: reads the customer, their address `request.address_id`
    /// (`AddressNotFound` when it is not theirs) and their cart lines; calls `build` with
    /// them; takes each item's stock with a guarded write (`OutOfStock` naming the first
    /// item that is short); writes the order, its items and its first history entry;
    /// empties the cart. Any error rolls everything back. `Storage(Conflict)` when the
    /// idempotency key is already used by this customer.
    fn place(
        &self,
        request: &PlaceRequest,
        build: &dyn Fn(Checkout) -> Result<NewOrder, OrdersError>,
    ) -> Result<Order, OrdersError>;
    fn find(&self, order_id: &str) -> Result<Option<Order>, StoreError>;
    fn find_by_key(&self, user_id: &str, idempotency_key: &str) -> Result<Option<Order>, StoreError>;
    /// Newest first.
    fn for_user(&self, user_id: &str) -> Result<Vec<Order>, StoreError>;
    /// Newest first.
    fn all(&self) -> Result<Vec<Order>, StoreError>;
    /// ONE transaction: the guarded status update (only while the order is in
    /// `transition.from`), then the stock effect, then the history entry. `Stale` when the
    /// order was not in `from`; `OutOfStock` (rolled back) when stock cannot be taken again.
    fn transition(&self, transition: &Transition) -> Result<TransitionOutcome, OrdersError>;
    fn count_with_status(&self, status: DeliveryStatus) -> Result<u64, StoreError>;
}

/// Why an e-mail could not be handed over.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct MailError(pub String);

/// Outbound port: hands a finished e-mail to SMTP, a file outbox, ...
pub trait Mailer: Send + Sync {
    fn send(&self, email: &OutgoingEmail) -> Result<(), MailError>;
}
