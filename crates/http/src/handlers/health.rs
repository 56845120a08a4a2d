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
/// 200 when the database answers a query, 503 otherwise.
async fn health(state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    let check = state.health.clone();
    blocking(move || check().map_err(ApiError::unavailable)).await?;
    Ok(HttpResponse::Ok().json(HealthDto { status: "ok", database: "ok" }))
}
