//! A forgotten password: a reset link by e-mail (read from the outbox), used once within
//! 30 minutes; the request never tells whether an account exists.

use http::ratelimit::RateLimitConfig;
use serde_json::json;

use crate::helpers::{number, sql, TestApp, PASSWORD};

const INVALID_LINK: &str = "This reset link is invalid or has expired";

/// The token of the reset link in an e-mail.
fn token_in(mail: &str) -> String {
    let after = mail.split("/reset-password?token=").nth(1).unwrap_or_default();
    after.chars().take_while(char::is_ascii_alphanumeric).collect()
}

async fn forgot(app: &TestApp, email: &str) -> crate::helpers::Reply {
    app.post("/api/auth/forgot-password", None, json!({ "email": email })).await
}

async fn reset(app: &TestApp, token: &str, password: &str) -> crate::helpers::Reply {
    app.post("/api/auth/reset-password", None, json!({ "token": token, "newPassword": password })).await
}

#[actix_web::test]
async fn a_reset_request_answers_the_same_whether_or_not_the_account_exists() {
    for app in TestApp::all() {
        app.customer("asha").await;
        let unknown = forgot(&app, "nobody@example.in").await.expect(202);
        let known = forgot(&app, "Asha@Example.in").await.expect(202);
        assert_eq!(unknown.body, known.body, "{:?}", app.backend);
        assert!(known.message().contains("If an account uses this email address"), "{}", known.body);
        let sent = app.mails_when(1).await;
        assert_eq!(sent.len(), 1, "one e-mail, to the account only");
        assert!(sent[0].contains("To: asha@example.in") && sent[0].contains("Subject: Reset your password"), "{}", sent[0]);
        assert!(sent[0].contains("http://shop.test/reset-password?token="), "{}", sent[0]);

        // The sign-up form's e-mail rule, answered before anything is looked up.
        let bad = forgot(&app, "not-an-address").await.expect(422);
        assert_eq!((bad.error(), bad.message()), ((422, "invalid_value", Some("email")), "Please enter a valid email address"));
        let blank = forgot(&app, "  ").await.expect(422);
        assert_eq!((blank.error(), blank.message()), ((422, "invalid_value", Some("email")), "Email is required"));
    }
}

#[actix_web::test]
async fn the_link_sets_a_new_password_once_and_ends_every_session() {
    for app in TestApp::all() {
        let (token, _) = app.customer("asha").await;
        forgot(&app, "asha@example.in").await.expect(202);
        let link = token_in(&app.mails_when(1).await[0]);
        assert_eq!(link.len(), 64, "256 random bits as hex: {link}");

        let done = reset(&app, &link, "brand-new-pass").await.expect(200);
        assert!(done.message().contains("Please sign in"), "{}", done.body);
        app.get("/api/auth/me", Some(&token)).await.expect(401);
        app.post("/api/auth/login", None, json!({ "identifier": "asha", "password": PASSWORD })).await.expect(401);
        app.post("/api/auth/login", None, json!({ "identifier": "asha", "password": "brand-new-pass" })).await.expect(200);

        // A used link is a well-formed request refused by a rule: 422, not 400.
        let again = reset(&app, &link, "another-new-pass").await.expect(422);
        assert_eq!((again.message(), again.body["code"].as_str(), again.body["field"].as_str()), (INVALID_LINK, Some("invalid_reset_token"), Some("token")), "{:?}", app.backend);
        app.post("/api/auth/login", None, json!({ "identifier": "asha", "password": "brand-new-pass" })).await.expect(200);
    }
}

#[actix_web::test]
async fn replaced_expired_and_unknown_links_are_refused_and_only_a_digest_is_stored() {
    for app in TestApp::all() {
        app.customer("asha").await;
        forgot(&app, "asha@example.in").await.expect(202);
        let first = token_in(&app.mails_when(1).await[0]);
        forgot(&app, "asha@example.in").await.expect(202);
        let second = token_in(&app.mails_when(2).await[1]);
        assert_ne!(first, second);

        assert_eq!(number(&app, "SELECT CAST(COUNT(*) AS BIGINT) AS n FROM password_resets"), 1, "a newer request replaces the older");
        let stored_as_is = format!("SELECT CAST(COUNT(*) AS BIGINT) AS n FROM password_resets WHERE token_digest = '{second}'");
        assert_eq!(number(&app, &stored_as_is), 0, "the token itself is never stored");

        assert_eq!(reset(&app, &first, "brand-new-pass").await.expect(422).message(), INVALID_LINK);
        assert_eq!(reset(&app, &"0".repeat(64), "brand-new-pass").await.expect(422).message(), INVALID_LINK);
        assert_eq!(reset(&app, "", "brand-new-pass").await.expect(422).message(), INVALID_LINK);

        // 30 minutes later (moved in the database, not waited for).
        sql(&app, "UPDATE password_resets SET expires_at = '2020-01-01 00:00:00'");
        assert_eq!(reset(&app, &second, "brand-new-pass").await.expect(422).message(), INVALID_LINK, "{:?}", app.backend);
        app.post("/api/auth/login", None, json!({ "identifier": "asha", "password": PASSWORD })).await.expect(200);
    }
}

/// The link's 30 minutes are the shop's time, as every other rule's (the accounts read the
/// system clock before, so a shop told another time kept a link open past its end).
#[actix_web::test]
async fn the_link_ends_30_minutes_later_by_the_shops_clock() {
    for backend in store::testing::TestDb::backends() {
        let (app, clock) = crate::helpers::shop_with_clock(backend);
        app.customer("asha").await;
        forgot(&app, "asha@example.in").await.expect(202);
        let link = token_in(&app.mails_when(1).await[0]);
        clock.advance(chrono::Duration::minutes(29));
        assert_eq!(link_valid(&app, &link).await, json!(true), "{backend:?}");
        clock.advance(chrono::Duration::minutes(2));
        assert_eq!(link_valid(&app, &link).await, json!(false), "{backend:?}");
        assert_eq!(reset(&app, &link, "brand-new-pass").await.expect(422).message(), INVALID_LINK);
    }
}

#[actix_web::test]
async fn a_weak_new_password_is_refused_and_the_link_still_works() {
    for app in TestApp::all() {
        app.customer("asha").await;
        forgot(&app, "asha@example.in").await.expect(202);
        let link = token_in(&app.mails_when(1).await[0]);
        let weak = reset(&app, &link, "password").await.expect(422);
        assert_eq!(weak.body["code"], "weak_password", "{:?}", app.backend);
        reset(&app, &link, "brand-new-pass").await.expect(200);
    }
}

#[actix_web::test]
async fn reset_calls_are_limited_per_address() {
    let app = TestApp::builder().limits(RateLimitConfig { password_reset: 2, ..RateLimitConfig::off() }).spawn();
    forgot(&app, "asha@example.in").await.expect(202);
    reset(&app, "whatever", "brand-new-pass").await.expect(422);
    let refused = forgot(&app, "asha@example.in").await.expect(429);
    assert!(refused.headers.contains_key("retry-after"));
    reset(&app, "whatever", "brand-new-pass").await.expect(429);
}

#[actix_web::test]
async fn an_account_gets_at_most_three_reset_e_mails_an_hour_without_a_sign() {
    for app in TestApp::all() {
        app.customer("asha").await;
        app.customer("ravi").await;
        for sent in 1..=3 {
            forgot(&app, "asha@example.in").await.expect(202);
            app.mails_when(sent).await;
        }
        let quiet = forgot(&app, "asha@example.in").await.expect(202);
        assert!(quiet.message().contains("If an account uses this email address"));
        // Another account's request, asked for after it, arrives: the fourth for asha never did.
        forgot(&app, "ravi@example.in").await.expect(202);
        let sent = app.mails_when(4).await;
        assert!(sent[3].contains("To: ravi@example.in"), "{:?}: {}", app.backend, sent[3]);
        assert_eq!(sent.iter().filter(|m| m.contains("To: asha@example.in")).count(), 3, "{:?}", app.backend);
    }
}

async fn link_valid(app: &TestApp, token: &str) -> serde_json::Value {
    app.post("/api/auth/reset-password/check", None, json!({ "token": token })).await.expect(200).body["valid"].clone()
}

/// Defect: a used or expired reset link opened the new-password form, and only once both
/// fields were typed and sent did the shopper read "This reset link is invalid or has
/// expired". The page asks first whether the link still works (nothing is used up by asking).
#[actix_web::test]
async fn the_page_can_tell_a_used_or_expired_link_before_a_password_is_typed() {
    for app in TestApp::all() {
        app.customer("asha").await;
        forgot(&app, "asha@example.in").await.expect(202);
        let link = token_in(&app.mails_when(1).await[0]);
        assert_eq!(link_valid(&app, &link).await, true, "{:?}", app.backend);
        assert_eq!(link_valid(&app, &link).await, true, "asking uses nothing up");
        assert_eq!(link_valid(&app, "0123abcd").await, false);
        reset(&app, &link, "brand-new-pass").await.expect(200);
        assert_eq!(link_valid(&app, &link).await, false, "{:?}: used", app.backend);

        forgot(&app, "asha@example.in").await.expect(202);
        let second = token_in(&app.mails_when(2).await.into_iter().find(|m| !m.contains(&link)).unwrap_or_default());
        assert_eq!(link_valid(&app, &second).await, true);
        // Its 30 minutes over.
        sql(&app, "UPDATE password_resets SET expires_at = '2020-01-01 00:00:00'");
        assert_eq!(link_valid(&app, &second).await, false, "{:?}: expired", app.backend);
    }
}
