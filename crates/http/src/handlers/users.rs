use actix_web::{web, HttpResponse};
use serde_json::json;

use crate::auth::CurrentUser;
use crate::dto::data_with_message;
use crate::dto::user::{ChangePasswordRequest, ProfileRequest, UserData};
use crate::error::{blocking, ApiError};
use crate::state::AppState;

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(web::resource("/users/profile").put(update_profile))
        .service(web::resource("/users/change-password").put(change_password));
}

async fn update_profile(
    state: web::Data<AppState>,
    CurrentUser(user): CurrentUser,
    body: web::Json<ProfileRequest>,
) -> Result<HttpResponse, ApiError> {
    let accounts = state.accounts.clone();
    let updated = blocking(move || accounts.update_profile(&user.id, body.into_inner().into())).await?;
    Ok(HttpResponse::Ok().json(data_with_message(UserData { user: updated.into() }, "Profile updated")))
}

async fn change_password(
    state: web::Data<AppState>,
    CurrentUser(user): CurrentUser,
    body: web::Json<ChangePasswordRequest>,
) -> Result<HttpResponse, ApiError> {
    let ChangePasswordRequest { current_password, new_password } = body.into_inner();
    let accounts = state.accounts.clone();
    blocking(move || {
        accounts.change_password(
            &user.id,
            current_password.as_deref().unwrap_or(""),
            new_password.as_deref().unwrap_or(""),
        )
    })
    .await?;
    Ok(HttpResponse::Ok().json(json!({ "message": "Password changed successfully" })))
}
