//! The catalogue as CSV: export, all-or-nothing import, round trips.

use serde_json::{json, Value};
use store::testing::TestDb;

use crate::helpers::{count, send_to, stock, Body, Reply, TestApp};

async fn export(app: &TestApp, admin: &str) -> String {
    let (status, headers, bytes) = app.get_raw("/api/admin/catalog/export", &[("Authorization", &format!("Bearer {admin}"))]).await;
    assert_eq!(status, 200);
    assert_eq!(headers.get("content-type").and_then(|v| v.to_str().ok()), Some("text/csv; charset=utf-8"));
    String::from_utf8(bytes).expect("UTF-8")
}

/// A request that may take minutes (the large round trip).
async fn slow(app: &TestApp, admin: &str, method: &str, path: &str, body: Option<String>) -> (u16, String) {
    let method = actix_web::http::Method::from_bytes(method.as_bytes()).expect("method");
    let request = app
        .server
        .request(method, app.server.url(path))
        .timeout(std::time::Duration::from_secs(1200))
        .insert_header(("Authorization", format!("Bearer {admin}")))
        .insert_header(("Content-Type", "text/csv"));
    let mut response = match body {
        Some(text) => request.send_body(text).await,
        None => request.send().await,
    }
    .expect("an answer");
    let bytes = response.body().limit(256 * 1024 * 1024).await.expect("a body");
    (response.status().as_u16(), String::from_utf8(bytes.to_vec()).expect("UTF-8"))
}

async fn import(app: &TestApp, admin: &str, text: &str) -> Reply {
    send_to(&app.server, "POST", "/api/admin/catalog/import", Some(admin), Body::Bytes("text/csv".into(), text.as_bytes().to_vec()), &[]).await
}

/// A refused import's lines and messages.
fn row_errors(refused: &Reply) -> Vec<(u64, String)> {
    refused.body["errors"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|e| (e["line"].as_u64().unwrap_or(0), e["message"].as_str().unwrap_or("").to_string()))
        .collect()
}

#[allow(clippy::too_many_arguments)] // one argument per column the tests vary
fn row(slug: &str, name: &str, category: &str, description: &str, images: &str, size: &str, stock: i32, price: &str, discount: &str, sku: &str) -> String {
    let cells = [slug, name, category, description, "", "no", images, size, "White", "#FFFFFF", &stock.to_string(), price, discount, sku];
    cells.iter().map(|c| if c.contains([',', '"', '\n']) { format!("\"{}\"", c.replace('"', "\"\"")) } else { c.to_string() }).collect::<Vec<_>>().join(",")
}

const HEADER: &str = "product_slug,product_name,category,description,hsn_code,best_seller,images,size,color,color_hex,stock,price,discount,sku";

/// Men > Shirts and Sarees, each with a picture.
async fn categories(app: &TestApp, admin: &str) {
    let men = app.category(admin, "Men", None).await;
    app.category(admin, "Shirts", Some(&men)).await;
    app.category(admin, "Sarees", None).await;
}

/// The category with that slug, anywhere in the tree.
fn by_slug(tree: &Value, slug: &str) -> Value {
    let nodes = tree.as_array().cloned().unwrap_or_default();
    nodes
        .iter()
        .find(|c| c["slug"] == slug)
        .cloned()
        .or_else(|| nodes.iter().map(|c| by_slug(&c["subCategories"], slug)).find(|c| !c.is_null()))
        .unwrap_or(Value::Null)
}

fn image_of(product: &Value) -> String {
    product["images"][0]["url"].as_str().unwrap_or("").trim_start_matches("/uploads/").to_string()
}

#[actix_web::test]
async fn the_catalogue_goes_out_and_back_in_unchanged_with_devanagari_emoji_and_formula_cells() {
    for backend in TestDb::backends() {
        let a = TestApp::builder().backend(backend).spawn();
        let admin = a.admin().await;
        categories(&a, &admin).await;
        // Products through the import itself: a Devanagari name with an emoji, cells a
        // spreadsheet would run as formulas.
        let picture = {
            let men = a.get("/api/categories", None).await.body["data"][0]["id"].as_str().unwrap_or("").to_string();
            let p = a.product(&admin, "Seed Shirt", &men, json!([{ "size": "M", "color": "White", "stock": 1, "originalPrice": 100 }])).await;
            image_of(&p)
        };
        let file = [
            HEADER.to_string(),
            row("", "रेशमी साड़ी 🌸", "Sarees", "=HYPERLINK(\"http://evil\")", &picture, "Free", 3, "4999.00", "500.00", "SS-01"),
            row("oxford-shirt", "Oxford Shirt", "Men > Shirts", "-cotton\n+linen, @home", &picture, "M", 10, "1299.50", "0", "-OX-M"),
            row("oxford-shirt", "", "", "", "", "L", 0, "1299.50", "100", ""),
        ]
        .join("\r\n");
        let done = import(&a, &admin, &file).await.expect(200);
        assert_eq!(done.body["data"], json!({ "created": 2, "updated": 0, "unchanged": 0, "variants": 3, "categories": 0 }), "{}", done.body);
        assert_eq!(done.message(), "Imported 2 products: 2 new, 0 updated");
        // A name without Latin letters gets its Latin spelling as its slug.
        let saree = a.get("/api/products/reshmii-saaddii", None).await.expect(200);
        assert_eq!(saree.body["data"]["name"], "रेशमी साड़ी 🌸");
        assert_eq!(saree.body["data"]["description"], "=HYPERLINK(\"http://evil\")");

        let first = export(&a, &admin).await;
        assert!(first.starts_with('\u{feff}'), "a byte-order mark for Excel");
        assert!(first.contains("\"'=HYPERLINK(\"\"http://evil\"\")\""), "{first}");
        assert!(first.contains("\"'-cotton\n+linen, @home\""), "{first}");
        assert!(first.contains(",'-OX-M"), "{first}");
        assert!(first.contains("रेशमी साड़ी 🌸"));

        // A fresh shop with the same categories and the same uploads folder.
        let b = TestApp::builder().backend(backend).uploads(a.uploads.clone()).spawn();
        let admin_b = b.admin().await;
        categories(&b, &admin_b).await;
        import(&b, &admin_b, &first).await.expect(200);
        assert_eq!(export(&b, &admin_b).await, first);
        // The same file again into the same shop changes nothing and touches nothing: no
        // product is marked modified (the sitemap's lastmod, the caches' tags).
        let stamps = || async {
            let mut stamps = Vec::new();
            for slug in ["oxford-shirt", "reshmii-saaddii"] {
                stamps.push(b.get(&format!("/api/products/{slug}"), None).await.expect(200).body["data"]["updatedAt"].clone());
            }
            stamps
        };
        let before = stamps().await;
        let again = import(&b, &admin_b, &first).await.expect(200);
        assert_eq!((again.body["data"]["updated"].as_u64(), again.body["data"]["unchanged"].as_u64()), (Some(0), Some(3)), "{}", again.body);
        assert_eq!(again.message(), "Imported 3 products: 0 new, 0 updated, 3 unchanged");
        assert_eq!(stamps().await, before);
        assert_eq!(export(&b, &admin_b).await, first);
        // One changed price updates that product only.
        let cheaper = first.replacen("1299.50", "1199.50", 1);
        let changed = import(&b, &admin_b, &cheaper).await.expect(200);
        assert_eq!((changed.body["data"]["updated"].as_u64(), changed.body["data"]["unchanged"].as_u64()), (Some(1), Some(2)), "{}", changed.body);
    }
}

/// Defect: an exported file imported later put the stock back to the figures of the export,
/// undoing every order placed meanwhile (export, 2 sold, import the file with new prices: 2
/// pieces the shop no longer has were on sale again). The export says what each stock was
/// (`exported_stock`); a row whose stock is still that leaves the stock as the shop has it now,
/// and a new figure is taken only while the size still holds what was exported.
#[actix_web::test]
async fn an_exported_file_imported_later_never_undoes_the_orders_placed_meanwhile() {
    for app in TestApp::all() {
        let admin = app.admin().await;
        categories(&app, &admin).await;
        let men = app.get("/api/categories", None).await.body["data"][0]["id"].as_str().unwrap_or("").to_string();
        let shirt = app.product(&admin, "Linen Shirt", &men, json!([{ "size": "M", "color": "White", "stock": 10, "originalPrice": 999 }])).await;
        let (picture, slug) = (image_of(&shirt), shirt["slug"].as_str().unwrap_or("").to_string());
        let variant = shirt["variants"][0]["id"].as_str().unwrap_or("").to_string();
        let exported = export(&app, &admin).await;
        assert!(exported.contains(",exported_stock"), "{exported}");
        let line = |stock: i32, price: &str, seen: i32| format!("{HEADER},exported_stock\n{},{seen}", row(&slug, "Linen Shirt", "Men", "", &picture, "M", stock, price, "0", ""));

        // Two pieces sold after the export.
        let (asha, _) = app.customer("asha").await;
        let home = app.address(&asha, "12 Residency Road").await;
        app.add_to_cart(&asha, &variant, 2).await.expect(201);
        app.post("/api/orders/place", Some(&asha), json!({ "addressId": home, "paymentMethod": "COD" })).await.expect(201);
        assert_eq!(stock(&app, &variant), 8);

        // The exported file as it is: nothing changes, nothing is "updated".
        let again = import(&app, &admin, &exported).await.expect(200);
        assert_eq!((again.body["data"]["updated"].as_u64(), again.body["data"]["unchanged"].as_u64()), (Some(0), Some(1)), "{:?}: {}", app.backend, again.body);
        assert_eq!(stock(&app, &variant), 8);
        // New prices, the stock as exported: the price changes, the stock stays as it is now.
        import(&app, &admin, &line(10, "899", 10)).await.expect(200);
        assert_eq!(stock(&app, &variant), 8);
        // A new stock for a size that sold meanwhile: refused, naming the line and what is left.
        let refused = import(&app, &admin, &line(20, "899", 10)).await.expect(422);
        assert_eq!(
            row_errors(&refused),
            [(2, "The stock of size M (White) changed since the file was exported: 8 left now. Export the catalogue again, or leave its stock as exported.".to_string())]
        );
        assert_eq!(stock(&app, &variant), 8);
        // Counted again from the shop's figure, it is taken.
        import(&app, &admin, &line(20, "899", 8)).await.expect(200);
        assert_eq!(stock(&app, &variant), 20);
        // A file of the old layout (no exported_stock) sets the stock it names, as before.
        import(&app, &admin, &format!("{HEADER}\n{}", row(&slug, "Linen Shirt", "Men", "", &picture, "M", 12, "899", "0", ""))).await.expect(200);
        assert_eq!(stock(&app, &variant), 12);
    }
}

#[actix_web::test]
async fn an_import_with_bad_rows_names_each_line_and_changes_nothing() {
    for app in TestApp::all() {
        let admin = app.admin().await;
        categories(&app, &admin).await;
        let men = app.get("/api/categories", None).await.body["data"][0]["id"].as_str().unwrap_or("").to_string();
        let shirt = app.product(&admin, "Linen Shirt", &men, json!([{ "size": "M", "color": "White", "stock": 4, "originalPrice": 999, "sku": "LS-M" }])).await;
        let picture = image_of(&shirt);
        let variant = shirt["variants"][0]["id"].as_str().unwrap_or("").to_string();
        let slug = shirt["slug"].as_str().unwrap_or("").to_string();
        let products = count(&app, "products");

        let file = [
            HEADER.to_string(),
            row(&slug, "Linen Shirt", "Men", "", &picture, "M", 50, "999", "0", "LS-M"),
            row("new-one", "New One", "Men > Trousers!", "", &picture, "M", 1, "500", "0", ""),
            row("new-two", "New Two", "Sarees", "", &picture, "M", 1, "500", "600", ""),
            row("new-three", "New Three", "Sarees", "", "nowhere.png", "M", 1, "500", "0", "LS-M"),
            row("new-four", "New Four", "Sarees", "", &picture, "M", -2, "500", "0", ""),
        ]
        .join("\n");
        let refused = import(&app, &admin, &file).await.expect(422);
        assert_eq!(refused.body["code"], "invalid_rows");
        assert_eq!(refused.message(), "4 lines of the file cannot be imported; nothing was changed");
        let errors = row_errors(&refused);
        assert_eq!(
            errors,
            [
                (3, "Category Men > Trousers!: Category name may contain only letters, digits and spaces".to_string()),
                (4, "Discount Price cannot be greater than Original Price".to_string()),
                (5, "Image nowhere.png is not in the shop's uploads".to_string()),
                (5, "SKU LS-M is already used on line 2".to_string()),
                (6, "Stock must be a whole number of 0 or more".to_string()),
            ]
        );
        // Nothing changed, not even the valid first row.
        assert_eq!((count(&app, "products"), stock(&app, &variant)), (products, 4));
        // A file whose only fault is in a product row creates none of its new categories.
        let categories_before = count(&app, "categories");
        let file = [HEADER.to_string(), row("new-five", "New Five", "Women > Kurtas", "", &picture, "M", -1, "500", "0", "")].join("\n");
        assert_eq!(import(&app, &admin, &file).await.expect(422).body["errors"][0]["line"], 2);
        assert_eq!(count(&app, "categories"), categories_before);

        // The first row alone updates the product by its slug, keeping its variant.
        let file = [HEADER.to_string(), row(&slug, "Linen Shirt", "Men", "", &picture, "M", 50, "999", "0", "LS-M")].join("\n");
        let done = import(&app, &admin, &file).await.expect(200);
        assert_eq!(done.body["data"], json!({ "created": 0, "updated": 1, "unchanged": 0, "variants": 1, "categories": 0 }));
        assert_eq!(stock(&app, &variant), 50);

        // Not a catalogue file; not an admin.
        let wrong = import(&app, &admin, "name,price\nShirt,10\n").await.expect(422);
        assert_eq!(wrong.body["errors"][0]["line"], 1);
        let (customer, _) = app.customer("asha").await;
        assert_eq!(import(&app, &customer, &file).await.status, 403);
    }
}

#[actix_web::test]
async fn an_import_names_the_line_that_repeats_a_size_and_each_fault_once() {
    for app in TestApp::all() {
        let admin = app.admin().await;
        categories(&app, &admin).await;
        let men = app.get("/api/categories", None).await.body["data"][0]["id"].as_str().unwrap_or("").to_string();
        let shirt = app.product(&admin, "Linen Shirt", &men, json!([{ "size": "M", "color": "White", "stock": 4, "originalPrice": 999 }])).await;
        let picture = image_of(&shirt);
        let thrice = [picture.as_str(); 3].join("|");
        let rows = [
            HEADER.to_string(),
            row("kurta", "Kurta", "Sarees", "", &picture, "M", 1, "500", "0", ""),
            row("kurta", "", "", "", "", "L", 1, "500", "0", ""),
            row("kurta", "", "", "", "", "M", 1, "500", "0", ""),
            row("dupatta", "Dupatta", "Sarees", "", &thrice, "M", 1, "500", "0", ""),
            row("stole", "Stole", "Sarees", "", &picture, "M", 1, "1e20", "0", ""),
        ];
        // Lines end as Linux writes them, and as Excel does (CRLF): the same line numbers.
        for end in ["\n", "\r\n"] {
            let refused = import(&app, &admin, &rows.join(end)).await.expect(422);
            let errors = row_errors(&refused);
            assert_eq!(
                errors,
                [
                    (4, "Size M is listed more than once for the colour White".to_string()),
                    (5, format!("Image {picture} is listed twice")),
                    (6, "Original Price is too large".to_string()),
                ],
                "{end:?}"
            );
        }
    }
}

#[actix_web::test]
async fn an_import_creates_the_categories_its_paths_name_with_every_missing_level() {
    for app in TestApp::all() {
        let admin = app.admin().await;
        categories(&app, &admin).await;
        let men = app.get("/api/categories", None).await.body["data"][0]["id"].as_str().unwrap_or("").to_string();
        let picture = image_of(&app.product(&admin, "Seed Shirt", &men, json!([{ "size": "M", "color": "White", "stock": 1, "originalPrice": 100 }])).await);
        let before = count(&app, "categories");
        let file = [
            HEADER.to_string(),
            // Under an existing category, written in another case and spacing.
            row("chinos", "Chinos", "men  >  Trousers", "", &picture, "32", 5, "1499", "0", ""),
            // Three new levels; then a sibling under two of them, in the same file.
            row("cotton-kurta", "Cotton Kurta", "Women > Kurtas > Cotton", "", &picture, "M", 2, "899", "0", ""),
            row("silk-kurta", "Silk Kurta", "women > kurtas > Silk", "", &picture, "M", 1, "1999", "0", ""),
            row("plain-kurta", "Plain Kurta", "Women > Kurtas", "", &picture, "M", 1, "599", "0", ""),
        ]
        .join("\n");
        let done = import(&app, &admin, &file).await.expect(200);
        assert_eq!(done.body["data"], json!({ "created": 4, "updated": 0, "unchanged": 0, "variants": 4, "categories": 5 }), "{}", done.body);
        assert_eq!(done.message(), "Imported 4 products: 4 new, 0 updated; 5 new categories");
        assert_eq!(count(&app, "categories"), before + 5);
        // The new categories are the storefront's, each product in its own.
        let tree = app.get("/api/categories", None).await.body["data"].clone();
        let trousers = by_slug(&tree, "men-trousers");
        assert_eq!((trousers["name"].clone(), trousers["parentId"].clone()), (json!("Trousers"), json!(men)));
        let kurtas = by_slug(&tree, "women-kurtas");
        assert_eq!((kurtas["name"].clone(), kurtas["productCount"].clone()), (json!("Kurtas"), json!(3)));
        let cotton = by_slug(&tree, "women-kurtas-cotton");
        assert_eq!(cotton["parentId"], kurtas["id"]);
        assert_eq!(by_slug(&tree, "women")["subCategories"].as_array().map(Vec::len), Some(1));
        let kurta = app.get("/api/products/cotton-kurta", None).await.expect(200);
        assert_eq!(kurta.body["data"]["category"]["id"], cotton["id"]);
        // Exported, the paths read as written the first time; imported again, nothing new.
        let text = export(&app, &admin).await;
        assert!(text.contains(",Women > Kurtas > Silk,"), "{text}");
        assert!(text.contains(",Men > Trousers,"), "{text}");
        let again = import(&app, &admin, &text).await.expect(200);
        assert_eq!(again.body["data"]["categories"], 0);
        assert_eq!(count(&app, "categories"), before + 5);
        // A bad name anywhere in a new path is that line's error.
        let file = [HEADER.to_string(), row("odd", "Odd", "Women > > Tops", "", &picture, "M", 1, "599", "0", "")].join("\n");
        let refused = import(&app, &admin, &file).await.expect(422);
        assert_eq!(refused.body["errors"][0]["message"], "Category Women > > Tops: Please fill the category name.");
        assert_eq!(count(&app, "categories"), before + 5);
    }
}

/// 10,000 products with 40,000 variants: export, import into a fresh shop, export again.
/// Slow on PostgreSQL in a debug build, so run by hand: `cargo test -p server --test api
/// catalog_csv::large -- --ignored --nocapture` (it prints the times).
#[actix_web::test]
#[ignore]
async fn large_catalogue_round_trip() {
    for backend in TestDb::backends() {
        let a = TestApp::builder().backend(backend).spawn();
        let admin = a.admin().await;
        categories(&a, &admin).await;
        let men = a.get("/api/categories", None).await.body["data"][0]["id"].as_str().unwrap_or("").to_string();
        let picture = image_of(&a.product(&admin, "Seed", &men, json!([{ "size": "M", "color": "White", "stock": 1, "originalPrice": 100 }])).await);
        let mut lines = vec![HEADER.to_string()];
        for p in 0..10_000 {
            for (i, size) in ["S", "M", "L", "XL"].iter().enumerate() {
                let sku = format!("P{p}-{size}");
                lines.push(row(&format!("product-{p}"), &format!("Product {p} कुर्ता"), "Men > Shirts", "Soft", &picture, size, (p + i as i32) % 7, "999.50", "100", &sku));
            }
        }
        let started = std::time::Instant::now();
        assert_eq!(slow(&a, &admin, "POST", "/api/admin/catalog/import", Some(lines.join("\n"))).await.0, 200);
        let imported = started.elapsed();
        let first = slow(&a, &admin, "GET", "/api/admin/catalog/export", None).await.1;
        let exported = started.elapsed() - imported;
        let b = TestApp::builder().backend(backend).uploads(a.uploads.clone()).spawn();
        let admin_b = b.admin().await;
        categories(&b, &admin_b).await;
        let started = std::time::Instant::now();
        assert_eq!(slow(&b, &admin_b, "POST", "/api/admin/catalog/import", Some(first.clone())).await.0, 200);
        let second_import = started.elapsed();
        let second = slow(&b, &admin_b, "GET", "/api/admin/catalog/export", None).await.1;
        // The header, 40,000 variants and the seed product's one.
        assert_eq!(second.lines().count(), 1 + 40_000 + 1);
        assert_eq!(second, first);
        println!("{backend:?}: import {imported:?}, export {exported:?}, import into a fresh shop {second_import:?}");
    }
}
