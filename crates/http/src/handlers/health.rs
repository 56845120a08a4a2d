use actix_web::{web, HttpResponse};

use crate::error::{blocking, ApiError};
use crate::state::AppState;
#[allow(unused_imports)]
use crate::dto::{docs::*, Envelope, MessageOnly};

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(web::resource("/health").get(health));
}

#[utoipa::path(
    get,
    path = "/api/health",
    tag = "health",
    security(()),
    responses(
        (status = 200, description = "The shop and its database answer", body = HealthDto),
        (status = 503, description = "The database does not answer", body = ErrorBody)
    )
)]
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
