//! Extractor settings: body size limits and JSON error bodies for every malformed request
//! (actix would otherwise answer in plain text).

use actix_web::error::{JsonPayloadError, PathError, QueryPayloadError};
use actix_web::http::StatusCode;
use actix_web::{web, HttpRequest};

use crate::error::ApiError;

/// The largest JSON body any route accepts; uploads have their own limits.
pub const JSON_LIMIT_BYTES: usize = 64 * 1024;

pub fn json_config() -> web::JsonConfig {
    web::JsonConfig::default()
        .limit(JSON_LIMIT_BYTES)
        .error_handler(|err, _req: &HttpRequest| json_error(&err).into())
}

fn json_error(err: &JsonPayloadError) -> ApiError {
    match err {
        JsonPayloadError::OverflowKnownLength { .. } | JsonPayloadError::Overflow { .. } => ApiError::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            "payload_too_large",
            "The request body is too large",
        ),
        JsonPayloadError::ContentType => ApiError::new(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "unsupported_media_type",
            "Send the request body as application/json",
        ),
        JsonPayloadError::Deserialize(e) => ApiError::bad_request("invalid_json", describe_json_error(e)),
        _ => ApiError::bad_request("invalid_json", "The request body could not be read"),
    }
}

/// A short, safe description of what is wrong with a JSON body.
fn describe_json_error(e: &serde_json::Error) -> String {
    use serde_json::error::Category;
    match e.classify() {
        Category::Data => {
            // serde's text names the field and expected type; strip the position suffix.
            let text = e.to_string();
            let text = text.split(" at line ").next().unwrap_or("").to_string();
            format!("Invalid request body: {text}")
        }
        Category::Syntax | Category::Eof => "The request body is not valid JSON".to_string(),
        Category::Io => "The request body could not be read".to_string(),
    }
}

pub fn query_config() -> web::QueryConfig {
    web::QueryConfig::default().error_handler(|err, _req| {
        let message = match &err {
            QueryPayloadError::Deserialize(e) => format!("Invalid query parameters: {e}"),
            _ => "Invalid query parameters".to_string(),
        };
        ApiError::bad_request("invalid_query", message).into()
    })
}

pub fn path_config() -> web::PathConfig {
    web::PathConfig::default().error_handler(|err, _req| {
        let message = match &err {
            PathError::Deserialize(e) => format!("Invalid path: {e}"),
            _ => "Invalid path".to_string(),
        };
        ApiError::bad_request("invalid_path", message).into()
    })
}
