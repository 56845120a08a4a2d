//! The audit log (admin): read only. There is no route that changes or deletes an entry;
//! other methods on the path answer 405.

use actix_web::{get, web, HttpResponse};
use audit::{AuditSearch, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE};
use serde::Deserialize;
use utoipa_actix_web::service_config::ServiceConfig;

use super::query_string;
use crate::auth::AdminUser;
use crate::dto::customers::AuditListDto;
use crate::error::ApiError;
use super::ok;
use crate::openapi::responses::{Invalid, RoleRequired, Unprocessable};
use crate::state::AppState;

pub fn routes(cfg: &mut ServiceConfig) {
    cfg.service(list);
}

#[derive(Debug, Deserialize, Default, utoipa::IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct AuditParams {
    /// The page, from 1; a smaller number reads as 1.
    #[param(value_type = Option<i64>)]
    page: Option<String>,
    /// Entries per page, 1 to 100 (50 when absent).
    #[param(value_type = Option<i64>)]
    limit: Option<String>,
    /// Only the entries of this administrator (their account id).
    #[param(max_length = 100, rename = "actorId")]
    actor_id: Option<String>,
    /// Only this part of the back office: products, categories, orders, company, legal, settings...
    #[param(max_length = 100)]
    area: Option<String>,
    /// Only this action, for example `orders.status`.
    #[param(max_length = 100)]
    action: Option<String>,
    /// First day, YYYY-MM-DD, India time (included).
    #[param(value_type = Option<String>, format = Date)]
    from: Option<String>,
    /// Last day, YYYY-MM-DD, India time (included); not before `from` (422).
    #[param(value_type = Option<String>, format = Date)]
    to: Option<String>,
}

fn text(raw: Option<String>, name: &str) -> Result<Option<String>, ApiError> {
    match raw {
        Some(v) if v.chars().count() > 100 => Err(ApiError::bad_request("invalid_query", format!("{name} may hold up to 100 characters"))),
        Some(v) if v.trim().is_empty() => Ok(None),
        other => Ok(other.map(|v| v.trim().to_string())),
    }
}

#[utoipa::path(
    tag = "audit",
    params(AuditParams),
    responses(
        (status = 200, description = "A page of the audit log, newest first", body = AuditListDto),
        Invalid, RoleRequired, Unprocessable
    )
)]
#[get("/audit-log")]
async fn list(state: web::Data<AppState>, _admin: AdminUser, params: web::Query<AuditParams>) -> Result<HttpResponse, ApiError> {
    let params = params.into_inner();
    let page = query_string::page(&params.page, &params.limit, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE)?;
    let search = AuditSearch {
        actor_id: text(params.actor_id, "actorId")?,
        area: text(params.area, "area")?,
        action: text(params.action, "action")?,
        from: query_string::day(&params.from, "from")?,
        to: query_string::day(&params.to, "to")?,
        page,
    };
    let found = state.run(move |s| s.audit.search(search)).await?;
    ok(AuditListDto::from(found))
}
