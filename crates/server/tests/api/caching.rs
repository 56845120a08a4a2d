//! Catalogue answers are cached per catalogue version: these tests prove the cache never
//! serves stale data and that 304 and gzip answers match the plain ones.

use std::io::Read;

use serde_json::{json, Value};

use crate::helpers::{file, png, text, TestApp};

fn header(headers: &actix_web::http::header::HeaderMap, name: &str) -> Option<String> {
    headers.get(name).and_then(|v| v.to_str().ok()).map(str::to_string)
}

fn variant(size: &str, stock: i64) -> Value {
    json!({ "size": size, "color": "Red", "stock": stock, "originalPrice": 999, "discountPrice": 0 })
}

#[actix_web::test]
async fn gzip_and_plain_answers_are_the_same_and_304_needs_the_current_etag() {
    for app in TestApp::all() {
        let admin = app.admin().await;
        let men = app.category(&admin, "Men", None).await;
        for i in 0..6 {
            app.product(&admin, &format!("Shirt {i}"), &men, json!([variant("M", 3), variant("L", 2)])).await;
        }
        let (status, plain_headers, plain) = app.get_raw("/api/products?limit=50", &[]).await;
        assert_eq!(status, 200);
        assert_ne!(header(&plain_headers, "content-encoding").as_deref(), Some("gzip"));
        let (_, gz_headers, gz) = app.get_raw("/api/products?limit=50", &[("Accept-Encoding", "gzip")]).await;
        assert_eq!(header(&gz_headers, "content-encoding").as_deref(), Some("gzip"));
        assert!(gz.len() < plain.len());
        let mut unzipped = Vec::new();
        flate2::read::GzDecoder::new(gz.as_slice()).read_to_end(&mut unzipped).unwrap();
        assert_eq!(unzipped, plain, "the same bytes either way");

        let etag = header(&plain_headers, "etag").unwrap_or_default();
        assert!(etag.starts_with("W/\""), "{etag}");
        let (status, _, body) = app.get_raw("/api/products?limit=50", &[("If-None-Match", etag.as_str())]).await;
        assert_eq!((status, body.len()), (304, 0));
        // If-None-Match compares weakly (RFC 9110, 13.1.2): the same tag without `W/`, or
        // among others, matches too.
        let strong = etag.trim_start_matches("W/").to_string();
        for sent in [strong.clone(), format!("\"other\", {strong}"), format!("\"other\",{etag}"), "*".to_string()] {
            let (status, _, _) = app.get_raw("/api/products?limit=50", &[("If-None-Match", sent.as_str())]).await;
            assert_eq!(status, 304, "{sent}");
        }
        // Another query has another tag.
        let (status, _, _) = app.get_raw("/api/products?limit=5", &[("If-None-Match", etag.as_str())]).await;
        assert_eq!(status, 200);

        // After a write the old tag no longer matches and the answer is fresh.
        app.product(&admin, "Shirt new", &men, json!([variant("M", 1)])).await;
        let (status, headers, body) = app.get_raw("/api/products?limit=50", &[("If-None-Match", etag.as_str())]).await;
        assert_eq!(status, 200);
        assert_ne!(header(&headers, "etag"), Some(etag));
        let listing: Value = serde_json::from_slice(&body).unwrap_or_default();
        assert_eq!(listing["pagination"]["totalItems"], 7);
    }
}

#[actix_web::test]
async fn cached_answers_are_compressed_once_and_nothing_is_marked_identity() {
    for app in TestApp::all() {
        let admin = app.admin().await;
        let men = app.category(&admin, "Men", None).await;
        let product = app.product(&admin, "Shirt", &men, json!([variant("M", 3)])).await;
        // A listing and a small answer (a tree of one category, under 1 KB).
        for path in ["/api/products?limit=50", "/api/categories"] {
            let (status, headers, plain) = app.get_raw(path, &[]).await;
            assert_eq!(status, 200);
            assert_eq!(header(&headers, "content-encoding"), None, "{path}: plain bytes carry no Content-Encoding");
            // Brotli preferred: the cache's gzip copy is sent, and the middleware passes it as it is.
            let (_, headers, gz) = app.get_raw(path, &[("Accept-Encoding", "br, gzip;q=0.8")]).await;
            assert_eq!(header(&headers, "content-encoding").as_deref(), Some("gzip"), "{path}");
            let mut unzipped = Vec::new();
            flate2::read::GzDecoder::new(gz.as_slice()).read_to_end(&mut unzipped).unwrap_or_else(|e| panic!("{path}: {e}"));
            assert_eq!(unzipped, plain, "{path}");
        }
        // An answer the cache does not hold is compressed by the middleware, as the client prefers.
        let (_, headers, _) = app.get_raw("/api/openapi.json", &[("Accept-Encoding", "br, gzip;q=0.8")]).await;
        assert_eq!(header(&headers, "content-encoding").as_deref(), Some("br"));
        // Pictures are compressed already: sent as they are, unmarked.
        let url = product["images"][0]["url"].as_str().unwrap_or_default().to_string();
        let (status, headers, _) = app.get_raw(&url, &[("Accept-Encoding", "br, gzip")]).await;
        assert_eq!((status, header(&headers, "content-encoding")), (200, None), "{url}");
    }
}

async fn tree(app: &TestApp) -> Value {
    app.get("/api/categories", None).await.body["data"].clone()
}

async fn count(app: &TestApp) -> Option<usize> {
    app.get("/api/products/search?q=oxford", None).await.body["data"].as_array().map(Vec::len)
}

#[actix_web::test]
async fn every_kind_of_write_is_visible_to_the_next_read() {
    for app in TestApp::all() {
        let admin = app.admin().await;
        let men = app.category(&admin, "Men", None).await;
        assert_eq!(tree(&app).await[0]["name"], "Men");
        app.form("PUT", &format!("/api/categories/{men}"), Some(&admin), vec![text("name", "Menswear")]).await.expect(200);
        assert_eq!(tree(&app).await[0]["name"], "Menswear", "category update");
        let kids = app.category(&admin, "Kids", None).await;
        assert_eq!(tree(&app).await.as_array().map(Vec::len), Some(2), "category create");
        app.delete(&format!("/api/categories/{kids}"), Some(&admin)).await.expect(200);
        assert_eq!(tree(&app).await.as_array().map(Vec::len), Some(1), "category delete");

        let product = app.product(&admin, "Oxford", &men, json!([variant("M", 2)])).await;
        let id = product["id"].as_str().unwrap_or_default().to_string();
        assert_eq!(count(&app).await, Some(1), "product create");
        assert_eq!(tree(&app).await[0]["productCount"], 1);
        app.form("PUT", &format!("/api/products/{id}"), Some(&admin), vec![text("productName", "Linen"), file("images", "x.png", png())]).await.expect(200);
        let renamed = app.get("/api/products/search?q=linen", None).await;
        assert_eq!(renamed.body["data"][0]["name"], "Linen", "product rename");
        let one = app.get(&format!("/api/products/{id}"), None).await.expect(200);
        assert_eq!(one.body["data"]["images"].as_array().map(Vec::len), Some(2), "product images");
        app.delete(&format!("/api/products/{id}"), Some(&admin)).await.expect(200);
        app.get(&format!("/api/products/{id}"), None).await.expect(404);
        assert_eq!(app.get("/api/products", None).await.body["pagination"]["totalItems"], 0, "product delete");

        app.form("PUT", "/api/company-details", Some(&admin), vec![text("name", "Kapda")]).await.expect(200);
        assert_eq!(app.get("/api/company-details", None).await.body["data"]["name"], "Kapda");
        app.post("/api/legal-pages", Some(&admin), json!({ "slug": "terms-conditions", "content": "Be kind." })).await.expect(200);
        assert_eq!(app.get("/api/legal-pages", None).await.body["data"][0]["content"], "Be kind.");
    }
}
