//! The public read answers that a storefront page also carries in its HTML (crate `web`):
//! built here once from the domain and the DTOs, so a page inlines exactly the bytes the API
//! sends for the same URL (both go through [`crate::cache::ResponseCache`] under
//! [`crate::cache::key`]).

use actix_web::web;
use catalog::query::{self, ProductQuery};
use catalog::CatalogSnapshot;
use content::{CompanyDetails, LegalPage};

use crate::dto::catalog::{CategoryDto, ListingDto, ProductDto};
use crate::dto::content::{CompanyDto, LegalPageDto};
use crate::dto::{data, Envelope};
use crate::error::ApiError;
use crate::handlers::products::ListParams;

/// `GET /api/categories`: the category tree with product counts.
pub fn category_tree(snapshot: &CatalogSnapshot) -> Envelope<Vec<CategoryDto>> {
    let count = |id: &str| snapshot.product_count_in_subtree(id);
    data(snapshot.tree.iter().map(|n| CategoryDto::from_node(n, &count)).collect())
}

/// The listing `GET /api/products?<query>` asks for (`query` without `?`); a bad parameter
/// is the API's 400.
pub fn listing_query(query: &str) -> Result<ProductQuery, ApiError> {
    let params = web::Query::<ListParams>::from_query(query)
        .map_err(|e| ApiError::bad_request("invalid_query", e.to_string()))?
        .into_inner();
    params.into_query(ListParams::DEFAULT_LIMIT)
}

/// `GET /api/products`: a page of products with the facets of its scope.
pub fn listing(snapshot: &CatalogSnapshot, query: &ProductQuery) -> ListingDto {
    ListingDto::from(&query::list(snapshot, query))
}

/// `GET /api/products/{idOrSlug}`.
pub fn product(snapshot: &CatalogSnapshot, id_or_slug: &str) -> Result<Envelope<ProductDto>, ApiError> {
    let product = snapshot.product(id_or_slug).ok_or_else(|| ApiError::not_found("Product not found"))?;
    Ok(data(ProductDto::from(product.as_ref())))
}

/// `GET /api/company-details`.
pub fn company(details: &CompanyDetails) -> Envelope<CompanyDto> {
    data(CompanyDto::from(details))
}

/// `GET /api/legal-pages`: every legal page the owner saved.
pub fn legal_pages(pages: &[LegalPage]) -> Envelope<Vec<LegalPageDto>> {
    data(pages.iter().map(LegalPageDto::from).collect())
}
