//! The catalogue: categories in a tree, products with variants and images, and the
//! read model (snapshot, listing, facets, search) every shopper page is served from.

pub mod error;
pub mod models;
pub mod bench;
pub mod ports;
pub mod query;
pub mod search;
pub mod service;
pub mod snapshot;
pub mod transfer;

pub use error::{CatalogError, Holds, Rule as CatalogRule};
pub use models::*;
pub use ports::{CatalogApi, CatalogRepository, CategoryDelete, CategoryInput, CategoryWrite, ParentChoice, ProductDelete, ProductInput, ProductWrite, SearchMiss, VariantPatch, VariantUpdate, VariantUpdated};
pub use search::Synonyms;
pub use service::{CatalogService, IMAGE_RULES, MAX_CATEGORY_IMAGES, MAX_PRODUCT_IMAGES, VARIANT_IN_OPEN_RETURNS, VARIANT_STOCK_CHANGED};
pub use snapshot::CatalogSnapshot;
