use actix_web::{web, HttpResponse};
use serde::Serialize;

use crate::auth::CurrentUser;
use crate::dto::user::{LoginRequest, RegisterRequest, UserData, UserDto};
use crate::dto::{data, data_with_message};
use crate::error::{blocking, ApiError};
use crate::state::AppState;

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(web::resource("/auth/register").post(register))
        .service(web::resource("/auth/login").post(login))
        .service(web::resource("/auth/me").get(me));
}

#[derive(Serialize)]
struct Session {
    token: String,
    user: UserDto,
}

#[derive(Serialize)]
struct LoginAnswer {
    token: String,
    user: UserDto,
    message: String,
}

async fn register(state: web::Data<AppState>, body: web::Json<RegisterRequest>) -> Result<HttpResponse, ApiError> {
    let accounts = state.accounts.clone();
    let user = blocking(move || accounts.register(body.into_inner().into())).await?;
    let token = state.jwt.issue(&user.id).map_err(ApiError::internal)?;
    Ok(HttpResponse::Created().json(data_with_message(
        Session { token, user: user.into() },
        "Account created successfully",
    )))
}

async fn login(state: web::Data<AppState>, body: web::Json<LoginRequest>) -> Result<HttpResponse, ApiError> {
    let LoginRequest { identifier, email, password } = body.into_inner();
    let identifier = identifier.or(email).unwrap_or_default();
    let password = password.unwrap_or_default();
    let accounts = state.accounts.clone();
    let user = blocking(move || accounts.login(&identifier, &password)).await?;
    let token = state.jwt.issue(&user.id).map_err(ApiError::internal)?;
    let message = format!("Welcome back, {}!", user.username);
    Ok(HttpResponse::Ok().json(LoginAnswer { token, user: user.into(), message }))
}

async fn me(CurrentUser(user): CurrentUser) -> HttpResponse {
    HttpResponse::Ok().json(data(UserData { user: user.into() }))
}
