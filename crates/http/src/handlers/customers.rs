//! The back office's customers (admin): the list with each one's figures, and one customer
//! with their orders.

use actix_web::{get, web, HttpResponse};
use kernel::UserId;
use orders::customers::{CustomerSearch, CustomerSort, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE};
use serde::Deserialize;
use utoipa_actix_web::service_config::ServiceConfig;

use super::query_string;
use crate::auth::AdminUser;
use crate::dto::customers::{CustomerDetailDto, CustomerListDto};
use crate::error::ApiError;
use super::{ok, Id};
use crate::openapi::names;
use crate::openapi::responses::{Invalid, NotFound, RoleRequired};
use crate::state::AppState;

pub fn routes(cfg: &mut ServiceConfig) {
    cfg.service(list).service(detail);
}

names::named_list_schema!(CustomerSortName = CustomerSort, "How the customer list is sorted (`last_order` when absent).");

#[derive(Debug, Deserialize, Default, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct CustomerListParams {
    /// The page, from 1; a smaller number reads as 1.
    #[param(value_type = Option<i64>)]
    page: Option<String>,
    /// Customers per page, 1 to 100 (20 when absent); a number outside reads as the nearer end.
    #[param(value_type = Option<i64>)]
    limit: Option<String>,
    /// Part of the customer's name or e-mail, or of their mobile number.
    #[param(max_length = 100)]
    q: Option<String>,
    #[param(value_type = Option<CustomerSortName>, inline)]
    sort: Option<String>,
}

#[utoipa::path(
    tag = "customers",
    params(CustomerListParams),
    responses(
        (status = 200, description = "A page of customers with their order count, total spent (orders not CANCELED) and last order date", body = CustomerListDto),
        Invalid, RoleRequired
    )
)]
#[get("/customers")]
async fn list(state: web::Data<AppState>, _admin: AdminUser, params: web::Query<CustomerListParams>) -> Result<HttpResponse, ApiError> {
    let params = params.into_inner();
    let page = query_string::page(&params.page, &params.limit, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE)?;
    let sort = query_string::named::<CustomerSort>(&params.sort, "sort")?.unwrap_or_default();
    query_string::search_text(&params.q)?;
    let found = state.run(move |s| s.customers.list(CustomerSearch { text: params.q, sort, page })).await?;
    ok(CustomerListDto::from(found))
}

#[derive(Debug, Deserialize, Default, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct CustomerOrdersParams {
    /// The page of the customer's orders, from 1.
    #[param(value_type = Option<i64>)]
    page: Option<String>,
    /// Orders per page, 1 to 100 (20 when absent).
    #[param(value_type = Option<i64>)]
    limit: Option<String>,
}

#[utoipa::path(
    tag = "customers",
    params(("id" = uuid::Uuid, Path, description = "The customer's account id"), CustomerOrdersParams),
    responses(
        (status = 200, description = "The customer with their figures and a page of their orders, newest first", body = CustomerDetailDto),
        Invalid, RoleRequired, NotFound
    )
)]
#[get("/customers/{id}")]
async fn detail(
    state: web::Data<AppState>,
    _admin: AdminUser,
    Id(id): Id<UserId>,
    params: web::Query<CustomerOrdersParams>,
) -> Result<HttpResponse, ApiError> {
    let page = query_string::page(&params.page, &params.limit, orders::listing::DEFAULT_PAGE_SIZE, orders::listing::MAX_PAGE_SIZE)?;
    let (customer, orders) = state.run(move |s| s.customers.detail(&id, page)).await?;
    ok(CustomerDetailDto::new(customer, orders))
}
