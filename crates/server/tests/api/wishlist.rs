use crate::helpers::{count, seed_product, TestApp};

#[actix_web::test]
async fn wishlist_keeps_one_entry_per_product_in_the_catalogue_shape() {
    for app in TestApp::all() {
        let (asha, user) = app.customer("asha").await;
        let (ravi, _) = app.customer("ravi").await;
        let (product, v) = seed_product(&app, "Indigo Kurta", &[("M", "Indigo", 5, 799, 200), ("L", "Indigo", 3, 799, 200)]);
        let path = format!("/api/wishlist/{product}");
        let first = app.send("POST", &path, Some(&asha), None).await.expect(200);
        assert_eq!(first.message(), "Added to wishlist");
        app.send("POST", &path, Some(&asha), None).await.expect(200);
        assert_eq!(count(&app, "wishlist_items"), 1);

        let list = app.get("/api/wishlist", Some(&asha)).await.expect(200);
        let wishlist = &list.body["data"]["wishlist"];
        assert_eq!(wishlist["id"], user["id"]);
        assert_eq!(wishlist["userId"], user["id"]);
        let items = wishlist["items"].as_array().cloned().unwrap_or_default();
        assert_eq!(items.len(), 1);
        assert_eq!(items[0]["productId"], product.as_str());
        let p = &items[0]["product"];
        assert_eq!((p["id"].as_str(), p["name"].as_str(), p["description"].as_str(), p["isBestSeller"].as_bool()), (Some(product.as_str()), Some("Indigo Kurta"), Some("Soft cotton"), Some(false)));
        assert!(p["slug"].as_str().is_some_and(|s| s.starts_with("indigo-kurta")));
        assert_eq!(p["category"]["id"], p["categoryId"]);
        assert!(p["category"]["name"].is_string());
        assert!(p["images"][0]["uploadId"].is_string() && p["images"][0]["url"].as_str().is_some_and(|u| u.starts_with("/uploads/")));
        let variant_ids: Vec<_> = p["variants"].as_array().into_iter().flatten().map(|x| x["id"].as_str().unwrap_or("").to_string()).collect();
        assert_eq!(variant_ids, v);
        assert_eq!((p["variants"][0]["originalPrice"].as_f64(), p["variants"][0]["discountPrice"].as_f64()), (Some(799.0), Some(200.0)));

        // Ravi has his own, empty list, and cannot remove Asha's entry.
        app.delete(&path, Some(&ravi)).await.expect(200);
        assert_eq!(app.get("/api/wishlist", Some(&ravi)).await.expect(200).body["data"]["wishlist"]["items"], serde_json::json!([]));
        assert_eq!(count(&app, "wishlist_items"), 1);

        let unknown = app.send("POST", &format!("/api/wishlist/{}", kernel::new_id()), Some(&asha), None).await.expect(404);
        assert_eq!(unknown.message(), "Product not found");
        let removed = app.delete(&path, Some(&asha)).await.expect(200);
        assert_eq!(removed.message(), "Removed from wishlist");
        assert_eq!(removed.body["data"]["wishlist"]["items"], serde_json::json!([]));
    }
}
