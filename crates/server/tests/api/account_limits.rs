//! Abuse limits on accounts: the sign-in lock keyed on the account AND the client address,
//! wrong current passwords limited per account, username changes limited like
//! registration, guessable passwords refused.

use http::ratelimit::RateLimitConfig;
use serde_json::json;

use crate::helpers::{Reply, TestApp, PASSWORD};

/// Every request says where it comes from through a proxy the shop trusts (127.0.0.1).
fn behind_proxy(backend: store::Backend, f: impl FnOnce(&mut RateLimitConfig)) -> TestApp {
    let mut limits = RateLimitConfig::off();
    limits.trusted_proxies = vec!["127.0.0.1".parse().unwrap()];
    f(&mut limits);
    TestApp::builder().backend(backend).limits(limits).spawn()
}

async fn sign_in_from(app: &TestApp, address: &str, identifier: &str, password: &str) -> Reply {
    app.send_with("POST", "/api/auth/login", None, json!({ "identifier": identifier, "password": password }), &[("X-Forwarded-For", address)])
        .await
}

const STRANGER: &str = "203.0.113.66";
const OWNER_HOME: &str = "198.51.100.7";

#[actix_web::test]
async fn a_strangers_failures_never_lock_the_owner_out_from_another_address() {
    for backend in store::testing::TestDb::backends() {
        let app = behind_proxy(backend, |_| {});
        app.admin().await;
        // Five wrong guesses by e-mail and five by username: ten for the one account.
        for i in 0..10 {
            let identifier = if i % 2 == 0 { "owner@shop.in" } else { "OWNER" };
            sign_in_from(&app, STRANGER, identifier, "wrong-guess").await.expect(401);
        }
        let locked = sign_in_from(&app, STRANGER, "owner", PASSWORD).await.expect(429);
        assert_eq!(locked.body["code"], "too_many_attempts", "{backend:?}");
        assert!(locked.headers.get("retry-after").and_then(|v| v.to_str().ok()).and_then(|v| v.parse::<u64>().ok()).is_some_and(|s| s > 0 && s <= 900));
        // The owner, from home, by either name.
        sign_in_from(&app, OWNER_HOME, "owner@shop.in", PASSWORD).await.expect(200);
        sign_in_from(&app, OWNER_HOME, "owner", PASSWORD).await.expect(200);
    }
}

#[actix_web::test]
async fn unknown_identifiers_are_throttled_per_address_like_accounts() {
    for backend in store::testing::TestDb::backends() {
        let app = behind_proxy(backend, |_| {});
        app.customer("asha").await;
        for _ in 0..10 {
            sign_in_from(&app, STRANGER, "ghost@shop.in", "wrong-guess").await.expect(401);
            sign_in_from(&app, STRANGER, "asha", "wrong-guess").await.expect(401);
        }
        let ghost = sign_in_from(&app, STRANGER, "ghost@shop.in", "wrong-guess").await.expect(429);
        let real = sign_in_from(&app, STRANGER, "asha", "wrong-guess").await.expect(429);
        assert_eq!(ghost.body, real.body, "no difference tells an account from a made-up name ({backend:?})");
        sign_in_from(&app, OWNER_HOME, "ghost@shop.in", "wrong-guess").await.expect(401);
    }
}

#[actix_web::test]
async fn wrong_current_passwords_are_limited_per_account() {
    for app in TestApp::all() {
        let (token, _) = app.customer("asha").await;
        let guess = |current: &'static str| json!({ "currentPassword": current, "newPassword": "brand-new-pass" });
        for _ in 0..10 {
            app.put("/api/users/change-password", Some(&token), guess("wrong-guess")).await.expect(422);
        }
        // Even the right password now waits: guessing has no point.
        let refused = app.put("/api/users/change-password", Some(&token), guess(PASSWORD)).await.expect(429);
        assert_eq!(refused.body["code"], "too_many_attempts", "{:?}", app.backend);
        assert!(refused.headers.contains_key("retry-after"));
        // The limit is the account's, whichever token guesses.
        let other = app.sign_in("asha").await;
        app.put("/api/users/change-password", Some(&other), guess(PASSWORD)).await.expect(429);
        app.post("/api/auth/login", None, json!({ "identifier": "asha", "password": PASSWORD })).await.expect(200);
    }
}

#[actix_web::test]
async fn username_changes_are_limited_like_registration() {
    let app = TestApp::builder().limits(RateLimitConfig { register: 3, ..RateLimitConfig::off() }).spawn();
    let (token, _) = app.customer("asha").await;
    app.customer("ravi").await;
    // Registration and renaming share one budget per address: both answer "is this name taken?".
    app.put("/api/users/profile", Some(&token), json!({ "username": "ravi" })).await.expect(409);
    let refused = app.put("/api/users/profile", Some(&token), json!({ "username": "kiran" })).await.expect(429);
    assert!(refused.headers.contains_key("retry-after"));
    // Edits that keep the username are not limited.
    for _ in 0..5 {
        app.put("/api/users/profile", Some(&token), json!({ "firstName": "Asha", "username": "ASHA" })).await.expect(200);
    }
}

#[actix_web::test]
async fn guessable_passwords_are_refused_in_registration_change_and_admin_setup() {
    for app in TestApp::all() {
        for weak in ["12345678", "password", "aaaaaaaa", "asha1234567"] {
            let reply = app
                .post("/api/auth/register", None, json!({ "username": "asha", "email": "asha@example.in", "password": weak }))
                .await
                .expect(422);
            assert_eq!(reply.body["code"], "weak_password", "{weak} ({:?})", app.backend);
            assert!(reply.message().starts_with("This password is too easy to guess."), "{}", reply.message());
        }
        app.post("/api/auth/login", None, json!({ "identifier": "asha", "password": "12345678" })).await.expect(401);
        let (token, _) = app.customer("asha").await;
        let change = app
            .put("/api/users/change-password", Some(&token), json!({ "currentPassword": PASSWORD, "newPassword": "qwertyuiop" }))
            .await
            .expect(422);
        assert_eq!(change.body["code"], "weak_password");
        app.post("/api/auth/login", None, json!({ "identifier": "asha", "password": PASSWORD })).await.expect(200);
        let accounts = app.accounts.clone();
        let admin = actix_web::rt::task::spawn_blocking(move || accounts.ensure_admin("owner@shop.in", "admin12345", None))
            .await
            .unwrap();
        assert!(matches!(admin, Err(accounts::AccountsError::WeakPassword { .. })), "{admin:?}");
    }
}
