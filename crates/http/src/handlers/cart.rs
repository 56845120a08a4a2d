use actix_web::{web, HttpResponse};
use cart::AddOutcome;

use crate::auth::CurrentUser;
use crate::dto::cart::{AddToCartRequest, CartDto, UpdateQuantityRequest};
use crate::dto::{data, data_with_message};
use crate::error::{blocking, ApiError};
use crate::state::AppState;

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(web::resource("/cart").get(view))
        .service(web::resource("/cart/add").post(add))
        .service(web::resource("/cart/update-quantity").put(update_quantity))
        .service(web::resource("/cart/remove/{id}").delete(remove));
}

async fn view(state: web::Data<AppState>, CurrentUser(user): CurrentUser) -> Result<HttpResponse, ApiError> {
    let cart = state.cart.clone();
    let view = blocking(move || cart.view(&user.id, user.role)).await?;
    Ok(HttpResponse::Ok().json(data(CartDto::from(view))))
}

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
    let (view, outcome) = blocking(move || cart.add(&user.id, user.role, variant_id.trim(), quantity.unwrap_or(1))).await?;
    Ok(match outcome {
        AddOutcome::Added => HttpResponse::Created().json(data_with_message(CartDto::from(view), "Added to cart")),
        AddOutcome::Increased => {
            HttpResponse::Ok().json(data_with_message(CartDto::from(view), "Increased quantity in cart"))
        }
    })
}

async fn update_quantity(
    state: web::Data<AppState>,
    CurrentUser(user): CurrentUser,
    body: web::Json<UpdateQuantityRequest>,
) -> Result<HttpResponse, ApiError> {
    let UpdateQuantityRequest { cart_item_id, new_quantity } = body.into_inner();
    let line_id = cart_item_id.ok_or_else(|| ApiError::bad_request("invalid_input", "cartItemId is required"))?;
    let quantity = new_quantity.ok_or_else(|| ApiError::bad_request("invalid_input", "newQuantity is required"))?;
    let cart = state.cart.clone();
    let view = blocking(move || cart.update_quantity(&user.id, user.role, line_id.trim(), quantity)).await?;
    Ok(HttpResponse::Ok().json(data_with_message(CartDto::from(view), "Cart updated")))
}

async fn remove(
    state: web::Data<AppState>,
    CurrentUser(user): CurrentUser,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let cart = state.cart.clone();
    let line_id = path.into_inner();
    let view = blocking(move || cart.remove(&user.id, user.role, &line_id)).await?;
    Ok(HttpResponse::Ok().json(data_with_message(CartDto::from(view), "Removed from cart")))
}
