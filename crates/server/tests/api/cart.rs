use futures_util::future::join_all;
use serde_json::json;

use crate::helpers::{count, relax_cod, seed_product, text, TestApp};

#[actix_web::test]
async fn the_cart_shows_catalogue_prices_and_an_existing_line_grows() {
    for app in TestApp::all() {
        let (asha, _) = app.customer("asha").await;
        let (product, v) = seed_product(&app, "Indigo Kurta", &[("M", "Indigo", 5, 799, 200), ("L", "Indigo", 5, 899, 0)]);
        // A price in the body is ignored: prices come from the catalogue.
        let added = app
            .post("/api/cart/add", Some(&asha), json!({ "productVariantId": v[0], "quantity": 2, "price": 1 }))
            .await
            .expect(201);
        assert_eq!(added.message(), "Added to cart");
        let grown = app.add_to_cart(&asha, &v[0], 1).await.expect(200);
        assert_eq!(grown.message(), "Increased quantity in cart");
        let second = app.post("/api/cart/add", Some(&asha), json!({ "productVariantId": v[1] })).await.expect(201);
        assert_eq!(second.body["data"]["items"][1]["quantity"], 1, "quantity defaults to 1");

        let cart = app.get("/api/cart", Some(&asha)).await.expect(200);
        let items = cart.body["data"]["items"].as_array().cloned().unwrap_or_default();
        assert_eq!(items.len(), 2, "{:?}: {}", app.backend, cart.body);
        let line = &items[0];
        assert_eq!(line["quantity"], 3);
        assert_eq!(line["product"]["id"], product.as_str());
        assert_eq!(line["product"]["name"], "Indigo Kurta");
        assert!(line["product"]["images"][0]["url"].as_str().is_some_and(|u| u.starts_with("/uploads/")));
        assert!(line["product"]["images"][0]["id"].is_string());
        let variant = &line["product"]["variant"];
        assert_eq!(
            (variant["id"].as_str(), variant["size"].as_str(), variant["color"].as_str(), variant["colorHexCode"].as_str()),
            (Some(v[0].as_str()), Some("M"), Some("Indigo"), Some("#1F3A93"))
        );
        assert_eq!((variant["stock"].as_i64(), variant["originalPrice"].as_f64(), variant["discountPrice"].as_f64()), (Some(5), Some(799.0), Some(200.0)));
        // Subtotal = MRP x qty, discount = saving x qty, total = price x qty.
        let summary = &cart.body["data"]["summary"];
        assert_eq!(summary["subtotal"].as_f64(), Some(3.0 * 999.0 + 899.0));
        assert_eq!(summary["discount"].as_f64(), Some(600.0));
        assert_eq!(summary["tax"].as_f64(), Some(0.0));
        assert_eq!(summary["total"].as_f64(), Some(3.0 * 799.0 + 899.0));
        assert_eq!(summary["itemCount"], 4);
        // The figures the web app shows are the server's: MRP, percent off and the line's amounts.
        assert_eq!((variant["mrp"].as_f64(), variant["percentOff"].as_u64()), (Some(999.0), Some(20)));
        assert_eq!((line["lineTotal"].as_f64(), line["lineMrp"].as_f64(), line["lineDiscount"].as_f64()), (Some(3.0 * 799.0), Some(3.0 * 999.0), Some(600.0)));
        assert_eq!((items[1]["product"]["variant"]["percentOff"].as_u64(), items[1]["lineDiscount"].as_f64()), (Some(0), Some(0.0)));

        let line_id = line["id"].as_str().unwrap_or_default().to_string();
        let updated = app
            .put("/api/cart/update-quantity", Some(&asha), json!({ "cartItemId": line_id, "newQuantity": 5 }))
            .await
            .expect(200);
        assert_eq!(updated.message(), "Cart updated");
        assert_eq!(updated.body["data"]["items"][0]["quantity"], 5);
        let removed = app.delete(&format!("/api/cart/remove/{line_id}"), Some(&asha)).await.expect(200);
        assert_eq!(removed.message(), "Removed from cart");
        assert_eq!(removed.body["data"]["items"].as_array().map(Vec::len), Some(1));
    }
}

#[actix_web::test]
async fn stock_limits_are_enforced_with_the_spec_messages() {
    for app in TestApp::all() {
        let (asha, _) = app.customer("asha").await;
        let (_, v) = seed_product(&app, "Linen Shirt", &[("S", "White", 0, 999, 0), ("M", "White", 2, 999, 0)]);
        // Out of stock is a clash with the current state (409), not a malformed request.
        let empty = app.add_to_cart(&asha, &v[0], 1).await;
        assert_eq!((empty.error(), empty.message()), ((409, "out_of_stock", None), "This size is out of stock"));
        let too_many = app.add_to_cart(&asha, &v[1], 3).await.expect(409);
        assert_eq!(too_many.message(), "Only 2 left in stock");
        let line = app.add_to_cart(&asha, &v[1], 2).await.expect(201).body["data"]["items"][0]["id"].clone();
        assert_eq!(app.add_to_cart(&asha, &v[1], 1).await.expect(409).message(), "Only 2 left in stock");
        for (quantity, status, message) in [(3, 409, "Only 2 left in stock"), (0, 400, "Quantity must be at least 1"), (-1, 400, "Quantity must be at least 1")] {
            let reply = app
                .put("/api/cart/update-quantity", Some(&asha), json!({ "cartItemId": line, "newQuantity": quantity }))
                .await
                .expect(status);
            assert_eq!(reply.message(), message);
        }
        assert_eq!(app.add_to_cart(&asha, &kernel::new_id(), 1).await.expect(404).message(), "Product variant not found");
        assert_eq!(app.post("/api/cart/add", Some(&asha), json!({ "quantity": 1 })).await.expect(400).message(), "Please select a size first");
        // 1.0 is the whole number 1 in JSON Schema; 1.5 is no quantity at all.
        let same = json!({ "cartItemId": line, "newQuantity": 2.0 });
        assert_eq!(app.put("/api/cart/update-quantity", Some(&asha), same).await.expect(200).body["data"]["items"][0]["quantity"], 2);
        app.post("/api/cart/add", Some(&asha), json!({ "productVariantId": v[1], "quantity": 1.5 })).await.expect(400);
        app.put("/api/cart/update-quantity", Some(&asha), json!({ "cartItemId": line, "newQuantity": 1.5 })).await.expect(400);
        // Text or a number beyond any stock is answered in the shop's words, not the parser's.
        for (quantity, words) in [(json!("2"), "expected a whole number"), (json!(1e20), "too large a number")] {
            let reply = app.post("/api/cart/add", Some(&asha), json!({ "productVariantId": v[1], "quantity": quantity })).await.expect(400);
            assert!(reply.message().contains(words) && !reply.message().contains("enum"), "{}", reply.message());
        }
        let cart = app.get("/api/cart", Some(&asha)).await.expect(200);
        assert_eq!(cart.body["data"]["items"][0]["quantity"], 2, "nothing changed");
        assert_eq!(count(&app, "cart_items"), 1);
    }
}

#[actix_web::test]
async fn another_customers_cart_line_is_not_found_and_untouched() {
    for app in TestApp::all() {
        let (asha, _) = app.customer("asha").await;
        let (ravi, _) = app.customer("ravi").await;
        let (_, v) = seed_product(&app, "Linen Shirt", &[("M", "White", 5, 999, 0)]);
        let line = app.add_to_cart(&asha, &v[0], 2).await.expect(201).body["data"]["items"][0]["id"]
            .as_str()
            .unwrap_or_default()
            .to_string();
        let probe = app
            .put("/api/cart/update-quantity", Some(&ravi), json!({ "cartItemId": line, "newQuantity": 1 }))
            .await
            .expect(404);
        assert_eq!(probe.message(), "Cart item not found");
        app.delete(&format!("/api/cart/remove/{line}"), Some(&ravi)).await.expect(404);
        assert_eq!(app.get("/api/cart", Some(&ravi)).await.expect(200).body["data"]["items"], json!([]));
        let mine = app.get("/api/cart", Some(&asha)).await.expect(200);
        assert_eq!((mine.body["data"]["items"][0]["id"].as_str(), mine.body["data"]["items"][0]["quantity"].as_i64()), (Some(line.as_str()), Some(2)));
    }
}

#[actix_web::test]
async fn admins_get_403_on_cart_and_wishlist_and_guests_401() {
    for app in TestApp::all() {
        let admin = app.admin().await;
        let (product, v) = seed_product(&app, "Linen Shirt", &[("M", "White", 5, 999, 0)]);
        let cart_calls = [
            app.get("/api/cart", Some(&admin)).await,
            app.add_to_cart(&admin, &v[0], 1).await,
            app.put("/api/cart/update-quantity", Some(&admin), json!({ "cartItemId": kernel::new_id(), "newQuantity": 1 })).await,
            app.delete(&format!("/api/cart/remove/{}", kernel::new_id()), Some(&admin)).await,
        ];
        for reply in cart_calls {
            assert_eq!((reply.status.as_u16(), reply.message()), (403, "Admin cannot add products to cart"));
        }
        let wishlist_calls = [
            app.get("/api/wishlist", Some(&admin)).await,
            app.send("POST", &format!("/api/wishlist/{product}"), Some(&admin), None).await,
            app.delete(&format!("/api/wishlist/{product}"), Some(&admin)).await,
        ];
        for reply in wishlist_calls {
            assert_eq!((reply.status.as_u16(), reply.message()), (403, "Admin cannot add products to wishlist"));
        }
        assert_eq!((count(&app, "cart_items"), count(&app, "wishlist_items")), (0, 0));
        app.get("/api/cart", None).await.expect(401);
        app.add_to_cart("not-a-token", &v[0], 1).await.expect(401);
        app.get("/api/wishlist", None).await.expect(401);
        // Wrong method on a cart route is a JSON 405.
        app.send("PATCH", "/api/cart/add", None, None).await.expect(405);
    }
}

#[actix_web::test]
async fn parallel_adds_never_put_more_than_the_stock_into_a_line() {
    for app in TestApp::all() {
        let (asha, _) = app.customer("asha").await;
        let (_, v) = seed_product(&app, "Linen Shirt", &[("M", "White", 3, 999, 0), ("L", "White", 5, 999, 0)]);
        // Ten adds of the whole stock at once: one line of 3, the nine others refused.
        let replies = join_all((0..10).map(|_| app.add_to_cart(&asha, &v[0], 3))).await;
        let statuses: Vec<u16> = replies.iter().map(|r| r.status.as_u16()).collect();
        assert_eq!(statuses.iter().filter(|s| **s == 201).count(), 1, "{:?}: {statuses:?}", app.backend);
        assert!(
            replies.iter().filter(|r| r.status.as_u16() != 201).all(|r| r.status.as_u16() == 409 && r.message() == "Only 3 left in stock"),
            "{:?}: {:?}",
            app.backend,
            replies.iter().map(|r| (r.status, r.body.clone())).collect::<Vec<_>>()
        );
        // Ten adds of one piece onto a line of 3 with a stock of 5: two fit.
        app.add_to_cart(&asha, &v[1], 3).await.expect(201);
        let replies = join_all((0..10).map(|_| app.add_to_cart(&asha, &v[1], 1))).await;
        let statuses: Vec<u16> = replies.iter().map(|r| r.status.as_u16()).collect();
        assert_eq!(statuses.iter().filter(|s| **s == 200).count(), 2, "{:?}: {statuses:?}", app.backend);
        assert_eq!(statuses.iter().filter(|s| **s == 409).count(), 8, "{:?}: {statuses:?}", app.backend);

        let cart = app.get("/api/cart", Some(&asha)).await.expect(200);
        let quantities: Vec<i64> = cart.body["data"]["items"].as_array().into_iter().flatten().filter_map(|i| i["quantity"].as_i64()).collect();
        assert_eq!(quantities, vec![3, 5], "{:?}: no line above its stock", app.backend);
        assert_eq!(count(&app, "cart_items"), 2);
    }
}

#[actix_web::test]
async fn an_id_written_in_capitals_names_the_same_thing() {
    for app in TestApp::all() {
        let (asha, _) = app.customer("asha").await;
        let (product, v) = seed_product(&app, "Indigo Kurta", &[("M", "Indigo", 5, 799, 0)]);
        // UUIDs are case-insensitive (RFC 9562): the path ids were read so, the bodies' were not.
        let shown = app.get(&format!("/api/products/{}", product.to_uppercase()), None).await.expect(200);
        assert_eq!(shown.body["data"]["id"].as_str(), Some(product.as_str()));
        let added = app.post("/api/cart/add", Some(&asha), json!({ "productVariantId": v[0].to_uppercase(), "quantity": 1 })).await.expect(201);
        assert_eq!(added.body["data"]["items"][0]["product"]["variant"]["id"].as_str(), Some(v[0].as_str()), "{}", added.body);
        let address = app.address(&asha, "12 Residency Road").await;
        app.post("/api/orders/place", Some(&asha), json!({ "addressId": address.to_uppercase(), "paymentMethod": "COD" })).await.expect(201);
    }
}

/// A product the owner deletes, or a size an edit removes, leaves the carts holding it; the
/// shopper is told what went (not only "Your cart is empty" at checkout), until they dismiss
/// the notice or place an order. Another shopper's cart says nothing of it.
#[actix_web::test]
async fn a_deleted_product_or_size_is_named_in_the_cart_it_left() {
    for app in TestApp::all() {
        let admin = app.admin().await;
        let (asha, _) = app.customer("asha").await;
        let (ravi, _) = app.customer("ravi").await;
        let (kurta, k) = seed_product(&app, "Indigo Kurta", &[("M", "Indigo", 5, 799, 0)]);
        let (shirt, s) = seed_product(&app, "Linen Shirt", &[("S", "White", 5, 999, 0), ("M", "White", 5, 999, 0)]);
        app.add_to_cart(&asha, &k[0], 2).await.expect(201);
        app.add_to_cart(&asha, &s[0], 1).await.expect(201);
        app.add_to_cart(&asha, &s[1], 1).await.expect(201);
        app.add_to_cart(&ravi, &s[1], 1).await.expect(201);

        app.delete(&format!("/api/products/{kurta}"), Some(&admin)).await.expect(200);
        // The shirt loses its S in an edit.
        let kept = json!([{ "id": s[1], "size": "M", "color": "White", "stock": 5, "originalPrice": 999 }]);
        app.form("PUT", &format!("/api/products/{shirt}"), Some(&admin), vec![text("productVariants", kept.to_string())]).await.expect(200);

        let cart = app.get("/api/cart", Some(&asha)).await.expect(200);
        assert_eq!(cart.body["data"]["items"].as_array().map(Vec::len), Some(1), "{:?}: {}", app.backend, cart.body);
        let removed: Vec<(String, String, String, i64)> = cart.body["data"]["removed"]
            .as_array()
            .cloned()
            .unwrap_or_default()
            .iter()
            .map(|r| {
                let field = |name: &str| r[name].as_str().unwrap_or_default().to_string();
                (field("productName"), field("size"), field("color"), r["quantity"].as_i64().unwrap_or_default())
            })
            .collect();
        assert_eq!(
            removed,
            vec![("Indigo Kurta".into(), "M".into(), "Indigo".into(), 2), ("Linen Shirt".into(), "S".into(), "White".into(), 1)],
            "{}",
            cart.body
        );
        let others = app.get("/api/cart", Some(&ravi)).await.expect(200);
        assert_eq!(others.body["data"]["removed"], json!([]));

        // Dismissed, the notice goes; the cart stays.
        let dismissed = app.delete("/api/cart/removed", Some(&asha)).await.expect(200);
        assert_eq!(dismissed.body["data"]["removed"], json!([]));
        assert_eq!(dismissed.body["data"]["items"].as_array().map(Vec::len), Some(1));
        assert_eq!(app.get("/api/cart", Some(&asha)).await.body["data"]["removed"], json!([]));
        app.delete("/api/cart/removed", Some(&admin)).await.expect(403);
        app.delete("/api/cart/removed", None).await.expect(401);

        // Placing an order ends the notice too: the cart it spoke of is gone.
        let (scarf, f) = seed_product(&app, "Silk Scarf", &[("Free", "Red", 5, 499, 0)]);
        app.add_to_cart(&asha, &f[0], 1).await.expect(201);
        app.delete(&format!("/api/products/{scarf}"), Some(&admin)).await.expect(200);
        assert_eq!(app.get("/api/cart", Some(&asha)).await.body["data"]["removed"][0]["productName"], "Silk Scarf");
        relax_cod(&app);
        let address = app.address(&asha, "12 MG Road").await;
        app.post("/api/orders/place", Some(&asha), json!({ "addressId": address, "paymentMethod": "COD" })).await.expect(201);
        assert_eq!(app.get("/api/cart", Some(&asha)).await.body["data"], json!({ "items": [], "removed": [], "summary": { "subtotal": 0.0, "discount": 0.0, "tax": 0.0, "total": 0.0, "itemCount": 0 } }));
    }
}
