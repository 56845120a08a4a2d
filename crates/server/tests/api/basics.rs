use serde_json::json;

use crate::helpers::TestApp;

#[actix_web::test]
async fn health_checks_the_database() {
    for app in TestApp::all() {
        let reply = app.get("/api/health", None).await.expect(200);
        assert_eq!(reply.body["database"], "ok");
    }
}

#[actix_web::test]
async fn malformed_requests_get_json_errors_with_the_right_status() {
    for app in TestApp::all() {
        let broken = app.send_raw("POST", "/api/auth/login", None, "application/json", b"{\"identifier\": ".to_vec()).await.expect(400);
        assert_eq!(broken.message(), "The request body is not valid JSON");

        let wrong_type = app.send_raw("POST", "/api/auth/login", None, "text/plain", b"identifier=asha".to_vec()).await.expect(415);
        assert_eq!(wrong_type.message(), "Send the request body as application/json");

        let huge = format!("{{\"identifier\": \"{}\", \"password\": \"x\"}}", "a".repeat(100 * 1024));
        let too_big = app.send_raw("POST", "/api/auth/login", None, "application/json", huge.into_bytes()).await.expect(413);
        assert_eq!(too_big.body["code"], "payload_too_large");

        let wrong_shape = app.post("/api/auth/login", None, json!({ "identifier": 42, "password": [] })).await.expect(400);
        assert!(wrong_shape.message().starts_with("Invalid request body"), "{}", wrong_shape.message());

        let unknown = app.get("/api/no-such-thing", None).await.expect(404);
        assert_eq!(unknown.body["code"], "not_found");

        let method = app.get("/api/auth/login", None).await.expect(405);
        assert_eq!(method.message(), "This method is not allowed here");
        assert_eq!(method.headers.get("allow").and_then(|v| v.to_str().ok()), Some("POST"));
    }
}

#[actix_web::test]
async fn answers_carry_protective_headers() {
    for app in TestApp::all() {
        let reply = app.get("/api/health", None).await;
        assert_eq!(reply.headers.get("x-content-type-options").and_then(|v| v.to_str().ok()), Some("nosniff"));
        assert_eq!(reply.headers.get("x-frame-options").and_then(|v| v.to_str().ok()), Some("DENY"));
        assert!(reply.headers.get("referrer-policy").is_some());
    }
}

/// Ids of things the shop makes are UUIDs, as the OpenAPI document says: any other text in
/// their place is a malformed request (400 `invalid_path`), not an unknown thing (404).
#[actix_web::test]
async fn an_id_that_is_not_a_uuid_is_a_malformed_path() {
    for app in TestApp::all() {
        let admin = app.admin().await;
        let (customer, _) = app.customer("pathfinder").await;
        let calls = [
            ("PUT", "/api/addresses/not-a-uuid", &customer, Some(json!({"addressLine1": "1 Road"}))),
            ("DELETE", "/api/addresses/not-a-uuid", &customer, None),
            ("DELETE", "/api/cart/remove/42", &customer, None),
            ("POST", "/api/wishlist/x", &customer, None),
            ("PUT", "/api/orders/ORD-1/cancel", &customer, None),
            ("PUT", "/api/orders/ORD-1/status", &admin, Some(json!({"deliveryStatus": "SHIPPED"}))),
            ("DELETE", "/api/categories/men", &admin, None),
        ];
        for (method, path, token, body) in calls {
            let reply = app.send(method, path, Some(token), body).await;
            assert_eq!(reply.error().0, 400, "{method} {path}: {}", reply.body);
            assert_eq!(reply.error().1, "invalid_path", "{method} {path}");
        }
        // A well-formed id of nothing is still not found.
        let reply = app.send("DELETE", "/api/addresses/0b6f5e4e-8d7c-4b5a-9e3f-2a1b0c9d8e7f", Some(&customer), None).await;
        assert_eq!(reply.status.as_u16(), 404, "{}", reply.body);
    }
}
