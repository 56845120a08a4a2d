//! Returns and size exchanges (issue 19), on SQLite and PostgreSQL.

use chrono::{TimeZone, Utc};
use futures_util::future::join_all;
use serde_json::{json, Value};
use store::testing::TestDb;

use crate::helpers::{count, number, relax_cod, seed_product, sql, stock, text, Reply, TestApp};

/// Moves the shop's clock to this moment (UTC).
fn set_clock(clock: &kernel::Clock, y: i32, m: u32, d: u32, h: u32, min: u32) {
    let target = Utc.with_ymd_and_hms(y, m, d, h, min, 0).single().expect("a moment");
    clock.advance(target - clock.now());
}

/// A shop whose clock reads 1 December 2026, 23:00 in India (17:30 UTC).
fn shop_on(backend: store::Backend) -> (TestApp, kernel::Clock) {
    let clock = kernel::Clock::system();
    set_clock(&clock, 2026, 12, 1, 17, 30);
    let app = TestApp::builder().backend(backend).clock(clock.clone()).spawn();
    relax_cod(&app);
    (app, clock)
}

/// A customer's delivered order of `lines` (variant, pieces); returns (token, order JSON).
async fn delivered(app: &TestApp, admin: &str, name: &str, lines: &[(&str, i64)]) -> (String, Value) {
    let (token, _) = app.customer(name).await;
    let order = order_for(app, admin, &token, lines, true).await;
    (token, order)
}

async fn order_for(app: &TestApp, admin: &str, token: &str, lines: &[(&str, i64)], deliver: bool) -> Value {
    let address = app.address(token, "12 Residency Road").await;
    for (variant, quantity) in lines {
        app.add_to_cart(token, variant, *quantity).await.expect(201);
    }
    let order = app.post("/api/orders/place", Some(token), json!({ "addressId": address, "paymentMethod": "COD" })).await.expect(201);
    let id = order.id();
    if deliver {
        ship_and_deliver(app, admin, &id).await;
    }
    app.get("/api/orders/my-orders", Some(token)).await.expect(200).body["data"]
        .as_array()
        .and_then(|all| all.iter().find(|o| o["id"] == id.as_str()).cloned())
        .expect("the order in the history")
}

/// The company details name the shop and its contact address, returns@kapda.in, to which the
/// shop's notice of each request goes.
async fn shop_inbox(app: &TestApp, admin: &str) {
    app.form("PUT", "/api/company-details", Some(admin), vec![text("name", "Kapda"), text("email", "returns@kapda.in")]).await.expect(200);
}

/// The admin ships the order, then marks it delivered (at the shop's clock's time).
async fn ship_and_deliver(app: &TestApp, admin: &str, order_id: &str) {
    for to in ["SHIPPED", "DELIVERED"] {
        app.put(&format!("/api/orders/{order_id}/status"), Some(admin), json!({ "deliveryStatus": to })).await.expect(200);
    }
}

fn item(order: &Value, index: usize) -> String {
    order["items"][index]["id"].as_str().unwrap_or_default().to_string()
}

async fn ask(app: &TestApp, token: &str, order: &Value, body: Value) -> Reply {
    let id = order["id"].as_str().unwrap_or_default();
    app.post(&format!("/api/orders/{id}/returns"), Some(token), body).await
}

fn exchange(item: &str, quantity: i64, to: &str) -> Value {
    json!({ "kind": "EXCHANGE", "reason": "SIZE_TOO_SMALL", "lines": [{ "orderItemId": item, "quantity": quantity, "exchangeVariantId": to }] })
}

fn refund(item: &str, quantity: i64) -> Value {
    json!({ "kind": "REFUND", "reason": "CHANGED_MY_MIND", "lines": [{ "orderItemId": item, "quantity": quantity }] })
}

async fn move_to(app: &TestApp, admin: &str, id: &str, body: Value) -> Reply {
    app.put(&format!("/api/returns/{id}/status"), Some(admin), body).await
}

/// The subjects of the e-mails in the outbox, sorted.
fn subjects(app: &TestApp) -> Vec<String> {
    let mut subjects: Vec<String> = app
        .mails()
        .iter()
        .filter_map(|text| text.lines().find(|l| l.starts_with("Subject: ")).map(|l| l["Subject: ".len()..].to_string()))
        .collect();
    subjects.sort();
    subjects
}

#[actix_web::test]
async fn an_exchange_from_m_to_l_runs_to_shipment_with_exact_stock_and_an_email_at_each_step() {
    for backend in TestDb::backends() {
        let (app, _clock) = shop_on(backend);
        let admin = app.admin().await;
        let (_, v) = seed_product(&app, "Cotton Kurta", &[("M", "Indigo", 5, 999, 0), ("L", "Indigo", 2, 999, 0)]);
        let (asha, order) = delivered(&app, &admin, "asha", &[(&v[0], 2)]).await;
        assert_eq!((stock(&app, &v[0]), stock(&app, &v[1])), (3, 2));

        let asked = ask(&app, &asha, &order, exchange(&item(&order, 0), 1, &v[1])).await.expect(201);
        let request = &asked.body["data"];
        let id = asked.id();
        assert_eq!((request["status"].as_str(), request["kind"].as_str(), request["orderId"].as_str()), (Some("REQUESTED"), Some("EXCHANGE"), order["id"].as_str()));
        assert_eq!((request["lines"][0]["size"].as_str(), request["lines"][0]["exchangeSize"].as_str()), (Some("M"), Some("L")));
        assert_eq!(request["nextStatuses"], json!(["APPROVED", "REJECTED"]));
        // Asking reserves nothing yet.
        assert_eq!(stock(&app, &v[1]), 2);
        let mine = app.get("/api/returns/my", Some(&asha)).await.expect(200);
        assert_eq!(mine.body["data"][0]["id"].as_str(), Some(id.as_str()));

        let approved = move_to(&app, &admin, &id, json!({ "status": "APPROVED", "note": "Courier comes tomorrow" })).await.expect(200);
        assert_eq!(approved.body["data"]["status"], "APPROVED");
        assert_eq!(stock(&app, &v[1]), 1, "approving reserves the L");
        // The storefront's stock follows at once.
        assert_eq!(app.get(&format!("/api/products/{}", request["lines"][0]["productId"].as_str().unwrap_or_default()), None).await.body["data"]["variants"][1]["stock"], 1);
        move_to(&app, &admin, &id, json!({ "status": "PICKED_UP" })).await.expect(200);
        assert_eq!(app.get("/api/returns/my", Some(&asha)).await.body["data"][0]["statusLabel"], "Picked up");
        let received = move_to(&app, &admin, &id, json!({ "status": "RECEIVED", "restock": true })).await.expect(200);
        assert_eq!(received.body["data"]["restocked"], true);
        assert_eq!(stock(&app, &v[0]), 4, "the returned M is back in stock once");
        // A refund is not the next step of an exchange.
        let wrong = move_to(&app, &admin, &id, json!({ "status": "REFUNDED", "refundMethod": "UPI", "upiId": "asha@okaxis" })).await;
        assert_eq!(wrong.error(), (409, "invalid_state", None));
        let shipped = move_to(&app, &admin, &id, json!({ "status": "EXCHANGE_SHIPPED" })).await.expect(200);
        assert_eq!(shipped.body["data"]["nextStatuses"], json!([]));
        let history: Vec<&str> = shipped.body["data"]["history"].as_array().unwrap().iter().filter_map(|h| h["to"].as_str()).collect();
        assert_eq!(history, ["REQUESTED", "APPROVED", "PICKED_UP", "RECEIVED", "EXCHANGE_SHIPPED"]);
        assert_eq!(shipped.body["data"]["history"][1]["note"], "Courier comes tomorrow");

        // Finished: no move back, and nothing changes.
        let again = move_to(&app, &admin, &id, json!({ "status": "APPROVED" })).await;
        assert_eq!(again.error().0, 409);
        assert_eq!(again.message(), "This request is exchange shipped and cannot change any more");
        assert_eq!((stock(&app, &v[0]), stock(&app, &v[1])), (4, 1));
        assert_eq!(count(&app, "return_status_history"), 5);

        let number = order["id"].as_str().unwrap()[..8].to_uppercase();
        let mails: Vec<String> = subjects(&app).into_iter().filter(|s| s.starts_with(&format!("Order {number}: ")) && !s.contains("confirmed")).collect();
        assert_eq!(
            mails,
            [
                format!("Order {number}: exchange request approved"),
                format!("Order {number}: the items reached us"),
                format!("Order {number}: the items were picked up"),
                format!("Order {number}: we have your exchange request"),
                format!("Order {number}: your replacement is on its way"),
            ]
        );
        // Each e-mail greets the shopper by name, as the order's confirmation does.
        let texts = app.mails();
        let greeted = texts.iter().filter(|t| t.contains("we have your exchange request") && t.contains("Hello asha,")).count();
        assert_eq!(greeted, 1);
    }
}

#[actix_web::test]
async fn a_refund_records_the_amount_the_server_computes_and_only_a_masked_account() {
    for backend in TestDb::backends() {
        let (app, _clock) = shop_on(backend);
        let admin = app.admin().await;
        let (_, v) = seed_product(&app, "Linen Shirt", &[("M", "White", 5, 1_499, 0)]);
        let (ravi, order) = delivered(&app, &admin, "ravi", &[(&v[0], 3)]).await;
        let id = ask(&app, &ravi, &order, json!({ "kind": "REFUND", "reason": "DAMAGED_OR_DEFECTIVE", "lines": [{ "orderItemId": item(&order, 0), "quantity": 2 }] }))
            .await
            .expect(201)
            .id();
        for step in ["APPROVED", "PICKED_UP"] {
            move_to(&app, &admin, &id, json!({ "status": step })).await.expect(200);
        }
        // Damaged: the owner keeps the pieces out of stock.
        let received = move_to(&app, &admin, &id, json!({ "status": "RECEIVED", "restock": false })).await.expect(200);
        assert_eq!(received.body["data"]["restocked"], false);
        assert_eq!(stock(&app, &v[0]), 2);

        let missing = move_to(&app, &admin, &id, json!({ "status": "REFUNDED" })).await;
        assert_eq!(missing.error(), (422, "payout_required", Some("refundMethod")));
        let bad = move_to(&app, &admin, &id, json!({ "status": "REFUNDED", "refundMethod": "UPI", "upiId": "not an id" })).await;
        assert_eq!(bad.error(), (422, "invalid_value", Some("upiId")));
        let no_id = move_to(&app, &admin, &id, json!({ "status": "REFUNDED", "refundMethod": "UPI" })).await;
        assert_eq!(no_id.error(), (422, "invalid_upi_id", Some("upiId")));
        assert_eq!(app.get("/api/returns/my", Some(&ravi)).await.body["data"][0]["status"], "RECEIVED");

        // A price in the body is not read: the amount is what was paid for 2 pieces.
        let refunded = move_to(&app, &admin, &id, json!({ "status": "REFUNDED", "refundMethod": "UPI", "upiId": "ravi.kumar@okaxis", "amount": 1 }))
            .await
            .expect(200);
        assert_eq!(refunded.body["data"]["refund"], json!({ "amount": 2998.0, "method": "UPI", "account": "ra****@okaxis" }));
        assert_eq!(
            number(&app, "SELECT CAST(COUNT(*) AS BIGINT) AS n FROM return_requests WHERE refund_account_masked LIKE '%kumar%'"),
            0,
            "the full UPI id is never stored"
        );
        let listed = app.get("/api/returns?status=REFUNDED", Some(&admin)).await.expect(200);
        assert_eq!(listed.body["data"][0]["refund"]["account"], "ra****@okaxis");
        assert!(subjects(&app).contains(&format!("Order {}: your refund is paid", &order["id"].as_str().unwrap()[..8].to_uppercase())));

        // A bank account is kept as its last four digits and the IFSC.
        let second = ask(&app, &ravi, &order, refund(&item(&order, 0), 1)).await.expect(201).id();
        for step in ["APPROVED", "PICKED_UP", "RECEIVED"] {
            move_to(&app, &admin, &second, json!({ "status": step })).await.expect(200);
        }
        assert_eq!(stock(&app, &v[0]), 3, "received into stock by default");
        let paid = move_to(&app, &admin, &second, json!({ "status": "REFUNDED", "refundMethod": "BANK", "accountNumber": "50100123456789", "ifsc": "HDFC0001234" }))
            .await
            .expect(200);
        assert_eq!(paid.body["data"]["refund"], json!({ "amount": 1499.0, "method": "BANK", "account": "XXXXXX6789 · HDFC0001234" }));
        // Nor does the audit log keep them: its entries of the refunds name the method only.
        let log = app.get("/api/audit-log?area=returns", Some(&admin)).await.expect(200).body.to_string();
        assert!(log.contains("Request marked refunded"), "{log}");
        for full in ["ravi.kumar@okaxis", "50100123456789"] {
            assert!(!log.contains(full), "the audit log keeps {full}: {log}");
        }
    }
}

#[actix_web::test]
async fn every_broken_rule_gets_a_clear_answer_and_changes_nothing() {
    for backend in TestDb::backends() {
        let (app, clock) = shop_on(backend);
        let admin = app.admin().await;
        let (kurta, v) = seed_product(&app, "Cotton Kurta", &[("M", "Indigo", 5, 999, 0), ("L", "Indigo", 2, 999, 0), ("S", "Indigo", 0, 999, 0), ("XXL", "Indigo", 5, 2_400, 0)]);
        let (_, sale) = seed_product(&app, "Sale Dress", &[("M", "Red", 5, 799, 200), ("L", "Red", 5, 799, 200)]);
        let (_, other) = seed_product(&app, "Silk Scarf", &[("Free", "Gold", 5, 499, 0)]);
        let (asha, order) = delivered(&app, &admin, "asha", &[(&v[0], 2), (&sale[0], 1)]).await;
        let (ravi, _) = app.customer("ravi").await;
        let kurta_line = item(&order, 0);
        let dress_line = item(&order, 1);
        assert_eq!(order["items"][1]["mrp"].as_f64(), Some(999.0));

        let refused = |reply: Reply| (reply.status.as_u16(), reply.body["code"].as_str().unwrap_or("").to_string());
        // Another customer's order is not found, as is no order at all.
        assert_eq!(refused(ask(&app, &ravi, &order, refund(&kurta_line, 1)).await).0, 404);
        let nowhere = json!({ "id": kernel::new_id() });
        assert_eq!(refused(ask(&app, &asha, &nowhere, refund(&kurta_line, 1)).await).0, 404);
        // More than bought.
        assert_eq!(refused(ask(&app, &asha, &order, refund(&kurta_line, 3)).await), (422, "too_many_units".into()));
        // A sale item is not refundable, but can be exchanged.
        let sale_refund = ask(&app, &asha, &order, refund(&dress_line, 1)).await;
        assert_eq!(sale_refund.error(), (422, "sale_item_not_refundable", Some("kind")));
        assert!(sale_refund.message().contains("Sale Dress was bought at a discount"), "{}", sale_refund.message());
        // Exchange targets: another product, the same size, a size out of stock.
        assert_eq!(refused(ask(&app, &asha, &order, exchange(&kurta_line, 1, &other[0])).await), (422, "exchange_target_invalid".into()));
        assert_eq!(refused(ask(&app, &asha, &order, exchange(&kurta_line, 1, &v[0])).await), (422, "exchange_target_invalid".into()));
        assert_eq!(refused(ask(&app, &asha, &order, exchange(&kurta_line, 1, &v[2])).await), (409, "out_of_stock".into()));
        // A size at another price: the replacement would ship at the price paid.
        let dearer = ask(&app, &asha, &order, exchange(&kurta_line, 1, &v[3])).await;
        assert_eq!(dearer.error(), (422, "exchange_price_differs", Some("lines")));
        assert_eq!(dearer.message(), "Size XXL of Cotton Kurta sells at ₹2,400.00, not ₹999.00 like yours: an exchange is for a size or colour at the same price");
        assert_eq!(refused(ask(&app, &asha, &order, json!({ "kind": "EXCHANGE", "reason": "SIZE_TOO_LARGE", "lines": [{ "orderItemId": kurta_line, "quantity": 1 }] })).await), (422, "exchange_target_required".into()));
        assert_eq!(refused(ask(&app, &asha, &order, json!({ "kind": "REFUND", "reason": "SIZE_TOO_LARGE", "lines": [{ "orderItemId": kernel::new_id(), "quantity": 1 }] })).await), (422, "unknown_item".into()));
        // What the document does not allow is a 400.
        for body in [
            json!({ "kind": "REFUND", "reason": "TOO_EXPENSIVE", "lines": [{ "orderItemId": kurta_line, "quantity": 1 }] }),
            json!({ "kind": "SWAP", "reason": "SIZE_TOO_LARGE", "lines": [{ "orderItemId": kurta_line, "quantity": 1 }] }),
            json!({ "kind": "REFUND", "reason": "SIZE_TOO_LARGE", "lines": [{ "orderItemId": kurta_line, "quantity": 0 }] }),
            json!({ "kind": "REFUND", "reason": "SIZE_TOO_LARGE", "lines": [{ "orderItemId": kurta_line, "quantity": 1.5 }] }),
            json!({ "kind": "REFUND", "reason": "SIZE_TOO_LARGE", "lines": [{ "orderItemId": kurta_line }] }),
            json!({ "kind": "REFUND", "reason": "SIZE_TOO_LARGE", "lines": [] }),
        ] {
            assert_eq!(ask(&app, &asha, &order, body.clone()).await.status.as_u16(), 400, "{body}");
        }
        // An id that is not a UUID: `format: uuid` is a hint most clients do not check, so it
        // is a rule on the value.
        let not_an_id = json!({ "kind": "REFUND", "reason": "SIZE_TOO_LARGE", "lines": [{ "orderItemId": "not-a-uuid", "quantity": 1 }] });
        assert_eq!(refused(ask(&app, &asha, &order, not_an_id).await), (422, "invalid_value".into()));
        assert_eq!(count(&app, "return_requests"), 0);

        // Pieces already asked for count until the request is rejected.
        // A whole number written as 2.0 is still 2 (JSON Schema counts it as an integer).
        let first = ask(&app, &asha, &order, json!({ "kind": "REFUND", "reason": "CHANGED_MY_MIND", "lines": [{ "orderItemId": kurta_line, "quantity": 2.0 }] }))
            .await
            .expect(201)
            .id();
        let more = ask(&app, &asha, &order, refund(&kurta_line, 1)).await;
        assert_eq!(more.error(), (422, "too_many_units", Some("lines")));
        assert_eq!(more.message(), "Every piece of Cotton Kurta (size M) is already in a return request");
        let no_note = move_to(&app, &admin, &first, json!({ "status": "REJECTED" })).await;
        assert_eq!(no_note.error(), (422, "note_required", Some("note")));
        assert_eq!(refused(move_to(&app, &admin, &first, json!({ "status": "PICKED_UP" })).await), (409, "invalid_state".into()));
        // Only the owner moves requests.
        assert_eq!(move_to(&app, &asha, &first, json!({ "status": "APPROVED" })).await.status.as_u16(), 403);
        assert_eq!(app.get("/api/returns", Some(&asha)).await.status.as_u16(), 403);
        let nowhere = move_to(&app, &admin, &kernel::new_id(), json!({ "status": "APPROVED" })).await.expect(404);
        assert_eq!(nowhere.message(), "Return request not found");
        assert_eq!(app.get("/api/returns/my", Some(&ravi)).await.body["data"], json!([]));
        move_to(&app, &admin, &first, json!({ "status": "REJECTED", "note": "Worn and washed" })).await.expect(200);
        let exchange_sale = ask(&app, &asha, &order, exchange(&dress_line, 1, &sale[1])).await.expect(201);
        assert_eq!(exchange_sale.body["data"]["amount"].as_f64(), Some(799.0));

        // An order that is not delivered cannot be returned.
        let pending = order_for(&app, &admin, &asha, &[(&v[0], 1)], false).await;
        assert_eq!(refused(ask(&app, &asha, &pending, refund(&item(&pending, 0), 1)).await), (422, "not_delivered".into()));

        // The window: delivered at 23:00 on 1 December (India), open through 8 December (by
        // then the sessions of the 1st have ended: everyone signs in again).
        set_clock(&clock, 2026, 12, 8, 18, 29);
        let (asha, admin) = (app.sign_in("asha").await, app.sign_in("owner@shop.in").await);
        let last_minute = ask(&app, &asha, &order, refund(&kurta_line, 1)).await.expect(201);
        set_clock(&clock, 2026, 12, 8, 18, 31);
        let late = ask(&app, &asha, &order, refund(&kurta_line, 1)).await;
        assert_eq!(late.error(), (422, "return_window_closed", Some("orderId")));
        assert_eq!(late.message(), "Returns and exchanges are accepted within 7 days of delivery: the window for this order closed on 08 Dec 2026");
        assert_eq!(count(&app, "return_requests"), 3);
        assert_eq!(last_minute.body["data"]["lines"][0]["quantity"], 1);
        assert_eq!((stock(&app, &v[0]), stock(&app, &v[1])), (2, 2));
        let _ = kurta;

        // The back office's list: paged, filtered by status.
        let all = app.get("/api/returns?limit=2", Some(&admin)).await.expect(200);
        assert_eq!(all.body["pagination"], json!({ "totalItems": 3, "currentPage": 1, "limit": 2, "totalPages": 2 }));
        assert_eq!(all.body["data"].as_array().map(Vec::len), Some(2));
        let rejected = app.get("/api/returns?status=REJECTED", Some(&admin)).await.expect(200);
        assert_eq!(rejected.body["pagination"]["totalItems"], 1);
        assert_eq!(rejected.body["data"][0]["history"][1]["note"], "Worn and washed");
        assert_eq!(app.get("/api/returns?status=LOST", Some(&admin)).await.status.as_u16(), 400);
    }
}

#[actix_web::test]
async fn fifty_parallel_exchange_approvals_for_the_last_piece_reserve_exactly_one() {
    for backend in TestDb::backends() {
        let (app, _clock) = shop_on(backend);
        let admin = app.admin().await;
        let (_, v) = seed_product(&app, "Last Lehenga", &[("M", "Pink", 52, 2_999, 0), ("L", "Pink", 1, 2_999, 0)]);
        let (asha, order) = delivered(&app, &admin, "asha", &[(&v[0], 50)]).await;
        let line = item(&order, 0);
        // Parallel requests for more pieces than are left: only as many as there are pieces.
        let (ravi, small) = delivered(&app, &admin, "ravi", &[(&v[0], 2)]).await;
        let asks = join_all((0..10).map(|_| ask(&app, &ravi, &small, refund(&item(&small, 0), 1)))).await;
        let created: Vec<u16> = asks.iter().map(|r| r.status.as_u16()).collect();
        assert_eq!(created.iter().filter(|s| **s == 201).count(), 2, "{created:?}");
        assert!(asks.iter().filter(|r| r.status.as_u16() != 201).all(|r| r.error() == (422, "too_many_units", Some("lines"))), "{created:?}");
        sql(&app, "DELETE FROM return_status_history");
        sql(&app, "DELETE FROM return_lines");
        sql(&app, "DELETE FROM return_requests");

        let mut ids = Vec::new();
        for _ in 0..50 {
            ids.push(ask(&app, &asha, &order, exchange(&line, 1, &v[1])).await.expect(201).id());
        }
        let replies = join_all(ids.iter().map(|id| move_to(&app, &admin, id, json!({ "status": "APPROVED" })))).await;
        let statuses: Vec<u16> = replies.iter().map(|r| r.status.as_u16()).collect();
        assert_eq!(statuses.iter().filter(|s| **s == 200).count(), 1, "{:?}: {statuses:?}", app.backend);
        assert!(replies.iter().filter(|r| r.status.as_u16() != 200).all(|r| r.error() == (409, "out_of_stock", None)), "{statuses:?}");
        assert_eq!(stock(&app, &v[1]), 0);
        assert_eq!(number(&app, "SELECT CAST(COUNT(*) AS BIGINT) AS n FROM return_requests WHERE status = 'APPROVED'"), 1);
        assert_eq!(number(&app, "SELECT CAST(COUNT(*) AS BIGINT) AS n FROM return_status_history WHERE to_status = 'APPROVED'"), 1);

        // Parallel receipts of one request put its piece back once.
        let winner = &ids[statuses.iter().position(|s| *s == 200).unwrap()];
        move_to(&app, &admin, winner, json!({ "status": "PICKED_UP" })).await.expect(200);
        let receipts = join_all((0..10).map(|_| move_to(&app, &admin, winner, json!({ "status": "RECEIVED" })))).await;
        assert_eq!(receipts.iter().filter(|r| r.status.as_u16() == 200).count(), 1);
        assert!(receipts.iter().filter(|r| r.status.as_u16() != 200).all(|r| r.status.as_u16() == 409));
        assert_eq!(stock(&app, &v[0]), 1, "one M came back, once");
    }
}

/// Every piece goes back to stock once. A return still on its way holds the order's status
/// (its pieces are the return's to put back); once it is finished, cancelling the order puts
/// back only the pieces the return did not take back. A rejected request does not count.
#[actix_web::test]
async fn a_cancellation_after_returns_puts_each_piece_back_into_stock_once() {
    for backend in TestDb::backends() {
        let (app, _clock) = shop_on(backend);
        let admin = app.admin().await;
        let (_, v) = seed_product(&app, "Henley Tee", &[("M", "Grey", 10, 749, 0)]);
        let (asha, order) = delivered(&app, &admin, "asha", &[(&v[0], 3)]).await;
        let order_id = order["id"].as_str().unwrap_or_default();
        let refunded = ask(&app, &asha, &order, refund(&item(&order, 0), 1)).await.expect(201).id();
        for step in ["APPROVED", "PICKED_UP", "RECEIVED"] {
            move_to(&app, &admin, &refunded, json!({ "status": step })).await.expect(200);
        }
        move_to(&app, &admin, &refunded, json!({ "status": "REFUNDED", "refundMethod": "UPI", "upiId": "asha@okaxis" })).await.expect(200);
        assert_eq!(stock(&app, &v[0]), 8, "7 after the order, the returned piece back");

        // A second request on its way holds the order's status.
        let open = ask(&app, &asha, &order, refund(&item(&order, 0), 1)).await.expect(201).id();
        move_to(&app, &admin, &open, json!({ "status": "APPROVED" })).await.expect(200);
        for to in ["CANCELED", "SHIPPED"] {
            let refused = app.put(&format!("/api/orders/{order_id}/status"), Some(&admin), json!({ "deliveryStatus": to })).await;
            assert_eq!(refused.error(), (409, "invalid_state", None), "{to}");
            assert_eq!(refused.message(), "This order has an open return request: finish or reject it before changing the order's status");
        }
        let bulk = app.post("/api/orders/bulk-status", Some(&admin), json!({ "orderIds": [order_id], "deliveryStatus": "CANCELED" })).await.expect(200);
        assert_eq!((bulk.body["failed"].as_u64(), bulk.body["data"][0]["error"]["code"].as_str()), (Some(1), Some("invalid_state")), "{}", bulk.body);
        assert_eq!(stock(&app, &v[0]), 8);

        // Finished, the request no longer holds the order: the cancellation puts back the
        // piece no return took back, never the refunded ones (restocked or damaged).
        move_to(&app, &admin, &open, json!({ "status": "PICKED_UP" })).await.expect(200);
        move_to(&app, &admin, &open, json!({ "status": "RECEIVED", "restock": false })).await.expect(200);
        move_to(&app, &admin, &open, json!({ "status": "REFUNDED", "refundMethod": "UPI", "upiId": "asha@okaxis" })).await.expect(200);
        assert_eq!(stock(&app, &v[0]), 8, "the second piece came back damaged: not restocked");
        app.put(&format!("/api/orders/{order_id}/status"), Some(&admin), json!({ "deliveryStatus": "CANCELED" })).await.expect(200);
        assert_eq!(stock(&app, &v[0]), 9, "only the piece no return took back; was 11");

        // A rejected request leaves the whole order to the cancellation.
        let (ravi, second) = delivered(&app, &admin, "ravi", &[(&v[0], 2)]).await;
        let no = ask(&app, &ravi, &second, refund(&item(&second, 0), 1)).await.expect(201).id();
        move_to(&app, &admin, &no, json!({ "status": "REJECTED", "note": "Worn" })).await.expect(200);
        let second_id = second["id"].as_str().unwrap_or_default();
        app.put(&format!("/api/orders/{second_id}/status"), Some(&admin), json!({ "deliveryStatus": "CANCELED" })).await.expect(200);
        assert_eq!(stock(&app, &v[0]), 9, "7 after the second order, both pieces back");
    }
}

/// A product, or a size of it, that an open return or exchange names (the piece coming back,
/// the replacement set aside) is not deleted until the request is finished.
#[actix_web::test]
async fn a_product_in_an_open_return_or_exchange_is_not_deleted() {
    for backend in TestDb::backends() {
        let (app, _clock) = shop_on(backend);
        let admin = app.admin().await;
        let (kurta, v) = seed_product(&app, "Cotton Kurta", &[("M", "Indigo", 5, 999, 0), ("L", "Indigo", 2, 999, 0)]);
        let (asha, order) = delivered(&app, &admin, "asha", &[(&v[0], 1)]).await;
        // The L is set aside for the exchange: deleting the product would lose it.
        let id = ask(&app, &asha, &order, exchange(&item(&order, 0), 1, &v[1])).await.expect(201).id();
        move_to(&app, &admin, &id, json!({ "status": "APPROVED" })).await.expect(200);
        let refused = app.delete(&format!("/api/products/{kurta}"), Some(&admin)).await.expect(409);
        assert_eq!(refused.error(), (409, "product_in_open_returns", None));
        assert_eq!(refused.message(), "Cotton Kurta is in 1 return or exchange request still open: finish it before deleting the product");
        // Nor may the size set aside, or the size coming back, be removed by an edit.
        for (kept, gone) in [(&v[0], "L"), (&v[1], "M")] {
            let variants = json!([{ "id": kept, "size": if gone == "L" { "M" } else { "L" }, "color": "Indigo", "stock": 1, "originalPrice": 999 }]);
            let edit = app.form("PUT", &format!("/api/products/{kurta}"), Some(&admin), vec![text("productVariants", variants.to_string())]).await;
            assert_eq!(edit.error(), (409, "variant_in_open_returns", None));
            assert_eq!(edit.message(), format!("Size {gone} (Indigo) is in a return or exchange request still open: finish it before removing the size"));
        }
        // Finished, the product may go.
        for step in ["PICKED_UP", "RECEIVED", "EXCHANGE_SHIPPED"] {
            move_to(&app, &admin, &id, json!({ "status": step })).await.expect(200);
        }
        app.delete(&format!("/api/products/{kurta}"), Some(&admin)).await.expect(200);
    }
}

/// After a size exchange the shopper holds the replacement, not the piece they sent back:
/// cancelling the order puts the replacement back into stock, and the exchanged piece
/// (restocked when it came back) is not put back a second time.
#[actix_web::test]
async fn a_cancellation_after_an_exchange_puts_back_the_replacement_the_shopper_holds() {
    for backend in TestDb::backends() {
        let (app, _clock) = shop_on(backend);
        let admin = app.admin().await;
        let (_, v) = seed_product(&app, "Cotton Kurta", &[("M", "Indigo", 5, 999, 0), ("L", "Indigo", 2, 999, 0)]);
        let (asha, order) = delivered(&app, &admin, "asha", &[(&v[0], 2)]).await;
        let id = ask(&app, &asha, &order, exchange(&item(&order, 0), 1, &v[1])).await.expect(201).id();
        for step in ["APPROVED", "PICKED_UP", "RECEIVED", "EXCHANGE_SHIPPED"] {
            move_to(&app, &admin, &id, json!({ "status": step })).await.expect(200);
        }
        assert_eq!((stock(&app, &v[0]), stock(&app, &v[1])), (4, 1), "the M came back, an L went out");

        let order_id = order["id"].as_str().unwrap_or_default();
        app.put(&format!("/api/orders/{order_id}/status"), Some(&admin), json!({ "deliveryStatus": "CANCELED" })).await.expect(200);
        assert_eq!((stock(&app, &v[0]), stock(&app, &v[1])), (5, 2), "the M never exchanged and the L the shopper held");
    }
}

/// Defect: once approved, a request could not be stopped: the courier cannot reach the
/// shopper, or they change their mind, yet rejecting was refused ('A request that is approved
/// can only be marked picked up'), the order could not be cancelled ('finish or reject it
/// first') and the exchange's replacement stayed set aside for ever. The owner may now reject
/// an approved request (with a reason for the shopper): the piece set aside goes back on sale.
#[actix_web::test]
async fn an_approved_exchange_can_be_rejected_and_its_replacement_goes_back_on_sale() {
    for backend in TestDb::backends() {
        let (app, _clock) = shop_on(backend);
        let admin = app.admin().await;
        let (_, v) = seed_product(&app, "Cotton Kurta", &[("M", "Indigo", 5, 999, 0), ("L", "Indigo", 2, 999, 0)]);
        let (asha, order) = delivered(&app, &admin, "asha", &[(&v[0], 1)]).await;
        let id = ask(&app, &asha, &order, exchange(&item(&order, 0), 1, &v[1])).await.expect(201).id();
        let approved = move_to(&app, &admin, &id, json!({ "status": "APPROVED" })).await.expect(200);
        assert_eq!(approved.body["data"]["nextStatuses"], json!(["PICKED_UP", "REJECTED"]), "{backend:?}");
        assert_eq!(stock(&app, &v[1]), 1, "approving sets the L aside");

        let unexplained = move_to(&app, &admin, &id, json!({ "status": "REJECTED" })).await;
        assert_eq!(unexplained.error(), (422, "note_required", Some("note")));
        let rejected = move_to(&app, &admin, &id, json!({ "status": "REJECTED", "note": "The courier could not reach you three times" })).await.expect(200);
        assert_eq!(rejected.body["data"]["status"], "REJECTED");
        assert_eq!((stock(&app, &v[0]), stock(&app, &v[1])), (4, 2), "the L is on sale again; the M never came back");
        // Rejecting twice gives nothing back twice.
        move_to(&app, &admin, &id, json!({ "status": "REJECTED", "note": "again" })).await.expect(409);
        assert_eq!(stock(&app, &v[1]), 2);
        // The order is free again: a new request for the piece may be made.
        ask(&app, &asha, &order, exchange(&item(&order, 0), 1, &v[1])).await.expect(201);
    }
}

/// Defect: a sale piece that arrived damaged, defective or not as described could not be
/// refunded ("sale items are not refundable"), though the Consumer Protection (E-Commerce)
/// Rules, 2020 forbid a seller to refuse a refund for such goods. The sale rule is for a
/// change of mind or of size; the shop may still reject the request until the pickup (the
/// courier's check at the door).
#[actix_web::test]
async fn a_sale_piece_that_arrived_damaged_or_not_as_described_is_refundable() {
    for backend in TestDb::backends() {
        let (app, _clock) = shop_on(backend);
        let admin = app.admin().await;
        let (_, sale) = seed_product(&app, "Sale Dress", &[("M", "Red", 5, 799, 200)]);
        let (asha, order) = delivered(&app, &admin, "asha", &[(&sale[0], 3)]).await;
        let line = item(&order, 0);
        let asked = |reason: &str, quantity: i64| json!({ "kind": "REFUND", "reason": reason, "lines": [{ "orderItemId": line, "quantity": quantity }] });
        for reason in ["SIZE_TOO_SMALL", "SIZE_TOO_LARGE", "CHANGED_MY_MIND"] {
            let refused = ask(&app, &asha, &order, asked(reason, 1)).await;
            assert_eq!(refused.error(), (422, "sale_item_not_refundable", Some("kind")), "{reason}");
        }
        assert_eq!(count(&app, "return_requests"), 0);

        let damaged = ask(&app, &asha, &order, asked("DAMAGED_OR_DEFECTIVE", 1)).await.expect(201);
        ask(&app, &asha, &order, asked("NOT_AS_DESCRIBED", 1)).await.expect(201);
        assert_eq!(count(&app, "return_requests"), 2);
        // The refund is what was paid for the piece, the sale price.
        let id = damaged.id();
        for step in ["APPROVED", "PICKED_UP"] {
            move_to(&app, &admin, &id, json!({ "status": step })).await.expect(200);
        }
        move_to(&app, &admin, &id, json!({ "status": "RECEIVED", "restock": false })).await.expect(200);
        let paid = move_to(&app, &admin, &id, json!({ "status": "REFUNDED", "refundMethod": "UPI", "upiId": "asha@okicici" })).await.expect(200);
        assert_eq!(paid.body["data"]["refund"]["amount"], 799.0);
        // A sale piece that fits and is as described stays exchange-only.
        let third = ask(&app, &asha, &order, asked("CHANGED_MY_MIND", 1)).await;
        assert_eq!(third.error(), (422, "sale_item_not_refundable", Some("kind")));
    }
}

/// A piece delivered after the order's expected delivery date may go back as delivered late,
/// and is refunded even when bought on sale; an order delivered by that date cannot name the
/// reason (Consumer Protection (E-Commerce) Rules, 2020, rules 6(3) and 7).
#[actix_web::test]
async fn a_late_delivery_may_be_refunded_and_only_a_late_one() {
    for backend in TestDb::backends() {
        let (app, clock) = shop_on(backend);
        let admin = app.admin().await;
        shop_inbox(&app, &admin).await;
        let (_, sale) = seed_product(&app, "Late Kurta", &[("M", "Red", 5, 799, 200)]);
        // Both placed on 1 December in India: expected by the 8th.
        let (asha, _) = app.customer("asha").await;
        let (ravi, _) = app.customer("ravi").await;
        let in_time = order_for(&app, &admin, &asha, &[(&sale[0], 1)], false).await;
        let late = order_for(&app, &admin, &ravi, &[(&sale[0], 1)], false).await;
        assert_eq!(in_time["expectedDeliveryDate"], "2026-12-08");
        let id_of = |order: &Value| order["id"].as_str().unwrap_or_default().to_string();
        set_clock(&clock, 2026, 12, 8, 18, 29); // 23:59 on the 8th in India
        // A week on, the sessions of the 1st have ended: everyone signs in again.
        let (admin, asha, ravi) = (app.sign_in("owner@shop.in").await, app.sign_in("asha").await, app.sign_in("ravi").await);
        ship_and_deliver(&app, &admin, &id_of(&in_time)).await;
        set_clock(&clock, 2026, 12, 8, 18, 31); // 00:01 on the 9th
        ship_and_deliver(&app, &admin, &id_of(&late)).await;
        let asked = |order: &Value| json!({ "kind": "REFUND", "reason": "DELIVERED_LATE", "lines": [{ "orderItemId": item(order, 0), "quantity": 1 }] });

        let refused = ask(&app, &asha, &in_time, asked(&in_time)).await;
        assert_eq!(refused.error(), (422, "not_delivered_late", Some("reason")));
        assert_eq!(refused.message(), "This order was delivered on 08 Dec 2026, by its expected delivery date of 08 Dec 2026: choose another reason");
        assert_eq!(count(&app, "return_requests"), 0);

        // Late, and bought on sale: refunded all the same, at the price paid.
        let made = ask(&app, &ravi, &late, asked(&late)).await.expect(201);
        assert_eq!(made.body["data"]["reason"], "DELIVERED_LATE");
        let id = made.id();
        for step in ["APPROVED", "PICKED_UP", "RECEIVED"] {
            move_to(&app, &admin, &id, json!({ "status": step })).await.expect(200);
        }
        let paid = move_to(&app, &admin, &id, json!({ "status": "REFUNDED", "refundMethod": "UPI", "upiId": "ravi@okaxis" })).await.expect(200);
        assert_eq!(paid.body["data"]["refund"]["amount"], 799.0);
        // The shop's notice of the request names the reason in words.
        assert!(app.mails().iter().any(|m| m.contains("To: returns@kapda.in") && m.contains("ravi asks for a return of order") && m.contains(": delivered late.")), "no e-mail names the reason");
    }
}

/// An approved refund may be rejected too; nothing was set aside for it.
#[actix_web::test]
async fn an_approved_refund_can_be_rejected() {
    for backend in TestDb::backends() {
        let (app, _clock) = shop_on(backend);
        let admin = app.admin().await;
        let (_, v) = seed_product(&app, "Cotton Kurta", &[("M", "Indigo", 5, 999, 0)]);
        let (asha, order) = delivered(&app, &admin, "asha", &[(&v[0], 1)]).await;
        let id = ask(&app, &asha, &order, refund(&item(&order, 0), 1)).await.expect(201).id();
        move_to(&app, &admin, &id, json!({ "status": "APPROVED" })).await.expect(200);
        move_to(&app, &admin, &id, json!({ "status": "REJECTED", "note": "You cancelled the pickup" })).await.expect(200);
        assert_eq!(stock(&app, &v[0]), 4);
    }
}

/// Defect: a shopper who changed their mind about a return (the kurta fits after all) could
/// not withdraw it: only the owner could reject it, which told the shopper it "was not
/// accepted", and the pieces stayed locked in the request. The shopper withdraws their own
/// request until its pieces are picked up; an approved exchange's replacement goes back on
/// sale; the pieces may be asked for again.
#[actix_web::test]
async fn a_shopper_withdraws_their_own_request_until_the_pickup() {
    for backend in TestDb::backends() {
        let (app, _clock) = shop_on(backend);
        let admin = app.admin().await;
        let (_, v) = seed_product(&app, "Cotton Kurta", &[("M", "Indigo", 5, 999, 0), ("L", "Indigo", 2, 999, 0)]);
        let (asha, order) = delivered(&app, &admin, "asha", &[(&v[0], 2)]).await;
        let withdraw = |id: &str, token: &str| {
            let (path, token) = (format!("/api/returns/{id}/withdraw"), token.to_string());
            let app = &app;
            async move { app.post(&path, Some(&token), json!({})).await }
        };

        // A request not yet answered.
        let asked = ask(&app, &asha, &order, refund(&item(&order, 0), 1)).await.expect(201);
        assert_eq!(asked.body["data"]["canWithdraw"], true, "{backend:?}");
        let first = asked.id();
        let (ravi, _) = app.customer("ravi").await;
        withdraw(&first, &ravi).await.expect(404);
        let done = withdraw(&first, &asha).await.expect(200);
        assert_eq!((done.body["data"]["status"].as_str(), done.body["data"]["statusLabel"].as_str()), (Some("WITHDRAWN"), Some("Withdrawn")));
        assert_eq!((done.body["data"]["canWithdraw"].as_bool(), done.body["message"].as_str()), (Some(false), Some("Your request has been withdrawn")));
        assert_eq!(done.body["data"]["nextStatuses"], json!([]), "the owner cannot move it on");
        let number = order["id"].as_str().unwrap_or_default()[..8].to_uppercase();
        assert!(subjects(&app).contains(&format!("Order {number}: return request withdrawn")), "{:?}", subjects(&app));
        move_to(&app, &admin, &first, json!({ "status": "APPROVED" })).await.expect(409);
        let again = withdraw(&first, &asha).await;
        assert_eq!(again.error().0, 409);

        // An approved exchange: its reserved L goes back on sale; the pieces may be asked for again.
        let second = ask(&app, &asha, &order, exchange(&item(&order, 0), 2, &v[1])).await.expect(201).id();
        move_to(&app, &admin, &second, json!({ "status": "APPROVED" })).await.expect(200);
        assert_eq!(stock(&app, &v[1]), 0, "both L set aside");
        withdraw(&second, &asha).await.expect(200);
        assert_eq!((stock(&app, &v[0]), stock(&app, &v[1])), (3, 2), "the L on sale again; the M never came back");
        let listed = app.get("/api/returns?status=WITHDRAWN", Some(&admin)).await.expect(200);
        assert_eq!(listed.body["pagination"]["totalItems"], 2, "{backend:?}: {}", listed.body);

        // Picked up: too late to withdraw.
        let third = ask(&app, &asha, &order, refund(&item(&order, 0), 2)).await.expect(201).id();
        move_to(&app, &admin, &third, json!({ "status": "APPROVED" })).await.expect(200);
        move_to(&app, &admin, &third, json!({ "status": "PICKED_UP" })).await.expect(200);
        let late = withdraw(&third, &asha).await;
        assert_eq!(late.error(), (409, "invalid_state", None));
        assert_eq!(late.body["message"], "This request is picked up and can no longer be withdrawn");
        assert_eq!(app.get("/api/returns/my", Some(&asha)).await.body["data"][0]["status"], "PICKED_UP");
        withdraw("not-a-uuid", &asha).await.expect(400);
    }
}

/// Defect: the shop heard of a return request only when someone opened the back office, and of
/// an approved request the shopper withdrew not at all (the courier would still come for the
/// pickup). Both are e-mailed to the company details' contact address.
#[actix_web::test]
async fn the_shop_is_emailed_each_new_request_and_each_approved_one_withdrawn() {
    for backend in TestDb::backends() {
        let (app, _clock) = shop_on(backend);
        let admin = app.admin().await;
        shop_inbox(&app, &admin).await;
        let (_, v) = seed_product(&app, "Cotton Kurta", &[("M", "Indigo", 5, 999, 0), ("L", "Indigo", 2, 999, 0)]);
        let (asha, order) = delivered(&app, &admin, "asha", &[(&v[0], 2)]).await;
        let number = order["id"].as_str().unwrap_or_default()[..8].to_uppercase();
        let to_shop = |app: &TestApp| -> Vec<String> {
            app.mails().into_iter().filter(|m| m.contains("To: returns@kapda.in") && m.contains(" request")).collect()
        };
        let withdraw = |id: String| {
            let (app, asha) = (&app, &asha);
            async move { app.post(&format!("/api/returns/{id}/withdraw"), Some(asha), json!({})).await }
        };

        let first = ask(&app, &asha, &order, refund(&item(&order, 0), 1)).await.expect(201).id();
        let notices = to_shop(&app);
        assert_eq!(notices.len(), 1, "{backend:?}");
        assert!(notices[0].contains(&format!("Subject: New return request for order {number}")), "{}", notices[0]);
        assert!(notices[0].contains(&format!("asha asks for a return of order {number}: changed my mind.")), "{}", notices[0]);
        assert!(notices[0].contains("Cotton Kurta (size M, colour Indigo) x 1"), "{}", notices[0]);
        // Withdrawn before the shop answered: nothing was booked, nothing to call off.
        withdraw(first).await.expect(200);
        assert_eq!(to_shop(&app).len(), 1);

        let second = ask(&app, &asha, &order, exchange(&item(&order, 0), 1, &v[1])).await.expect(201).id();
        move_to(&app, &admin, &second, json!({ "status": "APPROVED" })).await.expect(200);
        withdraw(second).await.expect(200);
        let notices = to_shop(&app);
        assert_eq!(notices.len(), 3, "{backend:?}");
        let called_off = notices.iter().find(|m| m.contains(&format!("Subject: Order {number}: approved exchange request withdrawn"))).cloned().unwrap_or_default();
        assert!(called_off.contains("call off the pickup") && called_off.contains("-> size L, colour Indigo"), "{called_off}");
        let asked = notices.iter().find(|m| m.contains(&format!("Subject: New exchange request for order {number}"))).cloned().unwrap_or_default();
        assert!(asked.contains(&format!("asha asks for an exchange of order {number}: size too small.")), "{asked}");
    }
}
