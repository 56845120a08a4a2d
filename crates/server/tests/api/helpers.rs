use std::sync::Arc;

use accounts::AccountsApi;
use actix_web::http::StatusCode;
use http::ratelimit::RateLimitConfig;
use serde_json::{json, Value};
use server::app::{make_app, Paths, WebSecurity};
use server::wiring::{build_state, MailSettings, Settings};
use store::testing::TestDb;
use store::Backend;

pub const SECRET: &[u8] = b"test-secret-test-secret-test-secret!";
pub const PASSWORD: &str = "s3cret-pass-9";

/// One running shop on a fresh database.
pub struct TestApp {
    pub server: actix_test::TestServer,
    pub accounts: Arc<dyn AccountsApi>,
    pub catalog: Arc<dyn catalog::CatalogApi>,
    pub content: Arc<dyn content::ContentApi>,
    pub backend: Backend,
    pub db: TestDb,
    /// Where the outbox mailer writes (also when another mailer is configured).
    pub outbox: std::path::PathBuf,
    /// Where uploads are stored (the folder `_uploads`, or a store the test gave).
    pub uploads: Arc<dyn media::Blobs>,
    _uploads: tempfile::TempDir,
    _data: tempfile::TempDir,
}

/// An answer: status, parsed JSON body (Null when the body is not JSON), headers.
pub struct Reply {
    pub status: StatusCode,
    pub body: Value,
    pub headers: actix_web::http::header::HeaderMap,
}

impl Reply {
    pub fn message(&self) -> &str {
        self.body["message"].as_str().unwrap_or("")
    }

    #[track_caller]
    pub fn expect(self, status: u16) -> Reply {
        assert_eq!(self.status.as_u16(), status, "unexpected status; body: {}", self.body);
        self
    }
}

impl TestApp {
    pub fn spawn(backend: Backend) -> TestApp {
        Self::spawn_with_mail(backend, None)
    }

    /// `smtp_url` set: e-mail goes to that SMTP server; unset: `.eml` files in `outbox`.
    pub fn spawn_with_mail(backend: Backend, smtp_url: Option<&str>) -> TestApp {
        Self::spawn_with(backend, smtp_url, RateLimitConfig::off())
    }

    /// A shop with these abuse limits (the other tests run without any).
    pub fn spawn_with_limits(backend: Backend, limits: RateLimitConfig) -> TestApp {
        Self::spawn_with(backend, None, limits)
    }

    pub fn spawn_with(backend: Backend, smtp_url: Option<&str>, limits: RateLimitConfig) -> TestApp {
        Self::spawn_full(backend, smtp_url, limits, WebSecurity::default(), None)
    }

    /// Everything configurable: mail, limits, browser security, a built web app folder.
    pub fn spawn_full(
        backend: Backend,
        smtp_url: Option<&str>,
        limits: RateLimitConfig,
        security: WebSecurity,
        static_dir: Option<std::path::PathBuf>,
    ) -> TestApp {
        Self::spawn_timed(backend, smtp_url, limits, security, static_dir, kernel::Clock::system())
    }

    /// Like `spawn_full`, on a clock the test keeps a clone of and moves forward.
    pub fn spawn_timed(
        backend: Backend,
        smtp_url: Option<&str>,
        limits: RateLimitConfig,
        security: WebSecurity,
        static_dir: Option<std::path::PathBuf>,
        clock: kernel::Clock,
    ) -> TestApp {
        Self::spawn_on(backend, smtp_url, limits, security, static_dir, clock, None)
    }

    /// A shop whose uploads go to `blobs` (another storage adapter), or to a fresh folder.
    pub fn spawn_with_uploads(backend: Backend, blobs: Arc<dyn media::Blobs>) -> TestApp {
        let (limits, security) = (RateLimitConfig::off(), WebSecurity::default());
        Self::spawn_on(backend, None, limits, security, None, kernel::Clock::system(), Some(blobs))
    }

    fn spawn_on(
        backend: Backend,
        smtp_url: Option<&str>,
        limits: RateLimitConfig,
        security: WebSecurity,
        static_dir: Option<std::path::PathBuf>,
        clock: kernel::Clock,
        blobs: Option<Arc<dyn media::Blobs>>,
    ) -> TestApp {
        let db = TestDb::new(backend);
        let data = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let mail = MailSettings::from_config(smtp_url, data.path(), None);
        let outbox = data.path().join("outbox");
        let uploads = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let blobs: Arc<dyn media::Blobs> = match blobs {
            Some(blobs) => blobs,
            None => Arc::new(media::LocalBlobs::new(uploads.path()).unwrap_or_else(|e| panic!("{e}"))),
        };
        let settings = Settings {
            jwt_secret: SECRET.to_vec(),
            bcrypt_cost: 4,
            uploads: blobs.clone(),
            mail,
            rate_limits: limits,
            clock,
            public_url: "http://shop.test".into(),
            sync_poll: server::sync::DEFAULT_POLL,
        };
        let state = build_state(&db.db, &settings).unwrap_or_else(|e| panic!("{e}"));
        let (accounts, catalog, content) = (state.accounts.clone(), state.catalog.clone(), state.content.clone());
        let paths = Paths { uploads: blobs.clone(), static_dir };
        let server = actix_test::start(move || make_app(state.clone(), paths.clone(), security.clone()));
        TestApp { server, accounts, catalog, content, backend, db, outbox, uploads: blobs, _uploads: uploads, _data: data }
    }

    /// One app per backend this run can reach.
    pub fn all() -> Vec<TestApp> {
        TestDb::backends().into_iter().map(TestApp::spawn).collect()
    }

    pub async fn send(&self, method: &str, path: &str, token: Option<&str>, body: Option<Value>) -> Reply {
        let method = actix_web::http::Method::from_bytes(method.as_bytes()).unwrap_or_default();
        let mut request = self.server.request(method, self.server.url(path));
        if let Some(token) = token {
            request = request.insert_header(("Authorization", format!("Bearer {token}")));
        }
        let response = match body {
            Some(body) => request.send_json(&body).await,
            None => request.send().await,
        };
        read(response).await
    }

    /// Sends raw bytes with the given content type.
    pub async fn send_raw(&self, method: &str, path: &str, content_type: &str, body: Vec<u8>) -> Reply {
        let method = actix_web::http::Method::from_bytes(method.as_bytes()).unwrap_or_default();
        let request = self
            .server
            .request(method, self.server.url(path))
            .insert_header(("Content-Type", content_type.to_string()));
        read(request.send_body(body).await).await
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
            .unwrap_or_else(|e| panic!("{e}"))
            .unwrap_or_else(|e| panic!("{e}"));
        let reply = self
            .post("/api/auth/login", None, json!({ "identifier": "owner@shop.in", "password": PASSWORD }))
            .await
            .expect(200);
        reply.body["token"].as_str().unwrap_or_default().to_string()
    }
}

async fn read<S>(response: Result<awc::ClientResponse<S>, awc::error::SendRequestError>) -> Reply
where
    S: futures_util::Stream<Item = Result<actix_web::web::Bytes, actix_web::error::PayloadError>> + Unpin,
{
    let mut response = response.unwrap_or_else(|e| panic!("request failed: {e}"));
    let bytes = response.body().limit(64 * 1024 * 1024).await.unwrap_or_default();
    Reply {
        status: response.status(),
        body: serde_json::from_slice(&bytes).unwrap_or(Value::Null),
        headers: response.headers().clone(),
    }
}

/// base64url without padding, for hand-made tokens.
pub fn b64url(bytes: &[u8]) -> String {
    const ALPHABET: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    let mut out = String::new();
    for chunk in bytes.chunks(3) {
        let n = chunk.iter().enumerate().fold(0u32, |acc, (i, b)| acc | (u32::from(*b) << (16 - 8 * i)));
        for i in 0..=chunk.len() {
            out.push(ALPHABET[((n >> (18 - 6 * i)) & 63) as usize] as char);
        }
    }
    out
}

/// Runs one SQL statement on the test database, as an operator would by hand.
pub fn sql(app: &TestApp, statement: &str) {
    use diesel::connection::SimpleConnection;
    let mut conn = app.db.db.conn().unwrap_or_else(|e| panic!("{e}"));
    conn.batch_execute(statement).unwrap_or_else(|e| panic!("{statement}: {e}"));
}

impl TestApp {
    /// Like `send`, with extra request headers.
    pub async fn send_with(&self, method: &str, path: &str, token: Option<&str>, body: Value, headers: &[(&str, &str)]) -> Reply {
        let method = actix_web::http::Method::from_bytes(method.as_bytes()).unwrap_or_default();
        let mut request = self.server.request(method, self.server.url(path));
        if let Some(token) = token {
            request = request.insert_header(("Authorization", format!("Bearer {token}")));
        }
        for (name, value) in headers {
            request = request.insert_header((name.to_string(), value.to_string()));
        }
        read(request.send_json(&body).await).await
    }

    pub async fn delete(&self, path: &str, token: Option<&str>) -> Reply {
        self.send("DELETE", path, token, None).await
    }

    /// Adds a valid address for the token's user and returns its id.
    pub async fn address(&self, token: &str, line1: &str) -> String {
        let reply = self
            .post(
                "/api/addresses",
                Some(token),
                json!({ "addressLine1": line1, "addressLine2": "Near the temple", "city": "Pune",
                        "state": "Maharashtra", "postalCode": "411001", "isDefault": false }),
            )
            .await
            .expect(201);
        reply.body["data"]["id"].as_str().unwrap_or_default().to_string()
    }

    /// Puts `quantity` pieces of the variant into the token's cart.
    pub async fn add_to_cart(&self, token: &str, variant: &str, quantity: i64) -> Reply {
        self.post("/api/cart/add", Some(token), json!({ "productVariantId": variant, "quantity": quantity })).await
    }
}

const AT: &str = "2026-01-01 10:00:00";

/// A catalogue product written straight into the tables (the catalogue API is another
/// issue): a category, one uploaded image, and variants `(size, colour, stock, price in
/// rupees, saving in rupees)`. Returns (product id, variant ids in order).
pub fn seed_product(app: &TestApp, name: &str, variants: &[(&str, &str, i32, i64, i64)]) -> (String, Vec<String>) {
    let category = kernel::new_id();
    let product = kernel::new_id();
    let upload = kernel::new_id();
    let slug = format!("{}-{}", name.to_lowercase().replace(' ', "-"), &product[..8]);
    sql(
        app,
        &format!(
            "INSERT INTO categories (id, name, slug, description, parent_id, parent_key, upload_id, created_at, updated_at) \
             VALUES ('{category}', 'Cat {product}', 'cat-{product}', '', NULL, '', NULL, '{AT}', '{AT}');
             INSERT INTO products (id, name, slug, description, category_id, is_best_seller, created_at, updated_at) \
             VALUES ('{product}', '{name}', '{slug}', 'Soft cotton', '{category}', FALSE, '{AT}', '{AT}');
             INSERT INTO uploads (id, filename, content_type, width, height, byte_size, created_at) \
             VALUES ('{upload}', '{upload}.jpg', 'image/jpeg', 10, 10, 100, '{AT}');
             INSERT INTO product_images (id, product_id, upload_id, position) VALUES ('{}', '{product}', '{upload}', 0);",
            kernel::new_id()
        ),
    );
    let mut ids = Vec::new();
    for (position, (size, color, stock, price, saving)) in variants.iter().enumerate() {
        let id = kernel::new_id();
        sql(
            app,
            &format!(
                "INSERT INTO variants (id, product_id, size, color, color_hex, stock, original_price_paise, discount_price_paise, position, created_at, updated_at) \
                 VALUES ('{id}', '{product}', '{size}', '{color}', '#1f3a93', {stock}, {}, {}, {position}, '{AT}', '{AT}')",
                price * 100,
                saving * 100
            ),
        );
        ids.push(id);
    }
    (product, ids)
}

#[derive(diesel::QueryableByName)]
struct Number {
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    n: i64,
}

/// One number from SQL that selects it `AS n` (cast to BIGINT).
pub fn number(app: &TestApp, query: &str) -> i64 {
    use diesel::RunQueryDsl;
    let mut conn = app.db.db.conn().unwrap_or_else(|e| panic!("{e}"));
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
    img.write_to(&mut out, format).unwrap_or_else(|e| panic!("{e}"));
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

impl TestApp {
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
        let method = actix_web::http::Method::from_bytes(method.as_bytes()).unwrap_or_default();
        let mut request = self
            .server
            .request(method, self.server.url(path))
            .insert_header(("Content-Type", format!("multipart/form-data; boundary={boundary}")));
        if let Some(token) = token {
            request = request.insert_header(("Authorization", format!("Bearer {token}")));
        }
        read(request.send_body(body).await).await
    }

    /// The raw bytes of an answer (images).
    pub async fn get_bytes(&self, path: &str) -> Vec<u8> {
        let mut response = self.server.get(path).send().await.unwrap_or_else(|e| panic!("{e}"));
        response.body().limit(16 * 1024 * 1024).await.map(|b| b.to_vec()).unwrap_or_default()
    }

    /// Creates a category with one image; returns its id.
    pub async fn category(&self, token: &str, name: &str, parent: Option<&str>) -> String {
        let mut parts = vec![text("name", name), text("description", format!("All {name}")), file("media", "c.png", png())];
        if let Some(p) = parent {
            parts.push(text("parentId", p));
        }
        let reply = self.form("POST", "/api/categories", Some(token), parts).await.expect(201);
        reply.body["data"]["id"].as_str().unwrap_or_default().to_string()
    }

    /// Creates a product; `variants` is the productVariants JSON.
    pub async fn product(&self, token: &str, name: &str, category: &str, variants: serde_json::Value) -> serde_json::Value {
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
        std::fs::read_dir(self._uploads.path()).map(|d| d.count()).unwrap_or(0)
    }
}

impl TestApp {
    /// A GET with extra headers, without decompressing: (status, headers, raw bytes).
    pub async fn get_raw(&self, path: &str, headers: &[(&str, &str)]) -> (u16, actix_web::http::header::HeaderMap, Vec<u8>) {
        let mut request = self.server.get(path).no_decompress();
        for (name, value) in headers {
            request = request.insert_header((name.to_string(), value.to_string()));
        }
        let mut response = request.send().await.unwrap_or_else(|e| panic!("{e}"));
        let body = response.body().limit(64 * 1024 * 1024).await.map(|b| b.to_vec()).unwrap_or_default();
        (response.status().as_u16(), response.headers().clone(), body)
    }
}

impl TestApp {
    /// A second shop process on the same database, uploads and outbox (as two instances
    /// behind a load balancer): its own memory, the same rows.
    pub fn second_instance(&self) -> actix_test::TestServer {
        self.second_instance_with_limits(RateLimitConfig::off())
    }

    /// A second instance with these abuse limits.
    pub fn second_instance_with_limits(&self, limits: RateLimitConfig) -> actix_test::TestServer {
        let settings = Settings {
            jwt_secret: SECRET.to_vec(),
            bcrypt_cost: 4,
            uploads: self.uploads.clone(),
            mail: MailSettings::from_config(None, self._data.path(), None),
            rate_limits: limits,
            clock: kernel::Clock::system(),
            public_url: "http://shop.test".into(),
            sync_poll: server::sync::DEFAULT_POLL,
        };
        let state = build_state(&self.db.db, &settings).unwrap_or_else(|e| panic!("{e}"));
        let paths = Paths { uploads: self.uploads.clone(), static_dir: None };
        actix_test::start(move || make_app(state.clone(), paths.clone(), WebSecurity::default()))
    }

    /// A JSON POST to another server (see `second_instance`).
    pub async fn post_to(server: &actix_test::TestServer, path: &str, token: &str, body: Value) -> Reply {
        let request = server.post(path).insert_header(("Authorization", format!("Bearer {token}")));
        read(request.send_json(&body).await).await
    }
}
