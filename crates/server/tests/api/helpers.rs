use std::sync::Arc;

use accounts::AccountsApi;
use actix_web::http::StatusCode;
use serde_json::{json, Value};
use server::app::{make_app, Paths};
use server::wiring::{build_state, MailSettings, Settings};
use store::testing::TestDb;
use store::Backend;

pub const SECRET: &[u8] = b"test-secret-test-secret-test-secret!";
pub const PASSWORD: &str = "s3cret-pass";

/// One running shop on a fresh database.
pub struct TestApp {
    pub server: actix_test::TestServer,
    pub accounts: Arc<dyn AccountsApi>,
    pub backend: Backend,
    pub db: TestDb,
    /// Where the outbox mailer writes (also when another mailer is configured).
    pub outbox: std::path::PathBuf,
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
        let db = TestDb::new(backend);
        let data = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let mail = MailSettings::from_config(smtp_url, data.path(), None);
        let outbox = data.path().join("outbox");
        let state = build_state(&db.db, &Settings { jwt_secret: SECRET.to_vec(), bcrypt_cost: 4, mail })
            .unwrap_or_else(|e| panic!("{e}"));
        let accounts = state.accounts.clone();
        let uploads = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let paths = Paths { uploads_dir: uploads.path().to_path_buf(), static_dir: None };
        let server = actix_test::start(move || make_app(state.clone(), paths.clone()));
        TestApp { server, accounts, backend, db, outbox, _uploads: uploads, _data: data }
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
