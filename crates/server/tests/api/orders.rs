use std::io::{BufRead, BufReader, Write};
use std::net::TcpListener;
use std::sync::{Arc, Mutex};

use chrono::{NaiveDate, TimeZone};
use futures_util::future::join_all;
use serde_json::{json, Value};
use store::testing::TestDb;

use crate::helpers::{count, relax_cod, seed_product, sql, stock, text, Reply, TestApp};

const PLACED: &str = "Order placed successfully! Confirmation email sent";
const MAIL_FAILED: &str = "Order placed, but confirmation email failed";

async fn set_status(app: &TestApp, admin: &str, id: &str, to: &str) -> Reply {
    app.put(&format!("/api/orders/{id}/status"), Some(admin), json!({ "deliveryStatus": to })).await
}

async fn place(app: &TestApp, token: &str, address: &str) -> Reply {
    app.post("/api/orders/place", Some(token), json!({ "addressId": address, "paymentMethod": "COD" })).await
}

/// A customer with an address and the given variants in the cart.
async fn shopper(app: &TestApp, name: &str, lines: &[(&str, i64)]) -> (String, String) {
    let (token, _) = app.customer(name).await;
    let address = app.address(&token, "12 Residency Road").await;
    for (variant, quantity) in lines {
        app.add_to_cart(&token, variant, *quantity).await.expect(201);
    }
    (token, address)
}

#[actix_web::test]
async fn placing_an_order_snapshots_it_takes_stock_empties_the_cart_and_writes_the_email() {
    for app in TestApp::all() {
        // Amounts in lakhs: an owner who lifted the cash-on-delivery maximum.
        relax_cod(&app);
        let (_, v) = seed_product(&app, "Banarasi Saree", &[("Free", "Maroon", 3, 123_456, 10_000)]);
        let (_, w) = seed_product(&app, "Silk Dupatta", &[("Free", "Gold", 2, 499, 0)]);
        let (asha, home) = shopper(&app, "asha", &[(&v[0], 2), (&w[0], 1)]).await;
        let reply = place(&app, &asha, &home).await.expect(201);
        assert_eq!(reply.message(), PLACED);
        assert_eq!(reply.body["emailSent"], true);
        let order = &reply.body["data"];
        assert_eq!(order["user"]["email"], "asha@example.in");
        assert_eq!(order["user"]["firstName"], "asha");
        assert_eq!((order["paymentMethod"].as_str(), order["paymentStatus"].as_str(), order["deliveryStatus"].as_str(), order["status"].as_str()), (Some("COD"), Some("PENDING"), Some("PENDING"), Some("pending")));
        assert_eq!(order["orderTotal"].as_f64(), Some(2.0 * 123_456.0 + 499.0));
        assert_eq!(order["subtotal"].as_f64(), Some(2.0 * 133_456.0 + 499.0));
        assert_eq!(order["discount"].as_f64(), Some(20_000.0));
        assert_eq!(order["items"][0]["priceAtPurchase"].as_f64(), Some(123_456.0));
        assert_eq!(order["items"][0]["quantity"], 2);
        assert_eq!(order["items"][0]["lineTotal"].as_f64(), Some(2.0 * 123_456.0));
        assert_eq!(order["items"][0]["product"]["name"], "Banarasi Saree");
        assert_eq!(order["items"][0]["product"]["variant"], json!({ "size": "Free", "color": "Maroon", "originalPrice": 123_456.0 }));
        assert!(order["items"][0]["product"]["images"][0]["url"].as_str().is_some_and(|u| u.starts_with("/uploads/")));
        assert_eq!(order["address"]["addressLine1"], "12 Residency Road");
        assert_eq!(order["address"]["postalCode"], "411001");
        assert_eq!((order["address"]["fullName"].as_str(), order["address"]["phone"].as_str()), (Some("Asha Rao"), Some("9876543210")));
        assert_eq!(order["deliveredOn"], Value::Null);
        // Seven days after the day of the order in India.
        let ordered = order["orderDate"].as_str().and_then(|d| chrono::DateTime::parse_from_rfc3339(d).ok()).map(|d| kernel::india_day(d.to_utc()));
        let expected = order["expectedDeliveryDate"].as_str().and_then(|d| NaiveDate::parse_from_str(d, "%Y-%m-%d").ok());
        assert_eq!(ordered.map(|d| d + chrono::Duration::days(7)), expected);
        assert_eq!(order["history"].as_array().map(Vec::len), Some(1));
        assert_eq!(order["history"][0]["to"], "PENDING");

        assert_eq!((stock(&app, &v[0]), stock(&app, &w[0])), (1, 1));
        assert_eq!(app.get("/api/cart", Some(&asha)).await.body["data"]["items"], json!([]));

        // The e-mail in the outbox: items, sizes, colours, quantities, rupee amounts with
        // Indian grouping, the delivery address; HTML and plain text.
        let mails = app.mails();
        assert_eq!(mails.len(), 1, "{:?}", app.backend);
        for expected in ["To: asha@example.in", "text/plain", "text/html", "Banarasi Saree", "Silk Dupatta", "Maroon", "size Free, colour Maroon: 2 x ₹1,23,456.00", "₹1,23,456.00", "₹2,47,411.00", "₹499.00", "12 Residency Road", "Pune, Maharashtra 411001", "Asha Rao", "Phone: +91-98765-43210"] {
            assert!(mails[0].contains(expected), "{expected} missing in the e-mail:\n{}", mails[0]);
        }

        // Later edits of the address and the product never change the placed order.
        sql(&app, "UPDATE addresses SET city = 'Mumbai'; UPDATE products SET name = 'Renamed'; UPDATE variants SET original_price_paise = 100;");
        let mine = app.get("/api/orders/my-orders", Some(&asha)).await.expect(200);
        let listed = &mine.body["data"][0];
        assert_eq!((listed["id"].clone(), listed["address"]["city"].as_str(), listed["items"][0]["product"]["name"].as_str(), listed["orderTotal"].as_f64()), (order["id"].clone(), Some("Pune"), Some("Banarasi Saree"), Some(247_411.0)));
    }
}

#[actix_web::test]
async fn bad_orders_are_refused_and_nothing_changes() {
    for app in TestApp::all() {
        let (_, v) = seed_product(&app, "Linen Shirt", &[("M", "White", 5, 999, 0)]);
        let (asha, home) = shopper(&app, "asha", &[(&v[0], 2)]).await;
        let (ravi, ravis_home) = shopper(&app, "ravi", &[]).await;
        let card = app.post("/api/orders/place", Some(&asha), json!({ "addressId": home, "paymentMethod": "CARD" })).await.expect(400);
        assert_eq!(card.message(), "Only Cash on Delivery (COD) is accepted");
        let no_address = app.post("/api/orders/place", Some(&asha), json!({ "paymentMethod": "COD" })).await.expect(400);
        assert_eq!(no_address.message(), "Please select an address.");
        let foreign = place(&app, &asha, &ravis_home).await.expect(404);
        assert_eq!(foreign.message(), "Address not found");
        let empty = place(&app, &ravi, &ravis_home).await.expect(409);
        assert_eq!((empty.message(), empty.body["code"].as_str()), ("Your cart is empty", Some("empty_cart")));
        // Someone bought the stock meanwhile: the answer names the item.
        sql(&app, &format!("UPDATE variants SET stock = 1 WHERE id = '{}'", v[0]));
        let short = place(&app, &asha, &home).await.expect(409);
        assert_eq!(short.message(), "Only 1 left of Linen Shirt (size M)");
        assert_eq!((count(&app, "orders"), stock(&app, &v[0]), count(&app, "cart_items")), (0, 1, 1));
        assert!(app.mails().is_empty());
        place(&app, "", &home).await.expect(401);
    }
}

#[actix_web::test]
async fn an_order_is_refused_when_the_total_the_shopper_saw_is_no_longer_the_price() {
    for app in TestApp::all() {
        relax_cod(&app);
        let admin = app.admin().await;
        let (product, v) = seed_product(&app, "Probe Kurti", &[("M", "Indigo", 5, 999, 0)]);
        let (asha, address) = shopper(&app, "asha", &[(&v[0], 2)]).await;
        let shown = app.get("/api/cart", Some(&asha)).await.expect(200).body["data"]["summary"]["total"].clone();
        assert_eq!(shown, json!(1998.0));
        // The owner raises the price while Asha looks at her checkout.
        app.send("PATCH", &format!("/api/products/{product}/variants/{}", v[0]), Some(&admin), Some(json!({ "originalPrice": 1999 }))).await.expect(200);
        let body = |total: serde_json::Value| json!({ "addressId": address, "paymentMethod": "COD", "expectedTotal": total });
        let refused = app.post("/api/orders/place", Some(&asha), body(shown)).await.expect(409);
        assert_eq!(refused.error(), (409, "prices_changed", None));
        assert_eq!(refused.message(), "The prices in your cart have changed: the total is now ₹3,998.00. Please check your cart and place the order again.");
        assert_eq!((count(&app, "orders"), stock(&app, &v[0])), (0, 5), "nothing was taken");
        assert_eq!(app.get("/api/cart", Some(&asha)).await.body["data"]["items"].as_array().map(Vec::len), Some(1), "the cart is kept");
        // Seen at the new price, it goes through; an amount that is no amount is refused.
        app.post("/api/orders/place", Some(&asha), body(json!(-1))).await.expect(400);
        let placed = app.post("/api/orders/place", Some(&asha), body(json!(3998))).await.expect(201);
        assert_eq!(placed.body["data"]["orderTotal"], json!(3998.0));
    }
}

#[actix_web::test]
async fn fifty_customers_racing_for_the_last_piece_make_exactly_one_order() {
    for app in TestApp::all() {
        let (_, v) = seed_product(&app, "Last Lehenga", &[("S", "Red", 1, 4_999, 0)]);
        let mut shoppers = Vec::new();
        for i in 0..50 {
            shoppers.push(shopper(&app, &format!("racer{i}"), &[(&v[0], 1)]).await);
        }
        let replies = join_all(shoppers.iter().map(|(token, address)| place(&app, token, address))).await;
        let statuses: Vec<u16> = replies.iter().map(|r| r.status.as_u16()).collect();
        assert_eq!(statuses.iter().filter(|s| **s == 201).count(), 1, "{:?}: {statuses:?}", app.backend);
        assert_eq!(statuses.iter().filter(|s| **s == 409).count(), 49, "{statuses:?}");
        assert!(replies.iter().filter(|r| r.status.as_u16() == 409).all(|r| r.message() == "Last Lehenga (size S) is out of stock"));
        assert_eq!((stock(&app, &v[0]), count(&app, "orders"), count(&app, "order_items")), (0, 1, 1));
        // The 49 others keep their cart line.
        assert_eq!(count(&app, "cart_items"), 49);
    }
}

#[actix_web::test]
async fn a_retried_place_with_the_same_idempotency_key_returns_the_same_order() {
    for app in TestApp::all() {
        let (_, v) = seed_product(&app, "Linen Shirt", &[("M", "White", 10, 999, 0)]);
        let (asha, home) = shopper(&app, "asha", &[(&v[0], 2)]).await;
        let body = json!({ "addressId": home, "paymentMethod": "COD" });
        let first = app.send_with("POST", "/api/orders/place", Some(&asha), body.clone(), &[("Idempotency-Key", "checkout-1")]).await.expect(201);
        // The shopper fills the cart again, then the first request is retried.
        app.add_to_cart(&asha, &v[0], 1).await.expect(201);
        let retry = app.send_with("POST", "/api/orders/place", Some(&asha), body.clone(), &[("Idempotency-Key", "checkout-1")]).await.expect(200);
        assert_eq!(retry.body["data"]["id"], first.body["data"]["id"]);
        assert_eq!(retry.message(), "Order already placed");
        assert_eq!((first.body["created"].as_bool(), retry.body["created"].as_bool()), (Some(true), Some(false)), "the repeat says it placed nothing");
        assert_eq!((count(&app, "orders"), stock(&app, &v[0]), count(&app, "cart_items")), (1, 8, 1));
        assert_eq!(app.mails().len(), 1, "one e-mail only");

        // Concurrent retries with a fresh key: still one order.
        let requests = (0..5).map(|_| app.send_with("POST", "/api/orders/place", Some(&asha), body.clone(), &[("Idempotency-Key", "checkout-2")]));
        let replies = join_all(requests).await;
        let ids: Vec<Value> = replies.iter().map(|r| r.body["data"]["id"].clone()).collect();
        assert!(replies.iter().all(|r| matches!(r.status.as_u16(), 200 | 201)), "{:?}", replies.iter().map(|r| (r.status, r.body.clone())).collect::<Vec<_>>());
        assert!(ids.iter().all(|id| *id == ids[0] && id.is_string()), "{ids:?}");
        assert_eq!((count(&app, "orders"), stock(&app, &v[0])), (2, 7));
        // The same key from another customer is their own key.
        let (ravi, ravis_home) = shopper(&app, "ravi", &[(&v[0], 1)]).await;
        let other = app
            .send_with("POST", "/api/orders/place", Some(&ravi), json!({ "addressId": ravis_home, "paymentMethod": "COD" }), &[("Idempotency-Key", "checkout-1")])
            .await
            .expect(201);
        assert_ne!(other.body["data"]["id"], first.body["data"]["id"]);
    }
}

#[actix_web::test]
async fn cancel_returns_stock_once_for_the_owner_only() {
    for app in TestApp::all() {
        let (_, v) = seed_product(&app, "Linen Shirt", &[("M", "White", 5, 999, 0)]);
        let (asha, home) = shopper(&app, "asha", &[(&v[0], 2)]).await;
        let (ravi, _) = app.customer("ravi").await;
        let id = place(&app, &asha, &home).await.expect(201).body["data"]["id"].as_str().unwrap_or_default().to_string();
        let path = format!("/api/orders/{id}/cancel");
        let probe = app.send("PUT", &path, Some(&ravi), None).await.expect(404);
        assert_eq!(probe.message(), "Order not found");
        assert_eq!(app.get("/api/orders/my-orders", Some(&ravi)).await.body["data"], json!([]));
        assert_eq!(stock(&app, &v[0]), 3);
        let canceled = app.send("PUT", &path, Some(&asha), None).await.expect(200);
        assert_eq!(canceled.message(), "Order cancelled successfully!");
        assert_eq!((canceled.body["data"]["deliveryStatus"].as_str(), canceled.body["data"]["status"].as_str()), (Some("CANCELED"), Some("canceled")));
        assert_eq!(canceled.body["data"]["history"][1]["from"], "PENDING");
        assert_eq!(stock(&app, &v[0]), 5);
        let again = app.send("PUT", &path, Some(&asha), None).await.expect(409);
        assert_eq!(again.message(), "Only pending orders can be cancelled");
        assert_eq!(stock(&app, &v[0]), 5);
    }
}

#[actix_web::test]
async fn two_racing_cancels_return_the_stock_exactly_once() {
    for app in TestApp::all() {
        let (_, v) = seed_product(&app, "Linen Shirt", &[("M", "White", 5, 999, 0)]);
        for round in 0..3 {
            let (asha, home) = shopper(&app, &format!("asha{round}"), &[(&v[0], 2)]).await;
            let id = place(&app, &asha, &home).await.expect(201).body["data"]["id"].as_str().unwrap_or_default().to_string();
            assert_eq!(stock(&app, &v[0]), 3);
            let path = format!("/api/orders/{id}/cancel");
            let replies = join_all((0..2).map(|_| app.send("PUT", &path, Some(&asha), None))).await;
            let mut statuses: Vec<u16> = replies.iter().map(|r| r.status.as_u16()).collect();
            statuses.sort_unstable();
            assert_eq!(statuses, vec![200, 409], "{:?}", app.backend);
            assert_eq!(stock(&app, &v[0]), 5, "stock back exactly once");
            assert_eq!(count(&app, &format!("order_status_history WHERE order_id = '{id}'")), 2);
        }
    }
}

#[actix_web::test]
async fn admins_follow_an_order_to_delivered_and_stock_stays_true() {
    for app in TestApp::all() {
        let admin = app.admin().await;
        let (_, v) = seed_product(&app, "Linen Shirt", &[("M", "White", 3, 999, 0)]);
        let (asha, home) = shopper(&app, "asha", &[(&v[0], 2)]).await;
        let first = place(&app, &asha, &home).await.expect(201).body["data"]["id"].as_str().unwrap_or_default().to_string();
        app.add_to_cart(&asha, &v[0], 1).await.expect(201);
        let second = place(&app, &asha, &home).await.expect(201).body["data"]["id"].as_str().unwrap_or_default().to_string();

        // Customers and guests stay out of the admin routes.
        for (method, path) in [("GET", "/api/orders/all".to_string()), ("GET", "/api/orders/pending-count".to_string()), ("PUT", format!("/api/orders/{first}/status"))] {
            app.send(method, &path, Some(&asha), Some(json!({ "deliveryStatus": "DELIVERED" }))).await.expect(403);
            app.send(method, &path, None, Some(json!({ "deliveryStatus": "DELIVERED" }))).await.expect(401);
        }
        let all = app.get("/api/orders/all", Some(&admin)).await.expect(200);
        let ids: Vec<_> = all.body["data"].as_array().into_iter().flatten().map(|o| o["id"].as_str().unwrap_or("").to_string()).collect();
        assert_eq!(ids, vec![second.clone(), first.clone()], "newest first");
        assert_eq!(all.body["data"][0]["user"]["email"], "asha@example.in");
        assert_eq!(app.get("/api/orders/pending-count", Some(&admin)).await.expect(200).body["data"]["count"], 2);

        let unknown = set_status(&app, &admin, &first, "LOST").await.expect(400);
        assert_eq!(unknown.message(), "Delivery status must be one of PENDING, SHIPPED, DELIVERED, CANCELED");
        let shipped = set_status(&app, &admin, &first, "SHIPPED").await.expect(200);
        assert_eq!(shipped.message(), "Status updated to SHIPPED");
        let delivered = set_status(&app, &admin, &first, "DELIVERED").await.expect(200);
        let d = &delivered.body["data"];
        assert_eq!((d["deliveryStatus"].as_str(), d["paymentStatus"].as_str()), (Some("DELIVERED"), Some("PAID")));
        assert!(d["deliveredOn"].is_string());
        let history = d["history"].as_array().cloned().unwrap_or_default();
        assert_eq!(history.len(), 3);
        assert_eq!((history[2]["from"].as_str(), history[2]["to"].as_str(), history[2]["changedBy"].clone()), (Some("SHIPPED"), Some("DELIVERED"), json!("owner")));
        assert!(history[2]["changedAt"].is_string());
        assert_eq!(stock(&app, &v[0]), 0);

        // Into CANCELED puts stock back; out of it takes it again, or 409 when it is gone.
        set_status(&app, &admin, &first, "CANCELED").await.expect(200);
        assert_eq!(stock(&app, &v[0]), 2);
        sql(&app, &format!("UPDATE variants SET stock = 1 WHERE id = '{}'", v[0]));
        let short = set_status(&app, &admin, &first, "PENDING").await.expect(409);
        assert_eq!(short.message(), "Only 1 left of Linen Shirt (size M)");
        assert_eq!(stock(&app, &v[0]), 1);
        let still = app.get("/api/orders/all", Some(&admin)).await.body["data"][1].clone();
        assert_eq!((still["deliveryStatus"].as_str(), still["history"].as_array().map(Vec::len)), (Some("CANCELED"), Some(4)));
        sql(&app, &format!("UPDATE variants SET stock = 2 WHERE id = '{}'", v[0]));
        let reopened = set_status(&app, &admin, &first, "pending").await.expect(200);
        assert_eq!((reopened.body["data"]["paymentStatus"].as_str(), reopened.body["data"]["deliveredOn"].clone()), (Some("PENDING"), Value::Null));
        assert_eq!(stock(&app, &v[0]), 0);
        set_status(&app, &admin, &kernel::new_id(), "SHIPPED").await.expect(404);
        // The customer can no longer cancel a shipped order.
        set_status(&app, &admin, &second, "SHIPPED").await.expect(200);
        app.send("PUT", &format!("/api/orders/{second}/cancel"), Some(&asha), None).await.expect(409);
        assert_eq!(app.get("/api/orders/pending-count", Some(&admin)).await.body["data"]["count"], 1);
    }
}

/// What a tiny SMTP server on loopback received: (MAIL FROM, RCPT TO list, DATA).
type Inbox = Arc<Mutex<Vec<(String, Vec<String>, String)>>>;

/// A minimal SMTP server for the tests: answers 220/250/354/221 and keeps each message.
fn smtp_listener() -> (u16, Inbox) {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().map(|a| a.port()).unwrap();
    let inbox: Inbox = Arc::default();
    let keep = inbox.clone();
    std::thread::spawn(move || {
        for stream in listener.incoming().flatten() {
            let inbox = keep.clone();
            std::thread::spawn(move || {
                let Ok(mut writer) = stream.try_clone() else { return };
                let mut reader = BufReader::new(stream);
                let mut say = |text: &str| writer.write_all(text.as_bytes()).is_ok();
                if !say("220 localhost test SMTP\r\n") {
                    return;
                }
                let (mut from, mut to) = (String::new(), Vec::new());
                let mut line = String::new();
                loop {
                    line.clear();
                    if reader.read_line(&mut line).unwrap_or(0) == 0 {
                        return;
                    }
                    let upper = line.to_ascii_uppercase();
                    let ok = if upper.starts_with("EHLO") {
                        say("250-localhost\r\n250-8BITMIME\r\n250 SMTPUTF8\r\n")
                    } else if upper.starts_with("MAIL FROM:") {
                        from = line.trim_end().to_string();
                        say("250 OK\r\n")
                    } else if upper.starts_with("RCPT TO:") {
                        to.push(line.trim_end()[8..].trim().to_string());
                        say("250 OK\r\n")
                    } else if upper.starts_with("DATA") {
                        say("354 End data with <CR><LF>.<CR><LF>\r\n");
                        let mut data = String::new();
                        loop {
                            let mut part = String::new();
                            if reader.read_line(&mut part).unwrap_or(0) == 0 || part == ".\r\n" {
                                break;
                            }
                            data.push_str(&part);
                        }
                        if let Ok(mut list) = inbox.lock() {
                            list.push((from.clone(), std::mem::take(&mut to), data));
                        }
                        say("250 OK: queued\r\n")
                    } else if upper.starts_with("QUIT") {
                        say("221 Bye\r\n");
                        return;
                    } else {
                        say("250 OK\r\n")
                    };
                    if !ok {
                        return;
                    }
                }
            });
        }
    });
    (port, inbox)
}

#[actix_web::test]
async fn confirmations_go_through_a_real_smtp_server_to_the_account_address_only() {
    for backend in TestDb::backends() {
        let (port, inbox) = smtp_listener();
        let app = TestApp::builder().backend(backend).smtp(format!("smtp://127.0.0.1:{port}")).spawn();
        let (_, v) = seed_product(&app, "Chikankari Kurta", &[("L", "Ivory", 4, 2_450, 550)]);
        let (asha, home) = shopper(&app, "asha", &[(&v[0], 3)]).await;
        let reply = place(&app, &asha, &home).await.expect(201);
        assert_eq!((reply.message(), reply.body["emailSent"].as_bool()), (PLACED, Some(true)));
        let id = reply.body["data"]["id"].as_str().unwrap_or_default().to_string();
        let received = inbox.lock().map(|l| l.clone()).unwrap_or_default();
        assert_eq!(received.len(), 1, "{backend:?}");
        let (_, to, data) = &received[0];
        assert_eq!(to, &vec!["<asha@example.in>".to_string()]);
        for expected in ["Chikankari Kurta", "size L, colour Ivory: 3 x ₹2,450.00", "₹2,450.00", "₹7,350.00", "12 Residency Road", "multipart/alternative", "text/html"] {
            assert!(data.contains(expected), "{expected} missing in:\n{data}");
        }
        assert!(app.mails().is_empty(), "SMTP configured: no outbox files");

        // Re-sending: an e-mail address in the body is ignored.
        let resend = app
            .post("/api/orders/send-confirmation", Some(&asha), json!({ "orderData": { "id": id }, "email": "attacker@evil.example" }))
            .await
            .expect(200);
        assert_eq!(resend.body["emailSent"], true);
        app.post("/api/orders/send-confirmation", Some(&asha), json!({ "orderId": id })).await.expect(200);
        let (ravi, _) = app.customer("ravi").await;
        let foreign = app.post("/api/orders/send-confirmation", Some(&ravi), json!({ "orderId": id, "email": "ravi@example.in" })).await.expect(404);
        assert_eq!(foreign.message(), "Order not found");
        let recipients: Vec<Vec<String>> = inbox.lock().map(|l| l.iter().map(|m| m.1.clone()).collect()).unwrap_or_default();
        assert_eq!(recipients, vec![vec!["<asha@example.in>".to_string()]; 3]);
    }
}

#[actix_web::test]
async fn a_failing_mail_server_never_loses_the_order() {
    for backend in TestDb::backends() {
        // A port that was just free: nothing listens there.
        let port = TcpListener::bind("127.0.0.1:0").and_then(|l| l.local_addr()).map(|a| a.port()).unwrap_or(1);
        let app = TestApp::builder().backend(backend).smtp(format!("smtp://127.0.0.1:{port}")).spawn();
        let (_, v) = seed_product(&app, "Linen Shirt", &[("M", "White", 5, 999, 0)]);
        let (asha, home) = shopper(&app, "asha", &[(&v[0], 2)]).await;
        let reply = place(&app, &asha, &home).await.expect(201);
        assert_eq!((reply.message(), reply.body["emailSent"].as_bool()), (MAIL_FAILED, Some(false)));
        let id = reply.body["data"]["id"].clone();
        assert_eq!(app.get("/api/orders/my-orders", Some(&asha)).await.body["data"][0]["id"], id);
        assert_eq!((count(&app, "orders"), stock(&app, &v[0]), count(&app, "cart_items")), (1, 3, 0));
        let resend = app.post("/api/orders/send-confirmation", Some(&asha), json!({ "orderId": id })).await.expect(502);
        assert_eq!(resend.message(), "Confirmation email could not be sent");
    }
}

#[actix_web::test]
async fn parallel_placements_from_one_cart_make_one_order_and_take_its_pieces_once() {
    for app in TestApp::all() {
        let (_, v) = seed_product(&app, "Linen Shirt", &[("M", "White", 10, 999, 0)]);
        let (_, w) = seed_product(&app, "Silk Dupatta", &[("Free", "Gold", 10, 499, 0)]);
        for round in 0..3 {
            let (asha, home) = shopper(&app, &format!("asha{round}"), &[(&v[0], 2), (&w[0], 1)]).await;
            let before = (stock(&app, &v[0]), stock(&app, &w[0]));
            // No Idempotency-Key: eight clicks (or eight tabs) at once.
            let replies = join_all((0..8).map(|_| place(&app, &asha, &home))).await;
            let statuses: Vec<u16> = replies.iter().map(|r| r.status.as_u16()).collect();
            assert_eq!(statuses.iter().filter(|s| **s == 201).count(), 1, "{:?} round {round}: {statuses:?}", app.backend);
            for refused in replies.iter().filter(|r| r.status.as_u16() != 201) {
                assert_eq!(
                    (refused.status.as_u16(), refused.message(), refused.body["code"].as_str()),
                    (409, "Your cart is empty", Some("empty_cart")),
                    "{:?}",
                    app.backend
                );
            }
            let mine = app.get("/api/orders/my-orders", Some(&asha)).await.expect(200);
            assert_eq!(mine.body["data"].as_array().map(Vec::len), Some(1), "{:?}: one order", app.backend);
            assert_eq!((stock(&app, &v[0]), stock(&app, &w[0])), (before.0 - 2, before.1 - 1), "{:?}: pieces taken once", app.backend);
            assert_eq!(app.get("/api/cart", Some(&asha)).await.body["data"]["items"], json!([]));
        }
        assert_eq!((count(&app, "orders"), count(&app, "order_items")), (3, 6));
        assert_eq!(app.mails().len(), 3, "one e-mail per order");
    }
}

/// How many order confirmations the outbox holds (cancelling sends an e-mail of its own).
fn confirmations(app: &TestApp) -> usize {
    app.mails().iter().filter(|m| m.lines().any(|l| l.starts_with("Subject: Your order ") && l.ends_with(" is confirmed"))).count()
}

const TOO_MANY_FOR_ORDER: &str = "This order's confirmation was already sent 3 times in the last hour. Please try again later.";
const TOO_MANY_FOR_ACCOUNT: &str = "10 confirmation e-mails were sent for your orders in the last hour. Please try again later.";

async fn resend(app: &TestApp, token: &str, order: &str) -> Reply {
    app.post("/api/orders/send-confirmation", Some(token), json!({ "orderId": order })).await
}

fn retry_after(reply: &Reply) -> u64 {
    reply.headers.get("retry-after").and_then(|v| v.to_str().ok()).and_then(|v| v.parse().ok()).unwrap_or(0)
}

#[track_caller]
fn assert_throttled(reply: &Reply, message: &str) {
    assert_eq!((reply.status.as_u16(), reply.message(), reply.body["code"].as_str()), (429, message, Some("too_many_confirmations")));
    let wait = retry_after(reply);
    assert!((3500..=3600).contains(&wait), "Retry-After {wait}");
}

#[actix_web::test]
async fn confirmation_resends_are_limited_per_order_and_per_account_in_the_database() {
    for backend in TestDb::backends() {
        let clock = kernel::Clock::system();
        let app = TestApp::builder().backend(backend).clock(clock.clone()).spawn();
        relax_cod(&app);
        let (_, v) = seed_product(&app, "Linen Shirt", &[("M", "White", 50, 999, 0)]);
        let (asha, home) = shopper(&app, "asha", &[]).await;
        let mut ids = Vec::new();
        for _ in 0..5 {
            app.add_to_cart(&asha, &v[0], 1).await.expect(201);
            ids.push(place(&app, &asha, &home).await.expect(201).body["data"]["id"].as_str().unwrap_or_default().to_string());
        }
        let (ravi, ravis_home) = shopper(&app, "ravi", &[(&v[0], 1)]).await;
        let ravis = place(&app, &ravi, &ravis_home).await.expect(201).body["data"]["id"].as_str().unwrap_or_default().to_string();
        let placed_mails = confirmations(&app);

        // Six at once for one order: three are sent, three refused with Retry-After.
        let replies = join_all((0..6).map(|_| resend(&app, &asha, &ids[0]))).await;
        let statuses: Vec<u16> = replies.iter().map(|r| r.status.as_u16()).collect();
        assert_eq!(statuses.iter().filter(|s| **s == 200).count(), 3, "{backend:?}: {statuses:?}");
        for refused in replies.iter().filter(|r| r.status.as_u16() != 200) {
            assert_throttled(refused, TOO_MANY_FOR_ORDER);
        }
        // The count lives in the database: another instance of the shop sees it.
        let other = app.second_instance();
        assert_throttled(&other.post("/api/orders/send-confirmation", Some(&asha), json!({ "orderId": ids[0] })).await, TOO_MANY_FOR_ORDER);
        other.post("/api/orders/send-confirmation", Some(&asha), json!({ "orderId": ids[1] })).await.expect(200);
        for _ in 0..2 {
            resend(&app, &asha, &ids[1]).await.expect(200);
        }
        assert_throttled(&resend(&app, &asha, &ids[1]).await, TOO_MANY_FOR_ORDER);
        for _ in 0..3 {
            resend(&app, &asha, &ids[2]).await.expect(200);
        }
        // Ten for the account within the hour: the next one, for any order, waits.
        resend(&app, &asha, &ids[3]).await.expect(200);
        assert_throttled(&resend(&app, &asha, &ids[3]).await, TOO_MANY_FOR_ACCOUNT);
        assert_throttled(&resend(&app, &asha, &ids[4]).await, TOO_MANY_FOR_ACCOUNT);
        // Another customer is not affected.
        resend(&app, &ravi, &ravis).await.expect(200);
        assert_eq!(confirmations(&app), placed_mails + 11, "{backend:?}: only the allowed e-mails went out");

        // A cancelled order gets no confirmation at all.
        app.send("PUT", &format!("/api/orders/{}/cancel", ids[4]), Some(&asha), None).await.expect(200);
        let cancelled = resend(&app, &asha, &ids[4]).await.expect(409);
        assert_eq!((cancelled.message(), cancelled.body["code"].as_str()), ("A cancelled order gets no confirmation e-mail", Some("order_cancelled")));

        // An hour later the limits start again.
        clock.advance(chrono::Duration::minutes(61));
        resend(&app, &asha, &ids[0]).await.expect(200);
        resend(&app, &asha, &ids[3]).await.expect(200);
        app.send("PUT", &format!("/api/orders/{}/cancel", ids[3]), Some(&asha), None).await.expect(200);
        resend(&app, &asha, &ids[3]).await.expect(409);
        assert_eq!(confirmations(&app), placed_mails + 13);
    }
}

#[actix_web::test]
async fn customers_see_who_changed_their_order_as_a_role_and_admins_see_names() {
    for app in TestApp::all() {
        let admin = app.admin().await;
        let admin_id = app.get("/api/auth/me", Some(&admin)).await.body["data"]["user"]["id"].as_str().unwrap_or_default().to_string();
        assert!(!admin_id.is_empty());
        let (_, v) = seed_product(&app, "Linen Shirt", &[("M", "White", 5, 999, 0)]);
        let (asha, home) = shopper(&app, "asha", &[(&v[0], 1)]).await;
        let placed = place(&app, &asha, &home).await.expect(201);
        assert_eq!(placed.body["data"]["history"][0]["changedBy"], "You");
        let first = placed.body["data"]["id"].as_str().unwrap_or_default().to_string();
        let shipped = set_status(&app, &admin, &first, "SHIPPED").await.expect(200);
        assert_eq!(shipped.body["data"]["history"][1]["changedBy"], "owner");
        app.add_to_cart(&asha, &v[0], 1).await.expect(201);
        let second = place(&app, &asha, &home).await.expect(201).body["data"]["id"].as_str().unwrap_or_default().to_string();
        let cancelled = app.send("PUT", &format!("/api/orders/{second}/cancel"), Some(&asha), None).await.expect(200);
        assert_eq!(cancelled.body["data"]["history"][1]["changedBy"], "You");

        let mine = app.get("/api/orders/my-orders", Some(&asha)).await.expect(200);
        assert!(!mine.body.to_string().contains(&admin_id), "{:?}: the admin's id reached a customer: {}", app.backend, mine.body);
        let labels = |order: &Value| -> Vec<String> {
            order["history"].as_array().into_iter().flatten().map(|h| h["changedBy"].as_str().unwrap_or("?").to_string()).collect()
        };
        let by_id = |list: &Value, id: &str| list["data"].as_array().into_iter().flatten().find(|o| o["id"] == id).cloned().unwrap_or(Value::Null);
        assert_eq!(labels(&by_id(&mine.body, &first)), vec!["You", "Shop"]);
        assert_eq!(labels(&by_id(&mine.body, &second)), vec!["You", "You"]);

        let all = app.get("/api/orders/all", Some(&admin)).await.expect(200);
        assert_eq!(labels(&by_id(&all.body, &first)), vec!["asha", "owner"]);
        assert_eq!(labels(&by_id(&all.body, &second)), vec!["asha", "asha"]);
    }
}

/// An order placed at 00:40 in India (19:10 UTC the evening before) is promised for seven
/// days after the India date, in the answer and in the confirmation e-mail.
#[actix_web::test]
async fn the_expected_delivery_date_counts_from_the_day_of_the_order_in_india() {
    for backend in TestDb::backends() {
        let clock = kernel::Clock::system();
        let target = chrono::Utc.with_ymd_and_hms(2026, 11, 27, 19, 10, 0).single().expect("a moment");
        clock.advance(target - clock.now());
        let app = TestApp::builder().backend(backend).clock(clock).spawn();
        relax_cod(&app);
        let (_, v) = seed_product(&app, "Night Kurta", &[("M", "Indigo", 3, 999, 0)]);
        let asha = app.shopper("asha", "Asha", "Rao", "9876543210").await;
        app.order_cod(&asha, &v[0], 1).await;
        let history = app.get("/api/orders/my-orders", Some(&asha.token)).await.expect(200);
        assert_eq!(history.body["data"][0]["expectedDeliveryDate"], "2026-12-05", "28 November in India, plus seven days");
        let mail = app.mails().into_iter().find(|m| m.contains("Night Kurta")).unwrap_or_default();
        assert!(mail.contains("05 Dec 2026") && !mail.contains("04 Dec 2026"), "{mail}");
    }
}

/// A product in an order not yet delivered stays: shipping issues the order's tax invoice,
/// which needs the product's HSN code (a deleted product left the order unshippable). Once
/// the order is delivered the product may go, and the order keeps showing its picture.
#[actix_web::test]
async fn a_product_in_an_open_order_is_kept_and_placed_orders_keep_its_picture() {
    for app in TestApp::all() {
        relax_cod(&app);
        let admin = app.admin().await;
        let (product, v) = seed_product(&app, "Jute Bag", &[("Free", "Natural", 5, 499, 0)]);
        let asha = app.shopper("asha", "Asha", "Rao", "9876543210").await;
        let order = app.order_cod(&asha, &v[0], 1).await;
        let picture_shown = |history: &Value| history["data"][0]["items"][0]["product"]["images"][0]["url"].as_str().map(str::to_string);
        let picture = picture_shown(&app.get("/api/orders/my-orders", Some(&asha.token)).await.expect(200).body).unwrap_or_default();
        assert!(picture.starts_with("/uploads/"), "{picture}");

        for status in ["PENDING", "SHIPPED"] {
            if status != "PENDING" {
                app.put(&format!("/api/orders/{order}/status"), Some(&admin), json!({ "deliveryStatus": status })).await.expect(200);
            }
            let refused = app.delete(&format!("/api/products/{product}"), Some(&admin)).await;
            assert_eq!(refused.error(), (409, "product_in_open_orders", None), "{status}");
            assert_eq!(refused.message(), "Jute Bag is in 1 order not yet delivered: deliver or cancel it before deleting the product");
            app.get(&format!("/api/products/{product}"), None).await.expect(200);
        }
        app.put(&format!("/api/orders/{order}/status"), Some(&admin), json!({ "deliveryStatus": "DELIVERED" })).await.expect(200);
        app.delete(&format!("/api/products/{product}"), Some(&admin)).await.expect(200);
        app.get(&format!("/api/products/{product}"), None).await.expect(404);
        assert_eq!(picture_shown(&app.get("/api/orders/my-orders", Some(&asha.token)).await.expect(200).body), Some(picture.clone()));
        assert_eq!(app.get(&picture, None).await.status.as_u16(), 200, "the picture the order shows is kept");
    }
}

/// Defect: the confirmation e-mail dated an order placed between midnight and 05:30 in India
/// by the day in UTC ('placed on 27 Nov 2026' for 00:22 on 28 November), while the order page,
/// the invoice and the GST report said 28 November.
#[actix_web::test]
async fn the_confirmation_email_dates_the_order_by_india_time() {
    for backend in TestDb::backends() {
        let desk = crate::helpers::Desk::open(backend).await;
        // 18:52 UTC on 27 November is 00:22 on 28 November in India.
        crate::helpers::set_clock(&desk.clock, 2026, 11, 27, 18, 52);
        desk.app.order_cod(&desk.asha, &desk.variants[0], 1).await;
        let mails = desk.app.mails();
        let confirmation = mails.iter().find(|m| m.contains("Thank you for your order")).cloned().unwrap_or_default();
        assert!(confirmation.contains("placed on 28 Nov 2026"), "{backend:?}: {confirmation}");
    }
}

/// The e-mail in the outbox whose subject is `subject`, if one is there.
fn mail_titled(app: &TestApp, subject: &str) -> Option<String> {
    app.mails().into_iter().find(|m| m.lines().any(|l| l == format!("Subject: {subject}")))
}

/// Defect: only the confirmation was ever e-mailed. A shopper whose order shipped, arrived or
/// was cancelled by the shop heard nothing (the cash to keep ready, the return window, that
/// nothing is due any more) unless they opened the shop to look.
#[actix_web::test]
async fn the_shopper_is_emailed_when_the_order_ships_arrives_or_is_cancelled() {
    for app in TestApp::all() {
        relax_cod(&app);
        let admin = app.admin().await;
        let (_, v) = seed_product(&app, "Linen Shirt", &[("M", "White", 9, 1_499, 0)]);
        let (asha, home) = shopper(&app, "asha", &[(&v[0], 2)]).await;
        let first = place(&app, &asha, &home).await.expect(201).body["data"]["id"].as_str().unwrap_or_default().to_string();
        let number = first[..8].to_uppercase();

        set_status(&app, &admin, &first, "SHIPPED").await.expect(200);
        let shipped = mail_titled(&app, &format!("Your order {number} has shipped")).unwrap_or_default();
        assert!(shipped.contains("Hello asha,") && shipped.contains("Linen Shirt") && shipped.contains("2,998.00"), "{:?}: {shipped}", app.backend);
        assert!(shipped.contains("To: asha@example.in"), "{shipped}");
        // The same status again changes nothing and sends nothing.
        set_status(&app, &admin, &first, "SHIPPED").await.expect(200);
        assert_eq!(app.mails().len(), 2);

        set_status(&app, &admin, &first, "DELIVERED").await.expect(200);
        let delivered = mail_titled(&app, &format!("Your order {number} was delivered")).unwrap_or_default();
        assert!(delivered.contains("within 7 days"), "{:?}: {delivered}", app.backend);

        // Cancelled by the shop, and by the shopper: both hear that nothing is due.
        app.add_to_cart(&asha, &v[0], 1).await.expect(201);
        let second = place(&app, &asha, &home).await.expect(201).body["data"]["id"].as_str().unwrap_or_default().to_string();
        set_status(&app, &admin, &second, "CANCELED").await.expect(200);
        let by_shop = mail_titled(&app, &format!("Your order {} is cancelled", second[..8].to_uppercase())).unwrap_or_default();
        assert!(by_shop.contains("cancelled by the shop") && by_shop.contains("Nothing is due"), "{:?}: {by_shop}", app.backend);
        app.add_to_cart(&asha, &v[0], 1).await.expect(201);
        let third = place(&app, &asha, &home).await.expect(201).body["data"]["id"].as_str().unwrap_or_default().to_string();
        app.send("PUT", &format!("/api/orders/{third}/cancel"), Some(&asha), None).await.expect(200);
        let by_shopper = mail_titled(&app, &format!("Your order {} is cancelled", third[..8].to_uppercase())).unwrap_or_default();
        assert!(by_shopper.contains("cancelled as you asked"), "{:?}: {by_shopper}", app.backend);

        // Re-opening a cancelled order is the shop's business with the shopper: no e-mail.
        let before = app.mails().len();
        set_status(&app, &admin, &second, "PENDING").await.expect(200);
        assert_eq!(app.mails().len(), before);
    }
}

/// Defect: the shop heard of a new order only when someone opened the back office (a
/// cash-on-delivery order waits to be packed while the owner is away from the screen). Each
/// new order is e-mailed to the shop's contact address, when the company details give one.
#[actix_web::test]
async fn each_new_order_is_emailed_to_the_shops_contact_address() {
    for app in TestApp::all() {
        relax_cod(&app);
        let admin = app.admin().await;
        let (_, v) = seed_product(&app, "Linen Shirt", &[("M", "White", 9, 1_499, 0)]);
        let (asha, home) = shopper(&app, "asha", &[(&v[0], 2)]).await;
        place(&app, &asha, &home).await.expect(201);
        assert_eq!(app.mails().len(), 1, "{:?}: no contact address yet, the confirmation only", app.backend);

        app.form("PUT", "/api/company-details", Some(&admin), vec![text("name", "Kapda"), text("email", "orders@kapda.in")]).await.expect(200);
        app.add_to_cart(&asha, &v[0], 3).await.expect(201);
        let id = place(&app, &asha, &home).await.expect(201).body["data"]["id"].as_str().unwrap_or_default().to_string();
        let notice = mail_titled(&app, &format!("New order {}", id[..8].to_uppercase())).unwrap_or_default();
        assert!(notice.contains("To: orders@kapda.in"), "{:?}: {notice}", app.backend);
        for fact in ["Linen Shirt", "size M, colour White", "4,497.00", "asha@example.in", "Cash on Delivery", "Residency Road"] {
            assert!(notice.contains(fact), "{:?}: {fact} in {notice}", app.backend);
        }
        assert_eq!(app.mails().len(), 3);
    }
}

/// Defect: every e-mail reached the inbox from "Fashion Shop" (the default sender of
/// `SHOP_MAIL_FROM`) whatever the shop is called. The sender's name is the company details'
/// name as it is when the e-mail leaves; the address stays the configured one.
#[actix_web::test]
async fn every_email_comes_from_the_shops_name() {
    for app in TestApp::all() {
        // The From line as a mail client shows it (a name with "&" travels RFC 2047-encoded).
        let from = |mail: &String| {
            let line = mail.lines().find(|l| l.starts_with("From: ")).unwrap_or_default();
            match line.split_once("=?utf-8?b?").and_then(|(_, rest)| rest.split_once("?=")) {
                Some((encoded, address)) => {
                    use base64::Engine;
                    let name = base64::engine::general_purpose::STANDARD.decode(encoded).unwrap_or_default();
                    format!("From: {}{address}", String::from_utf8_lossy(&name))
                }
                None => line.to_string(),
            }
        };
        let admin = app.admin().await;
        app.customer("asha").await;
        for (name, sent) in [("Kapda & Co", 1), ("Kapda House", 2)] {
            app.form("PUT", "/api/company-details", Some(&admin), vec![text("name", name)]).await.expect(200);
            app.post("/api/auth/forgot-password", None, json!({ "email": "asha@example.in" })).await.expect(202);
            let mails = app.mails_when(sent).await;
            let last = from(&mails[sent - 1]);
            assert!(last.contains(name) && last.contains("<no-reply@shop.local>"), "{:?}: {last}", app.backend);
            assert!(!last.contains("Fashion Shop"), "{:?}: {last}", app.backend);
        }
    }
}

/// Defect: no e-mail named the shop or linked to it: a shopper read "Your order 3F9A2C1E is
/// confirmed" from a sender they might not recognise, with no way back but typing the address.
/// Every e-mail ends with the shop's name (the company details') and its address.
#[actix_web::test]
async fn every_email_is_signed_with_the_shops_name_and_address() {
    for app in TestApp::all() {
        relax_cod(&app);
        let admin = app.admin().await;
        app.form("PUT", "/api/company-details", Some(&admin), vec![text("name", "Kapda & Co")]).await.expect(200);
        let (_, v) = seed_product(&app, "Linen Shirt", &[("M", "White", 9, 1_499, 0)]);
        let (asha, home) = shopper(&app, "asha", &[(&v[0], 1)]).await;
        let id = place(&app, &asha, &home).await.expect(201).body["data"]["id"].as_str().unwrap_or_default().to_string();
        set_status(&app, &admin, &id, "SHIPPED").await.expect(200);
        app.post("/api/auth/forgot-password", None, json!({ "email": "asha@example.in" })).await.expect(202);
        let mails = app.mails_when(3).await;
        assert_eq!(mails.len(), 3, "{:?}: confirmation, shipped, reset link", app.backend);
        for mail in &mails {
            let subject = mail.lines().find(|l| l.starts_with("Subject:")).unwrap_or_default();
            // The plain text's signature (after the standard "-- " line) and the HTML's.
            assert!(mail.contains("\n-- \nKapda & Co\nhttp://shop.test\n"), "{:?}: {subject}\n{mail}", app.backend);
            assert!(mail.contains("Kapda &amp; Co<br>") && mail.contains("<a href=\"http://shop.test\">"), "{:?}: {subject}", app.backend);
        }
    }
}
