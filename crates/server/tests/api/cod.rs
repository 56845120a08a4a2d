//! Cash-on-delivery controls: the owner's settings and every rule, enforced by the API
//! itself at `POST /api/cart/add` (and the quantity change) and `POST /api/orders/place`.

use serde_json::{json, Value};

use crate::helpers::{count, seed_product, sql, stock, Reply, Storefront, TestApp};

async fn place(app: &TestApp, token: &str, address: &str) -> Reply {
    app.post("/api/orders/place", Some(token), json!({ "addressId": address, "paymentMethod": "COD" })).await
}

async fn settings(app: &TestApp, admin: &str, change: Value) -> Value {
    app.put("/api/settings/cod", Some(admin), change).await.expect(200).body["data"].clone()
}

#[track_caller]
fn refused(reply: &Reply, code: &str, message: &str) {
    assert_eq!((reply.status.as_u16(), reply.body["code"].as_str(), reply.message()), (422, Some(code), message));
}

#[actix_web::test]
async fn the_settings_have_their_defaults_only_the_admin_changes_them_and_a_change_is_checked() {
    for app in TestApp::all() {
        let admin = app.admin().await;
        let (asha, _) = app.customer("asha").await;
        app.get("/api/settings/cod", None).await.expect(401);
        app.get("/api/settings/cod", Some(&asha)).await.expect(403);
        app.put("/api/settings/cod", Some(&asha), json!({ "maxUnitsPerLine": 100 })).await.expect(403);

        let defaults = app.get("/api/settings/cod", Some(&admin)).await.expect(200).body["data"].clone();
        assert_eq!(
            defaults,
            json!({ "codMinOrderValue": null, "codMaxOrderValue": 10000.0, "blockedPincodes": [],
                    "maxOpenCodOrders": 3, "maxUnitsPerLine": 10 })
        );
        // Fields left out keep their values; repeats and spaces in the list are tidied.
        let saved = settings(&app, &admin, json!({ "codMinOrderValue": 299.5, "blockedPincodes": ["560001", " 110001", "560001"] })).await;
        assert_eq!(
            saved,
            json!({ "codMinOrderValue": 299.5, "codMaxOrderValue": 10000.0, "blockedPincodes": ["110001", "560001"],
                    "maxOpenCodOrders": 3, "maxUnitsPerLine": 10 })
        );
        // null clears a limit.
        let cleared = settings(&app, &admin, json!({ "codMaxOrderValue": null, "maxOpenCodOrders": 5 })).await;
        assert_eq!((cleared["codMaxOrderValue"].clone(), cleared["maxOpenCodOrders"].clone()), (Value::Null, json!(5)));
        // A whole number written as 7.0 is a whole number (JSON Schema's integer), as in every other body.
        let written_so = settings(&app, &admin, json!({ "maxOpenCodOrders": 7.0, "maxUnitsPerLine": 12.0 })).await;
        assert_eq!((written_so["maxOpenCodOrders"].clone(), written_so["maxUnitsPerLine"].clone()), (json!(7), json!(12)));
        app.put("/api/settings/cod", Some(&asha), json!({ "maxUnitsPerLine": 739.0 })).await.expect(403);

        let reply = app.put("/api/settings/cod", Some(&admin), json!({ "codMaxOrderValue": 200 })).await;
        refused(&reply, "cod_min_above_max", "The smallest order (Rs 299.50) cannot be above the largest (Rs 200.00)");
        assert_eq!(reply.body["field"], "codMinOrderValue");
        let reply = app.put("/api/settings/cod", Some(&admin), json!({ "codMinOrderValue": 10.005 })).await;
        refused(&reply, "invalid_amount", "The amount must have at most two decimals");
        for bad in [json!({ "blockedPincodes": ["011001"] }), json!({ "maxUnitsPerLine": 0 }), json!({ "maxOpenCodOrders": 1001 })] {
            app.put("/api/settings/cod", Some(&admin), bad).await.expect(400);
        }
        // Nothing refused was stored; what is stored is what every instance reads.
        let stored = app.second_instance().get("/api/settings/cod", Some(&admin)).await.expect(200).body["data"].clone();
        assert_eq!((stored["codMinOrderValue"].as_f64(), stored["codMaxOrderValue"].clone()), (Some(299.5), Value::Null));
        assert_eq!(count(&app, "cod_blocked_pincodes"), 2);
    }
}

#[actix_web::test]
async fn an_order_above_the_maximum_is_refused_at_the_cart_and_when_placed() {
    for app in TestApp::all() {
        let Storefront { admin, variant, asha, home, .. } = Storefront::open(&app, "Pashmina Shawl", ("Free", "Rust", 10, 6_000, 0)).await;
        app.add_to_cart(&asha, &variant, 1).await.expect(201);
        let reply = app.add_to_cart(&asha, &variant, 1).await;
        refused(&reply, "cod_above_maximum", "Cash on delivery is not available for orders above Rs 10,000.00");
        // The quantity change is held to the same rule.
        let line = app.get("/api/cart", Some(&asha)).await.body["data"]["items"][0]["id"].as_str().unwrap_or_default().to_string();
        let reply = app.put("/api/cart/update-quantity", Some(&asha), json!({ "cartItemId": line, "newQuantity": 2 })).await;
        refused(&reply, "cod_above_maximum", "Cash on delivery is not available for orders above Rs 10,000.00");
        assert_eq!(app.get("/api/cart", Some(&asha)).await.body["data"]["items"][0]["quantity"], 1);

        // A cart filled before the owner lowered the maximum is refused when placed, with
        // nothing taken.
        settings(&app, &admin, json!({ "codMaxOrderValue": 5000 })).await;
        let reply = place(&app, &asha, &home).await;
        refused(&reply, "cod_above_maximum", "Cash on delivery is not available for orders above Rs 5,000.00");
        assert_eq!((count(&app, "orders"), stock(&app, &variant)), (0, 10));
        assert_eq!(app.get("/api/cart", Some(&asha)).await.body["data"]["items"].as_array().map(Vec::len), Some(1));

        // An order of exactly the maximum is accepted.
        settings(&app, &admin, json!({ "codMaxOrderValue": 12000 })).await;
        app.add_to_cart(&asha, &variant, 1).await.expect(200);
        let order = place(&app, &asha, &home).await.expect(201);
        assert_eq!(order.body["data"]["orderTotal"].as_f64(), Some(12_000.0));
    }
}

#[actix_web::test]
async fn an_order_below_the_minimum_is_refused_when_placed() {
    for app in TestApp::all() {
        let Storefront { admin, variant, asha, home, .. } = Storefront::open(&app, "Cotton Socks", ("Free", "Grey", 10, 249, 0)).await;
        settings(&app, &admin, json!({ "codMinOrderValue": 498 })).await;
        // A cart may start small: the minimum is judged when the order is placed.
        app.add_to_cart(&asha, &variant, 1).await.expect(201);
        let reply = place(&app, &asha, &home).await;
        refused(&reply, "cod_below_minimum", "Cash on delivery is available only for orders of Rs 498.00 or more");
        assert_eq!((count(&app, "orders"), stock(&app, &variant)), (0, 10));
        app.add_to_cart(&asha, &variant, 1).await.expect(200);
        place(&app, &asha, &home).await.expect(201);
    }
}

#[actix_web::test]
async fn a_blocked_pin_code_gets_no_cash_on_delivery() {
    for app in TestApp::all() {
        let Storefront { admin, variant, asha, home, .. } = Storefront::open(&app, "Kurta", ("M", "Indigo", 10, 999, 0)).await;
        app.add_to_cart(&asha, &variant, 1).await.expect(201);
        settings(&app, &admin, json!({ "blockedPincodes": ["411001"] })).await;
        // Another instance of the shop reads the same list.
        let reply = app
            .second_instance()
            .post("/api/orders/place", Some(&asha), json!({ "addressId": home, "paymentMethod": "COD" }))
            .await;
        refused(&reply, "cod_pincode_blocked", "Cash on delivery is not available for PIN code 411001");
        assert_eq!(reply.body["field"], "addressId");
        assert_eq!(count(&app, "orders"), 0);
        settings(&app, &admin, json!({ "blockedPincodes": [] })).await;
        place(&app, &asha, &home).await.expect(201);
    }
}

#[actix_web::test]
async fn a_customer_has_at_most_the_allowed_open_orders() {
    for app in TestApp::all() {
        let Storefront { admin, variant, asha, home, .. } = Storefront::open(&app, "Kurta", ("M", "Indigo", 20, 999, 0)).await;
        let mut ids = Vec::new();
        for _ in 0..3 {
            app.add_to_cart(&asha, &variant, 1).await.expect(201);
            ids.push(place(&app, &asha, &home).await.expect(201).id());
        }
        app.put(&format!("/api/orders/{}/status", ids[0]), Some(&admin), json!({ "deliveryStatus": "SHIPPED" })).await.expect(200);
        app.add_to_cart(&asha, &variant, 1).await.expect(201);
        let reply = place(&app, &asha, &home).await;
        refused(
            &reply,
            "cod_open_orders",
            "You already have 3 cash on delivery orders on the way. Please wait for one to arrive before placing another.",
        );
        assert_eq!(count(&app, "orders"), 3);
        // Another customer is not held by asha's orders.
        let (ravi, _) = app.customer("ravi").await;
        let ravis_home = app.address(&ravi, "9 Park Street").await;
        app.add_to_cart(&ravi, &variant, 1).await.expect(201);
        place(&app, &ravi, &ravis_home).await.expect(201);
        // A delivered or cancelled order no longer counts.
        app.put(&format!("/api/orders/{}/status", ids[0]), Some(&admin), json!({ "deliveryStatus": "DELIVERED" })).await.expect(200);
        place(&app, &asha, &home).await.expect(201);
        app.add_to_cart(&asha, &variant, 1).await.expect(201);
        refused(&place(&app, &asha, &home).await, "cod_open_orders", "You already have 3 cash on delivery orders on the way. Please wait for one to arrive before placing another.");
        app.put(&format!("/api/orders/{}/cancel", ids[1]), Some(&asha), json!({})).await.expect(200);
        place(&app, &asha, &home).await.expect(201);
        // The owner may allow more.
        settings(&app, &admin, json!({ "maxOpenCodOrders": 4 })).await;
        app.add_to_cart(&asha, &variant, 1).await.expect(201);
        place(&app, &asha, &home).await.expect(201);
    }
}

#[actix_web::test]
async fn a_line_holds_at_most_the_allowed_pieces() {
    for app in TestApp::all() {
        let Storefront { admin, variant, asha, home, .. } = Storefront::open(&app, "Kurta", ("M", "Indigo", 50, 99, 0)).await;
        let reply = app.add_to_cart(&asha, &variant, 11).await;
        refused(&reply, "max_units_per_line", "You can order at most 10 pieces of Kurta (size M)");
        assert_eq!(reply.body["field"], "quantity");
        app.add_to_cart(&asha, &variant, 10).await.expect(201);
        refused(&app.add_to_cart(&asha, &variant, 1).await, "max_units_per_line", "You can order at most 10 pieces of Kurta (size M)");
        let line = app.get("/api/cart", Some(&asha)).await.body["data"]["items"][0]["id"].as_str().unwrap_or_default().to_string();
        let reply = app.put("/api/cart/update-quantity", Some(&asha), json!({ "cartItemId": line, "newQuantity": 11 })).await;
        refused(&reply, "max_units_per_line", "You can order at most 10 pieces of Kurta (size M)");
        // Fewer pieces are always allowed.
        app.put("/api/cart/update-quantity", Some(&asha), json!({ "cartItemId": line, "newQuantity": 3 })).await.expect(200);
        // A cart filled before the owner lowered the limit is refused when placed.
        settings(&app, &admin, json!({ "maxUnitsPerLine": 2 })).await;
        refused(&place(&app, &asha, &home).await, "max_units_per_line", "You can order at most 2 pieces of Kurta (size M)");
        assert_eq!((count(&app, "orders"), stock(&app, &variant)), (0, 50));
        app.put("/api/cart/update-quantity", Some(&asha), json!({ "cartItemId": line, "newQuantity": 2 })).await.expect(200);
        place(&app, &asha, &home).await.expect(201);
    }
}

#[actix_web::test]
async fn the_product_page_checks_a_pin_code_and_the_checkout_tells_the_rule_before_placing() {
    for app in TestApp::all() {
        let admin = app.admin().await;
        let check = |pin: &'static str| {
            let app = &app;
            async move { app.get(&format!("/api/delivery/{pin}"), None).await }
        };
        let ok = check("560001").await.expect(200);
        assert_eq!(
            (ok.body["data"]["message"].as_str(), ok.body["data"]["state"].as_str(), ok.body["data"]["cod"].as_bool()),
            (Some("Delivery available, cash on delivery available"), Some("Karnataka"), Some(true))
        );
        assert_eq!(ok.body["data"]["rules"]["codMaxOrderValue"].as_f64(), Some(10_000.0));
        let nowhere = check("900001").await.expect(200);
        assert_eq!(nowhere.body["data"]["message"], "Sorry, we do not deliver to PIN code 900001 yet");
        assert_eq!(nowhere.body["data"]["delivery"], false);
        check("012345").await.expect(400);
        check("56001").await.expect(400);
        settings(&app, &admin, json!({ "blockedPincodes": ["560001"] })).await;
        let blocked = check("560001").await.expect(200);
        assert_eq!(
            (blocked.body["data"]["message"].as_str(), blocked.body["data"]["delivery"].as_bool(), blocked.body["data"]["cod"].as_bool()),
            (Some("Delivery available, but cash on delivery is not available for PIN code 560001"), Some(true), Some(false))
        );

        let (_, v) = seed_product(&app, "Pashmina Shawl", &[("Free", "Rust", 10, 6_000, 0)]);
        let (asha, _) = app.customer("asha").await;
        let home = app.address(&asha, "12 Residency Road").await;
        let path = format!("/api/checkout/cod?addressId={home}");
        async fn answer(app: &TestApp, token: &str, path: &str) -> Value {
            app.get(path, Some(token)).await.expect(200).body["data"].clone()
        }
        let verdict = |app| answer(app, &asha, &path);
        assert_eq!((verdict(&app).await["available"].as_bool(), verdict(&app).await["message"].as_str()), (Some(false), Some("Your cart is empty")));
        app.add_to_cart(&asha, &v[0], 1).await.expect(201);
        let fine = verdict(&app).await;
        assert_eq!(
            (fine["available"].as_bool(), fine["message"].as_str()),
            (Some(true), Some("Cash on delivery available for this order (up to Rs 10,000.00)"))
        );
        settings(&app, &admin, json!({ "codMaxOrderValue": 5000 })).await;
        let above = verdict(&app).await;
        assert_eq!(
            (above["available"].as_bool(), above["code"].as_str(), above["message"].as_str()),
            (Some(false), Some("cod_above_maximum"), Some("Cash on delivery is not available for orders above Rs 5,000.00"))
        );
        app.get("/api/checkout/cod?addressId=not-a-uuid", Some(&asha)).await.expect(400);
        app.get(&format!("/api/checkout/cod?addressId={}", kernel::new_id()), Some(&asha)).await.expect(404);
        app.get(&format!("/api/checkout/cod?addressId={home}"), None).await.expect(401);
    }
}

#[actix_web::test]
async fn an_address_saved_before_phones_were_asked_must_be_completed_before_ordering() {
    for app in TestApp::all() {
        let (_, v) = seed_product(&app, "Kurta", &[("M", "Indigo", 10, 999, 0)]);
        let (asha, _) = app.customer("asha").await;
        let home = app.address(&asha, "12 Residency Road").await;
        app.add_to_cart(&asha, &v[0], 1).await.expect(201);
        // As the migration leaves an address whose account had no mobile.
        sql(&app, &format!("UPDATE addresses SET phone = NULL WHERE id = '{home}'"));
        let reply = place(&app, &asha, &home).await.expect(422);
        assert_eq!(reply.error(), (422, "incomplete_address", Some("addressId")));
        assert_eq!(reply.message(), "Please edit this address and add the recipient's mobile number before placing the order");
        sql(&app, &format!("UPDATE addresses SET phone = '9876543210', state = 'Maharastra' WHERE id = '{home}'"));
        assert_eq!(place(&app, &asha, &home).await.expect(422).message(), "Please edit this address and add a state from the list before placing the order");
        assert_eq!((count(&app, "orders"), stock(&app, &v[0])), (0, 10));
    }
}
