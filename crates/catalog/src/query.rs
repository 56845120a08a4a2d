//! Listing, filters, facets and search over a snapshot: plain Rust, so the answers are the
//! same on every database.

use std::sync::Arc;

use kernel::{Money, Page, PageRequest};

use crate::models::Product;
use crate::search::{Fit, Matcher};
use crate::snapshot::{CatalogSnapshot, CompactVariant, Entry};

mod listing;
#[cfg(test)]
mod reference;

kernel::named_enum!(
    /// How a listing is sorted; the names are the API's `sort` values.
    #[derive(Default)]
    pub enum Sort {
        #[default]
        Newest = "newest",
        PriceAsc = "price_asc",
        PriceDesc = "price_desc",
        Name = "name",
        /// The largest saving (percent off the MRP, of any variant) first.
        Discount = "discount",
        /// Best sellers first, each group newest first.
        BestSellers = "best_sellers",
    }
);

/// What a listing asks for. Variant filters (price, colour, size, in stock) must all hold
/// for one and the same variant.
#[derive(Debug, Clone, Default)]
pub struct ProductQuery {
    /// A category id or slug; includes every subcategory.
    pub category: Option<String>,
    pub min_price: Option<Money>,
    pub max_price: Option<Money>,
    pub colors: Vec<String>,
    pub sizes: Vec<String>,
    pub in_stock: bool,
    pub best_seller: Option<bool>,
    pub search: Option<String>,
    pub sort: Sort,
    pub page: PageRequest,
}

#[derive(Debug, Clone, PartialEq)]
pub struct ColorFacet {
    pub color: String,
    pub color_hex: String,
    pub count: usize,
}

#[derive(Debug, Clone, PartialEq)]
pub struct CountFacet {
    pub value: String,
    pub label: String,
    pub count: usize,
}

/// What the shopper can still narrow down to, counted over the category and search scope
/// (before price, colour, size and stock filters, so choosing one never hides the others).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Facets {
    pub min_price: Money,
    pub max_price: Money,
    pub colors: Vec<ColorFacet>,
    pub sizes: Vec<CountFacet>,
    pub categories: Vec<CountFacet>,
}

#[derive(Debug, Clone)]
pub struct Listing {
    pub page: Page<Arc<Product>>,
    pub facets: Facets,
}

/// Sizes in the order people expect them, unknown ones after, alphabetically.
pub fn size_rank(size: &str) -> (usize, String) {
    const ORDER: &[&str] = &["XXS", "XS", "S", "M", "L", "XL", "XXL", "2XL", "XXXL", "3XL", "4XL", "5XL", "FREE SIZE"];
    let upper = size.trim().to_uppercase();
    if let Some(i) = ORDER.iter().position(|s| *s == upper) {
        return (i, String::new());
    }
    // Numeric sizes (waist 28, shoe 8, age 4-5Y) sort by their number, after letter sizes.
    let number: String = upper.chars().take_while(char::is_ascii_digit).collect();
    match number.parse::<usize>() {
        Ok(n) => (100 + n, upper),
        Err(_) => (10_000, upper),
    }
}


/// Whether one variant of the product meets every variant filter of the query (price,
/// colour, size, in stock) on its own.
pub(crate) fn variant_filters_hold(variants: &[CompactVariant], query: &ProductQuery) -> bool {
    let no_variant_filter = query.min_price.is_none()
        && query.max_price.is_none()
        && query.colors.is_empty()
        && query.sizes.is_empty()
        && !query.in_stock;
    if no_variant_filter {
        return true;
    }
    variants.iter().any(|v| {
        query.min_price.is_none_or(|m| v.price.pay() >= m)
            && query.max_price.is_none_or(|m| v.price.pay() <= m)
            && (query.colors.is_empty() || query.colors.iter().any(|c| c.eq_ignore_ascii_case(&v.look.color)))
            && (query.sizes.is_empty() || query.sizes.iter().any(|s| s.eq_ignore_ascii_case(&v.look.size)))
            && (!query.in_stock || v.stock > 0)
    })
}

/// One page of products with the facets of its scope. An unknown category gives an
/// empty listing, not an error. Answered from the snapshot's listing index
/// ([`crate::snapshot::ListingIndex`]); `reference` (tests) is the plain walk it must equal.
pub fn list(snapshot: &CatalogSnapshot, query: &ProductQuery) -> Listing {
    listing::list(snapshot, query)
}

/// Search by name, description, category name and colour. Every word must match
/// somewhere; products whose name holds the whole query come first, then those whose
/// name holds every word, then the rest, newest first within each group. An empty query
/// gives the newest products.
pub fn search(snapshot: &CatalogSnapshot, raw_query: &str, limit: usize) -> Vec<Arc<Product>> {
    let matcher = Matcher::new(raw_query, snapshot.vocabulary(), snapshot.synonyms());
    if matcher.is_empty() {
        return snapshot.entries.iter().take(limit).map(|e| snapshot.expand(e)).collect();
    }
    let whole = raw_query.split_whitespace().collect::<Vec<_>>().join(" ").to_lowercase();
    // Only the texts that may hold the words are read (see `TextIndex`).
    let positions: Box<dyn Iterator<Item = usize>> = match snapshot.text_index().may_match(matcher.alternatives()) {
        Some(candidates) => Box::new(candidates.into_iter().map(|p| p as usize)),
        None => Box::new(0..snapshot.entries.len()),
    };
    let mut ranked: Vec<(Rank, usize, &Entry)> = positions
        .filter_map(|i| snapshot.entries.get(i).map(|e| (i, e.as_ref())))
        .filter_map(|(i, e)| matcher.fit(e.search_text()).map(|fit| (rank(e, fit, &whole, &matcher), i, e)))
        .collect();
    // Only the first `limit` are put in order: a word found in thousands of products costs
    // one pass over them, not a sort. Ranks with positions are unique, so the order is the
    // full sort's.
    if limit < ranked.len() {
        ranked.select_nth_unstable_by_key(limit, |(rank, i, _)| (*rank, *i));
        ranked.truncate(limit);
    }
    ranked.sort_unstable_by_key(|(rank, i, _)| (*rank, *i));
    ranked.into_iter().map(|(_, _, e)| snapshot.expand(e)).collect()
}

/// Where a found product stands, best first: words as typed before corrections; then the
/// whole query in the name, all words in the name, all in name, category and colours, the
/// rest (the description); then in stock before sold out, best sellers first. Ties keep the
/// catalogue's order (newest first).
pub(crate) type Rank = (Fit, u8, bool, bool);

/// The rank from the entry's own lower-case name, category and colours (kept with the
/// entry), so ranking a match builds nothing.
pub(crate) fn rank(e: &Entry, fit: Fit, whole: &str, matcher: &Matcher) -> Rank {
    let name = e.name_lc();
    let place = if name.contains(whole) {
        0
    } else if matcher.all_exact_in(name) {
        1
    } else if matcher.all_exact_in_any(&[name, e.category_lc(), e.colours_lc()], || near_text(e)) {
        2
    } else {
        3
    };
    let sold_out = e.variants.iter().all(|v| v.stock <= 0);
    (fit, place, sold_out, !e.is_best_seller)
}

/// Name, category and colours joined, lower case: what a spelling variant with a space in
/// it ("t shirt") is looked for in, as it may run from one part into the next.
pub(crate) fn near_text(e: &Entry) -> String {
    let mut near = format!("{} {}", e.name_lc(), e.category_lc());
    for v in e.variants.iter() {
        near.push(' ');
        near.push_str(&v.look.color.to_lowercase());
    }
    near
}

/// What "Did you mean" offers when a search finds nothing: the query with each word the
/// catalogue does not have replaced by its closest word, else that without the words the
/// catalogue has nothing near; only a text that finds something (a link to nothing helps no one).
pub fn suggestion(snapshot: &CatalogSnapshot, raw_query: &str) -> Option<String> {
    let vocabulary = snapshot.vocabulary();
    Matcher::new(raw_query, vocabulary, snapshot.synonyms())
        .suggestions(vocabulary)
        .into_iter()
        .find(|offer| !search(snapshot, offer, 1).is_empty())
}

#[cfg(test)]
mod tests;
#[cfg(test)]
mod properties;
#[cfg(test)]
mod figures;

/// A variant with 1 to this many pieces is "low on stock" (the back office's low-stock view
/// and the dashboard's figure).
pub const LOW_STOCK_MAX: i32 = 5;

kernel::named_enum!(
    /// The back office's stock filter. The three overlap on purpose: each answers one question
    /// an owner asks of the list.
    pub enum StockStatus {
        /// Every variant has at least one piece (no size is sold out).
        In = "in",
        /// Some variant has 1 to [`LOW_STOCK_MAX`] pieces.
        Low = "low",
        /// Some variant has none left (a sold-out size, or the whole product), or the product
        /// has no variant at all.
        Out = "out",
    }
);

impl StockStatus {
    fn holds(self, variants: &[CompactVariant]) -> bool {
        match self {
            StockStatus::In => !variants.is_empty() && variants.iter().all(|v| v.stock > 0),
            StockStatus::Low => variants.iter().any(|v| (1..=LOW_STOCK_MAX).contains(&v.stock)),
            StockStatus::Out => variants.is_empty() || variants.iter().any(|v| v.stock <= 0),
        }
    }
}

/// What the back office's product list asks for.
#[derive(Debug, Clone, Default)]
pub struct AdminProductQuery {
    /// Words that must all appear in the product's name (or one word that starts a variant's
    /// SKU), ignoring case. No spelling correction: the owner types what they see.
    pub search: Option<String>,
    /// A category id or slug; includes every subcategory.
    pub category: Option<String>,
    pub stock: Option<StockStatus>,
    pub page: PageRequest,
}

/// One page of the back office's product list, newest first. An unknown category gives
/// an empty page.
pub fn admin_list(snapshot: &CatalogSnapshot, query: &AdminProductQuery) -> Page<Arc<Product>> {
    let empty = Page { items: Vec::new(), total_items: 0, request: query.page };
    let in_categories: Option<Vec<bool>> = match query.category.as_deref().map(str::trim) {
        Some(c) if !c.is_empty() => {
            let Some(category) = snapshot.find_category(c) else { return empty };
            let mut mask = vec![false; snapshot.categories.len()];
            for index in snapshot.subtree(&category.id).iter().filter_map(|id| snapshot.category_index(id)) {
                mask[index] = true;
            }
            Some(mask)
        }
        _ => None,
    };
    let words: Vec<String> =
        query.search.as_deref().unwrap_or("").split_whitespace().map(str::to_lowercase).collect();
    let matching: Vec<&Entry> = snapshot
        .entries
        .iter()
        .map(|e| e.as_ref())
        .filter(|e| in_categories.as_ref().is_none_or(|mask| e.category.is_some_and(|i| mask.get(i as usize) == Some(&true))))
        .filter(|e| query.stock.is_none_or(|s| s.holds(&e.variants)))
        .filter(|e| words.is_empty() || words.iter().all(|w| e.name_lc().contains(w.as_str())) || sku_matches(e, &words))
        .collect();
    page_of(snapshot, matching, query.page)
}

/// The `page` of `matching`, each entry expanded into its product.
fn page_of(snapshot: &CatalogSnapshot, matching: Vec<&Entry>, page: PageRequest) -> Page<Arc<Product>> {
    let total_items = matching.len() as u64;
    let items = matching
        .into_iter()
        .skip(usize::try_from(page.offset()).unwrap_or(usize::MAX))
        .take(page.limit as usize)
        .map(|e| snapshot.expand(e))
        .collect();
    Page { items, total_items, request: page }
}

/// One word that starts a variant's SKU (ignoring case) finds its product.
fn sku_matches(entry: &Entry, words: &[String]) -> bool {
    let [word] = words else { return false };
    entry.variants.iter().filter_map(|v| v.sku.as_deref()).any(|sku| {
        sku.len() >= word.len() && sku.is_char_boundary(word.len()) && sku[..word.len()].eq_ignore_ascii_case(word)
    })
}
