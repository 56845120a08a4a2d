use actix_web::{get, post, put, web, HttpRequest, HttpResponse};
use utoipa_actix_web::service_config::ServiceConfig;
use orders::{Customer, PlaceOrderInput};
use kernel::{OrderId, UserId};

use crate::auth::{AdminUser, CurrentUser};
use crate::dto::order::{
    BulkResultDto, BulkStatusAnswer, BulkStatusRequest, DeliveryStatusName, OrderDto, OrderListDto, PlaceOrderRequest, PlacedOrderAnswer,
    SendConfirmationRequest, StatusRequest,
};
use super::query_string;
use kernel::PageRequest;
use orders::listing::{DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE};
use orders::{DeliveryStatus, OrderSearch, OrderSort};
use serde::Deserialize;
use crate::dto::{data, data_with_message};
use crate::error::ApiError;
use super::{ok, Id};
use crate::ratelimit::{limit, Action};
use crate::state::AppState;
use crate::dto::docs::{ConfirmationSent, CountDto, ErrorBody};
use crate::dto::Envelope;
use crate::openapi::names;
use crate::openapi::responses::{Conflict, Invalid, JsonBody, NotFound, RoleRequired, Throttled, Unauthorized, Unprocessable};

pub const PLACED_AND_MAILED: &str = "Order placed successfully! Confirmation email sent";
pub const PLACED_MAIL_FAILED: &str = "Order placed, but confirmation email failed";
pub const ALREADY_PLACED: &str = "Order already placed";

pub fn routes(cfg: &mut ServiceConfig) {
    cfg.service(place)
        .service(my_orders)
        .service(all_orders)
        .service(bulk_status)
        .service(pending_count)
        .service(send_confirmation)
        .service(cancel)
        .service(set_status)
        .service(invoice_pdf)
        .service(credit_note_pdf);
}

fn customer(user: &accounts::User) -> Customer {
    Customer { id: UserId::new(user.id.clone()), email: user.email.clone() }
}

#[utoipa::path(
    tag = "orders",
    params(("Idempotency-Key" = Option<String>, Header, description = "Makes a retried placement answer the first order")),
    request_body = PlaceOrderRequest,
    responses(
        (status = 201, description = "Order placed from the cart", body = PlacedOrderAnswer),
        (status = 200, description = "A retry with the same Idempotency-Key: the first order", body = PlacedOrderAnswer),
        JsonBody, RoleRequired, NotFound, Conflict, Unprocessable, Throttled
    )
)]
#[post("/orders/place", wrap = "limit(Action::OrderByAddress)")]
/// 201 with the new order; a retry with the same `Idempotency-Key` gets 200 with the
/// order the first request made (and no second e-mail).
async fn place(
    req: HttpRequest,
    state: web::Data<AppState>,
    CurrentUser(user): CurrentUser,
    body: web::Json<PlaceOrderRequest>,
) -> Result<HttpResponse, ApiError> {
    let key = match req.headers().get("Idempotency-Key") {
        Some(value) => Some(
            value
                .to_str()
                .map_err(|_| ApiError::bad_request("invalid_input", "Idempotency-Key must be plain text"))?
                .to_string(),
        ),
        None => None,
    };
    let PlaceOrderRequest { address_id, payment_method, expected_total } = body.into_inner();
    let expected_total = expected_total
        .map(|rupees| match kernel::Money::from_rupees(rupees) {
            Err(kernel::money::MoneyError::Negative) => Err(ApiError::bad_request("invalid_value", "expectedTotal cannot be negative").on("expectedTotal")),
            other => other.map_err(|e| ApiError::unprocessable("invalid_value", format!("expectedTotal {e}")).on("expectedTotal")),
        })
        .transpose()?;
    let input = PlaceOrderInput { address_id, payment_method, idempotency_key: key, expected_total };
    let who = customer(&user);
    let placed = state.run(move |s| s.orders.place(&who, input)).await?;
    let (status, message) = match (placed.created, placed.email_sent) {
        (false, _) => (actix_web::http::StatusCode::OK, ALREADY_PLACED),
        (true, true) => (actix_web::http::StatusCode::CREATED, PLACED_AND_MAILED),
        (true, false) => (actix_web::http::StatusCode::CREATED, PLACED_MAIL_FAILED),
    };
    Ok(HttpResponse::build(status).json(PlacedOrderAnswer {
        data: OrderDto::for_owner(placed.order),
        message,
        email_sent: placed.email_sent,
        created: placed.created,
    }))
}

/// Paging of an order list, read forgivingly like the product list's.
#[derive(Debug, Deserialize, Default, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PageParams {
    /// The page, from 1; a smaller number reads as 1.
    #[param(value_type = Option<i64>)]
    page: Option<String>,
    /// Orders per page, 1 to 100 (20 when absent); a number outside reads as the nearer end.
    #[param(value_type = Option<i64>)]
    limit: Option<String>,
}

impl PageParams {
    fn read(&self) -> Result<PageRequest, ApiError> {
        query_string::page(&self.page, &self.limit, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE)
    }
}

/// What the back office's order list and its CSV export filter on.
#[derive(Debug, Deserialize, Default, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct OrderFilterParams {
    /// Only orders in this delivery status.
    #[param(value_type = Option<DeliveryStatusName>, inline)]
    status: Option<String>,
    /// The start of an order number (`#` optional), or part of the customer's name or
    /// e-mail, or of their mobile number; a whole mobile number also finds the orders
    /// delivered to it.
    #[param(max_length = 100)]
    q: Option<String>,
    /// First day of the order date, YYYY-MM-DD, India time (included).
    #[param(value_type = Option<String>, format = Date)]
    from: Option<String>,
    /// Last day of the order date, YYYY-MM-DD, India time (included); not before `from` (422).
    #[param(value_type = Option<String>, format = Date)]
    to: Option<String>,
}

/// How the back office's order list is sorted.
#[derive(Debug, Deserialize, Default, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct OrderSortParams {
    #[param(value_type = Option<OrderSortName>, inline)]
    sort: Option<String>,
}

names::named_list_schema!(OrderSortName = OrderSort, "How the order list is sorted (`newest` when absent; ties newest first).");

impl OrderFilterParams {
    /// The search for `page` of the orders these filters select, sorted by `sort`.
    pub(crate) fn into_search(self, page: PageRequest, sort: OrderSort) -> Result<OrderSearch, ApiError> {
        // Exactly the document's values: an empty or unknown name is a 400.
        let status = query_string::named::<DeliveryStatus>(&self.status, "status")?;
        query_string::search_text(&self.q)?;
        Ok(OrderSearch { status, text: self.q, from: query_string::day(&self.from, "from")?, to: query_string::day(&self.to, "to")?, sort, page })
    }
}

impl OrderSortParams {
    fn read(&self) -> Result<OrderSort, ApiError> {
        Ok(query_string::named::<OrderSort>(&self.sort, "sort")?.unwrap_or_default())
    }
}

#[utoipa::path(
    tag = "orders",
    params(PageParams),
    responses((status = 200, description = "A page of the caller's orders, newest first", body = OrderListDto), Invalid, Unauthorized)
)]
#[get("/orders/my-orders")]
async fn my_orders(
    state: web::Data<AppState>,
    CurrentUser(user): CurrentUser,
    params: web::Query<PageParams>,
) -> Result<HttpResponse, ApiError> {
    let page = params.read()?;
    let mine = state.run(move |s| s.orders.my_orders(&UserId::new(user.id), page)).await?;
    ok(OrderListDto::new(mine, OrderDto::for_owner))
}

#[utoipa::path(
    tag = "orders",
    params(("id" = uuid::Uuid, Path, description = "Order id (the caller's own)")),
    responses((status = 200, description = "Order cancelled", body = Envelope<OrderDto>), Invalid, Unauthorized, NotFound, Conflict)
)]
#[put("/orders/{id}/cancel")]
async fn cancel(
    state: web::Data<AppState>,
    CurrentUser(user): CurrentUser,
    Id(id): Id<OrderId>,
) -> Result<HttpResponse, ApiError> {
    let order = state.run(move |s| s.orders.cancel(&UserId::new(user.id), &id)).await?;
    ok(data_with_message(OrderDto::for_owner(order), "Order cancelled successfully!"))
}

#[utoipa::path(
    tag = "orders",
    params(PageParams, OrderFilterParams, OrderSortParams),
    responses(
        (status = 200, description = "A page of the orders matching the filters, with the count per status for the same filters without `status` (admin)", body = OrderListDto),
        Invalid, RoleRequired, Unprocessable
    )
)]
#[get("/orders/all")]
async fn all_orders(
    state: web::Data<AppState>,
    _admin: AdminUser,
    page: web::Query<PageParams>,
    filters: web::Query<OrderFilterParams>,
    sort: web::Query<OrderSortParams>,
) -> Result<HttpResponse, ApiError> {
    let (page, sort) = (page.read()?, sort.read()?);
    let search = filters.into_inner().into_search(page, sort)?;
    let page = state.run(move |s| s.orders.list_orders(search)).await?;
    ok(OrderListDto::new(page, OrderDto::for_admin))
}

#[utoipa::path(
    tag = "orders",
    request_body = BulkStatusRequest,
    responses(
        (status = 200, description = "Each order moved as `PUT /orders/{id}/status` would move it: one result per order (admin)", body = BulkStatusAnswer),
        JsonBody, RoleRequired
    )
)]
#[post("/orders/bulk-status")]
/// One order's refusal (not found, out of stock to leave CANCELED, ...) does not stop the
/// others; each result carries the status and error body that order's own change answers.
async fn bulk_status(
    state: web::Data<AppState>,
    AdminUser(admin): AdminUser,
    body: web::Json<BulkStatusRequest>,
) -> Result<HttpResponse, ApiError> {
    let BulkStatusRequest { order_ids, delivery_status, expected_statuses } = body.into_inner();
    let seen = expected_statuses.unwrap_or_default();
    let orders: Vec<(OrderId, Option<String>)> = order_ids.iter().map(|id| (OrderId::new(id.to_string()), seen.get(id).cloned())).collect();
    let status = delivery_status.unwrap_or_default();
    let outcomes = state.run(move |s| s.orders.set_status_many(&UserId::new(admin.id), &orders, &status)).await?;
    let data: Vec<BulkResultDto> = outcomes
        .into_iter()
        .map(|o| match o.result {
            Ok(order) => BulkResultDto { order_id: o.order_id, status: 200, order: Some(OrderDto::for_admin(order)), error: None },
            Err(e) => {
                let e = ApiError::from(e);
                BulkResultDto { order_id: o.order_id, status: e.status.as_u16(), order: None, error: Some(e.body()) }
            }
        })
        .collect();
    let updated = data.iter().filter(|r| r.order.is_some()).count() as u64;
    let failed = data.len() as u64 - updated;
    let message = match failed {
        0 => format!("{updated} orders updated"),
        _ => format!("{updated} orders updated, {failed} could not be changed"),
    };
    ok(BulkStatusAnswer { data, updated, failed, message })
}

#[utoipa::path(
    tag = "orders",
    params(("id" = uuid::Uuid, Path, description = "Order id")),
    request_body = StatusRequest,
    responses((status = 200, description = "Status changed (into SHIPPED the first time, a GST-registered shop issues the tax invoice; into CANCELED an invoiced order gets its credit note)", body = Envelope<OrderDto>), JsonBody, RoleRequired, NotFound, Conflict)
)]
#[put("/orders/{id}/status")]
async fn set_status(
    state: web::Data<AppState>,
    AdminUser(admin): AdminUser,
    Id(id): Id<OrderId>,
    body: web::Json<StatusRequest>,
) -> Result<HttpResponse, ApiError> {
    let change = body.into_inner().into_change();
    let order = state.run(move |s| s.orders.set_status(&UserId::new(admin.id), &id, &change)).await?;
    let message = format!("Status updated to {}", order.delivery_status);
    ok(data_with_message(OrderDto::for_admin(order), message))
}

#[utoipa::path(
    tag = "orders",
    responses((status = 200, description = "How many orders wait for processing", body = Envelope<CountDto>), RoleRequired)
)]
#[get("/orders/pending-count")]
async fn pending_count(state: web::Data<AppState>, _admin: AdminUser) -> Result<HttpResponse, ApiError> {
    let count = state.run(|s| s.orders.pending_count()).await?;
    ok(data(CountDto { count }))
}

#[utoipa::path(
    tag = "orders",
    params(("id" = uuid::Uuid, Path, description = "Order id (the caller's own, or any for an admin)")),
    responses(
        (status = 200, description = "The order's tax invoice (CGST Rules, rule 46)", content_type = "application/pdf", body = Vec<u8>),
        Invalid, Unauthorized,
        (status = 404, description = "No such order of the caller's, or no invoice yet (it is issued when the order ships)", body = ErrorBody)
    )
)]
#[get("/orders/{id}/invoice.pdf")]
async fn invoice_pdf(state: web::Data<AppState>, CurrentUser(user): CurrentUser, Id(id): Id<OrderId>) -> Result<HttpResponse, ApiError> {
    super::tax_document_pdf(&state, user, move |s, viewer, admin| s.orders.document_pdf(viewer, admin, &id, orders::DocumentKind::Invoice)).await
}

#[utoipa::path(
    tag = "orders",
    params(("id" = uuid::Uuid, Path, description = "Order id (the caller's own, or any for an admin)")),
    responses(
        (status = 200, description = "The credit note of a cancelled invoiced order (CGST Rules, rule 53)", content_type = "application/pdf", body = Vec<u8>),
        Invalid, Unauthorized,
        (status = 404, description = "No such order of the caller's, or no credit note", body = ErrorBody)
    )
)]
#[get("/orders/{id}/credit-note.pdf")]
async fn credit_note_pdf(state: web::Data<AppState>, CurrentUser(user): CurrentUser, Id(id): Id<OrderId>) -> Result<HttpResponse, ApiError> {
    super::tax_document_pdf(&state, user, move |s, viewer, admin| s.orders.document_pdf(viewer, admin, &id, orders::DocumentKind::CreditNote)).await
}

#[utoipa::path(
    tag = "orders",
    request_body = SendConfirmationRequest,
    responses(
        (status = 200, description = "Confirmation re-sent to the account's address", body = ConfirmationSent),
        JsonBody,
        Unauthorized,
        NotFound,
        (status = 409, description = "The order was cancelled: no confirmation is sent", body = ErrorBody),
        (status = 422, description = "Neither `orderId` nor `orderData.id` (`invalid_value`)", body = ErrorBody),
        (status = 429, description = "Sent 3 times for this order, or 10 times for this account, within the hour: wait Retry-After seconds", body = ErrorBody, headers(("Retry-After" = u64, description = "Seconds to wait"))),
        (status = 502, description = "The e-mail could not be sent", body = ErrorBody)
    )
)]
#[post("/orders/send-confirmation")]
/// Re-sends the caller's own order confirmation to the caller's account address. An
/// `email` in the body is ignored: the shop never mails an address a client chose. At most
/// 3 per order and 10 per account within an hour, counted in the database.
async fn send_confirmation(
    state: web::Data<AppState>,
    CurrentUser(user): CurrentUser,
    body: web::Json<SendConfirmationRequest>,
) -> Result<HttpResponse, ApiError> {
    let order_id = body
        .into_inner()
        .order_id()
        .filter(|id| !id.trim().is_empty())
        .ok_or_else(|| ApiError::unprocessable("invalid_value", "orderId is required").on("orderId"))?;
    let (who, id) = (customer(&user), OrderId::new(order_id.trim()));
    state.run(move |s| s.orders.resend_confirmation(&who, &id)).await?;
    ok(ConfirmationSent { message: "Confirmation email sent".into(), email_sent: true })
}
