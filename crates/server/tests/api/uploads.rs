//! Uploaded files are judged by their content: SVG logos by a real XML parse against an
//! allow-list, photos by their pixel count before any decoding.

use crate::helpers::{file, text, Part, TestApp};

/// The company details form with this logo.
fn logo(bytes: &[u8]) -> Vec<Part> {
    vec![text("name", "Kapda Co"), file("logo", "logo.svg", bytes.to_vec())]
}

const SVG: &str = r#"xmlns="http://www.w3.org/2000/svg""#;

#[actix_web::test]
async fn svg_logos_keep_only_inert_drawing_elements_and_attributes() {
    let refused: Vec<(String, &str)> = vec![
        // Script in another prefix of the SVG namespace, and in the XHTML namespace.
        (format!(r#"<svg {SVG} xmlns:s="http://www.w3.org/2000/svg"><s:script>alert(document.domain)</s:script></svg>"#), "<s:script>"),
        (format!(r#"<svg {SVG}><h:script xmlns:h="http://www.w3.org/1999/xhtml">alert(1)</h:script></svg>"#), "<h:script>"),
        (r#"<svg:svg xmlns:svg="http://www.w3.org/2000/svg"><svg:script>alert(1)</svg:script></svg:svg>"#.to_string(), "<svg:script>"),
        (format!(r#"<svg {SVG} xmlns:xlink="http://www.w3.org/1999/xlink"><use xlink:href="https://evil.example/s.svg#x"/></svg>"#), "https://evil.example/s.svg#x"),
        (format!(r#"<svg {SVG}><a href="javascript:alert(1)"><text>x</text></a></svg>"#), "<a>"),
        (format!(r#"<svg {SVG}><foreignObject width="9" height="9"><body xmlns="http://www.w3.org/1999/xhtml"><iframe src="https://evil.example"/></body></foreignObject></svg>"#), "<foreignObject>"),
        (format!(r#"<svg {SVG}><rect width="9" height="9" onmouseover="alert(1)"/></svg>"#), "onmouseover"),
        (format!(r#"<svg {SVG} onload="alert(1)"/>"#), "onload"),
        (format!(r#"<svg {SVG}><rect width="9" height="9" style="fill:url(https://evil.example/x)"/></svg>"#), "style"),
        (format!(r#"<svg {SVG}><rect width="9" height="9" style="width:expression(alert(1))"/></svg>"#), "style"),
        (format!(r#"<svg {SVG}><style>@import url(https://evil.example/x.css);</style></svg>"#), "style"),
        (format!(r#"<svg {SVG}><rect width="9" height="9" fill="url(https://evil.example/p.svg#g)"/></svg>"#), "https://evil.example/p.svg#g"),
        (format!(r#"<svg {SVG}><animate attributeName="href" to="javascript:alert(1)"/></svg>"#), "<animate>"),
        (format!(r#"<svg {SVG}><image href="https://evil.example/x.png" width="9" height="9"/></svg>"#), "<image>"),
        (format!(r#"<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x "boom">]><svg {SVG}><text>&x;</text></svg>"#), "DOCTYPE"),
        (format!(r#"<?xml-stylesheet href="https://evil.example/x.css"?><svg {SVG}/>"#), "xml-stylesheet"),
    ];
    for app in TestApp::all() {
        let admin = app.admin().await;
        let files_before = app.upload_count();
        for (svg, named) in &refused {
            let reply = app.form("PUT", "/api/company-details", Some(&admin), logo(svg.as_bytes())).await;
            assert_eq!((reply.status.as_u16(), reply.body["code"].as_str()), (400, Some("invalid_image")), "{:?} {svg}: {}", app.backend, reply.body);
            assert!(reply.message().starts_with("This SVG cannot be used as a logo: "), "{svg}: {}", reply.message());
            assert!(reply.message().contains(named), "{svg}: the message should name {named}: {}", reply.message());
        }
        assert_eq!(app.upload_count(), files_before, "nothing refused was stored");
        assert_eq!(app.get("/api/company-details", None).await.body["data"]["logoUrl"], serde_json::Value::Null);

        // What design tools export: styles with classes, gradients, local references, text.
        let tidy = format!(
            r##"<?xml version="1.0" encoding="UTF-8"?>
<!-- Generator: a design tool -->
<svg {SVG} xmlns:xlink="http://www.w3.org/1999/xlink" id="Layer_1" data-name="Layer 1" viewBox="0 0 240 80" width="240px" height="80">
  <defs>
    <style>.cls-1{{fill:#e30613;}} .cls-2{{fill:url(#grad);stroke:rgb(0, 0, 0);stroke-width:2}}</style>
    <linearGradient id="grad" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#fff"/><stop offset="1" stop-color="#000" stop-opacity=".5"/></linearGradient>
    <clipPath id="c"><rect width="240" height="80" rx="8"/></clipPath>
  </defs>
  <title>Kapda</title>
  <g clip-path="url(#c)" transform="translate(2 2)">
    <path id="mark" class="cls-1" d="M0 0h40v40H0z"/>
    <use xlink:href="#mark" x="50"/>
    <circle class="cls-2" cx="120" cy="40" r="20"/>
    <text x="150" y="50" font-family="Georgia, serif" font-size="24" style="font-weight:bold">Kapda</text>
  </g>
</svg>"##
        );
        let saved = app.form("PUT", "/api/company-details", Some(&admin), logo(tidy.as_bytes())).await.expect(200);
        let url = saved.body["data"]["logoUrl"].as_str().unwrap_or_default().to_string();
        assert!(url.ends_with(".svg"), "{}", saved.body);
        assert_eq!(app.get_bytes(&url).await, tidy.as_bytes(), "stored as sent");
    }
}

#[actix_web::test]
async fn photos_over_25_megapixels_are_refused_from_their_header_with_413() {
    // 6300 x 6300 grey pixels: a small file (about 40 MB once decoded).
    let mut bytes = std::io::Cursor::new(Vec::new());
    image::GrayImage::new(6300, 6300).write_to(&mut bytes, image::ImageFormat::Png).unwrap();
    let big = bytes.into_inner();
    assert!(big.len() < 1024 * 1024, "{} bytes", big.len());
    for app in TestApp::all() {
        let admin = app.admin().await;
        let files_before = app.upload_count();
        let reply = app.form("PUT", "/api/company-details", Some(&admin), vec![text("name", "Kapda"), file("logo", "big.png", big.clone())]).await;
        assert_eq!((reply.status.as_u16(), reply.body["code"].as_str()), (413, Some("payload_too_large")), "{:?}: {}", app.backend, reply.body);
        assert_eq!(reply.message(), "Images may be at most 25 megapixels and 8000 pixels on a side (this one is 6300 × 6300, 39.7 megapixels)");
        let category = app.category(&admin, "Sarees", None).await;
        let product = app
            .form(
                "POST",
                "/api/products",
                Some(&admin),
                vec![
                    text("productName", "Huge"),
                    text("categoryId", category),
                    text("productVariants", r#"[{"size":"M","color":"Red","stock":1,"originalPrice":10,"discountPrice":0}]"#),
                    file("images", "huge.png", big.clone()),
                ],
            )
            .await;
        assert_eq!((product.status.as_u16(), product.message()), (413, reply.message()));
        assert_eq!(app.upload_count(), files_before + 1, "only the category's picture was stored");
    }
}
