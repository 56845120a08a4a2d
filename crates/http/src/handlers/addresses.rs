use actix_web::{delete, get, post, put, web, HttpResponse};
use utoipa_actix_web::service_config::ServiceConfig;

use crate::auth::CurrentUser;
use crate::dto::address::{AddressDto, AddressRequest};
use crate::dto::{data, data_with_message, FromEach};
use crate::error::ApiError;
use super::{created, ok, Id};
use crate::state::AppState;
use crate::dto::Envelope;
use crate::openapi::responses::{Conflict, Invalid, JsonBody, NotFound, Unauthorized, Unprocessable};
use kernel::{AddressId, UserId};

pub fn routes(cfg: &mut ServiceConfig) {
    cfg.service(list).service(create).service(update).service(delete);
}

#[utoipa::path(
    tag = "addresses",
    responses((status = 200, description = "The caller's addresses", body = Envelope<Vec<AddressDto>>), Unauthorized)
)]
#[get("/addresses")]
async fn list(state: web::Data<AppState>, CurrentUser(user): CurrentUser) -> Result<HttpResponse, ApiError> {
    let list = state.run(move |s| s.addresses.list(&UserId::new(user.id))).await?;
    ok(data(AddressDto::all(list)))
}

#[utoipa::path(
    tag = "addresses",
    request_body = AddressRequest,
    responses((status = 201, description = "Address added", body = Envelope<AddressDto>), JsonBody, Unauthorized, Unprocessable)
)]
#[post("/addresses")]
async fn create(
    state: web::Data<AppState>,
    CurrentUser(user): CurrentUser,
    body: web::Json<AddressRequest>,
) -> Result<HttpResponse, ApiError> {
    let address = state.run(move |s| s.addresses.create(&UserId::new(user.id), body.into_inner().into())).await?;
    created(data_with_message(AddressDto::from(address), "Address added"))
}

#[utoipa::path(
    tag = "addresses",
    params(("id" = uuid::Uuid, Path, description = "Address id (the caller's own)")),
    request_body = AddressRequest,
    responses((status = 200, description = "Address updated", body = Envelope<AddressDto>), JsonBody, Unauthorized, NotFound, Unprocessable)
)]
#[put("/addresses/{id}")]
async fn update(
    state: web::Data<AppState>,
    CurrentUser(user): CurrentUser,
    Id(id): Id<AddressId>,
    body: web::Json<AddressRequest>,
) -> Result<HttpResponse, ApiError> {
    let address = state.run(move |s| s.addresses.update(&UserId::new(user.id), &id, body.into_inner().into())).await?;
    ok(data_with_message(AddressDto::from(address), "Address updated"))
}

#[utoipa::path(
    tag = "addresses",
    params(("id" = uuid::Uuid, Path, description = "Address id (the caller's own)")),
    responses(
        (status = 200, description = "Address deleted; the remaining addresses", body = Envelope<Vec<AddressDto>>),
        Invalid, Unauthorized, NotFound, Conflict
    )
)]
#[delete("/addresses/{id}")]
/// Answers the remaining addresses.
async fn delete(
    state: web::Data<AppState>,
    CurrentUser(user): CurrentUser,
    Id(id): Id<AddressId>,
) -> Result<HttpResponse, ApiError> {
    let owner = UserId::new(user.id);
    let remaining = state
        .run(move |s| {
            s.addresses.delete(&owner, &id)?;
            s.addresses.list(&owner)
        })
        .await?;
    ok(data_with_message(AddressDto::all(remaining), "Address deleted"))
}
