use actix_web::{web, HttpRequest, HttpResponse};
use serde::Serialize;

use crate::auth::CurrentUser;
use crate::dto::user::{LoginRequest, RegisterRequest, UserData, UserDto};
use crate::dto::{data, data_with_message};
use crate::error::{blocking, ApiError};
use crate::ratelimit::Action;
use crate::state::AppState;
#[allow(unused_imports)]
use crate::dto::{docs::*, Envelope, MessageOnly};

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(web::resource("/auth/register").post(register))
        .service(web::resource("/auth/login").post(login))
        .service(web::resource("/auth/me").get(me));
}

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
        (status = 429, description = "Too many requests: wait Retry-After seconds", body = ErrorBody, headers(("Retry-After" = u64, description = "Seconds to wait")))
    )
)]
async fn register(req: HttpRequest, state: web::Data<AppState>, body: web::Json<RegisterRequest>) -> Result<HttpResponse, ApiError> {
    state.limits.check(Action::Register, &state.limits.client_ip(&req))?;
    let accounts = state.accounts.clone();
    let user = blocking(move || accounts.register(body.into_inner().into())).await?;
    let token = state.jwt.issue(&user.id).map_err(ApiError::internal)?;
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
    state.limits.check(Action::SignInByAddress, &state.limits.client_ip(&req))?;
    let LoginRequest { identifier, email, password } = body.into_inner();
    let identifier = identifier.or(email).unwrap_or_default();
    state.limits.check(Action::SignInByAccount, identifier.trim())?;
    let password = password.unwrap_or_default();
    let accounts = state.accounts.clone();
    let user = blocking(move || accounts.login(&identifier, &password)).await?;
    let token = state.jwt.issue(&user.id).map_err(ApiError::internal)?;
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
