//! A page's first screen in HTML, painted where scripts run before the web app has loaded:
//! the header, then on a product page the breadcrumb, the main picture, the stock chip, the
//! name and the price, and on the home page the hero with the first category's picture and
//! words, each where and as large as the web app draws it (`StorefrontLayout`,
//! `ProductDetail`, `PriceTag`, `Hero` with the theme's sizes, at the theme's breakpoints). A
//! phone then shows the page, and its largest paint happens, as soon as the HTML and the
//! preloaded picture are in, instead of after the app's JavaScript has loaded and run. The
//! largest picture is marked `fetchpriority="high"`: the app waits until it is painted before
//! it replaces the screen (`lib/first-screen.ts`).
//!
//! It sits inside the app's root element: the web app's first render replaces it (the web app
//! renders once the route is loaded, so nothing else comes between). Nodes that are replaced
//! do not count as moved, and the new ones come in the same places: nothing shifts. It is a
//! picture of the page, not the page: hidden from assistive technology, with nothing to
//! focus or click; where scripts do not run the plain page ([`crate::plain`]) shows instead.
//!
//! The names and pictures are the owner's: every text and attribute is escaped here.

use std::fmt::Write;

use catalog::CatalogSnapshot;
use http::answers;
use http::dto::catalog::{CategoryDto, ListingDto, ProductDto, VariantDto};
use http::dto::content::CompanyDto;
use http::AppState;

mod listing;

use crate::first_paint::shown_pictures;
use crate::html::{attribute, text, PageHtml};
use crate::contract::PictureKind;
use crate::meta::{decoded, rupees};
use crate::page::Page;

/// The id of the first screen's element inside the root; the web app waits for its route
/// before its first render when the page has one (`main.tsx`).
pub const ELEMENT_ID: &str = "shop-first-screen";

/// The web app's measures, scoped to the first screen. Breakpoints are MUI's (sm 600px,
/// md 900px, lg 1200px); colours the theme's; sizes those of the components named.
const STYLE: &str = "<style>\
body{margin:0}\
#shop-first-screen{display:flex;flex-direction:column;min-height:100vh;font:400 1rem/1.5 system-ui,-apple-system,'Segoe UI',Roboto,'Helvetica Neue',Arial,sans-serif;letter-spacing:.00938em;color:rgba(0,0,0,.87);background:#fff;-webkit-font-smoothing:antialiased;box-sizing:border-box;pointer-events:none;user-select:none;visibility:hidden}\
#shop-first-screen *{box-sizing:border-box}\
#shop-first-screen p{margin:0}\
#shop-first-screen .c{width:100%;margin:0 auto;padding:0 16px}\
#shop-first-screen .top{display:none;background:#1f2937;color:#fff;font-size:13px}\
#shop-first-screen .top .c{display:flex;gap:24px;padding-top:4px;padding-bottom:4px;justify-content:flex-end}\
#shop-first-screen .top span{display:inline-flex;align-items:center;gap:4px}\
#shop-first-screen .top svg{width:16px;height:16px}\
#shop-first-screen .bar{position:sticky;top:0;z-index:1100;background:#fff;border-bottom:1px solid rgba(0,0,0,.12)}\
#shop-first-screen .bar .c{display:flex;align-items:center;min-height:56px;padding:0 4px}\
#shop-first-screen .icon{display:inline-flex;align-items:center;justify-content:center;padding:8px;flex:0 0 auto}\
#shop-first-screen svg{width:24px;height:24px;fill:currentColor;flex-shrink:0}\
#shop-first-screen .brand{display:flex;align-items:center;min-width:0;margin-right:auto}\
#shop-first-screen .brand span{font-size:1rem;line-height:1.6;font-weight:800;letter-spacing:.5px;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}\
#shop-first-screen .brand img{height:40px;width:auto;max-width:110px;object-fit:contain}\
#shop-first-screen .nav{display:none;gap:4px;margin:0 16px}\
#shop-first-screen .nav span{font-weight:500;padding:8px 12px}\
#shop-first-screen main{flex-grow:1;min-height:100vh}\
#shop-first-screen .page{padding-top:16px;padding-bottom:16px}\
#shop-first-screen ol{display:flex;flex-wrap:wrap;align-items:center;list-style:none;margin:0 0 16px;padding:0;color:rgba(0,0,0,.6)}\
#shop-first-screen ol li.sep{display:flex;user-select:none;margin:0 8px}\
#shop-first-screen ol p{color:rgba(0,0,0,.87);overflow-wrap:anywhere}\
#shop-first-screen .grid{display:grid;gap:24px;grid-template-columns:minmax(0,1fr)}\
#shop-first-screen .media{min-width:0}\
#shop-first-screen .pic{display:block;width:100%;aspect-ratio:4/5;background:#f5f5f5;border-radius:20px;overflow:hidden}\
#shop-first-screen .pic img{width:100%;height:100%;object-fit:cover;display:block;max-width:100%}\
#shop-first-screen .thumbs{display:flex;gap:8px;margin-top:8px;overflow-x:auto;padding-bottom:4px}\
#shop-first-screen .thumbs span{border:2px solid transparent;border-radius:10px;flex:0 0 auto}\
#shop-first-screen .thumbs span.on{border-color:#c2410c}\
#shop-first-screen .thumbs img{width:64px;height:80px;object-fit:cover;display:block;border-radius:5px}\
#shop-first-screen .info{min-width:0;display:flex;flex-direction:column;gap:16px}\
#shop-first-screen .chips{display:flex;gap:8px;margin-bottom:8px;flex-wrap:wrap}\
#shop-first-screen .chip{display:inline-flex;align-items:center;height:24px;border-radius:16px;font-size:.8125rem;line-height:1.5;padding:0 7px;border:1px solid;white-space:nowrap}\
#shop-first-screen .chip.in{color:#2e7d32;border-color:rgba(46,125,50,.7)}\
#shop-first-screen .chip.out{color:#b91c1c;border-color:rgba(185,28,28,.7)}\
#shop-first-screen .chip.best{color:#fff;background:#c2410c;border:0;padding:0 8px}\
#shop-first-screen .name{font-size:1.5rem;font-weight:700;line-height:1.167;letter-spacing:0;overflow-wrap:anywhere}\
#shop-first-screen .price{display:flex;align-items:baseline;flex-wrap:wrap;column-gap:8px}\
#shop-first-screen .price>*{letter-spacing:normal}\
#shop-first-screen .price span{font-size:1.6rem;font-weight:700}\
#shop-first-screen .price s{font-size:1.05rem;color:rgba(0,0,0,.6)}\
#shop-first-screen .price em{font-style:normal;font-size:1rem;font-weight:600;color:#2e7d32}\
@media(min-width:600px){\
#shop-first-screen .c{padding:0 24px}\
#shop-first-screen .bar .c{min-height:64px;padding:0 16px}\
#shop-first-screen .bar .c{gap:8px}\
#shop-first-screen .brand img{max-width:160px}\
}\
@media(min-width:900px){\
#shop-first-screen .top{display:block}\
#shop-first-screen .menu{display:none}\
#shop-first-screen .nav{display:flex}\
#shop-first-screen .page{padding-top:32px;padding-bottom:32px}\
#shop-first-screen .grid{gap:40px;grid-template-columns:1fr 1fr}\
}\
@media(min-width:1200px){#shop-first-screen .c{max-width:1200px}}\
</style><noscript><style>#shop-first-screen{display:none}</style></noscript>";

/// The home page's hero (`Hero`), after [`STYLE`] on that page only.
const HERO_STYLE: &str = "<style>\
#shop-first-screen .hero{position:relative;height:calc(100svh - 56px);min-height:420px;max-height:900px;overflow:hidden;background:#212121;color:#fff}\
#shop-first-screen .hero>img{position:absolute;inset:0;width:100%;height:100%;object-fit:cover;display:block;max-width:100%}\
#shop-first-screen .shade{position:absolute;inset:0;background:linear-gradient(90deg,rgba(0,0,0,.65),rgba(0,0,0,.15))}\
#shop-first-screen .hero .c{position:relative;height:100%;display:flex;align-items:center}\
#shop-first-screen .words{max-width:560px}\
#shop-first-screen .over{display:block;font-size:.75rem;line-height:2.66;letter-spacing:3px;text-transform:uppercase}\
#shop-first-screen .title{font-size:2.2rem;font-weight:700;line-height:1.167;letter-spacing:-.01562em;overflow-wrap:anywhere}\
#shop-first-screen .hero p.text{margin:16px 0 24px;opacity:.9}\
#shop-first-screen .go{display:inline-flex;align-items:center;justify-content:center;min-width:64px;padding:8px 22px;border-radius:10px;background:#c2410c;color:#fff;font-size:.9375rem;font-weight:600;line-height:1.75;letter-spacing:.02857em}\
#shop-first-screen .go.alone{margin-top:24px}\
#shop-first-screen .dots{position:absolute;bottom:24px;left:0;right:0;display:flex;justify-content:center;gap:8px}\
#shop-first-screen .dots span{width:10px;height:10px;border-radius:5px;background:rgba(255,255,255,.5)}\
#shop-first-screen .dots span.on{width:28px;background:#fff}\
@media(min-width:900px){\
#shop-first-screen .hero{height:calc(100svh - 96px)}\
#shop-first-screen .title{font-size:3.5rem}\
#shop-first-screen .hero p.text{font-size:1.15rem}\
}\
</style>";

/// The header's icons (Material Icons' paths, as the web app draws them).
const MENU: &str = "M3 18h18v-2H3zm0-5h18v-2H3zm0-7v2h18V6z";
const PERSON: &str = "M12 5.9c1.16 0 2.1.94 2.1 2.1s-.94 2.1-2.1 2.1S9.9 9.16 9.9 8s.94-2.1 2.1-2.1m0 9c2.97 0 6.1 1.46 6.1 2.1v1.1H5.9V17c0-.64 3.13-2.1 6.1-2.1M12 4C9.79 4 8 5.79 8 8s1.79 4 4 4 4-1.79 4-4-1.79-4-4-4m0 9c-2.67 0-8 1.34-8 4v3h16v-3c0-2.66-5.33-4-8-4";
const SEARCH: &str = "M15.5 14h-.79l-.28-.27C15.41 12.59 16 11.11 16 9.5 16 5.91 13.09 3 9.5 3S3 5.91 3 9.5 5.91 16 9.5 16c1.61 0 3.09-.59 4.23-1.57l.27.28v.79l5 4.99L20.49 19zm-6 0C7.01 14 5 11.99 5 9.5S7.01 5 9.5 5 14 7.01 14 9.5 11.99 14 9.5 14";
const HEART: &str = "M16.5 3c-1.74 0-3.41.81-4.5 2.09C10.91 3.81 9.24 3 7.5 3 4.42 3 2 5.42 2 8.5c0 3.78 3.4 6.86 8.55 11.54L12 21.35l1.45-1.32C18.6 15.36 22 12.28 22 8.5 22 5.42 19.58 3 16.5 3m-4.4 15.55-.1.1-.1-.1C7.14 14.24 4 11.39 4 8.5 4 6.5 5.5 5 7.5 5c1.54 0 3.04.99 3.57 2.36h1.87C13.46 5.99 14.96 5 16.5 5c2 0 3.5 1.5 3.5 3.5 0 2.89-3.14 5.74-7.9 10.05";
const BAG: &str = "M18 6h-2c0-2.21-1.79-4-4-4S8 3.79 8 6H6c-1.1 0-2 .9-2 2v12c0 1.1.9 2 2 2h12c1.1 0 2-.9 2-2V8c0-1.1-.9-2-2-2m-6-2c1.1 0 2 .9 2 2h-4c0-1.1.9-2 2-2m6 16H6V8h2v2c0 .55.45 1 1 1s1-.45 1-1V8h4v2c0 .55.45 1 1 1s1-.45 1-1V8h2z";
const MAIL: &str = "M20 4H4c-1.1 0-1.99.9-1.99 2L2 18c0 1.1.9 2 2 2h16c1.1 0 2-.9 2-2V6c0-1.1-.9-2-2-2m0 14H4V8l8 5 8-5zm-8-7L4 6h16z";
const PHONE: &str = "M6.62 10.79c1.44 2.83 3.76 5.14 6.59 6.59l2.2-2.2c.27-.27.67-.36 1.02-.24 1.12.37 2.33.57 3.57.57.55 0 1 .45 1 1V20c0 .55-.45 1-1 1-9.39 0-17-7.61-17-17 0-.55.45-1 1-1h3.5c.55 0 1 .45 1 1 0 1.25.2 2.45.57 3.57.11.35.03.74-.25 1.02z";

/// The header's links on a wide screen (`StorefrontLayout`'s, then its two menu buttons).
const LINKS: [&str; 6] = ["Home", "About", "Shop", "Blog", "Categories", "Account"];

/// Puts the first screen of `page` (requested with `query`) into the page when it is a product
/// page of a product in the catalogue, the home page with a first category that has a
/// picture, or the shop without filters.
pub fn add_for(html: &mut PageHtml, state: &AppState, snapshot: &CatalogSnapshot, page: Page<'_, '_>, query: &str) {
    let Page::Known { def, slug } = page else { return };
    let Some(picture) = def.picture.as_ref() else { return };
    let company = || CompanyDto::from(&*state.content.company());
    match (picture.kind, slug) {
        (PictureKind::Card, None) if query.is_empty() => {
            let Some(request) = def.requests.get(picture.request) else { return };
            let Ok(listing) = answers::listing_query(&request.query).map(|q| answers::listing(snapshot, &q)) else { return };
            add_shop(html, &company(), &def.name, &listing, &picture.sizes);
        }
        (PictureKind::Product, Some(slug)) => {
            let Some(product) = snapshot.product(&decoded(slug)) else { return };
            add_to(html, &company(), &ProductDto::from(product.as_ref()), &picture.sizes);
        }
        (PictureKind::Hero, None) => {
            let mut slides = crate::first_paint::hero_slides(snapshot);
            let Some(first) = slides.next() else { return };
            add_home(html, &company(), &CategoryDto::from_category(first), 1 + slides.count(), &picture.sizes);
        }
        _ => {}
    }
}

/// Puts the first screen of `product` into the page; `sizes` is the main picture's (the page
/// contract's, as the web app's `<img>` and the preload have it).
pub fn add_to(html: &mut PageHtml, company: &CompanyDto, product: &ProductDto, sizes: &str) {
    let mut out = start(html, company);
    out.push_str(r#"<main><div class="c page">"#);
    breadcrumb(&mut out, product);
    out.push_str(r#"<div class="grid"><div class="media">"#);
    pictures(&mut out, product, sizes);
    out.push_str("</div>");
    info(&mut out, product);
    out.push_str("</div></div></main>");
    finish(html, out);
}

/// Puts the home page's first screen into the page: the hero showing `first` of `count`
/// slides ([`crate::first_paint::hero_slides`]), when it has a picture (the one the page preloads; `sizes` is the
/// contract's).
pub fn add_home(html: &mut PageHtml, company: &CompanyDto, first: &CategoryDto, count: usize, sizes: &str) {
    let Some(src) = &first.image_url else { return };
    let mut out = start(html, company);
    html.head(HERO_STYLE);
    let _ = write!(out, r#"<main><section class="hero"><img src="{}""#, attribute(src));
    if let Some(srcset) = &first.image_srcset {
        let _ = write!(out, r#" srcset="{}" sizes="{}""#, attribute(srcset), attribute(sizes));
    }
    let text_part = if first.description.is_empty() {
        String::new()
    } else {
        format!(r#"<p class="text">{}</p>"#, text(&first.description))
    };
    let _ = write!(
        out,
        r#" alt="" width="1600" height="900" fetchpriority="high"><div class="shade"></div><div class="c"><div class="words"><span class="over">New collection</span><p class="title">{}</p>{text_part}<span class="go{}">Explore Now</span></div></div>"#,
        text(&first.name),
        if first.description.is_empty() { " alone" } else { "" },
    );
    if count > 1 {
        out.push_str(r#"<div class="dots"><span class="on"></span>"#);
        out.push_str(&"<span></span>".repeat(count - 1));
        out.push_str("</div>");
    }
    out.push_str("</section></main>");
    finish(html, out);
}

/// Puts the shop's first screen into the page: the first cards of `listing` (page `name`), when
/// it has a product with a picture (the one the page preloads; `sizes` is the contract's).
pub fn add_shop(html: &mut PageHtml, company: &CompanyDto, name: &str, listing: &ListingDto, sizes: &str) {
    if listing.data.first().is_none_or(|p| p.images.is_empty()) {
        return;
    }
    let mut out = start(html, company);
    html.head(listing::STYLE);
    listing::main(&mut out, name, listing.pagination.total_items, &listing.data, sizes);
    finish(html, out);
}

/// Ends the first screen's element and puts it into the page. The screen stays hidden until the
/// browser has read all of it: a slow phone paints while it is still reading the HTML, and a
/// screen drawn half-read would move as the rest comes in (the top bar's e-mail, right-aligned,
/// moved left when its text followed its icon). Its last child shows it, in one paint.
fn finish(html: &mut PageHtml, mut out: String) {
    out.push_str(SHOW);
    out.push_str("</div>");
    html.root(&out);
}

/// The first screen's last child (see [`finish`]).
const SHOW: &str = "<style>#shop-first-screen{visibility:visible}</style>";

/// The common part of every first screen: its style, the deferred start of the app, the
/// screen's element (left open: [`finish`] closes it) and the header.
fn start(html: &mut PageHtml, company: &CompanyDto) -> String {
    html.head(STYLE);
    html.start_after_first_paint();
    let mut out = String::with_capacity(4096);
    let _ = write!(out, r#"<div id="{ELEMENT_ID}" aria-hidden="true">"#);
    header(&mut out, company);
    out
}

fn icon(path: &str) -> String {
    format!(r#"<svg viewBox="0 0 24 24" focusable="false"><path d="{path}"></path></svg>"#)
}

/// `StorefrontLayout`'s top bar (wide screens, when the shop has an e-mail or phone) and
/// header, without a signed-in shopper's initial or the saved counts (the app adds them).
fn header(out: &mut String, company: &CompanyDto) {
    if !company.email.is_empty() || !company.phone.is_empty() {
        out.push_str(r#"<div class="top"><div class="c">"#);
        if !company.email.is_empty() {
            let _ = write!(out, "<span>{} {}</span>", icon(MAIL), text(&company.email));
        }
        if !company.phone.is_empty() {
            let phone = if company.phone.starts_with("+91") { company.phone.clone() } else { format!("+91-{}", company.phone) };
            let _ = write!(out, "<span>{} {}</span>", icon(PHONE), text(&phone));
        }
        out.push_str("</div></div>");
    }
    let _ = write!(out, r#"<div class="bar"><div class="c"><span class="icon menu">{}</span><span class="brand">"#, icon(MENU));
    match &company.logo_url {
        Some(logo) => {
            let _ = write!(out, r#"<img src="{}" alt="" width="120" height="40">"#, attribute(logo));
        }
        None => {
            let _ = write!(out, "<span>{}</span>", text(&company.name));
        }
    }
    out.push_str(r#"</span><span class="nav">"#);
    for link in LINKS {
        let _ = write!(out, "<span>{link}</span>");
    }
    out.push_str("</span>");
    for path in [PERSON, SEARCH, HEART, BAG] {
        let _ = write!(out, r#"<span class="icon">{}</span>"#, icon(path));
    }
    out.push_str("</div></div>");
}

/// Home / category / name, as `ProductDetail`'s breadcrumb.
fn breadcrumb(out: &mut String, p: &ProductDto) {
    out.push_str(r#"<ol><li>Home</li>"#);
    if !p.category.name.is_empty() {
        let _ = write!(out, r#"<li class="sep">/</li><li>{}</li>"#, text(&p.category.name));
    }
    let _ = write!(out, r#"<li class="sep">/</li><li><p>{}</p></li></ol>"#, text(&p.name));
}

/// The main picture and, with more than one, the row of small ones, in the order the page
/// shows them.
fn pictures(out: &mut String, p: &ProductDto, sizes: &str) {
    let images = shown_pictures(p);
    out.push_str(r#"<div class="pic">"#);
    if let Some(first) = images.first() {
        let _ = write!(out, r#"<img src="{}""#, attribute(&first.url));
        if let Some(srcset) = &first.srcset {
            let _ = write!(out, r#" srcset="{}" sizes="{}""#, attribute(srcset), attribute(sizes));
        }
        let _ = write!(out, r#" alt="{}" width="800" height="1000" fetchpriority="high">"#, attribute(&p.name));
    }
    out.push_str("</div>");
    if images.len() > 1 {
        out.push_str(r#"<div class="thumbs">"#);
        for (i, image) in images.iter().enumerate() {
            let src = if image.thumb_url.is_empty() { &image.url } else { &image.thumb_url };
            let on = if i == 0 { r#" class="on""# } else { "" };
            let _ = write!(out, r#"<span{on}><img src="{}" alt="" width="64" height="80" loading="lazy"></span>"#, attribute(src));
        }
        out.push_str("</div>");
    }
}

/// The stock and best-seller chips, the name and the price of the variant the page opens on.
fn info(out: &mut String, p: &ProductDto) {
    let in_stock = p.variants.iter().any(|v| v.stock > 0);
    out.push_str(r#"<div class="info"><div><div class="chips">"#);
    out.push_str(if in_stock { r#"<span class="chip in">In Stock</span>"# } else { r#"<span class="chip out">Out of Stock</span>"# });
    if p.is_best_seller {
        out.push_str(r#"<span class="chip best">Best Seller</span>"#);
    }
    let _ = write!(out, r#"</div><p class="name">{}</p></div>"#, text(&p.name));
    if let Some(v) = shown_variant(&p.variants) {
        let _ = write!(out, r#"<div class="price"><span>{}</span>"#, rupees(v.original_price));
        if v.discount_price > 0.0 {
            let _ = write!(out, "<s>{}</s>", rupees(v.mrp));
        }
        if v.percent_off > 0 {
            let _ = write!(out, "<em>{}% off</em>", v.percent_off);
        }
        out.push_str("</div>");
    }
    out.push_str("</div>");
}

/// The variant whose price the page shows first: the first in stock, else the first.
fn shown_variant(variants: &[VariantDto]) -> Option<&VariantDto> {
    variants.iter().find(|v| v.stock > 0).or_else(|| variants.first())
}

#[cfg(test)]
mod tests {
    use super::*;
    use http::dto::catalog::{CategoryRefDto, ImageDto};

    fn variant(colour: &str, price: f64, stock: i32) -> VariantDto {
        let price = kernel::Price::new(kernel::Money::from_paise((price * 100.0) as i64), kernel::Money::from_paise(20_000));
        VariantDto::new("v".into(), "M".into(), colour.into(), "#000".into(), stock, price)
    }

    fn image(url: &str, colour: &str) -> ImageDto {
        ImageDto {
            id: url.into(),
            upload_id: url.into(),
            url: format!("/uploads/{url}.jpg"),
            thumb_url: format!("/uploads/{url}-320.jpg"),
            srcset: Some(format!("/uploads/{url}-320.jpg 320w, /uploads/{url}.jpg 960w")),
            width: 960,
            height: 1200,
            color: Some(colour.into()),
        }
    }

    fn company(logo: Option<&str>) -> CompanyDto {
        CompanyDto {
            name: "Rang <Mahal>".into(),
            email: "hello@example.in".into(),
            phone: "9876543210".into(),
            address: String::new(),
            pincode: String::new(),
            legal_name: String::new(),
            gstin: String::new(),
            state: String::new(),
            invoice_prefix: String::new(),
            grievance_officer: String::new(),
            grievance_designation: String::new(),
            grievance_email: String::new(),
            grievance_phone: String::new(),
            logo_url: logo.map(str::to_string),
        }
    }

    fn render(product: &ProductDto, company: &CompanyDto) -> (String, String) {
        let mut html = PageHtml::default();
        add_to(&mut html, company, product, "(max-width: 900px) 100vw, 50vw");
        let page = crate::html::Template::new("<head></head><body><div id=\"root\"></div></body>".into()).render(&html);
        let (head, body) = page.split_once("</head>").unwrap_or_default();
        (head.to_string(), body.to_string())
    }

    /// A kurta in two colours: Red sold out, Blue in stock at ₹1,299 (MRP ₹1,499).
    fn kurta() -> ProductDto {
        ProductDto {
            id: "p1".into(),
            name: r#"Kurta <i>"Ikat"</i> & Co"#.into(),
            slug: "kurta".into(),
            description: String::new(),
            is_best_seller: true,
            category: CategoryRefDto { id: "c1".into(), name: "Men & Boys".into() },
            category_id: "c1".into(),
            hsn_code: None,
            images: vec![image("red", "Red"), image("blue", "Blue"), image("blue-back", "Blue")],
            variants: vec![variant("Red", 999.0, 0), variant("Blue", 1299.0, 5)],
            created_at: String::new(),
            updated_at: String::new(),
        }
    }

    #[test]
    fn the_first_screen_shows_the_picture_name_and_price_the_app_opens_on_escaped() {
        let (head, body) = render(&kurta(), &company(None));
        assert!(head.contains("#shop-first-screen{display:flex;") && head.contains("pointer-events:none;user-select:none;") && head.contains("<noscript><style>#shop-first-screen{display:none}"), "{head}");
        // Hidden until the browser has read it all: its last child shows it.
        assert!(head.contains(";visibility:hidden}") && body.ends_with("</em></div></div></div></div></main><style>#shop-first-screen{visibility:visible}</style></div></div></body>"), "{head}{body}");
        // Inside the root, a picture of the page: nothing for assistive technology or focus.
        assert!(body.contains(r#"<div id="root"><div id="shop-first-screen" aria-hidden="true">"#), "{body}");
        assert!(!body.contains("<a ") && !body.contains("<button") && !body.contains("<h1"), "{body}");
        // The colour in stock first, with the srcset and sizes of the app's picture.
        assert!(
            body.contains(r#"<div class="pic"><img src="/uploads/blue.jpg" srcset="/uploads/blue-320.jpg 320w, /uploads/blue.jpg 960w" sizes="(max-width: 900px) 100vw, 50vw" alt="Kurta &lt;i&gt;&quot;Ikat&quot;&lt;/i&gt; &amp; Co""#),
            "{body}"
        );
        let thumbs: Vec<&str> = body.match_indices("-320.jpg\" alt=\"\" width=\"64\"").map(|(i, _)| &body[body[..i].rfind('/').unwrap_or(0)..i]).collect();
        assert_eq!(thumbs, ["/blue", "/blue-back", "/red"]);
        assert!(body.contains(r#"<p class="name">Kurta &lt;i&gt;&quot;Ikat&quot;&lt;/i&gt; &amp; Co</p>"#), "{body}");
        assert!(body.contains(r#"<span class="chip in">In Stock</span><span class="chip best">Best Seller</span>"#), "{body}");
        assert!(body.contains(r#"<div class="price"><span>₹1,299.00</span><s>₹1,499.00</s><em>13% off</em></div>"#), "{body}");
        assert!(body.contains("<li>Men &amp; Boys</li>"), "{body}");
        // The header: the shop's name, e-mail and phone as the app writes them.
        assert!(body.contains("<span>Rang &lt;Mahal&gt;</span>") && body.contains(" +91-9876543210</span>") && body.contains(" hello@example.in</span>"), "{body}");
    }

    fn category(name: &str, description: &str, image: Option<&str>) -> CategoryDto {
        CategoryDto {
            id: "c1".into(),
            name: name.into(),
            slug: "c".into(),
            description: description.into(),
            parent_id: None,
            hsn_code: None,
            image_url: image.map(|i| format!("/uploads/{i}.jpg")),
            image_srcset: image.map(|i| format!("/uploads/{i}-800.jpg 800w, /uploads/{i}.jpg 1600w")),
            uploads: Vec::new(),
            sub_categories: Vec::new(),
            product_count: 0,
        }
    }

    fn render_home(first: &CategoryDto, count: usize) -> (String, String) {
        let mut html = PageHtml::default();
        add_home(&mut html, &company(None), first, count, "100vw");
        let page = crate::html::Template::new("<head></head><body><div id=\"root\"></div></body>".into()).render(&html);
        let (head, body) = page.split_once("</head>").unwrap_or_default();
        (head.to_string(), body.to_string())
    }

    #[test]
    fn the_home_page_shows_the_first_categorys_hero_with_its_preloaded_picture_escaped() {
        let (head, body) = render_home(&category("Sarees & <Silk>", "Woven by hand", Some("sarees")), 3);
        assert!(head.contains("#shop-first-screen{display:flex;") && head.contains("#shop-first-screen .hero{"), "{head}");
        assert!(body.contains(r#"<div id="root"><div id="shop-first-screen" aria-hidden="true">"#), "{body}");
        assert!(!body.contains("<a ") && !body.contains("<button") && !body.contains("<h1"), "{body}");
        // The picture the page preloads (srcset and sizes of the app's), the one the app waits for.
        assert!(
            body.contains(r#"<section class="hero"><img src="/uploads/sarees.jpg" srcset="/uploads/sarees-800.jpg 800w, /uploads/sarees.jpg 1600w" sizes="100vw" alt="" width="1600" height="900" fetchpriority="high">"#),
            "{body}"
        );
        assert!(body.contains(r#"<p class="title">Sarees &amp; &lt;Silk&gt;</p><p class="text">Woven by hand</p><span class="go">Explore Now</span>"#), "{body}");
        assert!(body.contains(r#"<div class="dots"><span class="on"></span><span></span><span></span></div></section></main><style>#shop-first-screen{visibility:visible}</style></div>"#), "{body}");
        // One category without words: no dots, and the button keeps its place.
        let (_, body) = render_home(&category("Kurtas", "", Some("k")), 1);
        assert!(body.contains(r#"<p class="title">Kurtas</p><span class="go alone">"#) && !body.contains("dots"), "{body}");
        // Without a picture there is nothing to paint early: the app draws the page.
        let (head, body) = render_home(&category("Kurtas", "", None), 1);
        assert!(!head.contains("<style>") && !body.contains("shop-first-screen"), "{head}{body}");
    }

    #[test]
    fn sold_out_products_show_the_first_price_and_a_logo_replaces_the_name() {
        let mut p = kurta();
        p.variants[1].stock = 0;
        p.is_best_seller = false;
        p.images.truncate(1);
        let (_, body) = render(&p, &company(Some("/uploads/logo.png")));
        assert!(body.contains(r#"<span class="chip out">Out of Stock</span></div>"#), "{body}");
        assert!(body.contains(r#"<div class="price"><span>₹999.00</span>"#), "{body}");
        assert!(!body.contains("class=\"thumbs\""), "one picture: no row of small ones");
        assert!(body.contains(r#"<img src="/uploads/logo.png" alt="" width="120" height="40">"#) && !body.contains("Rang"), "{body}");
    }
}
