//! The owner's search tools, on both databases: the synonym list search reads, and the
//! searches that found nothing.

use serde_json::json;

use crate::helpers::TestApp;

fn variant(size: &str, color: &str) -> serde_json::Value {
    json!({ "size": size, "color": color, "stock": 3, "originalPrice": 799, "discountPrice": 0 })
}

fn names(body: &serde_json::Value) -> Vec<String> {
    body["data"].as_array().map(|a| a.iter().filter_map(|p| p["name"].as_str().map(str::to_string)).collect()).unwrap_or_default()
}

#[actix_web::test]
async fn the_owners_synonym_list_changes_what_search_finds() {
    for app in TestApp::all() {
        let admin = app.admin().await;
        let (asha, _) = app.customer("asha").await;
        let women = app.category(&admin, "Women", None).await;
        app.product(&admin, "Red Dupatta", &women, json!([variant("Free Size", "Red")])).await;
        app.product(&admin, "Silk Saree", &women, json!([variant("Free Size", "Green")])).await;

        let built_in = app.get("/api/search/synonyms", Some(&admin)).await.expect(200);
        assert!(built_in.body["data"]["text"].as_str().is_some_and(|t| t.contains("saree, sari")), "{}", built_in.body);
        app.get("/api/search/synonyms", Some(&asha)).await.expect(403);
        app.get("/api/search/synonyms", None).await.expect(401);
        let search = |q: &'static str| {
            let app = &app;
            async move { names(&app.get(&format!("/api/products/search?q={q}"), None).await.expect(200).body) }
        };
        assert_eq!(search("sari").await, vec!["Silk Saree"], "the built-in list");
        assert!(search("odhni").await.is_empty());

        let bad = app.put("/api/search/synonyms", Some(&admin), json!({ "text": "saree, sari\nodhni" })).await;
        assert_eq!(bad.error(), (422, "invalid_synonyms", Some("text")));
        assert_eq!(bad.message(), "Line 2: a group needs at least two words, separated by commas");
        assert_eq!(search("sari").await, vec!["Silk Saree"], "a refused list changes nothing");
        app.put("/api/search/synonyms", Some(&asha), json!({ "text": "a, b" })).await.expect(403);

        let saved = app
            .put("/api/search/synonyms", Some(&admin), json!({ "text": "# shawls\nodhni => dupatta\nsaree, sari" }))
            .await
            .expect(200);
        assert_eq!(saved.body["data"]["rules"], 2);
        assert_eq!(search("odhni").await, vec!["Red Dupatta"], "one way: odhni finds dupatta");
        assert!(search("dupatta").await.contains(&"Red Dupatta".to_string()));
        assert_eq!(app.get("/api/search/synonyms", Some(&admin)).await.expect(200).body["data"]["text"], "# shawls\nodhni => dupatta\nsaree, sari");
    }
}

#[actix_web::test]
async fn searches_that_find_nothing_are_counted_for_the_owner() {
    for app in TestApp::all() {
        let admin = app.admin().await;
        let women = app.category(&admin, "Women", None).await;
        app.product(&admin, "Silk Saree", &women, json!([variant("Free Size", "Green")])).await;
        for q in ["tuxedo", "Tuxedo%20%20", "tuxedo", "blazer", "saree"] {
            app.get(&format!("/api/products/search?q={q}"), None).await.expect(200);
        }
        let misses = app.get("/api/search/misses", Some(&admin)).await.expect(200);
        let rows: Vec<(String, i64)> = misses.body["data"]
            .as_array()
            .into_iter()
            .flatten()
            .map(|m| (m["query"].as_str().unwrap_or("").to_string(), m["count"].as_i64().unwrap_or(0)))
            .collect();
        assert_eq!(rows, vec![("tuxedo".to_string(), 3), ("blazer".to_string(), 1)], "cached answers count too; hits do not");
        assert!(misses.body["data"][0]["lastSeen"].as_str().is_some_and(|d| d.len() == 10));
        app.get("/api/search/misses?days=0", Some(&admin)).await.expect(400);
        let (asha, _) = app.customer("asha").await;
        app.get("/api/search/misses", Some(&asha)).await.expect(403);
    }
}

/// A shopper typing in Hindi finds products the owner named in English letters: "कुर्ता" finds
/// the kurta, "साड़ी" the saree (read "sari", a spelling the synonym list knows) and "जींस"
/// the jeans (read "jeens", one typing mistake away).
#[actix_web::test]
async fn words_typed_in_devanagari_find_products_named_in_latin_letters() {
    for app in TestApp::all() {
        let admin = app.admin().await;
        let women = app.category(&admin, "Women", None).await;
        for name in ["Cotton Kurta", "Silk Saree", "Slim Jeans"] {
            app.product(&admin, name, &women, json!([variant("M", "Blue")])).await;
        }
        let search = |q: &'static str| {
            let app = &app;
            let encoded: String = q.bytes().map(|b| format!("%{b:02X}")).collect();
            async move { names(&app.get(&format!("/api/products/search?q={encoded}"), None).await.expect(200).body) }
        };
        assert_eq!(search("कुर्ता").await, vec!["Cotton Kurta"], "{:?}", app.backend);
        assert_eq!(search("साड़ी").await, vec!["Silk Saree"]);
        assert_eq!(search("जींस").await, vec!["Slim Jeans"]);
        assert!(search("धोती").await.is_empty(), "nothing like it in the shop");
    }
}
