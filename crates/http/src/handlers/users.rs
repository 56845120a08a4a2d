use actix_web::{post, put, web, HttpRequest, HttpResponse};
use utoipa_actix_web::service_config::ServiceConfig;

use crate::auth::CurrentUser;
use crate::dto::{data_with_message, MessageOnly};
use crate::dto::user::{ChangePasswordRequest, DeleteAccountRequest, PasswordChanged, ProfileRequest, UserData};
use crate::error::{ApiError, ErrorBody};
use super::ok;
use crate::ratelimit::Action;
use crate::state::AppState;
use crate::dto::Envelope;
use crate::openapi::responses::{Conflict, JsonBody, Throttled, Unauthorized};
use kernel::UserId;

pub fn routes(cfg: &mut ServiceConfig) {
    cfg.service(update_profile).service(change_password).service(delete_account);
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

#[utoipa::path(
    tag = "users",
    request_body = DeleteAccountRequest,
    responses(
        (status = 200, description = "The account is deleted (Digital Personal Data Protection Act, 2023, section 12): its personal data, addresses, cart and wishlist are erased and every session ends; its orders stay for the shop's tax records", body = MessageOnly),
        JsonBody,
        Unauthorized,
        (status = 403, description = "An admin account (`forbidden`): staff accounts are not deleted from the shop's pages", body = ErrorBody),
        (status = 409, description = "An order not yet delivered or cancelled (`open_orders`), or a return or exchange still under way (`open_returns`), holds the account", body = ErrorBody),
        (status = 422, description = "The password is wrong (`wrong_current_password`) or missing (`invalid_value`)", body = ErrorBody),
        Throttled
    )
)]
#[post("/users/delete-account")]
async fn delete_account(
    state: web::Data<AppState>,
    CurrentUser(user): CurrentUser,
    body: web::Json<DeleteAccountRequest>,
) -> Result<HttpResponse, ApiError> {
    let password = body.into_inner().current_password.unwrap_or_default();
    let id = UserId::new(user.id);
    state
        .run(move |s| -> Result<(), ApiError> {
            if user.role != kernel::Role::Admin {
                if let Some(reason) = s.orders.holds_account(&id)? {
                    return Err(ApiError::conflict("open_orders", reason));
                }
                if let Some(reason) = s.returns.holds_account(&id)? {
                    return Err(ApiError::conflict("open_returns", reason));
                }
            }
            Ok(s.accounts.delete_account(&id, &password)?)
        })
        .await?;
    ok(MessageOnly { message: "Your account has been deleted".into() })
}
