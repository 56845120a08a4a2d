//! Returns and size exchanges: the shopper asks for one on their delivered order and
//! follows it; the owner lists them and moves each one step at a time.

use actix_web::{get, post, put, web, HttpResponse};
use kernel::{OrderId, UserId};
use orders::returns::{ReturnStatus, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE};
use serde::Deserialize;
use utoipa_actix_web::service_config::ServiceConfig;

use super::query_string;
use crate::auth::{AdminUser, CurrentUser};
use crate::dto::returns::{ReturnCreateRequest, ReturnDto, ReturnListDto, ReturnStatusName, ReturnStatusRequest};
use crate::dto::{data, data_with_message, Envelope, FromEach};
use crate::error::ApiError;
use super::{created, ok, Id};
use crate::openapi::responses::{Invalid, JsonBody, NotFound, RoleRequired, Unauthorized};
use crate::state::AppState;

pub fn routes(cfg: &mut ServiceConfig) {
    cfg.service(create)
        .service(my_returns)
        .service(all_returns)
        .service(set_status)
        .service(withdraw)
        .service(return_credit_note_pdf)
        .service(return_invoice_pdf);
}

#[utoipa::path(
    tag = "returns",
    params(("id" = uuid::Uuid, Path, description = "Order id (the caller's own)")),
    request_body = ReturnCreateRequest,
    responses(
        (status = 201, description = "Request made (status REQUESTED; the shopper gets an e-mail). Only a DELIVERED order, within 7 days (India's calendar) after the day of delivery", body = Envelope<ReturnDto>),
        JsonBody, RoleRequired,
        (status = 404, description = "No such order of the caller's", body = crate::error::ErrorBody),
        (status = 409, description = "The replacement size or colour is out of stock (`out_of_stock`)", body = crate::error::ErrorBody),
        (status = 422, description = "Breaks a rule; `code` names it: `not_delivered`, `return_window_closed`, `unknown_item`, `repeated_item`, `too_many_units`, `sale_item_not_refundable`, `exchange_target_required`, `exchange_target_invalid`, `exchange_for_refund`. Nothing is changed", body = crate::error::ErrorBody)
    )
)]
#[post("/orders/{id}/returns")]
async fn create(
    state: web::Data<AppState>,
    CurrentUser(user): CurrentUser,
    Id(order_id): Id<OrderId>,
    body: web::Json<ReturnCreateRequest>,
) -> Result<HttpResponse, ApiError> {
    let input = body.into_inner().try_into_domain()?;
    let answer = state.run(move |s| s.returns.request(&UserId::new(user.id), &order_id, input)).await?;
    created(data_with_message(mailed(answer), "Your request has been sent"))
}

#[utoipa::path(
    tag = "returns",
    responses((status = 200, description = "The caller's return and exchange requests, newest first", body = Envelope<Vec<ReturnDto>>), Unauthorized)
)]
#[get("/returns/my")]
async fn my_returns(state: web::Data<AppState>, CurrentUser(user): CurrentUser) -> Result<HttpResponse, ApiError> {
    let mine = state.run(move |s| s.returns.my_returns(&UserId::new(user.id))).await?;
    ok(data(ReturnDto::all(mine)))
}

/// The back office's list: paging and the status filter.
#[derive(Debug, Deserialize, Default, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ReturnListParams {
    /// The page, from 1; a smaller number reads as 1.
    #[param(value_type = Option<i64>)]
    page: Option<String>,
    /// Requests per page, 1 to 100 (20 when absent); a number outside reads as the nearer end.
    #[param(value_type = Option<i64>)]
    limit: Option<String>,
    /// Only requests in this status.
    #[param(value_type = Option<ReturnStatusName>)]
    status: Option<String>,
}

#[utoipa::path(
    tag = "returns",
    params(ReturnListParams),
    responses((status = 200, description = "A page of every request, newest first (admin)", body = ReturnListDto), Invalid, RoleRequired)
)]
#[get("/returns")]
async fn all_returns(
    state: web::Data<AppState>,
    _admin: AdminUser,
    params: web::Query<ReturnListParams>,
) -> Result<HttpResponse, ApiError> {
    let params = params.into_inner();
    let page = query_string::page(&params.page, &params.limit, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE)?;
    let status = query_string::named::<ReturnStatus>(&params.status, "status").map_err(|e| e.on("status"))?;
    let found = state.run(move |s| s.returns.list(status, page)).await?;
    ok(ReturnListDto::from(found))
}

#[utoipa::path(
    tag = "returns",
    params(("id" = uuid::Uuid, Path, description = "Return request id")),
    request_body = ReturnStatusRequest,
    responses(
        (status = 200, description = "Moved one step (admin); the shopper gets an e-mail. APPROVED on an exchange reserves the replacement pieces; RECEIVED puts the returned pieces back into stock unless `restock` is false; REFUNDED records the amount the server computed and the masked payout account. When the order has a tax invoice, REFUNDED issues a credit note for the returned pieces and EXCHANGE_SHIPPED a credit note for them and a tax invoice for the replacement (`creditNote`, `replacementInvoice`)", body = Envelope<ReturnDto>),
        JsonBody, RoleRequired, NotFound,
        (status = 409, description = "Not a next status of the current one, or changed meanwhile (`invalid_state`, `busy`); or the replacement is out of stock (`out_of_stock`); or the replacement of an invoiced order cannot be invoiced (`gst_setup`: the company's GSTIN or state, or a GST rate, is missing). Nothing is changed", body = crate::error::ErrorBody),
        (status = 422, description = "`note_required` (a rejection), `payout_required`, `invalid_upi_id`, `invalid_bank_account`. Nothing is changed", body = crate::error::ErrorBody)
    )
)]
#[put("/returns/{id}/status")]
async fn set_status(
    state: web::Data<AppState>,
    AdminUser(admin): AdminUser,
    Id(id): Id<String>,
    body: web::Json<ReturnStatusRequest>,
) -> Result<HttpResponse, ApiError> {
    let input = body.into_inner().try_into_domain()?;
    let answer = state.run(move |s| s.returns.set_status(&UserId::new(admin.id), &id, input)).await?;
    let message = format!("Request marked {}", answer.request.status.label().to_lowercase());
    ok(data_with_message(mailed(answer), message))
}

#[utoipa::path(
    tag = "returns",
    params(("id" = uuid::Uuid, Path, description = "Return request id (the caller's own)")),
    responses(
        (status = 200, description = "Withdrawn (status WITHDRAWN; the shopper gets an e-mail): nothing will be picked up, and an approved exchange's reserved replacement goes back into stock. The pieces may be asked for again while the return window is open", body = Envelope<ReturnDto>),
        Invalid, Unauthorized,
        (status = 404, description = "No such request of the caller's", body = crate::error::ErrorBody),
        (status = 409, description = "Picked up already or finished (`invalid_state`), or changed meanwhile (`busy`). Nothing is changed", body = crate::error::ErrorBody)
    )
)]
#[post("/returns/{id}/withdraw")]
async fn withdraw(state: web::Data<AppState>, CurrentUser(user): CurrentUser, Id(id): Id<String>) -> Result<HttpResponse, ApiError> {
    let answer = state.run(move |s| s.returns.withdraw(&UserId::new(user.id), &id)).await?;
    ok(data_with_message(mailed(answer), "Your request has been withdrawn"))
}

/// The request a change answered; an e-mail that failed is not the caller's error (the mail
/// adapter logs it).
fn mailed(answer: orders::returns::ReturnAnswer) -> ReturnDto {
    ReturnDto::from(answer.request)
}

#[utoipa::path(
    tag = "returns",
    params(("id" = uuid::Uuid, Path, description = "Return request id (the caller's own, or any for an admin)")),
    responses(
        (status = 200, description = "The credit note for the returned pieces (CGST Act 2017, section 34; CGST Rules, rule 53): issued when the refund is recorded or the exchange ships, for an order with a tax invoice", content_type = "application/pdf", body = Vec<u8>),
        Invalid, Unauthorized,
        (status = 404, description = "No such request of the caller's, or no credit note (the order has no invoice, or the refund or exchange is not done yet)", body = crate::error::ErrorBody)
    )
)]
#[get("/returns/{id}/credit-note.pdf")]
async fn return_credit_note_pdf(state: web::Data<AppState>, CurrentUser(user): CurrentUser, Id(id): Id<String>) -> Result<HttpResponse, ApiError> {
    super::tax_document_pdf(&state, user, move |s, viewer, admin| s.returns.document_pdf(viewer, admin, &id, orders::DocumentKind::CreditNote)).await
}

#[utoipa::path(
    tag = "returns",
    params(("id" = uuid::Uuid, Path, description = "Return request id (the caller's own, or any for an admin)")),
    responses(
        (status = 200, description = "The tax invoice of an exchange's replacement pieces (CGST Rules, rule 46): issued when the exchange ships, for an order with a tax invoice", content_type = "application/pdf", body = Vec<u8>),
        Invalid, Unauthorized,
        (status = 404, description = "No such request of the caller's, or no replacement invoice (a refund, an order without an invoice, or the exchange has not shipped)", body = crate::error::ErrorBody)
    )
)]
#[get("/returns/{id}/invoice.pdf")]
async fn return_invoice_pdf(state: web::Data<AppState>, CurrentUser(user): CurrentUser, Id(id): Id<String>) -> Result<HttpResponse, ApiError> {
    super::tax_document_pdf(&state, user, move |s, viewer, admin| s.returns.document_pdf(viewer, admin, &id, orders::DocumentKind::Invoice)).await
}
