//! The error answers many operations share, written once. A handler names the sets that apply
//! in its `responses(...)`, next to its own success answers and the errors only it gives:
//! `responses((status = 200, ...), JsonBody, Unauthorized)`.
//!
//! Every error answer is an [`ErrorBody`]. When a handler gives its own answer for a status a
//! set also has (a more precise sentence), it writes it after the set: the later one wins.

use utoipa::IntoResponses;

use crate::error::ErrorBody;

/// A set of one error answer: its status and description, the body an [`ErrorBody`].
macro_rules! one_error {
    ($(#[doc = $doc:literal])* $name:ident = $status:tt, $description:tt) => {
        $(#[doc = $doc])*
        #[derive(IntoResponses)]
        #[response(status = $status, description = $description)]
        pub struct $name(#[allow(dead_code)] ErrorBody);
    };
}

/// The 401 of a call that needs `Authorization: Bearer <token>`. Naming a set that holds it
/// is what marks the call with the bearer scheme in the document (see `openapi.rs`).
pub const SIGN_IN_REQUIRED: &str = "Not signed in, or the session has expired";

one_error! {
    /// 401: the call needs `Authorization: Bearer <token>`.
    Unauthorized = 401, "Not signed in, or the session has expired"
}

/// 401 and 403: a back-office call (or a customer-only call made by an admin).
#[derive(IntoResponses)]
#[allow(dead_code)]
pub enum RoleRequired {
    #[response(status = 401, description = "Not signed in, or the session has expired")]
    Unauthorized(ErrorBody),
    #[response(status = 403, description = "Signed in without the right role")]
    Forbidden(ErrorBody),
}

/// 400, 413 and 415: a call with a JSON body (`application/json`, at most 64 KB unless stated).
#[derive(IntoResponses)]
#[allow(dead_code)]
pub enum JsonBody {
    #[response(status = 400, description = "Invalid input")]
    Invalid(ErrorBody),
    #[response(status = 413, description = "Body or file too large")]
    TooLarge(ErrorBody),
    #[response(status = 415, description = "Wrong content type")]
    UnsupportedMedia(ErrorBody),
}

/// 400, 413 and 415: a call with a `multipart/form-data` body.
pub type FormBody = JsonBody;

one_error! {
    /// 404: the id names nothing (or nothing of the caller's).
    NotFound = 404, "Not found"
}

one_error! {
    /// 409: well-formed, but conflicts with the current state (stock, a taken name, a reference).
    Conflict = 409, "Conflicts with the current state"
}

one_error! {
    /// 422: well-formed, but breaks a rule on the values (a discount above the price, an image
    /// count, a guessable password, a total too large); the body's `code` names the rule.
    Unprocessable = 422, "Breaks a rule on the values; `code` names it"
}

one_error! {
    /// 400 on a call without a body: a query or path parameter the server refuses.
    Invalid = 400, "Invalid input"
}

/// 429 with `Retry-After`: a rate limit.
#[derive(IntoResponses)]
#[response(
    status = 429,
    description = "Too many requests: wait Retry-After seconds",
    headers(("Retry-After" = u64, description = "Seconds to wait"))
)]
pub struct Throttled(#[allow(dead_code)] ErrorBody);

#[cfg(test)]
mod tests {
    use super::*;
    use utoipa::openapi::RefOr;

    /// The sets a signed-in call names carry the 401 that marks it with the bearer scheme.
    #[test]
    fn the_sign_in_sets_answer_the_sign_in_401() {
        for set in [Unauthorized::responses(), RoleRequired::responses()] {
            let described = match set.get("401") {
                Some(RefOr::T(answer)) => answer.description.clone(),
                _ => String::new(),
            };
            assert_eq!(described, SIGN_IN_REQUIRED);
        }
    }
}
