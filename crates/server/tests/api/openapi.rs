//! The served OpenAPI document and its docs page.

use crate::helpers::TestApp;

#[actix_web::test]
async fn the_openapi_document_and_the_docs_page_are_served_from_the_binary() {
    let app = TestApp::builder().spawn();
    let doc = app.get("/api/openapi.json", None).await.expect(200);
    assert!(doc.body["openapi"].as_str().is_some_and(|v| v.starts_with("3.")), "{}", doc.body["openapi"]);
    assert!(doc.body["paths"]["/api/orders/place"]["post"].is_object());
    assert_eq!(doc.body["paths"]["/api/products"]["get"]["security"], serde_json::json!([]));
    // A pattern the document states is the rule the server applies (an attribute takes only a literal).
    for phone in ["phone", "grievancePhone"] {
        assert_eq!(doc.body["components"]["schemas"]["CompanyForm"]["properties"][phone]["pattern"].as_str(), Some(kernel::PHONE_PATTERN), "{phone}");
    }

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

/// Routes the web app and the docs rely on: each must be in the served document, and answered.
const KNOWN_ROUTES: &[(&str, &str)] = &[
    ("GET", "/api/health"),
    ("POST", "/api/auth/register"),
    ("POST", "/api/auth/login"),
    ("GET", "/api/auth/me"),
    ("POST", "/api/auth/logout"),
    ("POST", "/api/auth/logout-all"),
    ("POST", "/api/auth/forgot-password"),
    ("POST", "/api/auth/reset-password"),
    ("PUT", "/api/users/profile"),
    ("PUT", "/api/users/change-password"),
    ("GET", "/api/categories"),
    ("POST", "/api/categories"),
    ("PUT", "/api/categories/{id}"),
    ("DELETE", "/api/categories/{id}"),
    ("GET", "/api/products"),
    ("POST", "/api/products"),
    ("GET", "/api/products/search"),
    ("GET", "/api/products/category/{categoryId}"),
    ("GET", "/api/products/{idOrSlug}"),
    ("PUT", "/api/products/{idOrSlug}"),
    ("DELETE", "/api/products/{idOrSlug}"),
    ("GET", "/api/company-details"),
    ("PUT", "/api/company-details"),
    ("GET", "/api/legal-pages"),
    ("POST", "/api/legal-pages"),
    ("GET", "/api/addresses"),
    ("POST", "/api/addresses"),
    ("PUT", "/api/addresses/{id}"),
    ("DELETE", "/api/addresses/{id}"),
    ("GET", "/api/cart"),
    ("POST", "/api/cart/add"),
    ("PUT", "/api/cart/update-quantity"),
    ("DELETE", "/api/cart/remove/{id}"),
    ("GET", "/api/wishlist"),
    ("POST", "/api/wishlist/{productId}"),
    ("DELETE", "/api/wishlist/{productId}"),
    ("POST", "/api/orders/place"),
    ("GET", "/api/orders/my-orders"),
    ("GET", "/api/orders/all"),
    ("GET", "/api/orders/pending-count"),
    ("POST", "/api/orders/bulk-status"),
    ("GET", "/api/reports/summary"),
    ("POST", "/api/orders/send-confirmation"),
    ("PUT", "/api/orders/{id}/cancel"),
    ("PUT", "/api/orders/{id}/status"),
    ("GET", "/api/settings/cod"),
    ("PUT", "/api/settings/cod"),
    ("GET", "/api/delivery/{pincode}"),
    ("GET", "/api/checkout/cod"),
    ("GET", "/api/admin/products"),
    ("PATCH", "/api/products/{productId}/variants/{variantId}"),
    ("POST", "/api/products/{productId}/duplicate"),
    ("GET", "/api/admin/catalog/export"),
    ("POST", "/api/admin/catalog/import"),
];

/// A route pattern as a request path: every `{parameter}` an id.
fn concrete(pattern: &str) -> String {
    pattern
        .split('/')
        .map(|segment| if segment.starts_with('{') { "0b6f5e4e-8d7c-4b5a-9e3f-2a1b0c9d8e7f" } else { segment })
        .collect::<Vec<_>>()
        .join("/")
}

/// The server's own "no such route" answers: the JSON 404 of an unknown path, or a 405.
fn unknown_route(reply: &crate::helpers::Reply) -> bool {
    let status = reply.status.as_u16();
    status == 405 || (status == 404 && reply.message() == "No such API endpoint")
}

/// Does the request path fit the route pattern?
fn fits(pattern: &str, path: &str) -> bool {
    let (pattern, path): (Vec<&str>, Vec<&str>) = (pattern.split('/').collect(), path.split('/').collect());
    pattern.len() == path.len() && pattern.iter().zip(&path).all(|(p, s)| p.starts_with('{') || p == s)
}

#[actix_web::test]
async fn the_document_covers_exactly_the_routes_the_api_answers() {
    let app = TestApp::builder().spawn();
    let doc = app.get("/api/openapi.json", None).await.expect(200).body;
    let paths: Vec<(String, Vec<String>)> = doc["paths"]
        .as_object()
        .into_iter()
        .flatten()
        .map(|(pattern, item)| (pattern.clone(), item.as_object().into_iter().flatten().map(|(m, _)| m.to_uppercase()).collect()))
        .collect();
    let mut documented = std::collections::BTreeSet::new();
    for (pattern, methods) in &paths {
        let path = concrete(pattern);
        for method in methods {
            documented.insert((method.clone(), pattern.clone()));
            // Every documented operation reaches a handler (which may well refuse the empty,
            // anonymous request: 400, 401, 404 for an unknown id, ...).
            let reply = app.send(method, &path, None, None).await;
            assert!(!unknown_route(&reply), "{method} {pattern} is documented but not answered: {} {}", reply.status, reply.body);
        }
        // A method the path does not have is a 405 naming exactly the documented methods (and
        // HEAD with GET): of
        // the path itself when it has no parameters (`/api/products/search`, though it would
        // fit `/api/products/{idOrSlug}`), else of every pattern it fits.
        let literal = !pattern.contains('{');
        let mut allowed: std::collections::BTreeSet<&str> = paths
            .iter()
            .filter(|(p, _)| if literal { p == pattern } else { fits(p, &path) })
            .flat_map(|(_, m)| m.iter().map(String::as_str))
            .collect();
        // HEAD is answered wherever GET is.
        if allowed.contains("GET") {
            allowed.insert("HEAD");
        }
        // A method the path has not (PATCH is rare in this API: a variant's inline edit).
        let probe = ["PATCH", "PUT", "DELETE", "POST"].into_iter().find(|m| !allowed.contains(m)).unwrap_or("PATCH");
        let reply = app.send(probe, &path, None, None).await.expect(405);
        let allowed = allowed.into_iter().collect::<Vec<_>>().join(", ");
        assert_eq!(reply.headers.get("allow").and_then(|v| v.to_str().ok()), Some(allowed.as_str()), "{pattern}");
        assert_eq!(reply.body["code"], "http_error", "{pattern}");
    }
    for (method, pattern) in KNOWN_ROUTES {
        assert!(documented.contains(&(method.to_string(), pattern.to_string())), "{method} {pattern} is not in the document");
    }
    // And a path the API does not have is not answered as if it were.
    let reply = app.send("GET", "/api/orders/0b6f5e4e-8d7c-4b5a-9e3f-2a1b0c9d8e7f/nothing", None, None).await;
    assert!(unknown_route(&reply) && reply.status.as_u16() == 404, "{}", reply.body);
}

#[actix_web::test]
async fn every_schema_name_in_the_document_stands_for_one_type() {
    // Two types of the same Rust name (the cart's summary, the back office's figures) once
    // shared one component: the cart's answer was documented as the figures.
    let app = TestApp::builder().spawn();
    let document = app.get("/api/openapi.json", None).await.expect(200).body;
    let schemas = &document["components"]["schemas"];
    let cart_summary = schemas["CartDto"]["properties"]["summary"]["$ref"].as_str().unwrap_or_default().rsplit('/').next().unwrap_or_default().to_string();
    assert!(schemas[&cart_summary]["properties"]["subtotal"].is_object(), "the cart's summary is {cart_summary}: {}", schemas[&cart_summary]);
    let figures = document["paths"]["/api/reports/summary"]["get"]["responses"]["200"]["content"]["application/json"]["schema"]["$ref"]
        .as_str()
        .unwrap_or_default()
        .rsplit('/')
        .next()
        .unwrap_or_default()
        .to_string();
    assert!(schemas[&figures]["properties"]["data"].is_object(), "{figures}");
    let data = &schemas[&figures]["properties"]["data"];
    let data = match data["$ref"].as_str().and_then(|r| r.rsplit('/').next()) {
        Some(name) => &schemas[name],
        None => data,
    };
    assert!(data["properties"]["pendingOrders"].is_object(), "{data}");
}
