//! CORS: same-origin by default; origins in SHOP_CORS_ORIGINS may call the API from a
//! browser. The allowed origin is echoed (never `*`), no credentials are allowed (the API
//! uses bearer tokens, not cookies), and a preflight from an allowed origin is answered
//! here. An origin not on the list gets no CORS headers, so the browser keeps its answer
//! from the page that asked.

use std::future::{ready, Future, Ready};
use std::pin::Pin;
use std::rc::Rc;
use std::sync::Arc;

use actix_web::body::{EitherBody, MessageBody};
use actix_web::dev::{Service, ServiceRequest, ServiceResponse, Transform};
use actix_web::http::header::{self, HeaderValue};
use actix_web::http::Method;
use actix_web::HttpResponse;

const ALLOWED_METHODS: &str = "GET, POST, PUT, DELETE";
const ALLOWED_HEADERS: &str = "Authorization, Content-Type, Idempotency-Key";

#[derive(Clone)]
pub struct Cors {
    origins: Arc<Vec<String>>,
}

impl Cors {
    pub fn new(origins: Vec<String>) -> Self {
        // `*` would let any site read answers: refused here whatever the configuration says.
        let origins = origins.into_iter().filter(|o| o != "*" && o != "null").collect();
        Cors { origins: Arc::new(origins) }
    }
}

impl<S, B> Transform<S, ServiceRequest> for Cors
where
    S: Service<ServiceRequest, Response = ServiceResponse<B>, Error = actix_web::Error> + 'static,
    B: MessageBody + 'static,
{
    type Response = ServiceResponse<EitherBody<B>>;
    type Error = actix_web::Error;
    type Transform = CorsMiddleware<S>;
    type InitError = ();
    type Future = Ready<Result<Self::Transform, Self::InitError>>;

    fn new_transform(&self, service: S) -> Self::Future {
        ready(Ok(CorsMiddleware { service: Rc::new(service), origins: self.origins.clone() }))
    }
}

pub struct CorsMiddleware<S> {
    service: Rc<S>,
    origins: Arc<Vec<String>>,
}

impl<S, B> Service<ServiceRequest> for CorsMiddleware<S>
where
    S: Service<ServiceRequest, Response = ServiceResponse<B>, Error = actix_web::Error> + 'static,
    B: MessageBody + 'static,
{
    type Response = ServiceResponse<EitherBody<B>>;
    type Error = actix_web::Error;
    type Future = Pin<Box<dyn Future<Output = Result<Self::Response, Self::Error>>>>;

    actix_web::dev::forward_ready!(service);

    fn call(&self, req: ServiceRequest) -> Self::Future {
        let allowed = req
            .headers()
            .get(header::ORIGIN)
            .and_then(|o| o.to_str().ok())
            .filter(|o| self.origins.iter().any(|a| a.eq_ignore_ascii_case(o)))
            .and_then(|o| HeaderValue::from_str(o).ok());
        let preflight = req.method() == Method::OPTIONS && req.headers().contains_key(header::ACCESS_CONTROL_REQUEST_METHOD);
        if let (Some(origin), true) = (allowed.clone(), preflight) {
            let response = HttpResponse::NoContent()
                .insert_header((header::ACCESS_CONTROL_ALLOW_ORIGIN, origin))
                .insert_header((header::ACCESS_CONTROL_ALLOW_METHODS, ALLOWED_METHODS))
                .insert_header((header::ACCESS_CONTROL_ALLOW_HEADERS, ALLOWED_HEADERS))
                .insert_header((header::ACCESS_CONTROL_MAX_AGE, "600"))
                .insert_header((header::VARY, "Origin"))
                .finish();
            return Box::pin(ready(Ok(req.into_response(response).map_into_right_body())));
        }
        let service = self.service.clone();
        Box::pin(async move {
            let mut res = service.call(req).await?;
            let headers = res.headers_mut();
            // One Vary header listing everything the answer depends on.
            let vary = match headers.get(header::VARY).and_then(|v| v.to_str().ok()) {
                Some(existing) if !existing.to_ascii_lowercase().contains("origin") => format!("{existing}, Origin"),
                Some(existing) => existing.to_string(),
                None => "Origin".to_string(),
            };
            if let Ok(value) = HeaderValue::from_str(&vary) {
                headers.insert(header::VARY, value);
            }
            if let Some(origin) = allowed {
                headers.insert(header::ACCESS_CONTROL_ALLOW_ORIGIN, origin);
                headers.insert(header::ACCESS_CONTROL_EXPOSE_HEADERS, HeaderValue::from_static("Retry-After"));
            }
            Ok(res.map_into_left_body())
        })
    }
}
