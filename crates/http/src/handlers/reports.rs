use actix_web::{get, web, HttpResponse};
use utoipa_actix_web::service_config::ServiceConfig;

use orders::listing::LOW_STOCK_MAX;

use crate::auth::AdminUser;
use crate::dto::data;
use crate::dto::order::FiguresDto;
use crate::dto::Envelope;
use crate::error::ApiError;
use super::ok;
use crate::openapi::responses::RoleRequired;
use crate::state::AppState;

pub fn routes(cfg: &mut ServiceConfig) {
    cfg.service(summary);
}

#[utoipa::path(
    tag = "reports",
    responses((status = 200, description = "The back office's figures (admin)", body = Envelope<FiguresDto>), RoleRequired)
)]
#[get("/reports/summary")]
/// Today's orders and revenue and the last 30 days per day (India time, cancelled orders
/// left out), the orders waiting to ship, and how many variants are low on stock (1 to 5
/// pieces) or out of it (from the catalogue every shopper reads).
async fn summary(state: web::Data<AppState>, _admin: AdminUser) -> Result<HttpResponse, ApiError> {
    let figures = state.run(|s| s.orders.sales_figures()).await?;
    let (low, out) = state.catalog.snapshot().stock_counts(LOW_STOCK_MAX);
    ok(data(FiguresDto {
        today: figures.today.into(),
        days: figures.days.into_iter().map(Into::into).collect(),
        pending_orders: figures.pending,
        low_stock_variants: low,
        out_of_stock_variants: out,
        low_stock_max: LOW_STOCK_MAX,
    }))
}
