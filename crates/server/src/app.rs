use std::path::PathBuf;

use actix_web::body::MessageBody;
use actix_web::dev::{ServiceFactory, ServiceRequest, ServiceResponse};
use actix_web::dev::Service;
use actix_web::http::{header, ConnectionType, Method, StatusCode};
use actix_web::middleware::{DefaultHeaders, ErrorHandlerResponse, ErrorHandlers};
use actix_web::{web, App};
use http::{ApiError, AppState};

/// Where the shop's files live.
#[derive(Clone)]
pub struct Paths {
    /// The uploads' storage (`/uploads/...` serves from it).
    pub uploads: std::sync::Arc<dyn media::Blobs>,
    /// The built web app; `None` or a folder without index.html serves the API only.
    pub static_dir: Option<PathBuf>,
    /// SHOP_PUBLIC_URL: the address pages give as their canonical URL, in link previews and
    /// in the sitemap (never a request's own `Host`, which a client chooses).
    pub public_url: String,
}

/// Browser-facing security settings.
#[derive(Clone, Debug, Default)]
pub struct WebSecurity {
    /// SHOP_CORS_ORIGINS: other origins (`https://admin.example.in`) whose pages may call the
    /// API. Empty: same-origin only. Never `*`.
    pub cors_origins: Vec<String>,
    /// SHOP_HSTS=1: the shop is served over HTTPS (behind a proxy): tell browsers to stay on it.
    pub hsts: bool,
    /// The origin of SHOP_UPLOADS_PUBLIC_URL, when uploads are served from a CDN: the
    /// Content-Security-Policy lets pages load images from it.
    pub images_from: Option<String>,
    /// How long a request body may stop arriving before the request gets a 408 and the
    /// connection closes; `None`: [`BODY_IDLE`].
    pub body_idle: Option<std::time::Duration>,
}

/// A request body that stops arriving for this long is given up (nginx's `client_body_timeout`
/// waits 60 s; a phone on a weak connection sends more often than this).
pub const BODY_IDLE: std::time::Duration = std::time::Duration::from_secs(20);

/// Only the shop's own origin: scripts, styles (plus inline styles, which MUI/emotion
/// inject), images (plus data: and blob: previews), API calls; no framing, no plugins.
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; \
img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'self'; \
form-action 'self'; frame-ancestors 'none'";

/// [`CONTENT_SECURITY_POLICY`] with the CDN's origin among the image sources.
pub fn content_security_policy(images_from: Option<&str>) -> String {
    match images_from {
        Some(origin) => CONTENT_SECURITY_POLICY.replacen("img-src 'self'", &format!("img-src 'self' {origin}"), 1),
        None => CONTENT_SECURITY_POLICY.to_owned(),
    }
}

pub const HSTS: &str = "max-age=31536000; includeSubDomains";

/// The whole application: API, uploads, the web app with its client-side routes.
pub fn make_app(
    state: AppState,
    paths: Paths,
    security: WebSecurity,
) -> App<
    impl ServiceFactory<
        ServiceRequest,
        Config = (),
        Response = ServiceResponse<impl MessageBody>,
        Error = actix_web::Error,
        InitError = (),
    >,
> {
    let web_app = paths.static_dir.filter(|dir| dir.join("index.html").is_file());
    let body_idle = security.body_idle.unwrap_or(BODY_IDLE);
    let mut app = App::new()
        .app_data(web::Data::new(state))
        // A body that stops arriving: 408 and the connection closes (see `slow_body`).
        .wrap_fn(move |mut req, srv| {
            let stalled = crate::slow_body::watch(&mut req, body_idle);
            let answer = srv.call(req);
            async move {
                let answer = answer.await;
                if !stalled.is_some_and(|flag| flag.get()) {
                    return answer.map(ServiceResponse::map_into_left_body);
                }
                // Whoever read the body answered its error in their own words: the answer is a 408.
                let error = ApiError::new(StatusCode::REQUEST_TIMEOUT, "request_timeout", crate::slow_body::MESSAGE);
                let mut response = actix_web::ResponseError::error_response(&error);
                response.head_mut().set_connection_type(ConnectionType::Close);
                match answer {
                    Ok(res) => Ok(ServiceResponse::new(res.into_parts().0, response).map_into_right_body()),
                    Err(_) => Err(actix_web::error::InternalError::from_response(crate::slow_body::MESSAGE, response).into()),
                }
            }
        })
        // HEAD is answered wherever GET is (RFC 9110, 9.3.2): routed as a GET, and actix sends
        // the headers without the body because the request it read was a HEAD.
        .wrap_fn(|mut req, srv| {
            if req.method() == Method::HEAD {
                req.head_mut().method = Method::GET;
            }
            srv.call(req)
        })
        // The one compression rule (see `http::cache`): gzip or brotli for every answer the
        // client accepts compressed, except answers that already carry a Content-Encoding
        // (the cached catalogue answers' gzip copies), which pass as they are. Raster
        // images are left alone by Compress itself (by their content type).
        .wrap(actix_web::middleware::Compress::default())
        .wrap(ErrorHandlers::new().default_handler(json_error_body))
        .wrap(crate::cors::cors(&security.cors_origins))
        // Outside CORS, so its own refusals (a preflight from a foreign origin) carry them too.
        .wrap(
            DefaultHeaders::new()
                .add((header::X_CONTENT_TYPE_OPTIONS, "nosniff"))
                .add((header::REFERRER_POLICY, "strict-origin-when-cross-origin"))
                .add((header::X_FRAME_OPTIONS, "DENY"))
                // Uploaded SVGs keep their own, stricter policy (DefaultHeaders never overwrites).
                .add((header::CONTENT_SECURITY_POLICY, content_security_policy(security.images_from.as_deref()))),
        )
        .wrap(actix_web::middleware::Condition::new(
            security.hsts,
            DefaultHeaders::new().add((header::STRICT_TRANSPORT_SECURITY, HSTS)),
        ))
        .wrap(tracing_actix_web::TracingLogger::default())
        .app_data(web::Data::new(crate::uploads::UploadsStore(paths.uploads.clone())))
        .configure(http::config)
        .configure(crate::uploads::routes);
    if let Some(dir) = web_app {
        // The storefront's pages and the web app's files (crate `web`): last, as every other
        // path is a client route.
        app = app.configure(::web::routes(dir, &paths.public_url));
    }
    app
}

/// A storefront GET the web app's file server answered with its own plain-text 400 or 404
/// (a path segment no file name can have, a folder): a page address, not a file.
fn refused_by_the_file_server<B>(res: &ServiceResponse<B>) -> bool {
    let path = res.request().path();
    let plain = res.headers().get(header::CONTENT_TYPE).is_none_or(|v| v.as_bytes().starts_with(b"text/plain"));
    res.request().method() == Method::GET
        && matches!(res.status().as_u16(), 400 | 404)
        && plain
        && !["/uploads/", "/assets/"].iter().any(|prefix| path.starts_with(prefix))
}

/// Every error answer under `/api` is JSON, including those actix makes itself
/// (405 Method Not Allowed, 404 from a resource, extractor failures in plain text).
fn json_error_body<B: MessageBody + 'static>(
    res: ServiceResponse<B>,
) -> actix_web::Result<ErrorHandlerResponse<B>> {
    let is_api = res.request().path().starts_with("/api");
    let is_json = res
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/json"));
    if !is_api && refused_by_the_file_server(&res) {
        let req = res.request().clone();
        return Ok(ErrorHandlerResponse::Future(Box::pin(async move {
            Ok(match ::web::page_for(req.clone()).await {
                Some(page) => ServiceResponse::new(req, page).map_into_right_body(),
                None => res.map_into_left_body(),
            })
        })));
    }
    if !is_api || is_json {
        return Ok(ErrorHandlerResponse::Response(res.map_into_left_body()));
    }
    let status = res.status();
    let message = match status.as_u16() {
        404 => "No such API endpoint",
        405 => "This method is not allowed here",
        413 => "The request body is too large",
        415 => "Unsupported content type",
        s if s >= 500 => "Something went wrong. Please try again.",
        _ => "The request could not be processed",
    };
    // (A wrong method on an API path is answered by the API itself, with `Allow`: see
    // `http::handlers::not_found`.)
    let error = ApiError::new(status, "http_error", message);
    let (req, _) = res.into_parts();
    let response = actix_web::ResponseError::error_response(&error);
    Ok(ErrorHandlerResponse::Response(ServiceResponse::new(req, response).map_into_right_body()))
}
