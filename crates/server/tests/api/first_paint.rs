//! The index.html served for a client route carries what the page's first render needs: the
//! first API answers as a JSON data block and a preload of its largest picture. These tests
//! read the page as a browser gets it.

use serde_json::{json, Value};

use server::app::CONTENT_SECURITY_POLICY;

use crate::helpers::{send_to, text, Body, TestApp, PUBLIC_URL};

const INDEX: &str = r#"<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="Online fashion shop" />
    <title>Shop</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
"#;

fn shop_with_web_app() -> (TestApp, tempfile::TempDir) {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("index.html"), INDEX).unwrap();
    std::fs::create_dir_all(dir.path().join("assets")).unwrap();
    std::fs::write(dir.path().join("assets/index-abc.js"), "console.log(1)").unwrap();
    let app = TestApp::builder().web_app(dir.path()).spawn();
    (app, dir)
}

struct Page {
    status: u16,
    html: String,
    headers: actix_web::http::header::HeaderMap,
}

async fn page(app: &TestApp, path: &str) -> Page {
    let (status, headers, body) = app.get_raw(path, &[]).await;
    Page { status, html: String::from_utf8(body).unwrap_or_default(), headers }
}

impl Page {
    /// The text of the data block, exactly as it is in the page.
    fn data_text(&self) -> Option<&str> {
        let open = r#"<script type="application/json" id="shop-first-paint">"#;
        let start = self.html.find(open)? + open.len();
        let len = self.html[start..].find("</script>")?;
        Some(&self.html[start..start + len])
    }

    fn data(&self) -> Value {
        self.data_text().and_then(|t| serde_json::from_str(t).ok()).unwrap_or(Value::Null)
    }

    fn preload(&self) -> Option<&str> {
        let start = self.html.find(r#"<link rel="preload" as="image""#)?;
        let len = self.html[start..].find('>')?;
        Some(&self.html[start..=start + len])
    }
}

/// A shop serving the web app that sells `name` in one `size` in a category "Men": (the shop,
/// its web-app folder, the admin's token, the product).
async fn shop_selling(name: &str, size: &str) -> (TestApp, tempfile::TempDir, String, Value) {
    let (app, dir) = shop_with_web_app();
    let admin = app.admin().await;
    let men = app.category(&admin, "Men", None).await;
    let product = app.product(&admin, name, &men, variant(size)).await;
    (app, dir, admin, product)
}

fn variant(size: &str) -> Value {
    json!([{ "size": size, "color": "Red", "stock": 4, "originalPrice": 999, "discountPrice": 100 }])
}

#[actix_web::test]
async fn each_page_carries_the_api_answers_it_asks_for_first() {
    let (app, _dir, _, shirt) = shop_selling("Oxford Shirt", "M").await;
    let slug = shirt["slug"].as_str().unwrap_or_default().to_string();

    let (product_path, product_url) = (format!("/product/{slug}"), format!("/api/products/{slug}"));
    let pages: [(&str, Vec<&str>); 3] = [
        ("/", vec!["/api/company-details", "/api/categories", "/api/products?page=1&limit=10"]),
        ("/shop", vec!["/api/company-details", "/api/categories", "/api/products?page=1&limit=24&sort=newest"]),
        (&product_path, vec!["/api/company-details", &product_url]),
    ];
    for (path, urls) in pages {
        let page = page(&app, path).await;
        assert_eq!(page.status, 200, "{path}");
        assert!(page.html.contains(r#"<div id="root"><div id="shop-plain">"#), "{path}: still the web app, its plain HTML inside");
        let data = page.data();
        let keys: Vec<&str> = data.as_object().map(|o| o.keys().map(String::as_str).collect()).unwrap_or_default();
        assert_eq!(keys.len(), urls.len(), "{path}: {keys:?}");
        for url in urls {
            // The very answer the API gives for that URL.
            let api = app.get(url, None).await.expect(200).body;
            assert_eq!(data[url], api, "{path}: {url}");
        }
        // Still the shop's own CSP: the data block is not a script that runs.
        assert_eq!(page.headers.get("content-security-policy").and_then(|v| v.to_str().ok()), Some(CONTENT_SECURITY_POLICY));
        assert_eq!(page.headers.get("cache-control").and_then(|v| v.to_str().ok()), Some("no-cache"), "{path}");
        assert!(page.headers.get("content-type").and_then(|v| v.to_str().ok()).is_some_and(|t| t.starts_with("text/html")));
        let scripts = page.html.matches("<script").count() - page.html.matches(r#"<script type="application/ld+json">"#).count();
        assert_eq!(scripts, 2, "{path}: the app's module and the data block only, besides JSON-LD that runs nothing");
    }

    // The product page preloads the product's first picture, as its <img> shows it.
    let product_page = page(&app, &format!("/product/{slug}")).await;
    let image = &shirt["images"][0];
    let preload = product_page.preload().unwrap_or_default();
    assert!(preload.contains(&format!(r#"href="{}""#, image["url"].as_str().unwrap_or("?"))), "{preload}");
    assert!(preload.contains(r#"fetchpriority="high""#), "{preload}");
    // The shop page preloads the first card's picture (the small version cards show).
    let shop = page(&app, "/shop").await;
    let preload = shop.preload().unwrap_or_default();
    assert!(preload.contains(&format!(r#"href="{}""#, image["thumbUrl"].as_str().unwrap_or("?"))), "{preload}");
    // The home page preloads the hero: the first category's picture.
    let tree = app.get("/api/categories", None).await.body;
    let home = page(&app, "/").await;
    let preload = home.preload().unwrap_or_default();
    assert!(preload.contains(&format!(r#"href="{}""#, tree["data"][0]["imageUrl"].as_str().unwrap_or("?"))), "{preload}");
    // The preload and data come before the app's script, so they start first.
    let script_at = home.html.find("/assets/index-abc.js").unwrap_or(0);
    assert!(home.html.find("shop-first-paint").is_some_and(|at| at < script_at));
}

#[actix_web::test]
async fn a_product_name_cannot_break_out_of_the_data_block() {
    let (app, _dir) = shop_with_web_app();
    let admin = app.admin().await;
    let men = app.category(&admin, "Men", None).await;
    let name = "</script><script>alert(1)</script> <!-- & -->";
    let product = app.product(&admin, name, &men, variant("M")).await;
    let id = product["id"].as_str().unwrap_or_default();
    let description = "Line one\u{2028}line two\u{2029}</SCRIPT >";
    app.form("PUT", &format!("/api/products/{id}"), Some(&admin), vec![text("description", description)]).await.expect(200);
    let slug = product["slug"].as_str().unwrap_or_default();

    for path in ["/".to_string(), "/shop".to_string(), format!("/product/{slug}")] {
        let page = page(&app, &path).await;
        let raw = page.data_text().unwrap_or_default();
        for bad in ["<", ">", "&", "\u{2028}", "\u{2029}"] {
            assert!(!raw.contains(bad), "{path}: {bad:?} in the data block");
        }
        assert!(!page.html.contains("<script>alert"), "{path}");
        let structured = page.html.matches(r#"<script type="application/ld+json">"#).count();
        assert_eq!(page.html.matches("<script").count() - structured, 2, "{path}");
        assert_eq!(page.html.matches("</script>").count(), page.html.matches("<script").count(), "{path}: nothing closes early");
        // The data still reads back as the exact product.
        let data = page.data();
        let found = if path.starts_with("/product/") {
            data[format!("/api/products/{slug}")]["data"].clone()
        } else {
            let url = if path == "/" { "/api/products?page=1&limit=10" } else { "/api/products?page=1&limit=24&sort=newest" };
            data[url]["data"][0].clone()
        };
        assert_eq!(found["name"], name, "{path}");
        assert_eq!(found["description"], description, "{path}");
    }
}

#[actix_web::test]
async fn an_edited_product_is_inlined_fresh_on_the_next_load() {
    let (app, _dir, admin, product) = shop_selling("Linen Shirt", "L").await;
    let (id, slug) = (product["id"].as_str().unwrap_or_default(), product["slug"].as_str().unwrap_or_default());
    let url = format!("/api/products/{slug}");

    assert_eq!(page(&app, &format!("/product/{slug}")).await.data()[&url]["data"]["name"], "Linen Shirt");
    assert_eq!(page(&app, "/shop").await.data()["/api/products?page=1&limit=24&sort=newest"]["data"][0]["name"], "Linen Shirt");

    app.form("PUT", &format!("/api/products/{id}"), Some(&admin), vec![text("productName", "Linen Kurta")]).await.expect(200);
    let slug_after = app.get(&format!("/api/products/{id}"), None).await.body["data"]["slug"].as_str().unwrap_or_default().to_string();
    for s in [slug, slug_after.as_str()] {
        let data = page(&app, &format!("/product/{s}")).await.data();
        if let Some(found) = data.get(format!("/api/products/{s}")) {
            assert_eq!(found["data"]["name"], "Linen Kurta", "/product/{s}");
        }
    }
    assert_eq!(page(&app, &format!("/product/{slug_after}")).await.data()[format!("/api/products/{slug_after}")]["data"]["name"], "Linen Kurta");
    assert_eq!(page(&app, "/shop").await.data()["/api/products?page=1&limit=24&sort=newest"]["data"][0]["name"], "Linen Kurta");

    // A new company name shows in the next page too.
    app.form("PUT", "/api/company-details", Some(&admin), vec![text("name", "Kapda")]).await.expect(200);
    assert_eq!(page(&app, "/").await.data()["/api/company-details"]["data"]["name"], "Kapda");
}

#[actix_web::test]
async fn legal_pages_carry_the_owners_text_so_they_draw_it_first() {
    let (app, _dir) = shop_with_web_app();
    let admin = app.admin().await;
    app.post("/api/legal-pages", Some(&admin), json!({ "slug": "privacy-policy", "content": "We keep <little>." })).await.expect(200);
    for path in ["/privacy-policy", "/terms-and-conditions"] {
        let page = page(&app, path).await;
        assert_eq!(page.status, 200, "{path}");
        let data = page.data();
        // The very answer the API gives, with the owner's saved text.
        assert_eq!(data["/api/legal-pages"], app.get("/api/legal-pages", None).await.expect(200).body, "{path}");
        assert_eq!(data["/api/legal-pages"]["data"][0]["content"], "We keep <little>.", "{path}");
        assert!(!page.data_text().unwrap_or_default().contains("<little>"), "{path}: escaped inside the data block");
        assert!(data.get("/api/company-details").is_some(), "{path}: and what every page gets");
        // The title the web app gives the page, from the first byte.
        let title = if path == "/privacy-policy" { "Privacy Policy" } else { "Terms and Conditions" };
        assert!(page.html.contains(&format!("<title>{title} | ")), "{path}: {}", page.html);
        assert!(page.html.contains(&format!(r#"<link rel="canonical" href="{PUBLIC_URL}{path}">"#)), "{path}");
    }
    // Saved again: the next load carries the new text.
    app.post("/api/legal-pages", Some(&admin), json!({ "slug": "privacy-policy", "content": "We keep less." })).await.expect(200);
    assert_eq!(page(&app, "/privacy-policy").await.data()["/api/legal-pages"]["data"][0]["content"], "We keep less.");
}

#[actix_web::test]
async fn unknown_products_and_other_paths_behave_as_before() {
    let (app, _dir) = shop_with_web_app();
    // An unknown product: the web app itself, without a product answer (it asks, and shows
    // "Product not found"), answered 404 so crawlers and link checkers see it is gone.
    let missing = page(&app, "/product/no-such-thing").await;
    assert_eq!(missing.status, 404);
    assert!(missing.html.contains(r#"<div id="root"></div>"#));
    assert!(missing.data().get("/api/products/no-such-thing").is_none());
    assert!(missing.preload().is_none());
    assert_eq!(app.get("/api/products/no-such-thing", None).await.status.as_u16(), 404);

    // Deep links still get the web app; the back office gets no catalogue data.
    for path in ["/shop?page=2", "/category/men", "/myaccount/order", "/admin/product", "/product/caf%C3%A9"] {
        let p = page(&app, path).await;
        // This shop has no product café and no category men: the web app says so, under a 404.
        let gone = path.starts_with("/product/") || path.starts_with("/category/");
        assert_eq!(p.status, if gone { 404 } else { 200 }, "{path}");
        // Only the shop has plain HTML here: no category men, no such product.
        let root = if path.starts_with("/shop") { r#"<div id="root"><div id="shop-plain">"# } else { r#"<div id="root"></div>"# };
        assert!(p.html.contains(root), "{path}");
        assert!(p.data().get("/api/products?page=1&limit=24&sort=newest").is_none(), "{path}");
    }
    // The back office gets only what every page gets (the shop's name for its header and
    // title), and its screen's title.
    let office = page(&app, "/admin/product").await;
    let data = office.data();
    assert_eq!(data.as_object().map(|o| o.keys().cloned().collect::<Vec<_>>()), Some(vec!["/api/company-details".to_string()]));
    assert!(office.html.contains("<title>Products | Fashion Shop</title>"), "{}", office.html);
    assert!(office.html.contains(r#"<meta name="robots" content="noindex">"#));
    // A path no page has gets the web app's not-found screen, answered 404, and so does a
    // category the shop does not have (the app says "We have no category of this name" under
    // the slug's words, with a link to the shop): crawlers see both as gone, not as pages. A
    // path the web app sends on to a page (the account area's) is a page.
    for path in ["/no-such-page", "/category/summer-sale"] {
        let nowhere = page(&app, path).await;
        assert_eq!(nowhere.status, 404, "{path}");
        assert!(nowhere.html.contains(r#"<div id="root"></div>"#) && nowhere.html.contains(r#"<meta name="robots" content="noindex">"#), "{path}");
        assert!(!nowhere.html.contains(r#"rel="canonical""#), "{path}");
    }
    for path in ["/myaccount", "/myaccount/no-such-tab"] {
        assert_eq!(page(&app, path).await.status, 200, "{path}");
    }
    // A shop page with filters in its address gets what the filters do not change: the category
    // tree for its filter panel (drawn once), not the first page of products nor its picture.
    let filtered = page(&app, "/shop?page=2").await;
    assert!(filtered.data()["/api/categories"]["data"].is_array(), "{}", filtered.html);
    assert!(filtered.preload().is_none());

    // Paths that are not pages keep their 404s.
    for path in ["/api/no-such", "/uploads/missing.png", "/assets/missing.js"] {
        let p = page(&app, path).await;
        assert_eq!(p.status, 404, "{path}");
        assert!(!p.html.contains("shop-first-paint"), "{path}");
    }
}

#[actix_web::test]
async fn a_route_preloads_its_own_chunks_from_the_build_manifest() {
    let (app, dir) = shop_with_web_app();
    std::fs::create_dir_all(dir.path().join(".vite")).unwrap();
    let manifest = json!({
        "index.html": { "file": "assets/index-abc.js", "isEntry": true },
        "_cards-1.js": { "file": "assets/cards-1.js", "css": ["assets/cards-1.css"] },
        "src/app/routes/home.tsx": { "file": "assets/home-2.js", "isDynamicEntry": true, "imports": ["index.html", "_cards-1.js"] },
        "src/app/routes/product.tsx": { "file": "assets/product-3.js", "isDynamicEntry": true, "imports": ["_cards-1.js"] }
    });
    std::fs::write(dir.path().join(".vite/manifest.json"), manifest.to_string()).unwrap();

    let home = page(&app, "/").await;
    for tag in [
        r#"<link rel="modulepreload" crossorigin href="/assets/home-2.js">"#,
        r#"<link rel="modulepreload" crossorigin href="/assets/cards-1.js">"#,
        r#"<link rel="preload" as="style" crossorigin href="/assets/cards-1.css">"#,
    ] {
        assert!(home.html.contains(tag), "{tag} in {}", home.html);
    }
    assert_eq!(home.html.matches("index-abc.js").count(), 1, "the entry is not preloaded twice");
    let product = page(&app, "/product/anything").await;
    assert!(product.html.contains("/assets/product-3.js") && !product.html.contains("/assets/home-2.js"));
    let cart = page(&app, "/cart").await;
    assert!(!cart.html.contains("modulepreload"), "{}", cart.html);
    // The manifest itself is not served.
    assert!(!page(&app, "/.vite/manifest.json").await.html.contains("isEntry"));

    // A new release (a new index.html) is served at once.
    std::fs::write(dir.path().join("index.html"), INDEX.replace("<div id=\"root\">", "<div data-release=\"2\" id=\"root\">")).unwrap();
    assert!(page(&app, "/shop").await.html.contains("data-release=\"2\""));
}

#[actix_web::test]
async fn the_picture_is_preloaded_when_the_api_answered_first() {
    // The answers are then already cached as bytes: the page still finds their pictures.
    let (app, _dir, admin, shirt) = shop_selling("Oxford Shirt", "M").await;
    let slug = shirt["slug"].as_str().unwrap_or_default().to_string();
    let image = &shirt["images"][0];
    let tree = app.get("/api/categories", None).await.expect(200).body;
    app.get("/api/products?page=1&limit=24&sort=newest", None).await.expect(200);
    app.get(&format!("/api/products/{slug}"), None).await.expect(200);

    for (path, href) in [
        ("/".to_string(), tree["data"][0]["imageUrl"].as_str().unwrap_or("?")),
        ("/shop".to_string(), image["thumbUrl"].as_str().unwrap_or("?")),
        (format!("/product/{slug}"), image["url"].as_str().unwrap_or("?")),
    ] {
        let preload = page(&app, &path).await.preload().unwrap_or_default().to_string();
        assert!(preload.contains(&format!(r#"href="{href}""#)), "{path}: {preload}");
    }

    // A new catalogue version (another product, newest first) moves the shop's picture too.
    let men = shirt["category"]["id"].as_str().unwrap_or_default();
    let kurta = app.product(&admin, "Silk Kurta", men, variant("L")).await;
    app.get("/api/products?page=1&limit=24&sort=newest", None).await.expect(200);
    let preload = page(&app, "/shop").await.preload().unwrap_or_default().to_string();
    assert!(preload.contains(&format!(r#"href="{}""#, kurta["images"][0]["thumbUrl"].as_str().unwrap_or("?"))), "{preload}");
}

/// The JSON-LD documents of a page, parsed.
fn structured(html: &str) -> Vec<Value> {
    html.split(r#"<script type="application/ld+json">"#)
        .skip(1)
        .filter_map(|rest| rest.split("</script>").next())
        .filter_map(|json| serde_json::from_str(json).ok())
        .collect()
}

#[actix_web::test]
async fn pages_tell_search_engines_and_link_previews_what_they_are() {
    let (app, _dir, _, _) = shop_selling("Oxford Shirt", "M").await;

    let product = page(&app, "/product/oxford-shirt").await;
    assert_eq!(product.html.matches("<title>").count(), 1, "index.html's title is replaced");
    // No company name is saved yet: the web app's default, from the page contract.
    assert!(product.html.contains("<title>Oxford Shirt | Fashion Shop</title>"), "{}", product.html);
    assert!(product.html.contains(r#"<meta name="description" content="₹999.00 "#));
    // The page's description replaces index.html's: a search engine reads one.
    for path in ["/product/oxford-shirt", "/", "/shop", "/category/men"] {
        let html = page(&app, path).await.html;
        assert_eq!(html.matches(r#"<meta name="description""#).count(), 1, "{path}: {html}");
        assert!(!html.contains("Online fashion shop"), "{path}");
    }
    let canonical = |html: &str| {
        let start = html.find(r#"<link rel="canonical" href=""#).map(|i| i + 28)?;
        Some(html[start..start + html[start..].find('"')?].to_string())
    };
    let url = canonical(&product.html).unwrap_or_default();
    assert_eq!(url, format!("{PUBLIC_URL}/product/oxford-shirt"), "the shop's public address, not the request's Host");
    assert!(product.html.contains(r#"<meta property="og:type" content="product">"#));
    assert!(product.html.contains(&format!(r#"<meta property="og:image" content="{PUBLIC_URL}/uploads/"#)));
    let documents = structured(&product.html);
    let item = documents.iter().find(|d| d["@type"] == "Product").cloned().unwrap_or_default();
    assert_eq!(item["name"], "Oxford Shirt");
    // The shop's name for link previews; the product's id is its productID, not a SKU (the
    // shop's own codes are per size).
    assert!(product.html.contains(r#"<meta property="og:site_name" content="Fashion Shop">"#), "{}", product.html);
    assert!(item.get("sku").is_none() && item["productID"].is_string(), "{item}");
    assert_eq!(item["offers"]["priceCurrency"], "INR");
    assert_eq!(item["offers"]["price"], "999.00");
    assert_eq!(item["offers"]["availability"], "https://schema.org/InStock");
    let trail = documents.iter().find(|d| d["@type"] == "BreadcrumbList").cloned().unwrap_or_default();
    let names: Vec<&str> = trail["itemListElement"].as_array().into_iter().flatten().filter_map(|i| i["name"].as_str()).collect();
    assert_eq!(names, vec!["Home", "Men", "Oxford Shirt"]);

    // A link written with the product's name shows it, under the slug's canonical URL.
    let by_name = page(&app, "/product/Oxford%20Shirt").await;
    assert_eq!(canonical(&by_name.html), Some(url));
    app.get("/api/products/Oxford%20Shirt", None).await.expect(200);

    let category = page(&app, "/category/men").await;
    assert!(category.html.contains("<title>Men | Fashion Shop</title>"));
    // The category as the web app finds it: by its name in any case, hyphens read as spaces.
    let by_name = page(&app, "/category/MEN").await;
    assert!(by_name.html.contains("<title>Men | Fashion Shop</title>"), "{}", by_name.html);
    assert_eq!(canonical(&by_name.html), Some(format!("{PUBLIC_URL}/category/men")));
    assert!(page(&app, "/category/summer-sale").await.html.contains("<title>summer sale | Fashion Shop</title>"));
    assert!(page(&app, "/category/All-Products").await.html.contains("<title>All Products | Fashion Shop</title>"));
    // A shopper's own pages ask not to be indexed and name no canonical address; their titles
    // are the web app's.
    for (path, title) in [("/cart", "Cart"), ("/login", "Sign In"), ("/myaccount/order", "My Orders")] {
        let own = page(&app, path).await;
        assert!(own.html.contains(r#"<meta name="robots" content="noindex">"#) && canonical(&own.html).is_none(), "{path}");
        assert!(own.html.contains(&format!("<title>{title} | Fashion Shop</title>")), "{path}: {}", own.html);
    }
    // A path no page has is the web app's not-found screen: not indexed either.
    let missing = page(&app, "/no-such-page").await;
    assert!(missing.html.contains("<title>Page not found | Fashion Shop</title>") && canonical(&missing.html).is_none(), "{}", missing.html);

    let (status, headers, body) = app.get_raw("/sitemap.xml", &[]).await;
    let sitemap = String::from_utf8(body).unwrap_or_default();
    assert_eq!(status, 200);
    assert!(headers.get("content-type").and_then(|v| v.to_str().ok()).is_some_and(|t| t.starts_with("application/xml")));
    // The shop's own pages too (about, blog, its policies), not only the catalogue.
    for path in ["/shop</loc>", "/category/men</loc>", "/product/oxford-shirt</loc><lastmod>", "/about</loc>", "/blog</loc>", "/privacy-policy</loc>", "/terms-and-conditions</loc>", "/refund-policy</loc>"] {
        assert!(sitemap.contains(path), "{path} in {sitemap}");
    }
    let robots = String::from_utf8(app.get_raw("/robots.txt", &[]).await.2).unwrap_or_default();
    for path in ["/checkout", "/admin", "/myaccount", "/login"] {
        assert!(robots.contains(&format!("Disallow: {path}\n")), "{path} in {robots}");
    }
    assert_eq!(robots.matches("Disallow: /myaccount\n").count(), 1, "{robots}");
    assert!(robots.trim_end().ends_with(&format!("Sitemap: {PUBLIC_URL}/sitemap.xml")), "{robots}");
}

/// The page's plain HTML: what a browser without JavaScript shows.
fn plain(html: &str) -> &str {
    let start = html.find(r#"<div id="shop-plain">"#).unwrap_or(html.len());
    let end = html[start..].find("</footer></div>").map_or(html.len(), |i| start + i);
    &html[start..end]
}

#[actix_web::test]
async fn pages_read_without_javascript_show_products_escaped() {
    let (app, _dir, admin, shirt) = shop_selling("Oxford <b>Shirt</b>", "M").await;
    let (id, slug) = (shirt["id"].as_str().unwrap_or_default(), shirt["slug"].as_str().unwrap_or_default().to_string());
    app.form("PUT", &format!("/api/products/{id}"), Some(&admin), vec![text("description", "Soft 'cotton' <script>x</script>\nTwo lines.\n\nMade in Jaipur.")])
        .await
        .expect(200);
    let men_slug = app.get("/api/categories", None).await.body["data"][0]["slug"].as_str().unwrap_or_default().to_string();

    let product = page(&app, &format!("/product/{slug}")).await;
    // Inside the app's root element, which the app empties when it renders; hidden where
    // scripts run, shown (and styled) where they do not.
    assert!(product.html.contains(r#"<div id="root"><div id="shop-plain">"#));
    let head = &product.html[..product.html.find("</head>").unwrap_or(0)];
    assert!(head.contains("<style>#shop-plain{display:none}</style><noscript><style>#shop-plain{display:block;"), "{head}");
    let html = plain(&product.html);
    for part in [
        "<h1>Oxford &lt;b&gt;Shirt&lt;/b&gt;</h1>",
        r#"<p class="price">₹999.00 <s>MRP ₹1,099.00</s> <span>9% off</span></p><p>Inclusive of all taxes (GST).</p>"#,
        r#"<p class="stock">In stock</p>"#,
        "<td>M</td><td>Red</td><td>₹999.00</td><td>4 in stock</td>",
        "<p>Soft &#39;cotton&#39; &lt;script&gt;x&lt;/script&gt;<br>Two lines.</p><p>Made in Jaipur.</p>",
        &format!(r#"<li><a href="/category/{men_slug}">Men</a></li>"#),
    ] {
        assert!(html.contains(part), "{part} in {html}");
    }
    assert!(!html.contains("<b>") && !html.contains("<script"), "{html}");
    // Its pictures load lazily: where the app runs they are never fetched.
    assert!(html.contains(r#" loading="lazy">"#), "{html}");

    // Listings: their products' names as links, with prices.
    let link = format!(r#"<a href="/product/{slug}">Oxford &lt;b&gt;Shirt&lt;/b&gt;</a> <span>₹999.00</span>"#);
    for path in ["/".to_string(), "/shop".to_string(), format!("/category/{men_slug}"), "/shop?sort=price_asc".to_string()] {
        let listing = page(&app, &path).await;
        assert!(plain(&listing.html).contains(&link), "{path}: {}", plain(&listing.html));
    }
    // A filter that leaves nothing says so; a query the API refuses shows the first page.
    assert!(plain(&page(&app, "/shop?minPrice=5000").await.html).contains("<p>0 product(s) found</p><p>No products found.</p>"));
    assert!(plain(&page(&app, "/shop?minPrice=cheap").await.html).contains(&link));

    // An edit shows in the next page: the plain HTML follows the catalogue's version.
    app.form("PUT", &format!("/api/products/{id}"), Some(&admin), vec![text("productName", "Linen Kurta")]).await.expect(200);
    assert!(plain(&page(&app, "/shop").await.html).contains(">Linen Kurta</a>"));
    // A shopper's own pages and the back office have none.
    for path in ["/cart", "/myaccount/order", "/admin/product", "/product/no-such-thing"] {
        assert!(!page(&app, path).await.html.contains("shop-plain"), "{path}");
    }
}

/// Wherever a GET answers, a HEAD answers the same headers without the body (RFC 9110, 9.3.2):
/// crawlers and uptime monitors check the sitemap, robots.txt and the API this way.
#[actix_web::test]
async fn head_answers_wherever_get_does() {
    let (app, _dir) = shop_with_web_app();
    for path in ["/sitemap.xml", "/robots.txt", "/", "/shop", "/api/products", "/api/categories", "/api/openapi.json", "/api/health"] {
        let (get_status, get_headers, _) = app.get_raw(path, &[]).await;
        let (status, headers, body) = app.head(path).await;
        assert_eq!((status, get_status), (200, 200), "{path}");
        assert!(body.is_empty(), "{path}");
        assert_eq!(headers.get("content-type"), get_headers.get("content-type"), "{path}");
    }
    let (status, headers, _) = app.head("/api/no-such-thing").await;
    assert_eq!(status, 404);
    assert!(headers.get("content-type").is_some());
}

/// A storefront address with characters no file name has is still a page the web app draws
/// (its not-found screen, with a 404 for crawlers), never the file server's plain-text error.
#[actix_web::test]
async fn odd_storefront_addresses_get_the_not_found_page() {
    let (app, _dir) = shop_with_web_app();
    // A shopper's own pages answer 200 for any path below them (the web app moves on to a
    // page it has); the others have no such product or category.
    for (path, status) in [("/product/%3E", 404), ("/product/a%2Fb", 404), ("/product/.env", 404), ("/category/%2e%2e/assets/", 404), ("/myaccount/%3Cx%3E", 200)] {
        let answer = page(&app, path).await;
        assert_eq!(answer.status, status, "{path}: {}", answer.html);
        let kind = answer.headers.get("content-type").and_then(|v| v.to_str().ok()).unwrap_or_default().to_string();
        assert!(kind.starts_with("text/html"), "{path}: {kind}");
        assert!(answer.html.contains(r#"<meta name="robots" content="noindex">"#), "{path}: {}", answer.html);
        assert!(answer.headers.get("x-content-type-options").is_some(), "{path}");
    }
}

/// Defect: categories made by a catalogue import have no picture, and the first of them led the
/// home page: no hero picture preloaded or drawn, and the web app rotated through blank slides.
/// The hero shows the top-level categories that have a picture.
#[actix_web::test]
async fn the_hero_starts_with_the_first_category_that_has_a_picture() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("index.html"), INDEX).unwrap();
    let clock = kernel::Clock::system();
    let app = TestApp::builder().web_app(dir.path()).clock(clock.clone()).spawn();
    let admin = app.admin().await;
    let men = app.category(&admin, "Men", None).await;
    let shirt = app.product(&admin, "Oxford Shirt", &men, variant("M")).await;
    let picture = shirt["images"][0]["url"].as_str().unwrap_or_default().trim_start_matches("/uploads/");
    // The import came first (the tree lists categories oldest first).
    clock.advance(chrono::Duration::days(-1));
    let file = format!(
        "product_slug,product_name,category,description,hsn_code,best_seller,images,size,color,color_hex,stock,price,discount,sku\n\
         jute-bag,Jute Bag,Accessories,A bag,,no,{picture},Free,Natural,#C8B58A,5,499,0,JB-1\n"
    );
    let imported = send_to(&app.server, "POST", "/api/admin/catalog/import", Some(&admin), Body::Bytes("text/csv".into(), file.as_bytes().to_vec()), &[]).await;
    imported.expect(200);
    let tree = app.get("/api/categories", None).await.body;
    assert_eq!((tree["data"][0]["name"].as_str(), tree["data"][0]["imageUrl"].as_str()), (Some("Accessories"), None), "the imported category leads");
    let men = tree["data"].as_array().into_iter().flatten().find(|c| c["name"] == "Men").cloned().unwrap_or_default();
    let picture = men["imageUrl"].as_str().unwrap_or("?");

    let home = page(&app, "/").await;
    let preload = home.preload().unwrap_or_default();
    assert!(preload.contains(&format!(r#"href="{picture}""#)), "{preload}");
    assert!(home.html.contains(&format!(r#"<section class="hero"><img src="{picture}""#)), "the first screen draws Men's picture");
    assert!(home.html.contains(r#"<p class="title">Men</p>"#) && !home.html.contains(r#"<p class="title">Accessories</p>"#));
}

/// Defect: every page of a listing named its first page as the canonical address, so search
/// engines were told to drop the products shown only on later pages. A later page is its own
/// canonical address (its filters and sort aside: they show the same products again).
#[actix_web::test]
async fn a_later_page_of_a_listing_is_its_own_canonical_address() {
    let (app, _dir, _, _) = shop_selling("Oxford Shirt", "M").await;
    let canonical = |html: &str| {
        let start = html.find(r#"<link rel="canonical" href=""#).map(|i| i + 28)?;
        Some(html[start..start + html[start..].find('"')?].to_string())
    };
    for (path, wanted) in [
        ("/shop?page=2", "/shop?page=2"),
        ("/shop?sort=price_asc&page=3", "/shop?page=3"),
        ("/shop?page=1", "/shop"),
        ("/shop?page=two", "/shop"),
        ("/shop?sort=price_asc", "/shop"),
        ("/category/men?page=2", "/category/men?page=2"),
        ("/category/MEN?page=2", "/category/men?page=2"),
    ] {
        let html = page(&app, path).await.html;
        assert_eq!(canonical(&html), Some(format!("{PUBLIC_URL}{wanted}")), "{path}");
    }
}

/// Defect: `/index.html` (asked for by crawlers, old bookmarks and some hosting set-ups) was
/// the bare file: no title, no data, and the web app's "Page not found" screen under a 200.
/// It is the home page: a permanent redirect to `/`.
#[actix_web::test]
async fn index_html_is_the_home_page() {
    let (app, _dir) = shop_with_web_app();
    // A client that shows the redirect instead of following it.
    let client = awc::Client::builder().disable_redirects().finish();
    let answer = client.get(app.server.url("/index.html")).send().await.expect("an answer");
    assert_eq!(answer.status().as_u16(), 301);
    assert_eq!(answer.headers().get("location").and_then(|v| v.to_str().ok()), Some("/"));
    // Followed, it is the home page with its title and data.
    let home = page(&app, "/index.html").await;
    assert_eq!(home.status, 200);
    assert!(!home.html.contains("<title>Shop</title>") && home.data().get("/api/categories").is_some(), "{}", home.html);
}
