use serde_json::json;

use crate::helpers::{b64url, sql, TestApp, PASSWORD};

#[actix_web::test]
async fn registration_always_creates_a_customer_and_never_returns_the_hash() {
    for app in TestApp::all() {
        let reply = app
            .post(
                "/api/auth/register",
                None,
                json!({ "username": "asha", "email": "Asha@Example.in", "password": PASSWORD,
                        "firstName": "asha", "lastName": "asha", "mobile": "", "dob": "", "userType": "ADMIN" }),
            )
            .await
            .expect(201);
        let user = &reply.body["data"]["user"];
        assert_eq!(user["userType"], "CUSTOMER", "{:?}", app.backend);
        assert_eq!(user["email"], "asha@example.in");
        let text = reply.body.to_string();
        assert!(!text.contains("$2b$") && !text.to_lowercase().contains("password"), "{text}");

        let token = reply.body["data"]["token"].as_str().unwrap_or_default();
        let me = app.get("/api/auth/me", Some(token)).await.expect(200);
        assert_eq!(me.body["data"]["user"]["userType"], "CUSTOMER");
        assert!(!me.body.to_string().contains("$2b$"));
    }
}

#[actix_web::test]
async fn registration_refuses_bad_input_with_a_message_and_stores_nothing() {
    for app in TestApp::all() {
        let cases = [
            (json!({ "email": "a@b.in", "password": PASSWORD }), "Username is required"),
            (json!({ "username": "asha", "password": PASSWORD }), "Email is required"),
            (json!({ "username": "asha", "email": "not-an-email", "password": PASSWORD }), "Please enter a valid email address"),
            (json!({ "username": "asha", "email": "a@b.in" }), "Password is required"),
            (json!({ "username": "asha", "email": "a@b.in", "password": "short" }), "Password must be at least 8 characters long"),
            (json!({ "username": "asha", "email": "a@b.in", "password": "x".repeat(73) }), "Password must be at most 72 bytes long"),
            (json!({ "username": "asha", "email": "a@b.in", "password": PASSWORD, "mobile": "12345" }), "Mobile number must be a valid 10-digit Indian number"),
            // Five letters, but not the letters a login name takes: the message says which.
            (json!({ "username": "राहुल", "email": "a@b.in", "password": PASSWORD }), "Username must be 3 to 30 characters: English letters (a to z), digits, dots, hyphens or underscores"),
        ];
        for (body, message) in cases {
            let reply = app.post("/api/auth/register", None, body).await.expect(422);
            assert_eq!(reply.message(), message);
            assert_eq!(reply.body["code"], "invalid_value");
        }
        // None of those created an account.
        app.post("/api/auth/login", None, json!({ "identifier": "asha", "password": PASSWORD }))
            .await
            .expect(401);
    }
}

#[actix_web::test]
async fn duplicate_email_and_username_get_a_clear_409() {
    for app in TestApp::all() {
        app.customer("asha").await;
        let reply = app
            .post("/api/auth/register", None, json!({ "username": "ravi", "email": "ASHA@example.in", "password": PASSWORD }))
            .await
            .expect(409);
        assert_eq!(reply.message(), "An account with this email already exists");
        let reply = app
            .post("/api/auth/register", None, json!({ "username": "Asha", "email": "other@example.in", "password": PASSWORD }))
            .await
            .expect(409);
        assert_eq!(reply.message(), "This username is already taken");
    }
}

#[actix_web::test]
async fn login_by_email_or_username_welcomes_by_name() {
    for app in TestApp::all() {
        app.customer("asha").await;
        for identifier in ["asha@example.in", "ASHA"] {
            let reply = app
                .post("/api/auth/login", None, json!({ "identifier": identifier, "password": PASSWORD }))
                .await
                .expect(200);
            assert_eq!(reply.message(), "Welcome back, asha!");
            assert_eq!(reply.body["user"]["username"], "asha");
            let token = reply.body["token"].as_str().unwrap_or_default();
            app.get("/api/auth/me", Some(token)).await.expect(200);
        }
    }
}

#[actix_web::test]
async fn unknown_user_and_wrong_password_get_the_same_answer() {
    for app in TestApp::all() {
        app.customer("asha").await;
        let wrong = app.post("/api/auth/login", None, json!({ "identifier": "asha", "password": "wrong-password" })).await.expect(401);
        let unknown = app.post("/api/auth/login", None, json!({ "identifier": "nobody", "password": "wrong-password" })).await.expect(401);
        assert_eq!(wrong.body, unknown.body);
        let empty = app.post("/api/auth/login", None, json!({ "identifier": "", "password": "" })).await.expect(422);
        assert_eq!(empty.message(), "Email or username is required");
    }
}

#[actix_web::test]
async fn ten_failed_sign_ins_lock_that_identifier_only() {
    for app in TestApp::all() {
        app.customer("asha").await;
        app.customer("ravi").await;
        for _ in 0..10 {
            app.post("/api/auth/login", None, json!({ "identifier": "asha", "password": "wrong-password" })).await.expect(401);
        }
        let locked = app.post("/api/auth/login", None, json!({ "identifier": "asha", "password": PASSWORD })).await.expect(429);
        let retry_after: u64 = locked
            .headers
            .get("retry-after")
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.parse().ok())
            .unwrap_or(0);
        assert!(retry_after > 0 && retry_after <= 15 * 60, "Retry-After {retry_after}");
        assert!(locked.message().contains("Too many"));
        app.post("/api/auth/login", None, json!({ "identifier": "ravi", "password": PASSWORD })).await.expect(200);
    }
}

#[actix_web::test]
async fn bad_tokens_are_refused() {
    for app in TestApp::all() {
        let (token, user) = app.customer("asha").await;
        app.get("/api/auth/me", None).await.expect(401);
        app.get("/api/auth/me", Some("not-a-token")).await.expect(401);

        // Tampered payload: claims another user id, keeps the signature.
        let parts: Vec<&str> = token.split('.').collect();
        let forged = format!("{}.{}.{}", parts[0], b64url(br#"{"sub":"someone-else","iat":1,"exp":9999999999,"gen":0,"jti":"x"}"#), parts[2]);
        app.get("/api/auth/me", Some(&forged)).await.expect(401);

        // alg: none.
        let id = user["id"].as_str().unwrap_or_default();
        let claims = format!(r#"{{"sub":"{id}","iat":1,"exp":9999999999,"gen":0,"jti":"x"}}"#);
        let none = format!("{}.{}.", b64url(br#"{"alg":"none","typ":"JWT"}"#), b64url(claims.as_bytes()));
        app.get("/api/auth/me", Some(&none)).await.expect(401);

        // Signed with another secret.
        let other = http::auth::jwt::JwtKeys::new(&[7u8; 32], chrono::Duration::hours(1)).unwrap();
        let foreign = other.issue_for(id, 0).unwrap_or_default();
        app.get("/api/auth/me", Some(&foreign)).await.expect(401);

        // A deleted account's token stops working at once.
        app.get("/api/auth/me", Some(&token)).await.expect(200);
        sql(&app, &format!("DELETE FROM users WHERE id = '{id}'"));
        let reply = app.get("/api/auth/me", Some(&token)).await.expect(401);
        assert_eq!(reply.body["code"], "unauthorized");
    }
}

#[actix_web::test]
async fn profile_updates_validate_and_keep_the_email() {
    for app in TestApp::all() {
        let (token, _) = app.customer("asha").await;
        app.customer("ravi").await;
        let reply = app
            .put(
                "/api/users/profile",
                Some(&token),
                json!({ "firstName": "Asha", "lastName": "Verma", "username": "asha", "mobile": "+91 98765 43210", "dob": "1994-06-01" }),
            )
            .await
            .expect(200);
        let user = &reply.body["data"]["user"];
        assert_eq!((user["firstName"].as_str(), user["mobile"].as_str(), user["dob"].as_str()), (Some("Asha"), Some("9876543210"), Some("1994-06-01")));

        let bad = app.put("/api/users/profile", Some(&token), json!({ "mobile": "12345", "firstName": "Changed" })).await.expect(422);
        assert_eq!(bad.message(), "Mobile number must be a valid 10-digit Indian number");
        let email = app.put("/api/users/profile", Some(&token), json!({ "email": "new@example.in" })).await.expect(422);
        assert_eq!(email.message(), "Email cannot be changed");
        let taken = app.put("/api/users/profile", Some(&token), json!({ "username": "RAVI" })).await.expect(409);
        assert_eq!(taken.message(), "This username is already taken");
        let young = app.put("/api/users/profile", Some(&token), json!({ "dob": "2020-01-01" })).await.expect(422);
        assert_eq!(young.message(), "You must be at least 18 years old");

        // The refused edits changed nothing.
        let me = app.get("/api/auth/me", Some(&token)).await.expect(200);
        let user = &me.body["data"]["user"];
        assert_eq!((user["firstName"].as_str(), user["email"].as_str(), user["username"].as_str()), (Some("Asha"), Some("asha@example.in"), Some("asha")));
        app.put("/api/users/profile", None, json!({ "firstName": "X" })).await.expect(401);
    }
}

#[actix_web::test]
async fn password_change_needs_the_current_password() {
    for app in TestApp::all() {
        let (token, _) = app.customer("asha").await;
        let wrong = app
            .put("/api/users/change-password", Some(&token), json!({ "currentPassword": "not-it-at-all", "newPassword": "brand-new-pass" }))
            .await
            .expect(422);
        assert_eq!((wrong.error(), wrong.message()), ((422, "wrong_current_password", Some("currentPassword")), "Current password is incorrect"));
        let weak = app
            .put("/api/users/change-password", Some(&token), json!({ "currentPassword": PASSWORD, "newPassword": "short" }))
            .await
            .expect(422);
        assert_eq!(weak.message(), "Password must be at least 8 characters long");
        app.post("/api/auth/login", None, json!({ "identifier": "asha", "password": PASSWORD })).await.expect(200);

        let done = app
            .put("/api/users/change-password", Some(&token), json!({ "currentPassword": PASSWORD, "newPassword": "brand-new-pass" }))
            .await
            .expect(200);
        assert_eq!(done.message(), "Password changed successfully");
        app.post("/api/auth/login", None, json!({ "identifier": "asha", "password": PASSWORD })).await.expect(401);
        app.post("/api/auth/login", None, json!({ "identifier": "asha", "password": "brand-new-pass" })).await.expect(200);
    }
}

#[actix_web::test]
async fn admin_bootstrap_signs_in_as_admin() {
    for app in TestApp::all() {
        let token = app.admin().await;
        let me = app.get("/api/auth/me", Some(&token)).await.expect(200);
        assert_eq!(me.body["data"]["user"]["userType"], "ADMIN");
    }
}

/// Indian names are written in Indian scripts: a halant (अर्जुन), a nukta, a vowel sign, a
/// zero-width joiner are part of the name, and a name typed with a separate accent is kept
/// in its composed form. Category names follow the same letters.
#[actix_web::test]
async fn names_in_indian_scripts_and_with_accents_are_names() {
    for app in TestApp::all() {
        let (token, _) = app.customer("asha").await;
        for (first, last) in [("अर्जुन", "शर्मा"), ("प्रिया", "कृष्ण"), ("முருகன்", "ராம்"), ("ਗੁਰਪ੍ਰੀਤ", "ಶ್ರೀ"), ("José\u{301}", "O'Brien")] {
            let reply = app.put("/api/users/profile", Some(&token), json!({ "firstName": first, "lastName": last })).await.expect(200);
            assert_eq!(reply.body["data"]["user"]["lastName"].as_str(), Some(last), "{first} {last}");
        }
        // Decomposed "José" (e + U+0301) is stored composed (é), as every other José.
        let reply = app.put("/api/users/profile", Some(&token), json!({ "firstName": "Jose\u{301}" })).await.expect(200);
        assert_eq!(reply.body["data"]["user"]["firstName"].as_str(), Some("Jos\u{e9}"));
        // A mark with no letter to sit on is not a name.
        let refused = app.put("/api/users/profile", Some(&token), json!({ "firstName": "\u{94d}\u{94d}" })).await.expect(422);
        assert_eq!(refused.message(), "First name may hold up to 50 letters, spaces, dots, hyphens or apostrophes");

        let registered = app
            .post("/api/auth/register", None, json!({ "firstName": "अर्जुन", "lastName": "शर्मा", "email": "arjun@example.in", "password": PASSWORD, "username": "arjun" }))
            .await;
        assert_eq!(registered.status, 201, "{}", registered.body);

        let admin = app.admin().await;
        let category = app.form("POST", "/api/categories", Some(&admin), vec![crate::helpers::text("name", "कुर्ता"), crate::helpers::file("media", "a.png", crate::helpers::png())]).await;
        assert_eq!(category.status, 201, "{}", category.body);
        assert_eq!(category.body["data"]["name"].as_str(), Some("कुर्ता"));
    }
}
