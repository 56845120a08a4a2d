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
pub mod products;
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

use crate::error::ApiError;

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

/// A tax document's PDF, named after its number (which has slashes: the file has hyphens).
pub(crate) fn tax_document_pdf(number: &str, pdf: Vec<u8>) -> HttpResponse {
    attachment("application/pdf", &format!("{}.pdf", number.replace('/', "-"))).body(pdf)
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
