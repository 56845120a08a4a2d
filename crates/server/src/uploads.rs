//! Serving uploaded images: only server-made names, the exact content type, no sniffing,
//! cached for a year (a name never changes content), SVG sandboxed. The files come from
//! the storage port (`media::Blobs`): from the local folder through `NamedFile` (ranges,
//! validators), from object storage as the stored bytes with the same headers.

use std::sync::Arc;

use actix_files::NamedFile;
use actix_web::http::header::{self, ContentType, HeaderValue};
use actix_web::{web, HttpRequest, HttpResponse};
use http::ApiError;
use media::Blobs;

/// Where `/uploads/...` reads from.
#[derive(Clone)]
pub struct UploadsStore(pub Arc<dyn Blobs>);

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(web::resource("/uploads/{name}").get(serve).head(serve))
        .service(web::resource("/uploads/{tail:.*}").to(not_found));
}

async fn not_found() -> ApiError {
    ApiError::not_found("No such file")
}

async fn serve(req: HttpRequest, name: web::Path<String>, store: web::Data<UploadsStore>) -> Result<HttpResponse, ApiError> {
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
    let blobs = store.0.clone();
    let mut response = match blobs.local_dir().map(|dir| dir.join(&name)) {
        Some(path) => {
            if !path.is_file() && kernel::thumbnail_source(&name).is_some() {
                // Images stored before thumbnails existed get theirs on first request.
                let thumb = name.clone();
                web::block(move || media::ensure_thumbnail(blobs.as_ref(), &thumb)).await.map_err(ApiError::internal)?;
            }
            let file = NamedFile::open(path).map_err(|_| ApiError::not_found("No such file"))?;
            file.set_content_type(content_type.parse().unwrap_or(ContentType::octet_stream().0))
                .disable_content_disposition()
                .into_response(&req)
        }
        None => {
            let wanted = name.clone();
            let bytes = web::block(move || {
                // One read on the common path; a missing thumbnail is made, then read.
                match blobs.get(&wanted)? {
                    None if kernel::thumbnail_source(&wanted).is_some() && media::ensure_thumbnail(blobs.as_ref(), &wanted) => {
                        blobs.get(&wanted)
                    }
                    found => Ok(found),
                }
            })
            .await
            .map_err(ApiError::internal)?
            .map_err(|e| {
                tracing::warn!(error = %e, file = %name, "upload not readable from the object store");
                ApiError::unavailable("The file store does not answer")
            })?
            .ok_or_else(|| ApiError::not_found("No such file"))?;
            let mut response = HttpResponse::Ok();
            response.insert_header((header::CONTENT_TYPE, content_type));
            // A name never changes content: the name is a strong validator.
            if let Ok(etag) = HeaderValue::from_str(&format!("\"{name}\"")) {
                if http::cache::not_modified(&req, &format!("\"{name}\"")) {
                    return Ok(with_file_headers(HttpResponse::NotModified().insert_header((header::ETAG, etag)).finish(), content_type));
                }
                response.insert_header((header::ETAG, etag));
            }
            // A HEAD comes here as a GET (see `app`): actix leaves the body out.
            response.body(bytes)
        }
    };
    response = with_file_headers(response, content_type);
    Ok(response)
}

fn with_file_headers(mut response: HttpResponse, content_type: &str) -> HttpResponse {
    let headers = response.headers_mut();
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("public, max-age=31536000, immutable"));
    headers.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    if content_type == "image/svg+xml" {
        headers.insert(
            header::CONTENT_SECURITY_POLICY,
            HeaderValue::from_static("default-src 'none'; style-src 'unsafe-inline'; sandbox"),
        );
    }
    response
}
