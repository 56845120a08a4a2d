use actix_web::{web, HttpRequest, HttpResponse};
use orders::{Customer, PlaceOrderInput};
use serde_json::json;

use crate::auth::{AdminUser, CurrentUser};
use crate::dto::order::{OrderDto, PlaceOrderRequest, PlacedOrderAnswer, SendConfirmationRequest, StatusRequest};
use crate::dto::{data, data_with_message};
use crate::error::{blocking, ApiError};
use crate::state::AppState;

pub const PLACED_AND_MAILED: &str = "Order placed successfully! Confirmation email sent";
pub const PLACED_MAIL_FAILED: &str = "Order placed, but confirmation email failed";
pub const ALREADY_PLACED: &str = "Order already placed";

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(web::resource("/orders/place").post(place))
        .service(web::resource("/orders/my-orders").get(my_orders))
        .service(web::resource("/orders/all").get(all_orders))
        .service(web::resource("/orders/pending-count").get(pending_count))
        .service(web::resource("/orders/send-confirmation").post(send_confirmation))
        .service(web::resource("/orders/{id}/cancel").put(cancel))
        .service(web::resource("/orders/{id}/status").put(set_status));
}

fn customer(user: &accounts::User) -> Customer {
    Customer { id: user.id.clone(), email: user.email.clone() }
}

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
    let PlaceOrderRequest { address_id, payment_method } = body.into_inner();
    let input = PlaceOrderInput { address_id, payment_method, idempotency_key: key };
    let orders = state.orders.clone();
    let who = customer(&user);
    let placed = blocking(move || orders.place(&who, input)).await?;
    if let Some(cause) = &placed.email_error {
        tracing::warn!(order = %placed.order.id, %cause, "order confirmation e-mail failed");
    }
    let (status, message) = match (placed.created, placed.email_sent) {
        (false, _) => (actix_web::http::StatusCode::OK, ALREADY_PLACED),
        (true, true) => (actix_web::http::StatusCode::CREATED, PLACED_AND_MAILED),
        (true, false) => (actix_web::http::StatusCode::CREATED, PLACED_MAIL_FAILED),
    };
    Ok(HttpResponse::build(status).json(PlacedOrderAnswer {
        data: placed.order.into(),
        message,
        email_sent: placed.email_sent,
    }))
}

fn list(orders: Vec<orders::Order>) -> Vec<OrderDto> {
    orders.into_iter().map(OrderDto::from).collect()
}

async fn my_orders(state: web::Data<AppState>, CurrentUser(user): CurrentUser) -> Result<HttpResponse, ApiError> {
    let orders = state.orders.clone();
    let mine = blocking(move || orders.my_orders(&user.id)).await?;
    Ok(HttpResponse::Ok().json(data(list(mine))))
}

async fn cancel(
    state: web::Data<AppState>,
    CurrentUser(user): CurrentUser,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let orders = state.orders.clone();
    let id = path.into_inner();
    let order = blocking(move || orders.cancel(&user.id, &id)).await?;
    Ok(HttpResponse::Ok().json(data_with_message(OrderDto::from(order), "Order cancelled successfully!")))
}

async fn all_orders(state: web::Data<AppState>, _admin: AdminUser) -> Result<HttpResponse, ApiError> {
    let orders = state.orders.clone();
    let every = blocking(move || orders.all_orders()).await?;
    Ok(HttpResponse::Ok().json(data(list(every))))
}

async fn set_status(
    state: web::Data<AppState>,
    AdminUser(admin): AdminUser,
    path: web::Path<String>,
    body: web::Json<StatusRequest>,
) -> Result<HttpResponse, ApiError> {
    let orders = state.orders.clone();
    let id = path.into_inner();
    let status = body.into_inner().delivery_status.unwrap_or_default();
    let order = blocking(move || orders.set_status(&admin.id, &id, &status)).await?;
    let message = format!("Status updated to {}", order.delivery_status);
    Ok(HttpResponse::Ok().json(data_with_message(OrderDto::from(order), message)))
}

async fn pending_count(state: web::Data<AppState>, _admin: AdminUser) -> Result<HttpResponse, ApiError> {
    let orders = state.orders.clone();
    let count = blocking(move || orders.pending_count()).await?;
    Ok(HttpResponse::Ok().json(data(json!({ "count": count }))))
}

/// Re-sends the caller's own order confirmation to the caller's account address. An
/// `email` in the body is ignored: the shop never mails an address a client chose.
async fn send_confirmation(
    state: web::Data<AppState>,
    CurrentUser(user): CurrentUser,
    body: web::Json<SendConfirmationRequest>,
) -> Result<HttpResponse, ApiError> {
    let order_id = body
        .into_inner()
        .order_id()
        .filter(|id| !id.trim().is_empty())
        .ok_or_else(|| ApiError::bad_request("invalid_input", "orderId is required"))?;
    let orders = state.orders.clone();
    let who = customer(&user);
    blocking(move || orders.resend_confirmation(&who, order_id.trim())).await?;
    Ok(HttpResponse::Ok().json(json!({ "message": "Confirmation email sent", "emailSent": true })))
}
