//! The back office's catalogue tools: the product list with search, category and stock
//! filters; inline stock and price edits.

use serde_json::{json, Value};

use crate::helpers::{number, seed_product, stock, Reply, TestApp};

fn names(reply: &Reply) -> Vec<String> {
    reply.body["data"].as_array().into_iter().flatten().map(|p| p["name"].as_str().unwrap_or("").to_string()).collect()
}

async fn list(app: &TestApp, admin: &str, query: &str) -> Reply {
    app.get(&format!("/api/admin/products?{query}"), Some(admin)).await.expect(200)
}

fn catalog_version(app: &TestApp) -> i64 {
    number(app, "SELECT version AS n FROM change_versions WHERE kind = 'catalog'")
}

#[actix_web::test]
async fn the_admin_product_list_is_searched_filtered_by_category_and_stock_and_paged() {
    for app in TestApp::all() {
        let admin = app.admin().await;
        // Oldest first: the list shows the newest first.
        let (shirt, _) = seed_product(&app, "Linen Shirt", &[("M", "White", 10, 1_000, 0), ("L", "White", 0, 1_000, 0)]);
        seed_product(&app, "Silk Saree", &[("Free", "Wine", 3, 5_000, 500)]);
        seed_product(&app, "Cotton Kurta", &[("M", "Rust", 20, 800, 0), ("L", "Rust", 8, 800, 0)]);

        let all = list(&app, &admin, "").await;
        assert_eq!(names(&all), ["Cotton Kurta", "Silk Saree", "Linen Shirt"]);
        assert_eq!(all.body["pagination"], json!({ "totalItems": 3, "currentPage": 1, "limit": 10, "totalPages": 1 }));

        // Search: every word in the name, ignoring case.
        assert_eq!(names(&list(&app, &admin, "q=shirt").await), ["Linen Shirt"]);
        assert_eq!(names(&list(&app, &admin, "q=SAREE%20silk").await), ["Silk Saree"]);
        assert!(names(&list(&app, &admin, "q=silk%20shirt").await).is_empty());

        // Stock: low = some variant with 1 to 5 pieces; out = some variant at 0; in = none at 0.
        assert_eq!(names(&list(&app, &admin, "stock=low").await), ["Silk Saree"]);
        assert_eq!(names(&list(&app, &admin, "stock=out").await), ["Linen Shirt"]);
        assert_eq!(names(&list(&app, &admin, "stock=in").await), ["Cotton Kurta", "Silk Saree"]);

        // Category (each seeded product has its own), combined with the other filters.
        let category = app.get(&format!("/api/products/{shirt}"), None).await.expect(200).body["data"]["categoryId"].clone();
        let category = category.as_str().unwrap_or_default().to_string();
        assert_eq!(names(&list(&app, &admin, &format!("categoryId={category}")).await), ["Linen Shirt"]);
        assert!(names(&list(&app, &admin, &format!("categoryId={category}&stock=low")).await).is_empty());
        assert!(names(&list(&app, &admin, "categoryId=no-such-category").await).is_empty());

        // Paging.
        let second = list(&app, &admin, "limit=2&page=2").await;
        assert_eq!(names(&second), ["Linen Shirt"]);
        assert_eq!(second.body["pagination"], json!({ "totalItems": 3, "currentPage": 2, "limit": 2, "totalPages": 2 }));

        // Only for admins; a filter outside the document is a 400.
        let (customer, _) = app.customer("asha").await;
        assert_eq!(app.get("/api/admin/products", Some(&customer)).await.status, 403);
        assert_eq!(app.get("/api/admin/products", None).await.status, 401);
        let bad = app.get("/api/admin/products?stock=some", Some(&admin)).await.expect(400);
        assert_eq!(bad.message(), "stock must be one of in, low, out");
    }
}

async fn patch(app: &TestApp, token: &str, product: &str, variant: &str, body: Value) -> Reply {
    app.send("PATCH", &format!("/api/products/{product}/variants/{variant}"), Some(token), Some(body)).await
}

#[actix_web::test]
async fn stock_and_prices_are_edited_inline_checked_like_the_form_and_announced() {
    for app in TestApp::all() {
        let admin = app.admin().await;
        let (p, v) = seed_product(&app, "Linen Shirt", &[("M", "White", 10, 1_000, 200), ("L", "White", 4, 1_000, 200)]);
        let (other, _) = seed_product(&app, "Silk Saree", &[("Free", "Wine", 3, 5_000, 0)]);
        let before = catalog_version(&app);

        // Stock, with the stock the admin saw.
        let done = patch(&app, &admin, &p, &v[0], json!({ "stock": 7, "expectedStock": 10 })).await.expect(200);
        assert_eq!(done.body["data"]["variants"][0]["stock"], 7);
        assert_eq!(done.message(), "Variant updated");
        assert_eq!(stock(&app, &v[0]), 7);
        assert!(catalog_version(&app) > before, "the change is announced to the other instances");
        // The storefront reads it at once.
        let shown = app.get(&format!("/api/products/{p}"), None).await.expect(200);
        assert_eq!(shown.body["data"]["variants"][0]["stock"], 7);

        // Prices: the saving is kept when only the price changes.
        let priced = patch(&app, &admin, &p, &v[0], json!({ "originalPrice": 899.5 })).await.expect(200);
        let row = &priced.body["data"]["variants"][0];
        assert_eq!((row["originalPrice"].as_f64(), row["discountPrice"].as_f64(), row["mrp"].as_f64()), (Some(899.5), Some(200.0), Some(1099.5)));

        // The form's rules, with its messages; nothing changes.
        let refused = patch(&app, &admin, &p, &v[0], json!({ "discountPrice": 900 })).await;
        assert_eq!(refused.error(), (422, "discount_above_price", Some("productVariants")));
        assert_eq!(refused.message(), "Discount Price cannot be greater than Original Price");
        assert_eq!(patch(&app, &admin, &p, &v[0], json!({ "originalPrice": 0 })).await.message(), "Original Price must be greater than 0");
        assert_eq!(patch(&app, &admin, &p, &v[0], json!({ "stock": -1 })).await.status, 400);
        assert_eq!(patch(&app, &admin, &p, &v[0], json!({ "stock": 2.5 })).await.status, 400);
        assert_eq!(stock(&app, &v[0]), 7);
        let unchanged = app.get(&format!("/api/products/{p}"), None).await.body["data"]["variants"][0]["discountPrice"].clone();
        assert_eq!(unchanged.as_f64(), Some(200.0));

        // A variant of another product, an unknown one, someone else.
        assert_eq!(patch(&app, &admin, &other, &v[0], json!({ "stock": 1 })).await.status, 404);
        assert_eq!(patch(&app, &admin, &p, &kernel::new_id(), json!({ "stock": 1 })).await.status, 404);
        assert_eq!(patch(&app, &admin, &p, "not-an-id", json!({ "stock": 1 })).await.status, 400);
        let (customer, _) = app.customer("asha").await;
        assert_eq!(patch(&app, &customer, &p, &v[0], json!({ "stock": 100 })).await.status, 403);
        assert_eq!(stock(&app, &v[0]), 7);
    }
}

#[actix_web::test]
async fn an_inline_stock_edit_never_undoes_an_order_placed_meanwhile() {
    for app in TestApp::all() {
        let admin = app.admin().await;
        let (p, v) = seed_product(&app, "Linen Shirt", &[("M", "White", 7, 1_000, 0)]);
        let (asha, _) = app.customer("asha").await;
        let home = app.address(&asha, "12 Residency Road").await;
        // The admin sees 7; meanwhile an order takes 2.
        app.add_to_cart(&asha, &v[0], 2).await.expect(201);
        app.post("/api/orders/place", Some(&asha), json!({ "addressId": home, "paymentMethod": "COD" })).await.expect(201);
        assert_eq!(stock(&app, &v[0]), 5);

        let stale = patch(&app, &admin, &p, &v[0], json!({ "stock": 20, "expectedStock": 7 })).await;
        assert_eq!(stale.error(), (409, "stock_changed", Some("stock")));
        assert_eq!(stale.message(), "The stock changed meanwhile: 5 left now. Please check and try again.");
        assert_eq!(stock(&app, &v[0]), 5);
        // Seen again, the edit goes through.
        patch(&app, &admin, &p, &v[0], json!({ "stock": 20, "expectedStock": 5 })).await.expect(200);
        assert_eq!(stock(&app, &v[0]), 20);

        // Lowering the stock below a cart's quantity: the order is refused, never oversold.
        app.add_to_cart(&asha, &v[0], 3).await.expect(201);
        patch(&app, &admin, &p, &v[0], json!({ "stock": 1, "expectedStock": 20 })).await.expect(200);
        let refused = app.post("/api/orders/place", Some(&asha), json!({ "addressId": home, "paymentMethod": "COD" })).await;
        assert_eq!(refused.status, 409, "{}", refused.body);
        assert_eq!(stock(&app, &v[0]), 1);
    }
}
