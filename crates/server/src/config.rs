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
    /// SHOP_STATIC_DIR: the built web app.
    pub static_dir: PathBuf,
    /// JWT_SECRET: at least 32 bytes; unset means a generated secret kept in the data dir.
    pub jwt_secret: Option<String>,
    /// SMTP_URL: unset means e-mails are written to `<data dir>/outbox`.
    pub smtp_url: Option<String>,
    /// SHOP_MAIL_FROM: the sender of order e-mails; unset means `Fashion Shop <no-reply@shop.local>`.
    pub mail_from: Option<String>,
    /// SHOP_ADMIN_EMAIL + SHOP_ADMIN_PASSWORD: make sure this admin exists at start-up.
    pub admin_email: Option<String>,
    pub admin_password: Option<String>,
    /// SHOP_DEMO=1: seed the demo catalogue into an empty database.
    pub demo: bool,
    /// SHOP_BCRYPT_COST: 12 unless set (tests use 4).
    pub bcrypt_cost: u32,
}

fn var(name: &str) -> Option<String> {
    std::env::var(name).ok().filter(|v| !v.trim().is_empty())
}

fn flag(name: &str) -> bool {
    var(name).is_some_and(|v| matches!(v.trim().to_ascii_lowercase().as_str(), "1" | "true" | "yes" | "on"))
}

impl Config {
    pub fn from_env() -> Config {
        let data_dir = PathBuf::from(var("SHOP_DATA_DIR").unwrap_or_else(|| "data".into()));
        let database_url = var("DATABASE_URL")
            .unwrap_or_else(|| format!("sqlite://{}", data_dir.join("shop.db").display()));
        Config {
            database_url,
            bind: var("SHOP_BIND").unwrap_or_else(|| "127.0.0.1:8080".into()),
            uploads_dir: PathBuf::from(var("UPLOADS_DIR").unwrap_or_else(|| "uploads".into())),
            static_dir: PathBuf::from(var("SHOP_STATIC_DIR").unwrap_or_else(|| "frontend/dist".into())),
            jwt_secret: std::env::var("JWT_SECRET").ok(),
            smtp_url: var("SMTP_URL"),
            mail_from: var("SHOP_MAIL_FROM"),
            admin_email: var("SHOP_ADMIN_EMAIL"),
            admin_password: var("SHOP_ADMIN_PASSWORD"),
            demo: flag("SHOP_DEMO"),
            bcrypt_cost: var("SHOP_BCRYPT_COST").and_then(|c| c.parse().ok()).unwrap_or(12),
            data_dir,
        }
    }
}
