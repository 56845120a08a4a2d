//! Cash-on-delivery: the owner's settings (admin), the product page's PIN check (public)
//! and the checkout's question whether its order would be accepted (the customer).

use actix_web::{get, put, web, HttpResponse};
use serde::Deserialize;
use utoipa_actix_web::service_config::ServiceConfig;

use crate::auth::{AdminUser, CurrentUser};
use crate::dto::cod::{CodCheckDto, CodSettingsDto, CodSettingsRequest, PincodeCheckDto};
use crate::dto::{data, data_with_message, Envelope};
use crate::error::ApiError;
use super::ok;
use crate::openapi::responses::{Invalid, JsonBody, NotFound, RoleRequired, Unauthorized, Unprocessable};
use crate::state::AppState;
use kernel::{AddressId, UserId};

pub fn routes(cfg: &mut ServiceConfig) {
    cfg.service(settings).service(update_settings).service(pincode).service(checkout);
}

#[utoipa::path(
    tag = "cod",
    responses((status = 200, description = "The cash-on-delivery settings", body = Envelope<CodSettingsDto>), RoleRequired)
)]
#[get("/settings/cod")]
async fn settings(state: web::Data<AppState>, _admin: AdminUser) -> Result<HttpResponse, ApiError> {
    let settings = state.run(|s| s.cod.settings()).await?;
    ok(data(CodSettingsDto::from(settings)))
}

#[utoipa::path(
    tag = "cod",
    request_body = CodSettingsRequest,
    responses(
        (status = 200, description = "Settings saved; fields left out kept their values", body = Envelope<CodSettingsDto>),
        JsonBody, RoleRequired, Unprocessable
    )
)]
#[put("/settings/cod")]
async fn update_settings(
    state: web::Data<AppState>,
    _admin: AdminUser,
    body: web::Json<CodSettingsRequest>,
) -> Result<HttpResponse, ApiError> {
    let saved = state.run(move |s| s.cod.update(body.into_inner().into())).await?;
    ok(data_with_message(CodSettingsDto::from(saved), "Cash on delivery settings saved"))
}

#[utoipa::path(
    tag = "cod",
    params(("pincode" = String, Path, pattern = r"^[1-9][0-9]{5}$", description = "A 6-digit PIN code")),
    responses((status = 200, description = "Whether the shop delivers there, and with cash on delivery", body = Envelope<PincodeCheckDto>), Invalid)
)]
#[get("/delivery/{pincode}")]
async fn pincode(state: web::Data<AppState>, path: web::Path<String>) -> Result<HttpResponse, ApiError> {
    let raw = path.into_inner();
    if raw.len() != 6 {
        return Err(ApiError::bad_request("invalid_path", kernel::PostalCode::MESSAGE).on("pincode"));
    }
    let check = state.run(move |s| s.cod.pincode(&raw)).await?;
    ok(data(PincodeCheckDto::from(check)))
}

/// Which of the caller's addresses the order would go to.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct CodCheckParams {
    address_id: uuid::Uuid,
}

#[utoipa::path(
    tag = "cod",
    params(CodCheckParams),
    responses(
        (status = 200, description = "Whether placing the cart now, to that address, would be accepted for cash on delivery", body = Envelope<CodCheckDto>),
        Invalid, Unauthorized, NotFound
    )
)]
#[get("/checkout/cod")]
async fn checkout(
    state: web::Data<AppState>,
    CurrentUser(user): CurrentUser,
    params: web::Query<CodCheckParams>,
) -> Result<HttpResponse, ApiError> {
    let address = AddressId::new(params.address_id.to_string());
    let verdict = state.run(move |s| s.cod.checkout(&UserId::new(user.id), &address)).await?;
    ok(data(CodCheckDto::from(verdict)))
}
