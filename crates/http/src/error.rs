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
    /// The request field the error concerns, when there is one.
    pub field: Option<&'static str>,
    pub retry_after_secs: Option<u64>,
}

/// Every error answer: `{ "message": "a sentence for people", "code": "machine_code",
/// "field": "requestField" }`; `field` only when the error concerns one field of the request.
#[derive(Serialize, utoipa::ToSchema)]
pub struct ErrorBody {
    pub message: String,
    pub code: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub field: Option<String>,
}

impl ApiError {
    pub fn new(status: StatusCode, code: &'static str, message: impl Into<String>) -> Self {
        ApiError { status, message: message.into(), code, field: None, retry_after_secs: None }
    }

    /// The same error, naming the request field it concerns.
    pub fn on(self, field: &'static str) -> Self {
        ApiError { field: Some(field), ..self }
    }

    /// 429 with `Retry-After`: a limit that frees up in `retry_after_secs`.
    pub fn throttled(code: &'static str, message: impl Into<String>, retry_after_secs: u64) -> Self {
        ApiError { retry_after_secs: Some(retry_after_secs), ..Self::new(StatusCode::TOO_MANY_REQUESTS, code, message) }
    }

    /// 422: a well-formed request that breaks a rule on the values.
    pub fn unprocessable(code: &'static str, message: impl Into<String>) -> Self {
        Self::new(StatusCode::UNPROCESSABLE_ENTITY, code, message)
    }

    /// The body this error is answered with.
    pub fn body(&self) -> ErrorBody {
        ErrorBody { message: self.message.clone(), code: self.code.to_string(), field: self.field.map(str::to_string) }
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
        response.json(self.body())
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
            // The document states the fields' required parts, lengths and plain patterns; the
            // finer rules of an e-mail, a name in any script or a date of birth it cannot.
            AccountsError::Invalid { field, .. } => ApiError::unprocessable("invalid_value", message).on(field),
            AccountsError::WeakPassword { field, .. } => ApiError::unprocessable("weak_password", message).on(field),
            AccountsError::EmailTaken => ApiError::conflict("email_taken", message).on("email"),
            AccountsError::UsernameTaken => ApiError::conflict("username_taken", message).on("username"),
            AccountsError::InvalidCredentials => {
                ApiError::new(StatusCode::UNAUTHORIZED, "invalid_credentials", message)
            }
            AccountsError::TooManyAttempts { retry_after_secs, .. } => ApiError::throttled("too_many_attempts", message, retry_after_secs),
            AccountsError::TooManyRequests { retry_after_secs } => crate::ratelimit::too_many(retry_after_secs),
            // 422, not 401: a 401 would sign the person out of the web app.
            AccountsError::WrongCurrentPassword => {
                ApiError::unprocessable("wrong_current_password", message).on("currentPassword")
            }
            AccountsError::InvalidResetToken => ApiError::unprocessable("invalid_reset_token", message).on("token"),
            AccountsError::WouldPromoteCustomer { .. } => ApiError::conflict("existing_customer", message),
            AccountsError::AdminAccount => ApiError::forbidden(message),
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
            AddressError::Invalid { field, .. } => ApiError::unprocessable("invalid_value", message).on(field),
            AddressError::PinNotInState { .. } | AddressError::ArmyPostalPin => {
                ApiError::unprocessable("pin_not_in_state", message).on("postalCode")
            }
            AddressError::NotFound => ApiError::not_found(message),
            AddressError::DefaultCannotBeDeleted => ApiError::conflict("default_address", message),
            AddressError::Storage(store) => store.into(),
        }
    }
}

/// A cash-on-delivery rule's refusal: 422 with the rule's code, on the field it concerns.
fn cod_refusal(refusal: &kernel::CodRefusal, message: String) -> ApiError {
    let error = ApiError::unprocessable(refusal.code(), message);
    match refusal {
        kernel::CodRefusal::PincodeBlocked { .. } => error.on("addressId"),
        kernel::CodRefusal::TooManyUnits { .. } => error.on("quantity"),
        _ => error,
    }
}

impl From<CartError> for ApiError {
    fn from(e: CartError) -> Self {
        let message = e.to_string();
        match e {
            CartError::AdminCart | CartError::AdminWishlist => ApiError::forbidden(message),
            CartError::InvalidQuantity(_) => ApiError::bad_request("invalid_input", message),
            CartError::TotalTooLarge => ApiError::unprocessable("total_too_large", message),
            CartError::Cod(refusal) => cod_refusal(&refusal, message),
            CartError::OutOfStock => ApiError::conflict("out_of_stock", message),
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
            OrdersError::Invalid { field, .. } => ApiError::bad_request("invalid_input", message).on(field),
            OrdersError::Rule { field, code, .. } => ApiError::unprocessable(code, message).on(field),
            OrdersError::IncompleteAddress(_) => ApiError::unprocessable("incomplete_address", message).on("addressId"),
            OrdersError::Cod(refusal) => cod_refusal(&refusal, message),
            OrdersError::EmptyCart => ApiError::conflict("empty_cart", message),
            OrdersError::TotalTooLarge => ApiError::unprocessable("total_too_large", message),
            OrdersError::CartChanged => ApiError::conflict("cart_changed", message),
            OrdersError::AddressNotFound | OrdersError::AccountNotFound | OrdersError::NotFound | OrdersError::ReturnNotFound | OrdersError::CustomerNotFound => {
                ApiError::not_found(message)
            }
            OrdersError::OutOfStock { .. } => ApiError::conflict("out_of_stock", message),
            OrdersError::CannotCancel | OrdersError::HasOpenReturns | OrdersError::State(_) => ApiError::conflict("invalid_state", message),
            OrdersError::Busy => ApiError::conflict("busy", message),
            OrdersError::StatusChanged { .. } => ApiError::conflict("status_changed", message),
            OrdersError::PricesChanged { .. } => ApiError::conflict("prices_changed", message),
            OrdersError::CancelledOrder => ApiError::conflict("order_cancelled", message),
            OrdersError::OrderResendLimit { retry_after_secs, .. } | OrdersError::AccountResendLimit { retry_after_secs, .. } => {
                ApiError::throttled("too_many_confirmations", message, retry_after_secs)
            }
            OrdersError::TooManyOrders { retry_after_secs, .. } => ApiError::throttled("too_many_orders", message, retry_after_secs),
            OrdersError::Mail(cause) => {
                tracing::warn!(%cause, "e-mail not sent");
                ApiError::new(StatusCode::BAD_GATEWAY, "email_failed", message)
            }
            OrdersError::GstSetup(_) => ApiError::conflict("gst_setup", message),
            OrdersError::NoDocument(_) => ApiError::not_found(message),
            OrdersError::Printing(cause) => ApiError::internal(cause),
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
        let message = e.to_string();
        match e {
            C::Invalid { field, .. } => ApiError::unprocessable("invalid_value", message).on(field),
            C::Rule { rule, field, .. } => ApiError::unprocessable(rule.code(), message).on(field),
            C::NameTaken { field, .. } => ApiError::conflict("name_taken", message).on(field),
            C::CategoryNotEmpty { holds: catalog::Holds::Subcategories, .. } => {
                ApiError::conflict("category_has_subcategories", message)
            }
            C::CategoryNotEmpty { holds: catalog::Holds::Products, .. } => {
                ApiError::conflict("category_has_products", message)
            }
            C::NotFound(m) => ApiError::not_found(m),
            C::StockChanged { .. } => ApiError::conflict("stock_changed", message).on("stock"),
            C::VariantStockChanged { .. } => ApiError::conflict("stock_changed", message).on("productVariants"),
            C::InOpenOrders { .. } => ApiError::conflict("product_in_open_orders", message),
            C::InOpenReturns { .. } => ApiError::conflict("product_in_open_returns", message),
            C::VariantInOpenReturns { .. } => ApiError::conflict("variant_in_open_returns", message),
            C::SkuTaken { .. } => ApiError::conflict("sku_taken", message).on("sku"),
            // The handler answers a refused import itself, with the list of rows.
            C::Import(_) => ApiError::unprocessable("invalid_rows", message),
            C::Media(m) => m.into(),
            C::Storage(s) => s.into(),
        }
    }
}

impl From<content::ContentError> for ApiError {
    fn from(e: content::ContentError) -> Self {
        use content::ContentError as C;
        match e {
            C::Invalid { field, message } => ApiError::unprocessable("invalid_value", message).on(field),
            C::TooLong { field, message } => ApiError::unprocessable("too_long", message).on(field),
            C::Rule { code, field, message } => ApiError::unprocessable(code, message).on(field),
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

impl From<audit::AuditError> for ApiError {
    fn from(e: audit::AuditError) -> Self {
        let message = e.to_string();
        match e {
            audit::AuditError::Rule { field, .. } => ApiError::unprocessable("invalid_date_range", message).on(field),
            audit::AuditError::Storage(store) => store.into(),
        }
    }
}
