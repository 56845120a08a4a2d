use std::path::PathBuf;
use std::sync::Arc;


use accounts::addresses::{AddressService, AddressesApi};
use accounts::{AccountPorts, AccountService, AccountSettings, AccountsApi};
use cart::{CartApi, CartService, WishlistApi, WishlistService};
use catalog::{CatalogApi, CatalogService};
use content::{ContentApi, ContentService};
use media::{Blobs, LocalBlobs, MediaFiles, ObjectBlobs};

use crate::catalog_sync::{CatalogSyncedOrders, CatalogSyncedReturns};
use chrono::Duration;
use http::auth::jwt::JwtKeys;
use http::ratelimit::{RateLimitConfig, RateLimiter};
use http::AppState;
use mail::{OutboxMailer, SmtpMailer};
use passwords::{BcryptHasher, RandomResetTokens, ZxcvbnStrength};
use kernel::Mailer;
use orders::{CodApi, CodService, CustomerService, CustomersApi, GstRatesApi, GstRatesService, OrderService, OrdersApi};
use audit::{AuditApi, AuditService};
use store::{
    Db, DieselAddressRepo, DieselAttemptLog, DieselAuditLog, DieselCartRepo, DieselCatalogRepo, DieselContentRepo, DieselOrderStore,
    DieselReturnStore, DieselUserRepo, DieselWishlistRepo,
};

/// How long a sign-in lasts.
pub const SESSION_LIFETIME_DAYS: i64 = 7;

pub struct Settings {
    pub jwt_secret: Vec<u8>,
    pub bcrypt_cost: u32,
    /// Where uploads are stored: the local folder or object storage ([`uploads`]).
    pub uploads: Arc<dyn Blobs>,
    pub mail: MailSettings,
    pub rate_limits: RateLimitConfig,
    /// SHOP_RATE_ORDERS: orders placed per account per minute, counted by the orders
    /// domain in the database (every instance spends one budget); 0 = no limit.
    pub orders_per_minute: u32,
    /// The time the per-hour limits read (tests move it instead of sleeping).
    pub clock: kernel::Clock,
    /// SHOP_PUBLIC_URL: how customers reach the shop (links in e-mails).
    pub public_url: String,
    /// SHOP_SYNC_POLL_MS: on PostgreSQL, how often the version rows are read while the
    /// change listener is not connected.
    pub sync_poll: std::time::Duration,
}

/// Where order e-mails go.
#[derive(Debug, Clone)]
pub enum MailSettings {
    /// SMTP_URL is set: `smtp://host:port`, `smtp://host?tls=required`, `smtps://user:pass@host`.
    Smtp { url: String, from: String },
    /// No SMTP server: `.eml` files in this folder (`<data dir>/outbox`).
    Outbox { dir: PathBuf, from: String },
}

impl MailSettings {
    /// SMTP when a URL is configured, otherwise the outbox in the data directory.
    pub fn from_config(smtp_url: Option<&str>, data_dir: &std::path::Path, from: Option<&str>) -> MailSettings {
        let from = from.unwrap_or(mail::DEFAULT_FROM).to_string();
        match smtp_url {
            Some(url) => MailSettings::Smtp { url: url.to_string(), from },
            None => MailSettings::Outbox { dir: data_dir.join("outbox"), from },
        }
    }
}

#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct WiringError(String);

/// The one mailer every domain sends through: signed with the shop's name and address as
/// they are when the e-mail leaves (the company details can change on any instance).
fn mailer(settings: &MailSettings, content: Arc<dyn ContentApi>, public_url: &str) -> Result<Arc<dyn Mailer>, WiringError> {
    let transport: Box<dyn Mailer> = match settings {
        MailSettings::Smtp { url, from } => {
            Box::new(SmtpMailer::from_url(url, from).map_err(|e| WiringError(e.to_string()))?)
        }
        MailSettings::Outbox { dir, from } => {
            Box::new(OutboxMailer::new(dir.clone(), from).map_err(|e| WiringError(format!("SHOP_MAIL_FROM: {e}")))?)
        }
    };
    Ok(Arc::new(SignedMailer { transport: LoggedMailer(transport), content, public_url: public_url.to_string() }))
}

struct SignedMailer {
    transport: LoggedMailer,
    content: Arc<dyn ContentApi>,
    public_url: String,
}

impl Mailer for SignedMailer {
    fn send(&self, email: &kernel::OutgoingEmail) -> Result<(), kernel::MailError> {
        self.transport.send(&email.signed(&self.content.company().name, &self.public_url))
    }
}

/// Every e-mail that could not be handed over is logged here, once: the domains send some
/// (status changes, the shop's notice of a new order) without answering anyone about them.
struct LoggedMailer(Box<dyn Mailer>);

impl Mailer for LoggedMailer {
    fn send(&self, email: &kernel::OutgoingEmail) -> Result<(), kernel::MailError> {
        self.0.send(email).inspect_err(|cause| tracing::warn!(subject = %email.subject, %cause, "e-mail not sent"))
    }
}

/// The uploads' storage: S3-compatible object storage when `SHOP_UPLOADS_URL` is set
/// (`s3://BUCKET[/PREFIX]`, credentials and endpoint from the standard `AWS_*` variables),
/// otherwise the local folder `UPLOADS_DIR`.
pub fn uploads(url: Option<&str>, dir: &std::path::Path) -> Result<Arc<dyn Blobs>, WiringError> {
    match url {
        Some(url) => Ok(Arc::new(ObjectBlobs::from_url(url).map_err(WiringError)?)),
        None => Ok(Arc::new(
            LocalBlobs::new(dir).map_err(|e| WiringError(format!("uploads folder {}: {e}", dir.display())))?,
        )),
    }
}

/// Connects every domain service to its adapters.
pub fn build_state(db: &Db, settings: &Settings) -> Result<AppState, WiringError> {
    // This instance's own name in the change notifications (several instances may share
    // one pool in a test process).
    let db = &db.for_new_instance();
    // Read before the catalogue and content are loaded: a change committed in between is
    // then seen as newer by the listener and reloaded.
    let versions = match db.postgres_url() {
        Some(_) => Some(store::versions::current(db).map_err(|e| WiringError(e.to_string()))?),
        None => None,
    };
    let media = || MediaFiles::on(settings.uploads.clone());
    let content: Arc<dyn ContentApi> =
        Arc::new(ContentService::new(DieselContentRepo::new(db.clone()), media()).map_err(|e| WiringError(e.to_string()))?);
    let mailer = mailer(&settings.mail, content.clone(), &settings.public_url)?;
    let accounts = AccountService::new(
        AccountPorts {
            users: Arc::new(DieselUserRepo::new(db.clone())),
            hasher: Arc::new(BcryptHasher::bounded(settings.bcrypt_cost)),
            strength: Arc::new(ZxcvbnStrength),
            attempts: Arc::new(DieselAttemptLog::new(db.clone())),
            reset_tokens: Arc::new(RandomResetTokens),
            mailer: mailer.clone(),
        },
        AccountSettings {
            public_url: settings.public_url.clone(),
            // The one sign-in throttle is the accounts' (in the database), not a request limiter.
            sign_ins_per_address_per_minute: settings.rate_limits.sign_in,
        },
    )
    .map_err(|e| WiringError(e.to_string()))?
    .with_clock(settings.clock.clone());
    let jwt = JwtKeys::new(&settings.jwt_secret, Duration::days(SESSION_LIFETIME_DAYS))
        .map_err(|e| WiringError(e.to_string()))?
        .with_clock(settings.clock.clone());
    let catalog = CatalogService::releasing_memory_with(DieselCatalogRepo::new(db.clone()), media(), crate::memory::give_back)
        .map_err(|e| WiringError(e.to_string()))?
        .with_clock(settings.clock.clone());
    let returns = orders::returns::ReturnService::new(DieselReturnStore::new(db.clone()), mailer.clone())
        .with_clock(settings.clock.clone())
        .with_printer(Arc::new(invoice_pdf::PdfPrinter))
        .with_order_desk(Arc::new(CompanyInbox(content.clone())));
    let orders = OrderService::new(DieselOrderStore::new(db.clone()), mailer).with_clock(settings.clock.clone())
        .with_order_limit(settings.orders_per_minute)
        .with_printer(Arc::new(invoice_pdf::PdfPrinter))
        .with_order_desk(Arc::new(CompanyInbox(content.clone())));
    let catalog: Arc<dyn CatalogApi> = Arc::new(catalog);
    let orders = CatalogSyncedOrders::new(orders, catalog.clone());
    let returns = CatalogSyncedReturns::new(returns, catalog.clone());
    let listener: http::state::ListenerCheck = match (db.postgres_url(), versions) {
        (Some(url), Some(applied)) => {
            let targets = crate::sync::Targets { catalog: Arc::downgrade(&catalog), content: Arc::downgrade(&content) };
            let status = crate::sync::start(db.clone(), url.to_string(), targets, applied, settings.sync_poll)
                .map_err(|e| WiringError(format!("cannot start the change listener: {e}")))?;
            Arc::new(move || Some(status.listening()))
        }
        _ => Arc::new(|| None),
    };
    let health_db = db.clone();
    let orders: Arc<dyn OrdersApi> = Arc::new(orders);
    let customers = CustomerService::new(Arc::new(DieselOrderStore::new(db.clone())), orders.clone());
    Ok(AppState {
        accounts: Arc::new(accounts) as Arc<dyn AccountsApi>,
        catalog,
        content,
        addresses: Arc::new(AddressService::new(DieselAddressRepo::new(db.clone())).with_clock(settings.clock.clone())) as Arc<dyn AddressesApi>,
        cart: Arc::new(CartService::new(DieselCartRepo::new(db.clone())).with_clock(settings.clock.clone())) as Arc<dyn CartApi>,
        wishlist: Arc::new(WishlistService::new(DieselWishlistRepo::new(db.clone())).with_clock(settings.clock.clone())) as Arc<dyn WishlistApi>,
        orders,
        returns: Arc::new(returns) as Arc<dyn orders::returns::ReturnsApi>,
        customers: Arc::new(customers) as Arc<dyn CustomersApi>,
        audit: Arc::new(AuditService::new(Arc::new(DieselAuditLog::new(db.clone())), settings.clock.clone())) as Arc<dyn AuditApi>,
        cod: Arc::new(CodService::new(DieselOrderStore::new(db.clone())).with_clock(settings.clock.clone())) as Arc<dyn CodApi>,
        gst_rates: Arc::new(GstRatesService::new(DieselOrderStore::new(db.clone())).with_clock(settings.clock.clone()))
            as Arc<dyn GstRatesApi>,
        jwt: Arc::new(jwt),
        health: Arc::new(move || health_db.ping().map_err(|e| e.to_string())),
        listener,
        responses: Arc::new(http::cache::ResponseCache::default()),
        limits: Arc::new(RateLimiter::new(settings.rate_limits.clone())),
    })
}

/// New orders are e-mailed to the company's contact address, as the company details have it
/// now (none while it is empty).
struct CompanyInbox(Arc<dyn ContentApi>);

impl orders::OrderDesk for CompanyInbox {
    fn address(&self) -> Option<String> {
        let email = self.0.company().email.trim().to_string();
        (!email.is_empty()).then_some(email)
    }
}
