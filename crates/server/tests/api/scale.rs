//! Several instances of the shop on one PostgreSQL database (issue 14): a write answered
//! by one instance is served by the others, stock taken by an order reaches every
//! instance's catalogue, and the listener recovers by itself. Each test waits for a
//! condition with a deadline; nothing sleeps for a fixed time.

use std::future::Future;
use std::time::{Duration, Instant};

use actix_web::http::header::HeaderMap;
use serde_json::{json, Value};
use store::testing::TestDb;
use store::Backend;

use crate::helpers::{sql, text, Instance, TestApp};

/// How long a change may take to reach another instance before the test fails. The issue
/// asks for well under a second; this bound only keeps a broken build from hanging.
const DEADLINE: Duration = Duration::from_secs(10);

fn variant(size: &str, stock: i64) -> Value {
    json!({ "size": size, "color": "Red", "stock": stock, "originalPrice": 999, "discountPrice": 0 })
}

/// The apps on PostgreSQL, when this run reaches one.
fn postgres_apps() -> Vec<TestApp> {
    TestDb::backends().into_iter().filter(|b| *b == Backend::Postgres).map(|b| TestApp::builder().backend(b).spawn()).collect()
}

/// Two instances of each PostgreSQL shop, and a category `name` its admin made through the
/// first: (A, B, the admin's token, the category id).
async fn twins_with_category(name: &str) -> Vec<(TestApp, Instance, String, String)> {
    let mut twins = Vec::new();
    for a in postgres_apps() {
        let b = a.second_instance();
        let admin = a.admin().await;
        let category = a.category(&admin, name, None).await;
        twins.push((a, b, admin, category));
    }
    twins
}

/// Waits until `check` holds, failing with `what` after [`DEADLINE`].
async fn eventually<F, Fut>(what: &str, mut check: F)
where
    F: FnMut() -> Fut,
    Fut: Future<Output = bool>,
{
    let deadline = Instant::now() + DEADLINE;
    loop {
        if check().await {
            return;
        }
        assert!(Instant::now() < deadline, "{what}: not within {DEADLINE:?}");
        actix_web::rt::time::sleep(Duration::from_millis(10)).await;
    }
}

async fn get(server: &actix_test::TestServer, path: &str, headers: &[(&str, &str)]) -> (u16, HeaderMap, Value) {
    let mut request = server.get(path);
    for (name, value) in headers {
        request = request.insert_header((name.to_string(), value.to_string()));
    }
    let mut response = request.send().await.unwrap_or_else(|e| panic!("{path}: {e}"));
    let body = response.body().limit(16 << 20).await.map(|b| b.to_vec()).unwrap_or_default();
    (response.status().as_u16(), response.headers().clone(), serde_json::from_slice(&body).unwrap_or(Value::Null))
}

fn etag(headers: &HeaderMap) -> String {
    headers.get("etag").and_then(|v| v.to_str().ok()).unwrap_or_default().to_string()
}

fn stock_of(product: &Value, size: &str) -> Option<i64> {
    product["variants"].as_array()?.iter().find(|v| v["size"] == size).and_then(|v| v["stock"].as_i64())
}

#[actix_web::test]
async fn catalogue_company_and_legal_writes_through_one_instance_are_served_by_another() {
    for (a, b, admin, men) in twins_with_category("Men").await {
        eventually("B lists the new category", || async {
            get(&b, "/api/categories", &[]).await.2.to_string().contains(&men)
        })
        .await;
        let product = a.product(&admin, "Oxford Shirt", &men, json!([variant("M", 4)])).await;
        let id = product["id"].as_str().unwrap_or_default().to_string();
        eventually("B serves the new product", || async { get(&b, &format!("/api/products/{id}"), &[]).await.0 == 200 }).await;

        // A price change and a rename, through A.
        let update = a
            .form(
                "PUT",
                &format!("/api/products/{id}"),
                Some(&admin),
                vec![text("productName", "Oxford Shirt Slim"), text("productVariants", json!([variant("M", 4)]).to_string())],
            )
            .await
            .expect(200);
        assert_eq!(update.body["data"]["name"], "Oxford Shirt Slim");
        eventually("B serves the renamed product", || async {
            get(&b, &format!("/api/products/{id}"), &[]).await.2["data"]["name"] == "Oxford Shirt Slim"
        })
        .await;

        a.form("PUT", "/api/company-details", Some(&admin), vec![text("name", "Kapda Ghar")]).await.expect(200);
        eventually("B serves the new company name", || async {
            get(&b, "/api/company-details", &[]).await.2["data"]["name"] == "Kapda Ghar"
        })
        .await;
        a.post("/api/legal-pages", Some(&admin), json!({ "slug": "terms-conditions", "content": "Be kind." })).await.expect(200);
        eventually("B serves the new terms", || async {
            get(&b, "/api/legal-pages", &[]).await.2.to_string().contains("Be kind.")
        })
        .await;

        // And the other way round: a delete through B disappears from A.
        let request = b.delete(format!("/api/products/{id}")).insert_header(("Authorization", format!("Bearer {admin}")));
        let status = request.send().await.map(|r| r.status().as_u16()).unwrap_or(0);
        assert_eq!(status, 200);
        eventually("A no longer serves the deleted product", || async {
            a.get(&format!("/api/products/{id}"), None).await.status.as_u16() == 404
        })
        .await;
    }
}

#[actix_web::test]
async fn stock_taken_by_an_order_on_one_instance_reaches_the_others() {
    for (a, b, admin, men) in twins_with_category("Men").await {
        let product = a.product(&admin, "Linen Shirt", &men, json!([variant("M", 3), variant("L", 5)])).await;
        let id = product["id"].as_str().unwrap_or_default().to_string();
        let m = product["variants"].as_array().into_iter().flatten().find(|v| v["size"] == "M").map(|v| v["id"].clone());
        let m = m.and_then(|v| v.as_str().map(str::to_string)).unwrap_or_default();
        eventually("B has the product with 3 left", || async {
            stock_of(&get(&b, &format!("/api/products/{id}"), &[]).await.2["data"], "M") == Some(3)
        })
        .await;

        let (token, _) = a.customer("asha").await;
        let address = a.address(&token, "12 Residency Road").await;
        a.add_to_cart(&token, &m, 2).await.expect(201);
        a.post("/api/orders/place", Some(&token), json!({ "addressId": address, "paymentMethod": "COD" })).await.expect(201);
        eventually("B shows the stock the order left", || async {
            let p = get(&b, &format!("/api/products/{id}"), &[]).await.2;
            stock_of(&p["data"], "M") == Some(1) && stock_of(&p["data"], "L") == Some(5)
        })
        .await;
        // A listing on B (cached per catalogue version) shows it too.
        eventually("B's listing shows the stock", || async {
            let listing = get(&b, "/api/products?limit=50", &[]).await.2;
            listing["data"].as_array().into_iter().flatten().any(|p| p["id"] == id.as_str() && stock_of(p, "M") == Some(1))
        })
        .await;
    }
}

#[actix_web::test]
async fn instances_holding_the_same_catalogue_send_the_same_etag() {
    for (a, b, admin, men) in twins_with_category("Men").await {
        a.product(&admin, "Shirt", &men, json!([variant("M", 3)])).await;
        let path = "/api/products?limit=50";
        eventually("B lists the shirt", || async { get(&b, path, &[]).await.2["pagination"]["totalItems"] == 1 }).await;
        let (_, a_headers, a_body) = get(&a.server, path, &[]).await;
        let (_, b_headers, b_body) = get(&b, path, &[]).await;
        assert_eq!(a_body, b_body);
        let tag = etag(&a_headers);
        assert!(tag.starts_with("W/\""), "{tag}");
        assert_eq!(tag, etag(&b_headers), "one answer, one tag on every instance");
        // A browser that read A and is sent to B gets its 304.
        let (status, _, _) = get(&b, path, &[("If-None-Match", &tag)]).await;
        assert_eq!(status, 304);

        // After a change the old tag matches nowhere.
        a.product(&admin, "Kurta", &men, json!([variant("L", 2)])).await;
        eventually("B lists both", || async { get(&b, path, &[]).await.2["pagination"]["totalItems"] == 2 }).await;
        for server in [&a.server, &b] {
            let (status, headers, _) = get(server, path, &[("If-None-Match", &tag)]).await;
            assert_eq!(status, 200);
            assert_ne!(etag(&headers), tag);
        }
    }
}

#[actix_web::test]
async fn health_reports_the_listener_and_it_reconnects_by_itself() {
    for app in TestApp::all() {
        if app.backend == Backend::Sqlite {
            let health = app.get("/api/health", None).await.expect(200);
            assert_eq!((health.body["database"].as_str(), health.body["listener"].as_str()), (Some("ok"), Some("off")));
            continue;
        }
        let b = app.second_instance();
        eventually("the listener is up", || async { get(&b, "/api/health", &[]).await.2["listener"] == "ok" }).await;
        // Cut every listening connection, as a restart of PostgreSQL or a network cut would.
        sql(
            &app,
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity \
             WHERE datname = current_database() AND query LIKE 'LISTEN%' AND pid <> pg_backend_pid()",
        );
        // A change made while it may be away still reaches B (the poll, then the new
        // connection's catch-up).
        let admin = app.admin().await;
        let men = app.category(&admin, "Women", None).await;
        eventually("B lists the category made meanwhile", || async {
            get(&b, "/api/categories", &[]).await.2.to_string().contains(&men)
        })
        .await;
        eventually("the listener is back", || async { get(&b, "/api/health", &[]).await.2["listener"] == "ok" }).await;
        // And notifications flow again.
        app.form("PUT", "/api/company-details", Some(&admin), vec![text("name", "Back Again")]).await.expect(200);
        eventually("B serves the change made after the reconnection", || async {
            get(&b, "/api/company-details", &[]).await.2["data"]["name"] == "Back Again"
        })
        .await;
    }
}

#[actix_web::test]
async fn every_instance_spends_one_order_budget_per_account() {
    for backend in TestDb::backends() {
        let a = TestApp::builder().backend(backend).orders_per_minute(2).spawn();
        let b = a.second_instance();
        let (_, v) = crate::helpers::seed_product(&a, "Kurta", &[("M", "Blue", 100, 1_000, 0)]);
        let (asha, _) = a.customer("asha").await;
        let home = a.address(&asha, "1 MG Road").await;
        let order = json!({ "addressId": home, "paymentMethod": "COD" });
        a.add_to_cart(&asha, &v[0], 1).await.expect(201);
        a.post("/api/orders/place", Some(&asha), order.clone()).await.expect(201);
        a.add_to_cart(&asha, &v[0], 1).await.expect(201);
        b.post("/api/orders/place", Some(&asha), order.clone()).await.expect(201);
        // Two orders through two instances: the account's budget is spent on both.
        a.add_to_cart(&asha, &v[0], 1).await.expect(201);
        for refused in [b.post("/api/orders/place", Some(&asha), order.clone()).await, a.post("/api/orders/place", Some(&asha), order.clone()).await] {
            let refused = refused.expect(429);
            assert_eq!(refused.body["code"], "too_many_orders", "{backend:?}");
            let wait: u64 = refused.headers.get("retry-after").and_then(|v| v.to_str().ok()).and_then(|v| v.parse().ok()).unwrap_or(0);
            assert!((1..=60).contains(&wait), "Retry-After: {wait}");
        }
        assert_eq!(crate::helpers::stock(&a, &v[0]), 98, "{backend:?}: the refused orders took nothing");
    }
}

#[actix_web::test]
async fn an_image_uploaded_through_one_instance_is_served_by_another_from_object_storage() {
    for backend in TestDb::backends() {
        // One object store for both instances (in memory here; S3-compatible in production).
        let memory = std::sync::Arc::new(object_store::memory::InMemory::new());
        let blobs = media::ObjectBlobs::new(memory, "media").unwrap_or_else(|e| panic!("{e}"));
        let a = TestApp::builder().backend(backend).uploads(std::sync::Arc::new(blobs)).spawn();
        let b = a.second_instance();
        let admin = a.admin().await;
        let picture = crate::helpers::image_bytes(1200, 600, image::ImageFormat::Png);
        let reply = a
            .form(
                "POST",
                "/api/categories",
                Some(&admin),
                vec![text("name", "Sarees"), text("description", "Silk"), crate::helpers::file("media", "s.png", picture.clone())],
            )
            .await
            .expect(201);
        let url = reply.body["data"]["imageUrl"].as_str().map(str::to_string).unwrap_or_default();
        assert!(url.starts_with("/uploads/"), "{}", reply.body);
        assert_eq!(a.upload_count(), 0, "nothing went to the local folder");
        let mut response = b.0.get(&url).send().await.unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(response.status().as_u16(), 200, "{backend:?}");
        let header = |name: &str| response.headers().get(name).and_then(|v| v.to_str().ok()).map(str::to_string);
        assert_eq!(header("content-type").as_deref(), Some("image/png"));
        assert_eq!(header("cache-control").as_deref(), Some("public, max-age=31536000, immutable"));
        assert_eq!(header("x-content-type-options").as_deref(), Some("nosniff"));
        let body = response.body().limit(16 << 20).await.map(|b| b.to_vec()).unwrap_or_default();
        assert_eq!(body, picture, "the very bytes uploaded through A");
        // Its thumbnail too, and an unknown name is a 404.
        let thumb = url.replace(".png", "-w400.jpg");
        let thumb_reply = b.0.get(&thumb).send().await.map(|r| r.status().as_u16()).unwrap_or(0);
        assert_eq!(thumb_reply, 200, "{thumb}");
        let missing = b.0.get("/uploads/00000000-0000-4000-8000-000000000000.png").send().await.map(|r| r.status().as_u16()).unwrap_or(0);
        assert_eq!(missing, 404);
    }
}

/// A checkout retried through another instance (the load balancer chose another one) with
/// the same `Idempotency-Key` answers the first order: one order, the stock taken once.
#[actix_web::test]
async fn an_idempotent_retry_on_another_instance_answers_the_first_order() {
    for a in TestApp::all() {
        let b = a.second_instance();
        let (_, v) = crate::helpers::seed_product(&a, "Kurta", &[("M", "Blue", 5, 1_000, 0)]);
        let (asha, _) = a.customer("asha").await;
        let home = a.address(&asha, "1 MG Road").await;
        a.add_to_cart(&asha, &v[0], 2).await.expect(201);
        let order = json!({ "addressId": home, "paymentMethod": "COD" });
        let key = [("Idempotency-Key", "checkout-across")];
        let first = a.send_with("POST", "/api/orders/place", Some(&asha), order.clone(), &key).await.expect(201);
        let retry = b.send_with("POST", "/api/orders/place", Some(&asha), order, &key).await.expect(200);
        assert_eq!(retry.body["data"]["id"], first.body["data"]["id"], "{:?}: {}", a.backend, retry.body);
        assert_eq!(crate::helpers::stock(&a, &v[0]), 3, "{:?}", a.backend);
        assert_eq!(crate::helpers::count(&a, "orders"), 1, "{:?}", a.backend);
    }
}

/// Orders move stock all the time; a back-office write is rare and may take a while (a
/// product with ten images). An order must never queue behind it, nor behind any other
/// order, on one shared version row: it touches no shared row but its own variants'.
#[actix_web::test]
async fn an_order_does_not_wait_for_a_back_office_write_in_progress() {
    use diesel::connection::SimpleConnection;
    for a in postgres_apps() {
        let b = a.second_instance();
        let (product, v) = crate::helpers::seed_product(&a, "Kurta", &[("M", "Blue", 5, 1_000, 0)]);
        let (asha, _) = a.customer("asha").await;
        let home = a.address(&asha, "1 MG Road").await;
        a.add_to_cart(&asha, &v[0], 2).await.expect(201);
        // A back-office write in progress: its transaction holds the catalogue's version row.
        let mut writer = a.db.db.conn().expect("a connection");
        writer
            .batch_execute("BEGIN; UPDATE change_versions SET version = version + 1 WHERE kind = 'catalog'")
            .expect("the version row is held");
        let order = json!({ "addressId": home, "paymentMethod": "COD" });
        let placed = actix_web::rt::time::timeout(DEADLINE, a.post("/api/orders/place", Some(&asha), order)).await;
        writer.batch_execute("ROLLBACK").expect("rollback");
        let placed = placed.unwrap_or_else(|_| panic!("the order waited for the back-office write"));
        placed.expect(201);
        // And the other instance still learns of the stock it took.
        eventually("B shows the stock the order left", || async {
            stock_of(&get(&b, &format!("/api/products/{product}"), &[]).await.2["data"], "M") == Some(3)
        })
        .await;
    }
}

#[actix_web::test]
async fn a_synonym_list_saved_through_one_instance_is_searched_by_another() {
    for (a, b, admin, women) in twins_with_category("Women").await {
        a.product(&admin, "Red Dupatta", &women, json!([variant("Free Size", 2)])).await;
        a.put("/api/search/synonyms", Some(&admin), json!({ "text": "odhni => dupatta" })).await.expect(200);
        eventually("B finds the dupatta by the new synonym", || async {
            get(&b, "/api/products/search?q=odhni", &[]).await.2.to_string().contains("Red Dupatta")
        })
        .await;
    }
}
