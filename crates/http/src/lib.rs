//! The actix-web adapter: the JSON API. [`config`] wires every route under `/api`; each handler file is
//! one use case; [`error::ApiError`] is the one place where a domain error becomes a
//! status code and a JSON body.

pub mod answers;
pub mod auth;
pub mod cache;
pub mod dto;
pub mod error;
mod handlers;
pub mod limits;
pub mod multipart;
pub mod openapi;
pub mod ratelimit;
pub mod state;

use actix_web::web;

pub use error::ApiError;
pub use state::AppState;

/// Where the JSON API is mounted; every other path belongs to the web app.
pub const API_PREFIX: &str = "/api";

/// Registers every `/api` route, the OpenAPI document and its docs page, the JSON/path/query error handlers and the JSON 404.
pub fn config(cfg: &mut web::ServiceConfig) {
    // Before the `/api` scope, which would otherwise answer these paths with its 404.
    cfg.service(openapi::swagger_ui());
    cfg.service(
        web::scope(API_PREFIX)
            .app_data(limits::json_config())
            .app_data(limits::query_config())
            .app_data(limits::path_config())
            .configure(handlers::health::routes)
            .configure(handlers::auth::routes)
            .configure(handlers::users::routes)
            .configure(handlers::categories::routes)
            .configure(handlers::products::routes)
            .configure(handlers::content::routes)
            .configure(handlers::addresses::routes)
            .configure(handlers::cart::routes)
            .configure(handlers::wishlist::routes)
            .configure(handlers::orders::routes)
            .default_service(web::to(handlers::not_found)),
    );
}
