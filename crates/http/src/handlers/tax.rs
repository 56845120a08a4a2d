//! GST for the back office: the rate table (kept in the database, edited by the owner), the
//! rate a price gets, so the product form can warn about a price between two slabs before
//! it is saved, the states and the GST report.

use actix_web::{get, put, web, HttpResponse};
use serde::{Deserialize, Serialize};
use utoipa_actix_web::service_config::ServiceConfig;

use crate::auth::AdminUser;
use crate::dto::gst::{GstRateRuleDto, GstRatesRequest};
use crate::dto::{data, data_with_message, Envelope, FromEach};
use crate::error::ApiError;
use super::ok;
use crate::state::AppState;
use crate::openapi::responses::{Invalid, JsonBody, RoleRequired, Unprocessable};

pub fn routes(cfg: &mut ServiceConfig) {
    cfg.service(rate).service(rates).service(replace_rates).service(states).service(report);
}

#[utoipa::path(
    tag = "gst",
    responses(
        (status = 200, description = "The GST rate table: every rule by HSN prefix, then effective date", body = Envelope<Vec<GstRateRuleDto>>),
        RoleRequired
    )
)]
#[get("/gst/rates")]
async fn rates(state: web::Data<AppState>, _admin: AdminUser) -> Result<HttpResponse, ApiError> {
    let rules = state.run(|s| s.gst_rates.rules()).await?;
    ok(data(GstRateRuleDto::all(rules)))
}

#[utoipa::path(
    tag = "gst",
    request_body = GstRatesRequest,
    responses(
        (status = 200, description = "The table replaced; changes apply to documents issued from their effective date, issued documents keep their rates", body = Envelope<Vec<GstRateRuleDto>>),
        JsonBody, RoleRequired, Unprocessable
    )
)]
#[put("/gst/rates")]
async fn replace_rates(
    state: web::Data<AppState>,
    _admin: AdminUser,
    body: web::Json<GstRatesRequest>,
) -> Result<HttpResponse, ApiError> {
    let rules = body.into_inner().try_into_domain()?;
    let saved = state.run(move |s| s.gst_rates.replace(rules)).await?;
    ok(data_with_message(GstRateRuleDto::all(saved), "GST rates saved: changes apply to documents issued from their effective date"))
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PeriodParams {
    /// The first day (India's date), YYYY-MM-DD.
    #[param(value_type = String, format = Date, required = true)]
    from: Option<String>,
    /// The last day (India's date, included), YYYY-MM-DD; not before `from`.
    #[param(value_type = String, format = Date, required = true)]
    to: Option<String>,
}

fn day(raw: Option<&str>, field: &'static str) -> Result<chrono::NaiveDate, ApiError> {
    chrono::NaiveDate::parse_from_str(raw.unwrap_or("").trim(), "%Y-%m-%d")
        .map_err(|_| ApiError::bad_request("invalid_query", format!("{field} must be a date as YYYY-MM-DD")).on(field))
}

/// Signed paise as rupees with two decimals ("-1234.50").
fn rupees(paise: i64) -> String {
    let sign = if paise < 0 { "-" } else { "" };
    format!("{sign}{}.{:02}", paise.unsigned_abs() / 100, paise.unsigned_abs() % 100)
}


#[utoipa::path(
    tag = "gst",
    params(PeriodParams),
    responses(
        (status = 200, description = "CSV: one row per tax invoice (positive) and credit note (negative) and rate, with the place of supply; then an HSN summary; then the net totals, equal to the invoices less the credit notes", content_type = "text/csv", body = String),
        Invalid, RoleRequired,
        (status = 422, description = "`from` after `to`", body = crate::error::ErrorBody)
    )
)]
#[get("/reports/gst")]
async fn report(state: web::Data<AppState>, _admin: AdminUser, params: web::Query<PeriodParams>) -> Result<HttpResponse, ApiError> {
    let params = params.into_inner();
    let (from, to) = (day(params.from.as_deref(), "from")?, day(params.to.as_deref(), "to")?);
    let report = state.run(move |s| s.orders.gst_report(from, to)).await?;
    let mut csv = csv::Writer::from_writer(Vec::new());
    let amounts = |a: &orders::report::Amounts| [rupees(a.taxable), rupees(a.cgst), rupees(a.sgst), rupees(a.igst), rupees(a.total)];
    let mut write = |record: Vec<String>| csv.write_record(&record).map_err(ApiError::internal);
    let head = ["type", "number", "date", "order", "cites", "place of supply", "state code", "rate", "taxable value", "CGST", "SGST", "IGST", "total"];
    write(head.iter().map(|s| s.to_string()).collect())?;
    for row in &report.rows {
        let kind = match row.kind {
            orders::DocumentKind::Invoice => "invoice",
            orders::DocumentKind::CreditNote => "credit note",
        };
        let mut record = vec![
            kind.to_string(),
            row.number.clone(),
            row.issued_on.format("%Y-%m-%d").to_string(),
            row.order_id.clone(),
            row.cites.clone().unwrap_or_default(),
            row.place_of_supply.clone(),
            row.place_of_supply_code.clone(),
            orders::invoice::rate_label(row.rate_basis_points),
        ];
        record.extend(amounts(&row.amounts));
        write(record)?;
    }
    write(vec![String::new(); 13])?;
    let hsn_head = ["HSN summary", "HSN", "quantity", "", "", "", "", "rate", "taxable value", "CGST", "SGST", "IGST", "total"];
    write(hsn_head.iter().map(|s| s.to_string()).collect())?;
    for row in &report.hsn {
        let mut record = vec!["hsn".to_string(), row.hsn_code.clone(), row.quantity.to_string(), String::new(), String::new(), String::new(), String::new(), orders::invoice::rate_label(row.rate_basis_points)];
        record.extend(amounts(&row.amounts));
        write(record)?;
    }
    write(vec![String::new(); 13])?;
    let mut total = vec!["total".to_string(), String::new(), String::new(), String::new(), String::new(), String::new(), String::new(), String::new()];
    total.extend(amounts(&report.totals));
    write(total)?;
    let bytes = csv.into_inner().map_err(ApiError::internal)?;
    Ok(super::attachment("text/csv; charset=utf-8", &format!("gst-{from}-to-{to}.csv")).body(bytes))
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct StateDto {
    /// The two-digit GST state code ("29").
    pub code: String,
    pub name: &'static str,
}

#[utoipa::path(
    tag = "gst",
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
    #[param(required = true, pattern = r"^\s*[0-9]{4,8}\s*$")]
    hsn_code: Option<String>,
    /// The GST-inclusive price of one piece in rupees, as the product form has it.
    #[param(required = true, pattern = r"^\s*0*([0-9]{1,9}(\.[0-9]{0,2}0*)?|[0-9]{0,9}\.[0-9]{1,2}0*)\s*$")]
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
    responses(
        (status = 200, description = "The GST rate of one piece at this price today", body = Envelope<RateDto>),
        Invalid,
        RoleRequired,
        (status = 422, description = "Fits the pattern but not the rule (`invalid_value`): the HSN code or the price", body = crate::error::ErrorBody)
    )
)]
#[get("/gst/rate")]
async fn rate(state: web::Data<AppState>, _admin: AdminUser, params: web::Query<RateParams>) -> Result<HttpResponse, ApiError> {
    let params = params.into_inner();
    let hsn = gst::HsnCode::parse(params.hsn_code.as_deref().unwrap_or(""))
        .map_err(|e| ApiError::unprocessable("invalid_value", e.to_string()).on("hsnCode"))?;
    let price = kernel::Money::parse_rupees(params.price.as_deref().unwrap_or("").trim())
        .map_err(|_| ApiError::unprocessable("invalid_value", "The price must be in rupees with at most 2 decimals").on("price"))?;
    let code = hsn.clone();
    let answer = state.run(move |s| s.gst_rates.rate(&code, price)).await?;
    let choice = answer.choice;
    ok(data(RateDto {
        rate: choice.map(|c| c.rate.label()),
        rate_basis_points: choice.map(|c| c.rate.as_basis_points()),
        between_slabs: choice.is_some_and(|c| c.between_slabs),
        warning: match choice {
            None => Some(format!("No GST rate is known for HSN code {}: orders of it cannot be invoiced", hsn.as_str())),
            Some(c) if c.between_slabs => {
                let keep = answer
                    .keep_below
                    .map(|(rate, top)| format!(" A price of at most {} keeps the {} slab.", top.format_inr(), rate.label()))
                    .unwrap_or_default();
                Some(format!("{} falls between two GST slabs: the shop charges {} on it.{keep}", price.format_inr(), c.rate.label()))
            }
            Some(_) => None,
        },
    }))
}
