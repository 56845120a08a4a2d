use actix_web::{web, HttpResponse};
use serde_json::json;

use crate::error::{blocking, ApiError};
use crate::state::AppState;

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(web::resource("/health").get(health));
}

/// 200 when the database answers a query, 503 otherwise.
async fn health(state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    let check = state.health.clone();
    blocking(move || check().map_err(ApiError::unavailable)).await?;
    Ok(HttpResponse::Ok().json(json!({ "status": "ok", "database": "ok" })))
}
