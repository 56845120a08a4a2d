//! Abuse limits: 429 with Retry-After, per client address and per account, and
//! X-Forwarded-For believed only from configured proxies.

use http::ratelimit::RateLimitConfig;
use serde_json::json;

use crate::helpers::{seed_product, TestApp, PASSWORD};

fn limits(f: impl FnOnce(&mut RateLimitConfig)) -> RateLimitConfig {
    let mut config = RateLimitConfig::off();
    f(&mut config);
    config
}

async fn search_from(app: &TestApp, forwarded_for: Option<&str>) -> u16 {
    let mut request = app.server.get("/api/products/search?q=shirt");
    if let Some(ip) = forwarded_for {
        request = request.insert_header(("X-Forwarded-For", ip.to_string()));
    }
    request.send().await.map(|r| r.status().as_u16()).unwrap_or(0)
}

#[actix_web::test]
async fn sign_in_is_limited_per_address_and_per_identifier_with_retry_after() {
    let app = TestApp::builder().limits(limits(|c| c.sign_in = 3)).spawn();
    app.customer("asha").await;
    for _ in 0..3 {
        app.post("/api/auth/login", None, json!({ "identifier": "asha", "password": PASSWORD })).await.expect(200);
    }
    let refused = app.post("/api/auth/login", None, json!({ "identifier": "asha", "password": PASSWORD })).await.expect(429);
    assert_eq!(refused.body["code"], "rate_limited");
    let wait: u64 = refused.headers.get("retry-after").and_then(|v| v.to_str().ok()).and_then(|v| v.parse().ok()).unwrap_or(0);
    assert!((1..=60).contains(&wait), "Retry-After: {wait}");
    // A forged X-Forwarded-For from an untrusted peer does not give a fresh budget.
    let forged = app
        .send_with("POST", "/api/auth/login", None, json!({ "identifier": "asha", "password": PASSWORD }), &[("X-Forwarded-For", "203.0.113.9")])
        .await;
    assert_eq!(forged.status.as_u16(), 429);
}

#[actix_web::test]
async fn a_strangers_sign_in_rate_never_spends_the_owners_from_another_address() {
    let config = limits(|c| {
        c.sign_in = 2;
        c.trusted_proxies = vec!["127.0.0.1".parse().unwrap()];
    });
    let app = TestApp::builder().limits(config).spawn();
    let body = json!({ "identifier": "victim@shop.in", "password": "guess" });
    for expected in [401, 401, 429] {
        let reply = app.send_with("POST", "/api/auth/login", None, body.clone(), &[("X-Forwarded-For", "203.0.113.66")]).await;
        assert_eq!(reply.status.as_u16(), expected);
    }
    // The request rate is per address; failures per account are the accounts' throttle's.
    let owner = app.send_with("POST", "/api/auth/login", None, body, &[("X-Forwarded-For", "198.51.100.7")]).await;
    assert_eq!(owner.status.as_u16(), 401);
}

#[actix_web::test]
async fn every_instance_spends_the_one_sign_in_budget_of_an_address() {
    for backend in store::testing::TestDb::backends() {
        let config = limits(|c| c.sign_in = 2);
        let app = TestApp::builder().backend(backend).limits(config).spawn();
        let other = app.second_instance();
        let guess = json!({ "identifier": "asha", "password": "guess" });
        let from_other = || async { other.post("/api/auth/login", None, guess.clone()).await };
        app.post("/api/auth/login", None, guess.clone()).await.expect(401);
        from_other().await.expect(401);
        // Both instances count in the database: the address's two sign-ins are spent.
        for refused in [from_other().await, app.post("/api/auth/login", None, guess.clone()).await] {
            let refused = refused.expect(429);
            assert_eq!(refused.body["code"], "rate_limited", "{backend:?}");
            assert!(refused.headers.contains_key("retry-after"));
        }
    }
}

#[actix_web::test]
async fn registration_is_limited_per_address() {
    let app = TestApp::builder().limits(limits(|c| c.register = 2)).spawn();
    app.customer("one").await;
    app.customer("two").await;
    let third = app
        .post("/api/auth/register", None, json!({ "username": "three", "email": "three@example.in", "password": PASSWORD }))
        .await
        .expect(429);
    assert!(third.headers.contains_key("retry-after"));
}

#[actix_web::test]
async fn order_placement_is_limited_per_account_not_per_neighbour() {
    let app = TestApp::builder().orders_per_minute(2).spawn();
    let (_, v) = seed_product(&app, "Kurta", &[("M", "Blue", 100, 1_000, 0)]);
    let (asha, _) = app.customer("asha").await;
    let (ravi, _) = app.customer("ravi").await;
    let (a_home, r_home) = (app.address(&asha, "1 MG Road").await, app.address(&ravi, "2 MG Road").await);
    for _ in 0..2 {
        app.add_to_cart(&asha, &v[0], 1).await;
        app.post("/api/orders/place", Some(&asha), json!({ "addressId": a_home, "paymentMethod": "COD" })).await.expect(201);
    }
    app.add_to_cart(&asha, &v[0], 1).await;
    let refused = app.post("/api/orders/place", Some(&asha), json!({ "addressId": a_home, "paymentMethod": "COD" })).await.expect(429);
    assert!(refused.headers.contains_key("retry-after"));
    // Ravi, on the same address, has his own budget.
    app.add_to_cart(&ravi, &v[0], 1).await;
    app.post("/api/orders/place", Some(&ravi), json!({ "addressId": r_home, "paymentMethod": "COD" })).await.expect(201);
}

#[actix_web::test]
async fn order_placement_is_limited_per_address_too() {
    let app = TestApp::builder().limits(limits(|c| c.orders_per_ip = 1)).spawn();
    let (asha, _) = app.customer("asha").await;
    let home = app.address(&asha, "1 MG Road").await;
    // The first try uses the address's one token (and fails on the empty cart).
    app.post("/api/orders/place", Some(&asha), json!({ "addressId": home, "paymentMethod": "COD" })).await.expect(409);
    app.post("/api/orders/place", Some(&asha), json!({ "addressId": home, "paymentMethod": "COD" })).await.expect(429);
}

#[actix_web::test]
async fn forwarded_for_counts_only_from_trusted_proxies() {
    let untrusted = TestApp::builder().limits(limits(|c| c.search = 2)).spawn();
    assert_eq!(search_from(&untrusted, Some("198.51.100.1")).await, 200);
    assert_eq!(search_from(&untrusted, Some("198.51.100.2")).await, 200);
    assert_eq!(search_from(&untrusted, Some("198.51.100.3")).await, 429, "XFF from an untrusted peer must be ignored");

    let behind_proxy = TestApp::builder()
        .limits(limits(|c| {
            c.search = 2;
            c.trusted_proxies = vec!["127.0.0.1".parse().unwrap()];
        }))
        .spawn();
    assert_eq!(search_from(&behind_proxy, Some("198.51.100.1")).await, 200);
    assert_eq!(search_from(&behind_proxy, Some("198.51.100.1")).await, 200);
    assert_eq!(search_from(&behind_proxy, Some("198.51.100.1")).await, 429);
    // Another shopper behind the same proxy; a spoofed left-most hop is not believed.
    assert_eq!(search_from(&behind_proxy, Some("6.6.6.6, 198.51.100.2")).await, 200);
    assert_eq!(search_from(&behind_proxy, Some("7.7.7.7, 198.51.100.2")).await, 200);
    assert_eq!(search_from(&behind_proxy, Some("8.8.8.8, 198.51.100.2")).await, 429);
}

#[test]
fn defaults_are_realistic() {
    let d = RateLimitConfig::default();
    assert_eq!((d.sign_in, d.register, d.search), (20, 10, 120));
    assert_eq!(server::config::DEFAULT_ORDERS_PER_MINUTE, 30);
    assert!(d.trusted_proxies.is_empty());
}

/// A client that announces a body and stops sending it (a slow-body attack, needing no
/// account) does not hold its connection for ever: after the idle time it gets a 408 and the
/// connection closes, as behind a proxy's body timeout.
#[actix_web::test]
async fn a_body_that_stops_arriving_gets_408_and_the_connection_closes() {
    use std::io::{Read, Write};
    let security = server::app::WebSecurity { body_idle: Some(std::time::Duration::from_millis(300)), ..Default::default() };
    let app = TestApp::builder().security(security).spawn();
    let address = app.server.addr();
    let answer = actix_web::rt::task::spawn_blocking(move || {
        let mut stream = std::net::TcpStream::connect(address).expect("connect");
        // A deadline for the test itself, far beyond the shop's idle time.
        stream.set_read_timeout(Some(std::time::Duration::from_secs(30))).expect("timeout");
        let head = "POST /api/auth/login HTTP/1.1\r\nHost: shop\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{\"identifier\":";
        stream.write_all(head.as_bytes()).expect("send");
        let mut answer = String::new();
        let _ = stream.read_to_string(&mut answer);
        answer
    })
    .await
    .unwrap_or_default();
    assert!(answer.starts_with("HTTP/1.1 408"), "{answer}");
    assert!(answer.contains("The request body stopped arriving"), "{answer}");
    // Bodies that arrive are answered as ever.
    app.post("/api/auth/login", None, json!({ "identifier": "nobody", "password": PASSWORD })).await.expect(401);
}
