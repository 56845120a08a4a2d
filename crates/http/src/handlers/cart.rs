use actix_web::{web, HttpResponse};
use cart::AddOutcome;

use crate::auth::CurrentUser;
use crate::dto::cart::{AddToCartRequest, CartDto, UpdateQuantityRequest};
use crate::dto::{data, data_with_message};
use crate::error::{blocking, ApiError};
use crate::state::AppState;
#[allow(unused_imports)]
use crate::dto::{docs::*, Envelope, MessageOnly};
use kernel::{CartLineId, UserId, VariantId};

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(web::resource("/cart").get(view))
        .service(web::resource("/cart/add").post(add))
        .service(web::resource("/cart/update-quantity").put(update_quantity))
        .service(web::resource("/cart/remove/{id}").delete(remove));
}

#[utoipa::path(
    get,
    path = "/api/cart",
    tag = "cart",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The caller's cart", body = Envelope<CartDto>),
        (status = 401, description = "Not signed in, or the session has expired", body = ErrorBody),
        (status = 403, description = "Signed in without the right role", body = ErrorBody)
    )
)]
async fn view(state: web::Data<AppState>, CurrentUser(user): CurrentUser) -> Result<HttpResponse, ApiError> {
    let cart = state.cart.clone();
    let view = blocking(move || cart.view(&UserId::new(user.id), user.role)).await?;
    Ok(HttpResponse::Ok().json(data(CartDto::from(view))))
}

#[utoipa::path(
    post,
    path = "/api/cart/add",
    tag = "cart",
    request_body = AddToCartRequest,
    security(("bearer" = [])),
    responses(
        (status = 201, description = "New cart line", body = Envelope<CartDto>),
        (status = 200, description = "Existing line grew", body = Envelope<CartDto>),
        (status = 400, description = "Invalid input", body = ErrorBody),
        (status = 401, description = "Not signed in, or the session has expired", body = ErrorBody),
        (status = 403, description = "Signed in without the right role", body = ErrorBody),
        (status = 404, description = "Not found", body = ErrorBody),
        (status = 409, description = "Conflicts with the current state", body = ErrorBody),
        (status = 413, description = "Body or file too large", body = ErrorBody),
        (status = 415, description = "Wrong content type", body = ErrorBody)
    )
)]
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
    let cart = state.cart.clone();
    let (view, outcome) = blocking(move || cart.add(&UserId::new(user.id), user.role, &VariantId::new(variant_id.trim()), quantity.unwrap_or(1))).await?;
    Ok(match outcome {
        AddOutcome::Added => HttpResponse::Created().json(data_with_message(CartDto::from(view), "Added to cart")),
        AddOutcome::Increased => {
            HttpResponse::Ok().json(data_with_message(CartDto::from(view), "Increased quantity in cart"))
        }
    })
}

#[utoipa::path(
    put,
    path = "/api/cart/update-quantity",
    tag = "cart",
    request_body = UpdateQuantityRequest,
    security(("bearer" = [])),
    responses(
        (status = 200, description = "Cart updated", body = Envelope<CartDto>),
        (status = 400, description = "Invalid input", body = ErrorBody),
        (status = 401, description = "Not signed in, or the session has expired", body = ErrorBody),
        (status = 403, description = "Signed in without the right role", body = ErrorBody),
        (status = 404, description = "Not found", body = ErrorBody),
        (status = 409, description = "Conflicts with the current state", body = ErrorBody),
        (status = 413, description = "Body or file too large", body = ErrorBody),
        (status = 415, description = "Wrong content type", body = ErrorBody)
    )
)]
async fn update_quantity(
    state: web::Data<AppState>,
    CurrentUser(user): CurrentUser,
    body: web::Json<UpdateQuantityRequest>,
) -> Result<HttpResponse, ApiError> {
    let UpdateQuantityRequest { cart_item_id, new_quantity } = body.into_inner();
    let line_id = cart_item_id.ok_or_else(|| ApiError::bad_request("invalid_input", "cartItemId is required"))?;
    let quantity = new_quantity.ok_or_else(|| ApiError::bad_request("invalid_input", "newQuantity is required"))?;
    let cart = state.cart.clone();
    let view = blocking(move || cart.update_quantity(&UserId::new(user.id), user.role, &CartLineId::new(line_id.trim()), quantity)).await?;
    Ok(HttpResponse::Ok().json(data_with_message(CartDto::from(view), "Cart updated")))
}

#[utoipa::path(
    delete,
    path = "/api/cart/remove/{id}",
    tag = "cart",
    params(("id" = String, Path, description = "Cart line id (the caller's own)")),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "Line removed", body = Envelope<CartDto>),
        (status = 401, description = "Not signed in, or the session has expired", body = ErrorBody),
        (status = 403, description = "Signed in without the right role", body = ErrorBody),
        (status = 404, description = "Not found", body = ErrorBody)
    )
)]
async fn remove(
    state: web::Data<AppState>,
    CurrentUser(user): CurrentUser,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let cart = state.cart.clone();
    let line_id = path.into_inner();
    let view = blocking(move || cart.remove(&UserId::new(user.id), user.role, &CartLineId::new(line_id))).await?;
    Ok(HttpResponse::Ok().json(data_with_message(CartDto::from(view), "Removed from cart")))
}
