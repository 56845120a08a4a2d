use actix_web::{web, HttpRequest, HttpResponse};
use serde::Serialize;

use crate::auth::{CurrentSession, CurrentUser};
use crate::dto::user::{ForgotPasswordRequest, LoginRequest, RegisterRequest, ResetPasswordRequest, UserData, UserDto};
use crate::dto::{data, data_with_message};
use crate::error::{blocking, ApiError};
use crate::ratelimit::{limit, Action};
use crate::state::AppState;
#[allow(unused_imports)]
use crate::dto::{docs::*, Envelope, MessageOnly};
use kernel::UserId;

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(web::resource("/auth/register").wrap(limit(Action::Register)).post(register))
        .service(web::resource("/auth/login").post(login))
        .service(web::resource("/auth/me").get(me))
        .service(web::resource("/auth/logout").post(logout))
        .service(web::resource("/auth/logout-all").post(logout_all))
        .service(web::resource("/auth/forgot-password").wrap(limit(Action::PasswordReset)).post(forgot_password))
        .service(web::resource("/auth/reset-password").wrap(limit(Action::PasswordReset)).post(reset_password));
}

/// The one answer to a reset request, whether or not an account has the address.
pub const RESET_REQUESTED: &str =
    "If an account uses this email address, we have sent it a link to reset the password. The link works for 30 minutes.";
pub const PASSWORD_RESET_DONE: &str = "Your password has been changed. Please sign in with your new password.";

#[derive(Serialize, utoipa::ToSchema)]
pub struct Session {
    token: String,
    user: UserDto,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct LoginAnswer {
    token: String,
    user: UserDto,
    message: String,
}

#[utoipa::path(
    post,
    path = "/api/auth/register",
    tag = "auth",
    request_body = RegisterRequest,
    security(()),
    responses(
        (status = 201, description = "Account created and signed in", body = Envelope<Session>),
        (status = 400, description = "Invalid input", body = ErrorBody),
        (status = 409, description = "Conflicts with the current state", body = ErrorBody),
        (status = 413, description = "Body or file too large", body = ErrorBody),
        (status = 415, description = "Wrong content type", body = ErrorBody),
        (status = 422, description = "The password is too easy to guess", body = ErrorBody),
        (status = 429, description = "Too many requests: wait Retry-After seconds", body = ErrorBody, headers(("Retry-After" = u64, description = "Seconds to wait")))
    )
)]
async fn register(state: web::Data<AppState>, body: web::Json<RegisterRequest>) -> Result<HttpResponse, ApiError> {
    let accounts = state.accounts.clone();
    let user = blocking(move || accounts.register(body.into_inner().into())).await?;
    let token = state.jwt.issue(&user).map_err(ApiError::internal)?;
    Ok(HttpResponse::Created().json(data_with_message(
        Session { token, user: user.into() },
        "Account created successfully",
    )))
}

#[utoipa::path(
    post,
    path = "/api/auth/login",
    tag = "auth",
    request_body = LoginRequest,
    security(()),
    responses(
        (status = 200, description = "Signed in", body = LoginAnswer),
        (status = 400, description = "Invalid input", body = ErrorBody),
        (status = 401, description = "Not signed in, or the session has expired", body = ErrorBody),
        (status = 413, description = "Body or file too large", body = ErrorBody),
        (status = 415, description = "Wrong content type", body = ErrorBody),
        (status = 429, description = "Too many requests: wait Retry-After seconds", body = ErrorBody, headers(("Retry-After" = u64, description = "Seconds to wait")))
    )
)]
async fn login(req: HttpRequest, state: web::Data<AppState>, body: web::Json<LoginRequest>) -> Result<HttpResponse, ApiError> {
    let address = state.limits.client_ip(&req);
    let LoginRequest { identifier, email, password } = body.into_inner();
    let identifier = identifier.or(email).unwrap_or_default();
    let password = password.unwrap_or_default();
    let accounts = state.accounts.clone();
    // Sign-ins per address, and failures per account (or unknown identifier) and address, are
    // counted by the accounts' throttle: the one sign-in throttle.
    let user = blocking(move || accounts.login(&identifier, &password, &address)).await?;
    let token = state.jwt.issue(&user).map_err(ApiError::internal)?;
    let message = format!("Welcome back, {}!", user.username);
    Ok(HttpResponse::Ok().json(LoginAnswer { token, user: user.into(), message }))
}

#[utoipa::path(
    get,
    path = "/api/auth/me",
    tag = "auth",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The signed-in user", body = Envelope<UserData>),
        (status = 401, description = "Not signed in, or the session has expired", body = ErrorBody)
    )
)]
async fn me(CurrentUser(user): CurrentUser) -> HttpResponse {
    HttpResponse::Ok().json(data(UserData { user: user.into() }))
}

#[utoipa::path(
    post,
    path = "/api/auth/logout",
    tag = "auth",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "This token no longer works", body = MessageOnly),
        (status = 401, description = "Not signed in, or the session has expired", body = ErrorBody)
    )
)]
async fn logout(state: web::Data<AppState>, session: CurrentSession) -> Result<HttpResponse, ApiError> {
    let accounts = state.accounts.clone();
    blocking(move || accounts.sign_out(&session.claims)).await?;
    Ok(HttpResponse::Ok().json(MessageOnly { message: "Signed out".into() }))
}

#[utoipa::path(
    post,
    path = "/api/auth/logout-all",
    tag = "auth",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "Every token of the account, this one included, no longer works", body = MessageOnly),
        (status = 401, description = "Not signed in, or the session has expired", body = ErrorBody)
    )
)]
async fn logout_all(state: web::Data<AppState>, CurrentUser(user): CurrentUser) -> Result<HttpResponse, ApiError> {
    let accounts = state.accounts.clone();
    blocking(move || accounts.sign_out_everywhere(&UserId::new(user.id))).await?;
    Ok(HttpResponse::Ok().json(MessageOnly { message: "Signed out of all devices".into() }))
}

#[utoipa::path(
    post,
    path = "/api/auth/forgot-password",
    tag = "auth",
    request_body = ForgotPasswordRequest,
    security(()),
    responses(
        (status = 202, description = "The same answer whether or not an account has this address; when one has, a reset link is e-mailed to it", body = MessageOnly),
        (status = 400, description = "Invalid input", body = ErrorBody),
        (status = 413, description = "Body or file too large", body = ErrorBody),
        (status = 415, description = "Wrong content type", body = ErrorBody),
        (status = 429, description = "Too many requests: wait Retry-After seconds", body = ErrorBody, headers(("Retry-After" = u64, description = "Seconds to wait")))
    )
)]
async fn forgot_password(
    state: web::Data<AppState>,
    body: web::Json<ForgotPasswordRequest>,
) -> Result<HttpResponse, ApiError> {
    let email = body.into_inner().email.unwrap_or_default();
    if email.trim().is_empty() {
        return Err(ApiError::bad_request("invalid_input", "Email is required"));
    }
    kernel::Email::parse(&email).map_err(|e| ApiError::bad_request("invalid_input", e.0))?;
    // Looking the account up, storing the token and sending the e-mail happen after the
    // answer, so neither its body nor its timing tells whether the account exists.
    let accounts = state.accounts.clone();
    actix_web::rt::spawn(async move {
        if let Err(e) = blocking(move || accounts.request_password_reset(&email)).await {
            tracing::warn!(error = %e, "password reset request failed");
        }
    });
    Ok(HttpResponse::Accepted().json(MessageOnly { message: RESET_REQUESTED.into() }))
}

#[utoipa::path(
    post,
    path = "/api/auth/reset-password",
    tag = "auth",
    request_body = ResetPasswordRequest,
    security(()),
    responses(
        (status = 200, description = "Password changed; every session of the account has ended", body = MessageOnly),
        (status = 400, description = "Invalid input, or the link is invalid or has expired (code invalid_reset_token)", body = ErrorBody),
        (status = 413, description = "Body or file too large", body = ErrorBody),
        (status = 415, description = "Wrong content type", body = ErrorBody),
        (status = 422, description = "The new password is too easy to guess", body = ErrorBody),
        (status = 429, description = "Too many requests: wait Retry-After seconds", body = ErrorBody, headers(("Retry-After" = u64, description = "Seconds to wait")))
    )
)]
async fn reset_password(
    state: web::Data<AppState>,
    body: web::Json<ResetPasswordRequest>,
) -> Result<HttpResponse, ApiError> {
    let ResetPasswordRequest { token, new_password } = body.into_inner();
    let accounts = state.accounts.clone();
    blocking(move || accounts.reset_password(&token.unwrap_or_default(), &new_password.unwrap_or_default())).await?;
    Ok(HttpResponse::Ok().json(MessageOnly { message: PASSWORD_RESET_DONE.into() }))
}
