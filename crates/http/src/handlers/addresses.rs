use actix_web::{web, HttpResponse};

use crate::auth::CurrentUser;
use crate::dto::address::{AddressDto, AddressRequest};
use crate::dto::{data, data_with_message};
use crate::error::{blocking, ApiError};
use crate::state::AppState;
#[allow(unused_imports)]
use crate::dto::{docs::*, Envelope, MessageOnly};
use kernel::{AddressId, UserId};

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(web::resource("/addresses").get(list).post(create))
        .service(web::resource("/addresses/{id}").put(update).delete(delete));
}

#[utoipa::path(
    get,
    path = "/api/addresses",
    tag = "addresses",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The caller's addresses", body = Envelope<Vec<AddressDto>>),
        (status = 401, description = "Not signed in, or the session has expired", body = ErrorBody)
    )
)]
async fn list(state: web::Data<AppState>, CurrentUser(user): CurrentUser) -> Result<HttpResponse, ApiError> {
    let addresses = state.addresses.clone();
    let list = blocking(move || addresses.list(&UserId::new(user.id.clone()))).await?;
    Ok(HttpResponse::Ok().json(data(list.into_iter().map(AddressDto::from).collect::<Vec<_>>())))
}

#[utoipa::path(
    post,
    path = "/api/addresses",
    tag = "addresses",
    request_body = AddressRequest,
    security(("bearer" = [])),
    responses(
        (status = 201, description = "Address added", body = Envelope<AddressDto>),
        (status = 400, description = "Invalid input", body = ErrorBody),
        (status = 401, description = "Not signed in, or the session has expired", body = ErrorBody),
        (status = 413, description = "Body or file too large", body = ErrorBody),
        (status = 415, description = "Wrong content type", body = ErrorBody)
    )
)]
async fn create(
    state: web::Data<AppState>,
    CurrentUser(user): CurrentUser,
    body: web::Json<AddressRequest>,
) -> Result<HttpResponse, ApiError> {
    let addresses = state.addresses.clone();
    let address = blocking(move || addresses.create(&UserId::new(user.id), body.into_inner().into())).await?;
    Ok(HttpResponse::Created().json(data_with_message(AddressDto::from(address), "Address added")))
}

#[utoipa::path(
    put,
    path = "/api/addresses/{id}",
    tag = "addresses",
    params(("id" = String, Path, description = "Address id (the caller's own)")),
    request_body = AddressRequest,
    security(("bearer" = [])),
    responses(
        (status = 200, description = "Address updated", body = Envelope<AddressDto>),
        (status = 400, description = "Invalid input", body = ErrorBody),
        (status = 401, description = "Not signed in, or the session has expired", body = ErrorBody),
        (status = 404, description = "Not found", body = ErrorBody),
        (status = 413, description = "Body or file too large", body = ErrorBody),
        (status = 415, description = "Wrong content type", body = ErrorBody)
    )
)]
async fn update(
    state: web::Data<AppState>,
    CurrentUser(user): CurrentUser,
    path: web::Path<String>,
    body: web::Json<AddressRequest>,
) -> Result<HttpResponse, ApiError> {
    let addresses = state.addresses.clone();
    let id = path.into_inner();
    let address = blocking(move || addresses.update(&UserId::new(user.id), &AddressId::new(id), body.into_inner().into())).await?;
    Ok(HttpResponse::Ok().json(data_with_message(AddressDto::from(address), "Address updated")))
}

#[utoipa::path(
    delete,
    path = "/api/addresses/{id}",
    tag = "addresses",
    params(("id" = String, Path, description = "Address id (the caller's own)")),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "Address deleted; the remaining addresses", body = Envelope<Vec<AddressDto>>),
        (status = 401, description = "Not signed in, or the session has expired", body = ErrorBody),
        (status = 404, description = "Not found", body = ErrorBody),
        (status = 409, description = "Conflicts with the current state", body = ErrorBody)
    )
)]
/// Answers the remaining addresses.
async fn delete(
    state: web::Data<AppState>,
    CurrentUser(user): CurrentUser,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let addresses = state.addresses.clone();
    let id = path.into_inner();
    let list = blocking(move || {
        addresses.delete(&UserId::new(user.id.clone()), &AddressId::new(id))?;
        addresses.list(&UserId::new(user.id.clone()))
    })
    .await?;
    Ok(HttpResponse::Ok().json(data_with_message(
        list.into_iter().map(AddressDto::from).collect::<Vec<_>>(),
        "Address deleted",
    )))
}
