//! The page in plain HTML, for browsers and crawlers that run no JavaScript: a product page
//! shows the product's name, price in rupees (GST included), stock and description; the home,
//! shop and category pages their products' names, prices and links.
//!
//! It sits inside the app's root element, which the web app empties when it first renders,
//! and it is shown only where scripts do not run: a `<style>` in the head hides it and a
//! `<noscript>` in the head shows and styles it. A browser that runs the app never paints it
//! (nor fetches its pictures, which load lazily), so nothing shifts when the app takes over.
//!
//! Names and descriptions are the owner's text: every text and attribute is escaped here.

use std::fmt::Write;
use std::sync::Arc;

use catalog::CatalogSnapshot;
use http::answers;
use http::dto::catalog::{ImageDto, ListingDto, ProductDto, VariantDto};

use crate::html::{attribute, text, PageHtml};
use crate::meta::{category_of_page, category_trail, decoded, rupees};
use crate::page::Page;
use crate::per_version::PerVersion;

/// The id of the plain page's element inside the root.
pub const ELEMENT_ID: &str = "shop-plain";

/// Products a listing shows: the web app's first page.
const PER_PAGE: u32 = 24;
/// The home page's featured products: the page contract's `featured` request.
const FEATURED: &str = "page=1&limit=10";

/// The main part of each page's plain HTML is kept per catalogue version, up to this many
/// bytes (a listing's is about 10 KB): half the response cache's budget, since what a crawler
/// walks through here it asks the API for too.
pub const MEMO_BYTES: usize = http::cache::MAX_BYTES / 2;

/// Plain HTML kept per catalogue version, by path and query.
pub type Memo = PerVersion<Option<Arc<str>>>;

/// An empty memo within [`MEMO_BYTES`], counting each page by its length.
pub fn memo() -> Memo {
    PerVersion::weighed(MEMO_BYTES, |main| main.as_ref().map_or(0, |html| html.len()))
}

/// The stylesheets: hidden where scripts run (the app renders instead), readable where they
/// do not.
const HIDE: &str = "<style>#shop-plain{display:none}</style>";
const SHOW: &str = "<noscript><style>\
#shop-plain{display:block;max-width:1200px;margin:0 auto;padding:0 16px;font:16px/1.5 system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#1f2937}\
#shop-plain a{color:inherit}\
#shop-plain>header{display:flex;flex-wrap:wrap;gap:8px 24px;align-items:center;padding:16px 0;border-bottom:1px solid #e5e7eb}\
#shop-plain>header>a{font-size:1.25rem;font-weight:700;text-decoration:none}\
#shop-plain ul.links{list-style:none;display:flex;flex-wrap:wrap;gap:8px 16px;margin:0;padding:0}\
#shop-plain ul.cards{list-style:none;display:grid;grid-template-columns:repeat(auto-fill,minmax(150px,1fr));gap:16px;margin:16px 0;padding:0}\
#shop-plain ul.cards a{display:block;font-weight:500}\
#shop-plain img{display:block;max-width:100%;height:auto}\
#shop-plain article img{width:100%;max-width:480px}\
#shop-plain .price{font-size:1.25rem;font-weight:700}\
#shop-plain table{border-collapse:collapse}\
#shop-plain th,#shop-plain td{padding:4px 16px 4px 0;text-align:left}\
#shop-plain ol.trail{list-style:none;display:flex;flex-wrap:wrap;gap:4px 8px;padding:0}\
#shop-plain ol.trail li+li:before{content:'/ '}\
#shop-plain>footer{margin-top:48px;padding:24px 0;border-top:1px solid #e5e7eb}\
</style></noscript>";

/// The main part of `page`'s plain HTML, worked out from the catalogue (the caller keeps it
/// per catalogue version). `None` for pages that have none: cart, account, back office, an
/// unknown product or category (the web app says what is missing).
pub fn main(snapshot: &CatalogSnapshot, page: Page<'_, '_>, query: &str) -> Option<String> {
    let Page::Known { def, slug } = page else { return None };
    match (def.name.as_str(), slug.map(decoded)) {
        ("home", _) => Some(home(snapshot)),
        ("shop", _) => Some(listing_page(snapshot, &Scope { title: "Shop", description: "", category_id: None, path: "/shop" }, query)),
        ("category", Some(slug)) => {
            let category = category_of_page(snapshot, &slug)?;
            let path = format!("/category/{}", category.slug);
            let scope = Scope { title: &category.name, description: &category.description, category_id: Some(&category.id), path: &path };
            Some(listing_page(snapshot, &scope, query))
        }
        ("product", Some(slug)) => snapshot.product(&slug).map(|p| product(snapshot, &ProductDto::from(p.as_ref()))),
        _ => None,
    }
}

/// Puts `main` into the page, framed by the shop's name, its links and its policies.
pub fn add_to(html: &mut PageHtml, shop: &str, main: &str) {
    html.head(HIDE);
    html.head(SHOW);
    let mut out = String::with_capacity(main.len() + 1024);
    let _ = write!(
        out,
        r#"<div id="{ELEMENT_ID}"><header><a href="/">{}</a><nav aria-label="Main"><ul class="links"><li><a href="/">Home</a></li><li><a href="/shop">Shop</a></li><li><a href="/about">About</a></li><li><a href="/blog">Blog</a></li></ul></nav></header>"#,
        text(shop)
    );
    out.push_str(main);
    out.push_str(
        r#"<footer><p>Turn on JavaScript to add products to your cart and order.</p><nav aria-label="Policies"><ul class="links"><li><a href="/privacy-policy">Privacy Policy</a></li><li><a href="/terms-and-conditions">Terms &amp; Conditions</a></li><li><a href="/refund-policy">Return &amp; Refund Policy</a></li></ul></nav></footer></div>"#,
    );
    html.root(&out);
}

/// What a listing page lists.
struct Scope<'a> {
    title: &'a str,
    description: &'a str,
    category_id: Option<&'a str>,
    /// The page's own path, for its page links.
    path: &'a str,
}

fn home(snapshot: &CatalogSnapshot) -> String {
    let mut out = String::from("<main>");
    categories(&mut out, snapshot);
    out.push_str("<h1>Featured Products</h1>");
    if let Ok(query) = answers::listing_query(FEATURED) {
        cards(&mut out, &answers::listing(snapshot, &query));
    }
    out.push_str(r#"<p><a href="/shop">Shop all products</a></p></main>"#);
    out
}

/// The page's listing: its filters and page as the web app reads them from the query string
/// (the API's parameter names); a query the API would refuse shows the first page.
fn listing_page(snapshot: &CatalogSnapshot, scope: &Scope, query: &str) -> String {
    let base = match scope.category_id {
        Some(id) => format!("limit={PER_PAGE}&categoryId={id}"),
        None => format!("limit={PER_PAGE}"),
    };
    let parsed = (!query.is_empty())
        .then(|| answers::listing_query(&format!("{base}&{query}")).ok())
        .flatten()
        .or_else(|| answers::listing_query(&base).ok());
    let mut out = String::from("<main>");
    let _ = write!(out, "<h1>{}</h1>", text(scope.title));
    if !scope.description.trim().is_empty() {
        paragraphs(&mut out, scope.description);
    }
    categories(&mut out, snapshot);
    if let Some(listing) = parsed.map(|q| answers::listing(snapshot, &q)) {
        let p = &listing.pagination;
        let _ = write!(out, "<p>{} product(s) found</p>", p.total_items);
        cards(&mut out, &listing);
        let (current, pages) = (u64::from(p.current_page), p.total_pages);
        if pages > 1 {
            out.push_str(r#"<nav aria-label="Pages"><ul class="links">"#);
            if current > 1 {
                let _ = write!(out, r#"<li><a href="{}" rel="prev">Previous page</a></li>"#, attribute(&page_link(scope.path, query, current - 1)));
            }
            let _ = write!(out, "<li>Page {current} of {pages}</li>");
            if current < pages {
                let _ = write!(out, r#"<li><a href="{}" rel="next">Next page</a></li>"#, attribute(&page_link(scope.path, query, current + 1)));
            }
            out.push_str("</ul></nav>");
        }
    }
    out.push_str("</main>");
    out
}

/// `path` with `query`'s filters and page `page`.
fn page_link(path: &str, query: &str, page: u64) -> String {
    let mut pairs: Vec<&str> = query.split('&').filter(|p| !p.is_empty() && !p.starts_with("page=")).collect();
    let page = format!("page={page}");
    pairs.push(&page);
    format!("{path}?{}", pairs.join("&"))
}

/// The top categories with their subcategories, as links.
fn categories(out: &mut String, snapshot: &CatalogSnapshot) {
    if snapshot.tree.is_empty() {
        return;
    }
    out.push_str(r#"<nav aria-label="Categories"><h2>Categories</h2><ul class="links">"#);
    for node in snapshot.tree.iter() {
        for c in std::iter::once(&node.category).chain(node.children.iter().map(|n| &n.category)) {
            let _ = write!(out, r#"<li><a href="/category/{}">{}</a></li>"#, attribute(&c.slug), text(&c.name));
        }
    }
    out.push_str("</ul></nav>");
}

fn cards(out: &mut String, listing: &ListingDto) {
    if listing.data.is_empty() {
        out.push_str("<p>No products found.</p>");
        return;
    }
    out.push_str(r#"<ul class="cards">"#);
    for p in &listing.data {
        let href = format!("/product/{}", p.slug);
        out.push_str("<li>");
        if let Some(image) = p.images.first() {
            let _ = write!(out, r#"<a href="{}" tabindex="-1">"#, attribute(&href));
            picture(out, image, &image.thumb_url, None, "");
            out.push_str("</a>");
        }
        let _ = write!(out, r#"<a href="{}">{}</a> <span>{}</span></li>"#, attribute(&href), text(&p.name), price_from(&p.variants));
    }
    out.push_str("</ul>");
}

fn product(snapshot: &CatalogSnapshot, p: &ProductDto) -> String {
    let mut out = String::from(r#"<main><nav aria-label="Breadcrumb"><ol class="trail"><li><a href="/">Home</a></li>"#);
    for c in category_trail(snapshot, &p.category_id) {
        let _ = write!(out, r#"<li><a href="/category/{}">{}</a></li>"#, attribute(&c.slug), text(&c.name));
    }
    let _ = write!(out, r#"<li aria-current="page">{}</li></ol></nav><article>"#, text(&p.name));
    if let Some(image) = crate::first_paint::first_shown(p) {
        picture(&mut out, image, &image.url, image.srcset.as_deref(), &p.name);
    }
    let _ = write!(out, "<h1>{}</h1>", text(&p.name));
    // The cheapest variant's price, with its MRP when it is on sale.
    if let Some(v) = p.variants.iter().min_by(|a, b| a.original_price.total_cmp(&b.original_price)) {
        let _ = write!(out, r#"<p class="price">{}"#, price_from(&p.variants));
        if v.percent_off > 0 {
            let _ = write!(out, " <s>MRP {}</s> <span>{}% off</span>", rupees(v.mrp), v.percent_off);
        }
        out.push_str("</p><p>Inclusive of all taxes (GST).</p>");
    }
    let in_stock = p.variants.iter().any(|v| v.stock > 0);
    let _ = write!(out, r#"<p class="stock">{}</p>"#, if in_stock { "In stock" } else { "Out of stock" });
    if !p.variants.is_empty() {
        out.push_str("<table><caption>Sizes and colours</caption><thead><tr><th>Size</th><th>Colour</th><th>Price</th><th>Stock</th></tr></thead><tbody>");
        for v in &p.variants {
            let _ = write!(
                out,
                "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
                text(&v.size),
                text(&v.color),
                rupees(v.original_price),
                stock(v)
            );
        }
        out.push_str("</tbody></table>");
    }
    if !p.description.trim().is_empty() {
        out.push_str("<h2>Description</h2>");
        paragraphs(&mut out, &p.description);
    }
    out.push_str("</article></main>");
    out
}

fn stock(v: &VariantDto) -> String {
    if v.stock > 0 { format!("{} in stock", v.stock) } else { "Out of stock".to_string() }
}

/// `₹999.00`, or `From ₹999.00` when the variants' prices differ.
fn price_from(variants: &[VariantDto]) -> String {
    let mut prices = variants.iter().map(|v| v.original_price);
    let Some(first) = prices.next() else { return String::new() };
    let (low, high) = prices.fold((first, first), |(lo, hi), x| (lo.min(x), hi.max(x)));
    if high > low { format!("From {}", rupees(low)) } else { rupees(low) }
}

/// An `<img>` that loads lazily: where the app runs, the plain page is never rendered and its
/// pictures are never fetched; where scripts do not run, lazy loading is off and they load.
fn picture(out: &mut String, image: &ImageDto, src: &str, srcset: Option<&str>, alt: &str) {
    let _ = write!(out, r#"<img src="{}" alt="{}""#, attribute(src), attribute(alt));
    if let Some(srcset) = srcset {
        let _ = write!(out, r#" srcset="{}" sizes="(max-width: 520px) 100vw, 480px""#, attribute(srcset));
    }
    if image.width > 0 && image.height > 0 {
        let _ = write!(out, r#" width="{}" height="{}""#, image.width, image.height);
    }
    out.push_str(r#" loading="lazy">"#);
}

/// Text as paragraphs (a blank line between them) with its line breaks.
fn paragraphs(out: &mut String, body: &str) {
    for paragraph in body.split("\n\n").map(str::trim).filter(|p| !p.is_empty()) {
        let lines: Vec<String> = paragraph.lines().map(|l| text(l.trim())).collect();
        let _ = write!(out, "<p>{}</p>", lines.join("<br>"));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use http::dto::catalog::CategoryRefDto;

    fn variant(size: &str, price: f64, stock: i32) -> VariantDto {
        VariantDto::new(
            "v".into(),
            size.into(),
            "Navy <b>Blue</b>".into(),
            "#000080".into(),
            stock,
            kernel::Price::new(kernel::Money::from_paise((price * 100.0) as i64), kernel::Money::from_paise(10_000)),
        )
    }

    fn shirt() -> ProductDto {
        ProductDto {
            id: "p1".into(),
            name: r#"<script>alert("x")</script> Kurta & Co"#.into(),
            slug: "kurta-co".into(),
            description: "Soft cotton.\nHand <i>block</i> printed.\n\nMade in Jaipur.".into(),
            is_best_seller: false,
            category: CategoryRefDto { id: "c1".into(), name: "Men".into() },
            category_id: "c1".into(),
            hsn_code: None,
            images: vec![ImageDto {
                id: "i1".into(),
                upload_id: "u1".into(),
                url: "/uploads/a.jpg".into(),
                thumb_url: "/uploads/a-320.jpg".into(),
                srcset: Some("/uploads/a-320.jpg 320w, /uploads/a.jpg 960w".into()),
                width: 960,
                height: 1200,
                color: None,
            }],
            variants: vec![variant("M", 1499.0, 4), variant("L\"", 1499.0, 0)],
            created_at: String::new(),
            updated_at: String::new(),
        }
    }

    #[test]
    fn a_product_shows_its_name_price_stock_and_description_escaped() {
        let snapshot = CatalogSnapshot::build(1, Vec::new(), Vec::new());
        let html = product(&snapshot, &shirt());
        assert!(html.contains("<h1>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; Kurta &amp; Co</h1>"), "{html}");
        assert!(!html.contains("<script") && !html.contains("<b>") && !html.contains("<i>"), "{html}");
        assert!(html.contains(r#"<p class="price">₹1,499.00 <s>MRP ₹1,599.00</s>"#), "{html}");
        assert!(html.contains("Inclusive of all taxes (GST)."));
        assert!(html.contains(r#"<p class="stock">In stock</p>"#));
        assert!(html.contains("<td>M</td><td>Navy &lt;b&gt;Blue&lt;/b&gt;</td><td>₹1,499.00</td><td>4 in stock</td>"), "{html}");
        assert!(html.contains("<td>L&quot;</td>") && html.contains("<td>Out of stock</td>"));
        assert!(html.contains("<p>Soft cotton.<br>Hand &lt;i&gt;block&lt;/i&gt; printed.</p><p>Made in Jaipur.</p>"), "{html}");
        assert!(html.contains(r#"alt="&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; Kurta &amp; Co""#));
        assert!(html.contains(r#"loading="lazy""#));
    }

    #[test]
    fn the_first_picture_shown_is_the_first_in_stock_colours() {
        let mut p = shirt();
        p.images[0].color = Some("Navy <b>Blue</b>".into());
        p.images.push(ImageDto {
            id: "i2".into(),
            upload_id: "u2".into(),
            url: "/uploads/b.jpg".into(),
            thumb_url: "/uploads/b.jpg".into(),
            srcset: None,
            width: 0,
            height: 0,
            color: Some("Red".into()),
        });
        p.variants[0].stock = 0;
        p.variants[1].color = "Red".into();
        p.variants[1].stock = 3;
        assert_eq!(crate::first_paint::first_shown(&p).map(|i| i.url.as_str()), Some("/uploads/b.jpg"));
        // Nothing in stock: the first colour's; a colour without pictures: the first picture.
        p.variants[1].stock = 0;
        assert_eq!(crate::first_paint::first_shown(&p).map(|i| i.url.as_str()), Some("/uploads/a.jpg"));
        p.variants.iter_mut().for_each(|v| v.color = "Green".into());
        assert_eq!(crate::first_paint::first_shown(&p).map(|i| i.url.as_str()), Some("/uploads/a.jpg"));
    }

    #[test]
    fn differing_prices_read_as_from_the_lowest() {
        assert_eq!(price_from(&[variant("M", 999.0, 1), variant("L", 1299.0, 1)]), "From ₹999.00");
        assert_eq!(price_from(&[variant("M", 999.0, 1)]), "₹999.00");
        assert_eq!(price_from(&[]), "");
    }

    #[test]
    fn page_links_keep_the_filters() {
        assert_eq!(page_link("/shop", "", 2), "/shop?page=2");
        assert_eq!(page_link("/shop", "sort=price_asc&page=3&colors=Red", 4), "/shop?sort=price_asc&colors=Red&page=4");
    }
}
