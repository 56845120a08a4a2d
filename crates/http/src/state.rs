use std::sync::Arc;

use accounts::addresses::AddressesApi;
use accounts::AccountsApi;
use catalog::CatalogApi;
use content::ContentApi;
use cart::{CartApi, WishlistApi};
use audit::AuditApi;
use orders::returns::ReturnsApi;
use orders::{CodApi, CustomersApi, GstRatesApi, OrdersApi};

use crate::auth::jwt::JwtKeys;
use crate::cache::ResponseCache;
use crate::error::{blocking, ApiError};
use crate::ratelimit::RateLimiter;

/// Checks that the database answers; wired by the server to the store.
pub type HealthCheck = Arc<dyn Fn() -> Result<(), String> + Send + Sync>;

/// Whether the change listener is connected: `None` when there is none (SQLite).
pub type ListenerCheck = Arc<dyn Fn() -> Option<bool> + Send + Sync>;

/// Everything the handlers need, shared across workers.
#[derive(Clone)]
pub struct AppState {
    pub accounts: Arc<dyn AccountsApi>,
    pub catalog: Arc<dyn CatalogApi>,
    pub content: Arc<dyn ContentApi>,
    pub addresses: Arc<dyn AddressesApi>,
    pub cart: Arc<dyn CartApi>,
    pub wishlist: Arc<dyn WishlistApi>,
    pub orders: Arc<dyn OrdersApi>,
    /// Returns and size exchanges of delivered orders.
    pub returns: Arc<dyn ReturnsApi>,
    /// Cash-on-delivery settings and the storefront's questions about them.
    pub cod: Arc<dyn CodApi>,
    /// The GST rate table (kept in the database) and the product form's rate question.
    pub gst_rates: Arc<dyn GstRatesApi>,
    /// The back office's customers and their figures.
    pub customers: Arc<dyn CustomersApi>,
    /// The audit log of admin writes (recorded by the `audit` middleware).
    pub audit: Arc<dyn AuditApi>,
    pub jwt: Arc<JwtKeys>,
    pub health: HealthCheck,
    pub listener: ListenerCheck,
    /// Serialised catalogue answers, per catalogue version.
    pub responses: Arc<ResponseCache>,
    /// Abuse limits on sign-in, registration, orders and search.
    pub limits: Arc<RateLimiter>,
}

impl AppState {
    /// Runs `work` with the ports on actix's thread pool (they block: diesel, bcrypt), its
    /// error mapped to the API's: a handler's `state.run(move |s| s.cart.view(..)).await?`.
    /// `web::Data<AppState>` derefs to the `Arc` this takes, so only that is cloned.
    pub async fn run<T, E>(self: &Arc<Self>, work: impl FnOnce(&AppState) -> Result<T, E> + Send + 'static) -> Result<T, ApiError>
    where
        T: Send + 'static,
        E: Into<ApiError> + Send + 'static,
    {
        let state = Arc::clone(self);
        blocking(move || work(&state)).await
    }

    /// A session token for `user` (sign-up, sign-in, a changed password).
    pub fn token(&self, user: &accounts::User) -> Result<String, ApiError> {
        self.jwt.issue(user).map_err(ApiError::internal)
    }
}
