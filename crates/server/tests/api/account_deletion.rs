//! A shopper deletes their own account (Digital Personal Data Protection Act, 2023, section
//! 12: the right to erasure). What tax law needs (the orders, their invoices) stays.

use serde_json::json;

use crate::helpers::{count, number, relax_cod, seed_product, TestApp, PASSWORD};

async fn delete_account(app: &TestApp, token: &str, password: &str) -> crate::helpers::Reply {
    app.post("/api/users/delete-account", Some(token), json!({ "currentPassword": password })).await
}

#[actix_web::test]
async fn a_shopper_deletes_their_account_and_the_shop_keeps_only_the_orders() {
    for app in TestApp::all() {
        relax_cod(&app);
        let admin = app.admin().await;
        let (product, v) = seed_product(&app, "Linen Shirt", &[("M", "White", 9, 999, 0)]);
        let asha = app.shopper("asha", "Asha", "Rao", "9876543210").await;
        let order = app.order_cod(&asha, &v[0], 1).await;

        // An order on its way holds the account: the courier and the invoice need it.
        let held = delete_account(&app, &asha.token, PASSWORD).await;
        assert_eq!(held.error(), (409, "open_orders", None), "{:?}", app.backend);
        assert_eq!(
            held.message(),
            format!("Your order {} is not delivered yet: once it is delivered or cancelled, you can delete your account", order[..8].to_uppercase())
        );
        let delivered = app.put(&format!("/api/orders/{order}/status"), Some(&admin), json!({ "deliveryStatus": "DELIVERED" })).await.expect(200);
        // So does a return under way: the refund is paid to the shopper.
        let item = delivered.body["data"]["items"][0]["id"].as_str().unwrap_or_default().to_string();
        let asked = app
            .post(&format!("/api/orders/{order}/returns"), Some(&asha.token), json!({ "kind": "REFUND", "reason": "CHANGED_MY_MIND", "lines": [{ "orderItemId": item, "quantity": 1 }] }))
            .await
            .expect(201);
        let held = delete_account(&app, &asha.token, PASSWORD).await;
        assert_eq!(held.error(), (409, "open_returns", None), "{:?}", app.backend);
        assert_eq!(held.message(), format!("Your request for order {} is not finished yet: once it is, you can delete your account", order[..8].to_uppercase()));
        let request = asked.body["data"]["id"].as_str().unwrap_or_default().to_string();
        app.put(&format!("/api/returns/{request}/status"), Some(&admin), json!({ "status": "REJECTED", "note": "Worn" })).await.expect(200);

        // The password is asked again, as for changing it.
        let wrong = delete_account(&app, &asha.token, "not-my-password").await;
        assert_eq!(wrong.error(), (422, "wrong_current_password", Some("currentPassword")));
        // An admin account is not deleted from the shop's own pages.
        let owner = delete_account(&app, &admin, PASSWORD).await;
        assert_eq!(owner.error(), (403, "forbidden", None));

        app.add_to_cart(&asha.token, &v[0], 1).await.expect(201);
        app.send("POST", &format!("/api/wishlist/{product}"), Some(&asha.token), None).await.expect(200);
        let done = delete_account(&app, &asha.token, PASSWORD).await.expect(200);
        assert_eq!(done.message(), "Your account has been deleted");

        // Signed out everywhere, the details no longer sign in, and they are free for a new account.
        app.get("/api/auth/me", Some(&asha.token)).await.expect(401);
        app.post("/api/auth/login", None, json!({ "identifier": "asha@example.in", "password": PASSWORD })).await.expect(401);
        // No personal data is left beside the order: addresses, cart, wishlist gone, the account row blank.
        for table in ["addresses", "cart_items", "wishlist_items"] {
            assert_eq!(count(&app, table), 0, "{:?}: {table}", app.backend);
        }
        let personal = number(
            &app,
            &format!(
                "SELECT CAST(COUNT(*) AS BIGINT) AS n FROM users WHERE id = '{}' AND (email LIKE '%asha%' OR username LIKE '%asha%' \
                 OR first_name <> '' OR last_name <> '' OR mobile IS NOT NULL OR dob IS NOT NULL)",
                asha.id
            ),
        );
        assert_eq!(personal, 0, "{:?}", app.backend);
        // The order stays for the shop's tax records (CGST Act, section 36), as it was placed.
        let orders = app.get("/api/orders/all", Some(&admin)).await.expect(200);
        assert_eq!(orders.body["data"][0]["id"], order.as_str());
        assert_eq!(orders.body["data"][0]["deliveryStatus"], "DELIVERED");
        // The address and name can make a new account.
        let again = app.shopper("asha", "Asha", "Rao", "9876543210").await;
        assert_ne!(again.id, asha.id);
    }
}
