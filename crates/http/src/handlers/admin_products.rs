//! The back office's catalogue tools: the product list with search and stock filters.

use actix_web::{get, patch, post, web, HttpResponse};
use catalog::query::{self, AdminProductQuery, StockStatus};
use catalog::VariantPatch;
use kernel::ProductId;
use serde::Deserialize;
use utoipa_actix_web::service_config::ServiceConfig;

use crate::auth::AdminUser;
use crate::dto::catalog::{AdminProductListDto, ProductDto};
use crate::dto::{data_with_message, Envelope};
use crate::error::ApiError;
use super::{created, ok, Id};
use crate::handlers::query_string;
use crate::openapi::names;
use crate::openapi::responses::{Conflict, Invalid, JsonBody, NotFound, RoleRequired, Unprocessable};
use crate::state::AppState;

pub fn routes(cfg: &mut ServiceConfig) {
    cfg.service(list).service(update_variant).service(duplicate);
}

/// Products on a page of the back office's list when `limit` is not given.
const DEFAULT_LIMIT: u32 = 10;
const MAX_LIMIT: u32 = 100;

/// The back office's product list: what it filters on.
#[derive(Debug, Deserialize, Default, utoipa::IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct AdminListParams {
    /// The page, from 1; a smaller number reads as 1.
    #[param(value_type = Option<i64>)]
    page: Option<String>,
    /// Products per page, 1 to 100 (10 when absent); a number outside reads as the nearer end.
    #[param(value_type = Option<i64>)]
    limit: Option<String>,
    /// Words that must all appear in the product's name (ignoring case), or one word that
    /// starts a variant's SKU.
    #[param(max_length = 100)]
    q: Option<String>,
    /// A category id or slug; its subcategories' products are included.
    category_id: Option<String>,
    #[param(value_type = Option<StockFilter>, inline)]
    stock: Option<String>,
}

names::named_list_schema!(
    StockFilter = StockStatus,
    "The stock filter: `in` every variant has at least one piece; `low` some variant has 1 to 5 pieces; `out` some variant has none (or the product has no variant). They overlap."
);

impl AdminListParams {
    fn into_query(self) -> Result<AdminProductQuery, ApiError> {
        let page = query_string::page(&self.page, &self.limit, DEFAULT_LIMIT, MAX_LIMIT)?;
        let stock = query_string::named::<StockStatus>(&self.stock, "stock")?;
        query_string::search_text(&self.q)?;
        Ok(AdminProductQuery { search: self.q, category: self.category_id, stock, page })
    }
}

#[utoipa::path(
    tag = "products",
    params(AdminListParams),
    responses((status = 200, description = "A page of products, newest first (admin)", body = AdminProductListDto), Invalid, RoleRequired)
)]
#[get("/admin/products")]
async fn list(state: web::Data<AppState>, _admin: AdminUser, params: web::Query<AdminListParams>) -> Result<HttpResponse, ApiError> {
    let query = params.into_inner().into_query()?;
    let page = query::admin_list(&state.catalog.snapshot(), &query);
    ok(AdminProductListDto::from(&page))
}

/// An inline edit of one variant: a field left out keeps its value.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VariantPatchRequest {
    /// The new stock.
    #[schema(minimum = 0, maximum = 1000000)]
    #[serde(default, deserialize_with = "crate::dto::whole_number")]
    pub stock: Option<i64>,
    /// The stock the admin saw; the new stock is written only while the variant still holds
    /// exactly this many, else 409 `stock_changed` (an order took some meanwhile).
    #[schema(minimum = 0, maximum = 1000000)]
    #[serde(default, deserialize_with = "crate::dto::whole_number")]
    pub expected_stock: Option<i64>,
    /// What the shopper pays, in rupees (at most two decimals, more than 0).
    #[schema(minimum = 0, maximum = 10000000)]
    pub original_price: Option<f64>,
    /// The saving against the MRP, in rupees; not above the price (422 `discount_above_price`).
    #[schema(minimum = 0, maximum = 10000000)]
    pub discount_price: Option<f64>,
    /// Up to 40 ASCII letters, digits, `-`, `_`, `.` or `/`; empty removes it. Unique across the
    /// shop ignoring case (409 `sku_taken`).
    #[schema(pattern = r"^\s*[A-Za-z0-9._/-]{0,40}\s*$")]
    pub sku: Option<String>,
}

/// A rupee amount from JSON as the form's text (`999.5`), read by the catalogue's own rules.
fn rupees(value: Option<f64>) -> Option<String> {
    value.map(|v| format!("{v}"))
}

#[utoipa::path(
    tag = "products",
    params(
        ("productId" = uuid::Uuid, Path, description = "Product id"),
        ("variantId" = uuid::Uuid, Path, description = "Variant id (of this product)")
    ),
    request_body = VariantPatchRequest,
    responses(
        (status = 200, description = "Variant updated; the whole product as it is now (admin)", body = Envelope<ProductDto>),
        JsonBody, RoleRequired, NotFound, Conflict, Unprocessable
    )
)]
#[patch("/products/{productId}/variants/{variantId}")]
/// The back office's inline edit of a variant's stock and prices, in one write. Checked like
/// the product form; the new stock is written by one guarded statement.
async fn update_variant(
    state: web::Data<AppState>,
    _admin: AdminUser,
    path: web::Path<(uuid::Uuid, uuid::Uuid)>,
    body: web::Json<VariantPatchRequest>,
) -> Result<HttpResponse, ApiError> {
    let (product, variant) = path.into_inner();
    let body = body.into_inner();
    let patch = VariantPatch {
        stock: body.stock.map(|s| s.to_string()),
        expected_stock: body.expected_stock,
        original_price: rupees(body.original_price),
        discount_price: rupees(body.discount_price),
        sku: body.sku,
    };
    let (product, variant) = (ProductId::new(product.to_string()), variant.to_string());
    let product = state.run(move |s| s.catalog.update_variant(&product, &variant, patch)).await?;
    ok(data_with_message(ProductDto::from(product.as_ref()), "Variant updated"))
}

#[utoipa::path(
    tag = "products",
    params(("productId" = uuid::Uuid, Path, description = "Product id")),
    responses(
        (status = 201, description = "The copy, to edit: \"… (copy)\", same category, pictures and variants, stock 0 and no SKUs (admin)", body = Envelope<ProductDto>),
        Invalid, RoleRequired, NotFound
    )
)]
#[post("/products/{productId}/duplicate")]
async fn duplicate(state: web::Data<AppState>, _admin: AdminUser, Id(id): Id<ProductId>) -> Result<HttpResponse, ApiError> {
    let copy = state.run(move |s| s.catalog.duplicate_product(&id)).await?;
    let message = format!("Copied as {}: set its stock and SKUs", copy.name);
    created(data_with_message(ProductDto::from(copy.as_ref()), message))
}
