//! `/sitemap.xml` (sitemaps.org): the home page, the shop, every category and every product,
//! read from the current catalogue, so it follows every change; past 50,000 addresses (the
//! protocol's limit per file) it becomes an index of numbered files. `/robots.txt` lets
//! crawlers read the shop but not a shopper's own pages or the back office, and names the
//! sitemap.

use actix_web::http::header;
use actix_web::{web, HttpResponse};
use http::AppState;

use crate::contract::contract;
use crate::Origin;

/// Addresses in one sitemap file (the protocol allows 50,000).
pub const PER_FILE: usize = 50_000;

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.route("/sitemap.xml", web::get().to(sitemap))
        .route("/sitemap-{n}.xml", web::get().to(sitemap_part))
        .route("/robots.txt", web::get().to(robots));
}

/// Every public address with its last change (a date), in a stable order: the shop's own
/// pages of the page contract (home, shop, about, blog, the policies: those without a slug and
/// not a shopper's own), every category and every product.
fn addresses(state: &AppState) -> Vec<(String, Option<String>)> {
    let snapshot = state.catalog.snapshot();
    let mut out: Vec<(String, Option<String>)> = contract()
        .pages
        .iter()
        .filter(|def| !def.private)
        .filter_map(|def| def.paths.first().filter(|p| !p.contains('{')).map(|p| (p.clone(), None)))
        .collect();
    for c in snapshot.categories.iter() {
        out.push((format!("/category/{}", c.slug), None));
    }
    for e in &snapshot.entries {
        out.push((format!("/product/{}", e.slug()), Some(e.updated_at.format("%Y-%m-%d").to_string())));
    }
    out
}

fn xml(body: String) -> HttpResponse {
    HttpResponse::Ok()
        .content_type("application/xml; charset=utf-8")
        .insert_header((header::CACHE_CONTROL, "no-cache"))
        .body(body)
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;").replace('\'', "&apos;")
}

fn urlset(origin: &str, addresses: &[(String, Option<String>)]) -> String {
    let mut body = String::from(r#"<?xml version="1.0" encoding="UTF-8"?>"#);
    body.push_str(r#"<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">"#);
    for (path, modified) in addresses {
        body.push_str("<url><loc>");
        body.push_str(&escape(&format!("{origin}{path}")));
        body.push_str("</loc>");
        if let Some(date) = modified {
            body.push_str(&format!("<lastmod>{date}</lastmod>"));
        }
        body.push_str("</url>");
    }
    body.push_str("</urlset>");
    body
}

async fn sitemap(origin: web::Data<Origin>, state: web::Data<AppState>) -> HttpResponse {
    let origin = &origin.0;
    let all = addresses(&state);
    if all.len() <= PER_FILE {
        return xml(urlset(origin, &all));
    }
    let mut body = String::from(r#"<?xml version="1.0" encoding="UTF-8"?>"#);
    body.push_str(r#"<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">"#);
    for n in 1..=all.len().div_ceil(PER_FILE) {
        body.push_str(&format!("<sitemap><loc>{}</loc></sitemap>", escape(&format!("{origin}/sitemap-{n}.xml"))));
    }
    body.push_str("</sitemapindex>");
    xml(body)
}

async fn sitemap_part(origin: web::Data<Origin>, state: web::Data<AppState>, n: web::Path<String>) -> HttpResponse {
    let all = addresses(&state);
    let part = n.parse::<usize>().ok().filter(|n| *n >= 1 && (n - 1) * PER_FILE < all.len());
    match part {
        Some(n) => xml(urlset(&origin.0, &all[(n - 1) * PER_FILE..(n * PER_FILE).min(all.len())])),
        None => HttpResponse::NotFound().finish(),
    }
}

async fn robots(origin: web::Data<Origin>) -> HttpResponse {
    let contract = contract();
    let mut body = format!("User-agent: *\nAllow: /\nDisallow: {}\nDisallow: /api/\n", contract.back_office);
    for path in &contract.private_prefixes {
        body.push_str(&format!("Disallow: {path}\n"));
    }
    body.push_str(&format!("\nSitemap: {}/sitemap.xml\n", origin.0));
    HttpResponse::Ok().content_type("text/plain; charset=utf-8").body(body)
}
