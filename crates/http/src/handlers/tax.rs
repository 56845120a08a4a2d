//! GST helpers for the back office: the rate a price gets, so the product form can warn
//! about a price between two slabs before it is saved.

use actix_web::{get, web, HttpResponse};
use serde::{Deserialize, Serialize};
use utoipa_actix_web::service_config::ServiceConfig;

use crate::auth::AdminUser;
use crate::dto::{data, Envelope};
use crate::error::ApiError;
use crate::openapi::responses::{Invalid, RoleRequired};

pub fn routes(cfg: &mut ServiceConfig) {
    cfg.service(rate).service(states);
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct StateDto {
    /// The two-digit GST state code ("29").
    pub code: String,
    pub name: &'static str,
}

#[utoipa::path(
    tag = "gst",
    security(()),
    responses((status = 200, description = "The 36 states and union territories with their GST state codes, in code order", body = Envelope<Vec<StateDto>>))
)]
#[get("/gst/states")]
async fn states() -> HttpResponse {
    HttpResponse::Ok().json(data(gst::STATES.iter().map(|s| StateDto { code: s.code_text(), name: s.name }).collect::<Vec<_>>()))
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct RateParams {
    /// The goods' HSN code: 4 to 8 digits.
    #[param(pattern = r"^\s*[0-9]{4,8}\s*$")]
    hsn_code: Option<String>,
    /// The GST-inclusive price of one piece in rupees, as the product form has it.
    #[param(pattern = r"^\s*0*([0-9]{1,9}(\.[0-9]{0,2}0*)?|[0-9]{0,9}\.[0-9]{1,2}0*)\s*$")]
    price: Option<String>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RateDto {
    /// As printed on an invoice ("5%", "18%"); `null` when no rate rule covers the code.
    pub rate: Option<String>,
    pub rate_basis_points: Option<u32>,
    /// The price is above the lower slab at the lower rate yet within it at the higher one:
    /// the shop charges the higher rate (see docs/INDIA.md).
    pub between_slabs: bool,
    /// What the back office shows about it, if anything.
    pub warning: Option<String>,
}

#[utoipa::path(
    tag = "gst",
    params(RateParams),
    security(("bearer" = [])),
    responses((status = 200, description = "The GST rate of one piece at this price today", body = Envelope<RateDto>), Invalid, RoleRequired)
)]
#[get("/gst/rate")]
async fn rate(_admin: AdminUser, params: web::Query<RateParams>) -> Result<HttpResponse, ApiError> {
    let params = params.into_inner();
    let hsn = gst::HsnCode::parse(params.hsn_code.as_deref().unwrap_or(""))
        .map_err(|e| ApiError::bad_request("invalid_query", e.to_string()).on("hsnCode"))?;
    let price = kernel::Money::parse_rupees(params.price.as_deref().unwrap_or("").trim())
        .map_err(|_| ApiError::bad_request("invalid_query", "The price must be in rupees with at most 2 decimals").on("price"))?;
    let choice = orders::invoice::rate_for(&hsn, price, chrono::Utc::now());
    let between = choice.is_some_and(|c| c.between_slabs);
    Ok(HttpResponse::Ok().json(data(RateDto {
        rate: choice.map(|c| c.rate.label()),
        rate_basis_points: choice.map(|c| c.rate.as_basis_points()),
        between_slabs: between,
        warning: match choice {
            None => Some(format!("No GST rate is known for HSN code {}: orders of it cannot be invoiced", hsn.as_str())),
            Some(c) if c.between_slabs => Some(format!(
                "{} falls between two GST slabs: the shop charges {} on it. A price of at most ₹2,625.00 keeps the 5% slab.",
                price.format_inr(),
                c.rate.label()
            )),
            Some(_) => None,
        },
    })))
}
