use std::fmt;

use chrono::{DateTime, NaiveDate, Utc};
use kernel::{AddressId, CodRules, Money, OrderId, Price, UserId};

use crate::error::OrdersError;

/// Only cash on delivery is offered.
pub const PAYMENT_METHOD_COD: &str = "COD";
/// Days from the order date to the expected delivery date.
pub const DELIVERY_DAYS: i64 = 7;

/// Where an order is. An admin may move an order between any two of these.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DeliveryStatus {
    Pending,
    Shipped,
    Delivered,
    Canceled,
}

impl DeliveryStatus {
    pub const ALL: [DeliveryStatus; 4] =
        [DeliveryStatus::Pending, DeliveryStatus::Shipped, DeliveryStatus::Delivered, DeliveryStatus::Canceled];
    /// An open order: neither delivered nor cancelled (cash on delivery's open-order limit
    /// counts these; a product they hold cannot be deleted).
    pub const OPEN: [DeliveryStatus; 2] = [DeliveryStatus::Pending, DeliveryStatus::Shipped];

    pub fn as_str(self) -> &'static str {
        match self {
            DeliveryStatus::Pending => "PENDING",
            DeliveryStatus::Shipped => "SHIPPED",
            DeliveryStatus::Delivered => "DELIVERED",
            DeliveryStatus::Canceled => "CANCELED",
        }
    }

    /// The 422 of a name that is none of the statuses.
    pub fn unknown() -> OrdersError {
        OrdersError::invalid("deliveryStatus", format!("Delivery status must be one of {}", <Self as kernel::Named>::name_list()))
    }

    /// Reads a status name in any letter case; anything else is `None`.
    pub fn parse(raw: &str) -> Option<DeliveryStatus> {
        let wanted = raw.trim();
        Self::ALL.into_iter().find(|s| s.as_str().eq_ignore_ascii_case(wanted))
    }

    /// Reads the stored text; unknown text (impossible under the table's CHECK) reads as PENDING.
    pub fn from_stored(raw: &str) -> DeliveryStatus {
        Self::parse(raw).unwrap_or(DeliveryStatus::Pending)
    }
}

impl kernel::Named for DeliveryStatus {
    fn all() -> &'static [Self] {
        &Self::ALL
    }

    fn name(self) -> &'static str {
        self.as_str()
    }
}

impl fmt::Display for DeliveryStatus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Cash on delivery is paid when the parcel is delivered.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PaymentStatus {
    Pending,
    Paid,
}

impl PaymentStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            PaymentStatus::Pending => "PENDING",
            PaymentStatus::Paid => "PAID",
        }
    }

    pub fn from_stored(raw: &str) -> PaymentStatus {
        if raw == "PAID" {
            PaymentStatus::Paid
        } else {
            PaymentStatus::Pending
        }
    }

    /// The payment status that goes with a delivery status.
    pub fn for_delivery(status: DeliveryStatus) -> PaymentStatus {
        if status == DeliveryStatus::Delivered {
            PaymentStatus::Paid
        } else {
            PaymentStatus::Pending
        }
    }
}

/// Who ordered, as they were when ordering.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CustomerSnapshot {
    pub first_name: String,
    pub last_name: String,
    pub email: String,
}

/// Where to deliver, copied from the address book when ordering. On orders placed before
/// phones were asked for, the phone is `None`; before recipients were, the name is the customer's.
pub type AddressSnapshot = kernel::PostalAddress;

/// One line of a placed order, a copy of the product as it was sold.
#[derive(Debug, Clone, PartialEq)]
pub struct OrderItem {
    pub id: String,
    /// Plain references: the product or variant may be deleted later.
    pub product_id: Option<String>,
    pub variant_id: Option<String>,
    pub product_name: String,
    pub size: String,
    pub color: String,
    pub image_url: Option<String>,
    pub quantity: i32,
    /// What the shopper pays per piece (the variant's originalPrice).
    pub price_at_purchase: Money,
    /// The struck-through price per piece (`kernel::Price::mrp`).
    pub mrp: Money,
}

impl OrderItem {
    /// What the line comes to: price × quantity. Placing an order refuses lines and totals
    /// that overflow (`build_order`), so for a stored order this never saturates.
    pub fn line_total(&self) -> Money {
        self.price_at_purchase.checked_times(i64::from(self.quantity)).unwrap_or(Money::from_paise(i64::MAX))
    }
}

/// One entry of an order's history; the first has no `from`.
#[derive(Debug, Clone, PartialEq)]
pub struct StatusChange {
    pub from: Option<DeliveryStatus>,
    pub to: DeliveryStatus,
    /// The account id of whoever made the change.
    pub changed_by: String,
    /// That account's username as it is now, when the store read it (`None` when the
    /// account no longer exists or was not looked up).
    pub changed_by_name: Option<String>,
    pub changed_at: DateTime<Utc>,
}

/// Who reads an order's history: it decides how the people who changed it are named.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Viewer {
    /// The customer who placed the order.
    Owner,
    Admin,
}

impl StatusChange {
    /// A customer never sees another account's id or name: their own changes read "You",
    /// everyone else's (the shop's staff) "Shop". An admin sees the actor's username.
    pub fn changed_by_label(&self, owner_id: &str, viewer: Viewer) -> String {
        match viewer {
            Viewer::Owner if self.changed_by == owner_id => "You".to_string(),
            Viewer::Owner => "Shop".to_string(),
            Viewer::Admin => self.changed_by_name.clone().unwrap_or_else(|| "Deleted account".to_string()),
        }
    }
}

/// The order number as the shop shows it everywhere (pages, e-mails, documents): the first
/// 8 characters of the order's id, in capitals.
pub fn order_number(order_id: &str) -> String {
    order_id.chars().take(8).collect::<String>().to_uppercase()
}

#[derive(Debug, Clone, PartialEq)]
pub struct Order {
    pub id: String,
    pub user_id: String,
    pub customer: CustomerSnapshot,
    pub items: Vec<OrderItem>,
    pub payment_method: String,
    pub payment_status: PaymentStatus,
    pub delivery_status: DeliveryStatus,
    /// Σ MRP × qty.
    pub subtotal: Money,
    /// Σ saving × qty.
    pub discount: Money,
    /// Σ price × qty: what the customer pays.
    pub total: Money,
    pub address: AddressSnapshot,
    pub expected_delivery_date: NaiveDate,
    pub delivered_on: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    /// Oldest first.
    pub history: Vec<StatusChange>,
    /// The tax invoice, once the order was shipped by a GST-registered shop.
    pub invoice: Option<DocumentRef>,
    /// The credit note, once an invoiced order was cancelled.
    pub credit_note: Option<DocumentRef>,
}

impl Order {
    /// A cancelled order whose invoice a credit note cancelled stays cancelled: re-opened, its
    /// goods would go out against an invoice whose tax the credit note took back (CGST Act,
    /// section 34). The customer places a new order instead, which gets its own invoice.
    pub fn may_reopen(&self) -> Result<(), OrdersError> {
        match (self.delivery_status, &self.invoice, &self.credit_note) {
            (DeliveryStatus::Canceled, Some(invoice), Some(note)) => Err(OrdersError::State(format!(
                "This order's invoice {} was cancelled by credit note {}, so the order cannot be re-opened: the customer can place a new order",
                invoice.number, note.number
            ))),
            _ => Ok(()),
        }
    }
}

/// An admin's change of an order's status: the status wanted and, when the admin's screen
/// showed one, the status seen there (`expectedStatus`), so that a change made meanwhile (the
/// customer cancelled, another admin shipped) is refused rather than overruled.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct NewStatus {
    pub to: String,
    pub seen: Option<String>,
}

impl NewStatus {
    /// A change to `status` that names no status seen.
    pub fn to(status: &str) -> NewStatus {
        NewStatus { to: status.to_string(), seen: None }
    }
}

/// A tax invoice or credit note as an order names it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DocumentRef {
    pub number: String,
    pub issued_on: NaiveDate,
}

/// What the store reads inside the placing transaction: the customer, the chosen
/// address and the cart lines with today's catalogue data.
#[derive(Debug, Clone, PartialEq)]
pub struct Checkout {
    pub customer: CustomerSnapshot,
    pub address: AddressSnapshot,
    pub lines: Vec<CheckoutLine>,
    /// When the account's orders placed at or after `PlaceRequest::recent_since` were
    /// placed, oldest first (the per-account order limit counts them).
    pub recent_orders: Vec<DateTime<Utc>>,
    /// The cash-on-delivery rules and what they are judged on, read in the same transaction.
    pub cod: CodContext,
}

/// What the cash-on-delivery rules need to judge one customer's order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CodContext {
    pub rules: CodRules,
    /// The delivery address's PIN code is on the owner's blocked list.
    pub pin_blocked: bool,
    /// The customer's orders now PENDING or SHIPPED.
    pub open_orders: u64,
}

#[derive(Debug, Clone, PartialEq)]
pub struct CheckoutLine {
    pub product_id: String,
    pub variant_id: String,
    pub product_name: String,
    pub size: String,
    pub color: String,
    pub image_url: Option<String>,
    pub quantity: i32,
    /// Today's catalogue price of the variant.
    pub price: Price,
}

/// Which of the customer's things an order is made from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlaceRequest {
    pub user_id: UserId,
    pub address_id: AddressId,
    pub idempotency_key: Option<String>,
    /// [`PlaceOrderInput::expected_total`].
    pub expected_total: Option<kernel::Money>,
    /// The start of the per-account order limit's window.
    pub recent_since: DateTime<Utc>,
}

/// A complete order ready to be written, built by the domain from a [`Checkout`].
#[derive(Debug, Clone, PartialEq)]
pub struct NewOrder {
    pub order: Order,
    pub idempotency_key: Option<String>,
}

/// What happens to stock when an order changes status.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StockEffect {
    None,
    /// Into CANCELED: every item's pieces go back (to variants that still exist).
    Return,
    /// Out of CANCELED: every item's pieces are taken again, or nothing changes.
    Take,
}

/// A guarded status change: applied only while the order is still in `from`.
#[derive(Debug, Clone, PartialEq)]
pub struct Transition {
    pub order_id: String,
    pub from: DeliveryStatus,
    pub to: DeliveryStatus,
    pub payment_status: PaymentStatus,
    pub delivered_on: Option<DateTime<Utc>>,
    pub stock: StockEffect,
    pub changed_by: String,
    pub at: DateTime<Utc>,
    /// The tax document this change issues (the store issues it only once per order).
    pub documents: crate::invoice::Documents,
}

impl Transition {
    pub fn new(order: &Order, to: DeliveryStatus, changed_by: &UserId, at: DateTime<Utc>) -> Transition {
        let from = order.delivery_status;
        let stock = match (from, to) {
            (f, t) if f == t => StockEffect::None,
            (_, DeliveryStatus::Canceled) => StockEffect::Return,
            (DeliveryStatus::Canceled, _) => StockEffect::Take,
            _ => StockEffect::None,
        };
        Transition {
            order_id: order.id.clone(),
            from,
            to,
            payment_status: PaymentStatus::for_delivery(to),
            delivered_on: (to == DeliveryStatus::Delivered).then_some(at),
            stock,
            changed_by: changed_by.to_string(),
            at,
            documents: if from == to { crate::invoice::Documents::None } else { crate::invoice::Documents::for_change(to) },
        }
    }
}

/// What a guarded status change did.
#[derive(Debug, Clone, PartialEq)]
pub enum TransitionOutcome {
    Applied(Box<Order>),
    /// The order was no longer in `from` (someone else changed it): nothing changed.
    Stale,
}

/// The signed-in customer, as the orders need them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Customer {
    pub id: UserId,
    /// The account's current e-mail address: the only one confirmations go to.
    pub email: String,
}

/// The place-order form. There is no price, total or e-mail field: those come from the
/// server's own data.
#[derive(Debug, Clone, Default)]
pub struct PlaceOrderInput {
    pub address_id: Option<String>,
    pub payment_method: Option<String>,
    pub idempotency_key: Option<String>,
    /// The total the shopper was shown: when the cart's prices moved since, the order is
    /// refused rather than charged at a total nobody saw.
    pub expected_total: Option<kernel::Money>,
}

/// The answer to placing an order.
#[derive(Debug, Clone, PartialEq)]
pub struct PlacedOrder {
    pub order: Order,
    /// False when an earlier request with the same idempotency key made the order.
    pub created: bool,
    /// Whether the confirmation was handed to the mail system by this request.
    pub email_sent: bool,
    /// Why the confirmation failed, for the log.
    pub email_error: Option<String>,
    /// The stock each variant of the order was left with by this request's placement
    /// (empty for a replay).
    pub stock_left: Vec<StockLeft>,
}

/// A variant's stock as an order's guarded write left it (read back from that write).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StockLeft {
    pub product_id: String,
    pub variant_id: String,
    /// The pieces the write took.
    pub taken: i32,
    /// The stock it left.
    pub stock: i32,
}

/// An order as placement wrote it, with the stock its items were left with.
#[derive(Debug, Clone, PartialEq)]
pub struct Placed {
    pub order: Order,
    pub stock_left: Vec<StockLeft>,
}

/// How many times one order's confirmation may be sent again within [`RESEND_WINDOW_MINUTES`].
pub const RESENDS_PER_ORDER: usize = 3;
/// How many confirmations one account may have sent again within [`RESEND_WINDOW_MINUTES`].
pub const RESENDS_PER_ACCOUNT: usize = 10;
pub const RESEND_WINDOW_MINUTES: i64 = 60;
/// The per-account order limit counts the orders placed within this window.
pub const ORDER_LIMIT_WINDOW_SECONDS: i64 = 60;

/// One re-sent confirmation, as logged.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Resend {
    pub order_id: String,
    pub sent_at: DateTime<Utc>,
}

/// A re-send asked for: `user_id`'s re-sends after `since` count against it; logged at `at`.
#[derive(Debug, Clone, Copy)]
pub struct ResendAttempt<'a> {
    pub user_id: &'a UserId,
    pub order_id: &'a OrderId,
    pub since: DateTime<Utc>,
    pub at: DateTime<Utc>,
}

pub use kernel::OutgoingEmail;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn customers_read_roles_and_admins_read_usernames() {
        let change = |by: &str, name: Option<&str>| StatusChange {
            from: None,
            to: DeliveryStatus::Pending,
            changed_by: by.to_string(),
            changed_by_name: name.map(str::to_string),
            changed_at: Utc::now(),
        };
        let own = change("customer-id", Some("asha"));
        let staff = change("admin-id", Some("owner"));
        assert_eq!(own.changed_by_label("customer-id", Viewer::Owner), "You");
        assert_eq!(staff.changed_by_label("customer-id", Viewer::Owner), "Shop");
        assert_eq!(own.changed_by_label("customer-id", Viewer::Admin), "asha");
        assert_eq!(staff.changed_by_label("customer-id", Viewer::Admin), "owner");
        assert_eq!(change("gone-id", None).changed_by_label("customer-id", Viewer::Admin), "Deleted account");
    }
}
