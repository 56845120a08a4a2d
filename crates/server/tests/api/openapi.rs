//! The served OpenAPI document and its docs page.

use crate::helpers::TestApp;

#[actix_web::test]
async fn the_openapi_document_and_the_docs_page_are_served_from_the_binary() {
    let app = TestApp::builder().spawn();
    let doc = app.get("/api/openapi.json", None).await.expect(200);
    assert!(doc.body["openapi"].as_str().is_some_and(|v| v.starts_with("3.")), "{}", doc.body["openapi"]);
    assert!(doc.body["paths"]["/api/orders/place"]["post"].is_object());
    assert_eq!(doc.body["paths"]["/api/products"]["get"]["security"], serde_json::json!([]));

    let page = app.server.get("/api/docs/").send().await;
    let mut page = page.unwrap();
    assert_eq!(page.status().as_u16(), 200);
    let html = String::from_utf8_lossy(&page.body().await.unwrap_or_default()).to_string();
    assert!(html.contains("swagger-ui"), "{html}");
    assert!(!html.contains("https://"), "the docs page must not load anything from the internet: {html}");
    let script = app.server.get("/api/docs/swagger-ui-bundle.js").send().await.unwrap();
    assert_eq!(script.status().as_u16(), 200);
    let init = app.server.get("/api/docs/swagger-initializer.js").send().await;
    let mut init = init.unwrap();
    let init = String::from_utf8_lossy(&init.body().await.unwrap_or_default()).to_string();
    assert!(init.contains("/api/openapi.json"), "{init}");
}

/// `shop openapi` (what `make api-types` generates the web app's types from) prints exactly the
/// served document, with no shop running and no database or data folder made.
#[actix_web::test]
async fn shop_openapi_prints_the_served_document_without_a_running_shop() {
    let app = TestApp::builder().spawn();
    let served = app.get("/api/openapi.json", None).await.expect(200);
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let out = crate::startup::shop(&data).arg("openapi").output().unwrap();
    assert!(out.status.success(), "{}", crate::startup::output_text(&out));
    let printed: serde_json::Value =
        serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("stdout is the document only ({e}): {}", crate::startup::output_text(&out)));
    assert_eq!(printed, served.body);
    assert!(!data.exists(), "no data folder is made");
}
