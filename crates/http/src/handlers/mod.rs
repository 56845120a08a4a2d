//! One file per use-case group; each exposes `routes`.

pub mod addresses;
pub mod admin_products;
pub mod catalog_csv;
pub mod audit_log;
pub mod customers;
pub mod auth;
pub mod categories;
pub mod content;
pub mod tax;
pub mod health;
mod id;
pub mod products;
mod query_string;
pub mod reports;
pub mod search;
pub mod cart;
pub mod cod;
pub mod orders;
pub mod orders_csv;
pub mod returns;
pub mod users;
pub mod wishlist;

use actix_web::http::header::{HeaderValue, ALLOW};
use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, ResponseError};

use kernel::UserId;

use actix_web::web;

use crate::error::ApiError;
use crate::state::AppState;

pub(crate) use id::Id;

/// 200 with `body` as JSON: how a handler answers.
pub(crate) fn ok(body: impl serde::Serialize) -> Result<HttpResponse, ApiError> {
    Ok(HttpResponse::Ok().json(body))
}

/// 201 with `body` as JSON: something new was made.
pub(crate) fn created(body: impl serde::Serialize) -> Result<HttpResponse, ApiError> {
    Ok(HttpResponse::Created().json(body))
}

/// A download the browser saves as `filename`. Nothing on the way keeps a copy: invoices,
/// exports and reports name customers.
pub(crate) fn attachment(content_type: &str, filename: &str) -> actix_web::HttpResponseBuilder {
    let mut response = HttpResponse::Ok();
    response
        .content_type(content_type)
        .insert_header(("Content-Disposition", format!("attachment; filename=\"{filename}\"")))
        .insert_header(("Cache-Control", "private, no-store"));
    response
}

/// A tax document's PDF for the caller: `print` finds it for the viewer (their own, or any for
/// an admin) and prints it. The file is named after the document's number (which has slashes:
/// the file has hyphens). Orders and returns differ only in the `print` they pass.
pub(crate) async fn tax_document_pdf<F>(state: &web::Data<AppState>, user: accounts::User, print: F) -> Result<HttpResponse, ApiError>
where
    F: FnOnce(&AppState, &UserId, bool) -> Result<(::orders::TaxDocument, Vec<u8>), ::orders::OrdersError> + Send + 'static,
{
    let admin = user.role == kernel::Role::Admin;
    let viewer = UserId::new(user.id);
    let (document, pdf) = state.run(move |s| print(s, &viewer, admin)).await?;
    Ok(attachment("application/pdf", &format!("{}.pdf", document.number.replace('/', "-"))).body(pdf))
}

/// What no route of the `/api` scope took: a path the API has, asked with another method, is a
/// JSON 405 naming the methods that would work in `Allow` (RFC 9110), read from the document,
/// which is collected from the routes themselves; any other path is a JSON 404.
pub async fn not_found(req: HttpRequest) -> Result<HttpResponse, ApiError> {
    let Some(allow) = crate::openapi::allowed_methods(req.path()) else {
        return Err(ApiError::not_found("No such API endpoint"));
    };
    let mut response =
        ApiError::new(StatusCode::METHOD_NOT_ALLOWED, "http_error", "This method is not allowed here").error_response();
    if let Ok(allow) = HeaderValue::from_str(&allow) {
        response.headers_mut().insert(ALLOW, allow);
    }
    Ok(response)
}
