use actix_web::{get, post, web, HttpRequest, HttpResponse};
use utoipa_actix_web::service_config::ServiceConfig;
use serde::Serialize;

use crate::auth::{CurrentSession, CurrentUser};
use crate::dto::user::{ForgotPasswordRequest, LoginRequest, RegisterRequest, ResetLinkAnswer, ResetLinkRequest, ResetPasswordRequest, UserData, UserDto};
use crate::dto::{data, data_with_message};
use crate::error::{ApiError, ErrorBody};
use super::{created, ok};
use crate::ratelimit::{limit, Action};
use crate::state::AppState;
use crate::dto::{Envelope, MessageOnly};
use crate::openapi::responses::{Conflict, JsonBody, Throttled, Unauthorized};
use kernel::UserId;

pub fn routes(cfg: &mut ServiceConfig) {
    cfg.service(register)
        .service(login)
        .service(me)
        .service(logout)
        .service(logout_all)
        .service(forgot_password)
        .service(reset_password)
        .service(reset_link);
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
    tag = "auth",
    request_body = RegisterRequest,
    responses(
        (status = 201, description = "Account created and signed in", body = Envelope<Session>),
        JsonBody,
        Conflict,
        (status = 422, description = "A field breaks its rule (`invalid_value`: an e-mail's parts, a name, a mobile number, a date of birth), or the password is too easy to guess (`weak_password`)", body = ErrorBody),
        Throttled
    )
)]
#[post("/auth/register", wrap = "limit(Action::Register)")]
async fn register(state: web::Data<AppState>, body: web::Json<RegisterRequest>) -> Result<HttpResponse, ApiError> {
    let user = state.run(move |s| s.accounts.register(body.into_inner().into())).await?;
    let token = state.token(&user)?;
    created(data_with_message(Session { token, user: user.into() }, "Account created successfully"))
}

#[utoipa::path(
    tag = "auth",
    request_body = LoginRequest,
    responses(
        (status = 200, description = "Signed in", body = LoginAnswer),
        JsonBody,
        (status = 401, description = "Wrong identifier or password", body = ErrorBody),
        (status = 422, description = "No identifier or password (`invalid_value`)", body = ErrorBody),
        Throttled
    )
)]
#[post("/auth/login")]
async fn login(req: HttpRequest, state: web::Data<AppState>, body: web::Json<LoginRequest>) -> Result<HttpResponse, ApiError> {
    let address = state.limits.client_ip(&req);
    let LoginRequest { identifier, email, password } = body.into_inner();
    let identifier = identifier.or(email).unwrap_or_default();
    let password = password.unwrap_or_default();
    // Sign-ins per address, and failures per account (or unknown identifier) and address, are
    // counted by the accounts' throttle: the one sign-in throttle.
    let user = state.run(move |s| s.accounts.login(&identifier, &password, &address)).await?;
    let token = state.token(&user)?;
    let message = format!("Welcome back, {}!", user.username);
    ok(LoginAnswer { token, user: user.into(), message })
}

#[utoipa::path(
    tag = "auth",
    responses((status = 200, description = "The signed-in user", body = Envelope<UserData>), Unauthorized)
)]
#[get("/auth/me")]
async fn me(CurrentUser(user): CurrentUser) -> HttpResponse {
    HttpResponse::Ok().json(data(UserData { user: user.into() }))
}

#[utoipa::path(
    tag = "auth",
    responses((status = 200, description = "This token no longer works", body = MessageOnly), Unauthorized)
)]
#[post("/auth/logout")]
async fn logout(state: web::Data<AppState>, session: CurrentSession) -> Result<HttpResponse, ApiError> {
    state.run(move |s| s.accounts.sign_out(&session.claims)).await?;
    ok(MessageOnly::new("Signed out"))
}

#[utoipa::path(
    tag = "auth",
    responses(
        (status = 200, description = "Every token of the account, this one included, no longer works", body = MessageOnly),
        Unauthorized
    )
)]
#[post("/auth/logout-all")]
async fn logout_all(state: web::Data<AppState>, CurrentUser(user): CurrentUser) -> Result<HttpResponse, ApiError> {
    state.run(move |s| s.accounts.sign_out_everywhere(&UserId::new(user.id))).await?;
    ok(MessageOnly::new("Signed out of all devices"))
}

#[utoipa::path(
    tag = "auth",
    request_body = ForgotPasswordRequest,
    responses(
        (status = 202, description = "The same answer whether or not an account has this address; when one has, a reset link is e-mailed to it", body = MessageOnly),
        JsonBody,
        (status = 422, description = "Not an e-mail address (`invalid_value`)", body = ErrorBody),
        Throttled
    )
)]
#[post("/auth/forgot-password", wrap = "limit(Action::PasswordReset)")]
async fn forgot_password(
    state: web::Data<AppState>,
    body: web::Json<ForgotPasswordRequest>,
) -> Result<HttpResponse, ApiError> {
    let email = accounts::email_field(&body.into_inner().email)?.into_string();
    // Looking the account up, storing the token and sending the e-mail happen after the
    // answer, so neither its body nor its timing tells whether the account exists.
    let state = state.into_inner();
    actix_web::rt::spawn(async move {
        if let Err(e) = state.run(move |s| s.accounts.request_password_reset(&email)).await {
            tracing::warn!(error = %e, "password reset request failed");
        }
    });
    Ok(HttpResponse::Accepted().json(MessageOnly::new(RESET_REQUESTED)))
}

#[utoipa::path(
    tag = "auth",
    request_body = ResetPasswordRequest,
    responses(
        (status = 200, description = "Password changed; every session of the account has ended", body = MessageOnly),
        JsonBody,
        (status = 422, description = "The link is invalid or has expired (`invalid_reset_token`), the new password breaks its rule (`invalid_value`) or is too easy to guess (`weak_password`)", body = ErrorBody),
        Throttled
    )
)]
#[post("/auth/reset-password", wrap = "limit(Action::PasswordReset)")]
async fn reset_password(
    state: web::Data<AppState>,
    body: web::Json<ResetPasswordRequest>,
) -> Result<HttpResponse, ApiError> {
    let ResetPasswordRequest { token, new_password } = body.into_inner();
    state.run(move |s| s.accounts.reset_password(&token.unwrap_or_default(), &new_password.unwrap_or_default())).await?;
    ok(MessageOnly::new(PASSWORD_RESET_DONE))
}

#[utoipa::path(
    tag = "auth",
    request_body = ResetLinkRequest,
    responses(
        (status = 200, description = "Whether the e-mailed link can still set a password (asking uses nothing up), so the page can say so before a password is typed", body = ResetLinkAnswer),
        JsonBody,
        Throttled
    )
)]
#[post("/auth/reset-password/check", wrap = "limit(Action::PasswordReset)")]
async fn reset_link(state: web::Data<AppState>, body: web::Json<ResetLinkRequest>) -> Result<HttpResponse, ApiError> {
    let token = body.into_inner().token.unwrap_or_default();
    let valid = state.run(move |s| s.accounts.reset_link_valid(&token)).await?;
    ok(ResetLinkAnswer { valid })
}
