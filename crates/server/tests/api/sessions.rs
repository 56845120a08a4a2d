//! Sessions that end: a password change, a role change, "sign out of all devices" and
//! "sign out" end tokens at once, and the state is in the database, so every instance of
//! the shop on it agrees.

use serde_json::json;

use crate::helpers::{TestApp, PASSWORD};

async fn me_status(app: &TestApp, token: &str) -> u16 {
    app.get("/api/auth/me", Some(token)).await.status.as_u16()
}

#[actix_web::test]
async fn a_password_change_ends_every_earlier_token_and_answers_a_new_one() {
    for app in TestApp::all() {
        let (phone, _) = app.customer("asha").await;
        let laptop = app.sign_in("asha").await;
        let changed = app
            .put("/api/users/change-password", Some(&phone), json!({ "currentPassword": PASSWORD, "newPassword": "brand-new-pass" }))
            .await
            .expect(200);
        assert_eq!(changed.message(), "Password changed successfully");
        for old in [&phone, &laptop] {
            let refused = app.get("/api/auth/me", Some(old)).await.expect(401);
            assert_eq!(refused.body["code"], "unauthorized", "{:?}", app.backend);
        }
        let fresh = changed.body["token"].as_str().unwrap_or_default();
        assert_eq!(me_status(&app, fresh).await, 200, "the changer stays signed in with the new token");
    }
}

#[actix_web::test]
async fn logout_ends_only_the_token_it_is_called_with() {
    for app in TestApp::all() {
        let (phone, _) = app.customer("asha").await;
        let laptop = app.sign_in("asha@example.in").await;
        let reply = app.post("/api/auth/logout", Some(&phone), json!({})).await.expect(200);
        assert_eq!(reply.message(), "Signed out");
        assert_eq!(me_status(&app, &phone).await, 401, "{:?}", app.backend);
        assert_eq!(app.get("/api/cart", Some(&phone)).await.status.as_u16(), 401, "every guarded call");
        assert_eq!(me_status(&app, &laptop).await, 200, "the other device stays signed in");
        app.post("/api/auth/logout", Some(&phone), json!({})).await.expect(401);
        app.post("/api/auth/logout", None, json!({})).await.expect(401);
    }
}

#[actix_web::test]
async fn logout_all_ends_every_token_of_the_account_at_once() {
    for app in TestApp::all() {
        let (phone, _) = app.customer("asha").await;
        let laptop = app.sign_in("asha").await;
        let (ravi, _) = app.customer("ravi").await;
        let reply = app.post("/api/auth/logout-all", Some(&laptop), json!({})).await.expect(200);
        assert_eq!(reply.message(), "Signed out of all devices");
        assert_eq!(me_status(&app, &phone).await, 401, "{:?}", app.backend);
        assert_eq!(me_status(&app, &laptop).await, 401);
        assert_eq!(me_status(&app, &ravi).await, 200, "other accounts are untouched");
        let again = app.sign_in("asha").await;
        assert_eq!(me_status(&app, &again).await, 200, "signing in again works");
    }
}

#[actix_web::test]
async fn promoting_an_account_ends_its_sessions() {
    for app in TestApp::all() {
        let (token, _) = app.customer("owner").await;
        let accounts = app.accounts.clone();
        let promoted = actix_web::rt::task::spawn_blocking(move || accounts.promote_to_admin("owner@example.in", "night-train-42", None))
            .await
            .unwrap()
            .unwrap();
        assert_eq!(promoted.user.role, kernel::Role::Admin);
        assert_eq!(me_status(&app, &token).await, 401, "{:?}", app.backend);
        let signed_in = app.post("/api/auth/login", None, json!({ "identifier": "owner", "password": "night-train-42" })).await.expect(200);
        let admin = signed_in.body["token"].as_str().unwrap_or_default().to_string();
        let me = app.get("/api/auth/me", Some(&admin)).await.expect(200);
        assert_eq!(me.body["data"]["user"]["userType"], "ADMIN");
    }
}

#[actix_web::test]
async fn two_instances_on_one_database_share_sign_outs() {
    for app in TestApp::all() {
        // A second shop process on the same database (its own memory, its own workers).
        let other = app.second_instance();

        let (token, _) = app.customer("asha").await;
        other.get("/api/auth/me", Some(&token)).await.expect(200);
        app.post("/api/auth/logout", Some(&token), json!({})).await.expect(200);
        assert_eq!(other.get("/api/auth/me", Some(&token)).await.status.as_u16(), 401, "signed out on one instance is signed out on all ({:?})", app.backend);
    }
}

/// Who asks is answered before what they ask: a shopper's call to a back-office route is
/// refused as the shopper's, whatever its body, query or path holds, and an ended session
/// is told so before its request is read. (The role check is a database read; the body's
/// parse used to finish first and answer 400, telling a shopper how the back office's
/// calls are shaped.)
#[actix_web::test]
async fn who_asks_is_answered_before_what_they_ask() {
    const ADMIN_ONLY: &str = "Only the shop's administrators can do this";
    let json = "application/json";
    for app in TestApp::all() {
        let admin = app.admin().await;
        let (asha, _) = app.customer("asha").await;
        let huge = format!("{{\"blockedPincodes\": [\"{}\"]}}", "1".repeat(100_000));
        let requests: [(&str, &str, &str, Vec<u8>); 6] = [
            ("PUT", "/api/settings/cod", json, b"{\"maxUnitsPerLine\": ".to_vec()),
            ("PUT", "/api/settings/cod", "text/plain", b"maxUnitsPerLine=5".to_vec()),
            ("PUT", "/api/settings/cod", json, huge.into_bytes()),
            ("GET", "/api/orders/all?page=abc", json, Vec::new()),
            ("PUT", "/api/orders/not-an-order/status", json, b"{".to_vec()),
            ("POST", "/api/products", "multipart/form-data; boundary=x", b"not a form".to_vec()),
        ];
        for (method, path, content_type, body) in requests {
            let reply = app.send_raw(method, path, Some(&asha), content_type, body.clone()).await;
            assert_eq!((reply.status.as_u16(), reply.message()), (403, ADMIN_ONLY), "{method} {path} {content_type} {:?}", app.backend);
            let owner = app.send_raw(method, path, Some(&admin), content_type, body).await;
            assert!([400, 404, 413, 415].contains(&owner.status.as_u16()), "the owner's malformed call is still read: {method} {path} {:?}", owner.status);
        }

        app.post("/api/auth/logout", Some(&asha), json!({})).await.expect(200);
        let ended = app.send_raw("POST", "/api/addresses", Some(&asha), json, b"{\"line1\": ".to_vec()).await;
        assert_eq!((ended.status.as_u16(), ended.message()), (401, "Your session has expired. Please sign in again."), "{:?}", app.backend);
        // A public call is read whoever asks.
        app.send_raw("POST", "/api/auth/login", Some(&admin), json, b"{".to_vec()).await.expect(400);
    }
}

/// A session lasts its 7 days by the shop's clock, like every other time the shop keeps (the
/// token's expiry was read from the system clock, so a shop told another time kept it open).
#[actix_web::test]
async fn a_session_ends_after_its_seven_days_by_the_shops_clock() {
    for backend in store::testing::TestDb::backends() {
        let (app, clock) = crate::helpers::shop_with_clock(backend);
        let (token, _) = app.customer("asha").await;
        clock.advance(chrono::Duration::days(server::wiring::SESSION_LIFETIME_DAYS) - chrono::Duration::minutes(1));
        assert_eq!(me_status(&app, &token).await, 200, "{backend:?}");
        clock.advance(chrono::Duration::minutes(2));
        assert_eq!(me_status(&app, &token).await, 401, "{backend:?}");
        let again = app.sign_in("asha").await;
        assert_eq!(me_status(&app, &again).await, 200, "a new session starts at the shop's time");
    }
}
