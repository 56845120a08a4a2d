use std::sync::Arc;

use std::path::PathBuf;

use accounts::{AccountService, AccountsApi, LoginThrottle};
use catalog::{CatalogApi, CatalogService};
use content::{ContentApi, ContentService};
use media::LocalMediaStore;
use chrono::Duration;
use http::auth::jwt::JwtKeys;
use http::security::BcryptHasher;
use http::AppState;
use store::{Db, DieselCatalogRepo, DieselContentRepo, DieselUserRepo};

/// How long a sign-in lasts.
pub const SESSION_LIFETIME_DAYS: i64 = 7;

pub struct Settings {
    pub jwt_secret: Vec<u8>,
    pub bcrypt_cost: u32,
    pub uploads_dir: PathBuf,
}

#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct WiringError(String);

/// Connects every domain service to its adapters.
pub fn build_state(db: &Db, settings: &Settings) -> Result<AppState, WiringError> {
    let accounts = AccountService::new(
        DieselUserRepo::new(db.clone()),
        BcryptHasher::new(settings.bcrypt_cost),
        LoginThrottle::standard(),
    )
    .map_err(|e| WiringError(e.to_string()))?;
    let jwt = JwtKeys::new(&settings.jwt_secret, Duration::days(SESSION_LIFETIME_DAYS))
        .map_err(|e| WiringError(e.to_string()))?;
    let media = || LocalMediaStore::new(&settings.uploads_dir).map_err(|e| WiringError(format!("uploads folder: {e}")));
    let catalog = CatalogService::new(DieselCatalogRepo::new(db.clone()), media()?).map_err(|e| WiringError(e.to_string()))?;
    let content = ContentService::new(DieselContentRepo::new(db.clone()), media()?).map_err(|e| WiringError(e.to_string()))?;
    let health_db = db.clone();
    Ok(AppState {
        accounts: Arc::new(accounts) as Arc<dyn AccountsApi>,
        catalog: Arc::new(catalog) as Arc<dyn CatalogApi>,
        content: Arc::new(content) as Arc<dyn ContentApi>,
        jwt: Arc::new(jwt),
        health: Arc::new(move || health_db.ping().map_err(|e| e.to_string())),
    })
}
