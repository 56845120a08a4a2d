//! The orders ports. Synchronous; the HTTP layer runs them on a blocking pool.

use kernel::{OrderId, StoreError, UserId};

use crate::error::OrdersError;
use crate::listing::{
    BulkOutcome, DaySales, OrderFilter, OrderPage, OrderSearch, OrderSort, SalesFigures, StatusCounts, MAX_BULK_ORDERS,
};
use kernel::PageRequest;
use crate::invoice::{DocumentKind, TaxDocument};
use crate::models::{
    Checkout, Customer, DeliveryStatus, NewOrder, Order, PlaceOrderInput, PlaceRequest, Placed, PlacedOrder,
    NewStatus, Resend, ResendAttempt, Transition, TransitionOutcome,
};

/// Outbound port: where the shop wants to hear of each new order (the company's contact
/// e-mail), read at every order so that a change of address applies at once.
pub trait OrderDesk: Send + Sync {
    fn address(&self) -> Option<String>;
}

/// Inbound port: the order use cases. Admin-only calls are guarded by the HTTP layer's
/// admin extractor; everything else is scoped to the signed-in customer.
pub trait OrdersApi: Send + Sync {
    /// Places a COD order from the customer's cart. Errors: `Invalid` (payment method,
    /// missing address, idempotency key), `EmptyCart` (also for every placement but one
    /// from the same cart at once), `CartChanged`, `AddressNotFound`, `OutOfStock`
    /// (nothing changed), `TotalTooLarge`, `AccountNotFound`, `Storage`. A failed e-mail is
    /// not an error.
    fn place(&self, customer: &Customer, input: PlaceOrderInput) -> Result<PlacedOrder, OrdersError>;
    /// A page of the customer's orders, newest first (`counts` over all of them).
    fn my_orders(&self, user_id: &UserId, page: PageRequest) -> Result<OrderPage, OrdersError>;
    /// Cancels the customer's own PENDING order and returns its stock, exactly once.
    /// Errors: `NotFound` (also another customer's), `CannotCancel`, `Storage`.
    fn cancel(&self, user_id: &UserId, order_id: &OrderId) -> Result<Order, OrdersError>;
    /// Why the customer's account cannot be deleted yet: an order of theirs not yet
    /// delivered or cancelled (its courier and its invoice need the account). `None` when
    /// no order holds it. Errors: `Storage`.
    fn holds_account(&self, user_id: &UserId) -> Result<Option<String>, OrdersError>;
    /// A page of the orders matching `search`, with the count per status for the same
    /// search without its status (admin). Errors: `Rule` (`from` after `to`), `Storage`.
    fn list_orders(&self, search: OrderSearch) -> Result<OrderPage, OrdersError>;
    /// The next [`crate::listing::EXPORT_BATCH`] orders matching `search` (its sort and
    /// page aside), oldest first, placed after `after` (the last order of the previous
    /// batch); fewer at the end (admin export). Errors: `Rule` (`from` after `to`), `Storage`.
    fn export_orders(&self, search: &OrderSearch, after: Option<&crate::listing::ExportCursor>) -> Result<Vec<Order>, OrdersError>;
    /// Moves an order to any status (admin). Errors: `Invalid` (unknown status),
    /// `NotFound`, `OutOfStock` (leaving CANCELED without the stock), `StatusChanged` (not
    /// the status seen, or changed while this change was made), `State`, `Storage`.
    fn set_status(&self, admin_id: &UserId, order_id: &OrderId, change: &NewStatus) -> Result<Order, OrdersError>;
    /// Moves each order to `status` through this API's own [`OrdersApi::set_status`] (so
    /// every rule and effect of a single change applies, also those a wrapper adds), one
    /// result per distinct id in the given order, each with the status the admin saw it in
    /// when given; one order's refusal does not stop the others (admin). Errors for the
    /// whole call: `Invalid` (unknown status, no ids, more than `MAX_BULK_ORDERS`).
    fn set_status_many(&self, admin_id: &UserId, orders: &[(OrderId, Option<String>)], status: &str) -> Result<Vec<BulkOutcome>, OrdersError> {
        DeliveryStatus::parse(status).ok_or_else(DeliveryStatus::unknown)?;
        if orders.is_empty() || orders.len() > MAX_BULK_ORDERS {
            return Err(OrdersError::invalid("orderIds", format!("Choose 1 to {MAX_BULK_ORDERS} orders")));
        }
        let mut distinct = std::collections::HashSet::new();
        Ok(orders
            .iter()
            .filter(|(id, _)| distinct.insert(id.as_str().to_string()))
            .map(|(id, seen)| {
                let change = NewStatus { to: status.to_string(), seen: seen.clone() };
                BulkOutcome { order_id: id.to_string(), result: self.set_status(admin_id, id, &change) }
            })
            .collect())
    }
    /// How many orders are PENDING (admin dashboard).
    fn pending_count(&self) -> Result<u64, OrdersError>;
    /// Today's orders and revenue, the last `CHART_DAYS` days and the orders waiting to
    /// ship, by India's calendar (admin dashboard).
    fn sales_figures(&self) -> Result<SalesFigures, OrdersError>;
    /// Sends the confirmation of the customer's own order again, to the account's address,
    /// at most `RESENDS_PER_ORDER` times per order and `RESENDS_PER_ACCOUNT` times per
    /// account within the hour (an attempt counts even when the mail server fails).
    /// Errors: `NotFound`, `CancelledOrder`, `OrderResendLimit`, `AccountResendLimit`,
    /// `Mail`, `Storage`.
    fn resend_confirmation(&self, customer: &Customer, order_id: &OrderId) -> Result<(), OrdersError>;
    /// The order's tax invoice or credit note, to its customer or an admin (`admin`), as a
    /// PDF. Errors: `NotFound` (no such order, or another customer's), `NoDocument` (not
    /// issued yet), `Printing`, `Storage`.
    fn document_pdf(&self, viewer: &UserId, admin: bool, order_id: &OrderId, kind: DocumentKind) -> Result<(TaxDocument, Vec<u8>), OrdersError>;
    /// The GST report of the documents issued from `from` to `to` (India's dates, both
    /// included; admin). Errors: `Invalid` (`from` after `to`), `Storage`.
    fn gst_report(&self, from: chrono::NaiveDate, to: chrono::NaiveDate) -> Result<crate::report::GstReport, OrdersError>;
}

/// Outbound port: prints a tax document (the PDF adapter).
pub trait DocumentPrinter: Send + Sync {
    fn pdf(&self, document: &TaxDocument) -> Result<Vec<u8>, String>;
}

/// `document` with its PDF from the service's `printer` (none wired: a printing error).
pub(crate) fn printed(
    printer: Option<&std::sync::Arc<dyn DocumentPrinter>>,
    document: TaxDocument,
) -> Result<(TaxDocument, Vec<u8>), OrdersError> {
    let printer = printer.ok_or_else(|| OrdersError::Printing("no printer wired".into()))?;
    let pdf = printer.pdf(&document).map_err(OrdersError::Printing)?;
    Ok((document, pdf))
}

/// Outbound port: order storage.
pub trait OrderStore: Send + Sync {
    /// ONE transaction, serialised per customer: reads the customer, their address
    /// `request.address_id` (`AddressNotFound` when it is not theirs) and their cart lines;
    /// calls `build` with them; takes each item's stock with a guarded write (`OutOfStock`
    /// naming the first item that is short); writes the order, its items and its first
    /// history entry; deletes exactly the lines it read (`CartChanged` otherwise). Any
    /// error rolls everything back. `Storage(Conflict)` when the
    /// idempotency key is already used by this customer (checked before `build` is called,
    /// so a retry is answered whatever its cart holds now). The stock each item's variant
    /// was left with comes back with the order.
    fn place(
        &self,
        request: &PlaceRequest,
        build: &dyn Fn(Checkout) -> Result<NewOrder, OrdersError>,
    ) -> Result<Placed, OrdersError>;
    fn find(&self, order_id: &OrderId) -> Result<Option<Order>, StoreError>;
    fn find_by_key(&self, user_id: &UserId, idempotency_key: &str) -> Result<Option<Order>, StoreError>;
    /// One page of the orders matching `filter`, in `sort` order (ties: newest, then by
    /// id). How many match in all is [`OrderStore::status_counts`]'s.
    fn search(&self, filter: &OrderFilter, sort: OrderSort, page: PageRequest) -> Result<Vec<Order>, StoreError>;
    /// Up to `limit` orders matching `filter`, oldest first (ties by id), placed after
    /// `after`.
    fn export_batch(&self, filter: &OrderFilter, after: Option<&crate::listing::ExportCursor>, limit: u32) -> Result<Vec<Order>, StoreError>;
    /// How many orders match `filter` per status (the filter's own status is ignored).
    fn status_counts(&self, filter: &OrderFilter) -> Result<StatusCounts, StoreError>;
    /// For each India day from `first` through `last`: the orders placed that day and their
    /// total, cancelled orders left out. Oldest first, every day present.
    fn daily_sales(&self, first: chrono::NaiveDate, last: chrono::NaiveDate) -> Result<Vec<DaySales>, StoreError>;
    /// ONE transaction: the guarded status update (only while the order is in
    /// `transition.from`), then the stock effect, then the history entry. `Stale` when the
    /// order was not in `from`; `OutOfStock` (rolled back) when stock cannot be taken again;
    /// `HasOpenReturns` (rolled back) when the order has a return request still on its way,
    /// read under the same lock a new request takes, so the two cannot cross. The stock
    /// effect leaves out the pieces finished returns took back (they were restocked then).
    fn transition(&self, transition: &Transition) -> Result<TransitionOutcome, OrdersError>;
    fn count_with_status(&self, status: DeliveryStatus) -> Result<u64, StoreError>;
    /// The order's document of that kind, if issued.
    fn document(&self, order_id: &OrderId, kind: DocumentKind) -> Result<Option<TaxDocument>, StoreError>;
    /// Every document issued from `from` to `to` (India's dates, both included), by kind,
    /// series, year and number.
    fn documents_between(&self, from: chrono::NaiveDate, to: chrono::NaiveDate) -> Result<Vec<TaxDocument>, StoreError>;
    /// ONE transaction, serialised per account (so parallel calls and other instances
    /// count each other): reads the account's re-sends after `attempt.since`, oldest first;
    /// calls `allow` with them; when it agrees, logs a re-send of `attempt.order_id` at `attempt.at`. An error
    /// from `allow` is returned with nothing logged.
    fn log_resend(&self, attempt: ResendAttempt<'_>, allow: &dyn Fn(&[Resend]) -> Result<(), OrdersError>) -> Result<(), OrdersError>;
}

/// The e-mail port lives in `kernel` (accounts send e-mail too); re-exported for order code.
pub use kernel::{MailError, Mailer};
