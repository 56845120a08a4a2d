//! What a page's first render needs, put into its HTML so that a phone does not wait for the
//! JavaScript, then the API, then the picture:
//!
//! - the API answers the page asks for first (the page contract), as a JSON data block keyed
//!   by the exact GET URL the web app will request; the web app takes each one once instead of
//!   going to the network;
//! - a `<link rel="preload" as="image">` for the page's first picture, with the `srcset` and
//!   `sizes` of the web app's `<img>`, so the browser fetches it once.
//!
//! Catalogue answers come from the API's own per-version response cache, under the API's key
//! for that URL, built by the same functions (`http::answers`): never older than what the API
//! would answer, and the very same bytes.

use std::sync::Arc;

use catalog::CatalogSnapshot;
use http::answers;
use http::cache::{self, CachedBody};
use http::dto::catalog::{CategoryDto, ImageDto, ListingDto, ProductDto};
use http::dto::Envelope;
use http::{ApiError, AppState};
use serde::Serialize;

use crate::contract::{unreserved, Answer, Contract, Picture, Request};
use crate::html::{Element, PageHtml};
use crate::page::Page;
use crate::per_version::PerVersion;

/// A picture found in an answer: what the page's `<img>` shows first.
#[derive(Debug, Clone, PartialEq)]
pub struct Found {
    pub href: String,
    pub srcset: Option<String>,
}

/// The API answers and the picture preload of one page.
#[derive(Default)]
pub struct FirstPaint<'c> {
    answers: Vec<(String, Body)>,
    picture: Option<(Found, &'c str)>,
}

enum Body {
    Cached(Arc<CachedBody>),
    Built(Vec<u8>),
}

impl Body {
    fn json(&self) -> &[u8] {
        match self {
            Body::Cached(cached) => cached.json(),
            Body::Built(bytes) => bytes,
        }
    }
}

/// The longest slug put into a request URL.
const MAX_SLUG: usize = 200;

impl<'c> FirstPaint<'c> {
    /// What `page` (requested with `query`, without `?`) needs first. Only what every page gets
    /// for the back office, for other storefront paths and for a slug the web app
    /// would write differently percent-encoded; for a page whose filters are in its query
    /// string, all but the listing the filters change (its picture's request: the web app asks
    /// for that one, and the page preloads no picture), so its filter panel draws the category
    /// tree from the start instead of redrawing, and moving, when the tree came after the
    /// products; no answer where the API would answer an error (an unknown product: the web app
    /// asks and shows "Product not found").
    pub fn of(state: &AppState, pictures: &Pictures, contract: &'c Contract, page: Page<'c, '_>, query: &str) -> FirstPaint<'c> {
        let mut out = FirstPaint::default();
        let own: Option<(&[Request], Option<&'c Picture>, &str, bool)> = match page {
            // The back office loads its own data; it gets the company details (the shop's name
            // in its title and header) like every page.
            Page::BackOffice(_) | Page::Forwarded | Page::NotFound => None,
            Page::Known { def, slug } => {
                let slug = slug.unwrap_or("");
                let plain = slug.is_empty() || (slug.len() <= MAX_SLUG && unreserved(slug));
                let filtered = def.filters_in_query && !query.is_empty();
                plain.then_some((def.requests.as_slice(), def.picture.as_ref(), slug, filtered))
            }
        };
        let snapshot = state.catalog.snapshot();
        let ctx = Context { state, pictures, snapshot: &snapshot };
        for request in &contract.every_page {
            out.add(&ctx, request, "", None);
        }
        if let Some((requests, picture, slug, filtered)) = own {
            for (i, request) in requests.iter().enumerate() {
                let wanted = picture.filter(|p| p.request == i);
                if filtered && wanted.is_some() {
                    continue;
                }
                out.add(&ctx, request, slug, wanted);
            }
        }
        out
    }

    fn add(&mut self, ctx: &Context, request: &Request, slug: &str, picture: Option<&'c Picture>) {
        let path = format!("{}{}", http::API_PREFIX, request.path.replace("{slug}", slug));
        let key = cache::key(&path, &request.query);
        let url = if request.query.is_empty() { path } else { format!("{path}?{}", request.query) };
        let snapshot = ctx.snapshot;
        let want = picture.is_some();
        let (body, found) = match request.answer {
            Answer::Company => built(&answers::company(&ctx.state.content.company())),
            Answer::LegalPages => built(&answers::legal_pages(&ctx.state.content.legal_pages())),
            Answer::CategoryTree => {
                // The hero's picture comes from the catalogue itself: no answer is built for it.
                let (body, _) = ctx.cached(&key, false, || Ok(answers::category_tree(snapshot)), |_| None);
                (body, if want { hero(snapshot) } else { None })
            }
            Answer::Listing => ctx.cached(&key, want, || Ok(answers::listing(snapshot, &answers::listing_query(&request.query)?)), card),
            Answer::Product => ctx.cached(&key, want, || answers::product(snapshot, slug), product),
        };
        if let Some(body) = body {
            self.answers.push((url, body));
        }
        if let (Some(found), Some(picture)) = (found, picture) {
            self.picture = Some((found, picture.sizes.as_str()));
        }
    }

    /// Puts the picture's preload and the data block into the page, before the app's script.
    pub fn add_to(&self, html: &mut PageHtml, data_element_id: &str) {
        if let Some((found, sizes)) = &self.picture {
            let mut link = Element::new("link").attr("rel", "preload").attr("as", "image").attr("href", &found.href);
            if let Some(srcset) = &found.srcset {
                link = link.attr("imagesrcset", srcset).attr("imagesizes", sizes);
            }
            html.early(&link.attr("fetchpriority", "high").void());
        }
        if self.answers.is_empty() {
            return;
        }
        let size = self.answers.iter().map(|(url, body)| url.len() + body.json().len() + 4).sum::<usize>();
        let mut json = String::with_capacity(size + 2);
        json.push('{');
        for (i, (url, body)) in self.answers.iter().enumerate() {
            if i > 0 {
                json.push(',');
            }
            json.push_str(&serde_json::to_string(url).unwrap_or_default());
            json.push(':');
            json.push_str(&String::from_utf8_lossy(body.json()));
        }
        json.push('}');
        html.early(&Element::new("script").attr("type", "application/json").attr("id", data_element_id).json(&json));
    }
}

struct Context<'a> {
    state: &'a AppState,
    pictures: &'a Pictures,
    snapshot: &'a CatalogSnapshot,
}

impl Context<'_> {
    /// The cached answer under `key` and, when `want`ed, its first picture.
    fn cached<T: Serialize>(
        &self,
        key: &str,
        want: bool,
        build: impl Fn() -> Result<T, ApiError>,
        pick: fn(&T) -> Option<Found>,
    ) -> (Option<Body>, Option<Found>) {
        let version = self.snapshot.version;
        let mut picked = None;
        let body = self.state.responses.get_or_build(version, key, || {
            let answer = build()?;
            if want {
                picked = Some(pick(&answer));
            }
            Ok(answer)
        });
        let Ok(body) = body else { return (None, None) };
        let found = match picked {
            _ if !want => None,
            Some(found) => self.pictures.keep(version, key, found),
            // Cached already: the picture is the memo's, or found once more for this version.
            None => self.pictures.get_or(version, key, || build().ok().and_then(|answer| pick(&answer))),
        };
        (Some(Body::Cached(body)), found)
    }
}

/// An answer built for this page alone (content, not catalogue: no per-version cache, no picture).
fn built<T: Serialize>(answer: &T) -> (Option<Body>, Option<Found>) {
    (serde_json::to_vec(answer).ok().map(Body::Built), None)
}

/// The categories the home page's hero shows, in order: the top-level ones with a picture (a
/// catalogue import makes categories without one). The web app's `heroCategories` keeps the
/// same rule.
pub fn hero_slides(snapshot: &CatalogSnapshot) -> impl Iterator<Item = &catalog::Category> {
    snapshot.tree.iter().map(|node| &node.category).filter(|category| category.image.is_some())
}

/// The hero shows its first slide's picture.
fn hero(snapshot: &CatalogSnapshot) -> Option<Found> {
    let first = CategoryDto::from_category(hero_slides(snapshot).next()?);
    Some(Found { href: first.image_url?, srcset: first.image_srcset })
}

/// A card shows the smallest version of its product's first picture as `src`.
fn card(listing: &ListingDto) -> Option<Found> {
    let image = listing.data.first()?.images.first()?;
    Some(Found { href: image.thumb_url.clone(), srcset: image.srcset.clone() })
}

/// The product page shows its first picture.
fn product(product: &Envelope<ProductDto>) -> Option<Found> {
    let image = first_shown(&product.data)?;
    Some(Found { href: image.url.clone(), srcset: image.srcset.clone() })
}

/// The picture a product page shows first.
pub fn first_shown(product: &ProductDto) -> Option<&ImageDto> {
    shown_pictures(product).first().copied()
}

/// A product page's pictures in the order it shows them: the web app chooses the first variant
/// in stock (else the first colour) and shows that colour's pictures first (`ProductDetail`).
pub fn shown_pictures(product: &ProductDto) -> Vec<&ImageDto> {
    let colour = product
        .variants
        .iter()
        .find(|v| v.stock > 0)
        .map(|v| v.color.as_str())
        .or_else(|| product.variants.iter().map(|v| v.color.trim()).find(|c| !c.is_empty()));
    let of_colour = |i: &&ImageDto| colour.is_some() && i.color.as_deref() == colour;
    let mut images: Vec<&ImageDto> = product.images.iter().filter(of_colour).collect();
    images.extend(product.images.iter().filter(|i| !of_colour(i)));
    images
}

/// The first picture of each picture-giving answer, per catalogue version: a cached answer is
/// bytes, and finding its picture again would mean building it again (a whole listing) or
/// parsing it.
pub type Pictures = PerVersion<Option<Found>>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pictures_are_kept_per_catalogue_version_only() {
        let pictures = Pictures::default();
        let found = |href: &str| Some(Found { href: href.into(), srcset: None });
        pictures.keep(1, "/api/products?page=1", found("/uploads/a.jpg"));
        let mut asked = 0;
        let mut again = |v: u64| pictures.get_or(v, "/api/products?page=1", || { asked += 1; found("/uploads/b.jpg") });
        assert_eq!(again(1), found("/uploads/a.jpg"), "kept");
        assert_eq!(again(2), found("/uploads/b.jpg"), "a new catalogue: found again");
        assert_eq!(again(2), found("/uploads/b.jpg"));
        assert_eq!(asked, 1);
        // An older version's late answer does not replace the newer one.
        pictures.keep(1, "/api/products?page=1", found("/uploads/old.jpg"));
        assert_eq!(pictures.get_or(2, "/api/products?page=1", || None), found("/uploads/b.jpg"));
        // "No picture" is remembered too.
        pictures.keep(2, "/api/products/x?", None);
        assert_eq!(pictures.get_or(2, "/api/products/x?", || found("/uploads/never.jpg")), None);
    }
}
