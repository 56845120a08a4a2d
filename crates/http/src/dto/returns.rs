//! Returns and exchanges: the shopper's request, the owner's status changes, and how a
//! request is shown (to its shopper and to the back office).

use orders::returns::{
    PayoutInput, ReturnChange, ReturnInput, ReturnKind, ReturnLine, ReturnLineInput, ReturnPage, ReturnReason,
    ReturnRequest, ReturnStatus, ReturnStatusInput, MAX_NOTE_CHARS,
};
use serde::{Deserialize, Serialize};

use super::order::DocumentRefDto;
use super::timestamp;
use crate::error::ApiError;

/// Refund (money back) or exchange (another size or colour of the same product).
#[derive(Debug, Clone, Copy, Deserialize, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum ReturnKindName {
    Refund,
    Exchange,
}

impl From<ReturnKindName> for ReturnKind {
    fn from(k: ReturnKindName) -> Self {
        match k {
            ReturnKindName::Refund => ReturnKind::Refund,
            ReturnKindName::Exchange => ReturnKind::Exchange,
        }
    }
}

/// Why the pieces go back.
#[derive(Debug, Clone, Copy, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum ReturnReasonName {
    SizeTooSmall,
    SizeTooLarge,
    DamagedOrDefective,
    NotAsDescribed,
    ChangedMyMind,
    /// Only for an order delivered after its expected delivery date (422 `not_delivered_late` otherwise).
    DeliveredLate,
}

impl From<ReturnReasonName> for ReturnReason {
    fn from(r: ReturnReasonName) -> Self {
        match r {
            ReturnReasonName::SizeTooSmall => ReturnReason::SizeTooSmall,
            ReturnReasonName::SizeTooLarge => ReturnReason::SizeTooLarge,
            ReturnReasonName::DamagedOrDefective => ReturnReason::DamagedOrDefective,
            ReturnReasonName::NotAsDescribed => ReturnReason::NotAsDescribed,
            ReturnReasonName::ChangedMyMind => ReturnReason::ChangedMyMind,
            ReturnReasonName::DeliveredLate => ReturnReason::DeliveredLate,
        }
    }
}

/// Where a request is: REQUESTED → APPROVED or REJECTED → PICKED_UP → RECEIVED → REFUNDED
/// (a refund) or EXCHANGE_SHIPPED (an exchange). WITHDRAWN: the shopper withdrew it before
/// the pickup (their own call, never the owner's).
#[derive(Debug, Clone, Copy, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum ReturnStatusName {
    Requested,
    Approved,
    Rejected,
    Withdrawn,
    PickedUp,
    Received,
    Refunded,
    ExchangeShipped,
}

impl ReturnStatusName {
    pub fn into_domain(self) -> ReturnStatus {
        match self {
            ReturnStatusName::Requested => ReturnStatus::Requested,
            ReturnStatusName::Approved => ReturnStatus::Approved,
            ReturnStatusName::Rejected => ReturnStatus::Rejected,
            ReturnStatusName::Withdrawn => ReturnStatus::Withdrawn,
            ReturnStatusName::PickedUp => ReturnStatus::PickedUp,
            ReturnStatusName::Received => ReturnStatus::Received,
            ReturnStatusName::Refunded => ReturnStatus::Refunded,
            ReturnStatusName::ExchangeShipped => ReturnStatus::ExchangeShipped,
        }
    }
}

/// How a cash-on-delivery refund was paid.
#[derive(Debug, Clone, Copy, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum PayoutMethodName {
    Upi,
    Bank,
}

/// One line of the order to send back.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReturnLineRequest {
    /// The order line (`items[].id` of the order).
    #[schema(value_type = uuid::Uuid)]
    pub order_item_id: String,
    /// Pieces, at least 1 and at most those bought less those already in requests that were
    /// not rejected (more: 422 `too_many_units`).
    #[schema(value_type = i64, required = true, minimum = 1, maximum = 1000)]
    #[serde(default, deserialize_with = "super::whole_number")]
    pub quantity: Option<i64>,
    /// For an exchange, required (422 `exchange_target_required`): another variant of the
    /// same product with the pieces in stock (422 `exchange_target_invalid`, 409
    /// `out_of_stock`). For a refund it must be absent (422 `exchange_for_refund`).
    #[schema(value_type = Option<uuid::Uuid>)]
    pub exchange_variant_id: Option<String>,
}

/// A return or exchange request. There is no amount: the server computes the refund from
/// what was paid.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReturnCreateRequest {
    /// A refund of an item bought below its MRP (a sale item) is refused (422
    /// `sale_item_not_refundable`); it can be exchanged.
    pub kind: ReturnKindName,
    pub reason: ReturnReasonName,
    /// 1 to 50 lines, each order line at most once (422 `repeated_item`).
    #[schema(min_items = 1, max_items = 50)]
    pub lines: Vec<ReturnLineRequest>,
}

impl ReturnCreateRequest {
    pub fn try_into_domain(self) -> Result<ReturnInput, ApiError> {
        if self.lines.is_empty() || self.lines.len() > 50 {
            return Err(ApiError::bad_request("invalid_input", "Give 1 to 50 lines").on("lines"));
        }
        let mut lines = Vec::with_capacity(self.lines.len());
        for line in self.lines {
            let quantity = line.quantity.filter(|q| (1..=1000).contains(q)).ok_or_else(|| {
                ApiError::bad_request("invalid_input", "quantity must be a whole number from 1 to 1000").on("quantity")
            })?;
            lines.push(ReturnLineInput {
                order_item_id: id_of(&line.order_item_id, "orderItemId")?,
                quantity: i32::try_from(quantity).unwrap_or(i32::MAX),
                exchange_variant_id: line.exchange_variant_id.as_deref().map(|v| id_of(v, "exchangeVariantId")).transpose()?,
            });
        }
        Ok(ReturnInput { kind: self.kind.into(), reason: self.reason.into(), lines })
    }
}

/// An id the request names: a UUID (JSON Schema's `format: uuid` is only a hint to most
/// clients, so a text that is not one is a rule on the value: 422).
fn id_of(text: &str, field: &'static str) -> Result<String, ApiError> {
    uuid::Uuid::parse_str(text.trim())
        .map(|id| id.to_string())
        .map_err(|_| ApiError::unprocessable("invalid_value", format!("{field} must be an id (a UUID)")).on(field))
}

/// The owner moves a request one step.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReturnStatusRequest {
    /// Only a next status of the current one (409 `invalid_state` otherwise).
    pub status: ReturnStatusName,
    /// Shown to the shopper and in their e-mail; required to reject (422 `note_required`).
    #[schema(max_length = 500)]
    pub note: Option<String>,
    /// RECEIVED only: put the pieces back into stock (default true; false for damaged or
    /// defective goods). Ignored for other statuses.
    pub restock: Option<bool>,
    /// REFUNDED only, and then required (422 `payout_required`): every order is cash on
    /// delivery, so the refund is paid to the shopper's UPI id or bank account. Only a
    /// masked form is stored.
    pub refund_method: Option<PayoutMethodName>,
    /// With `refundMethod` UPI (422 `invalid_upi_id` when missing).
    #[schema(pattern = r"^[A-Za-z0-9._-]{2,256}@[A-Za-z][A-Za-z0-9]{1,63}$", max_length = 321)]
    pub upi_id: Option<String>,
    /// With `refundMethod` BANK (422 `invalid_bank_account` when missing).
    #[schema(pattern = r"^[0-9]{9,18}$")]
    pub account_number: Option<String>,
    /// With `refundMethod` BANK: the branch's IFSC.
    #[schema(pattern = r"^[A-Z]{4}0[A-Z0-9]{6}$")]
    pub ifsc: Option<String>,
}

fn matches_upi(raw: &str) -> bool {
    orders::returns::mask_upi(raw).is_some() && raw == raw.trim() && raw.len() <= 321
}

impl ReturnStatusRequest {
    pub fn try_into_domain(self) -> Result<ReturnStatusInput, ApiError> {
        if self.note.as_ref().is_some_and(|n| n.chars().count() > MAX_NOTE_CHARS) {
            return Err(ApiError::unprocessable("invalid_value", format!("note may hold up to {MAX_NOTE_CHARS} characters")).on("note"));
        }
        if self.upi_id.as_deref().is_some_and(|u| !matches_upi(u)) {
            return Err(ApiError::unprocessable("invalid_value", "Enter a UPI id such as name@okaxis").on("upiId"));
        }
        if self.account_number.as_deref().is_some_and(|a| !(9..=18).contains(&a.len()) || !a.bytes().all(|b| b.is_ascii_digit())) {
            return Err(ApiError::unprocessable("invalid_value", "An account number has 9 to 18 digits").on("accountNumber"));
        }
        if self.ifsc.as_deref().is_some_and(|i| orders::returns::mask_bank("123456789", i).is_none() || i != i.to_ascii_uppercase()) {
            return Err(ApiError::unprocessable("invalid_value", "An IFSC is 11 characters such as HDFC0001234").on("ifsc"));
        }
        let payout = match self.refund_method {
            None => None,
            Some(PayoutMethodName::Upi) => Some(PayoutInput::Upi { upi_id: self.upi_id.unwrap_or_default() }),
            Some(PayoutMethodName::Bank) => Some(PayoutInput::Bank {
                account_number: self.account_number.unwrap_or_default(),
                ifsc: self.ifsc.unwrap_or_default(),
            }),
        };
        Ok(ReturnStatusInput { status: self.status.into_domain(), note: self.note, restock: self.restock, payout })
    }
}

/// One order line's pieces in a request.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReturnLineDto {
    pub id: String,
    pub order_item_id: String,
    pub product_id: Option<String>,
    pub variant_id: Option<String>,
    pub product_name: String,
    pub size: String,
    pub color: String,
    pub quantity: i32,
    /// Rupees paid per piece.
    pub unit_price: f64,
    /// For an exchange: the variant sent instead.
    pub exchange_variant_id: Option<String>,
    pub exchange_size: Option<String>,
    pub exchange_color: Option<String>,
}

impl From<ReturnLine> for ReturnLineDto {
    fn from(l: ReturnLine) -> Self {
        ReturnLineDto {
            unit_price: l.unit_price.to_rupees(),
            exchange_variant_id: l.exchange.as_ref().map(|t| t.variant_id.clone()),
            exchange_size: l.exchange.as_ref().map(|t| t.size.clone()),
            exchange_color: l.exchange.map(|t| t.color),
            id: l.id,
            order_item_id: l.order_item_id,
            product_id: l.product_id,
            variant_id: l.variant_id,
            product_name: l.product_name,
            size: l.size,
            color: l.color,
            quantity: l.quantity,
        }
    }
}

/// One step of a request's history.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReturnChangeDto {
    #[schema(value_type = Option<ReturnStatusName>)]
    pub from: Option<&'static str>,
    #[schema(value_type = ReturnStatusName)]
    pub to: &'static str,
    pub note: Option<String>,
    pub changed_at: String,
}

impl From<ReturnChange> for ReturnChangeDto {
    fn from(c: ReturnChange) -> Self {
        ReturnChangeDto { from: c.from.map(ReturnStatus::as_str), to: c.to.as_str(), note: c.note, changed_at: timestamp(c.changed_at) }
    }
}

/// A recorded refund: the amount the server computed and where it went, masked.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RefundDto {
    pub amount: f64,
    #[schema(value_type = PayoutMethodName)]
    pub method: &'static str,
    /// `as****@okaxis` or `XXXXXX4321 · HDFC0001234`: never the full number.
    pub account: String,
}

/// A return or exchange request.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReturnDto {
    pub id: String,
    pub order_id: String,
    /// The order number as the shop shows it (the id's first 8 characters).
    pub order_number: String,
    pub customer_name: String,
    pub customer_email: String,
    #[schema(value_type = ReturnKindName)]
    pub kind: &'static str,
    #[schema(value_type = ReturnReasonName)]
    pub reason: &'static str,
    #[schema(value_type = ReturnStatusName)]
    pub status: &'static str,
    /// The status in words (`Picked up`).
    pub status_label: &'static str,
    /// What a refund of these pieces comes to, in rupees (what was paid for them).
    pub amount: f64,
    pub lines: Vec<ReturnLineDto>,
    /// Whether the returned pieces went back into stock (null until received).
    pub restocked: Option<bool>,
    pub refund: Option<RefundDto>,
    /// The statuses the request may move to next.
    #[schema(value_type = Vec<ReturnStatusName>)]
    pub next_statuses: Vec<&'static str>,
    /// Whether the shopper may still withdraw it: until its pieces are picked up
    /// (`POST /api/returns/{id}/withdraw`).
    pub can_withdraw: bool,
    pub history: Vec<ReturnChangeDto>,
    /// The credit note for the returned pieces, once issued: when the refund is recorded or
    /// the exchange ships, for an order with a tax invoice (`GET /api/returns/{id}/credit-note.pdf`).
    pub credit_note: Option<DocumentRefDto>,
    /// The tax invoice of an exchange's replacement, issued when it ships, for an order with
    /// a tax invoice (`GET /api/returns/{id}/invoice.pdf`).
    pub replacement_invoice: Option<DocumentRefDto>,
    pub created_at: String,
    pub updated_at: String,
}

impl From<ReturnRequest> for ReturnDto {
    fn from(r: ReturnRequest) -> Self {
        ReturnDto {
            order_number: r.order_number(),
            amount: r.amount().to_rupees(),
            kind: r.kind.as_str(),
            reason: r.reason.as_str(),
            status: r.status.as_str(),
            status_label: r.status.label(),
            next_statuses: r.status.next(r.kind).iter().map(|s| s.as_str()).collect(),
            can_withdraw: r.status.can_withdraw(),
            refund: r.refund.map(|f| RefundDto { amount: f.amount.to_rupees(), method: f.method.as_str(), account: f.account_masked }),
            lines: r.lines.into_iter().map(ReturnLineDto::from).collect(),
            history: r.history.into_iter().map(ReturnChangeDto::from).collect(),
            credit_note: r.documents.credit_note.map(DocumentRefDto::from),
            replacement_invoice: r.documents.invoice.map(DocumentRefDto::from),
            created_at: timestamp(r.created_at),
            updated_at: timestamp(r.updated_at),
            id: r.id,
            order_id: r.order_id,
            customer_name: r.customer_name,
            customer_email: r.customer_email,
            restocked: r.restocked,
        }
    }
}

/// A page of requests: `{ data, pagination }`.
#[derive(Serialize, utoipa::ToSchema)]
pub struct ReturnListDto {
    pub data: Vec<ReturnDto>,
    pub pagination: super::catalog::PaginationDto,
}

impl From<ReturnPage> for ReturnListDto {
    fn from(page: ReturnPage) -> Self {
        ReturnListDto {
            pagination: super::catalog::PaginationDto::new(page.total, page.page),
            data: page.returns.into_iter().map(ReturnDto::from).collect(),
        }
    }
}

