//! The back office's search tools: the synonym list and the searches that found nothing.

use actix_web::{get, put, web, HttpResponse};
use serde::{Deserialize, Serialize};
use utoipa_actix_web::service_config::ServiceConfig;

use crate::auth::AdminUser;
use crate::dto::{data, data_with_message, Envelope};
use crate::error::ApiError;
use super::ok;
use crate::openapi::responses::{Invalid, JsonBody, RoleRequired, Unprocessable};
use crate::state::AppState;

pub fn routes(cfg: &mut ServiceConfig) {
    cfg.service(synonyms).service(save_synonyms).service(misses);
}

/// The synonym list as the owner wrote it (see `PUT`).
#[derive(Serialize, utoipa::ToSchema)]
pub struct SynonymsDto {
    pub text: String,
    /// How many rules it holds (lines that are not blank or comments).
    pub rules: usize,
}

impl From<&catalog::Synonyms> for SynonymsDto {
    fn from(s: &catalog::Synonyms) -> Self {
        SynonymsDto { text: s.text().to_string(), rules: s.rules() }
    }
}

/// One rule a line: `saree, sari` (each word finds the others) or `chunni => dupatta` (the
/// left words also find the right ones). Blank lines and lines starting with `#` are ignored.
#[derive(Deserialize, utoipa::ToSchema)]
pub struct SynonymsRequest {
    #[schema(max_length = 50000)]
    pub text: String,
}

#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SearchMissDto {
    /// The search text, lower case with single spaces.
    pub query: String,
    pub count: i64,
    /// The last India date it was searched (YYYY-MM-DD).
    pub last_seen: String,
}

#[derive(Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
struct MissesParams {
    /// The window in days up to today (India time), 1 to 365; 30 when absent.
    #[param(minimum = 1, maximum = 365)]
    days: Option<u32>,
}

#[utoipa::path(
    tag = "search",
    responses((status = 200, description = "The synonym list search reads", body = Envelope<SynonymsDto>), RoleRequired)
)]
#[get("/search/synonyms")]
async fn synonyms(state: web::Data<AppState>, _admin: AdminUser) -> HttpResponse {
    HttpResponse::Ok().json(data(SynonymsDto::from(state.catalog.snapshot().synonyms())))
}

#[utoipa::path(
    tag = "search",
    request_body = SynonymsRequest,
    responses(
        (status = 200, description = "Saved; every instance searches with it within a second", body = Envelope<SynonymsDto>),
        JsonBody, Unprocessable, RoleRequired
    )
)]
#[put("/search/synonyms")]
async fn save_synonyms(
    state: web::Data<AppState>,
    _admin: AdminUser,
    body: web::Json<SynonymsRequest>,
) -> Result<HttpResponse, ApiError> {
    let text = body.into_inner().text;
    let saved = state.run(move |s| s.catalog.save_synonyms(&text)).await?;
    ok(data_with_message(SynonymsDto::from(&saved), "Synonyms saved"))
}

#[utoipa::path(
    tag = "search",
    params(MissesParams),
    responses(
        (status = 200, description = "The 50 searches that found nothing most often in the window", body = Envelope<Vec<SearchMissDto>>),
        Invalid, RoleRequired
    )
)]
#[get("/search/misses")]
async fn misses(
    state: web::Data<AppState>,
    _admin: AdminUser,
    params: web::Query<MissesParams>,
) -> Result<HttpResponse, ApiError> {
    let days = params.days.unwrap_or(30);
    if !(1..=365).contains(&days) {
        return Err(ApiError::bad_request("invalid_query", "days must be between 1 and 365"));
    }
    let found = state.run(move |s| s.catalog.search_misses(days, MISSES_SHOWN)).await?;
    let answer: Vec<SearchMissDto> = found
        .into_iter()
        .map(|m| SearchMissDto { query: m.query, count: m.count, last_seen: m.last_seen.format("%Y-%m-%d").to_string() })
        .collect();
    ok(data(answer))
}

/// How many missed searches the report lists.
const MISSES_SHOWN: usize = 50;
