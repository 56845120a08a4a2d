use std::io::BufRead;

use accounts::{AccountsError, AdminOutcome, AdminSetup};
use actix_web::HttpServer;
use clap::{Parser, Subcommand};
use store::{migrations, Db};

use crate::app::{make_app, Paths, WebSecurity};
use crate::config::Config;
use crate::wiring::{build_state, MailSettings, Settings};

#[derive(Parser, Debug)]
#[command(name = "shop", about = "The online fashion shop: API, web app and back office in one binary")]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Run the shop (the default): migrations, then the web server.
    Serve,
    /// Apply pending database migrations and exit.
    Migrate,
    /// Create an admin account, or set the password of an existing admin. An existing
    /// customer account with that e-mail is made admin only with --promote.
    /// The password comes from --password, SHOP_ADMIN_PASSWORD, or one line on stdin.
    CreateAdmin {
        #[arg(long)]
        email: String,
        #[arg(long)]
        username: Option<String>,
        #[arg(long)]
        password: Option<String>,
        /// Make an existing customer account with this e-mail an admin (its sessions end).
        #[arg(long)]
        promote: bool,
    },
    /// Fill an empty database with the demo catalogue.
    SeedDemo,
    /// Write a consistent copy of the SQLite database to FILE, also while the shop runs.
    Backup { file: std::path::PathBuf },
    /// Replace the SQLite database with the backup FILE (refused while the shop runs).
    Restore { file: std::path::PathBuf },
    /// Print the OpenAPI document the shop serves at /api/openapi.json (or write it to FILE),
    /// without a running shop or a database: the web app's API types are generated from it.
    Openapi { file: Option<std::path::PathBuf> },
}

/// A start-up failure, printed as one plain sentence.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct Fatal(pub String);

fn fatal(e: impl std::fmt::Display) -> Fatal {
    Fatal(e.to_string())
}

fn open_and_migrate(config: &Config) -> Result<Db, Fatal> {
    let db = Db::open(&config.database_url).map_err(fatal)?;
    let applied = migrations::run_pending(&db).map_err(fatal)?;
    if applied.is_empty() {
        tracing::info!("database schema is up to date");
    } else {
        tracing::info!(count = applied.len(), versions = ?applied, "applied migrations");
    }
    Ok(db)
}

fn settings(config: &Config) -> Result<Settings, Fatal> {
    let jwt_secret = crate::secret::load_or_create(config.jwt_secret.as_deref(), &config.data_dir).map_err(fatal)?;
    let mail = MailSettings::from_config(config.smtp_url.as_deref(), &config.data_dir, config.mail_from.as_deref());
    Ok(Settings {
        jwt_secret,
        bcrypt_cost: config.bcrypt_cost,
        uploads: crate::wiring::uploads(config.uploads_url.as_deref(), &config.uploads_dir).map_err(fatal)?,
        mail,
        rate_limits: config.rate_limits.clone(),
        orders_per_minute: config.orders_per_minute,
        clock: kernel::Clock::system(),
        public_url: config.public_url.clone(),
        sync_poll: config.sync_poll,
    })
}

pub async fn run(cli: Cli, config: Config) -> Result<(), Fatal> {
    match cli.command.unwrap_or(Command::Serve) {
        Command::Serve => serve(config).await,
        Command::Migrate => open_and_migrate(&config).map(|_| ()),
        Command::CreateAdmin { email, username, password, promote } => {
            let db = open_and_migrate(&config)?;
            let state = build_state(&db, &settings(&config)?).map_err(fatal)?;
            let password = match password.or(config.admin_password.clone()) {
                Some(p) => p,
                None => read_password_line()?,
            };
            let accounts = state.accounts.clone();
            let setup = actix_web::rt::task::spawn_blocking(move || {
                if promote {
                    accounts.promote_to_admin(&email, &password, username.as_deref())
                } else {
                    accounts.ensure_admin(&email, &password, username.as_deref())
                }
            })
            .await
            .map_err(fatal)?
            .map_err(|e| match e {
                AccountsError::WouldPromoteCustomer { .. } => Fatal(format!(
                    "{e}. If that account is yours, run the command again with --promote: it becomes an admin \
                     with this password and its sessions end."
                )),
                other => fatal(other),
            })?;
            println!("{}", admin_report(&setup));
            Ok(())
        }
        Command::Backup { file } => {
            store::backup::backup(&config.database_url, &file).map_err(Fatal)?;
            println!("Backup written to {}", file.display());
            Ok(())
        }
        Command::Restore { file } => {
            store::backup::restore(&config.database_url, &file).map_err(Fatal)?;
            println!("Database restored from {}", file.display());
            Ok(())
        }
        Command::Openapi { file } => {
            let document = served_openapi_document().await?;
            match file {
                Some(file) => std::fs::write(&file, document).map_err(|e| Fatal(format!("{}: {e}", file.display()))),
                None => {
                    print!("{document}");
                    Ok(())
                }
            }
        }
        Command::SeedDemo => {
            let db = open_and_migrate(&config)?;
            let state = build_state(&db, &settings(&config)?).map_err(fatal)?;
            match seed_demo(&state).await? {
                Some(report) => println!("Demo catalogue ready: {} categories, {} products", report.categories, report.products),
                None => println!("The catalogue already has categories: nothing seeded"),
            }
            Ok(())
        }
    }
}

/// The body of `GET /api/openapi.json`, asked of the real app in process (on a throwaway
/// SQLite database in a temporary folder), pretty-printed with a final newline.
async fn served_openapi_document() -> Result<String, Fatal> {
    let dir = std::env::temp_dir().join(format!("shop-openapi-{}", kernel::new_id()));
    let result = openapi_from(&dir).await;
    let _ = std::fs::remove_dir_all(&dir);
    result
}

async fn openapi_from(dir: &std::path::Path) -> Result<String, Fatal> {
    use actix_web::test;
    std::fs::create_dir_all(dir).map_err(fatal)?;
    let db = Db::open(&format!("sqlite://{}", dir.join("shop.db").display())).map_err(fatal)?;
    migrations::run_pending(&db).map_err(fatal)?;
    let uploads: std::sync::Arc<dyn media::Blobs> = std::sync::Arc::new(media::LocalBlobs::new(dir.join("uploads")).map_err(fatal)?);
    let settings = Settings {
        jwt_secret: kernel::new_id().into_bytes(),
        bcrypt_cost: 4,
        uploads: uploads.clone(),
        sync_poll: crate::sync::DEFAULT_POLL,
        mail: MailSettings::from_config(None, dir, None),
        rate_limits: http::ratelimit::RateLimitConfig::off(),
        orders_per_minute: 0,
        clock: kernel::Clock::system(),
        public_url: "http://127.0.0.1:8080".into(),
    };
    let state = build_state(&db, &settings).map_err(fatal)?;
    let paths = Paths { uploads, static_dir: None, public_url: String::new() };
    let security = WebSecurity::default();
    let app = test::init_service(make_app(state, paths, security)).await;
    let response = test::call_service(&app, test::TestRequest::get().uri("/api/openapi.json").to_request()).await;
    if !response.status().is_success() {
        return Err(Fatal(format!("GET /api/openapi.json answered {}", response.status())));
    }
    let body = test::read_body(response).await;
    let document: serde_json::Value = serde_json::from_slice(&body).map_err(fatal)?;
    let mut text = serde_json::to_string_pretty(&document).map_err(fatal)?;
    text.push('\n');
    Ok(text)
}

async fn seed_demo(state: &http::AppState) -> Result<Option<crate::demo::SeedReport>, Fatal> {
    let (catalog, content) = (state.catalog.clone(), state.content.clone());
    actix_web::rt::task::spawn_blocking(move || crate::demo::seed(catalog.as_ref(), content.as_ref()))
        .await
        .map_err(fatal)?
        .map_err(|e| Fatal(format!("demo catalogue: {e}")))
}

/// What `shop create-admin` did, in one line that names the account.
fn admin_report(setup: &AdminSetup) -> String {
    let who = format!("{} ({})", setup.user.username, setup.user.email);
    match setup.outcome {
        AdminOutcome::Created => format!("Admin ready: {who}: a new admin account"),
        AdminOutcome::Promoted => {
            format!("Promoted the customer account {who} to admin; its earlier sessions have ended")
        }
        AdminOutcome::PasswordSet => format!("Admin ready: {who}: password set; its earlier sessions have ended"),
        AdminOutcome::Unchanged => format!("Admin ready: {who}: already an admin with this password"),
    }
}

fn read_password_line() -> Result<String, Fatal> {
    eprintln!("Admin password (at least 8 characters):");
    let mut line = String::new();
    std::io::stdin().lock().read_line(&mut line).map_err(fatal)?;
    Ok(line.trim_end_matches(['\n', '\r']).to_string())
}

async fn serve(config: Config) -> Result<(), Fatal> {
    let started = std::time::Instant::now();
    // One shop per SQLite database; `shop restore` checks this lock too.
    let _lock = match store::backup::sqlite_path(&config.database_url) {
        Ok(db) => Some(store::backup::lock(&db).map_err(Fatal)?),
        Err(_) => None,
    };
    if let Some(base) = &config.uploads_public_url {
        // Before anything builds an answer, so every answer of this process says the same.
        kernel::serve_uploads_from(base);
        tracing::info!(base = %base, "answers point at uploads on SHOP_UPLOADS_PUBLIC_URL");
    }
    let db = open_and_migrate(&config)?;
    let settings = settings(&config)?;
    let state = build_state(&db, &settings).map_err(fatal)?;
    if let (Some(email), Some(password)) = (config.admin_email.clone(), config.admin_password.clone()) {
        let accounts = state.accounts.clone();
        // Never promotes a customer: someone could have registered the owner's address first.
        let admin = actix_web::rt::task::spawn_blocking(move || accounts.ensure_admin(&email, &password, None))
            .await
            .map_err(fatal)?
            .map_err(|e| match e {
                AccountsError::WouldPromoteCustomer { .. } => Fatal(format!(
                    "SHOP_ADMIN_EMAIL: {e}. If that account is yours, make it an admin with \
                     `shop create-admin --email <it> --promote`, or choose another SHOP_ADMIN_EMAIL."
                )),
                other => Fatal(format!("SHOP_ADMIN_EMAIL/SHOP_ADMIN_PASSWORD: {other}")),
            })?;
        tracing::info!(admin = %admin.user.email, outcome = ?admin.outcome, "admin account ready");
    }
    if config.demo {
        if let Some(report) = seed_demo(&state).await? {
            tracing::info!(categories = report.categories, products = report.products, "seeded the demo catalogue");
        }
    }
    let paths = Paths {
        uploads: settings.uploads.clone(),
        static_dir: Some(config.static_dir.clone()),
        public_url: config.public_url.clone(),
    };
    if !config.static_dir.join("index.html").is_file() {
        tracing::warn!(dir = %config.static_dir.display(), "no built web app found: serving the API only");
    }
    let images_from = config.uploads_public_url.as_deref().and_then(crate::config::origin_of);
    let security = WebSecurity { cors_origins: config.cors_origins.clone(), hsts: config.hsts, images_from, body_idle: None };
    let server = HttpServer::new(move || make_app(state.clone(), paths.clone(), security.clone()))
        .shutdown_timeout(10)
        .bind(&config.bind)
        .map_err(|e| Fatal(format!("cannot listen on {}: {e}", config.bind)))?;
    tracing::info!(
        address = %format!("http://{}", config.bind),
        backend = ?db.backend(),
        startup_ms = started.elapsed().as_millis() as u64,
        "shop is ready"
    );
    // actix stops gracefully on SIGTERM and SIGINT: in-flight requests finish first.
    server.run().await.map_err(fatal)
}
