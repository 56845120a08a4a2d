use std::path::PathBuf;

/// Everything the shop reads from its environment (12-factor). Each variable is listed,
/// with its default, in the README.
#[derive(Debug, Clone)]
pub struct Config {
    /// SHOP_DATA_DIR: the SQLite file, the generated JWT secret, the e-mail outbox.
    pub data_dir: PathBuf,
    /// DATABASE_URL: unset means `sqlite://<data dir>/shop.db`.
    pub database_url: String,
    /// SHOP_BIND
    pub bind: String,
    /// UPLOADS_DIR
    pub uploads_dir: PathBuf,
    /// SHOP_UPLOADS_URL: `s3://BUCKET[/PREFIX]` keeps uploads in S3-compatible object
    /// storage (with the standard `AWS_*` variables) instead of `UPLOADS_DIR`.
    pub uploads_url: Option<String>,
    /// SHOP_UPLOADS_PUBLIC_URL: `https://cdn.example.in/uploads`: answers point browsers at
    /// the uploads there (a CDN in front of the object store) instead of `/uploads/...`,
    /// which keeps working.
    pub uploads_public_url: Option<String>,
    /// SHOP_STATIC_DIR: the built web app.
    pub static_dir: PathBuf,
    /// JWT_SECRET: at least 32 bytes; unset means a generated secret kept in the data dir.
    pub jwt_secret: Option<String>,
    /// SMTP_URL: unset means e-mails are written to `<data dir>/outbox`.
    pub smtp_url: Option<String>,
    /// SHOP_MAIL_FROM: the sender of e-mails; unset means `Fashion Shop <no-reply@shop.local>`.
    pub mail_from: Option<String>,
    /// SHOP_PUBLIC_URL: the address customers use (links in e-mails); unset means `http://<SHOP_BIND>`.
    pub public_url: String,
    /// SHOP_ADMIN_EMAIL + SHOP_ADMIN_PASSWORD: make sure this admin exists at start-up.
    pub admin_email: Option<String>,
    pub admin_password: Option<String>,
    /// SHOP_DEMO=1: seed the demo catalogue into an empty database.
    pub demo: bool,
    /// SHOP_BCRYPT_COST: 12 unless set (tests use 4).
    pub bcrypt_cost: u32,
    /// SHOP_RATE_SIGN_IN, SHOP_RATE_REGISTER, SHOP_RATE_PASSWORD_RESET,
    /// SHOP_RATE_ORDERS_PER_IP, SHOP_RATE_SEARCH (per minute; 0 = off) and SHOP_TRUSTED_PROXIES.
    pub rate_limits: http::ratelimit::RateLimitConfig,
    /// SHOP_RATE_ORDERS: orders per account per minute (0 = off), counted by the orders
    /// domain in the database; 30 unless set.
    pub orders_per_minute: u32,
    /// SHOP_CORS_ORIGINS: other origins allowed to call the API from a browser (never `*`).
    pub cors_origins: Vec<String>,
    /// SHOP_HSTS=1: send Strict-Transport-Security (only behind an HTTPS proxy).
    pub hsts: bool,
    /// SHOP_SYNC_POLL_MS: on PostgreSQL, how often (milliseconds) the catalogue and content
    /// versions are read while the change listener is not connected; 1000 unless set.
    pub sync_poll: std::time::Duration,
}

/// The default of SHOP_RATE_ORDERS: orders per account per minute.
pub const DEFAULT_ORDERS_PER_MINUTE: u32 = 30;

fn var(name: &str) -> Option<String> {
    std::env::var(name).ok().filter(|v| !v.trim().is_empty())
}

fn flag(name: &str) -> bool {
    var(name).is_some_and(|v| matches!(v.trim().to_ascii_lowercase().as_str(), "1" | "true" | "yes" | "on"))
}

fn per_minute(name: &str, default: u32) -> Result<u32, String> {
    match var(name) {
        None => Ok(default),
        Some(v) => v.trim().parse().map_err(|_| format!("{name} must be a whole number of requests per minute (0 = no limit)")),
    }
}

fn rate_limits() -> Result<http::ratelimit::RateLimitConfig, String> {
    let d = http::ratelimit::RateLimitConfig::default();
    Ok(http::ratelimit::RateLimitConfig {
        sign_in: per_minute("SHOP_RATE_SIGN_IN", d.sign_in)?,
        register: per_minute("SHOP_RATE_REGISTER", d.register)?,
        password_reset: per_minute("SHOP_RATE_PASSWORD_RESET", d.password_reset)?,
        orders_per_ip: per_minute("SHOP_RATE_ORDERS_PER_IP", d.orders_per_ip)?,
        search: per_minute("SHOP_RATE_SEARCH", d.search)?,
        trusted_proxies: http::ratelimit::RateLimitConfig::parse_proxies(&var("SHOP_TRUSTED_PROXIES").unwrap_or_default())?,
    })
}

impl Config {
    /// Like [`Config::from_env`], refusing malformed limits, proxy lists and CORS origins
    /// (`*` among them).
    pub fn try_from_env() -> Result<Config, String> {
        let mut config = Config::from_env();
        config.rate_limits = rate_limits()?;
        config.orders_per_minute = per_minute("SHOP_RATE_ORDERS", DEFAULT_ORDERS_PER_MINUTE)?;
        config.cors_origins = crate::cors::parse_origins(&var("SHOP_CORS_ORIGINS").unwrap_or_default())?;
        if let Some(url) = &config.uploads_public_url {
            origin_of(url).ok_or_else(|| {
                format!("SHOP_UPLOADS_PUBLIC_URL must be an http(s) address such as https://cdn.example.in/uploads, not {url:?}")
            })?;
        }
        Ok(config)
    }

    pub fn from_env() -> Config {
        let data_dir = PathBuf::from(var("SHOP_DATA_DIR").unwrap_or_else(|| "data".into()));
        let database_url = var("DATABASE_URL")
            .unwrap_or_else(|| format!("sqlite://{}", data_dir.join("shop.db").display()));
        let bind = var("SHOP_BIND").unwrap_or_else(|| "127.0.0.1:8080".into());
        let public_url = var("SHOP_PUBLIC_URL")
            .map(|u| u.trim().trim_end_matches('/').to_string())
            .unwrap_or_else(|| format!("http://{bind}"));
        Config {
            database_url,
            public_url,
            bind,
            uploads_url: var("SHOP_UPLOADS_URL"),
            uploads_public_url: var("SHOP_UPLOADS_PUBLIC_URL").map(|u| u.trim().trim_end_matches('/').to_string()),
            uploads_dir: PathBuf::from(var("UPLOADS_DIR").unwrap_or_else(|| "uploads".into())),
            static_dir: PathBuf::from(var("SHOP_STATIC_DIR").unwrap_or_else(|| "frontend/dist".into())),
            jwt_secret: std::env::var("JWT_SECRET").ok(),
            smtp_url: var("SMTP_URL"),
            mail_from: var("SHOP_MAIL_FROM"),
            admin_email: var("SHOP_ADMIN_EMAIL"),
            admin_password: var("SHOP_ADMIN_PASSWORD"),
            demo: flag("SHOP_DEMO"),
            bcrypt_cost: var("SHOP_BCRYPT_COST").and_then(|c| c.parse().ok()).unwrap_or(12),
            rate_limits: rate_limits().unwrap_or_default(),
            orders_per_minute: per_minute("SHOP_RATE_ORDERS", DEFAULT_ORDERS_PER_MINUTE).unwrap_or(DEFAULT_ORDERS_PER_MINUTE),
            cors_origins: crate::cors::parse_origins(&var("SHOP_CORS_ORIGINS").unwrap_or_default()).unwrap_or_default(),
            hsts: flag("SHOP_HSTS"),
            sync_poll: var("SHOP_SYNC_POLL_MS")
                .and_then(|v| v.trim().parse::<u64>().ok())
                .filter(|ms| *ms > 0)
                .map(std::time::Duration::from_millis)
                .unwrap_or(crate::sync::DEFAULT_POLL),
            data_dir,
        }
    }
}

/// `https://cdn.example.in` of `https://cdn.example.in/uploads`: what a Content-Security-Policy
/// names. `None` unless the address is http(s) with a host and nothing after its path.
pub fn origin_of(url: &str) -> Option<String> {
    let (scheme, rest) = url.split_once("://")?;
    let host = rest.split('/').next().unwrap_or_default();
    let plain = |c: char| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | ':' | '[' | ']');
    let fits = matches!(scheme, "http" | "https") && !host.is_empty() && host.chars().all(plain)
        && !rest.contains(['?', '#', ' ', '\'', ';', ',']);
    fits.then(|| format!("{scheme}://{host}"))
}
