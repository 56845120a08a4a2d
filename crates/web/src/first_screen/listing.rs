//! The shop page's first screen: its title, the listing's tool row and the first cards, as
//! `ProductListing` and `ProductCard` draw them (product-card.css) with the variant each card
//! opens on (`useVariantChoice`).

use std::cmp::Ordering;
use std::fmt::Write;

use http::dto::catalog::{ProductDto, VariantDto};

use crate::html::{attribute, text};
use crate::meta::rupees;

/// Cards the app renders in its first paint (`FIRST_CARDS`): two rows of two on a phone.
pub const FIRST_CARDS: usize = 4;

/// `ProductListing`'s and product-card.css's measures, scoped to the first screen.
pub const STYLE: &str = "<style>\
#shop-first-screen .list{padding-top:24px;padding-bottom:24px}\
#shop-first-screen .list .h{margin:0 0 .35em;font-size:1.5rem;font-weight:700;line-height:1.167;text-transform:capitalize;overflow-wrap:anywhere}\
#shop-first-screen .tools{display:flex;align-items:center;gap:8px;margin-bottom:16px;flex-wrap:wrap}\
#shop-first-screen .filters{display:inline-flex;align-items:center;padding:5px 15px;border:1px solid rgba(31,41,55,.5);border-radius:10px;color:#1f2937;font-size:.875rem;font-weight:600;line-height:1.75}\
#shop-first-screen .filters svg{width:20px;height:20px;margin:0 8px 0 -4px}\
#shop-first-screen .count{flex-grow:1;color:rgba(0,0,0,.6)}\
#shop-first-screen .sort{position:relative;min-width:170px;height:40px;padding:8.5px 32px 8.5px 14px;border:1px solid rgba(0,0,0,.23);border-radius:10px;line-height:1.4375em}\
#shop-first-screen .sort i{position:absolute;top:-9px;left:9px;padding:0 5px;background:#fff;color:rgba(0,0,0,.6);font-style:normal;font-size:.75rem;line-height:1}\
#shop-first-screen .cards{display:grid;gap:12px;grid-template-columns:repeat(2,minmax(0,1fr))}\
#shop-first-screen .pc{position:relative;display:flex;flex-direction:column;height:100%;min-width:0;overflow:hidden;background:#fff;border:1px solid rgba(0,0,0,.12);border-radius:10px}\
#shop-first-screen .pc-media{position:relative;overflow:hidden;aspect-ratio:4/5;background:#f5f5f5}\
#shop-first-screen .pc-img{display:block;width:100%;height:100%;object-fit:cover}\
#shop-first-screen .pc-badge{position:absolute;top:8px;left:8px;padding:0 8px;border-radius:12px;background:#b91c1c;color:#fff;font-size:.8125rem;font-weight:700;line-height:24px}\
#shop-first-screen .pc-icon{position:absolute;top:4px;right:4px;display:flex;align-items:center;justify-content:center;width:40px;height:40px;border-radius:50%;background:rgba(255,255,255,.9);color:rgba(0,0,0,.54)}\
#shop-first-screen .pc-body{display:flex;flex-direction:column;flex-grow:1;gap:8px;padding:12px}\
#shop-first-screen .pc-category{overflow:hidden;color:rgba(0,0,0,.6);font-size:.75rem;line-height:1.66;white-space:nowrap;text-overflow:ellipsis}\
#shop-first-screen .pc-title{font-weight:600;line-height:1.3;overflow-wrap:anywhere}\
#shop-first-screen .pc-price{display:flex;flex-wrap:wrap;align-items:baseline;column-gap:8px}\
#shop-first-screen .pc-price b{font-size:1rem;font-weight:700}\
#shop-first-screen .pc-price s{color:rgba(0,0,0,.6);font-size:.85rem}\
#shop-first-screen .pc-row{display:flex;flex-wrap:nowrap;align-items:center;gap:4px;min-width:0;overflow:hidden}\
#shop-first-screen .pc-swatch{display:flex;flex:0 0 auto;align-items:center;justify-content:center;width:24px;height:24px;border:2px solid transparent;border-radius:50%}\
#shop-first-screen .pc-swatch.on{border-color:#1f2937}\
#shop-first-screen .pc-dot{display:block;width:16px;height:16px;border-radius:50%;background:#9e9e9e}\
#shop-first-screen .pc-dot.light{box-shadow:inset 0 0 0 1px rgba(0,0,0,.3)}\
#shop-first-screen .pc-colour-name{flex:1 1 auto;min-width:0;overflow:hidden;color:rgba(0,0,0,.6);font-size:.75rem;white-space:nowrap;text-overflow:ellipsis}\
#shop-first-screen .pc-size{flex:0 0 auto;height:24px;padding:0 8px;border:1px solid #bdbdbd;border-radius:12px;font-size:.8125rem;line-height:22px;white-space:nowrap}\
#shop-first-screen .pc-size.on{border-color:#1f2937;background:#1f2937;color:#fff}\
#shop-first-screen .pc-size.out{opacity:.38;text-decoration:line-through}\
#shop-first-screen .pc-spacer{flex-grow:1}\
#shop-first-screen .pc-add{display:block;padding:6px 16px;border-radius:10px;background:#1f2937;color:#fff;text-align:center;font-size:.875rem;font-weight:600;line-height:1.75}\
@media(hover:hover){#shop-first-screen .pc-add{opacity:0}}\
@media(min-width:600px){#shop-first-screen .cards{gap:16px}}\
@media(min-width:900px){\
#shop-first-screen .list{padding-top:40px;padding-bottom:40px}\
#shop-first-screen .filters{display:none}\
#shop-first-screen .side{display:grid;gap:32px;grid-template-columns:260px minmax(0,1fr)}\
#shop-first-screen .cards{grid-template-columns:repeat(3,minmax(0,1fr))}\
}\
@media(min-width:1200px){#shop-first-screen .cards{grid-template-columns:repeat(4,minmax(0,1fr))}}\
</style>";

const FILTER: &str = "M10 18h4v-2h-4zM3 6v2h18V6zm3 7h12v-2H6z";
const HEART: &str = "M16.5 3c-1.74 0-3.41.81-4.5 2.09C10.91 3.81 9.24 3 7.5 3 4.42 3 2 5.42 2 8.5c0 3.78 3.4 6.86 8.55 11.54L12 21.35l1.45-1.32C18.6 15.36 22 12.28 22 8.5 22 5.42 19.58 3 16.5 3m-4.4 15.55-.1.1-.1-.1C7.14 14.24 4 11.39 4 8.5 4 6.5 5.5 5 7.5 5c1.54 0 3.04.99 3.57 2.36h1.87C13.46 5.99 14.96 5 16.5 5c2 0 3.5 1.5 3.5 3.5 0 2.89-3.14 5.74-7.9 10.05";

/// The shop's main part: its title, the tool row with `total` products and the first cards of
/// `products`; `sizes` is the cards' pictures' (the first one is the page's preloaded picture).
pub fn main(out: &mut String, title: &str, total: u64, products: &[ProductDto], sizes: &str) {
    let _ = write!(
        out,
        r#"<main><div class="c list"><p class="h">{}</p><div class="side"><div class="aside"></div><div><div class="tools"><span class="filters"><svg viewBox="0 0 24 24"><path d="{FILTER}"></path></svg>Filters</span><p class="count">{total} product(s) found</p><span class="sort"><i>Sort by</i>Newest</span></div><div class="cards">"#,
        text(title)
    );
    for (i, product) in products.iter().take(FIRST_CARDS).enumerate() {
        card(out, product, i, sizes);
    }
    out.push_str("</div></div></div></div></main>");
}

/// A card as `ProductCard` draws it on the variant it opens on.
fn card(out: &mut String, p: &ProductDto, index: usize, sizes: &str) {
    let choice = Choice::of(&p.variants);
    out.push_str(r#"<div><div class="pc"><div class="pc-media">"#);
    if let Some(image) = p.images.first() {
        let src = if image.thumb_url.is_empty() { &image.url } else { &image.thumb_url };
        let _ = write!(out, r#"<img class="pc-img" src="{}""#, attribute(src));
        if let Some(srcset) = &image.srcset {
            let _ = write!(out, r#" srcset="{}""#, attribute(srcset));
        }
        // The first card's picture is the page's preloaded one; the first row's are eager.
        let loading = match index {
            0 => r#" fetchpriority="high""#,
            1 => "",
            _ => r#" loading="lazy""#,
        };
        let _ = write!(out, r#" sizes="{}" alt="" width="400" height="500"{loading}>"#, attribute(sizes));
    }
    if let Some(v) = choice.shown.filter(|v| v.percent_off > 0) {
        let _ = write!(out, r#"<span class="pc-badge">{}% OFF</span>"#, v.percent_off);
    }
    let _ = write!(out, r#"<span class="pc-icon"><svg viewBox="0 0 24 24"><path d="{HEART}"></path></svg></span></div><div class="pc-body">"#);
    if !p.category.name.is_empty() {
        let _ = write!(out, r#"<span class="pc-category">{}</span>"#, text(&p.category.name));
    }
    let _ = write!(out, r#"<span class="pc-title">{}</span>"#, text(&p.name));
    if let Some(v) = choice.shown {
        let _ = write!(out, r#"<div class="pc-price"><b>{}</b>"#, rupees(v.original_price));
        if v.discount_price > 0.0 {
            let _ = write!(out, "<s>{}</s>", rupees(v.mrp));
        }
        out.push_str("</div>");
    }
    if !choice.colours.is_empty() {
        out.push_str(r#"<div class="pc-row">"#);
        for (name, hex) in &choice.colours {
            let on = if Some(*name) == choice.colour { " on" } else { "" };
            let light = if is_light(hex) { " light" } else { "" };
            // A colour's name or code only: nothing else gets into the style.
            let style = if !hex.is_empty() && hex.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'#') {
                format!(r#" style="background:{hex}""#)
            } else {
                String::new()
            };
            let _ = write!(out, r#"<span class="pc-swatch{on}"><span class="pc-dot{light}"{style}></span></span>"#);
        }
        if choice.colours.len() > 1 {
            let _ = write!(out, r#"<span class="pc-colour-name">{}</span>"#, text(choice.colour.unwrap_or_default()));
        }
        out.push_str("</div>");
    }
    if !choice.sizes.is_empty() {
        out.push_str(r#"<div class="pc-row">"#);
        for (size, in_stock) in &choice.sizes {
            let class = if Some(*size) == choice.size { " on" } else if !in_stock { " out" } else { "" };
            let _ = write!(out, r#"<span class="pc-size{class}">{}</span>"#, text(size));
        }
        out.push_str("</div>");
    }
    out.push_str(r#"<div class="pc-spacer"></div><span class="pc-add">Add to Cart</span></div></div></div>"#);
}

/// The colour and size a card opens on, and what it shows of them (`useVariantChoice`).
struct Choice<'a> {
    colours: Vec<(&'a str, &'a str)>,
    colour: Option<&'a str>,
    size: Option<&'a str>,
    /// Each size once, in a shopper's order, and whether the chosen colour has it in stock.
    sizes: Vec<(&'a str, bool)>,
    shown: Option<&'a VariantDto>,
}

impl<'a> Choice<'a> {
    fn of(variants: &'a [VariantDto]) -> Choice<'a> {
        let mut colours: Vec<(&str, &str)> = Vec::new();
        for v in variants {
            let name = v.color.trim();
            if !name.is_empty() && !colours.iter().any(|(n, _)| *n == name) {
                colours.push((name, v.color_hex_code.as_str()));
            }
        }
        let first = variants.iter().find(|v| v.stock > 0);
        let colour = first.map(|v| v.color.as_str()).or_else(|| colours.first().map(|(n, _)| *n));
        let size = first.map(|v| v.size.as_str());
        let mut sorted: Vec<&VariantDto> = variants.iter().collect();
        sorted.sort_by(|a, b| compare_sizes(&a.size, &b.size));
        let mut sizes: Vec<(&str, bool)> = Vec::new();
        for v in sorted {
            let counts = colour.is_none() || Some(v.color.as_str()) == colour;
            match sizes.iter_mut().find(|(s, _)| *s == v.size) {
                Some((_, in_stock)) => *in_stock |= counts && v.stock > 0,
                None => sizes.push((v.size.as_str(), counts && v.stock > 0)),
            }
        }
        let selected = size.and_then(|size| {
            variants.iter().find(|v| v.size == size && colour.map_or(colours.len() <= 1, |c| v.color == c))
        });
        let shown = selected
            .or_else(|| variants.iter().find(|v| Some(v.color.as_str()) == colour && v.stock > 0))
            .or(first)
            .or_else(|| variants.first());
        Choice { colours, colour, size, sizes, shown }
    }
}

/// `lib/sizes.ts`: XXS < XS < S < M < L < XL…, then numeric sizes, then the rest.
fn compare_sizes(a: &str, b: &str) -> Ordering {
    const ORDER: [&str; 12] = ["XXS", "XS", "S", "M", "L", "XL", "XXL", "2XL", "XXXL", "3XL", "4XL", "5XL"];
    let rank = |size: &str| {
        let s = size.trim().to_uppercase();
        if let Some(i) = ORDER.iter().position(|o| *o == s) {
            return (0, i as f64, s);
        }
        let number: String = s.chars().take_while(|c| c.is_ascii_digit() || *c == '.').collect();
        match number.parse::<f64>() {
            Ok(n) => (1, n, s),
            Err(_) => (2, 0.0, s),
        }
    };
    let (a, b) = (rank(a), rank(b));
    a.0.cmp(&b.0).then(a.1.partial_cmp(&b.1).unwrap_or(Ordering::Equal)).then_with(|| a.2.cmp(&b.2))
}

/// `isLightColour`: a swatch that needs a ring on a white page.
fn is_light(hex: &str) -> bool {
    if hex.is_empty() {
        return true;
    }
    let hex = hex.trim();
    let hex = hex.strip_prefix('#').unwrap_or(hex);
    match (hex.len() == 6 && hex.bytes().all(|b| b.is_ascii_hexdigit()), u32::from_str_radix(hex, 16)) {
        (true, Ok(n)) => 0.2126 * f64::from((n >> 16) & 255) + 0.7152 * f64::from((n >> 8) & 255) + 0.0722 * f64::from(n & 255) > 200.0,
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use http::dto::catalog::{CategoryRefDto, ImageDto};

    fn variant(size: &str, colour: &str, hex: &str, price: f64, stock: i32) -> VariantDto {
        let price = kernel::Price::new(kernel::Money::from_paise((price * 100.0) as i64), kernel::Money::from_paise(20_000));
        VariantDto::new(format!("{colour}-{size}"), size.into(), colour.into(), hex.into(), stock, price)
    }

    fn product(name: &str, variants: Vec<VariantDto>) -> ProductDto {
        ProductDto {
            id: name.into(),
            name: name.into(),
            slug: name.into(),
            description: String::new(),
            is_best_seller: false,
            category: CategoryRefDto { id: "c1".into(), name: "Men & Boys".into() },
            category_id: "c1".into(),
            hsn_code: None,
            images: vec![ImageDto {
                id: name.into(),
                upload_id: name.into(),
                url: format!("/uploads/{name}.jpg"),
                thumb_url: format!("/uploads/{name}-400.jpg"),
                srcset: Some(format!("/uploads/{name}-400.jpg 400w, /uploads/{name}.jpg 960w")),
                width: 960,
                height: 1200,
                color: None,
            }],
            variants,
            created_at: String::new(),
            updated_at: String::new(),
        }
    }

    #[test]
    fn cards_open_on_the_first_variant_in_stock_with_sizes_in_a_shoppers_order() {
        let kurta = product(
            "kurta",
            vec![
                variant("M", "Red", "#b91c1c", 999.0, 0),
                variant("XL", "Blue", "#1e3a8a", 1299.0, 0),
                variant("S", "Blue", "#1e3a8a", 1299.0, 5),
                variant("M", "White", "#ffffff", 1099.0, 2),
            ],
        );
        let plain = || product("stole<&>", vec![variant("Free", "", "", 499.0, 1)]);
        let mut out = String::new();
        main(&mut out, "shop", 2, &[kurta, plain(), plain(), plain(), plain()], "50vw");
        assert!(out.contains(r#"<p class="h">shop</p>"#) && out.contains(r#"<p class="count">2 product(s) found</p>"#), "{out}");
        assert_eq!(out.matches(r#"<div class="pc">"#).count(), FIRST_CARDS, "the first screen's cards only");
        // The page's preloaded picture first (the card's small version, its srcset and the contract's sizes).
        assert!(
            out.contains(r#"<img class="pc-img" src="/uploads/kurta-400.jpg" srcset="/uploads/kurta-400.jpg 400w, /uploads/kurta.jpg 960w" sizes="50vw" alt="" width="400" height="500" fetchpriority="high">"#),
            "{out}"
        );
        // Blue S is the first in stock: its price and badge; Blue chosen among three colours, White light.
        assert!(out.contains(r#"<span class="pc-badge">13% OFF</span>"#) && out.contains(r#"<b>₹1,299.00</b><s>₹1,499.00</s>"#), "{out}");
        assert!(out.contains(r##"<span class="pc-swatch"><span class="pc-dot" style="background:#b91c1c"></span></span><span class="pc-swatch on"><span class="pc-dot" style="background:#1e3a8a"></span></span><span class="pc-swatch"><span class="pc-dot light" style="background:#ffffff"></span></span><span class="pc-colour-name">Blue</span>"##), "{out}");
        // Sizes S < M < XL; M is not in stock in Blue, XL is sold out.
        assert!(out.contains(r#"<span class="pc-size on">S</span><span class="pc-size out">M</span><span class="pc-size out">XL</span>"#), "{out}");
        // Names are escaped; the second card's picture is eager, the others lazy.
        assert!(out.contains(r#"<span class="pc-title">stole&lt;&amp;&gt;</span>"#), "{out}");
        assert_eq!(out.matches(r#"loading="lazy""#).count(), 2, "{out}");
        assert!(!out.contains("<a ") && !out.contains("<button") && !out.contains("<h1"), "{out}");
    }
}
