use actix_web::{web, HttpResponse};

use crate::auth::CurrentUser;
use crate::dto::address::{AddressDto, AddressRequest};
use crate::dto::{data, data_with_message};
use crate::error::{blocking, ApiError};
use crate::state::AppState;

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(web::resource("/addresses").get(list).post(create))
        .service(web::resource("/addresses/{id}").put(update).delete(delete));
}

async fn list(state: web::Data<AppState>, CurrentUser(user): CurrentUser) -> Result<HttpResponse, ApiError> {
    let addresses = state.addresses.clone();
    let list = blocking(move || addresses.list(&user.id)).await?;
    Ok(HttpResponse::Ok().json(data(list.into_iter().map(AddressDto::from).collect::<Vec<_>>())))
}

async fn create(
    state: web::Data<AppState>,
    CurrentUser(user): CurrentUser,
    body: web::Json<AddressRequest>,
) -> Result<HttpResponse, ApiError> {
    let addresses = state.addresses.clone();
    let address = blocking(move || addresses.create(&user.id, body.into_inner().into())).await?;
    Ok(HttpResponse::Created().json(data_with_message(AddressDto::from(address), "Address added")))
}

async fn update(
    state: web::Data<AppState>,
    CurrentUser(user): CurrentUser,
    path: web::Path<String>,
    body: web::Json<AddressRequest>,
) -> Result<HttpResponse, ApiError> {
    let addresses = state.addresses.clone();
    let id = path.into_inner();
    let address = blocking(move || addresses.update(&user.id, &id, body.into_inner().into())).await?;
    Ok(HttpResponse::Ok().json(data_with_message(AddressDto::from(address), "Address updated")))
}

/// Answers the remaining addresses.
async fn delete(
    state: web::Data<AppState>,
    CurrentUser(user): CurrentUser,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let addresses = state.addresses.clone();
    let id = path.into_inner();
    let list = blocking(move || {
        addresses.delete(&user.id, &id)?;
        addresses.list(&user.id)
    })
    .await?;
    Ok(HttpResponse::Ok().json(data_with_message(
        list.into_iter().map(AddressDto::from).collect::<Vec<_>>(),
        "Address deleted",
    )))
}
