//! Serving uploaded images: only server-made names, the exact content type, no sniffing,
//! cached for a year (a name never changes content), SVG sandboxed.

use std::path::PathBuf;

use actix_files::NamedFile;
use actix_web::http::header::{self, ContentType, HeaderValue};
use actix_web::{web, HttpRequest, HttpResponse};
use http::ApiError;

#[derive(Clone)]
pub struct UploadsDir(pub PathBuf);

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(web::resource("/uploads/{name}").get(serve).head(serve))
        .service(web::resource("/uploads/{tail:.*}").to(not_found));
}

async fn not_found() -> ApiError {
    ApiError::not_found("No such file")
}

async fn serve(req: HttpRequest, name: web::Path<String>, dir: web::Data<UploadsDir>) -> Result<HttpResponse, ApiError> {
    let name = name.into_inner();
    if !kernel::is_stored_name(&name) {
        return Err(ApiError::not_found("No such file"));
    }
    let content_type = match name.rsplit_once('.').map(|(_, ext)| ext) {
        Some("png") => "image/png",
        Some("jpg") => "image/jpeg",
        Some("webp") => "image/webp",
        Some("svg") => "image/svg+xml",
        _ => return Err(ApiError::not_found("No such file")),
    };
    let path = dir.0.join(&name);
    if !path.is_file() && kernel::thumbnail_source(&name).is_some() {
        // Images stored before thumbnails existed get theirs on first request.
        let folder = dir.0.clone();
        let thumb = name.clone();
        actix_web::web::block(move || media::ensure_thumbnail(&folder, &thumb)).await.map_err(ApiError::internal)?;
    }
    let file = NamedFile::open(path).map_err(|_| ApiError::not_found("No such file"))?;
    let mut response = file
        .set_content_type(content_type.parse().unwrap_or(ContentType::octet_stream().0))
        .disable_content_disposition()
        .into_response(&req);
    let headers = response.headers_mut();
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("public, max-age=31536000, immutable"));
    headers.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    if content_type == "image/svg+xml" {
        headers.insert(
            header::CONTENT_SECURITY_POLICY,
            HeaderValue::from_static("default-src 'none'; style-src 'unsafe-inline'; sandbox"),
        );
    }
    Ok(response)
}
