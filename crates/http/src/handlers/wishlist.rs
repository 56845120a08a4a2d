use actix_web::{web, HttpResponse};

use crate::auth::CurrentUser;
use crate::dto::cart::WishlistData;
use crate::dto::{data, data_with_message};
use crate::error::{blocking, ApiError};
use crate::state::AppState;
#[allow(unused_imports)]
use crate::dto::{docs::*, Envelope, MessageOnly};
use kernel::{ProductId, UserId};

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(web::resource("/wishlist").get(view))
        .service(web::resource("/wishlist/{product_id}").post(add).delete(remove));
}

#[utoipa::path(
    get,
    path = "/api/wishlist",
    tag = "wishlist",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The caller's wishlist", body = Envelope<WishlistData>),
        (status = 401, description = "Not signed in, or the session has expired", body = ErrorBody),
        (status = 403, description = "Signed in without the right role", body = ErrorBody)
    )
)]
async fn view(state: web::Data<AppState>, CurrentUser(user): CurrentUser) -> Result<HttpResponse, ApiError> {
    let wishlist = state.wishlist.clone();
    let list = blocking(move || wishlist.view(&UserId::new(user.id), user.role)).await?;
    Ok(HttpResponse::Ok().json(data(WishlistData::from(list))))
}

#[utoipa::path(
    post,
    path = "/api/wishlist/{productId}",
    tag = "wishlist",
    params(("productId" = String, Path, description = "Product id")),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "Added (or already there)", body = Envelope<WishlistData>),
        (status = 401, description = "Not signed in, or the session has expired", body = ErrorBody),
        (status = 403, description = "Signed in without the right role", body = ErrorBody),
        (status = 404, description = "Not found", body = ErrorBody)
    )
)]
async fn add(
    state: web::Data<AppState>,
    CurrentUser(user): CurrentUser,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let wishlist = state.wishlist.clone();
    let product_id = path.into_inner();
    let list = blocking(move || wishlist.add(&UserId::new(user.id), user.role, &ProductId::new(product_id))).await?;
    Ok(HttpResponse::Ok().json(data_with_message(WishlistData::from(list), "Added to wishlist")))
}

#[utoipa::path(
    delete,
    path = "/api/wishlist/{productId}",
    tag = "wishlist",
    params(("productId" = String, Path, description = "Product id")),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "Removed", body = Envelope<WishlistData>),
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
    let wishlist = state.wishlist.clone();
    let product_id = path.into_inner();
    let list = blocking(move || wishlist.remove(&UserId::new(user.id), user.role, &ProductId::new(product_id))).await?;
    Ok(HttpResponse::Ok().json(data_with_message(WishlistData::from(list), "Removed from wishlist")))
}
