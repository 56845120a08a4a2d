use std::future::Future;
use std::pin::Pin;

use accounts::{SessionClaims, User};
use actix_web::{dev::Payload, http::header, web, FromRequest, HttpMessage, HttpRequest};
use kernel::Role;

use crate::error::{blocking, ApiError};
use crate::state::AppState;

pub const SIGN_IN_REQUIRED: &str = "Please sign in to continue";
pub const SESSION_EXPIRED: &str = "Your session has expired. Please sign in again.";
pub const ADMIN_ONLY: &str = "Only the shop's administrators can do this";

/// A signed-in user, loaded fresh from the database: a deleted account, a changed role, an
/// ended session (password change, sign-out) takes effect on the very next request.
#[derive(Debug, Clone)]
pub struct CurrentUser(pub User);

/// The signed-in user and the checked claims of the token used (to end this session).
#[derive(Debug, Clone)]
pub struct CurrentSession {
    pub user: User,
    pub claims: SessionClaims,
}

/// A signed-in ADMIN; anyone else gets 401 (not signed in) or 403 (signed in, not admin).
#[derive(Debug, Clone)]
pub struct AdminUser(pub User);

pub(crate) fn bearer_token(req: &HttpRequest) -> Option<String> {
    let value = req.headers().get(header::AUTHORIZATION)?.to_str().ok()?;
    let (scheme, token) = value.trim().split_once(' ')?;
    scheme.eq_ignore_ascii_case("bearer").then(|| token.trim().to_string())
}

/// The caller's session: read once per request, by the gate (see `gate.rs`) on the routes
/// it guards, or here.
async fn load_session(req: HttpRequest) -> Result<CurrentSession, ApiError> {
    let resolved = req.extensions().get::<super::gate::ResolvedSession>().map(|r| r.0.clone());
    match resolved {
        Some(session) => session,
        None => read_session(req).await,
    }
}

/// Signature and expiry in memory, then ONE query: the account, its session generation
/// and whether this token was signed out.
pub(super) async fn read_session(req: HttpRequest) -> Result<CurrentSession, ApiError> {
    let state = req
        .app_data::<web::Data<AppState>>()
        .cloned()
        .ok_or_else(|| ApiError::internal("AppState is not registered"))?;
    let token = bearer_token(&req).ok_or_else(|| ApiError::unauthorized(SIGN_IN_REQUIRED))?;
    let claims = state.jwt.verify(&token).ok_or_else(|| ApiError::unauthorized(SESSION_EXPIRED))?;
    let accounts = state.accounts.clone();
    let checked = claims.clone();
    let user = blocking(move || accounts.authenticate(&checked))
        .await?
        .ok_or_else(|| ApiError::unauthorized(SESSION_EXPIRED))?;
    Ok(CurrentSession { user, claims })
}

type Extracted<T> = Pin<Box<dyn Future<Output = Result<T, ApiError>>>>;

impl FromRequest for CurrentSession {
    type Error = ApiError;
    type Future = Extracted<Self>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        Box::pin(load_session(req.clone()))
    }
}

impl FromRequest for CurrentUser {
    type Error = ApiError;
    type Future = Extracted<Self>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let req = req.clone();
        Box::pin(async move { load_session(req).await.map(|s| CurrentUser(s.user)) })
    }
}

impl FromRequest for AdminUser {
    type Error = ApiError;
    type Future = Extracted<Self>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let req = req.clone();
        Box::pin(async move {
            let user = load_session(req.clone()).await?.user;
            if user.role == Role::Admin {
                // Read by the audit log's recorder once the handler has answered.
                req.extensions_mut().insert(crate::audit::AuditActor {
                    id: user.id.clone(),
                    name: format!("{} {}", user.first_name, user.last_name).trim().to_string(),
                });
                Ok(AdminUser(user))
            } else {
                Err(ApiError::forbidden(ADMIN_ONLY))
            }
        })
    }
}
