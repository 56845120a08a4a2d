//! The back office at volume: the paged, filtered order list, a customer's paged history,
//! bulk status changes and the dashboard's figures.

use chrono::Duration;
use serde_json::{json, Value};
use store::testing::TestDb;

use crate::helpers::{relax_cod, seed_product, sql, stock, Reply, TestApp};

async fn place(app: &TestApp, token: &str, address: &str, variant: &str, quantity: i64) -> String {
    app.add_to_cart(token, variant, quantity).await.expect(201);
    app.post("/api/orders/place", Some(token), json!({ "addressId": address, "paymentMethod": "COD" }))
        .await
        .expect(201)
        .id()
}

/// A customer with a name, a mobile number and an address.
async fn customer(app: &TestApp, username: &str, first: &str, last: &str, mobile: &str) -> (String, String) {
    let (token, _) = app.customer(username).await;
    app.put("/api/users/profile", Some(&token), json!({ "firstName": first, "lastName": last, "mobile": mobile }))
        .await
        .expect(200);
    let address = app.address(&token, "12 Residency Road").await;
    (token, address)
}

fn ids(reply: &Reply) -> Vec<String> {
    reply.body["data"].as_array().into_iter().flatten().map(|o| o["id"].as_str().unwrap_or("").to_string()).collect()
}

async fn list(app: &TestApp, admin: &str, query: &str) -> Reply {
    app.get(&format!("/api/orders/all?{query}"), Some(admin)).await.expect(200)
}

/// India's calendar day `days` from the clock's today, as the API writes it.
fn india_date(clock: &kernel::Clock, days: i64) -> String {
    orders::listing::india_day(clock.now() + Duration::days(days)).format("%Y-%m-%d").to_string()
}

#[actix_web::test]
async fn the_order_list_is_paged_filtered_searched_sorted_and_counted_per_status() {
    for backend in TestDb::backends() {
        let clock = kernel::Clock::system();
        let app = TestApp::builder().backend(backend).clock(clock.clone()).spawn();
        // Many orders per customer: the cash-on-delivery limits are not what these tests are about.
        relax_cod(&app);
        let admin = app.admin().await;
        let (_, v) = seed_product(&app, "Linen Shirt", &[("M", "White", 100, 1_000, 0)]);
        let (asha, asha_home) = customer(&app, "asha", "Asha", "Rao", "98765 43210").await;
        let (ravi, ravi_home) = customer(&app, "ravi", "Ravi", "Kumar", "9123456780").await;

        // Four days ago: two of Asha's orders (1 and 2 pieces); today: three of Ravi's (3, 4, 5).
        let a1 = place(&app, &asha, &asha_home, &v[0], 1).await;
        let a2 = place(&app, &asha, &asha_home, &v[0], 2).await;
        clock.advance(Duration::days(4));
        let r3 = place(&app, &ravi, &ravi_home, &v[0], 3).await;
        let r4 = place(&app, &ravi, &ravi_home, &v[0], 4).await;
        let r5 = place(&app, &ravi, &ravi_home, &v[0], 5).await;
        app.put(&format!("/api/orders/{r4}/status"), Some(&admin), json!({ "deliveryStatus": "SHIPPED" })).await.expect(200);
        app.put(&format!("/api/orders/{a1}/status"), Some(&admin), json!({ "deliveryStatus": "DELIVERED" })).await.expect(200);

        // Newest first, 20 a page by default, with the shape of the product list.
        let all = list(&app, &admin, "").await;
        assert_eq!(ids(&all), vec![r5.clone(), r4.clone(), r3.clone(), a2.clone(), a1.clone()], "{backend:?}");
        assert_eq!(all.body["pagination"], json!({ "totalItems": 5, "currentPage": 1, "limit": 20, "totalPages": 1 }));
        assert_eq!(all.body["counts"], json!({ "all": 5, "pending": 3, "shipped": 1, "delivered": 1, "canceled": 0 }));

        // Pages.
        let second = list(&app, &admin, "page=2&limit=2").await;
        assert_eq!(ids(&second), vec![r3.clone(), a2.clone()]);
        assert_eq!(second.body["pagination"], json!({ "totalItems": 5, "currentPage": 2, "limit": 2, "totalPages": 3 }));
        assert_eq!(ids(&list(&app, &admin, "page=9&limit=2").await), Vec::<String>::new());
        // Paging is forgiving, as in the product list: the limit is held to 1..100.
        assert_eq!(list(&app, &admin, "limit=5000").await.body["pagination"]["limit"], 100);

        // A status: the page and its total follow it, the counts stay those of every status.
        let pending = list(&app, &admin, "status=PENDING").await;
        assert_eq!(ids(&pending), vec![r5.clone(), r3.clone(), a2.clone()]);
        assert_eq!(pending.body["pagination"]["totalItems"], 3);
        assert_eq!(pending.body["counts"]["shipped"], 1);

        // Search: order-number prefix (with or without #), name, e-mail, phone.
        assert_eq!(ids(&list(&app, &admin, &format!("q=%23{}", &r4[..8].to_uppercase())).await), vec![r4.clone()]);
        assert_eq!(ids(&list(&app, &admin, &format!("q={}", &a1[..6])).await), vec![a1.clone()]);
        let by_name = list(&app, &admin, "q=asha%20rao").await;
        assert_eq!(ids(&by_name), vec![a2.clone(), a1.clone()]);
        assert_eq!(by_name.body["counts"], json!({ "all": 2, "pending": 1, "shipped": 0, "delivered": 1, "canceled": 0 }));
        assert_eq!(ids(&list(&app, &admin, "q=KUMAR&status=SHIPPED").await), vec![r4.clone()]);
        assert_eq!(ids(&list(&app, &admin, "q=ravi%40example").await).len(), 3);
        assert_eq!(ids(&list(&app, &admin, "q=%2B91%2098765%2043210").await), vec![a2.clone(), a1.clone()]);
        assert_eq!(ids(&list(&app, &admin, "q=43210").await).len(), 2);
        // LIKE's wildcards are plain characters in a search.
        assert_eq!(ids(&list(&app, &admin, "q=%25").await), Vec::<String>::new());
        assert_eq!(ids(&list(&app, &admin, "q=_").await), Vec::<String>::new());

        // Dates are India's calendar days, both ends included.
        let today = india_date(&clock, 0);
        let four_ago = india_date(&clock, -4);
        assert_eq!(ids(&list(&app, &admin, &format!("from={today}")).await), vec![r5.clone(), r4.clone(), r3.clone()]);
        assert_eq!(ids(&list(&app, &admin, &format!("to={four_ago}")).await), vec![a2.clone(), a1.clone()]);
        let one_day = list(&app, &admin, &format!("from={four_ago}&to={four_ago}")).await;
        assert_eq!(one_day.body["counts"]["all"], 2);
        assert_eq!(ids(&list(&app, &admin, &format!("from={}&to={}", india_date(&clock, -3), india_date(&clock, -1))).await), Vec::<String>::new());

        // Sorts.
        assert_eq!(ids(&list(&app, &admin, "sort=oldest").await), vec![a1.clone(), a2.clone(), r3.clone(), r4.clone(), r5.clone()]);
        assert_eq!(ids(&list(&app, &admin, "sort=total_desc&limit=2").await), vec![r5.clone(), r4.clone()]);
        assert_eq!(ids(&list(&app, &admin, "sort=total_asc&limit=2").await), vec![a1.clone(), a2.clone()]);
    }
}

#[actix_web::test]
async fn bad_list_parameters_are_400_and_a_backwards_date_range_is_422() {
    for app in TestApp::all() {
        relax_cod(&app);
        let admin = app.admin().await;
        for query in ["page=two", "limit=1.5", "limit=", "status=LOST", "status=pending", "status=", "sort=", "from=", "sort=price", "from=2026-13-01", "to=yesterday"] {
            let reply = app.get(&format!("/api/orders/all?{query}"), Some(&admin)).await.expect(400);
            assert_eq!(reply.body["code"], "invalid_query", "{query}");
        }
        let long = "x".repeat(101);
        app.get(&format!("/api/orders/all?q={long}"), Some(&admin)).await.expect(400);
        let backwards = app.get("/api/orders/all?from=2026-11-02&to=2026-11-01", Some(&admin)).await.expect(422);
        assert_eq!(backwards.error(), (422, "invalid_date_range", Some("from")));
        assert_eq!(backwards.message(), "The start date must not be after the end date");
        app.get("/api/orders/my-orders?page=x", Some(&admin)).await.expect(400);
        let (asha, _) = app.customer("asha").await;
        app.get("/api/orders/all", Some(&asha)).await.expect(403);
        app.get("/api/orders/all", None).await.expect(401);
    }
}

#[actix_web::test]
async fn a_customers_history_is_paged_and_holds_only_their_orders() {
    for app in TestApp::all() {
        relax_cod(&app);
        let (_, v) = seed_product(&app, "Linen Shirt", &[("M", "White", 100, 1_000, 0)]);
        let (asha, home) = customer(&app, "asha", "Asha", "Rao", "9876543210").await;
        let (ravi, ravi_home) = customer(&app, "ravi", "Ravi", "Kumar", "9123456780").await;
        let mut mine = Vec::new();
        for quantity in 1..=3 {
            mine.push(place(&app, &asha, &home, &v[0], quantity).await);
        }
        place(&app, &ravi, &ravi_home, &v[0], 1).await;
        mine.reverse();
        let first = app.get("/api/orders/my-orders?limit=2", Some(&asha)).await.expect(200);
        assert_eq!(ids(&first), mine[..2].to_vec());
        assert_eq!(first.body["pagination"], json!({ "totalItems": 3, "currentPage": 1, "limit": 2, "totalPages": 2 }));
        let second = app.get("/api/orders/my-orders?limit=2&page=2", Some(&asha)).await.expect(200);
        assert_eq!(ids(&second), mine[2..].to_vec());
        // A customer reads "You", never an account's name.
        assert_eq!(second.body["data"][0]["history"][0]["changedBy"], "You");
        assert_eq!(app.get("/api/orders/my-orders", Some(&asha)).await.body["pagination"]["limit"], 20);
    }
}

#[actix_web::test]
async fn bulk_status_changes_each_order_as_a_single_change_would_with_one_result_each() {
    for app in TestApp::all() {
        relax_cod(&app);
        let admin = app.admin().await;
        let (_, v) = seed_product(&app, "Linen Shirt", &[("M", "White", 5, 1_000, 0)]);
        let (asha, home) = customer(&app, "asha", "Asha", "Rao", "9876543210").await;
        let first = place(&app, &asha, &home, &v[0], 2).await;
        let second = place(&app, &asha, &home, &v[0], 2).await;
        // The second is cancelled (stock back) and its stock then sold elsewhere: it cannot
        // leave CANCELED, exactly as its own status change would be refused.
        app.put(&format!("/api/orders/{second}/status"), Some(&admin), json!({ "deliveryStatus": "CANCELED" })).await.expect(200);
        sql(&app, &format!("UPDATE variants SET stock = 0 WHERE id = '{}'", v[0]));
        let missing = kernel::new_id();

        let reply = app
            .post("/api/orders/bulk-status", Some(&admin), json!({ "orderIds": [first, second, missing, first], "deliveryStatus": "SHIPPED" }))
            .await
            .expect(200);
        let results = reply.body["data"].as_array().cloned().unwrap_or_default();
        assert_eq!(results.len(), 3, "a repeated id counts once: {}", reply.body);
        assert_eq!((results[0]["orderId"].as_str(), results[0]["status"].as_u64()), (Some(first.as_str()), Some(200)));
        assert_eq!(results[0]["order"]["deliveryStatus"], "SHIPPED");
        assert_eq!(results[0]["order"]["history"][1]["changedBy"], "owner");
        assert_eq!((results[1]["status"].as_u64(), results[1]["error"]["code"].as_str()), (Some(409), Some("out_of_stock")));
        assert_eq!(results[1]["order"], Value::Null);
        assert_eq!((results[2]["status"].as_u64(), results[2]["error"]["code"].as_str()), (Some(404), Some("not_found")));
        assert_eq!((reply.body["updated"].as_u64(), reply.body["failed"].as_u64()), (Some(1), Some(2)));
        assert_eq!(reply.message(), "1 orders updated, 2 could not be changed");
        assert_eq!(stock(&app, &v[0]), 0, "the refused order took nothing");

        let listed = list(&app, &admin, "").await;
        assert_eq!(listed.body["counts"], json!({ "all": 2, "pending": 0, "shipped": 1, "delivered": 0, "canceled": 1 }));

        // Delivered in bulk: paid.
        let delivered = app.post("/api/orders/bulk-status", Some(&admin), json!({ "orderIds": [first], "deliveryStatus": "DELIVERED" })).await.expect(200);
        assert_eq!(delivered.body["data"][0]["order"]["paymentStatus"], "PAID");

        // What the document does not allow is a 400; customers are refused.
        for body in [
            json!({ "orderIds": [], "deliveryStatus": "SHIPPED" }),
            json!({ "orderIds": ["not-a-uuid"], "deliveryStatus": "SHIPPED" }),
            json!({ "orderIds": [first], "deliveryStatus": "LOST" }),
            json!({ "orderIds": (0..101).map(|_| kernel::new_id()).collect::<Vec<_>>(), "deliveryStatus": "SHIPPED" }),
        ] {
            app.post("/api/orders/bulk-status", Some(&admin), body).await.expect(400);
        }
        app.post("/api/orders/bulk-status", Some(&asha), json!({ "orderIds": [first], "deliveryStatus": "SHIPPED" })).await.expect(403);
    }
}

#[actix_web::test]
async fn the_summary_counts_today_and_the_last_30_india_days_pending_orders_and_stock() {
    for backend in TestDb::backends() {
        let clock = kernel::Clock::system();
        let app = TestApp::builder().backend(backend).clock(clock.clone()).spawn();
        // Many orders per customer: the cash-on-delivery limits are not what these tests are about.
        relax_cod(&app);
        let admin = app.admin().await;
        // Stock: 3 (low), 0 (out), 20 (fine), 5 (low); after the orders below 3 becomes 1
        // and 20 becomes 17.
        let (_, v) = seed_product(&app, "Linen Shirt", &[("M", "White", 3, 1_000, 0), ("L", "White", 0, 1_000, 0), ("XL", "White", 20, 250, 0)]);
        seed_product(&app, "Silk Dupatta", &[("Free", "Gold", 5, 499, 0)]);
        let (asha, home) = customer(&app, "asha", "Asha", "Rao", "9876543210").await;

        // 40 days ago: outside the chart. 2 days ago: ₹1,000 (and a cancelled ₹250).
        // Today: ₹1,000 + ₹500.
        place(&app, &asha, &home, &v[2], 1).await;
        clock.advance(Duration::days(38));
        place(&app, &asha, &home, &v[0], 1).await;
        let cancelled = place(&app, &asha, &home, &v[2], 1).await;
        app.put(&format!("/api/orders/{cancelled}/cancel"), Some(&asha), json!({})).await.expect(200);
        clock.advance(Duration::days(2));
        place(&app, &asha, &home, &v[0], 1).await;
        place(&app, &asha, &home, &v[2], 2).await;

        let summary = app.get("/api/reports/summary", Some(&admin)).await.expect(200);
        let s = &summary.body["data"];
        assert_eq!(s["today"], json!({ "date": india_date(&clock, 0), "orders": 2, "revenue": 1_500.0 }), "{backend:?}");
        let days = s["days"].as_array().cloned().unwrap_or_default();
        assert_eq!(days.len(), 30);
        assert_eq!(days[29], s["today"]);
        assert_eq!(days[0]["date"], india_date(&clock, -29));
        assert_eq!(days[27], json!({ "date": india_date(&clock, -2), "orders": 1, "revenue": 1_000.0 }));
        let counted: u64 = days.iter().filter_map(|d| d["orders"].as_u64()).sum();
        assert_eq!(counted, 3, "the cancelled order and the one 40 days ago are not counted");
        // Orders waiting to ship: the oldest, the one two days ago and today's two.
        assert_eq!(s["pendingOrders"], 4);
        assert_eq!((s["lowStockVariants"].as_u64(), s["outOfStockVariants"].as_u64(), s["lowStockMax"].as_u64()), (Some(2), Some(1), Some(5)));
        assert_eq!(stock(&app, &v[0]), 1);

        // Tomorrow (India time) today starts again at nothing.
        clock.advance(Duration::days(1));
        let next = app.get("/api/reports/summary", Some(&admin)).await.expect(200);
        assert_eq!(next.body["data"]["today"]["orders"], 0);
        assert_eq!(next.body["data"]["days"][28]["revenue"], 1_500.0);

        let (customer_token, _) = app.customer("ravi").await;
        app.get("/api/reports/summary", Some(&customer_token)).await.expect(403);
        app.get("/api/reports/summary", None).await.expect(401);
    }
}
