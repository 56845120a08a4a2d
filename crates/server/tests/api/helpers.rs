use std::sync::Arc;

use accounts::AccountsApi;
use actix_web::http::StatusCode;
use serde_json::{json, Value};
use server::app::{make_app, Paths};
use server::wiring::{build_state, Settings};
use store::testing::TestDb;
use store::Backend;

pub const SECRET: &[u8] = b"test-secret-test-secret-test-secret!";
pub const PASSWORD: &str = "s3cret-pass";

/// One running shop on a fresh database.
pub struct TestApp {
    pub server: actix_test::TestServer,
    pub accounts: Arc<dyn AccountsApi>,
    pub catalog: Arc<dyn catalog::CatalogApi>,
    pub content: Arc<dyn content::ContentApi>,
    pub backend: Backend,
    pub db: TestDb,
    _uploads: tempfile::TempDir,
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
        let db = TestDb::new(backend);
        let uploads = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let settings = Settings { jwt_secret: SECRET.to_vec(), bcrypt_cost: 4, uploads_dir: uploads.path().to_path_buf() };
        let state = build_state(&db.db, &settings).unwrap_or_else(|e| panic!("{e}"));
        let (accounts, catalog, content) = (state.accounts.clone(), state.catalog.clone(), state.content.clone());
        let paths = Paths { uploads_dir: uploads.path().to_path_buf(), static_dir: None };
        let server = actix_test::start(move || make_app(state.clone(), paths.clone()));
        TestApp { server, accounts, catalog, content, backend, db, _uploads: uploads }
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

    pub async fn delete(&self, path: &str, token: Option<&str>) -> Reply {
        self.send("DELETE", path, token, None).await
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
