//! Returns and size exchanges of delivered orders (issue 19).
//!
//! A shopper asks, within [`RETURN_WINDOW_DAYS`] India days of delivery, to send back some
//! pieces of their order's lines, for a refund or for another size or colour of the same
//! product. The owner moves the request along [`ReturnStatus::next`]; approving an exchange
//! reserves the replacement pieces with the same guarded stock write orders use, receiving
//! the returned pieces puts them back into stock exactly once (unless the owner marks them
//! damaged). Storage is the [`ReturnStore`] port; e-mails go through the [`Mailer`] port.

use std::collections::HashMap;
use std::fmt::Write as _;

use chrono::{DateTime, Duration, NaiveDate, Utc};
use kernel::{Clock, Money, OrderId, PageRequest, StoreError, UserId};

use crate::email::escape_html;
use crate::error::OrdersError;
use kernel::india_day;
use crate::invoice::{DocumentKind, TaxDocument};
use crate::models::{DeliveryStatus, DocumentRef, Order, OutgoingEmail};
use crate::ports::DocumentPrinter;
use crate::ports::Mailer;

/// India calendar days after the day of delivery on which a return may still be asked for.
pub const RETURN_WINDOW_DAYS: i64 = 7;
/// The longest note the owner may add to a status change.
pub const MAX_NOTE_CHARS: usize = 500;
/// Requests per page of the back office's list.
pub const DEFAULT_PAGE_SIZE: u32 = 20;
pub const MAX_PAGE_SIZE: u32 = 100;

/// A [`kernel::named_enum!`] whose values also have the words shown to people.
macro_rules! named_enum {
    ($(#[$m:meta])* $name:ident { $($variant:ident = $text:literal, $label:literal;)* }) => {
        kernel::named_enum!($(#[$m])* pub enum $name { $($variant = $text,)* });

        impl $name {
            /// The words shown to people.
            pub fn label(self) -> &'static str {
                match self { $($name::$variant => $label,)* }
            }
        }
    };
}

named_enum!(
    /// What the shopper wants for the returned pieces.
    ReturnKind {
        Refund = "REFUND", "Refund";
        Exchange = "EXCHANGE", "Exchange";
    }
);

impl ReturnKind {
    /// The request's name in a sentence: "your return request", "your exchange request".
    pub fn noun(self) -> &'static str {
        match self {
            ReturnKind::Refund => "return",
            ReturnKind::Exchange => "exchange",
        }
    }

    /// The noun with its article: "a return", "an exchange".
    pub fn with_article(self) -> &'static str {
        match self {
            ReturnKind::Refund => "a return",
            ReturnKind::Exchange => "an exchange",
        }
    }
}

named_enum!(
    /// Why the pieces go back: a fixed list.
    ReturnReason {
        SizeTooSmall = "SIZE_TOO_SMALL", "Size too small";
        SizeTooLarge = "SIZE_TOO_LARGE", "Size too large";
        DamagedOrDefective = "DAMAGED_OR_DEFECTIVE", "Damaged or defective";
        NotAsDescribed = "NOT_AS_DESCRIBED", "Not as described";
        ChangedMyMind = "CHANGED_MY_MIND", "Changed my mind";
        DeliveredLate = "DELIVERED_LATE", "Delivered late";
    }
);

impl ReturnReason {
    /// The shop's fault: the pieces arrived damaged or defective, are not what was shown, or
    /// came after the order's expected delivery date. Such pieces are refunded even when bought
    /// on sale: a seller may not refuse to take back goods that are defective, not as
    /// advertised or delivered late from the stated delivery schedule, nor refuse their refund
    /// (Consumer Protection (E-Commerce) Rules, 2020, rule 7 for a shop selling its own stock;
    /// rule 6(3) for a seller on a marketplace). A sale piece that fits badly or is no longer
    /// wanted is exchange only.
    pub fn is_shops_fault(self) -> bool {
        matches!(self, ReturnReason::DamagedOrDefective | ReturnReason::NotAsDescribed | ReturnReason::DeliveredLate)
    }
}

named_enum!(
    /// Where a request is.
    ReturnStatus {
        Requested = "REQUESTED", "Requested";
        Approved = "APPROVED", "Approved";
        Rejected = "REJECTED", "Rejected";
        Withdrawn = "WITHDRAWN", "Withdrawn";
        PickedUp = "PICKED_UP", "Picked up";
        Received = "RECEIVED", "Received";
        Refunded = "REFUNDED", "Refunded";
        ExchangeShipped = "EXCHANGE_SHIPPED", "Exchange shipped";
    }
);

impl ReturnStatus {
    /// The statuses a request of `kind` may move to from this one: Requested → Approved or
    /// Rejected → Picked up → Received → Refunded (a refund) or Exchange shipped (an exchange).
    /// An approved request may still be rejected (the pickup failed) until the pieces are
    /// picked up. Until then the shopper may also withdraw it ([`ReturnStatus::can_withdraw`]).
    pub fn next(self, kind: ReturnKind) -> &'static [ReturnStatus] {
        use ReturnStatus as S;
        match (self, kind) {
            (S::Requested, _) => &[S::Approved, S::Rejected],
            (S::Approved, _) => &[S::PickedUp, S::Rejected],
            (S::PickedUp, _) => &[S::Received],
            (S::Received, ReturnKind::Refund) => &[S::Refunded],
            (S::Received, ReturnKind::Exchange) => &[S::ExchangeShipped],
            (S::Rejected | S::Withdrawn | S::Refunded | S::ExchangeShipped, _) => &[],
        }
    }

    /// Whether the shopper may still withdraw the request: until its pieces are picked up.
    pub fn can_withdraw(self) -> bool {
        matches!(self, ReturnStatus::Requested | ReturnStatus::Approved)
    }

    /// Where a request ends: nothing moves after these.
    pub const FINISHED: [ReturnStatus; 4] =
        [ReturnStatus::Rejected, ReturnStatus::Withdrawn, ReturnStatus::Refunded, ReturnStatus::ExchangeShipped];

    /// Ended without the pieces going back: they may be asked for again in a new request.
    pub const DROPPED: [ReturnStatus; 2] = [ReturnStatus::Rejected, ReturnStatus::Withdrawn];

    /// Still on its way: its pieces are neither the order's any more nor settled.
    pub fn is_open(self) -> bool {
        !Self::FINISHED.contains(&self)
    }

    /// Finished with the pieces back with the shop (restocked when received, unless damaged):
    /// a later cancellation of the order has no stock to give back for them.
    pub fn took_pieces_back(self) -> bool {
        matches!(self, ReturnStatus::Refunded | ReturnStatus::ExchangeShipped)
    }
}

named_enum!(
    /// How a cash-on-delivery refund was paid.
    PayoutMethod {
        Upi = "UPI", "UPI";
        Bank = "BANK", "Bank transfer";
    }
);

/// One order line's pieces in a request.
#[derive(Debug, Clone, PartialEq)]
pub struct ReturnLine {
    pub id: String,
    pub order_item_id: String,
    /// The product and variant the pieces were sold as (`None` once deleted from the catalogue).
    pub product_id: Option<String>,
    pub variant_id: Option<String>,
    pub product_name: String,
    pub size: String,
    pub color: String,
    pub quantity: i32,
    /// What the shopper paid per piece.
    pub unit_price: Money,
    /// For an exchange: what is sent instead.
    pub exchange: Option<ExchangeTarget>,
}

impl ReturnLine {
    pub fn amount(&self) -> Money {
        self.unit_price.checked_times(i64::from(self.quantity)).unwrap_or(Money::from_paise(i64::MAX))
    }
}

/// The variant an exchange sends, as it was when asked for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExchangeTarget {
    pub variant_id: String,
    pub size: String,
    pub color: String,
}

/// One entry of a request's history; the first has no `from`.
#[derive(Debug, Clone, PartialEq)]
pub struct ReturnChange {
    pub from: Option<ReturnStatus>,
    pub to: ReturnStatus,
    pub note: Option<String>,
    pub changed_by: String,
    pub changed_at: DateTime<Utc>,
}

/// A refund as recorded: never the full account number or UPI id.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RefundRecord {
    pub amount: Money,
    pub method: PayoutMethod,
    /// The account, masked (`XXXXXX4321 · HDFC0001234`, `as****@okaxis`).
    pub account_masked: String,
}

#[derive(Debug, Clone, PartialEq)]
pub struct ReturnRequest {
    pub id: String,
    pub order_id: String,
    pub user_id: String,
    /// Who ordered (from the order), for the back office.
    pub customer_name: String,
    /// Whom the e-mails greet.
    pub customer_first_name: String,
    pub customer_email: String,
    pub kind: ReturnKind,
    pub reason: ReturnReason,
    pub status: ReturnStatus,
    pub lines: Vec<ReturnLine>,
    /// Whether the returned pieces went back into stock (`None` until received).
    pub restocked: Option<bool>,
    pub refund: Option<RefundRecord>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    /// Oldest first.
    pub history: Vec<ReturnChange>,
    /// The GST documents of an invoiced order's request: the credit note for the returned
    /// pieces (when refunded or exchanged) and the invoice of an exchange's replacement.
    pub documents: ReturnDocumentRefs,
}

/// A request's credit note and replacement invoice, once issued.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ReturnDocumentRefs {
    pub credit_note: Option<DocumentRef>,
    pub invoice: Option<DocumentRef>,
}

/// The GST documents a status change issues when the order was invoiced (CGST Act 2017,
/// section 34): a refund credits the returned pieces; shipping an exchange credits them and
/// invoices the replacement, at the same price, so the two net to nothing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReturnDocuments {
    None,
    CreditNote,
    CreditNoteAndInvoice,
}

impl ReturnDocuments {
    pub fn for_change(to: ReturnStatus) -> ReturnDocuments {
        match to {
            ReturnStatus::Refunded => ReturnDocuments::CreditNote,
            ReturnStatus::ExchangeShipped => ReturnDocuments::CreditNoteAndInvoice,
            _ => ReturnDocuments::None,
        }
    }
}

impl ReturnRequest {
    /// What a refund of these lines comes to: what the shopper paid for the pieces.
    pub fn amount(&self) -> Money {
        self.lines.iter().fold(Money::ZERO, |sum, l| sum.checked_add(l.amount()).unwrap_or(Money::from_paise(i64::MAX)))
    }

    /// The order number as the shop shows it.
    pub fn order_number(&self) -> String {
        crate::models::order_number(&self.order_id)
    }

    /// What ending it now, rejected or withdrawn, does to stock: an approved exchange's
    /// reserved replacement goes back.
    pub fn releases_on_drop(&self) -> ReturnStock {
        if self.status == ReturnStatus::Approved && self.kind == ReturnKind::Exchange {
            ReturnStock::Release
        } else {
            ReturnStock::None
        }
    }
}

/// One line of the shopper's form.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReturnLineInput {
    pub order_item_id: String,
    pub quantity: i32,
    pub exchange_variant_id: Option<String>,
}

/// The shopper's request. No amount: the server computes it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReturnInput {
    pub kind: ReturnKind,
    pub reason: ReturnReason,
    pub lines: Vec<ReturnLineInput>,
}

/// Where a cash-on-delivery refund was paid, as the owner typed it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PayoutInput {
    Upi { upi_id: String },
    Bank { account_number: String, ifsc: String },
}

/// The owner's status change.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReturnStatusInput {
    pub status: ReturnStatus,
    pub note: Option<String>,
    /// For RECEIVED: put the pieces back into stock (false: damaged or defective).
    pub restock: Option<bool>,
    /// For REFUNDED: where the money went.
    pub payout: Option<PayoutInput>,
}

/// A catalogue variant a request names as an exchange target, or the variant of an order
/// line, read in the transaction.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VariantStock {
    pub id: String,
    pub product_id: String,
    pub size: String,
    pub color: String,
    pub stock: i32,
    /// What a piece sells at now.
    pub price: Money,
}

/// What the store reads inside the creating transaction.
#[derive(Debug, Clone, PartialEq)]
pub struct ReturnContext {
    pub order: Order,
    /// Per order line, the pieces already in requests that were not rejected or withdrawn.
    pub already: HashMap<String, i32>,
    /// The variants the input named as exchange targets and those of the order's lines
    /// (those that exist).
    pub targets: Vec<VariantStock>,
}

/// What a status change does to stock.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReturnStock {
    None,
    /// Approving an exchange: take each replacement's pieces (guarded; all or nothing).
    Reserve,
    /// Rejecting an approved exchange: give each replacement's pieces back.
    Release,
    /// Receiving into stock: give each returned line's pieces back to its variant.
    Restock,
}

/// A guarded status change: applied only while the request is still in `from`.
#[derive(Debug, Clone, PartialEq)]
pub struct ReturnTransition {
    pub return_id: String,
    pub from: ReturnStatus,
    pub to: ReturnStatus,
    pub note: Option<String>,
    pub stock: ReturnStock,
    /// Set when received: whether the pieces went back into stock.
    pub restocked: Option<bool>,
    pub refund: Option<RefundRecord>,
    /// Issued in the same transaction, when the order has a tax invoice.
    pub documents: ReturnDocuments,
    pub changed_by: String,
    pub at: DateTime<Utc>,
}

/// What a guarded status change did.
#[derive(Debug, Clone, PartialEq)]
pub enum ReturnOutcome {
    Applied(Box<ReturnRequest>),
    /// The request was no longer in `from`: nothing changed.
    Stale,
}

/// A request after a change, and why its e-mail failed (for the log; the change stands).
#[derive(Debug, Clone, PartialEq)]
pub struct ReturnAnswer {
    pub request: ReturnRequest,
    pub email_error: Option<String>,
}

/// A page of requests.
#[derive(Debug, Clone, PartialEq)]
pub struct ReturnPage {
    pub returns: Vec<ReturnRequest>,
    pub total: u64,
    pub page: PageRequest,
}

/// Inbound port: the return use cases. Admin calls are guarded by the HTTP layer.
pub trait ReturnsApi: Send + Sync {
    /// The customer's request for pieces of their delivered order. Errors: `NotFound` (no
    /// such order, or another customer's), `Rule` (not delivered, window closed, unknown or
    /// repeated line, too many pieces, a refund of a sale item that is not the shop's fault,
    /// a missing or wrong exchange target), `OutOfStock` (the replacement), `Storage`.
    /// Nothing is written on an error.
    fn request(&self, user_id: &UserId, order_id: &OrderId, input: ReturnInput) -> Result<ReturnAnswer, OrdersError>;
    /// The customer's requests, newest first.
    fn my_returns(&self, user_id: &UserId) -> Result<Vec<ReturnRequest>, OrdersError>;
    /// The customer withdraws their own request before its pieces are picked up; an approved
    /// exchange's reserved replacement goes back into stock. Errors: `ReturnNotFound` (no such
    /// request, or another customer's), `State` (picked up already, or finished), `Storage`.
    fn withdraw(&self, user_id: &UserId, return_id: &str) -> Result<ReturnAnswer, OrdersError>;
    /// Why the customer's account cannot be deleted yet: a request of theirs still under way
    /// (a refund to pay, a replacement to ship). `None` when none is. Errors: `Storage`.
    fn holds_account(&self, user_id: &UserId) -> Result<Option<String>, OrdersError> {
        let open = self.my_returns(user_id)?.into_iter().find(|r| !r.status.next(r.kind).is_empty());
        Ok(open.map(|r| {
            format!("Your request for order {} is not finished yet: once it is, you can delete your account", r.order_number())
        }))
    }
    /// A page of every request, newest first, optionally in one status (admin).
    fn list(&self, status: Option<ReturnStatus>, page: PageRequest) -> Result<ReturnPage, OrdersError>;
    /// Moves a request one step (admin). Errors: `ReturnNotFound`, `State` (not a next status
    /// of the current one, or changed meanwhile), `Rule` (a rejection without a note, a
    /// refund without the payout account, an invalid UPI id or bank account),
    /// `OutOfStock` (approving an exchange whose replacement is gone), `Storage`.
    fn set_status(&self, admin_id: &UserId, return_id: &str, input: ReturnStatusInput) -> Result<ReturnAnswer, OrdersError>;
    /// The request's credit note or replacement invoice as a PDF, to the request's customer
    /// or an admin (`admin`). Errors: `ReturnNotFound` (no such request, or another customer's),
    /// `NoDocument` (not issued), `Printing`, `Storage`.
    fn document_pdf(&self, viewer: &UserId, admin: bool, return_id: &str, kind: DocumentKind) -> Result<(TaxDocument, Vec<u8>), OrdersError>;
}

/// Outbound port: return storage.
pub trait ReturnStore: Send + Sync {
    /// ONE transaction, serialised per order: reads the order, the pieces of each line
    /// already in requests that were not rejected or withdrawn and the variants `targets` (those that
    /// exist); calls `build`; writes the request, its lines and its first history entry.
    /// `Ok(None)` when there is no such order. Any error rolls everything back.
    fn create(
        &self,
        order_id: &OrderId,
        targets: &[String],
        build: &dyn Fn(ReturnContext) -> Result<ReturnRequest, OrdersError>,
    ) -> Result<Option<ReturnRequest>, OrdersError>;
    fn find(&self, return_id: &str) -> Result<Option<ReturnRequest>, StoreError>;
    /// The customer's requests, newest first.
    fn for_user(&self, user_id: &UserId) -> Result<Vec<ReturnRequest>, StoreError>;
    /// One page, newest first, and how many match in all.
    fn search(&self, status: Option<ReturnStatus>, page: PageRequest) -> Result<(Vec<ReturnRequest>, u64), StoreError>;
    /// ONE transaction: the guarded status update (only while in `change.from`), the stock
    /// effect (`OutOfStock` rolls everything back), the refund record, the GST documents
    /// `change.documents` names when the order has a tax invoice (`GstSetup` rolls
    /// everything back) and the history entry.
    fn transition(&self, change: &ReturnTransition) -> Result<ReturnOutcome, OrdersError>;
    /// The request's document of that kind, if issued.
    fn document(&self, return_id: &str, kind: DocumentKind) -> Result<Option<TaxDocument>, StoreError>;
}

/// The last India day on which the order may still be returned.
pub fn window_closes(delivered_on: DateTime<Utc>) -> NaiveDate {
    india_day(delivered_on) + Duration::days(RETURN_WINDOW_DAYS)
}

/// Builds the request from what the store read in the transaction, or says which rule it breaks.
pub fn build_request(
    id: &str,
    user_id: &UserId,
    input: &ReturnInput,
    ctx: ReturnContext,
    now: DateTime<Utc>,
) -> Result<ReturnRequest, OrdersError> {
    let order = ctx.order;
    if user_id != order.user_id.as_str() {
        return Err(OrdersError::NotFound);
    }
    if order.delivery_status != DeliveryStatus::Delivered {
        return Err(OrdersError::rule("orderId", "not_delivered", "Only a delivered order can be returned or exchanged"));
    }
    let delivered_on = order.delivered_on.unwrap_or(order.updated_at);
    let closes = window_closes(delivered_on);
    if india_day(now) > closes {
        return Err(OrdersError::rule(
            "orderId",
            "return_window_closed",
            format!(
                "Returns and exchanges are accepted within {RETURN_WINDOW_DAYS} days of delivery: the window for this order closed on {}",
                closes.format("%d %b %Y")
            ),
        ));
    }
    // Late is a fact of the order, not a claim: delivered (India's day) after the expected date
    // the shop stated when the order was placed.
    let delivered_day = india_day(delivered_on);
    if input.reason == ReturnReason::DeliveredLate && delivered_day <= order.expected_delivery_date {
        return Err(OrdersError::rule(
            "reason",
            "not_delivered_late",
            format!(
                "This order was delivered on {}, by its expected delivery date of {}: choose another reason",
                delivered_day.format("%d %b %Y"),
                order.expected_delivery_date.format("%d %b %Y")
            ),
        ));
    }
    if input.lines.is_empty() {
        return Err(OrdersError::rule("lines", "no_lines", "Choose at least one item to return"));
    }
    let mut lines = Vec::new();
    let mut seen = std::collections::HashSet::new();
    for wanted in &input.lines {
        let item = order.items.iter().find(|i| i.id == wanted.order_item_id).ok_or_else(|| {
            OrdersError::rule("lines", "unknown_item", "This order has no such item")
        })?;
        if !seen.insert(item.id.as_str()) {
            return Err(OrdersError::rule("lines", "repeated_item", format!("{} is named twice: give one quantity per item", item.product_name)));
        }
        let already = ctx.already.get(&item.id).copied().unwrap_or(0);
        let left = item.quantity - already;
        if wanted.quantity < 1 || wanted.quantity > left {
            let message = if left <= 0 {
                format!("Every piece of {} (size {}) is already in a return request", item.product_name, item.size)
            } else {
                format!("You can return at most {left} of {} (size {})", item.product_name, item.size)
            };
            return Err(OrdersError::rule("lines", "too_many_units", message));
        }
        let exchange = match input.kind {
            ReturnKind::Refund => {
                if wanted.exchange_variant_id.is_some() {
                    return Err(OrdersError::rule("lines", "exchange_for_refund", "A refund names no replacement: choose an exchange instead"));
                }
                if item.price_at_purchase < item.mrp && !input.reason.is_shops_fault() {
                    return Err(OrdersError::rule(
                        "kind",
                        "sale_item_not_refundable",
                        format!(
                            "{} was bought at a discount, and sale items are refunded only when damaged, defective, not as described or delivered late: you can exchange it for another size or colour",
                            item.product_name
                        ),
                    ));
                }
                None
            }
            ReturnKind::Exchange => {
                let target_id = wanted.exchange_variant_id.as_deref().ok_or_else(|| {
                    OrdersError::rule("lines", "exchange_target_required", format!("Choose the size or colour of {} you want instead", item.product_name))
                })?;
                let target = ctx
                    .targets
                    .iter()
                    .find(|v| v.id == target_id)
                    .filter(|v| item.product_id.as_deref() == Some(v.product_id.as_str()) && item.variant_id.as_deref() != Some(v.id.as_str()))
                    .ok_or_else(|| {
                        OrdersError::rule("lines", "exchange_target_invalid", format!("Choose another size or colour of {}", item.product_name))
                    })?;
                // The replacement ships at the price paid, so it must sell at the price of the
                // size it replaces (as that sells now: a sale since ended moves both alike).
                let replaced = ctx.targets.iter().find(|v| item.variant_id.as_deref() == Some(v.id.as_str()));
                let same_price = replaced.map_or(item.price_at_purchase, |v| v.price);
                if target.price != same_price {
                    return Err(OrdersError::rule(
                        "lines",
                        "exchange_price_differs",
                        format!(
                            "Size {} of {} sells at {}, not {} like yours: an exchange is for a size or colour at the same price",
                            target.size,
                            item.product_name,
                            target.price.format_inr(),
                            same_price.format_inr()
                        ),
                    ));
                }
                if target.stock < wanted.quantity {
                    return Err(OrdersError::OutOfStock { product: item.product_name.clone(), size: target.size.clone(), available: target.stock });
                }
                Some(ExchangeTarget { variant_id: target.id.clone(), size: target.size.clone(), color: target.color.clone() })
            }
        };
        lines.push(ReturnLine {
            id: kernel::new_id(),
            order_item_id: item.id.clone(),
            product_id: item.product_id.clone(),
            variant_id: item.variant_id.clone(),
            product_name: item.product_name.clone(),
            size: item.size.clone(),
            color: item.color.clone(),
            quantity: wanted.quantity,
            unit_price: item.price_at_purchase,
            exchange,
        });
    }
    Ok(ReturnRequest {
        id: id.to_string(),
        order_id: order.id.clone(),
        user_id: order.user_id.clone(),
        customer_name: format!("{} {}", order.customer.first_name, order.customer.last_name).trim().to_string(),
        customer_first_name: order.customer.first_name.clone(),
        customer_email: order.customer.email.clone(),
        kind: input.kind,
        reason: input.reason,
        status: ReturnStatus::Requested,
        lines,
        restocked: None,
        refund: None,
        created_at: now,
        updated_at: now,
        history: vec![ReturnChange { from: None, to: ReturnStatus::Requested, note: None, changed_by: user_id.to_string(), changed_at: now }],
        documents: ReturnDocumentRefs::default(),
    })
}

/// A UPI id (`name@handle`) shown as `na****@handle`.
pub fn mask_upi(upi_id: &str) -> Option<String> {
    let (name, handle) = upi_id.trim().split_once('@')?;
    let name_ok = (2..=256).contains(&name.len()) && name.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-'));
    let handle_ok = (2..=64).contains(&handle.len())
        && handle.chars().next().is_some_and(|c| c.is_ascii_alphabetic())
        && handle.chars().all(|c| c.is_ascii_alphanumeric());
    (name_ok && handle_ok).then(|| format!("{}****@{}", &name[..2], handle.to_ascii_lowercase()))
}

/// A bank account (9 to 18 digits) and IFSC (`AAAA0XXXXXX`) shown as `XXXXXX4321 · HDFC0001234`.
pub fn mask_bank(account: &str, ifsc: &str) -> Option<String> {
    let account = account.trim();
    let ifsc = ifsc.trim().to_ascii_uppercase();
    let account_ok = (9..=18).contains(&account.len()) && account.chars().all(|c| c.is_ascii_digit());
    let b = ifsc.as_bytes();
    let ifsc_ok = b.len() == 11 && b[..4].iter().all(u8::is_ascii_uppercase) && b[4] == b'0' && b[5..].iter().all(u8::is_ascii_alphanumeric);
    (account_ok && ifsc_ok).then(|| format!("XXXXXX{} · {ifsc}", &account[account.len() - 4..]))
}

/// How many times a status change is retried when another change of the same request won.
const ATTEMPTS: usize = 3;

/// The return use cases over any store and mailer.
pub struct ReturnService<S, M> {
    store: S,
    mailer: M,
    clock: Clock,
    printer: Option<std::sync::Arc<dyn DocumentPrinter>>,
    desk: Option<std::sync::Arc<dyn crate::ports::OrderDesk>>,
}

impl<S: ReturnStore, M: Mailer> ReturnService<S, M> {
    pub fn new(store: S, mailer: M) -> Self {
        ReturnService { store, mailer, clock: Clock::system(), printer: None, desk: None }
    }

    /// The same service telling the shop's contact address (as `desk` gives it) of each new
    /// request and of each approved one the shopper withdraws (a pickup to call off).
    pub fn with_order_desk(self, desk: std::sync::Arc<dyn crate::ports::OrderDesk>) -> Self {
        ReturnService { desk: Some(desk), ..self }
    }

    /// The same service printing its credit notes and invoices with `printer`.
    pub fn with_printer(self, printer: std::sync::Arc<dyn DocumentPrinter>) -> Self {
        ReturnService { printer: Some(printer), ..self }
    }

    pub fn with_clock(self, clock: Clock) -> Self {
        ReturnService { clock, ..self }
    }

    /// The status e-mail goes out after the commit; a failure is reported, never undone.
    fn notify(&self, request: ReturnRequest) -> ReturnAnswer {
        if let Some(notice) = self.desk.as_ref().and_then(|d| d.address()).and_then(|to| desk_notice(&request, &to)) {
            // The shop's own copy: its failure is the mail adapter's to log, not the shopper's.
            let _ = self.mailer.send(&notice);
        }
        let sent = self.mailer.send(&status_email(&request));
        ReturnAnswer { request, email_error: sent.err().map(|e| e.0) }
    }

    fn change(&self, admin_id: &UserId, request: &ReturnRequest, input: &ReturnStatusInput) -> Result<ReturnTransition, OrdersError> {
        let to = input.status;
        if !request.status.next(request.kind).contains(&to) {
            let allowed: Vec<&str> = request.status.next(request.kind).iter().map(|s| s.label()).collect();
            let message = if allowed.is_empty() {
                format!("This request is {} and cannot change any more", request.status.label().to_lowercase())
            } else {
                format!(
                    "A request that is {} can only be marked {}",
                    request.status.label().to_lowercase(),
                    allowed.join(" or ").to_lowercase()
                )
            };
            return Err(OrdersError::State(message));
        }
        let note = input.note.as_deref().map(str::trim).filter(|n| !n.is_empty()).map(str::to_string);
        if note.as_ref().is_some_and(|n| n.chars().count() > MAX_NOTE_CHARS) {
            return Err(OrdersError::invalid("note", format!("A note may hold up to {MAX_NOTE_CHARS} characters")));
        }
        if to == ReturnStatus::Rejected && note.is_none() {
            return Err(OrdersError::rule("note", "note_required", "Please tell the customer why the request is rejected"));
        }
        let stock = match to {
            ReturnStatus::Approved if request.kind == ReturnKind::Exchange => ReturnStock::Reserve,
            ReturnStatus::Rejected => request.releases_on_drop(),
            ReturnStatus::Received if input.restock.unwrap_or(true) => ReturnStock::Restock,
            _ => ReturnStock::None,
        };
        let restocked = (to == ReturnStatus::Received).then(|| input.restock.unwrap_or(true));
        let refund = if to == ReturnStatus::Refunded {
            // Every order is cash on delivery: the money goes to the shopper's account.
            let masked = match &input.payout {
                None => {
                    return Err(OrdersError::rule(
                        "refundMethod",
                        "payout_required",
                        "This order was paid in cash: give the UPI id or bank account the refund was paid to",
                    ))
                }
                Some(PayoutInput::Upi { upi_id }) => (
                    PayoutMethod::Upi,
                    mask_upi(upi_id).ok_or_else(|| OrdersError::rule("upiId", "invalid_upi_id", "Enter a UPI id such as name@okaxis"))?,
                ),
                Some(PayoutInput::Bank { account_number, ifsc }) => (
                    PayoutMethod::Bank,
                    mask_bank(account_number, ifsc).ok_or_else(|| {
                        OrdersError::rule("accountNumber", "invalid_bank_account", "Enter an account number of 9 to 18 digits and an IFSC such as HDFC0001234")
                    })?,
                ),
            };
            Some(RefundRecord { amount: request.amount(), method: masked.0, account_masked: masked.1 })
        } else {
            None
        };
        Ok(ReturnTransition {
            return_id: request.id.clone(),
            from: request.status,
            to,
            note,
            stock,
            restocked,
            refund,
            documents: ReturnDocuments::for_change(to),
            changed_by: admin_id.to_string(),
            at: self.clock.now(),
        })
    }
}

impl<S: ReturnStore, M: Mailer> ReturnsApi for ReturnService<S, M> {
    fn request(&self, user_id: &UserId, order_id: &OrderId, input: ReturnInput) -> Result<ReturnAnswer, OrdersError> {
        if !order_id.is_uuid() {
            return Err(OrdersError::NotFound);
        }
        let now = self.clock.now();
        let id = kernel::new_id();
        let targets: Vec<String> = input.lines.iter().filter_map(|l| l.exchange_variant_id.clone()).collect();
        let created = self
            .store
            .create(order_id, &targets, &|ctx| build_request(&id, user_id, &input, ctx, now))?
            .ok_or(OrdersError::NotFound)?;
        Ok(self.notify(created))
    }

    fn my_returns(&self, user_id: &UserId) -> Result<Vec<ReturnRequest>, OrdersError> {
        Ok(self.store.for_user(user_id)?)
    }

    fn withdraw(&self, user_id: &UserId, return_id: &str) -> Result<ReturnAnswer, OrdersError> {
        if !OrderId::new(return_id).is_uuid() {
            return Err(OrdersError::ReturnNotFound);
        }
        for _ in 0..ATTEMPTS {
            let request = self.store.find(return_id)?.filter(|r| r.user_id == user_id.as_str()).ok_or(OrdersError::ReturnNotFound)?;
            if !request.status.can_withdraw() {
                return Err(OrdersError::State(format!(
                    "This request is {} and can no longer be withdrawn",
                    request.status.label().to_lowercase()
                )));
            }
            let change = ReturnTransition {
                return_id: request.id.clone(),
                from: request.status,
                to: ReturnStatus::Withdrawn,
                note: None,
                stock: request.releases_on_drop(),
                restocked: None,
                refund: None,
                documents: ReturnDocuments::for_change(ReturnStatus::Withdrawn),
                changed_by: user_id.to_string(),
                at: self.clock.now(),
            };
            match self.store.transition(&change)? {
                ReturnOutcome::Applied(done) => return Ok(self.notify(*done)),
                // Moved meanwhile (the owner approved or it was picked up): decide again.
                ReturnOutcome::Stale => continue,
            }
        }
        Err(OrdersError::Busy)
    }

    fn list(&self, status: Option<ReturnStatus>, page: PageRequest) -> Result<ReturnPage, OrdersError> {
        let (returns, total) = self.store.search(status, page)?;
        Ok(ReturnPage { returns, total, page })
    }

    fn set_status(&self, admin_id: &UserId, return_id: &str, input: ReturnStatusInput) -> Result<ReturnAnswer, OrdersError> {
        if !OrderId::new(return_id).is_uuid() {
            return Err(OrdersError::ReturnNotFound);
        }
        for _ in 0..ATTEMPTS {
            let request = self.store.find(return_id)?.ok_or(OrdersError::ReturnNotFound)?;
            let change = self.change(admin_id, &request, &input)?;
            match self.store.transition(&change)? {
                ReturnOutcome::Applied(done) => return Ok(self.notify(*done)),
                // Changed meanwhile: read again and decide again (the move may now be illegal).
                ReturnOutcome::Stale => continue,
            }
        }
        Err(OrdersError::Busy)
    }

    fn document_pdf(&self, viewer: &UserId, admin: bool, return_id: &str, kind: DocumentKind) -> Result<(TaxDocument, Vec<u8>), OrdersError> {
        if !OrderId::new(return_id).is_uuid() {
            return Err(OrdersError::ReturnNotFound);
        }
        if !admin {
            let request = self.store.find(return_id)?.ok_or(OrdersError::ReturnNotFound)?;
            if request.user_id != viewer.as_str() {
                return Err(OrdersError::ReturnNotFound);
            }
        }
        let document = self.store.document(return_id, kind)?.ok_or(OrdersError::NoDocument(match kind {
            DocumentKind::CreditNote => "This request has no credit note: it is issued when the refund is recorded or the exchange ships, for an invoiced order",
            DocumentKind::Invoice => "This request has no invoice: an exchange's replacement is invoiced when it ships, for an invoiced order",
        }))?;
        crate::ports::printed(self.printer.as_ref(), document)
    }
}

/// The e-mail sent to the shopper when a request is made and at each later step.
/// The shop's notice of a request that needs it to act: a new one to answer, or an approved
/// one the shopper withdrew (the courier's pickup to call off), to the shop's address `to`.
pub fn desk_notice(request: &ReturnRequest, to: &str) -> Option<OutgoingEmail> {
    let number = request.order_number();
    let what = request.kind.noun();
    let last = request.history.last();
    let (subject, headline) = match request.status {
        ReturnStatus::Requested => (
            format!("New {what} request for order {number}"),
            format!(
                "{} asks for {} of order {number}: {}.",
                request.customer_name,
                request.kind.with_article(),
                request.reason.label().to_lowercase()
            ),
        ),
        ReturnStatus::Withdrawn if last.is_some_and(|c| c.from == Some(ReturnStatus::Approved)) => (
            format!("Order {number}: approved {what} request withdrawn"),
            format!("{} withdrew the approved {what} request for order {number}: call off the pickup.", request.customer_name),
        ),
        _ => return None,
    };
    let mut lines = vec![headline];
    for line in &request.lines {
        let mut item = format!("- {} (size {}, colour {}) x {}", line.product_name, line.size, line.color, line.quantity);
        if let Some(target) = &line.exchange {
            let _ = write!(item, " -> size {}, colour {}", target.size, target.color);
        }
        lines.push(item);
    }
    lines.push("It is under Returns in the back office.".to_string());
    Some(crate::email::shop_notice(to, subject, &lines))
}

pub fn status_email(request: &ReturnRequest) -> OutgoingEmail {
    let number = request.order_number();
    let what = request.kind.noun();
    // Each status's subject beside the sentence that opens the e-mail.
    let (subject, headline) = match request.status {
        ReturnStatus::Requested => (
            format!("Order {number}: we have your {what} request"),
            format!("We have received your {what} request for order {number}."),
        ),
        ReturnStatus::Approved => (
            format!("Order {number}: {what} request approved"),
            format!("Your {what} request for order {number} is approved. Our courier will pick the items up."),
        ),
        ReturnStatus::Rejected => (
            format!("Order {number}: {what} request not accepted"),
            format!("Your {what} request for order {number} was not accepted."),
        ),
        ReturnStatus::Withdrawn => (
            format!("Order {number}: {what} request withdrawn"),
            format!("You withdrew your {what} request for order {number}: nothing will be picked up."),
        ),
        ReturnStatus::PickedUp => (
            format!("Order {number}: the items were picked up"),
            format!("The items of your {what} request for order {number} were picked up."),
        ),
        ReturnStatus::Received => (
            format!("Order {number}: the items reached us"),
            format!("We have received the items of your {what} request for order {number}."),
        ),
        ReturnStatus::Refunded => (
            format!("Order {number}: your refund is paid"),
            format!(
                "Your refund of {} for order {number} has been paid.",
                request.refund.as_ref().map(|r| r.amount).unwrap_or_else(|| request.amount()).format_inr()
            ),
        ),
        ReturnStatus::ExchangeShipped => (
            format!("Order {number}: your replacement is on its way"),
            format!("The replacement for order {number} is on its way."),
        ),
    };
    let greeting = crate::email::greeting(&request.customer_first_name);
    let mut text = format!("{greeting}\n\n{headline}\n\nItems:\n");
    for line in &request.lines {
        let _ = write!(text, "- {} (size {}, colour {}) x {}", line.product_name, line.size, line.color, line.quantity);
        if let Some(target) = &line.exchange {
            let _ = write!(text, " -> size {}, colour {}", target.size, target.color);
        }
        text.push('\n');
    }
    if let Some(refund) = &request.refund {
        let _ = writeln!(text, "\nPaid to: {} {}", refund.method.label(), refund.account_masked);
    }
    let note = request.history.last().and_then(|c| c.note.clone());
    if let Some(note) = &note {
        let _ = writeln!(text, "\nNote from the shop: {note}");
    }
    text.push_str("\nYou can follow the request under My Account > Orders.\n");
    let html = format!(
        "<!DOCTYPE html>\n<html>\n<head>\n<meta charset=\"utf-8\">\n<title>Order {number}</title>\n</head>\n\
<body style=\"font-family:Arial,sans-serif;color:#222\">\n<p>{}</p>\n<p>{}</p>\n<ul>\n{}</ul>\n{}\n</body>\n</html>\n",
        escape_html(&greeting),
        escape_html(&headline),
        request
            .lines
            .iter()
            .map(|l| format!(
                "<li>{} (size {}, colour {}) &times; {}{}</li>\n",
                escape_html(&l.product_name),
                escape_html(&l.size),
                escape_html(&l.color),
                l.quantity,
                l.exchange.as_ref().map(|t| format!(" &rarr; size {}, colour {}", escape_html(&t.size), escape_html(&t.color))).unwrap_or_default()
            ))
            .collect::<String>(),
        note.map(|n| format!("<p>Note from the shop: {}</p>", escape_html(&n))).unwrap_or_default()
    );
    OutgoingEmail::new(request.customer_email.clone(), subject, text, html)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_request_moves_only_forward_along_its_kind() {
        use ReturnStatus as S;
        assert_eq!(S::Requested.next(ReturnKind::Refund), &[S::Approved, S::Rejected]);
        assert_eq!(S::Received.next(ReturnKind::Refund), &[S::Refunded]);
        assert_eq!(S::Received.next(ReturnKind::Exchange), &[S::ExchangeShipped]);
        assert!(S::Rejected.next(ReturnKind::Exchange).is_empty());
        assert!(S::Refunded.next(ReturnKind::Refund).is_empty());
    }

    #[test]
    fn payout_accounts_are_kept_masked() {
        assert_eq!(mask_upi("asha.rao@okaxis").as_deref(), Some("as****@okaxis"));
        assert_eq!(mask_upi("asha"), None);
        assert_eq!(mask_upi("a@okaxis"), None);
        assert_eq!(mask_bank("123456789012", "hdfc0001234").as_deref(), Some("XXXXXX9012 · HDFC0001234"));
        assert_eq!(mask_bank("12345", "HDFC0001234"), None);
        assert_eq!(mask_bank("123456789012", "HDFC1001234"), None);
    }

    fn at(y: i32, m: u32, d: u32, h: u32, min: u32) -> DateTime<Utc> {
        chrono::NaiveDate::from_ymd_opt(y, m, d).and_then(|day| day.and_hms_opt(h, min, 0)).map(|t| t.and_utc()).unwrap_or_default()
    }

    fn order() -> Order {
        use crate::models::{AddressSnapshot, CustomerSnapshot, OrderItem, PaymentStatus};
        let item = |id: &str, variant: &str, price: i64, mrp: i64| OrderItem {
            id: id.into(),
            product_id: Some("kurta".into()),
            variant_id: Some(variant.into()),
            product_name: "Cotton Kurta".into(),
            size: "M".into(),
            color: "Indigo".into(),
            image_url: None,
            quantity: 2,
            price_at_purchase: Money::from_paise(price),
            mrp: Money::from_paise(mrp),
        };
        let delivered = at(2026, 12, 1, 17, 30);
        Order {
            id: "00000000-0000-4000-8000-000000000001".into(),
            user_id: "asha".into(),
            customer: CustomerSnapshot { first_name: "Asha".into(), last_name: "Rao".into(), email: "asha@example.in".into() },
            items: vec![item("full", "kurta-m", 99_900, 99_900), item("sale", "kurta-m2", 79_900, 99_900)],
            payment_method: "COD".into(),
            payment_status: PaymentStatus::Paid,
            delivery_status: DeliveryStatus::Delivered,
            subtotal: Money::ZERO,
            discount: Money::ZERO,
            total: Money::ZERO,
            address: AddressSnapshot {
                full_name: "Asha Rao".into(),
                phone: None,
                landmark: None,
                address_line1: "12 Residency Road".into(),
                address_line2: None,
                city: "Pune".into(),
                state: "Maharashtra".into(),
                postal_code: "411001".into(),
            },
            expected_delivery_date: delivered.date_naive(),
            delivered_on: Some(delivered),
            created_at: delivered,
            updated_at: delivered,
            history: Vec::new(),
            invoice: None,
            credit_note: None,
        }
    }

    fn context(already: &[(&str, i32)]) -> ReturnContext {
        let variant = |id: &str, size: &str, stock: i32, price: i64| VariantStock {
            id: id.into(),
            product_id: "kurta".into(),
            size: size.into(),
            color: "Indigo".into(),
            stock,
            price: Money::from_paise(price),
        };
        ReturnContext {
            order: order(),
            already: already.iter().map(|(k, v)| (k.to_string(), *v)).collect(),
            // The sale the second line was bought in has ended: M2 sells at 999 again, like L.
            targets: vec![
                variant("kurta-l", "L", 1, 99_900),
                variant("kurta-s", "S", 0, 99_900),
                variant("kurta-m", "M", 9, 99_900),
                variant("kurta-m2", "M", 9, 99_900),
                variant("kurta-xxl", "XXL", 5, 149_900),
            ],
        }
    }

    fn input(kind: ReturnKind, item: &str, quantity: i32, target: Option<&str>) -> ReturnInput {
        ReturnInput {
            kind,
            reason: ReturnReason::SizeTooSmall,
            lines: vec![ReturnLineInput { order_item_id: item.into(), quantity, exchange_variant_id: target.map(str::to_string) }],
        }
    }

    fn code(result: Result<ReturnRequest, OrdersError>) -> String {
        match result {
            Ok(_) => "ok".into(),
            Err(OrdersError::Rule { code, .. }) => code.into(),
            Err(e) => format!("{e:?}").split([' ', '{', '(']).next().unwrap_or_default().to_string(),
        }
    }

    #[test]
    fn the_rules_of_a_request() {
        let now = at(2026, 12, 3, 6, 0);
        let asha = UserId::new("asha");
        let build = |who: &UserId, input: ReturnInput, already: &[(&str, i32)], now| code(build_request("r", who, &input, context(already), now));
        assert_eq!(build(&asha, input(ReturnKind::Refund, "full", 2, None), &[], now), "ok");
        assert_eq!(build(&UserId::new("ravi"), input(ReturnKind::Refund, "full", 1, None), &[], now), "NotFound");
        assert_eq!(build(&asha, input(ReturnKind::Refund, "full", 3, None), &[], now), "too_many_units");
        assert_eq!(build(&asha, input(ReturnKind::Refund, "full", 1, None), &[("full", 2)], now), "too_many_units");
        assert_eq!(build(&asha, input(ReturnKind::Refund, "full", 1, None), &[("full", 1)], now), "ok");
        assert_eq!(build(&asha, input(ReturnKind::Refund, "sale", 1, None), &[], now), "sale_item_not_refundable");
        for reason in [ReturnReason::DamagedOrDefective, ReturnReason::NotAsDescribed] {
            let faulty = ReturnInput { reason, ..input(ReturnKind::Refund, "sale", 1, None) };
            assert_eq!(build(&asha, faulty, &[], now), "ok", "{reason:?}");
        }
        assert_eq!(build(&asha, input(ReturnKind::Exchange, "sale", 1, Some("kurta-l")), &[], now), "ok");
        assert_eq!(build(&asha, input(ReturnKind::Exchange, "full", 1, Some("kurta-m")), &[], now), "exchange_target_invalid");
        assert_eq!(build(&asha, input(ReturnKind::Exchange, "full", 1, Some("scarf")), &[], now), "exchange_target_invalid");
        assert_eq!(build(&asha, input(ReturnKind::Exchange, "full", 1, None), &[], now), "exchange_target_required");
        // A size that sells at another price is not an exchange (it would ship at the price paid).
        assert_eq!(build(&asha, input(ReturnKind::Exchange, "full", 1, Some("kurta-xxl")), &[], now), "exchange_price_differs");
        assert_eq!(build(&asha, input(ReturnKind::Exchange, "sale", 1, Some("kurta-xxl")), &[], now), "exchange_price_differs");
        assert_eq!(build(&asha, input(ReturnKind::Exchange, "full", 2, Some("kurta-l")), &[], now), "OutOfStock");
        assert_eq!(build(&asha, input(ReturnKind::Refund, "full", 1, Some("kurta-l")), &[], now), "exchange_for_refund");
        assert_eq!(build(&asha, input(ReturnKind::Refund, "other", 1, None), &[], now), "unknown_item");
        // Delivered 23:00 on 1 Dec in India: open until the end of 8 Dec, India time.
        assert_eq!(build(&asha, input(ReturnKind::Refund, "full", 1, None), &[], at(2026, 12, 8, 18, 29)), "ok");
        assert_eq!(build(&asha, input(ReturnKind::Refund, "full", 1, None), &[], at(2026, 12, 8, 18, 31)), "return_window_closed");
        let mut twice = input(ReturnKind::Refund, "full", 1, None);
        twice.lines.push(twice.lines[0].clone());
        assert_eq!(build(&asha, twice, &[], now), "repeated_item");
    }

    #[test]
    fn a_refund_comes_to_what_was_paid_for_the_pieces() {
        let request = build_request("r", &UserId::new("asha"), &input(ReturnKind::Refund, "full", 2, None), context(&[]), at(2026, 12, 3, 6, 0));
        assert_eq!(request.map(|r| r.amount()).ok(), Some(Money::from_paise(199_800)));
    }

    #[test]
    fn the_window_ends_seven_india_days_after_delivery() {
        // Delivered at 23:00 India time on 1 Dec (17:30 UTC): the window closes on 8 Dec.
        let delivered = chrono::NaiveDate::from_ymd_opt(2026, 12, 1).and_then(|d| d.and_hms_opt(17, 30, 0)).map(|t| t.and_utc());
        assert_eq!(delivered.map(window_closes), chrono::NaiveDate::from_ymd_opt(2026, 12, 8));
    }
}
