//! Product pictures tagged with one of the product's colours (issue 17): the back office
//! sets them with the product form, every reader of the product sees them.

use serde_json::json;

use crate::helpers::{file, png, send_to, text, Body, TestApp};

fn variants() -> serde_json::Value {
    json!([
        { "size": "M", "color": "Navy Blue", "stock": 3, "originalPrice": 999, "discountPrice": 0 },
        { "size": "M", "color": "Maroon", "stock": 2, "originalPrice": 999, "discountPrice": 0 }
    ])
}

fn colours(product: &serde_json::Value) -> Vec<Option<String>> {
    product["images"].as_array().unwrap().iter().map(|i| i["color"].as_str().map(str::to_string)).collect()
}

/// Creates the Pashmina Stole (navy and maroon) in `category` with one picture per colour
/// given (`None`: untagged), as the back office's form sends it.
async fn stole(app: &TestApp, admin: &str, category: &str, picture_colours: serde_json::Value) -> crate::helpers::Reply {
    let count = picture_colours.as_array().map_or(0, Vec::len);
    let mut parts = vec![
        text("productName", "Pashmina Stole"),
        text("categoryId", category.to_string()),
        text("productVariants", variants().to_string()),
        text("newImageColors", picture_colours.to_string()),
    ];
    parts.extend((0..count).map(|i| file("images", format!("{i}.png"), png())));
    app.form("POST", "/api/products", Some(admin), parts).await
}

#[actix_web::test]
async fn pictures_carry_one_of_the_products_colours() {
    for app in TestApp::all() {
        let admin = app.admin().await;
        let men = app.category(&admin, "Men", None).await;
        // Three pictures: navy (any case), none, maroon.
        let created = stole(&app, &admin, &men, json!(["navy blue", null, "Maroon"])).await.expect(201);
        let product = created.body["data"].clone();
        let id = product["id"].as_str().unwrap().to_string();
        let expected = vec![Some("Navy Blue".to_string()), None, Some("Maroon".to_string())];
        assert_eq!(colours(&product), expected, "stored as the variants spell them");
        // The shop's readers see them: the product, its listing, a second instance.
        let one = app.get(&format!("/api/products/{id}"), None).await.expect(200);
        assert_eq!(colours(&one.body["data"]), expected);
        let listed = app.get("/api/products?limit=10", None).await.expect(200);
        assert_eq!(colours(&listed.body["data"][0]), expected);
        let other = app.second_instance().get(&format!("/api/products/{id}"), None).await.expect(200);
        assert_eq!(colours(&other.body["data"]), expected);

        // An update: the second picture becomes maroon, the first loses its colour, the
        // third keeps its own; a new picture is navy.
        let images: Vec<String> = product["images"].as_array().unwrap().iter().map(|i| i["id"].as_str().unwrap().to_string()).collect();
        let updated = app
            .form(
                "PUT",
                &format!("/api/products/{id}"),
                Some(&admin),
                vec![
                    text("imageColors", json!({ images[0].clone(): null, images[1].clone(): "MAROON" }).to_string()),
                    text("newImageColors", json!(["Navy Blue"]).to_string()),
                    file("images", "d.png", png()),
                ],
            )
            .await
            .expect(200);
        assert_eq!(
            colours(&updated.body["data"]),
            [None, Some("Maroon".into()), Some("Maroon".into()), Some("Navy Blue".into())]
        );

        // A colour the product lacks, more colours than pictures, another product's picture.
        let refused = app
            .form("PUT", &format!("/api/products/{id}"), Some(&admin), vec![text("imageColors", json!({ images[0].clone(): "Green" }).to_string())])
            .await
            .expect(422);
        assert_eq!(refused.error(), (422, "image_colour", Some("imageColors")));
        assert_eq!(refused.message(), "A picture's colour must be one of this product's colours; it has no Green");
        let refused = app
            .form("PUT", &format!("/api/products/{id}"), Some(&admin), vec![text("newImageColors", json!(["Maroon"]).to_string())])
            .await
            .expect(422);
        assert_eq!(refused.error(), (422, "image_colour", Some("newImageColors")));
        let other = app.product(&admin, "Other", &men, variants()).await;
        let foreign = other["images"][0]["id"].as_str().unwrap().to_string();
        let refused = app
            .form("PUT", &format!("/api/products/{id}"), Some(&admin), vec![text("imageColors", json!({ foreign: "Maroon" }).to_string())])
            .await
            .expect(422);
        assert_eq!(refused.error(), (422, "not_in_this_product", Some("imageColors")));
        // Text that is not JSON of that shape: a rule on the field's value.
        app.form("PUT", &format!("/api/products/{id}"), Some(&admin), vec![text("imageColors", "[1]")]).await.expect(422);

        // When the variants drop maroon, its pictures lose the colour.
        let navy_only = json!([{ "size": "M", "color": "Navy Blue", "stock": 3, "originalPrice": 999, "discountPrice": 0 }]);
        let updated = app
            .form("PUT", &format!("/api/products/{id}"), Some(&admin), vec![text("productVariants", navy_only.to_string())])
            .await
            .expect(200);
        assert_eq!(colours(&updated.body["data"]), [None, None, None, Some("Navy Blue".into())]);
        let again = app.get(&format!("/api/products/{id}"), None).await.expect(200);
        assert_eq!(colours(&again.body["data"]), [None, None, None, Some("Navy Blue".into())]);
    }
}

/// Defect: importing the catalogue's own CSV (which names pictures, not their colours) untagged
/// every picture, so a round trip lost what the back office had set.
#[actix_web::test]
async fn a_catalogue_import_keeps_the_colours_of_the_pictures_it_names_again() {
    for app in TestApp::all() {
        let admin = app.admin().await;
        let men = app.category(&admin, "Men", None).await;
        let created = stole(&app, &admin, &men, json!(["Navy Blue", "Maroon"])).await.expect(201);
        let id = created.body["data"]["id"].as_str().unwrap().to_string();
        let expected = vec![Some("Navy Blue".to_string()), Some("Maroon".to_string())];
        let bearer = format!("Bearer {admin}");
        let (status, _, csv) = app.get_raw("/api/admin/catalog/export", &[("Authorization", &bearer)]).await;
        assert_eq!(status, 200);
        send_to(&app.server, "POST", "/api/admin/catalog/import", Some(&admin), Body::Bytes("text/csv".into(), csv), &[]).await.expect(200);
        let after = app.get(&format!("/api/products/{id}"), None).await.expect(200);
        assert_eq!(colours(&after.body["data"]), expected, "{:?}", app.backend);
    }
}

/// Defect: renaming a colour in the product form (the same sizes, 'Navy Blue' now 'Indigo')
/// untagged its pictures, so the owner had to tag them all again. The pictures follow the
/// rename; when the sizes of a colour part ways (one 'Indigo', one 'Teal') there is no one
/// colour to follow and the tag goes.
#[actix_web::test]
async fn pictures_follow_a_colour_renamed_in_the_variants() {
    for app in TestApp::all() {
        let admin = app.admin().await;
        let men = app.category(&admin, "Men", None).await;
        let sizes = json!([
            { "size": "M", "color": "Navy Blue", "stock": 3, "originalPrice": 999, "discountPrice": 0 },
            { "size": "L", "color": "Navy Blue", "stock": 3, "originalPrice": 999, "discountPrice": 0 },
            { "size": "M", "color": "Maroon", "stock": 2, "originalPrice": 999, "discountPrice": 0 }
        ]);
        let mut parts = vec![
            text("productName", "Pashmina Stole"),
            text("categoryId", men.clone()),
            text("productVariants", sizes.to_string()),
            text("newImageColors", json!(["Navy Blue", "Maroon"]).to_string()),
        ];
        parts.extend((0..2).map(|i| file("images", format!("{i}.png"), png())));
        let product = app.form("POST", "/api/products", Some(&admin), parts).await.expect(201).body["data"].clone();
        let id = product["id"].as_str().unwrap().to_string();
        let ids: Vec<String> = product["variants"].as_array().unwrap().iter().map(|v| v["id"].as_str().unwrap().to_string()).collect();
        let colour_of = |v: &serde_json::Value| v["color"].as_str().unwrap().to_string();
        let size_of = |v: &serde_json::Value| v["size"].as_str().unwrap().to_string();
        let variant = |i: usize, colour: &str| {
            let v = &product["variants"][i];
            json!({ "id": ids[i], "size": size_of(v), "color": if colour_of(v) == "Navy Blue" { colour.to_string() } else { colour_of(v) }, "stock": 3, "originalPrice": 999, "discountPrice": 0 })
        };
        let renamed = json!([variant(0, "Indigo"), variant(1, "Indigo"), variant(2, "Indigo")]);
        let updated = app
            .form("PUT", &format!("/api/products/{id}"), Some(&admin), vec![text("productVariants", renamed.to_string())])
            .await
            .expect(200);
        assert_eq!(colours(&updated.body["data"]), [Some("Indigo".into()), Some("Maroon".into())], "{:?}", app.backend);

        // Indigo's M turns teal and its L olive: no one colour to follow.
        let parted = json!([variant(0, "Teal"), variant(1, "Olive"), variant(2, "Teal")]);
        let updated = app
            .form("PUT", &format!("/api/products/{id}"), Some(&admin), vec![text("productVariants", parted.to_string())])
            .await
            .expect(200);
        assert_eq!(colours(&updated.body["data"]), [None, Some("Maroon".into())]);
    }
}
