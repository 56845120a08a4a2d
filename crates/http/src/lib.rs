//! The actix-web adapter: the JSON API. [`config`] wires every route under `/api`; each handler file is
//! one use case; [`error::ApiError`] is the one place where a domain error becomes a
//! status code and a JSON body.

pub mod answers;
pub mod audit;
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
    cfg.service(api());
}

/// The `/api` scope: every route of the JSON API, each declared once, on its handler
/// (`#[utoipa::path]` over the actix route macro), which both registers it and documents it.
/// [`openapi::document`] is collected from this same scope.
pub(crate) fn api() -> utoipa_actix_web::scope::Scope<
    impl actix_web::dev::ServiceFactory<
        actix_web::dev::ServiceRequest,
        Config = (),
        Response = actix_web::dev::ServiceResponse,
        Error = actix_web::Error,
        InitError = (),
    >,
> {
    utoipa_actix_web::scope(API_PREFIX)
        // Records every successful admin write in the audit log (see `audit`).
        .wrap(actix_web::middleware::from_fn(audit::record))
        // Reads the caller's session before a guarded route reads its request (see `gate`).
        .wrap(actix_web::middleware::from_fn(auth::gate::resolve_session))
        .app_data(limits::json_config())
        .app_data(limits::query_config())
        .app_data(limits::path_config())
        .configure(handlers::health::routes)
        .configure(handlers::auth::routes)
        .configure(handlers::users::routes)
        .configure(handlers::categories::routes)
        .configure(handlers::products::routes)
        .configure(handlers::admin_products::routes)
        .configure(handlers::catalog_csv::routes)
        .configure(handlers::content::routes)
        .configure(handlers::search::routes)
        .configure(handlers::addresses::routes)
        .configure(handlers::cart::routes)
        .configure(handlers::wishlist::routes)
        .configure(handlers::orders_csv::routes)
        .configure(handlers::orders::routes)
        .configure(handlers::returns::routes)
        .configure(handlers::reports::routes)
        .configure(handlers::cod::routes)
        .configure(handlers::tax::routes)
        .configure(handlers::customers::routes)
        .configure(handlers::audit_log::routes)
        .default_service(web::to(handlers::not_found))
}
