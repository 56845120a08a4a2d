use actix_web::{get, web, HttpResponse};
use utoipa_actix_web::service_config::ServiceConfig;

use crate::error::{blocking, ApiError};
use crate::state::AppState;
use crate::dto::docs::{ErrorBody, HealthDto};

pub fn routes(cfg: &mut ServiceConfig) {
    cfg.service(health);
}

#[utoipa::path(
    tag = "health",
    responses(
        (status = 200, description = "The shop and its database answer", body = HealthDto),
        (status = 503, description = "The database does not answer", body = ErrorBody)
    )
)]
#[get("/health")]
/// 200 when the database answers a query, 503 otherwise. Also says whether the change
/// listener is connected (a listener that is down does not make the shop unhealthy: the
/// version rows are polled meanwhile).
async fn health(state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    let check = state.health.clone();
    blocking(move || check().map_err(ApiError::unavailable)).await?;
    let listener = match (state.listener)() {
        None => "off",
        Some(true) => "ok",
        Some(false) => "down",
    };
    Ok(HttpResponse::Ok().json(HealthDto { status: "ok", database: "ok", listener }))
}
