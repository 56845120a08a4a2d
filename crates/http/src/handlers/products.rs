use actix_multipart::Multipart;
use actix_web::{delete, get, post, put, web, HttpRequest, HttpResponse};
use utoipa_actix_web::service_config::ServiceConfig;
use catalog::query::{self, ProductQuery, Sort};
use catalog::{ProductInput, VariantInput};
use kernel::money::MAX_PAISE;
use kernel::{Money, MoneyError, ProductId};
use serde::Deserialize;
use serde_json::Value;

use crate::answers;
use super::query_string;
use crate::auth::AdminUser;
use crate::cache::{key_of, respond};
use crate::dto::catalog::{ListingDto, ProductDto, SearchDto};
use crate::dto::data_with_message;
use crate::error::ApiError;
use super::{created, ok};
use crate::multipart::{read_form, Form, FormLimits, SPARE_FILES};
use crate::ratelimit::{limit, Action};
use crate::state::AppState;
use crate::dto::docs::{DeletedProduct, DeletedProductAnswer, ProductForm};
use crate::dto::Envelope;
use crate::openapi::names;
use crate::openapi::responses::{Conflict, FormBody, Invalid, NotFound, RoleRequired, Throttled, Unprocessable};

pub fn routes(cfg: &mut ServiceConfig) {
    // The fixed paths first: `/products/{idOrSlug}` would match them too.
    cfg.service(search)
        // Any other method on `/products/search` is the API's 405, not a product called "search".
        .route("/products/search", web::route().to(super::not_found))
        .service(by_category)
        .service(list)
        .service(create_or_update)
        .service(one)
        .service(update)
        .service(delete);
}

/// The catalogue's image rules and count.
const LIMITS: FormLimits = FormLimits::files(&catalog::IMAGE_RULES, catalog::MAX_PRODUCT_IMAGES + SPARE_FILES);
pub const MAX_LIMIT: u32 = 1000;
const SEARCH_LIMIT: usize = 50;
const EMPTY_SEARCH_LIMIT: usize = 20;

/// Query parameters arrive as text and are checked here, so a bad value gets a sentence,
/// not a deserializer error.
#[derive(Debug, Deserialize, Default, utoipa::IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ListParams {
    /// The page, from 1. Paging is forgiving: a smaller number reads as 1.
    #[param(value_type = Option<i64>)]
    page: Option<String>,
    /// Products per page, 1 to 1000; a number outside reads as the nearer end.
    #[param(value_type = Option<i64>)]
    limit: Option<String>,
    /// A category id or slug; its subcategories' products are included.
    category_id: Option<String>,
    /// The same as `categoryId`.
    category: Option<String>,
    /// In rupees as the shop reads them: up to 9 whole digits and 2 decimals (leading and
    /// trailing zeros aside); empty means no bound; above the shop's largest price (one crore)
    /// reads as that price. Not above `maxPrice` (422).
    #[param(pattern = r"^[ \t\n\r]*$|^[ \t\n\r]*0*([0-9]{1,9}(\.[0-9]{0,2}0*)?|[0-9]{0,9}\.[0-9]{1,2}0*)[ \t\n\r]*$")]
    min_price: Option<String>,
    /// In rupees, as `minPrice`.
    #[param(pattern = r"^[ \t\n\r]*$|^[ \t\n\r]*0*([0-9]{1,9}(\.[0-9]{0,2}0*)?|[0-9]{0,9}\.[0-9]{1,2}0*)[ \t\n\r]*$")]
    max_price: Option<String>,
    /// Colour names, comma-separated (at most 50).
    colors: Option<String>,
    /// Sizes, comma-separated (at most 50).
    sizes: Option<String>,
    /// `true` (also `1`, `yes`, `on`): only products with a variant in stock; any other text: all.
    in_stock: Option<String>,
    /// `true` (also `1`, `yes`, `on`): only best sellers; any other text: only the others.
    best_seller: Option<String>,
    #[param(value_type = Option<SortOrder>, inline)]
    sort: Option<String>,
    /// Words that must all appear in the product's name, description, category or colours.
    q: Option<String>,
}

names::named_list_schema!(SortOrder = Sort, "The orders a listing can be sorted in (`newest` when absent).");

/// A price bound of a listing, read exactly as its pattern in the document says: ASCII
/// blanks around digits, at most one point. A bound beyond the largest price the shop takes
/// filters nothing out, so it reads as that price rather than as an error.
fn price(raw: &Option<String>, name: &str) -> Result<Option<Money>, ApiError> {
    let Some(text) = raw.as_deref().map(|v| v.trim_matches([' ', '\t', '\n', '\r'])) else { return Ok(None) };
    if text.is_empty() {
        return Ok(None);
    }
    let malformed = || ApiError::bad_request("invalid_query", format!("{name} must be an amount in rupees"));
    if !text.bytes().all(|b| b.is_ascii_digit() || b == b'.') {
        return Err(malformed());
    }
    match Money::parse_rupees(text) {
        Ok(amount) => Ok(Some(amount)),
        Err(MoneyError::TooLarge) if text.trim_start_matches('0').split('.').next().is_some_and(|w| w.len() <= 9) => {
            Ok(Some(Money::from_paise(MAX_PAISE)))
        }
        Err(e) => Err(ApiError::bad_request("invalid_query", format!("{name} {e}"))),
    }
}

fn flag(raw: &Option<String>) -> Option<bool> {
    raw.as_deref().map(|v| matches!(v.trim(), "true" | "1" | "yes" | "on"))
}

fn list_of(raw: &Option<String>) -> Vec<String> {
    raw.as_deref()
        .map(|v| v.split(',').map(str::trim).filter(|s| !s.is_empty()).map(str::to_string).take(50).collect())
        .unwrap_or_default()
}

impl ListParams {
    /// Products on a page of `GET /api/products` when `limit` is not given.
    pub(crate) const DEFAULT_LIMIT: u32 = 10;

    pub(crate) fn into_query(self, default_limit: u32) -> Result<ProductQuery, ApiError> {
        let page = query_string::page(&self.page, &self.limit, default_limit, MAX_LIMIT)?;
        let sort = query_string::named::<Sort>(&self.sort, "sort")?.unwrap_or_default();
        let (min_price, max_price) = (price(&self.min_price, "minPrice")?, price(&self.max_price, "maxPrice")?);
        if let (Some(lo), Some(hi)) = (min_price, max_price) {
            if lo > hi {
                return Err(ApiError::unprocessable("price_range", "minPrice cannot be greater than maxPrice").on("minPrice"));
            }
        }
        Ok(ProductQuery {
            category: self.category_id.or(self.category).filter(|c| !c.trim().is_empty()),
            min_price,
            max_price,
            colors: list_of(&self.colors),
            sizes: list_of(&self.sizes),
            in_stock: flag(&self.in_stock).unwrap_or(false),
            best_seller: flag(&self.best_seller),
            search: self.q.filter(|q| !q.trim().is_empty()),
            sort,
            page,
        })
    }
}

#[utoipa::path(
    tag = "products",
    params(ListParams),
    responses((status = 200, description = "A page of products with facets", body = ListingDto), Invalid, Unprocessable)
)]
#[get("/products")]
async fn list(req: HttpRequest, state: web::Data<AppState>, params: web::Query<ListParams>) -> Result<HttpResponse, ApiError> {
    let snapshot = state.catalog.snapshot();
    let cached = state.responses.get_or_build(snapshot.version, &key_of(&req), || {
        Ok(answers::listing(&snapshot, &params.into_inner().into_query(ListParams::DEFAULT_LIMIT)?))
    })?;
    Ok(respond(&req, &cached))
}

#[utoipa::path(
    tag = "products",
    params(("categoryId" = String, Path, description = "Category id or slug"), ListParams),
    responses(
        (status = 200, description = "A page of the category's products (and its subcategories')", body = ListingDto),
        Invalid, NotFound, Unprocessable
    )
)]
#[get("/products/category/{categoryId}")]
async fn by_category(
    req: HttpRequest,
    state: web::Data<AppState>,
    category_id: web::Path<String>,
    params: web::Query<ListParams>,
) -> Result<HttpResponse, ApiError> {
    let snapshot = state.catalog.snapshot();
    let cached = state.responses.get_or_build(snapshot.version, &key_of(&req), || {
        if snapshot.find_category(&category_id).is_none() {
            return Err(ApiError::not_found("Category not found"));
        }
        let mut query = params.into_inner().into_query(20)?;
        query.category = Some(category_id.into_inner());
        Ok(answers::listing(&snapshot, &query))
    })?;
    Ok(respond(&req, &cached))
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
struct SearchParams {
    /// The search text; empty lists a few products.
    #[param(max_length = 200)]
    q: Option<String>,
    /// How many products at most, 1 to 100 (50 by default, 20 for an empty text); a number
    /// outside reads as the nearer end.
    #[param(value_type = Option<i64>)]
    limit: Option<String>,
}

#[utoipa::path(
    tag = "products",
    params(SearchParams),
    responses((status = 200, description = "Matching products; when none, perhaps a corrected query", body = SearchDto), Invalid, Throttled)
)]
#[get("/products/search", wrap = "limit(Action::Search)")]
async fn search(req: HttpRequest, state: web::Data<AppState>, params: web::Query<SearchParams>) -> Result<HttpResponse, ApiError> {
    let snapshot = state.catalog.snapshot();
    let cached = state.responses.get_or_build(snapshot.version, &key_of(&req), || {
        let q = params.q.clone().unwrap_or_default();
        if q.chars().count() > 200 {
            return Err(ApiError::bad_request("invalid_query", "The search text is too long"));
        }
        let default = if q.trim().is_empty() { EMPTY_SEARCH_LIMIT } else { SEARCH_LIMIT };
        let limit = query_string::whole_number(&params.limit, "limit")?.map_or(default, |l| l.clamp(1, 100) as usize);
        let found = query::search(&snapshot, &q, limit);
        let did_you_mean = if found.is_empty() { query::suggestion(&snapshot, &q) } else { None };
        Ok(SearchDto { data: found.iter().map(|p| ProductDto::from(p.as_ref())).collect(), did_you_mean })
    })?;
    // Counted on every answer, cached or not, so the owner sees how often a miss happens.
    if found_nothing(cached.json()) {
        if let Some(q) = params.q.clone().filter(|q| !q.trim().is_empty()) {
            if let Err(e) = state.run(move |s| s.catalog.record_search_miss(&q)).await {
                tracing::warn!("a missed search was not counted: {}", e.message);
            }
        }
    }
    Ok(respond(&req, &cached))
}

/// Whether a search answer lists no product (`SearchDto` writes `data` first).
fn found_nothing(json: &[u8]) -> bool {
    json.starts_with(br#"{"data":[]"#)
}

#[utoipa::path(
    tag = "products",
    params(("idOrSlug" = String, Path, description = "Product id or slug")),
    responses((status = 200, description = "One product", body = Envelope<ProductDto>), NotFound)
)]
#[get("/products/{idOrSlug}")]
async fn one(req: HttpRequest, state: web::Data<AppState>, id_or_slug: web::Path<String>) -> Result<HttpResponse, ApiError> {
    let snapshot = state.catalog.snapshot();
    let cached = state.responses.get_or_build(snapshot.version, &key_of(&req), || answers::product(&snapshot, &id_or_slug))?;
    Ok(respond(&req, &cached))
}

/// A JSON value of a variant row as text: numbers and strings alike, null as absent.
fn raw(value: Option<&Value>) -> Option<String> {
    match value? {
        Value::Null => None,
        Value::String(s) => Some(s.clone()),
        Value::Number(n) => Some(n.to_string()),
        Value::Bool(b) => Some(b.to_string()),
        other => Some(other.to_string()),
    }
}

/// `None` when the form has no variant list (an update that keeps them).
fn variants(form: &Form) -> Result<Option<Vec<VariantInput>>, ApiError> {
    let invalid = || ApiError::unprocessable("invalid_value", "productVariants must be a JSON list of variants").on("productVariants");
    let Some(text) = form.text("productVariants").filter(|t| !t.trim().is_empty()) else {
        return Ok(None);
    };
    let rows: Vec<Value> = serde_json::from_str(&text).map_err(|_| invalid())?;
    rows.iter()
        .map(|row| {
            let obj = row.as_object().ok_or_else(invalid)?;
            Ok(VariantInput {
                id: raw(obj.get("id")),
                size: raw(obj.get("size")),
                color: raw(obj.get("color")),
                color_hex: raw(obj.get("colorHexCode")),
                stock: raw(obj.get("stock")),
                original_price: raw(obj.get("originalPrice")),
                discount_price: raw(obj.get("discountPrice")),
                sku: raw(obj.get("sku")),
                expected_stock: raw(obj.get("expectedStock")),
            })
        })
        .collect::<Result<Vec<_>, _>>()
        .map(Some)
}

fn product_input(form: &Form) -> Result<ProductInput, ApiError> {
    Ok(ProductInput {
        name: form.text("productName").or_else(|| form.text("name")),
        category_id: form.text("categoryId"),
        description: form.text("description"),
        hsn_code: form.text("hsnCode"),
        variants: variants(form)?,
        deleted_image_ids: form.id_list("deletedImageIds")?,
        files: form.files(&["images", "image", "media"]),
        new_image_colors: form.name_list("newImageColors")?,
        image_colors: form.name_map("imageColors")?,
        is_best_seller: form.text("isBestSeller").map(|v| matches!(v.trim(), "true" | "1" | "on" | "yes")),
    })
}

async fn save(state: &web::Data<AppState>, id: Option<String>, form: Form) -> Result<HttpResponse, ApiError> {
    let input = product_input(&form)?;
    match id {
        Some(id) => {
            let product = state.run(move |s| s.catalog.update_product(&ProductId::new(id), input)).await?;
            ok(data_with_message(ProductDto::from(product.as_ref()), "Product updated successfully!"))
        }
        None => {
            let product = state.run(move |s| s.catalog.create_product(input)).await?;
            created(data_with_message(ProductDto::from(product.as_ref()), "Product added successfully!"))
        }
    }
}

#[utoipa::path(
    tag = "products",
    request_body(content = ProductForm, content_type = "multipart/form-data"),
    responses(
        (status = 201, description = "Product created", body = Envelope<ProductDto>),
        (status = 200, description = "Product updated (the form named its id)", body = Envelope<ProductDto>),
        FormBody, RoleRequired, NotFound, Conflict, Unprocessable
    )
)]
#[post("/products")]
/// `POST /products` creates; with the product's id in the form (`id` or `productId`) it
/// updates, as the web app does.
async fn create_or_update(state: web::Data<AppState>, _admin: AdminUser, payload: Multipart) -> Result<HttpResponse, ApiError> {
    let form = read_form(payload, LIMITS).await?;
    let id = form.text("id").or_else(|| form.text("productId")).filter(|i| !i.trim().is_empty());
    save(&state, id, form).await
}

#[utoipa::path(
    tag = "products",
    params(("idOrSlug" = uuid::Uuid, Path, description = "Product id")),
    request_body(content = ProductForm, content_type = "multipart/form-data"),
    responses((status = 200, description = "Product updated", body = Envelope<ProductDto>), FormBody, RoleRequired, NotFound, Conflict, Unprocessable)
)]
#[put("/products/{idOrSlug}")]
async fn update(state: web::Data<AppState>, _admin: AdminUser, id: web::Path<String>, payload: Multipart) -> Result<HttpResponse, ApiError> {
    let form = read_form(payload, LIMITS).await?;
    save(&state, Some(id.into_inner()), form).await
}

#[utoipa::path(
    tag = "products",
    params(("idOrSlug" = uuid::Uuid, Path, description = "Product id")),
    responses((status = 200, description = "Product deleted", body = DeletedProductAnswer), RoleRequired, NotFound, Conflict)
)]
#[delete("/products/{idOrSlug}")]
async fn delete(state: web::Data<AppState>, _admin: AdminUser, id: web::Path<String>) -> Result<HttpResponse, ApiError> {
    let product = state.run(move |s| s.catalog.delete_product(&ProductId::new(id.into_inner()))).await?;
    ok(DeletedProductAnswer {
        data: DeletedProduct { id: product.id.clone(), name: product.name.clone() },
        message: "Product deleted successfully".into(),
    })
}
