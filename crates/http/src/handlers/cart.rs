use actix_web::{delete, get, post, put, web, HttpResponse};
use utoipa_actix_web::service_config::ServiceConfig;
use cart::AddOutcome;

use crate::auth::CurrentUser;
use crate::dto::cart::{AddToCartRequest, CartDto, UpdateQuantityRequest};
use crate::dto::{data, data_with_message};
use crate::error::ApiError;
use super::{created, ok, Id};
use crate::state::AppState;
use crate::dto::Envelope;
use crate::openapi::responses::{Conflict, Invalid, JsonBody, NotFound, RoleRequired, Unprocessable};
use kernel::{CartLineId, UserId, VariantId};

pub fn routes(cfg: &mut ServiceConfig) {
    cfg.service(view).service(add).service(update_quantity).service(remove).service(dismiss_removed);
}

#[utoipa::path(
    tag = "cart",
    responses((status = 200, description = "The caller's cart", body = Envelope<CartDto>), RoleRequired)
)]
#[get("/cart")]
async fn view(state: web::Data<AppState>, CurrentUser(user): CurrentUser) -> Result<HttpResponse, ApiError> {
    let view = state.run(move |s| s.cart.view(&UserId::new(user.id), user.role)).await?;
    ok(data(CartDto::from(view)))
}

#[utoipa::path(
    tag = "cart",
    request_body = AddToCartRequest,
    responses(
        (status = 201, description = "New cart line", body = Envelope<CartDto>),
        (status = 200, description = "Existing line grew", body = Envelope<CartDto>),
        JsonBody, RoleRequired, NotFound, Conflict, Unprocessable
    )
)]
#[post("/cart/add")]
/// 201 with 'Added to cart' for a new line, 200 with 'Increased quantity in cart' when an
/// existing line grew. Either way the answer is the whole cart.
async fn add(
    state: web::Data<AppState>,
    CurrentUser(user): CurrentUser,
    body: web::Json<AddToCartRequest>,
) -> Result<HttpResponse, ApiError> {
    let AddToCartRequest { product_variant_id, quantity } = body.into_inner();
    let variant_id = product_variant_id
        .filter(|v| !v.trim().is_empty())
        .ok_or_else(|| ApiError::bad_request("invalid_input", "Please select a size first"))?;
    let variant = VariantId::new(variant_id.trim());
    let (updated, outcome) = state.run(move |s| s.cart.add(&UserId::new(user.id), user.role, &variant, quantity.unwrap_or(1))).await?;
    match outcome {
        AddOutcome::Added => created(data_with_message(CartDto::from(updated), "Added to cart")),
        AddOutcome::Increased => ok(data_with_message(CartDto::from(updated), "Increased quantity in cart")),
    }
}

#[utoipa::path(
    tag = "cart",
    request_body = UpdateQuantityRequest,
    responses((status = 200, description = "Cart updated", body = Envelope<CartDto>), JsonBody, RoleRequired, NotFound, Conflict, Unprocessable)
)]
#[put("/cart/update-quantity")]
async fn update_quantity(
    state: web::Data<AppState>,
    CurrentUser(user): CurrentUser,
    body: web::Json<UpdateQuantityRequest>,
) -> Result<HttpResponse, ApiError> {
    let UpdateQuantityRequest { cart_item_id, new_quantity } = body.into_inner();
    let line_id = cart_item_id.ok_or_else(|| ApiError::bad_request("invalid_input", "cartItemId is required"))?;
    let quantity = new_quantity.ok_or_else(|| ApiError::bad_request("invalid_input", "newQuantity is required"))?;
    let line = CartLineId::new(line_id.trim());
    let updated = state.run(move |s| s.cart.update_quantity(&UserId::new(user.id), user.role, &line, quantity)).await?;
    ok(data_with_message(CartDto::from(updated), "Cart updated"))
}

#[utoipa::path(
    tag = "cart",
    params(("id" = uuid::Uuid, Path, description = "Cart line id (the caller's own)")),
    responses((status = 200, description = "Line removed", body = Envelope<CartDto>), Invalid, RoleRequired, NotFound)
)]
#[delete("/cart/remove/{id}")]
async fn remove(
    state: web::Data<AppState>,
    CurrentUser(user): CurrentUser,
    Id(line): Id<CartLineId>,
) -> Result<HttpResponse, ApiError> {
    let updated = state.run(move |s| s.cart.remove(&UserId::new(user.id), user.role, &line)).await?;
    ok(data_with_message(CartDto::from(updated), "Removed from cart"))
}

#[utoipa::path(
    tag = "cart",
    responses((status = 200, description = "The cart, no longer naming the lines the owner took out", body = Envelope<CartDto>), RoleRequired)
)]
#[delete("/cart/removed")]
async fn dismiss_removed(state: web::Data<AppState>, CurrentUser(user): CurrentUser) -> Result<HttpResponse, ApiError> {
    let updated = state.run(move |s| s.cart.dismiss_removed(&UserId::new(user.id), user.role)).await?;
    ok(data(CartDto::from(updated)))
}
