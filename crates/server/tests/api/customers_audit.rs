//! The back office's customers (figures, search, paging, a customer's orders) and the audit
//! log of admin writes (written for successful admin writes only, filtered, read only).

use serde_json::{json, Value};
use store::testing::TestDb;

use crate::helpers::{seed_product, shop_with_clock, text, Desk, Reply};

fn names(reply: &Reply) -> Vec<String> {
    reply.body["data"].as_array().into_iter().flatten().map(|c| c["firstName"].as_str().unwrap_or("").to_string()).collect()
}

#[actix_web::test]
async fn customers_are_listed_with_their_figures_searched_sorted_and_paged() {
    for backend in TestDb::backends() {
        let Desk { app, admin, variants: v, asha, ravi, .. } = Desk::open(backend).await;
        app.shopper("neha", "Neha", "Singh", "9000000001").await;

        // Asha: ₹1,000 and ₹2,000, the second canceled; Ravi: ₹3,000 + ₹4,000 + ₹5,000, later.
        app.order_cod(&asha, &v[0], 1).await;
        let a2 = app.order_cod(&asha, &v[0], 2).await;
        app.put(&format!("/api/orders/{a2}/status"), Some(&admin), json!({ "deliveryStatus": "CANCELED" })).await.expect(200);
        for quantity in [3, 4, 5] {
            app.order_cod(&ravi, &v[0], quantity).await;
        }

        // Latest order first, then those who never ordered; the admin is not a customer.
        let all = app.get("/api/customers", Some(&admin)).await.expect(200);
        assert_eq!(names(&all), vec!["Ravi", "Asha", "Neha"], "{backend:?}");
        assert_eq!(all.body["pagination"], json!({ "totalItems": 3, "currentPage": 1, "limit": 20, "totalPages": 1 }));
        let asha_row = &all.body["data"][1];
        assert_eq!(asha_row["orderCount"], 2, "canceled orders are counted as orders");
        assert_eq!(asha_row["totalSpent"], 1000.0, "but not in what was spent");
        assert_eq!(asha_row["email"], "asha@example.in");
        assert!(asha_row["lastOrderAt"].is_string());
        assert_eq!(all.body["data"][0]["totalSpent"], 12000.0);
        assert_eq!(all.body["data"][0]["orderCount"], 3);
        assert_eq!(all.body["data"][2]["orderCount"], 0);
        assert_eq!(all.body["data"][2]["totalSpent"], 0.0);
        assert_eq!(all.body["data"][2]["lastOrderAt"], Value::Null);

        // Sorting and paging.
        assert_eq!(names(&app.get("/api/customers?sort=name", Some(&admin)).await.expect(200)), vec!["Asha", "Neha", "Ravi"]);
        assert_eq!(names(&app.get("/api/customers?sort=spent_desc", Some(&admin)).await.expect(200)), vec!["Ravi", "Asha", "Neha"]);
        assert_eq!(names(&app.get("/api/customers?sort=orders_desc", Some(&admin)).await.expect(200)), vec!["Ravi", "Asha", "Neha"]);
        let second = app.get("/api/customers?limit=1&page=2", Some(&admin)).await.expect(200);
        assert_eq!(names(&second), vec!["Asha"]);
        assert_eq!(second.body["pagination"], json!({ "totalItems": 3, "currentPage": 2, "limit": 1, "totalPages": 3 }));
        assert_eq!(names(&app.get("/api/customers?page=7", Some(&admin)).await.expect(200)), Vec::<String>::new());

        // Search: name (either part, any case), e-mail, mobile digits.
        for (q, expected) in [("aSHa", "Asha"), ("kumar", "Ravi"), ("ravi%20kumar", "Ravi"), ("neha@example", "Neha"), ("98765", "Asha"), ("+91%2091234%2056780", "Ravi")] {
            let found = app.get(&format!("/api/customers?q={q}"), Some(&admin)).await.expect(200);
            assert_eq!(names(&found), vec![expected], "q={q}");
            assert_eq!(found.body["pagination"]["totalItems"], 1);
        }
        assert_eq!(names(&app.get("/api/customers?q=50%25", Some(&admin)).await.expect(200)), Vec::<String>::new(), "% is literal");

        // One customer and their orders, newest first, paged.
        let detail = app.get(&format!("/api/customers/{}?limit=1", asha.id), Some(&admin)).await.expect(200);
        assert_eq!(detail.body["data"]["customer"]["orderCount"], 2);
        assert_eq!(detail.body["data"]["customer"]["totalSpent"], 1000.0);
        assert_eq!(detail.body["data"]["orders"][0]["id"], a2.as_str());
        assert_eq!(detail.body["data"]["orders"][0]["deliveryStatus"], "CANCELED");
        assert_eq!(detail.body["pagination"], json!({ "totalItems": 2, "currentPage": 1, "limit": 1, "totalPages": 2 }));

        // Unknown, staff and malformed ids; bad parameters; who may ask.
        let admin_id = app.get("/api/auth/me", Some(&admin)).await.expect(200).body["data"]["id"].as_str().unwrap_or_default().to_string();
        assert_eq!(app.get(&format!("/api/customers/{admin_id}"), Some(&admin)).await.error().0, 404);
        let unknown = app.get("/api/customers/00000000-0000-4000-8000-000000000000", Some(&admin)).await;
        assert_eq!((unknown.error().0, unknown.message()), (404, "Customer not found"));
        app.get("/api/customers/not-a-uuid", Some(&admin)).await.expect(400);
        app.get("/api/customers?sort=richest", Some(&admin)).await.expect(400);
        app.get("/api/customers", Some(&asha.token)).await.expect(403);
        app.get(&format!("/api/customers/{}", asha.id), Some(&asha.token)).await.expect(403);
        app.get("/api/customers", None).await.expect(401);
    }
}

fn actions(reply: &Reply) -> Vec<String> {
    reply.body["data"].as_array().into_iter().flatten().map(|e| e["action"].as_str().unwrap_or("").to_string()).collect()
}

#[actix_web::test]
async fn every_successful_admin_write_is_in_the_audit_log_and_nothing_else_is() {
    for backend in TestDb::backends() {
        let (app, clock) = shop_with_clock(backend);
        let admin = app.admin().await;
        // The admin's own profile is not a back-office write.
        app.put("/api/users/profile", Some(&admin), json!({ "firstName": "Meera", "lastName": "Iyer" })).await.expect(200);
        let asha = app.shopper("asha", "Asha", "Rao", "98765 43210").await;

        // Catalogue, orders, company, legal pages, settings.
        let category = app.category(&admin, "Shirts", None).await;
        let product = app.product(&admin, "Linen Shirt", &category, json!([{ "size": "M", "color": "White", "colorHex": "#FFFFFF", "stock": 10, "originalPrice": 999, "discountPrice": 0 }])).await;
        let variant = product["variants"][0]["id"].as_str().unwrap_or_default().to_string();
        let order = app.order_cod(&asha, &variant, 1).await;
        app.put(&format!("/api/orders/{order}/status"), Some(&admin), json!({ "deliveryStatus": "SHIPPED" })).await.expect(200);
        app.form("PUT", "/api/company-details", Some(&admin), vec![text("name", "Kapda")]).await.expect(200);
        app.post("/api/legal-pages", Some(&admin), json!({ "slug": "terms-conditions", "content": "Be kind." })).await.expect(200);
        app.put("/api/settings/cod", Some(&admin), json!({ "maxUnitsPerLine": 7 })).await.expect(200);
        app.put("/api/search/synonyms", Some(&admin), json!({ "text": "saree, sari" })).await.expect(200);

        // Refused and failed writes leave nothing.
        app.put("/api/search/synonyms", Some(&admin), json!({ "text": "lonely" })).await.expect(422);
        app.put("/api/settings/cod", Some(&asha.token), json!({ "maxUnitsPerLine": 1 })).await.expect(403);
        app.put("/api/orders/00000000-0000-4000-8000-000000000000/status", Some(&admin), json!({ "deliveryStatus": "SHIPPED" }))
            .await
            .expect(404);

        let log = app.get("/api/audit-log", Some(&admin)).await.expect(200);
        assert_eq!(
            actions(&log),
            vec![
                "settings.synonyms",
                "settings.cod",
                "legal.create",
                "company.update",
                "orders.status",
                "products.create",
                "categories.create"
            ],
            "{backend:?}: newest first, and only the successful admin writes: {}",
            log.body
        );
        assert_eq!(log.body["pagination"]["totalItems"], 7);
        let entries = log.body["data"].as_array().cloned().unwrap_or_default();
        assert!(entries.iter().all(|e| e["actorName"] == "Meera Iyer"), "who, by name");
        let status = &entries[4];
        assert_eq!(status["area"], "orders");
        assert_eq!(status["target"], order.as_str());
        assert!(status["summary"].as_str().unwrap_or("").contains("deliveryStatus: \"SHIPPED\""), "{status}");
        assert!(status["at"].is_string());
        let created = &entries[5];
        assert_eq!(created["target"], product["id"], "a created product is named by its new id");
        assert!(created["summary"].as_str().unwrap_or("").contains("Linen Shirt"), "{created}");
        assert_eq!(entries[6]["target"], category.as_str());
        assert!(entries[1]["summary"].as_str().unwrap_or("").contains("maxUnitsPerLine: 7"), "{}", entries[1]);

        // Filters: area, action, actor, dates (India's days), paging.
        let orders_only = app.get("/api/audit-log?area=orders", Some(&admin)).await.expect(200);
        assert_eq!(actions(&orders_only), vec!["orders.status"]);
        assert_eq!(actions(&app.get("/api/audit-log?action=settings.cod", Some(&admin)).await.expect(200)), vec!["settings.cod"]);
        let actor = entries[0]["actorId"].as_str().unwrap_or_default().to_string();
        assert_eq!(app.get(&format!("/api/audit-log?actorId={actor}"), Some(&admin)).await.expect(200).body["pagination"]["totalItems"], 7);
        assert_eq!(app.get("/api/audit-log?actorId=someone-else", Some(&admin)).await.expect(200).body["pagination"]["totalItems"], 0);
        let today = kernel::india_day(clock.now());
        let day = |d: chrono::NaiveDate| d.format("%Y-%m-%d").to_string();
        let tomorrow = today.succ_opt().unwrap();
        let yesterday = today.pred_opt().unwrap();
        assert_eq!(app.get(&format!("/api/audit-log?from={}&to={}", day(today), day(today)), Some(&admin)).await.expect(200).body["pagination"]["totalItems"], 7);
        assert_eq!(app.get(&format!("/api/audit-log?from={}", day(tomorrow)), Some(&admin)).await.expect(200).body["pagination"]["totalItems"], 0);
        assert_eq!(app.get(&format!("/api/audit-log?to={}", day(yesterday)), Some(&admin)).await.expect(200).body["pagination"]["totalItems"], 0);
        let backwards = app.get(&format!("/api/audit-log?from={}&to={}", day(tomorrow), day(today)), Some(&admin)).await;
        assert_eq!(backwards.error().0, 422);
        let page = app.get("/api/audit-log?limit=2&page=2", Some(&admin)).await.expect(200);
        assert_eq!(actions(&page), vec!["legal.create", "company.update"]);
        assert_eq!(page.body["pagination"]["totalPages"], 4);

        // Reading the log writes nothing; only an admin may read it; nobody can change it.
        assert_eq!(app.get("/api/audit-log", Some(&admin)).await.expect(200).body["pagination"]["totalItems"], 7);
        app.get("/api/audit-log", Some(&asha.token)).await.expect(403);
        app.get("/api/audit-log", None).await.expect(401);
        assert_eq!(app.put("/api/audit-log", Some(&admin), json!({ "summary": "nothing happened" })).await.error().0, 405);
        assert_eq!(app.delete("/api/audit-log", Some(&admin)).await.error().0, 405);
        assert_eq!(app.send("PATCH", "/api/audit-log", Some(&admin), Some(json!({}))).await.error().0, 405);
        assert_eq!(app.get("/api/audit-log", Some(&admin)).await.expect(200).body["pagination"]["totalItems"], 7);
    }
}

#[actix_web::test]
async fn deletes_and_bulk_status_changes_are_logged() {
    for backend in TestDb::backends() {
        let (app, _) = shop_with_clock(backend);
        let admin = app.admin().await;
        let asha = app.shopper("asha", "Asha", "Rao", "98765 43210").await;
        let (_, v) = seed_product(&app, "Silk Saree", &[("Free", "Red", 10, 5_000, 0)]);
        let first = app.order_cod(&asha, &v[0], 1).await;
        let second = app.order_cod(&asha, &v[0], 1).await;
        app.post("/api/orders/bulk-status", Some(&admin), json!({ "orderIds": [first, second], "deliveryStatus": "SHIPPED" }))
            .await
            .expect(200);
        let category = app.category(&admin, "Scarves", None).await;
        app.delete(&format!("/api/categories/{category}"), Some(&admin)).await.expect(200);

        let log = app.get("/api/audit-log", Some(&admin)).await.expect(200);
        assert_eq!(actions(&log), vec!["categories.delete", "categories.create", "orders.bulk-status"], "{backend:?}");
        assert_eq!(log.body["data"][0]["target"], category.as_str());
        let bulk = log.body["data"][2]["summary"].as_str().unwrap_or("").to_string();
        assert!(bulk.contains("orderIds: 2 items") && bulk.contains("SHIPPED"), "{bulk}");

        // A deleted product is named: its id alone would point at nothing.
        let (scarf, _) = seed_product(&app, "Pashmina Scarf", &[("Free", "Grey", 1, 2_000, 0)]);
        app.delete(&format!("/api/products/{scarf}"), Some(&admin)).await.expect(200);
        let log = app.get("/api/audit-log", Some(&admin)).await.expect(200);
        assert_eq!(log.body["data"][0]["action"], "products.delete");
        assert_eq!(log.body["data"][0]["summary"], "Product deleted successfully — name: \"Pashmina Scarf\"");
    }
}
