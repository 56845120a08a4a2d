use actix_web::{put, web, HttpRequest, HttpResponse};
use utoipa_actix_web::service_config::ServiceConfig;

use crate::auth::CurrentUser;
use crate::dto::data_with_message;
use crate::dto::user::{ChangePasswordRequest, PasswordChanged, ProfileRequest, UserData};
use crate::error::{ApiError, ErrorBody};
use super::ok;
use crate::ratelimit::Action;
use crate::state::AppState;
use crate::dto::Envelope;
use crate::openapi::responses::{Conflict, JsonBody, Throttled, Unauthorized};
use kernel::UserId;

pub fn routes(cfg: &mut ServiceConfig) {
    cfg.service(update_profile).service(change_password);
}

#[utoipa::path(
    tag = "users",
    request_body = ProfileRequest,
    responses(
        (status = 200, description = "Profile saved", body = Envelope<UserData>),
        JsonBody,
        Unauthorized,
        Conflict,
        (status = 422, description = "A field breaks its rule (`invalid_value`), e.g. a name, a mobile number, a date of birth, or a changed e-mail", body = ErrorBody),
        (status = 429, description = "Too many username changes: wait Retry-After seconds", body = ErrorBody, headers(("Retry-After" = u64, description = "Seconds to wait")))
    )
)]
#[put("/users/profile")]
async fn update_profile(
    req: HttpRequest,
    state: web::Data<AppState>,
    CurrentUser(user): CurrentUser,
    body: web::Json<ProfileRequest>,
) -> Result<HttpResponse, ApiError> {
    // A new username answers whether it is taken, like registration: the same limit, the
    // same bucket, so the two together cannot probe faster than either alone.
    let renaming = body.username.as_deref().is_some_and(|u| !u.trim().eq_ignore_ascii_case(&user.username));
    if renaming {
        state.limits.check(Action::Register, &state.limits.client_ip(&req))?;
    }
    let updated = state.run(move |s| s.accounts.update_profile(&UserId::new(user.id), body.into_inner().into())).await?;
    ok(data_with_message(UserData { user: updated.into() }, "Profile updated"))
}

#[utoipa::path(
    tag = "users",
    request_body = ChangePasswordRequest,
    responses(
        (status = 200, description = "Password changed; every earlier session has ended and `token` starts a new one", body = PasswordChanged),
        JsonBody,
        Unauthorized,
        (status = 422, description = "The current password is wrong (`wrong_current_password`), the new one breaks its rule (`invalid_value`) or is too easy to guess (`weak_password`)", body = ErrorBody),
        Throttled
    )
)]
#[put("/users/change-password")]
async fn change_password(
    state: web::Data<AppState>,
    CurrentUser(user): CurrentUser,
    body: web::Json<ChangePasswordRequest>,
) -> Result<HttpResponse, ApiError> {
    let ChangePasswordRequest { current_password, new_password } = body.into_inner();
    let (current, new) = (current_password.unwrap_or_default(), new_password.unwrap_or_default());
    let user = state.run(move |s| s.accounts.change_password(&UserId::new(user.id), &current, &new)).await?;
    // Every earlier token has ended, this caller's too: it gets a token of the new generation.
    let token = state.token(&user)?;
    ok(PasswordChanged { message: "Password changed successfully".into(), token })
}
