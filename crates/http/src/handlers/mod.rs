//! One file per use-case group; each exposes `routes`.

pub mod addresses;
pub mod auth;
pub mod categories;
pub mod content;
pub mod health;
pub mod products;
pub mod cart;
pub mod orders;
pub mod users;
pub mod wishlist;

use crate::error::ApiError;

/// Unknown `/api` paths answer JSON, not an HTML page.
pub async fn not_found() -> Result<actix_web::HttpResponse, ApiError> {
    Err(ApiError::not_found("No such API endpoint"))
}
