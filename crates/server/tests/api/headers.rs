//! Security headers on every kind of answer, CSP on the web app, CORS and HSTS.

use server::app::{WebSecurity, CONTENT_SECURITY_POLICY};

use crate::helpers::TestApp;

fn web_app_dir() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("index.html"), "<!doctype html><div id=root></div>").unwrap();
    std::fs::create_dir_all(dir.path().join("assets")).unwrap();
    std::fs::write(dir.path().join("assets/app.js"), "console.log(1)").unwrap();
    dir
}

async fn head(app: &TestApp, path: &str, headers: &[(&str, &str)], method: &str) -> (u16, actix_web::http::header::HeaderMap) {
    let method = actix_web::http::Method::from_bytes(method.as_bytes()).unwrap_or_default();
    let mut request = app.server.request(method, app.server.url(path));
    for (k, v) in headers {
        request = request.insert_header((k.to_string(), v.to_string()));
    }
    let response = request.send().await.unwrap_or_else(|e| panic!("{path}: {e}"));
    (response.status().as_u16(), response.headers().clone())
}

fn get<'a>(headers: &'a actix_web::http::header::HeaderMap, name: &str) -> Option<&'a str> {
    headers.get(name).and_then(|v| v.to_str().ok())
}

#[actix_web::test]
async fn every_answer_carries_nosniff_referrer_policy_and_framing_protection() {
    let dir = web_app_dir();
    let app = TestApp::builder().web_app(dir.path()).spawn();
    for path in ["/api/health", "/api/no-such", "/api/openapi.json", "/api/docs/", "/", "/assets/app.js", "/shop/kurtas", "/uploads/missing.png", "/uploads/../x"] {
        let (status, headers) = head(&app, path, &[], "GET").await;
        assert!(status < 500, "{path}: {status}");
        assert_eq!(get(&headers, "x-content-type-options"), Some("nosniff"), "{path}");
        assert_eq!(get(&headers, "referrer-policy"), Some("strict-origin-when-cross-origin"), "{path}");
        assert_eq!(get(&headers, "x-frame-options"), Some("DENY"), "{path}");
        let csp = get(&headers, "content-security-policy").unwrap_or("");
        assert!(csp.contains("frame-ancestors 'none'"), "{path}: {csp}");
        assert!(get(&headers, "strict-transport-security").is_none(), "{path}: HSTS is off by default");
        assert!(get(&headers, "access-control-allow-origin").is_none(), "{path}: same-origin by default");
    }
}

#[actix_web::test]
async fn the_web_app_gets_a_self_only_content_security_policy() {
    let dir = web_app_dir();
    let app = TestApp::builder().web_app(dir.path()).spawn();
    // A page, and the not-found screen of a product this shop does not have (404).
    for (path, answered) in [("/", 200), ("/product/some-kurta", 404)] {
        let (status, headers) = head(&app, path, &[], "GET").await;
        assert_eq!(status, answered, "{path}");
        let csp = get(&headers, "content-security-policy").unwrap_or("");
        assert_eq!(csp, CONTENT_SECURITY_POLICY);
        assert!(csp.contains("default-src 'self'") && csp.contains("script-src 'self';"), "{csp}");
        assert!(csp.contains("style-src 'self' 'unsafe-inline'") && csp.contains("img-src 'self' data: blob:"), "{csp}");
        assert!(!csp.contains("http") && !csp.contains('*'), "only the shop's own origin: {csp}");
    }
}

#[actix_web::test]
async fn cors_answers_only_listed_origins_and_never_a_wildcard() {
    let allowed = "https://admin.shop.example";
    let app = TestApp::builder().security(WebSecurity { cors_origins: vec![allowed.into(), "*".into()], hsts: false, ..Default::default() }).spawn();

    let (_, h) = head(&app, "/api/products", &[("Origin", allowed)], "GET").await;
    assert_eq!(get(&h, "access-control-allow-origin"), Some(allowed));
    assert!(get(&h, "access-control-allow-credentials").is_none());
    assert!(get(&h, "vary").is_some_and(|v| v.contains("Origin")));

    let (status, h) = head(
        &app,
        "/api/orders/place",
        &[("Origin", allowed), ("Access-Control-Request-Method", "POST"), ("Access-Control-Request-Headers", "authorization, content-type")],
        "OPTIONS",
    )
    .await;
    assert!((200..300).contains(&status), "a successful preflight: {status}");
    assert_eq!(get(&h, "access-control-allow-origin"), Some(allowed));
    // Header names are case-insensitive.
    let allowed_headers = get(&h, "access-control-allow-headers").unwrap_or("").to_ascii_lowercase();
    assert!(allowed_headers.contains("authorization") && allowed_headers.contains("content-type"), "{allowed_headers}");

    // Any other origin, even with "*" in the configuration: no CORS headers at all.
    for evil in ["https://evil.example", "null"] {
        let (_, h) = head(&app, "/api/auth/me", &[("Origin", evil)], "GET").await;
        assert!(get(&h, "access-control-allow-origin").is_none(), "{evil}");
        let (status, h) = head(&app, "/api/orders/place", &[("Origin", evil), ("Access-Control-Request-Method", "POST")], "OPTIONS").await;
        assert!(!(200..300).contains(&status), "{evil}: {status}");
        assert!(get(&h, "access-control-allow-origin").is_none(), "{evil}");
        // The refusal carries the security headers every answer carries.
        assert_eq!(get(&h, "x-content-type-options"), Some("nosniff"), "{evil}");
    }
}

#[actix_web::test]
async fn pages_of_the_shop_itself_are_answered_normally_when_no_origin_is_listed() {
    // Browsers send `Origin` on same-origin POSTs too: with nothing listed those must still
    // be answered (without CORS headers), not refused as a foreign origin.
    let app = TestApp::builder().spawn();
    let own = app.server.url("");
    let own = own.trim_end_matches('/');
    for (path, method) in [("/api/health", "GET"), ("/api/products", "GET")] {
        let (status, h) = head(&app, path, &[("Origin", own)], method).await;
        assert_eq!(status, 200, "{path}");
        assert!(get(&h, "access-control-allow-origin").is_none(), "{path}");
    }
    let body = serde_json::json!({ "username": "samesite", "email": "same@site.example", "password": "a-long-pass-1" });
    let registered = app.server.post("/api/auth/register").insert_header(("Origin", own)).send_json(&body).await;
    let status = registered.map(|r| r.status().as_u16()).unwrap();
    assert_eq!(status, 201, "a same-origin sign-up");
}

#[actix_web::test]
async fn hsts_is_sent_when_configured() {
    let dir = web_app_dir();
    let app = TestApp::builder().security(WebSecurity { cors_origins: vec![], hsts: true, ..Default::default() }).web_app(dir.path()).spawn();
    for path in ["/api/health", "/", "/uploads/missing.png"] {
        let (_, h) = head(&app, path, &[], "GET").await;
        assert_eq!(get(&h, "strict-transport-security"), Some(server::app::HSTS), "{path}");
    }
}

#[actix_web::test]
async fn web_app_files_are_compressed_and_hashed_assets_cached_for_a_year() {
    use std::io::Read;
    let dir = web_app_dir();
    let script = "export const message = 'hello from the shop';\n".repeat(400);
    std::fs::write(dir.path().join("assets/index-3f9a1c.js"), &script).unwrap();
    let app = TestApp::builder().web_app(dir.path()).spawn();

    let (status, headers, body) = app.get_raw("/assets/index-3f9a1c.js", &[("Accept-Encoding", "gzip")]).await;
    assert_eq!(status, 200);
    assert_eq!(get(&headers, "content-encoding"), Some("gzip"));
    assert!(get(&headers, "cache-control").is_some_and(|c| c.contains("immutable") && c.contains("max-age=31536000")));
    assert!(body.len() < script.len() / 10, "{} bytes for {}", body.len(), script.len());
    let mut plain = String::new();
    flate2::read::GzDecoder::new(body.as_slice()).read_to_string(&mut plain).unwrap();
    assert_eq!(plain, script);
    // Without Accept-Encoding the same bytes come plain.
    let (_, headers, body) = app.get_raw("/assets/index-3f9a1c.js", &[]).await;
    assert!(get(&headers, "content-encoding").is_none_or(|e| e == "identity"));
    assert_eq!(body, script.as_bytes());
    // index.html is revalidated so a new release shows at once.
    let (_, headers, _) = app.get_raw("/shop", &[("Accept-Encoding", "gzip")]).await;
    assert_eq!(get(&headers, "cache-control"), Some("no-cache"));
}
