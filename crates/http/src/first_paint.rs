//! What the web app's first render needs, put into the index.html served for a client route
//! so that a phone does not wait for the JavaScript, then the API, then the picture:
//!
//! - the API answers the page asks for first, as a JSON data block
//!   (`<script type="application/json" id="shop-first-paint">`, not executed, so the CSP's
//!   `script-src 'self'` still holds), keyed by the exact GET URL the web app will request;
//!   the web app takes each one once instead of going to the network;
//! - a `<link rel="preload" as="image">` for the page's largest picture, with the same
//!   `srcset`/`sizes` as the web app's `<img>` so the browser fetches it once.
//!
//! The answers come from the same per-catalogue-version cache as the API, so they are never
//! older than what the API itself would answer.

use std::fmt::Write;

use actix_web::web;
use serde_json::Value;

use crate::handlers::{categories, content, products};
use crate::state::AppState;

/// The id of the JSON data block; `frontend/src/lib/first-paint.ts` reads it.
pub const DATA_ELEMENT_ID: &str = "shop-first-paint";

/// `sizes` of the home page's hero picture (`Hero.tsx`).
pub const HERO_IMAGE_SIZES: &str = "100vw";
/// `sizes` of a product card's picture (`ProductCard.tsx`).
pub const CARD_IMAGE_SIZES: &str = "(max-width: 600px) 50vw, (max-width: 1200px) 33vw, 280px";
/// `sizes` of the product page's main picture (`ProductDetail.tsx`).
pub const PRODUCT_IMAGE_SIZES: &str = "(max-width: 900px) 100vw, 50vw";

/// The API requests the web app makes first on a page, exactly as it sends them
/// (`apiUrl` in `frontend/src/lib/api.ts`: parameters in the order the page lists them).
const CATEGORIES_URL: &str = "/api/categories";
const COMPANY_URL: &str = "/api/company-details";
/// `FeaturedProducts.tsx`: page 1, FEATURED_FETCH products.
const HOME_PRODUCTS_URL: &str = "/api/products?page=1&limit=10";
/// `ProductListing.tsx` on a bare /shop: `toApiParams(EMPTY_FILTERS)`.
const SHOP_PRODUCTS_URL: &str = "/api/products?page=1&limit=24&sort=newest";

/// A picture to fetch before the JavaScript asks for it.
#[derive(Debug, Clone, PartialEq)]
pub struct ImagePreload {
    pub href: String,
    pub srcset: Option<String>,
    pub sizes: &'static str,
}

/// The API answers and the picture to preload for one page.
#[derive(Default)]
pub struct FirstPaint {
    answers: Vec<(String, Vec<u8>)>,
    image: Option<ImagePreload>,
}

/// The storefront screen a path shows (the web app's routes); `None` for the back office.
/// One place for it: the first-paint data here and the chunk preloads (`server::web_app`)
/// both follow it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Page<'a> {
    Home,
    Shop,
    Category,
    Product(&'a str),
    Other,
}

pub fn storefront_page(path: &str) -> Option<Page<'_>> {
    let path = path.strip_suffix('/').filter(|p| !p.is_empty()).unwrap_or(path);
    if path == "/admin" || path.starts_with("/admin/") {
        // The back office has its own data, behind sign-in.
        return None;
    }
    Some(match path {
        "/" | "/home" => Page::Home,
        "/shop" => Page::Shop,
        _ if path.starts_with("/category/") => Page::Category,
        _ => match path.strip_prefix("/product/") {
            Some(slug) if !slug.is_empty() => Page::Product(slug),
            _ => Page::Other,
        },
    })
}

/// The page as far as its first-paint data goes: a filtered /shop and a slug that would
/// read differently percent-encoded get only what every page gets.
fn page_of<'a>(path: &'a str, query: &str) -> Option<Page<'a>> {
    Some(match storefront_page(path)? {
        Page::Shop if !query.is_empty() => Page::Other,
        // Only slugs that read the same percent-encoded or not (what the web app sends is
        // `encodeURIComponent` of the decoded path segment).
        Page::Product(slug) if slug.len() > 200 || !slug.bytes().all(unreserved) => Page::Other,
        page => page,
    })
}

fn unreserved(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.' | b'~')
}

impl FirstPaint {
    /// What the page at `path` (with `query`, without `?`) needs first. Nothing for the back
    /// office; a product that does not exist gets no product answer (the web app asks and
    /// shows "Product not found").
    pub fn for_route(state: &AppState, path: &str, query: &str) -> FirstPaint {
        let mut out = FirstPaint::default();
        let Some(page) = page_of(path, query) else {
            return out;
        };
        if let Ok(company) = serde_json::to_vec(&content::company_answer(state)) {
            out.answers.push((COMPANY_URL.to_string(), company));
        }
        match page {
            Page::Home => {
                let tree = out.add(categories::tree_answer(state, &key(CATEGORIES_URL)).ok().map(|c| c.json().to_vec()), CATEGORIES_URL);
                out.add(listing(state, HOME_PRODUCTS_URL), HOME_PRODUCTS_URL);
                // The hero shows the first top-level category's picture first.
                out.image = tree.and_then(|t| {
                    let first = t.get("data")?.get(0)?;
                    Some(ImagePreload {
                        href: first.get("imageUrl")?.as_str()?.to_string(),
                        srcset: first.get("imageSrcset").and_then(Value::as_str).map(str::to_string),
                        sizes: HERO_IMAGE_SIZES,
                    })
                });
            }
            Page::Shop => {
                out.add(categories::tree_answer(state, &key(CATEGORIES_URL)).ok().map(|c| c.json().to_vec()), CATEGORIES_URL);
                let shop = out.add(listing(state, SHOP_PRODUCTS_URL), SHOP_PRODUCTS_URL);
                // The first card's picture: cards show the smallest version as `src`.
                out.image = shop.and_then(|l| {
                    let image = l.get("data")?.get(0)?.get("images")?.get(0)?;
                    preload(image, "thumbUrl", CARD_IMAGE_SIZES)
                });
            }
            Page::Product(slug) => {
                let url = format!("/api/products/{slug}");
                let product = out.add(products::product_answer(state, &key(&url), slug).ok().map(|c| c.json().to_vec()), &url);
                out.image = product.and_then(|p| preload(p.get("data")?.get("images")?.get(0)?, "url", PRODUCT_IMAGE_SIZES));
            }
            Page::Category | Page::Other => {}
        }
        out
    }

    /// Keeps an answer (when there is one) and returns it parsed, to find its pictures.
    fn add(&mut self, json: Option<Vec<u8>>, url: &str) -> Option<Value> {
        let json = json?;
        let parsed = serde_json::from_slice(&json).ok();
        self.answers.push((url.to_string(), json));
        parsed
    }

    /// The tags for the page's `<head>`: the picture's preload and the data block.
    pub fn head_html(&self) -> String {
        let mut html = String::new();
        if let Some(image) = &self.image {
            let _ = write!(html, r#"<link rel="preload" as="image" href="{}""#, attribute(&image.href));
            if let Some(srcset) = &image.srcset {
                let _ = write!(html, r#" imagesrcset="{}" imagesizes="{}""#, attribute(srcset), attribute(image.sizes));
            }
            html.push_str(r#" fetchpriority="high">"#);
        }
        if !self.answers.is_empty() {
            let _ = write!(html, r#"<script type="application/json" id="{DATA_ELEMENT_ID}">{{"#);
            for (i, (url, json)) in self.answers.iter().enumerate() {
                if i > 0 {
                    html.push(',');
                }
                let url = serde_json::to_string(url).unwrap_or_default();
                html.push_str(&script_safe(&url));
                html.push(':');
                html.push_str(&script_safe(&String::from_utf8_lossy(json)));
            }
            html.push_str("}</script>");
        }
        html
    }
}

/// The cache key the API uses for a request to `url` (`cache::key_of`: path `?` query).
fn key(url: &str) -> String {
    if url.contains('?') {
        url.to_string()
    } else {
        format!("{url}?")
    }
}

fn listing(state: &AppState, url: &str) -> Option<Vec<u8>> {
    let query = url.split_once('?').map_or("", |(_, q)| q);
    let params = web::Query::<products::ListParams>::from_query(query).ok()?.into_inner();
    products::list_answer(state, &key(url), params).ok().map(|c| c.json().to_vec())
}

fn preload(image: &Value, src_field: &str, sizes: &'static str) -> Option<ImagePreload> {
    Some(ImagePreload {
        href: image.get(src_field).or_else(|| image.get("url"))?.as_str()?.to_string(),
        srcset: image.get("srcset").and_then(Value::as_str).map(str::to_string),
        sizes,
    })
}

/// JSON that cannot end the `<script>` element nor open a comment in it, and that stays
/// JavaScript-safe: `<`, `>`, `&`, U+2028 and U+2029 become `\uXXXX` escapes (they can only
/// appear inside JSON strings, where the escape means the same character).
pub fn script_safe(json: &str) -> String {
    let mut out = String::with_capacity(json.len() + 16);
    for c in json.chars() {
        match c {
            '<' => out.push_str("\\u003c"),
            '>' => out.push_str("\\u003e"),
            '&' => out.push_str("\\u0026"),
            '\u{2028}' => out.push_str("\\u2028"),
            '\u{2029}' => out.push_str("\\u2029"),
            c => out.push(c),
        }
    }
    out
}

/// Text for a double-quoted HTML attribute.
fn attribute(text: &str) -> String {
    text.replace('&', "&amp;").replace('"', "&quot;").replace('<', "&lt;").replace('>', "&gt;")
}

/// `html` with `early` before the first `<script` of its `<head>` (so the picture's preload and
/// the data come before the app's own files) and `late` at the end of the `<head>`; without a
/// `<head>`, both after the doctype (or first).
pub fn inject(html: &str, early: &str, late: &str) -> String {
    let lower = html.to_ascii_lowercase();
    let fallback = || lower.starts_with("<!doctype").then(|| lower.find('>').map(|i| i + 1)).flatten().unwrap_or(0);
    let head_end = lower.find("</head>");
    let early_at = match head_end {
        Some(end) => lower[..end].find("<script").unwrap_or(end),
        None => fallback(),
    };
    let late_at = head_end.unwrap_or_else(fallback);
    let mut out = String::with_capacity(html.len() + early.len() + late.len());
    out.push_str(&html[..early_at]);
    out.push_str(early);
    out.push_str(&html[early_at..late_at]);
    out.push_str(late);
    out.push_str(&html[late_at..]);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn script_safe_json_cannot_close_the_element_and_still_parses() {
        let value = serde_json::json!({ "name": "</script><script>alert(1)</script> & <!-- \u{2028}\u{2029}" });
        let text = script_safe(&value.to_string());
        for bad in ["<", ">", "&", "\u{2028}", "\u{2029}"] {
            assert!(!text.contains(bad), "{bad:?} in {text}");
        }
        let back: Value = serde_json::from_str(&text).unwrap_or_default();
        assert_eq!(back, value);
    }

    #[test]
    fn pages_are_recognised_by_path() {
        assert!(matches!(page_of("/", ""), Some(Page::Home)));
        assert!(matches!(page_of("/home/", ""), Some(Page::Home)));
        assert!(matches!(page_of("/shop", ""), Some(Page::Shop)));
        assert!(matches!(page_of("/shop", "page=2"), Some(Page::Other)));
        assert!(matches!(page_of("/product/blue-kurta", ""), Some(Page::Product("blue-kurta"))));
        assert!(matches!(page_of("/product/caf%C3%A9", ""), Some(Page::Other)));
        assert!(page_of("/admin/product", "").is_none());
    }

    #[test]
    fn early_tags_go_before_the_apps_script_and_late_ones_at_the_end_of_the_head() {
        let page = "<html><head><title>x</title><script type=module src=/a.js></script><link rel=modulepreload href=/b.js></head><body>";
        assert_eq!(
            inject(page, "E", "L"),
            "<html><head><title>x</title>E<script type=module src=/a.js></script><link rel=modulepreload href=/b.js>L</head><body>"
        );
        assert_eq!(inject("<html><head><title>x</title></head><body>", "E", "L"), "<html><head><title>x</title>EL</head><body>");
        assert_eq!(inject("<!doctype html><div id=root></div>", "E", "L"), "<!doctype html>EL<div id=root></div>");
        assert_eq!(inject("<div></div>", "E", "L"), "EL<div></div>");
    }
}
