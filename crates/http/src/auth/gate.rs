//! Who asks is answered before what they ask.
//!
//! Actix reads a handler's arguments together, and the session is a database read: a body,
//! query or path that failed to parse answered 400 while that read was still pending, so a
//! shopper calling a back-office route was told how its body is shaped instead of "not
//! yours". This middleware reads the session first, on every route the API document marks
//! with the bearer scheme (see `openapi.rs`), and leaves it in the request; the extractors
//! (each handler's first argument after the state) then find it ready and answer 401 or 403
//! before any other argument is read. Public routes, and calls without a token, skip it, so
//! catalogue reads do no extra work.

use actix_web::body::{BoxBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::middleware::Next;
use actix_web::{Error, HttpMessage};

use super::extract::{bearer_token, read_session, CurrentSession};
use crate::error::ApiError;

/// The session read for this request, by [`resolve_session`].
#[derive(Clone)]
pub(crate) struct ResolvedSession(pub(crate) Result<CurrentSession, ApiError>);

/// The middleware; see the module's documentation.
pub async fn resolve_session(req: ServiceRequest, next: Next<impl MessageBody + 'static>) -> Result<ServiceResponse<BoxBody>, Error> {
    let guarded = bearer_token(req.request()).is_some()
        && req.match_pattern().is_some_and(|pattern| crate::openapi::needs_sign_in(req.method(), &pattern));
    if guarded {
        let session = read_session(req.request().clone()).await;
        req.extensions_mut().insert(ResolvedSession(session));
    }
    next.call(req).await.map(ServiceResponse::map_into_boxed_body)
}
