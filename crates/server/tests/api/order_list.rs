//! The back office at volume: the paged, filtered order list, a customer's paged history,
//! bulk status changes and the dashboard's figures.

use chrono::Duration;
use serde_json::{json, Value};
use store::testing::TestDb;

use crate::helpers::{relax_cod, seed_product, shop_with_clock, sql, stock, Desk, Reply, TestApp};

fn ids(reply: &Reply) -> Vec<String> {
    reply.body["data"].as_array().into_iter().flatten().map(|o| o["id"].as_str().unwrap_or("").to_string()).collect()
}

async fn list(app: &TestApp, admin: &str, query: &str) -> Reply {
    app.get(&format!("/api/orders/all?{query}"), Some(admin)).await.expect(200)
}

/// India's calendar day `days` from the clock's today, as the API writes it.
fn india_date(clock: &kernel::Clock, days: i64) -> String {
    kernel::india_day(clock.now() + Duration::days(days)).format("%Y-%m-%d").to_string()
}

#[actix_web::test]
async fn the_order_list_is_paged_filtered_searched_sorted_and_counted_per_status() {
    for backend in TestDb::backends() {
        let Desk { app, clock, admin, variants: v, asha, ravi } = Desk::open(backend).await;

        // Four days ago: two of Asha's orders (1 and 2 pieces); today: three of Ravi's (3, 4, 5).
        let a1 = app.order_cod(&asha, &v[0], 1).await;
        let a2 = app.order_cod(&asha, &v[0], 2).await;
        clock.advance(Duration::days(4));
        let r3 = app.order_cod(&ravi, &v[0], 3).await;
        let r4 = app.order_cod(&ravi, &v[0], 4).await;
        let r5 = app.order_cod(&ravi, &v[0], 5).await;
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
        // The last page holds what is left, in order; past it, nothing.
        assert_eq!(ids(&list(&app, &admin, "page=3&limit=2").await), vec![a1.clone()]);
        assert_eq!(ids(&list(&app, &admin, "sort=oldest&page=2&limit=3").await), vec![r4.clone(), r5.clone()]);
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
        assert_eq!(ids(&list(&app, &admin, "q=%2B91%2091234%2056780").await), vec![r5.clone(), r4.clone(), r3.clone()]);
        assert_eq!(ids(&list(&app, &admin, "q=43210").await).len(), 2);
        // A whole number also finds the orders delivered to it, as the order and its CSV print
        // it: every order here goes to Asha's mobile (Ravi's address book has her number).
        assert_eq!(ids(&list(&app, &admin, "q=%2B91%2098765%2043210").await).len(), 5);
        assert_eq!(ids(&list(&app, &admin, "q=098765-43210").await).len(), 5);
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
async fn a_search_finds_a_customers_orders_by_their_account_and_an_order_by_any_start_of_its_number() {
    for backend in TestDb::backends() {
        let Desk { app, clock, admin, variants: v, asha, ravi } = Desk::open(backend).await;
        let a1 = app.order_cod(&asha, &v[0], 1).await;
        clock.advance(Duration::days(2));
        let a2 = app.order_cod(&asha, &v[0], 2).await;
        let r3 = app.order_cod(&ravi, &v[0], 3).await;
        app.put(&format!("/api/orders/{a2}/status"), Some(&admin), json!({ "deliveryStatus": "SHIPPED" })).await.expect(200);
        let today = india_date(&clock, 0);
        let two_ago = india_date(&clock, -2);

        // An order number: the whole id, with or without its hyphens, in any case, or its
        // start as the shop prints it, across the first hyphen too.
        assert_eq!(ids(&list(&app, &admin, &format!("q={}", r3.to_uppercase())).await), vec![r3.clone()], "{backend:?}");
        assert_eq!(ids(&list(&app, &admin, &format!("q={}", r3.replace('-', ""))).await), vec![r3.clone()]);
        assert_eq!(ids(&list(&app, &admin, &format!("q=%23{}", &a1[..11])).await), vec![a1.clone()]);
        // A customer: part of the name, the e-mail, the mobile number in any usual form.
        assert_eq!(ids(&list(&app, &admin, "q=sha%20R").await), vec![a2.clone(), a1.clone()]);
        assert_eq!(ids(&list(&app, &admin, "q=ASHA%40EXAMPLE.IN").await), vec![a2.clone(), a1.clone()]);
        assert_eq!(ids(&list(&app, &admin, "q=091234%2056780").await), vec![r3.clone()]);
        assert_eq!(ids(&list(&app, &admin, "q=91234").await), vec![r3.clone()]);
        // A whole number also finds what is delivered to it: Ravi's order goes to Asha's mobile.
        assert_eq!(ids(&list(&app, &admin, "q=09876543210").await), vec![r3.clone(), a2.clone(), a1.clone()]);
        // With a status and dates, whose counts follow the search.
        let shipped = list(&app, &admin, "q=asha&status=SHIPPED").await;
        assert_eq!(ids(&shipped), vec![a2.clone()]);
        assert_eq!(shipped.body["counts"], json!({ "all": 2, "pending": 1, "shipped": 1, "delivered": 0, "canceled": 0 }));
        let that_day = list(&app, &admin, &format!("q=asha&from={two_ago}&to={two_ago}")).await;
        assert_eq!(ids(&that_day), vec![a1.clone()]);
        assert_eq!(that_day.body["pagination"]["totalItems"], 1);
        assert_eq!(ids(&list(&app, &admin, &format!("q=kumar&from={today}&status=PENDING")).await), vec![r3.clone()]);
        assert_eq!(ids(&list(&app, &admin, &format!("q=kumar&to={two_ago}")).await), Vec::<String>::new());
        // Nothing found: an empty page with zero counts.
        let none = list(&app, &admin, "q=zz%20top").await;
        assert_eq!((ids(&none), none.body["counts"]["all"].clone()), (Vec::<String>::new(), json!(0)));
        // A customer is found by the account as it is now: after a change of name, by the new name.
        app.put("/api/users/profile", Some(&asha.token), json!({ "firstName": "Asha", "lastName": "Menon", "mobile": "98765 43210" }))
            .await
            .expect(200);
        assert_eq!(ids(&list(&app, &admin, "q=asha%20menon").await), vec![a2.clone(), a1.clone()]);
    }
}

#[actix_web::test]
async fn the_status_tabs_count_every_order_once_as_statuses_change() {
    for backend in TestDb::backends() {
        let Desk { app, clock, admin, variants: v, asha, .. } = Desk::open(backend).await;
        let first = app.order_cod(&asha, &v[0], 1).await;
        clock.advance(Duration::days(1));
        let second = app.order_cod(&asha, &v[0], 1).await;
        let third = app.order_cod(&asha, &v[0], 1).await;
        let counts = |reply: &Reply| reply.body["counts"].clone();
        assert_eq!(counts(&list(&app, &admin, "").await), json!({ "all": 3, "pending": 3, "shipped": 0, "delivered": 0, "canceled": 0 }), "{backend:?}");
        // Forward, backward, cancelled by the customer: each order stays counted once.
        for (order, status) in [(&first, "SHIPPED"), (&first, "DELIVERED"), (&second, "SHIPPED"), (&second, "PENDING")] {
            app.put(&format!("/api/orders/{order}/status"), Some(&admin), json!({ "deliveryStatus": status })).await.expect(200);
        }
        app.put(&format!("/api/orders/{third}/cancel"), Some(&asha.token), json!({})).await.expect(200);
        let all = list(&app, &admin, "status=PENDING").await;
        assert_eq!(counts(&all), json!({ "all": 3, "pending": 1, "shipped": 0, "delivered": 1, "canceled": 1 }));
        assert_eq!((ids(&all), all.body["pagination"]["totalItems"].clone()), (vec![second.clone()], json!(1)));
        // A range of India days counts only its days; the dashboard's "waiting to ship" agrees.
        let yesterday = india_date(&clock, -1);
        assert_eq!(counts(&list(&app, &admin, &format!("from={yesterday}&to={yesterday}")).await)["delivered"], 1);
        assert_eq!(counts(&list(&app, &admin, &format!("from={}", india_date(&clock, 0))).await)["all"], 2);
        let pending = app.get("/api/orders/pending-count", Some(&admin)).await.expect(200);
        assert_eq!(pending.body["data"]["count"], 1);
    }
}

/// `n` customer accounts named `first last`, without orders, made in one statement.
fn bystanders(app: &TestApp, n: usize, first: &str, last: &str) {
    sql(
        app,
        &format!(
            "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < {n}) \
             INSERT INTO users (id, username, email, password_hash, user_type, first_name, last_name, mobile, created_at, updated_at, session_generation) \
             SELECT 'bystander-' || i, 'bystander' || i, 'bystander' || i || '@example.in', 'x', 'CUSTOMER', '{first}', '{last}', NULL, \
             CURRENT_TIMESTAMP, CURRENT_TIMESTAMP, 0 FROM n"
        ),
    );
}

#[actix_web::test]
async fn a_search_counts_each_order_once_whether_found_by_number_or_customer_however_many_customers_it_names() {
    for backend in TestDb::backends() {
        let Desk { app, clock, admin, variants: v, asha, ravi } = Desk::open(backend).await;
        let a1 = app.order_cod(&asha, &v[0], 1).await;
        let a2 = app.order_cod(&asha, &v[0], 1).await;
        let a3 = app.order_cod(&asha, &v[0], 1).await;
        let r1 = app.order_cod(&ravi, &v[0], 1).await;
        app.put(&format!("/api/orders/{a1}/status"), Some(&admin), json!({ "deliveryStatus": "SHIPPED" })).await.expect(200);
        app.put(&format!("/api/orders/{a2}/cancel"), Some(&asha.token), json!({})).await.expect(200);
        let counts = |reply: &Reply| reply.body["counts"].clone();

        // Asha's surname is the start of her own first order's number: that order is found
        // both ways and counted once.
        let own = &a1[..8];
        sql(&app, &format!("UPDATE users SET last_name = '{own}' WHERE username = 'asha'"));
        let found = list(&app, &admin, &format!("q={own}")).await;
        assert_eq!(ids(&found), vec![a3.clone(), a2.clone(), a1.clone()], "{backend:?}");
        assert_eq!(counts(&found), json!({ "all": 3, "pending": 1, "shipped": 1, "delivered": 0, "canceled": 1 }), "{backend:?}");

        // Then the start of Ravi's order's number: hers by name, his by number.
        let theirs = &r1[..8];
        sql(&app, &format!("UPDATE users SET last_name = '{theirs}' WHERE username = 'asha'"));
        let everyone = vec![r1.clone(), a3.clone(), a2.clone(), a1.clone()];
        let all_four = json!({ "all": 4, "pending": 2, "shipped": 1, "delivered": 0, "canceled": 1 });
        let found = list(&app, &admin, &format!("q={theirs}")).await;
        assert_eq!((ids(&found), counts(&found)), (everyone.clone(), all_four.clone()), "{backend:?}");

        // More accounts share the name than the search lists by id: the same orders, the same
        // counts, with a tab and within dates too.
        bystanders(&app, 2_001, "Bystander", theirs);
        let found = list(&app, &admin, &format!("q={theirs}")).await;
        assert_eq!((ids(&found), counts(&found)), (everyone.clone(), all_four.clone()), "{backend:?}");
        let pending = list(&app, &admin, &format!("q={theirs}&status=PENDING")).await;
        assert_eq!((ids(&pending), pending.body["pagination"]["totalItems"].clone()), (vec![r1.clone(), a3.clone()], json!(2)));
        let today = list(&app, &admin, &format!("q={theirs}&from={}", india_date(&clock, 0))).await;
        assert_eq!((ids(&today), counts(&today)), (everyone.clone(), all_four.clone()), "{backend:?}");

        // The counts follow the orders as their statuses change.
        app.put(&format!("/api/orders/{a1}/status"), Some(&admin), json!({ "deliveryStatus": "DELIVERED" })).await.expect(200);
        app.put(&format!("/api/orders/{r1}/status"), Some(&admin), json!({ "deliveryStatus": "SHIPPED" })).await.expect(200);
        let found = list(&app, &admin, &format!("q={theirs}")).await;
        assert_eq!(counts(&found), json!({ "all": 4, "pending": 1, "shipped": 1, "delivered": 1, "canceled": 1 }), "{backend:?}");
        let shipped = list(&app, &admin, &format!("q={theirs}&status=SHIPPED")).await;
        assert_eq!(ids(&shipped), vec![r1.clone()]);
    }
}

/// The orders CSV as the server sends it: status and text.
async fn export(app: &TestApp, token: &str, query: &str) -> (u16, String) {
    let (status, headers, bytes) = app.get_raw(&format!("/api/orders/export?{query}"), &[("Authorization", &format!("Bearer {token}"))]).await;
    if status == 200 {
        assert_eq!(headers.get("content-type").and_then(|v| v.to_str().ok()), Some("text/csv; charset=utf-8"));
    }
    (status, String::from_utf8(bytes).expect("UTF-8"))
}

#[actix_web::test]
async fn the_orders_csv_has_a_line_per_item_of_every_order_the_filters_select() {
    for backend in TestDb::backends() {
        let shirts = [("M", "White", 2_000, 1_299, 0), ("L", "Blue", 100, 2_000, 500)];
        let Desk { app, clock, admin, variants: v, asha, ravi } = Desk::with_shirts(backend, &shirts).await;
        // Asha's order: two lines; an address line a spreadsheet would run.
        app.add_to_cart(&asha.token, &v[1], 2).await.expect(201);
        let a1 = app.order_cod(&asha, &v[0], 1).await;
        sql(&app, &format!("UPDATE orders SET address_line1 = '=HYPERLINK(\"x\")' WHERE id = '{a1}'"));
        clock.advance(Duration::days(1));
        let r2 = app.order_cod(&ravi, &v[0], 3).await;

        let (status, text) = export(&app, &admin, "q=asha").await;
        assert_eq!(status, 200, "{backend:?}: {text}");
        assert!(text.starts_with('\u{feff}'), "a byte-order mark for Excel");
        let lines: Vec<&str> = text.trim_start_matches('\u{feff}').split("\r\n").filter(|l| !l.is_empty()).collect();
        assert_eq!(lines[0], "Order,Order ID,Placed (India time),Status,Payment method,Payment status,Customer,E-mail,Deliver to,Phone,Address,Landmark,City,State,PIN code,Product,Size,Colour,Quantity,Price (₹),Line total (₹),Order MRP total (₹),Order discount (₹),Order total (₹)");
        assert_eq!(lines.len(), 3, "{text}");
        let placed = kernel::india_day(clock.now() - Duration::days(1)).format("%Y-%m-%d").to_string();
        let number = format!("#{}", a1[..8].to_uppercase());
        let listed = list(&app, &admin, "q=asha").await;
        let total = format!(",{:.2}", listed.body["data"][0]["orderTotal"].as_f64().unwrap_or(-1.0));
        for line in &lines[1..] {
            assert!(line.starts_with(&format!("{number},{a1},{placed} ")), "{line}");
            assert!(line.contains(",PENDING,COD,PENDING,Asha Rao,asha@example.in,"), "{line}");
            assert!(line.contains(",\"'=HYPERLINK(\"\"x\"\"), "), "the formula is neutralised: {line}");
            assert!(line.ends_with(&total), "the order's total on each of its lines: {line}");
        }
        assert!(lines.iter().any(|l| l.contains(",Linen Shirt,M,White,1,1299.00,1299.00,")), "{text}");
        assert!(lines.iter().any(|l| l.contains(",Linen Shirt,L,Blue,2,")), "{text}");

        // The list's filters: a status, dates; oldest first.
        let today = india_date(&clock, 0);
        let (_, only_today) = export(&app, &admin, &format!("from={today}&to={today}")).await;
        assert!(only_today.contains(&r2) && !only_today.contains(&a1), "{only_today}");
        assert_eq!(export(&app, &admin, "status=SHIPPED").await.1.trim_start_matches('\u{feff}').lines().count(), 1);

        // Past one batch of 500: 600 copies of Ravi's order placed at the same instant, each
        // exported once.
        sql(&app, &format!(
            "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 600) \
             INSERT INTO orders (id, user_id, customer_first_name, customer_last_name, customer_email, payment_method, \
             payment_status, delivery_status, subtotal_paise, discount_paise, total_paise, address_line1, address_line2, \
             city, state, postal_code, expected_delivery_date, created_at, updated_at, recipient_name, recipient_phone, landmark) \
             SELECT '00000000-0000-4000-8000-' || CAST(100000000000 + i AS TEXT), user_id, customer_first_name, \
             customer_last_name, customer_email, payment_method, payment_status, delivery_status, subtotal_paise, \
             discount_paise, total_paise, address_line1, address_line2, city, state, postal_code, expected_delivery_date, \
             created_at, updated_at, recipient_name, recipient_phone, landmark FROM orders, n WHERE orders.id = '{r2}'"
        ));
        sql(&app, &format!(
            "INSERT INTO order_items (id, order_id, product_id, variant_id, product_name, size, color, image_url, quantity, \
             price_at_purchase_paise, mrp_paise, position) \
             SELECT '00000000-0000-4000-a000-' || substr(o.id, 25), o.id, i.product_id, i.variant_id, i.product_name, i.size, \
             i.color, i.image_url, i.quantity, i.price_at_purchase_paise, i.mrp_paise, i.position \
             FROM orders o, order_items i WHERE i.order_id = '{r2}' AND o.id LIKE '00000000-0000-4000-8000-%'"
        ));
        let (_, all) = export(&app, &admin, "q=ravi").await;
        let ids: Vec<&str> = all.lines().skip(1).map(|l| l.split(',').nth(1).unwrap_or("")).collect();
        assert_eq!(ids.len(), 601);
        assert_eq!(ids.iter().collect::<std::collections::HashSet<_>>().len(), 601, "no order twice");
        let mut sorted = ids.clone();
        sorted.sort_unstable();
        assert_eq!(ids, sorted, "ties in time by id");

        // The list's rules; an admin's file only.
        let (status, body) = export(&app, &admin, "from=2026-11-02&to=2026-11-01").await;
        assert_eq!(status, 422, "{body}");
        assert_eq!(export(&app, &admin, "status=LOST").await.0, 400);
        assert_eq!(export(&app, &asha.token, "").await.0, 403);
        assert_eq!(app.get_raw("/api/orders/export", &[]).await.0, 401);
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
        let asha = app.shopper("asha", "Asha", "Rao", "9876543210").await;
        let ravi = app.shopper("ravi", "Ravi", "Kumar", "9123456780").await;
        let mut mine = Vec::new();
        for quantity in 1..=3 {
            mine.push(app.order_cod(&asha, &v[0], quantity).await);
        }
        app.order_cod(&ravi, &v[0], 1).await;
        mine.reverse();
        let first = app.get("/api/orders/my-orders?limit=2", Some(&asha.token)).await.expect(200);
        assert_eq!(ids(&first), mine[..2].to_vec());
        assert_eq!(first.body["pagination"], json!({ "totalItems": 3, "currentPage": 1, "limit": 2, "totalPages": 2 }));
        let second = app.get("/api/orders/my-orders?limit=2&page=2", Some(&asha.token)).await.expect(200);
        assert_eq!(ids(&second), mine[2..].to_vec());
        // A customer reads "You", never an account's name.
        assert_eq!(second.body["data"][0]["history"][0]["changedBy"], "You");
        assert_eq!(app.get("/api/orders/my-orders", Some(&asha.token)).await.body["pagination"]["limit"], 20);
    }
}

#[actix_web::test]
async fn bulk_status_changes_each_order_as_a_single_change_would_with_one_result_each() {
    for app in TestApp::all() {
        relax_cod(&app);
        let admin = app.admin().await;
        let (_, v) = seed_product(&app, "Linen Shirt", &[("M", "White", 5, 1_000, 0)]);
        let asha = app.shopper("asha", "Asha", "Rao", "9876543210").await;
        let first = app.order_cod(&asha, &v[0], 2).await;
        let second = app.order_cod(&asha, &v[0], 2).await;
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
        app.post("/api/orders/bulk-status", Some(&asha.token), json!({ "orderIds": [first], "deliveryStatus": "SHIPPED" })).await.expect(403);
    }
}

#[actix_web::test]
async fn a_status_change_naming_the_status_the_owner_saw_never_reopens_an_order_cancelled_meanwhile() {
    for app in TestApp::all() {
        relax_cod(&app);
        let admin = app.admin().await;
        let (_, v) = seed_product(&app, "Linen Shirt", &[("M", "White", 5, 1_000, 0)]);
        let asha = app.shopper("asha", "Asha", "Rao", "9876543210").await;
        let first = app.order_cod(&asha, &v[0], 1).await;
        let second = app.order_cod(&asha, &v[0], 1).await;
        // The owner's list shows both PENDING; the customer then cancels both.
        for id in [&first, &second] {
            app.put(&format!("/api/orders/{id}/cancel"), Some(&asha.token), json!({})).await.expect(200);
        }
        let single = json!({ "deliveryStatus": "SHIPPED", "expectedStatus": "PENDING" });
        let refused = app.put(&format!("/api/orders/{first}/status"), Some(&admin), single).await.expect(409);
        assert_eq!(refused.error(), (409, "status_changed", None));
        assert_eq!(refused.message(), "This order was changed meanwhile and is now CANCELED: look at it again before changing it");
        let bulk = json!({ "orderIds": [first, second], "deliveryStatus": "SHIPPED", "expectedStatuses": { &first: "PENDING", &second: "PENDING" } });
        let reply = app.post("/api/orders/bulk-status", Some(&admin), bulk).await.expect(200);
        let codes: Vec<_> = reply.body["data"].as_array().into_iter().flatten().map(|r| (r["status"].as_u64(), r["error"]["code"].clone())).collect();
        assert_eq!(codes, vec![(Some(409), json!("status_changed")); 2]);
        assert_eq!(stock(&app, &v[0]), 5, "nothing was taken from stock again");
        // Seen as cancelled, the owner may re-open it; an unknown status seen is a 400.
        let reopen = json!({ "deliveryStatus": "SHIPPED", "expectedStatus": "CANCELED" });
        assert_eq!(app.put(&format!("/api/orders/{first}/status"), Some(&admin), reopen).await.expect(200).body["data"]["deliveryStatus"], "SHIPPED");
        let unknown = json!({ "deliveryStatus": "DELIVERED", "expectedStatus": "LOST" });
        app.put(&format!("/api/orders/{first}/status"), Some(&admin), unknown).await.expect(400);
    }
}

#[actix_web::test]
async fn the_summary_counts_today_and_the_last_30_india_days_pending_orders_and_stock() {
    for backend in TestDb::backends() {
        let (app, clock) = shop_with_clock(backend);
        app.admin().await;
        // Stock: 3 (low), 0 (out), 20 (fine), 5 (low); after the orders below 3 becomes 1
        // and 20 becomes 17.
        let (_, v) = seed_product(&app, "Linen Shirt", &[("M", "White", 3, 1_000, 0), ("L", "White", 0, 1_000, 0), ("XL", "White", 20, 250, 0)]);
        seed_product(&app, "Silk Dupatta", &[("Free", "Gold", 5, 499, 0)]);
        let mut asha = app.shopper("asha", "Asha", "Rao", "9876543210").await;

        // 40 days ago: outside the chart. 2 days ago: ₹1,000 (and a cancelled ₹250).
        // Today: ₹1,000 + ₹500. (Sessions last 7 days: after the jump, everyone signs in again.)
        app.order_cod(&asha, &v[2], 1).await;
        clock.advance(Duration::days(38));
        asha.token = app.sign_in("asha").await;
        app.order_cod(&asha, &v[0], 1).await;
        let cancelled = app.order_cod(&asha, &v[2], 1).await;
        app.put(&format!("/api/orders/{cancelled}/cancel"), Some(&asha.token), json!({})).await.expect(200);
        clock.advance(Duration::days(2));
        app.order_cod(&asha, &v[0], 1).await;
        app.order_cod(&asha, &v[2], 2).await;
        let admin = app.sign_in("owner@shop.in").await;

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

/// Defect: a whole delivery number that is no account's mobile (a parcel sent to a relative,
/// the courier calling about it) found nothing without a date range: the list's counts came
/// from the customers' totals and the order numbers only, and the page was cut to them.
#[actix_web::test]
async fn a_delivery_number_no_account_has_finds_its_orders_at_any_date() {
    for backend in TestDb::backends() {
        let Desk { app, admin, variants: v, ravi, .. } = Desk::open(backend).await;
        let to_sister = app
            .post(
                "/api/addresses",
                Some(&ravi.token),
                json!({ "fullName": "Meena Kumar", "phone": "97000 00005", "addressLine1": "4 Lake View", "city": "Pune",
                        "state": "Maharashtra", "postalCode": "411001", "isDefault": false }),
            )
            .await
            .expect(201)
            .id();
        app.order_cod(&ravi, &v[0], 1).await;
        app.add_to_cart(&ravi.token, &v[0], 2).await.expect(201);
        let sent = app.post("/api/orders/place", Some(&ravi.token), json!({ "addressId": to_sister, "paymentMethod": "COD" })).await.expect(201).id();
        for typed in ["9700000005", "%2B91%2097000%2000005", "97000-00005"] {
            let found = list(&app, &admin, &format!("q={typed}")).await;
            assert_eq!(ids(&found), vec![sent.clone()], "{backend:?} {typed}: {}", found.body);
            assert_eq!(found.body["counts"]["all"], 1);
            assert_eq!(found.body["pagination"]["totalItems"], 1);
        }
        assert_eq!(ids(&list(&app, &admin, "q=9700000005&status=PENDING").await), vec![sent.clone()]);
    }
}
