//! What a page tells search engines and link previews before any script runs: its own
//! `<title>`, meta description, canonical URL, Open Graph and Twitter card tags, and on a
//! product page JSON-LD `Product` (with its offers in INR) and `BreadcrumbList`
//! (schema.org). Pages that hold a shopper's own things (cart, checkout, account) ask not
//! to be indexed.

use catalog::{CatalogSnapshot, Category};
use http::dto::catalog::ProductDto;
use serde_json::{json, Value};

use crate::contract::Contract;
use crate::html::{script_safe, Element, PageHtml};
use crate::page::Page;

/// The longest meta description: what search result pages show.
const DESCRIPTION_CHARS: usize = 160;

/// The head of one page.
#[derive(Debug, Default, PartialEq)]
pub struct Meta {
    pub title: String,
    pub description: String,
    /// Absolute; `None` for pages that should not be indexed.
    pub canonical: Option<String>,
    pub image: Option<String>,
    /// `product` or `website` (Open Graph).
    pub kind: &'static str,
    /// JSON-LD documents.
    pub structured: Vec<Value>,
    /// The shop's name (Open Graph's `og:site_name`).
    pub site_name: String,
    /// The web app shows its not-found screen (a path no page has, a product or a category
    /// the shop does not have): the page is answered with 404, so crawlers and link checkers
    /// see it too.
    pub not_found: bool,
}

/// The page of a listing `query` asks for, when it is a later one (2 or more), read as the
/// web app reads it (`page=N`; anything else is the first page).
fn listing_page(query: &str) -> Option<u64> {
    query.split('&').find_map(|pair| pair.strip_prefix("page=")).and_then(|n| n.parse::<u64>().ok()).filter(|n| *n >= 2)
}

impl Meta {
    /// The head of `page` at `path`, for a shop named `shop` served at `origin`
    /// (`https://host`, no trailing slash). Its title is the one the web app gives the same
    /// page (both read it from the page contract), so the tab never renames it.
    /// A listing's later page (`page=N` in `query`) is its own canonical address.
    pub fn of(snapshot: &CatalogSnapshot, contract: &Contract, shop: &str, origin: &str, page: Page<'_, '_>, path: &str, query: &str) -> Meta {
        let shop = if shop.trim().is_empty() { contract.default_shop_name.as_str() } else { shop.trim() };
        let titled = |title: &str| if title.is_empty() { shop.to_string() } else { format!("{title} | {shop}") };
        let site = |title: &str, description: &str, at: &str| Meta {
            title: titled(title),
            description: clip(description),
            canonical: Some(format!("{origin}{at}")),
            image: None,
            kind: "website",
            structured: Vec::new(),
            site_name: shop.to_string(),
            not_found: false,
        };
        let unlisted = |title: &str| Meta { title: titled(title), kind: "website", site_name: shop.to_string(), ..Meta::default() };
        let Page::Known { def, slug } = page else {
            return match page {
                Page::BackOffice(screen) => unlisted(&screen.title),
                // The web app sends it on to a private page, which titles it.
                Page::Forwarded => unlisted(""),
                _ => Meta { not_found: true, ..unlisted(&contract.not_found_title) },
            };
        };
        let title = def.title.as_str();
        if def.private {
            return unlisted(title);
        }
        let at = def.paths.first().map_or(path, String::as_str);
        let every_product = format!("Every product of {shop}, with prices in rupees.");
        let later = listing_page(query).map(|n| format!("?page={n}")).unwrap_or_default();
        match (def.name.as_str(), slug.map(decoded)) {
            ("home", _) => site(title, &format!("Shop clothes and accessories online at {shop}."), "/"),
            ("shop", _) => site(title, &every_product, &format!("/shop{later}")),
            ("category", Some(slug)) if all_products(&slug) => site(title, &every_product, &format!("{path}{later}")),
            ("category", Some(slug)) => match category_of_page(snapshot, &slug) {
                Some(c) => {
                    let text = if c.description.trim().is_empty() { format!("{} at {shop}.", c.name) } else { c.description.clone() };
                    site(&c.name, &text, &format!("/category/{}{later}", c.slug))
                }
                // The app says "We have no category of this name" under the slug's words: gone.
                None => Meta { canonical: None, not_found: true, ..site(&slug_words(&slug), "", path) },
            },
            ("product", Some(slug)) => match snapshot.product(&slug) {
                Some(product) => product_meta(snapshot, shop, origin, &ProductDto::from(product.as_ref())),
                None => Meta { canonical: None, not_found: true, ..site(title, "", path) },
            },
            ("privacy", _) => site(title, &format!("What {shop} collects about you, why, and what you can ask of us."), at),
            ("terms", _) => site(title, &format!("The terms of buying from {shop}."), at),
            _ => site(title, "", at),
        }
    }

    /// The tags into the page's head (the title replaces index.html's own).
    pub fn add_to(&self, html: &mut PageHtml) {
        html.title(&self.title);
        let meta = |name: &str, content: &str| Element::new("meta").attr("name", name).attr("content", content).void();
        let property = |name: &str, content: &str| Element::new("meta").attr("property", name).attr("content", content).void();
        let mut head = String::new();
        if !self.description.is_empty() {
            html.description(&self.description);
        }
        match &self.canonical {
            Some(url) => {
                head.push_str(&Element::new("link").attr("rel", "canonical").attr("href", url).void());
                head.push_str(&property("og:url", url));
            }
            None => head.push_str(&meta("robots", "noindex")),
        }
        head.push_str(&property("og:type", self.kind));
        if !self.site_name.is_empty() {
            head.push_str(&property("og:site_name", &self.site_name));
        }
        head.push_str(&property("og:title", &self.title));
        if !self.description.is_empty() {
            head.push_str(&property("og:description", &self.description));
        }
        let card = if self.image.is_some() { "summary_large_image" } else { "summary" };
        head.push_str(&meta("twitter:card", card));
        if let Some(image) = &self.image {
            head.push_str(&property("og:image", image));
        }
        for document in &self.structured {
            head.push_str(&Element::new("script").attr("type", "application/ld+json").json(&script_safe(&document.to_string())));
        }
        html.head(&head);
    }
}

fn product_meta(snapshot: &CatalogSnapshot, shop: &str, origin: &str, p: &ProductDto) -> Meta {
    let url = format!("{origin}/product/{}", p.slug);
    let image = p.images.first().map(|i| absolute(origin, &i.url));
    let prices: Vec<f64> = p.variants.iter().map(|v| v.original_price).collect();
    let (low, high) = prices.iter().fold((f64::MAX, 0.0_f64), |(lo, hi), &x| (lo.min(x), hi.max(x)));
    let in_stock = p.variants.iter().any(|v| v.stock > 0);
    let availability = if in_stock { "https://schema.org/InStock" } else { "https://schema.org/OutOfStock" };
    let price_text = if prices.is_empty() { String::new() } else { format!("{} ", rupees(low)) };
    let description = if p.description.trim().is_empty() { format!("{} at {shop}.", p.name) } else { p.description.clone() };
    let offers = if prices.is_empty() {
        Value::Null
    } else if (high - low).abs() < f64::EPSILON {
        json!({ "@type": "Offer", "price": format!("{low:.2}"), "priceCurrency": "INR", "availability": availability, "url": url })
    } else {
        json!({
            "@type": "AggregateOffer", "lowPrice": format!("{low:.2}"), "highPrice": format!("{high:.2}"),
            "priceCurrency": "INR", "offerCount": p.variants.len(), "availability": availability
        })
    };
    let mut product = json!({
        "@context": "https://schema.org",
        "@type": "Product",
        "name": p.name,
        "description": clip(&description),
        "productID": p.id,
        "url": url,
        "brand": { "@type": "Brand", "name": shop },
    });
    if let Some(image) = &image {
        product["image"] = json!([image]);
    }
    if !offers.is_null() {
        product["offers"] = offers;
    }
    Meta {
        title: format!("{} | {shop}", p.name),
        description: clip(&format!("{price_text}{description}")),
        canonical: Some(url.clone()),
        image,
        kind: "product",
        structured: vec![product, breadcrumbs(snapshot, origin, p, &url)],
        site_name: shop.to_string(),
        not_found: false,
    }
}

/// Home, the product's categories from the top, the product.
fn breadcrumbs(snapshot: &CatalogSnapshot, origin: &str, p: &ProductDto, url: &str) -> Value {
    let mut trail: Vec<(String, String)> = vec![("Home".to_string(), format!("{origin}/"))];
    trail.extend(category_trail(snapshot, &p.category_id).iter().map(|c| (c.name.clone(), format!("{origin}/category/{}", c.slug))));
    trail.push((p.name.clone(), url.to_string()));
    let items: Vec<Value> = trail
        .iter()
        .enumerate()
        .map(|(i, (name, item))| json!({ "@type": "ListItem", "position": i + 1, "name": name, "item": item }))
        .collect();
    json!({ "@context": "https://schema.org", "@type": "BreadcrumbList", "itemListElement": items })
}

/// The category with `id` and those above it, the top one first.
pub(crate) fn category_trail<'s>(snapshot: &'s CatalogSnapshot, id: &str) -> Vec<&'s Category> {
    let mut trail = Vec::new();
    let mut at = snapshot.category(id);
    while let Some(c) = at {
        trail.push(c);
        at = c.parent_id.as_deref().and_then(|id| snapshot.category(id));
        // A loop in the data cannot hang a page.
        if trail.len() > 16 {
            break;
        }
    }
    trail.reverse();
    trail
}

fn absolute(origin: &str, url: &str) -> String {
    if url.starts_with("http://") || url.starts_with("https://") { url.to_string() } else { format!("{origin}{url}") }
}

/// `₹1,499.00`, en-IN grouping, from a rupee amount as the DTOs carry it.
pub(crate) fn rupees(amount: f64) -> String {
    kernel::Money::from_paise((amount * 100.0).round() as i64).format_inr()
}

/// At most [`DESCRIPTION_CHARS`] characters, cut at a word with an ellipsis.
fn clip(text: &str) -> String {
    let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
    if text.chars().count() <= DESCRIPTION_CHARS {
        return text;
    }
    let cut: String = text.chars().take(DESCRIPTION_CHARS - 1).collect();
    let at_word = cut.rfind(' ').map_or(cut.as_str(), |i| &cut[..i]);
    format!("{at_word}…")
}

/// A path segment as the shopper typed it (`Woollen%20Muffler` is `Woollen Muffler`).
pub(crate) fn decoded(slug: &str) -> String {
    percent_encoding::percent_decode_str(slug).decode_utf8_lossy().into_owned()
}

/// The category a `/category/{slug}` page shows, found as the web app finds it (its
/// `findCategory`): by id or slug, then by slug or name read with any case and with hyphens,
/// underscores and spaces alike.
pub(crate) fn category_of_page<'s>(snapshot: &'s CatalogSnapshot, slug: &str) -> Option<&'s Category> {
    let wanted = loose(slug);
    let all = snapshot.categories.iter();
    snapshot.find_category(slug).or_else(|| all.clone().find(|c| loose(&c.slug) == wanted)).or_else(|| all.clone().find(|c| loose(&c.name) == wanted))
}

/// `All-Products` (any case, hyphens or spaces, with or without the s) is the whole shop, as
/// the web app reads it.
fn all_products(slug: &str) -> bool {
    matches!(loose(slug).as_str(), "all product" | "all products")
}

fn loose(text: &str) -> String {
    text.to_lowercase().split(|c: char| c == '-' || c == '_' || c.is_whitespace()).filter(|w| !w.is_empty()).collect::<Vec<_>>().join(" ")
}

/// A slug that names no category as its words, as the web app writes them (`summer-sale`
/// reads `summer sale`).
fn slug_words(slug: &str) -> String {
    slug.replace('-', " ").trim().to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn descriptions_are_cut_at_a_word() {
        let long = "word ".repeat(60);
        let clipped = clip(&long);
        assert!(clipped.chars().count() <= DESCRIPTION_CHARS && clipped.ends_with("word…"), "{clipped}");
        assert_eq!(clip("  two\n words "), "two words");
    }

    #[test]
    fn slugs_read_as_titles_and_names() {
        assert_eq!(slug_words("summer-sale-edit "), "summer sale edit");
        assert_eq!(decoded("Woollen%20Muffler"), "Woollen Muffler");
        assert_eq!(rupees(1499.0), "₹1,499.00");
    }
}
