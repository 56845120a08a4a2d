use std::path::PathBuf;
use std::sync::Arc;

use accounts::AccountsApi;
use actix_web::http::header::HeaderMap;
use actix_web::http::{Method, StatusCode};
use catalog::{CategoryInput, ParentChoice, ProductInput, VariantInput};
use http::ratelimit::RateLimitConfig;
use kernel::IncomingFile;
use serde_json::{json, Value};
use server::app::{make_app, Paths, WebSecurity};
use server::wiring::{build_state, MailSettings, Settings};
use store::testing::TestDb;
use store::Backend;

pub const SECRET: &[u8] = b"test-secret-test-secret-test-secret!";
pub const PASSWORD: &str = "s3cret-pass-9";


/// The address the test shop says it is reached at (`SHOP_PUBLIC_URL`).
pub const PUBLIC_URL: &str = "http://shop.test";
/// How a test shop is configured: `TestApp::builder().limits(..).smtp(..).spawn()`. Unset,
/// a shop runs on SQLite, writes e-mail to its outbox, has no abuse limits, the default
/// browser security, no web app folder and the system clock.
#[derive(Clone)]
pub struct TestAppBuilder {
    backend: Backend,
    smtp_url: Option<String>,
    limits: RateLimitConfig,
    orders_per_minute: u32,
    security: WebSecurity,
    static_dir: Option<PathBuf>,
    clock: kernel::Clock,
    blobs: Option<Arc<dyn media::Blobs>>,
}

impl TestAppBuilder {
    pub fn backend(mut self, backend: Backend) -> Self {
        self.backend = backend;
        self
    }

    /// E-mail goes to this SMTP server instead of `.eml` files in the outbox.
    pub fn smtp(mut self, url: impl Into<String>) -> Self {
        self.smtp_url = Some(url.into());
        self
    }

    /// These abuse limits (the other tests run without any).
    pub fn limits(mut self, limits: RateLimitConfig) -> Self {
        self.limits = limits;
        self
    }

    /// The orders domain's limit of orders per account per minute (off unless set).
    pub fn orders_per_minute(mut self, orders: u32) -> Self {
        self.orders_per_minute = orders;
        self
    }

    pub fn security(mut self, security: WebSecurity) -> Self {
        self.security = security;
        self
    }

    /// Serves the web app built into this folder.
    pub fn web_app(mut self, dir: impl Into<PathBuf>) -> Self {
        self.static_dir = Some(dir.into());
        self
    }

    /// Uploads go to this store (another storage adapter) instead of a fresh folder.
    pub fn uploads(mut self, blobs: Arc<dyn media::Blobs>) -> Self {
        self.blobs = Some(blobs);
        self
    }

    /// A clock the test keeps a clone of and moves forward.
    pub fn clock(mut self, clock: kernel::Clock) -> Self {
        self.clock = clock;
        self
    }

    /// Starts the shop on a fresh database.
    pub fn spawn(self) -> TestApp {
        let db = TestDb::new(self.backend);
        let data = tempfile::tempdir().expect("data folder");
        let uploads_dir = tempfile::tempdir().expect("uploads folder");
        let uploads: Arc<dyn media::Blobs> = match &self.blobs {
            Some(blobs) => blobs.clone(),
            None => Arc::new(media::LocalBlobs::new(uploads_dir.path()).expect("uploads folder")),
        };
        let Started { server, accounts, catalog, content } = start(&self, &db, &uploads, data.path());
        let outbox = data.path().join("outbox");
        TestApp { server, accounts, catalog, content, backend: self.backend, db, outbox, config: self, uploads, uploads_dir, data }
    }
}

/// The settings of one shop process on the test's database and folders.
fn settings(config: &TestAppBuilder, uploads: &Arc<dyn media::Blobs>, data: &std::path::Path) -> Settings {
    Settings {
        jwt_secret: SECRET.to_vec(),
        bcrypt_cost: 4,
        uploads: uploads.clone(),
        sync_poll: server::sync::DEFAULT_POLL,
        mail: MailSettings::from_config(config.smtp_url.as_deref(), data, None),
        rate_limits: config.limits.clone(),
        orders_per_minute: config.orders_per_minute,
        clock: config.clock.clone(),
        public_url: PUBLIC_URL.into(),
    }
}

struct Started {
    server: actix_test::TestServer,
    accounts: Arc<dyn AccountsApi>,
    catalog: Arc<dyn catalog::CatalogApi>,
    content: Arc<dyn content::ContentApi>,
}

fn start(config: &TestAppBuilder, db: &TestDb, uploads: &Arc<dyn media::Blobs>, data: &std::path::Path) -> Started {
    let state = build_state(&db.db, &settings(config, uploads, data)).expect("wiring");
    let (accounts, catalog, content) = (state.accounts.clone(), state.catalog.clone(), state.content.clone());
    let paths = Paths { uploads: uploads.clone(), static_dir: config.static_dir.clone(), public_url: PUBLIC_URL.into() };
    let security = config.security.clone();
    let server = actix_test::start(move || make_app(state.clone(), paths.clone(), security.clone()));
    Started { server, accounts, catalog, content }
}

/// One running shop on a fresh database.
pub struct TestApp {
    pub server: actix_test::TestServer,
    pub accounts: Arc<dyn AccountsApi>,
    pub catalog: Arc<dyn catalog::CatalogApi>,
    pub content: Arc<dyn content::ContentApi>,
    pub backend: Backend,
    pub db: TestDb,
    /// Where the outbox mailer writes (also when another mailer is configured).
    pub outbox: PathBuf,
    /// Where uploads are stored (the folder `uploads_dir`, or a store the test gave).
    pub uploads: Arc<dyn media::Blobs>,
    config: TestAppBuilder,
    uploads_dir: tempfile::TempDir,
    data: tempfile::TempDir,
}

/// An answer: status, parsed JSON body (Null when the body is not JSON), headers.
pub struct Reply {
    pub status: StatusCode,
    pub body: Value,
    pub headers: HeaderMap,
}

impl Reply {
    pub fn message(&self) -> &str {
        self.body["message"].as_str().unwrap_or("")
    }

    /// An error answer's status, machine code and field (when it names one).
    pub fn error(&self) -> (u16, &str, Option<&str>) {
        (self.status.as_u16(), self.body["code"].as_str().unwrap_or(""), self.body["field"].as_str())
    }

    #[track_caller]
    pub fn expect(self, status: u16) -> Reply {
        assert_eq!(self.status.as_u16(), status, "unexpected status; body: {}", self.body);
        self
    }

    /// `data.id` of the answer.
    pub fn id(&self) -> String {
        self.body["data"]["id"].as_str().unwrap_or_default().to_string()
    }
}

/// A request body.
pub enum Body {
    None,
    Json(Value),
    /// Raw bytes with their content type.
    Bytes(String, Vec<u8>),
}

/// Sends one request to a shop; `headers` come after the bearer token.
pub async fn send_to(
    server: &actix_test::TestServer,
    method: &str,
    path: &str,
    token: Option<&str>,
    body: Body,
    headers: &[(&str, &str)],
) -> Reply {
    let method = Method::from_bytes(method.as_bytes()).unwrap_or_default();
    let mut request = server.request(method, server.url(path));
    if let Some(token) = token {
        request = request.insert_header(("Authorization", format!("Bearer {token}")));
    }
    for (name, value) in headers {
        request = request.insert_header((name.to_string(), value.to_string()));
    }
    let response = match body {
        Body::None => request.send().await,
        Body::Json(body) => request.send_json(&body).await,
        Body::Bytes(content_type, bytes) => request.insert_header(("Content-Type", content_type)).send_body(bytes).await,
    };
    let mut response = response.unwrap_or_else(|e| panic!("{path}: request failed: {e}"));
    let bytes = response.body().limit(64 * 1024 * 1024).await.unwrap_or_default();
    Reply {
        status: response.status(),
        body: serde_json::from_slice(&bytes).unwrap_or(Value::Null),
        headers: response.headers().clone(),
    }
}

impl TestApp {
    /// A shop on SQLite with nothing configured; the builder's methods change that.
    pub fn builder() -> TestAppBuilder {
        TestAppBuilder {
            backend: Backend::Sqlite,
            smtp_url: None,
            limits: RateLimitConfig::off(),
            orders_per_minute: 0,
            security: WebSecurity::default(),
            static_dir: None,
            clock: kernel::Clock::system(),
            blobs: None,
        }
    }

    /// One default shop per backend this run can reach.
    pub fn all() -> Vec<TestApp> {
        TestDb::backends().into_iter().map(|backend| TestApp::builder().backend(backend).spawn()).collect()
    }

    /// A second shop process with the same configuration on the same database, uploads and
    /// outbox (as two instances behind a load balancer): its own memory, the same rows.
    pub fn second_instance(&self) -> Instance {
        Instance(start(&self.config, &self.db, &self.uploads, self.data.path()).server)
    }

    pub async fn send(&self, method: &str, path: &str, token: Option<&str>, body: Option<Value>) -> Reply {
        send_to(&self.server, method, path, token, body.map_or(Body::None, Body::Json), &[]).await
    }

    /// Like `send`, with extra request headers.
    pub async fn send_with(&self, method: &str, path: &str, token: Option<&str>, body: Value, headers: &[(&str, &str)]) -> Reply {
        send_to(&self.server, method, path, token, Body::Json(body), headers).await
    }

    /// Sends raw bytes with the given content type.
    pub async fn send_raw(&self, method: &str, path: &str, token: Option<&str>, content_type: &str, body: Vec<u8>) -> Reply {
        send_to(&self.server, method, path, token, Body::Bytes(content_type.to_string(), body), &[]).await
    }

    pub async fn get(&self, path: &str, token: Option<&str>) -> Reply {
        self.send("GET", path, token, None).await
    }

    pub async fn post(&self, path: &str, token: Option<&str>, body: Value) -> Reply {
        self.send("POST", path, token, Some(body)).await
    }

    pub async fn put(&self, path: &str, token: Option<&str>, body: Value) -> Reply {
        self.send("PUT", path, token, Some(body)).await
    }

    pub async fn delete(&self, path: &str, token: Option<&str>) -> Reply {
        self.send("DELETE", path, token, None).await
    }

    /// Sends a multipart form, as the admin web app does.
    pub async fn form(&self, method: &str, path: &str, token: Option<&str>, parts: Vec<Part>) -> Reply {
        let boundary = "----shop-test-boundary-7MA4YWxkTrZu0gW";
        let mut body = Vec::new();
        for part in parts {
            body.extend_from_slice(format!("--{boundary}\r\n").as_bytes());
            match part {
                Part::Text(name, value) => {
                    body.extend_from_slice(format!("Content-Disposition: form-data; name=\"{name}\"\r\n\r\n").as_bytes());
                    body.extend_from_slice(value.as_bytes());
                }
                Part::File(name, filename, bytes) => {
                    body.extend_from_slice(
                        format!("Content-Disposition: form-data; name=\"{name}\"; filename=\"{filename}\"\r\nContent-Type: image/png\r\n\r\n").as_bytes(),
                    );
                    body.extend_from_slice(&bytes);
                }
            }
            body.extend_from_slice(b"\r\n");
        }
        body.extend_from_slice(format!("--{boundary}--\r\n").as_bytes());
        let content_type = format!("multipart/form-data; boundary={boundary}");
        send_to(&self.server, method, path, token, Body::Bytes(content_type, body), &[]).await
    }

    /// A GET with extra headers, without decompressing: (status, headers, raw bytes).
    pub async fn get_raw(&self, path: &str, headers: &[(&str, &str)]) -> (u16, HeaderMap, Vec<u8>) {
        let mut request = self.server.get(path).no_decompress();
        for (name, value) in headers {
            request = request.insert_header((name.to_string(), value.to_string()));
        }
        let mut response = request.send().await.unwrap_or_else(|e| panic!("{path}: {e}"));
        let body = response.body().limit(64 * 1024 * 1024).await.map(|b| b.to_vec()).unwrap_or_default();
        (response.status().as_u16(), response.headers().clone(), body)
    }

    /// A HEAD request: (status, headers, the body bytes that came anyway).
    pub async fn head(&self, path: &str) -> (u16, HeaderMap, Vec<u8>) {
        let mut response = self.server.head(path).send().await.unwrap_or_else(|e| panic!("{path}: {e}"));
        let body = response.body().await.map(|b| b.to_vec()).unwrap_or_default();
        (response.status().as_u16(), response.headers().clone(), body)
    }

    /// The raw bytes of an answer (images).
    pub async fn get_bytes(&self, path: &str) -> Vec<u8> {
        let mut response = self.server.get(path).send().await.unwrap_or_else(|e| panic!("{path}: {e}"));
        response.body().limit(16 * 1024 * 1024).await.map(|b| b.to_vec()).unwrap_or_default()
    }

    /// Registers a customer and returns (token, user json).
    pub async fn customer(&self, username: &str) -> (String, Value) {
        let reply = self
            .post(
                "/api/auth/register",
                None,
                json!({ "username": username, "email": format!("{username}@example.in"), "password": PASSWORD }),
            )
            .await
            .expect(201);
        let token = reply.body["data"]["token"].as_str().unwrap_or_default().to_string();
        (token, reply.body["data"]["user"].clone())
    }

    /// Creates an admin through the same path as `shop create-admin` and signs in.
    pub async fn admin(&self) -> String {
        let accounts = self.accounts.clone();
        actix_web::rt::task::spawn_blocking(move || accounts.ensure_admin("owner@shop.in", PASSWORD, Some("owner")))
            .await
            .expect("the admin task ran")
            .expect("admin created");
        self.sign_in("owner@shop.in").await
    }

    /// Signs in again (a test that moves the shop's clock past a session's 7 days does, as a
    /// shopper would) and returns the new token. Every account here has [`PASSWORD`].
    pub async fn sign_in(&self, identifier: &str) -> String {
        let reply = self.post("/api/auth/login", None, json!({ "identifier": identifier, "password": PASSWORD })).await.expect(200);
        reply.body["token"].as_str().unwrap_or_default().to_string()
    }

    /// Adds a valid address for the token's user and returns its id.
    pub async fn address(&self, token: &str, line1: &str) -> String {
        self.post(
            "/api/addresses",
            Some(token),
            json!({ "fullName": "Asha Rao", "phone": "+91 98765 43210", "addressLine1": line1,
                    "addressLine2": "Near the temple", "city": "Pune", "state": "Maharashtra",
                    "postalCode": "411001", "isDefault": false }),
        )
        .await
        .expect(201)
        .id()
    }

    /// Puts `quantity` pieces of the variant into the token's cart.
    pub async fn add_to_cart(&self, token: &str, variant: &str, quantity: i64) -> Reply {
        self.post("/api/cart/add", Some(token), json!({ "productVariantId": variant, "quantity": quantity })).await
    }

    /// Creates a category with one image; returns its id.
    pub async fn category(&self, token: &str, name: &str, parent: Option<&str>) -> String {
        let mut parts = vec![text("name", name), text("description", format!("All {name}")), file("media", "c.png", png())];
        if let Some(p) = parent {
            parts.push(text("parentId", p));
        }
        self.form("POST", "/api/categories", Some(token), parts).await.expect(201).id()
    }

    /// Creates a product; `variants` is the productVariants JSON.
    pub async fn product(&self, token: &str, name: &str, category: &str, variants: Value) -> Value {
        let parts = vec![
            text("productName", name),
            text("categoryId", category),
            text("description", format!("A fine {name}")),
            text("productVariants", variants.to_string()),
            file("images", "p.png", png()),
        ];
        self.form("POST", "/api/products", Some(token), parts).await.expect(201).body["data"].clone()
    }

    /// Number of files in the uploads folder.
    pub fn upload_count(&self) -> usize {
        std::fs::read_dir(self.uploads_dir.path()).map(|d| d.count()).unwrap_or(0)
    }
}

/// Another shop process on the same database (see `TestApp::second_instance`).
pub struct Instance(pub actix_test::TestServer);

/// The instance's server, for requests the helpers below do not cover.
impl std::ops::Deref for Instance {
    type Target = actix_test::TestServer;
    fn deref(&self) -> &actix_test::TestServer {
        &self.0
    }
}

impl Instance {
    pub async fn get(&self, path: &str, token: Option<&str>) -> Reply {
        send_to(&self.0, "GET", path, token, Body::None, &[]).await
    }

    pub async fn post(&self, path: &str, token: Option<&str>, body: Value) -> Reply {
        send_to(&self.0, "POST", path, token, Body::Json(body), &[]).await
    }

    pub async fn send_with(&self, method: &str, path: &str, token: Option<&str>, body: Value, headers: &[(&str, &str)]) -> Reply {
        send_to(&self.0, method, path, token, Body::Json(body), headers).await
    }
}

/// base64url without padding, for hand-made tokens.
pub fn b64url(bytes: &[u8]) -> String {
    use base64::Engine;
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(bytes)
}

/// Lifts the cash-on-delivery limits (the largest order, open orders per customer, pieces per
/// line) for tests about other rules that place many or large orders.
pub fn relax_cod(app: &TestApp) {
    sql(app, "UPDATE cod_settings SET max_order_paise = NULL, max_open_orders = 1000, max_units_per_line = 1000");
}

/// A shop on `backend` whose clock the test moves, taking as many cash-on-delivery orders as
/// the test places (`relax_cod`): the order list, reports and tax documents are about other rules.
pub fn shop_with_clock(backend: Backend) -> (TestApp, kernel::Clock) {
    let clock = kernel::Clock::system();
    let app = TestApp::builder().backend(backend).clock(clock.clone()).spawn();
    relax_cod(&app);
    (app, clock)
}

/// A customer with a name and a mobile number (what the back office lists and searches) and an
/// address on 12 Residency Road.
pub struct Shopper {
    pub token: String,
    pub id: String,
    pub address: String,
}

impl TestApp {
    /// Every e-mail in the outbox as a mail program shows it (line ends and quoted-printable
    /// undone), in the order they were written.
    pub fn mails(&self) -> Vec<String> {
        let mut files: Vec<_> = std::fs::read_dir(&self.outbox)
            .map(|d| d.filter_map(Result::ok).map(|e| e.path()).filter(|p| p.extension().is_some_and(|x| x == "eml")).collect())
            .unwrap_or_default();
        files.sort();
        let decoded = |raw: String| raw.replace("\r\n", "\n").replace("=\n", "").replace("=20", " ").replace("=3D", "=");
        files.iter().map(|f| decoded(std::fs::read_to_string(f).unwrap_or_default())).collect()
    }

    /// Waits (with a deadline) until the outbox holds `count` e-mails (a reset link is sent
    /// after the answer).
    pub async fn mails_when(&self, count: usize) -> Vec<String> {
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
        loop {
            let found = self.mails();
            if found.len() >= count {
                return found;
            }
            assert!(std::time::Instant::now() < deadline, "expected {count} e-mails, found {}", found.len());
            actix_web::rt::time::sleep(std::time::Duration::from_millis(20)).await;
        }
    }

    /// Registers `username` as a customer named `first last` with `mobile`, and adds an address.
    pub async fn shopper(&self, username: &str, first: &str, last: &str, mobile: &str) -> Shopper {
        let (token, user) = self.customer(username).await;
        self.put("/api/users/profile", Some(&token), json!({ "firstName": first, "lastName": last, "mobile": mobile }))
            .await
            .expect(200);
        let address = self.address(&token, "12 Residency Road").await;
        Shopper { id: user["id"].as_str().unwrap_or_default().to_string(), token, address }
    }

    /// Puts `quantity` pieces of `variant` in the shopper's cart and places the order, cash on
    /// delivery, to the shopper's address: the order's id.
    pub async fn order_cod(&self, who: &Shopper, variant: &str, quantity: i64) -> String {
        self.add_to_cart(&who.token, variant, quantity).await.expect(201);
        self.post("/api/orders/place", Some(&who.token), json!({ "addressId": who.address, "paymentMethod": "COD" }))
            .await
            .expect(201)
            .id()
    }
}

/// The back office's usual scene: a shop (`shop_with_clock`), its admin, a Linen Shirt and two
/// customers, Asha Rao (98765 43210) and Ravi Kumar (9123456780).
pub struct Desk {
    pub app: TestApp,
    pub clock: kernel::Clock,
    pub admin: String,
    /// The shirt's variant ids, in the order given.
    pub variants: Vec<String>,
    pub asha: Shopper,
    pub ravi: Shopper,
}

impl Desk {
    /// The scene with one shirt variant: M, White, 100 in stock at ₹1,000.
    pub async fn open(backend: Backend) -> Desk {
        Desk::with_shirts(backend, &[("M", "White", 100, 1_000, 0)]).await
    }

    /// The scene with the shirt's `variants` (as `seed_product` takes them).
    pub async fn with_shirts(backend: Backend, variants: &[(&str, &str, i32, i64, i64)]) -> Desk {
        let (app, clock) = shop_with_clock(backend);
        let admin = app.admin().await;
        let (_, variants) = seed_product(&app, "Linen Shirt", variants);
        let asha = app.shopper("asha", "Asha", "Rao", "98765 43210").await;
        let ravi = app.shopper("ravi", "Ravi", "Kumar", "9123456780").await;
        Desk { app, clock, admin, variants, asha, ravi }
    }
}

/// Karnataka (29), as published by the GST portal's examples.
pub const KARNATAKA_GSTIN: &str = "29AAGCB7383J1Z4";

/// Makes the shop GST-registered in the state of `gstin`, with the invoice prefix `KP`.
pub async fn register_gst(app: &TestApp, admin: &str, gstin: &str, state: &str) {
    let parts = vec![
        text("name", "Kapda"),
        text("legalName", "Kapda Private Limited"),
        text("address", "21 Residency Road, Bengaluru"),
        text("pincode", "560025"),
        text("gstin", gstin),
        text("state", state),
        text("invoicePrefix", "KP"),
    ];
    app.form("PUT", "/api/company-details", Some(admin), parts).await.expect(200);
}

/// Moves the shop's clock to this moment (UTC).
pub fn set_clock(clock: &kernel::Clock, y: i32, m: u32, d: u32, h: u32, min: u32) {
    use chrono::TimeZone;
    let target = chrono::Utc.with_ymd_and_hms(y, m, d, h, min, 0).single().expect("a moment");
    clock.advance(target - clock.now());
}

/// The PDF at `path` as `token` gets it: (status, extracted text).
pub async fn pdf_text(app: &TestApp, path: &str, token: &str) -> (u16, String) {
    let bearer = format!("Bearer {token}");
    let (status, headers, bytes) = app.get_raw(path, &[("Authorization", &bearer), ("Accept-Encoding", "identity")]).await;
    if status != 200 {
        return (status, String::new());
    }
    assert_eq!(headers.get("content-type").and_then(|v| v.to_str().ok()), Some("application/pdf"));
    (status, pdf_extract::extract_text_from_mem(&bytes).expect("the PDF's text"))
}

/// A shop's first sale in the making: the admin, a product of one variant and the customer
/// asha with an address on 12 Residency Road.
pub struct Storefront {
    pub admin: String,
    pub product: String,
    pub variant: String,
    pub asha: String,
    pub home: String,
}

impl Storefront {
    /// `variant` as `seed_product` takes one: (size, colour, stock, price, saving in rupees).
    pub async fn open(app: &TestApp, name: &str, variant: (&str, &str, i32, i64, i64)) -> Storefront {
        let admin = app.admin().await;
        let (product, variants) = seed_product(app, name, &[variant]);
        let (asha, _) = app.customer("asha").await;
        let home = app.address(&asha, "12 Residency Road").await;
        Storefront { admin, product, variant: variants[0].clone(), asha, home }
    }
}

/// Runs one SQL statement on the test database, as an operator would by hand.
pub fn sql(app: &TestApp, statement: &str) {
    use diesel::connection::SimpleConnection;
    let mut conn = app.db.db.conn().expect("a connection");
    conn.batch_execute(statement).unwrap_or_else(|e| panic!("{statement}: {e}"));
}

/// A catalogue product made through the catalogue service, as the back office makes one:
/// a category of its own, one picture, and variants `(size, colour, stock, price in
/// rupees, saving in rupees)`. Returns (product id, variant ids in order).
pub fn seed_product(app: &TestApp, name: &str, variants: &[(&str, &str, i32, i64, i64)]) -> (String, Vec<String>) {
    let picture = || vec![IncomingFile { bytes: png() }];
    let category = app
        .catalog
        .create_category(CategoryInput {
            name: Some(format!("{name} {}", &kernel::new_id()[..8])),
            description: Some(format!("All {name}")),
            parent: ParentChoice::TopLevel,
            hsn_code: None,
            files: picture(),
            deleted_upload_ids: Vec::new(),
        })
        .expect("seed category");
    let variants = variants
        .iter()
        .map(|(size, color, stock, price, saving)| VariantInput {
            id: None,
            size: Some(size.to_string()),
            color: Some(color.to_string()),
            color_hex: Some("#1F3A93".into()),
            stock: Some(stock.to_string()),
            original_price: Some(price.to_string()),
            discount_price: Some(saving.to_string()),
            sku: None,
            expected_stock: None,
        })
        .collect();
    let product = app
        .catalog
        .create_product(ProductInput {
            name: Some(name.to_string()),
            category_id: Some(category.id),
            description: Some("Soft cotton".into()),
            variants: Some(variants),
            files: picture(),
            ..ProductInput::default()
        })
        .expect("seed product");
    (product.id.clone(), product.variants.iter().map(|v| v.id.clone()).collect())
}

#[derive(diesel::QueryableByName)]
struct Number {
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    n: i64,
}

/// One number from SQL that selects it `AS n` (cast to BIGINT).
pub fn number(app: &TestApp, query: &str) -> i64 {
    use diesel::RunQueryDsl;
    let mut conn = app.db.db.conn().expect("a connection");
    diesel::sql_query(query).get_result::<Number>(&mut *conn).map(|r| r.n).unwrap_or_else(|e| panic!("{query}: {e}"))
}

pub fn stock(app: &TestApp, variant: &str) -> i64 {
    number(app, &format!("SELECT CAST(stock AS BIGINT) AS n FROM variants WHERE id = '{variant}'"))
}

pub fn count(app: &TestApp, table: &str) -> i64 {
    number(app, &format!("SELECT CAST(COUNT(*) AS BIGINT) AS n FROM {table}"))
}

/// A real PNG (or JPEG) of the given size.
pub fn image_bytes(width: u32, height: u32, format: image::ImageFormat) -> Vec<u8> {
    let img = image::ImageBuffer::from_fn(width, height, |x, y| image::Rgb([(x % 256) as u8, (y % 256) as u8, 90]));
    let mut out = std::io::Cursor::new(Vec::new());
    img.write_to(&mut out, format).expect("image encoded");
    out.into_inner()
}

pub fn png() -> Vec<u8> {
    image_bytes(24, 16, image::ImageFormat::Png)
}

/// One part of a multipart form: a text field, or a file with the name a client claims.
pub enum Part {
    Text(&'static str, String),
    File(&'static str, String, Vec<u8>),
}

pub fn text(name: &'static str, value: impl Into<String>) -> Part {
    Part::Text(name, value.into())
}

pub fn file(name: &'static str, filename: impl Into<String>, bytes: Vec<u8>) -> Part {
    Part::File(name, filename.into(), bytes)
}
