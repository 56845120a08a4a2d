use actix_web::{web, HttpResponse};

use crate::auth::CurrentUser;
use crate::dto::cart::WishlistData;
use crate::dto::{data, data_with_message};
use crate::error::{blocking, ApiError};
use crate::state::AppState;

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(web::resource("/wishlist").get(view))
        .service(web::resource("/wishlist/{product_id}").post(add).delete(remove));
}

async fn view(state: web::Data<AppState>, CurrentUser(user): CurrentUser) -> Result<HttpResponse, ApiError> {
    let wishlist = state.wishlist.clone();
    let list = blocking(move || wishlist.view(&user.id, user.role)).await?;
    Ok(HttpResponse::Ok().json(data(WishlistData::from(list))))
}

async fn add(
    state: web::Data<AppState>,
    CurrentUser(user): CurrentUser,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let wishlist = state.wishlist.clone();
    let product_id = path.into_inner();
    let list = blocking(move || wishlist.add(&user.id, user.role, &product_id)).await?;
    Ok(HttpResponse::Ok().json(data_with_message(WishlistData::from(list), "Added to wishlist")))
}

async fn remove(
    state: web::Data<AppState>,
    CurrentUser(user): CurrentUser,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let wishlist = state.wishlist.clone();
    let product_id = path.into_inner();
    let list = blocking(move || wishlist.remove(&user.id, user.role, &product_id)).await?;
    Ok(HttpResponse::Ok().json(data_with_message(WishlistData::from(list), "Removed from wishlist")))
}
