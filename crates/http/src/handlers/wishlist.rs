use actix_web::{delete, get, post, web, HttpResponse};
use utoipa_actix_web::service_config::ServiceConfig;

use crate::auth::CurrentUser;
use crate::dto::cart::WishlistData;
use crate::dto::{data, data_with_message};
use crate::error::ApiError;
use super::{ok, Id};
use crate::state::AppState;
use crate::dto::Envelope;
use crate::openapi::responses::{Invalid, NotFound, RoleRequired};
use kernel::{ProductId, UserId};

pub fn routes(cfg: &mut ServiceConfig) {
    cfg.service(view).service(add).service(remove);
}

#[utoipa::path(
    tag = "wishlist",
    responses((status = 200, description = "The caller's wishlist", body = Envelope<WishlistData>), RoleRequired)
)]
#[get("/wishlist")]
async fn view(state: web::Data<AppState>, CurrentUser(user): CurrentUser) -> Result<HttpResponse, ApiError> {
    let list = state.run(move |s| s.wishlist.view(&UserId::new(user.id), user.role)).await?;
    ok(data(WishlistData::from(list)))
}

#[utoipa::path(
    tag = "wishlist",
    params(("productId" = uuid::Uuid, Path, description = "Product id")),
    responses((status = 200, description = "Added (or already there)", body = Envelope<WishlistData>), Invalid, RoleRequired, NotFound)
)]
#[post("/wishlist/{productId}")]
async fn add(
    state: web::Data<AppState>,
    CurrentUser(user): CurrentUser,
    Id(product): Id<ProductId>,
) -> Result<HttpResponse, ApiError> {
    let list = state.run(move |s| s.wishlist.add(&UserId::new(user.id), user.role, &product)).await?;
    ok(data_with_message(WishlistData::from(list), "Added to wishlist"))
}

#[utoipa::path(
    tag = "wishlist",
    params(("productId" = String, Path, description = "Product id; removing what is not there answers the list as it is")),
    responses((status = 200, description = "Removed", body = Envelope<WishlistData>), RoleRequired, NotFound)
)]
#[delete("/wishlist/{productId}")]
async fn remove(
    state: web::Data<AppState>,
    CurrentUser(user): CurrentUser,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let product = ProductId::new(path.into_inner());
    let list = state.run(move |s| s.wishlist.remove(&UserId::new(user.id), user.role, &product)).await?;
    ok(data_with_message(WishlistData::from(list), "Removed from wishlist"))
}
