use accounts::addresses::AddressError;
use accounts::AccountsError;
use cart::CartError;
use orders::OrdersError;
use actix_web::http::{header, StatusCode};
use actix_web::{HttpResponse, ResponseError};
use kernel::StoreError;
use serde::Serialize;

/// The one error type of the HTTP layer: a status, a sentence for people and a stable
/// code for programs. Internal details are logged, never sent.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ApiError {
    pub status: StatusCode,
    pub message: String,
    pub code: &'static str,
    pub retry_after_secs: Option<u64>,
}

/// Every error answer: `{ "message": "a sentence for people", "code": "machine_code" }`.
#[derive(Serialize, utoipa::ToSchema)]
pub struct ErrorBody {
    pub message: String,
    pub code: String,
}

impl ApiError {
    pub fn new(status: StatusCode, code: &'static str, message: impl Into<String>) -> Self {
        ApiError { status, message: message.into(), code, retry_after_secs: None }
    }

    pub fn bad_request(code: &'static str, message: impl Into<String>) -> Self {
        Self::new(StatusCode::BAD_REQUEST, code, message)
    }

    pub fn unauthorized(message: impl Into<String>) -> Self {
        Self::new(StatusCode::UNAUTHORIZED, "unauthorized", message)
    }

    pub fn forbidden(message: impl Into<String>) -> Self {
        Self::new(StatusCode::FORBIDDEN, "forbidden", message)
    }

    pub fn not_found(message: impl Into<String>) -> Self {
        Self::new(StatusCode::NOT_FOUND, "not_found", message)
    }

    pub fn conflict(code: &'static str, message: impl Into<String>) -> Self {
        Self::new(StatusCode::CONFLICT, code, message)
    }

    /// A failure that is the server's fault. The cause goes to the log only.
    pub fn internal(cause: impl std::fmt::Display) -> Self {
        tracing::error!(%cause, "internal error");
        Self::new(StatusCode::INTERNAL_SERVER_ERROR, "internal_error", "Something went wrong. Please try again.")
    }

    pub fn unavailable(cause: impl std::fmt::Display) -> Self {
        tracing::error!(%cause, "service unavailable");
        Self::new(StatusCode::SERVICE_UNAVAILABLE, "unavailable", "The shop is temporarily unavailable. Please try again shortly.")
    }
}

impl std::fmt::Display for ApiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} {}", self.status.as_u16(), self.message)
    }
}

impl ResponseError for ApiError {
    fn status_code(&self) -> StatusCode {
        self.status
    }

    fn error_response(&self) -> HttpResponse {
        let mut response = HttpResponse::build(self.status);
        if let Some(secs) = self.retry_after_secs {
            response.insert_header((header::RETRY_AFTER, secs.to_string()));
        }
        response.json(ErrorBody { message: self.message.clone(), code: self.code.to_string() })
    }
}

impl From<StoreError> for ApiError {
    fn from(e: StoreError) -> Self {
        match e {
            StoreError::Conflict { .. } => ApiError::conflict("conflict", "This conflicts with existing data"),
            StoreError::Backend(cause) => ApiError::unavailable(cause),
        }
    }
}

impl From<AccountsError> for ApiError {
    fn from(e: AccountsError) -> Self {
        let message = e.to_string();
        match e {
            AccountsError::Invalid { .. } => ApiError::bad_request("invalid_input", message),
            AccountsError::WeakPassword { .. } => {
                ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, "weak_password", message)
            }
            AccountsError::EmailTaken => ApiError::conflict("email_taken", message),
            AccountsError::UsernameTaken => ApiError::conflict("username_taken", message),
            AccountsError::InvalidCredentials => {
                ApiError::new(StatusCode::UNAUTHORIZED, "invalid_credentials", message)
            }
            AccountsError::TooManyAttempts { retry_after_secs, .. } => ApiError {
                retry_after_secs: Some(retry_after_secs),
                ..ApiError::new(StatusCode::TOO_MANY_REQUESTS, "too_many_attempts", message)
            },
            AccountsError::TooManyRequests { retry_after_secs } => crate::ratelimit::too_many(retry_after_secs),
            // 400, not 401: a 401 would sign the person out of the web app.
            AccountsError::WrongCurrentPassword => ApiError::bad_request("wrong_current_password", message),
            AccountsError::InvalidResetToken => ApiError::bad_request("invalid_reset_token", message),
            AccountsError::WouldPromoteCustomer { .. } => ApiError::conflict("existing_customer", message),
            AccountsError::NotFound => ApiError::not_found(message),
            AccountsError::Hashing(cause) => ApiError::internal(cause),
            AccountsError::Mail(cause) => {
                tracing::warn!(%cause, "e-mail not sent");
                ApiError::new(StatusCode::BAD_GATEWAY, "email_failed", "The e-mail could not be sent")
            }
            AccountsError::Storage(store) => store.into(),
        }
    }
}

impl From<AddressError> for ApiError {
    fn from(e: AddressError) -> Self {
        let message = e.to_string();
        match e {
            AddressError::Invalid { .. } => ApiError::bad_request("invalid_input", message),
            AddressError::NotFound => ApiError::not_found(message),
            AddressError::DefaultCannotBeDeleted => ApiError::conflict("default_address", message),
            AddressError::Storage(store) => store.into(),
        }
    }
}

impl From<CartError> for ApiError {
    fn from(e: CartError) -> Self {
        let message = e.to_string();
        match e {
            CartError::AdminCart | CartError::AdminWishlist => ApiError::forbidden(message),
            CartError::InvalidQuantity(_) => ApiError::bad_request("invalid_input", message),
            CartError::TotalTooLarge => ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, "total_too_large", message),
            CartError::OutOfStock => ApiError::bad_request("out_of_stock", message),
            CartError::NotEnoughStock { .. } => ApiError::conflict("not_enough_stock", message),
            CartError::VariantNotFound | CartError::ProductNotFound | CartError::LineNotFound => {
                ApiError::not_found(message)
            }
            CartError::Storage(store) => store.into(),
        }
    }
}

impl From<OrdersError> for ApiError {
    fn from(e: OrdersError) -> Self {
        let message = e.to_string();
        match e {
            OrdersError::Invalid { .. } => ApiError::bad_request("invalid_input", message),
            OrdersError::EmptyCart => ApiError::conflict("empty_cart", message),
            OrdersError::TotalTooLarge => ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, "total_too_large", message),
            OrdersError::CartChanged => ApiError::conflict("cart_changed", message),
            OrdersError::AddressNotFound | OrdersError::AccountNotFound | OrdersError::NotFound => {
                ApiError::not_found(message)
            }
            OrdersError::OutOfStock { .. } => ApiError::conflict("out_of_stock", message),
            OrdersError::CannotCancel => ApiError::conflict("invalid_state", message),
            OrdersError::Busy => ApiError::conflict("busy", message),
            OrdersError::CancelledOrder => ApiError::conflict("order_cancelled", message),
            OrdersError::OrderResendLimit { retry_after_secs, .. } | OrdersError::AccountResendLimit { retry_after_secs, .. } => {
                ApiError {
                    retry_after_secs: Some(retry_after_secs),
                    ..ApiError::new(StatusCode::TOO_MANY_REQUESTS, "too_many_confirmations", message)
                }
            }
            OrdersError::TooManyOrders { retry_after_secs, .. } => ApiError {
                retry_after_secs: Some(retry_after_secs),
                ..ApiError::new(StatusCode::TOO_MANY_REQUESTS, "too_many_orders", message)
            },
            OrdersError::Mail(cause) => {
                tracing::warn!(%cause, "e-mail not sent");
                ApiError::new(StatusCode::BAD_GATEWAY, "email_failed", message)
            }
            OrdersError::Storage(store) => store.into(),
        }
    }
}

/// Runs blocking work (diesel, bcrypt) on actix's thread pool.
pub async fn blocking<T, E>(work: impl FnOnce() -> Result<T, E> + Send + 'static) -> Result<T, ApiError>
where
    T: Send + 'static,
    E: Into<ApiError> + Send + 'static,
{
    actix_web::web::block(work)
        .await
        .map_err(ApiError::internal)?
        .map_err(Into::into)
}

impl From<kernel::MediaError> for ApiError {
    fn from(e: kernel::MediaError) -> Self {
        use kernel::MediaError as M;
        match e {
            M::UnsupportedType(m) => ApiError::new(StatusCode::UNSUPPORTED_MEDIA_TYPE, "unsupported_media_type", m),
            M::TooLarge(m) => ApiError::new(StatusCode::PAYLOAD_TOO_LARGE, "payload_too_large", m),
            M::Invalid(m) => ApiError::bad_request("invalid_image", m),
            M::Storage(cause) => ApiError::internal(cause),
        }
    }
}

impl From<catalog::CatalogError> for ApiError {
    fn from(e: catalog::CatalogError) -> Self {
        use catalog::CatalogError as C;
        match e {
            C::Invalid(m) => ApiError::bad_request("invalid_input", m),
            C::NotFound(m) => ApiError::not_found(m),
            C::Conflict(m) => ApiError::conflict("conflict", m),
            C::Media(m) => m.into(),
            C::Storage(s) => s.into(),
        }
    }
}

impl From<content::ContentError> for ApiError {
    fn from(e: content::ContentError) -> Self {
        use content::ContentError as C;
        match e {
            C::Invalid(m) => ApiError::bad_request("invalid_input", m),
            C::TooLong(m) => ApiError::new(StatusCode::PAYLOAD_TOO_LARGE, "payload_too_large", m),
            C::Media(m) => m.into(),
            C::Storage(s) => s.into(),
        }
    }
}

impl actix_web::Responder for ApiError {
    type Body = actix_web::body::BoxBody;

    fn respond_to(self, _req: &actix_web::HttpRequest) -> HttpResponse {
        self.error_response()
    }
}
