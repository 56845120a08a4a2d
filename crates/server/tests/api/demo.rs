use crate::helpers::TestApp;
use crate::judged;

#[actix_web::test]
async fn the_demo_catalogue_looks_like_a_real_shop_and_seeds_once() {
    // One backend is enough here: the seed goes through the same services as the API.
    let app = TestApp::builder().spawn();
    let report = server::demo::seed(app.catalog.as_ref(), app.content.as_ref()).unwrap();
    let report = report.unwrap_or_else(|| panic!("an empty shop must be seeded"));
    assert!(report.categories >= 8 && report.products >= 40, "{} categories, {} products", report.categories, report.products);

    let tree = app.get("/api/categories", None).await.expect(200);
    let tops = tree.body["data"].as_array().cloned().unwrap_or_default();
    assert!(tops.len() >= 4 && tops.iter().all(|c| !c["subCategories"].as_array().is_none_or(Vec::is_empty)), "two levels");

    let all = app.get("/api/products?limit=1000", None).await.expect(200);
    let products = all.body["data"].as_array().cloned().unwrap_or_default();
    assert_eq!(products.len(), report.products);
    let variants: Vec<&serde_json::Value> = products.iter().flat_map(|p| p["variants"].as_array().into_iter().flatten()).collect();
    assert!(variants.iter().any(|v| v["stock"] == 0), "some sizes are sold out");
    assert!(variants.iter().any(|v| v["discountPrice"].as_f64() > Some(0.0)), "some are on sale");
    assert!(variants.iter().all(|v| v["originalPrice"].as_f64().is_some_and(|p| (299.0..=9999.0).contains(&p))), "rupee prices");
    // Every image is a real, decodable picture served by the shop.
    let url = products[0]["images"][0]["url"].as_str().unwrap_or_default();
    let picture = app.get_bytes(url).await;
    let decoded = image::load_from_memory(&picture).unwrap();
    assert_eq!((decoded.width(), decoded.height()), server::demo::art::PRODUCT_SIZE);
    // The hero shows the first top category's picture across the screen: drawn at least
    // 1600 pixels wide, with smaller versions for smaller screens.
    let hero = &tops[0];
    let banner = image::load_from_memory(&app.get_bytes(hero["imageUrl"].as_str().unwrap_or_default()).await).unwrap();
    assert!(banner.width() >= 1600, "{}", banner.width());
    assert!(hero["imageSrcset"].as_str().is_some_and(|s| s.contains("400w") && s.contains("800w") && s.contains("1600w")), "{hero}");
    // The featured products (the newest) span the catalogue: one of each subcategory.
    let featured = app.get("/api/products?page=1&limit=10", None).await.expect(200).body;
    let mut categories: Vec<&str> = featured["data"].as_array().into_iter().flatten().filter_map(|p| p["categoryId"].as_str()).collect();
    categories.sort_unstable();
    categories.dedup();
    assert_eq!(categories.len(), 10, "{featured}");

    let company = app.get("/api/company-details", None).await.expect(200);
    assert_eq!(company.body["data"]["name"], "Kapda Collective");
    assert_eq!(app.get("/api/legal-pages", None).await.body["data"].as_array().map(Vec::len), Some(2));

    judged_searches_find_what_shoppers_expect(&app);

    let again = server::demo::seed(app.catalog.as_ref(), app.content.as_ref()).unwrap();
    assert!(again.is_none(), "a second run changes nothing");
    assert_eq!(app.get("/api/products?limit=1000", None).await.body["pagination"]["totalItems"], report.products);
}

/// The judged queries of `tests/data/search-judged.tsv` over the demo catalogue, each with
/// the names of the products expected among the first ten (see `judged::judge`).
fn judged_searches_find_what_shoppers_expect(app: &TestApp) {
    let judged = include_str!("../data/search-judged.tsv");
    let queries = judged::lines(judged)
        .map(|(query, expected)| (query, expected.split('|').filter(|e| !e.is_empty()).map(str::to_string).collect()));
    judged::judge(&app.catalog.snapshot(), queries);
}
