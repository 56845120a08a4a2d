//! A listing answered from the snapshot's [`ListingIndex`]: the scope (category, best
//! sellers, search words) and the variant filters become sets of entry positions; totals and
//! facet counts are the sizes of intersections; the page is read by walking the chosen sort
//! order until it is full, or, when few products match, by sorting just those. The answer is
//! the same, byte for byte, as the plain walk in `reference` (property tests).

use std::cmp::Reverse;

use kernel::{Money, Page};
use roaring::{MultiOps, RoaringBitmap};

use super::{size_rank, variant_filters_hold, ColorFacet, CountFacet, Facets, Listing, ProductQuery, Sort};
use crate::search::Matcher;
use crate::snapshot::{best_saving, CatalogSnapshot, Entry, FacetValue, ListingIndex};

/// The products a listing is about before the variant filters, and whether that is the whole
/// catalogue (its facet counts are then the sets' own sizes).
struct Scope {
    set: RoaringBitmap,
    whole: bool,
}

pub(super) fn list(snapshot: &CatalogSnapshot, query: &ProductQuery) -> Listing {
    let index = snapshot.listing_index();
    let Some(scope) = scope(snapshot, index, query) else {
        return Listing { page: Page { items: Vec::new(), total_items: 0, request: query.page }, facets: Facets::default() };
    };
    let facets = facets(snapshot, index, &scope);
    let matching = matching(snapshot, index, scope.set, query);
    let total_items = matching.len();
    let items = page(snapshot, index, &matching, query).into_iter().map(|p| snapshot.expand(entry(snapshot, p))).collect();
    Listing { page: Page { items, total_items, request: query.page }, facets }
}

fn entry(snapshot: &CatalogSnapshot, position: u32) -> &Entry {
    &snapshot.entries[position as usize]
}

/// `None` for a category the catalogue does not have.
fn scope(snapshot: &CatalogSnapshot, index: &ListingIndex, query: &ProductQuery) -> Option<Scope> {
    let mut scope = Scope { set: index.all().clone(), whole: true };
    if let Some(c) = query.category.as_deref().filter(|c| !c.is_empty()) {
        let category = snapshot.find_category(c)?;
        let subtree = snapshot.subtree(&category.id).iter().filter_map(|id| snapshot.category_index(id));
        scope = Scope { set: subtree.filter_map(|i| index.in_category(i)).union(), whole: false };
    }
    match query.best_seller {
        Some(true) => scope.set &= index.best_sellers(),
        Some(false) => scope.set -= index.best_sellers(),
        None => {}
    }
    scope.whole &= query.best_seller.is_none();
    if let Some(q) = query.search.as_deref() {
        let matcher = Matcher::new(q, snapshot.vocabulary(), snapshot.synonyms());
        if !matcher.is_empty() {
            // Words are matched as substrings of each product's text (see `crate::search`):
            // the trigram index narrows the scope to the texts that may hold them.
            if let Some(candidates) = snapshot.text_index().may_match(matcher.alternatives()) {
                scope.set &= candidates;
            }
            let found = scope.set.iter().filter(|p| matcher.fit(entry(snapshot, *p).search_text()).is_some());
            scope = Scope { set: RoaringBitmap::from_sorted_iter(found).unwrap_or_default(), whole: false };
        }
    }
    Some(scope)
}

/// The products of the scope with one variant that meets every variant filter.
fn matching(snapshot: &CatalogSnapshot, index: &ListingIndex, mut set: RoaringBitmap, query: &ProductQuery) -> RoaringBitmap {
    let priced = query.min_price.is_some() || query.max_price.is_some();
    let looks = !query.colors.is_empty() || !query.sizes.is_empty();
    if looks {
        // Exact: the sets hold products by (colour, size, in stock) of one variant.
        set &= index.with_looks(&query.colors, &query.sizes, query.in_stock);
    } else if query.in_stock {
        set &= index.in_stock();
    }
    if !priced {
        return set;
    }
    let low = query.min_price.unwrap_or(Money::from_paise(i64::MIN));
    let high = query.max_price.unwrap_or(Money::from_paise(i64::MAX));
    let mut whole_bands = Vec::new();
    let mut edges = RoaringBitmap::new();
    for (band, inside) in index.bands_within(low, high, query.in_stock) {
        if inside {
            whole_bands.push(band);
        } else {
            // A band the range cuts: its products are checked one by one (a band holds about
            // a thousand variants).
            let priced_in = band.iter().filter(|p| set.contains(*p)).filter(|p| {
                entry(snapshot, *p).variants.iter().any(|v| {
                    (low..=high).contains(&v.price.pay()) && (!query.in_stock || v.stock > 0)
                })
            });
            edges.extend(priced_in);
        }
    }
    let mut in_range: RoaringBitmap = whole_bands.into_iter().union();
    in_range |= edges;
    set &= in_range;
    if looks {
        // Price and colour or size must hold on the same variant: the candidates left are
        // checked variant by variant.
        let exact = set.iter().filter(|p| variant_filters_hold(&entry(snapshot, *p).variants, query));
        set = RoaringBitmap::from_sorted_iter(exact).unwrap_or_default();
    }
    set
}

/// The entry positions of the requested page, in the requested order.
fn page(snapshot: &CatalogSnapshot, index: &ListingIndex, matching: &RoaringBitmap, query: &ProductQuery) -> Vec<u32> {
    let total = matching.len();
    let offset = query.page.offset();
    let limit = u64::from(query.page.limit);
    if offset >= total || limit == 0 {
        return Vec::new();
    }
    let (skip, take) = (usize::try_from(offset).unwrap_or(usize::MAX), query.page.limit as usize);
    let order = match query.sort {
        Sort::Newest => return matching.iter().skip(skip).take(take).collect(),
        Sort::PriceAsc => index.price_asc(),
        Sort::PriceDesc => index.price_desc(),
        Sort::Name => index.name(),
        Sort::Discount => index.discount(),
        Sort::BestSellers => index.best_seller_first(),
    };
    // Walking the order reads about (offset + limit) × catalogue / matching positions;
    // sorting the matching products reads each once, plus a sort. Take the cheaper.
    let needed = offset.saturating_add(limit).min(total);
    let walk = needed.saturating_mul(order.len() as u64) / total;
    if walk <= total.saturating_mul(4) {
        return order.iter().copied().filter(|p| matching.contains(*p)).skip(skip).take(take).collect();
    }
    let mut found: Vec<u32> = matching.iter().collect();
    let e = |p: &u32| entry(snapshot, *p);
    // Stable sorts of positions in catalogue order: the same ties as the precomputed orders.
    match query.sort {
        Sort::PriceAsc => found.sort_by_key(|p| e(p).min_price),
        Sort::PriceDesc => found.sort_by_key(|p| Reverse(e(p).min_price)),
        Sort::Name => found.sort_by(|a, b| e(a).name_lc().cmp(e(b).name_lc())),
        Sort::Discount => found.sort_by_cached_key(|p| Reverse(best_saving(e(p)))),
        Sort::BestSellers => found.sort_by_key(|p| !e(p).is_best_seller),
        Sort::Newest => {}
    }
    found.into_iter().skip(skip).take(take).collect()
}

/// What the shopper can still narrow down to, counted over the scope.
fn facets(snapshot: &CatalogSnapshot, index: &ListingIndex, scope: &Scope) -> Facets {
    let set = &scope.set;
    if set.is_empty() {
        return Facets::default();
    }
    let mut facets = Facets::default();
    if let Some((min, max)) = price_range(snapshot, index, set) {
        facets.min_price = min;
        // As the plain walk does: the highest price is never below zero.
        facets.max_price = max.max(Money::ZERO);
    }
    // Each value with its count and the variant that shows it: the first product in scope
    // (catalogue order) that has it, and that product's first variant with it.
    let counted = |value: &FacetValue| -> Option<(usize, u32)> {
        if scope.whole {
            return Some((usize::try_from(value.products.len()).ok()?, value.products.min()?));
        }
        let count = usize::try_from(set.intersection_len(&value.products)).ok()?;
        if count == 0 {
            return None;
        }
        let first = if value.shown.is_some() { 0 } else { (set & &value.products).min()? };
        Some((count, first))
    };
    for value in index.colour_facets() {
        let Some((count, first)) = counted(value) else { continue };
        let (color, color_hex) = match &value.shown {
            Some((name, hex)) => (name.to_string(), hex.to_string()),
            None => entry(snapshot, first)
                .variants
                .iter()
                .find(|v| v.look.color.to_lowercase() == value.key)
                .map(|v| (v.look.color.to_string(), v.look.color_hex.to_string()))
                .unwrap_or_default(),
        };
        facets.colors.push(ColorFacet { color, color_hex, count });
    }
    facets.colors.sort_by(|a, b| b.count.cmp(&a.count).then_with(|| a.color.cmp(&b.color)));
    for value in index.size_facets() {
        let Some((count, first)) = counted(value) else { continue };
        let size = match &value.shown {
            Some((name, _)) => name.to_string(),
            None => entry(snapshot, first)
                .variants
                .iter()
                .find(|v| v.look.size.to_uppercase() == value.key)
                .map(|v| v.look.size.to_string())
                .unwrap_or_default(),
        };
        facets.sizes.push(CountFacet { value: size.clone(), label: size, count });
    }
    facets.sizes.sort_by_key(|s| size_rank(&s.value));
    for (i, category) in snapshot.categories.iter().enumerate() {
        let Some(products) = index.in_category(i) else { continue };
        let count = if scope.whole { products.len() } else { set.intersection_len(products) };
        if count > 0 {
            let count = usize::try_from(count).unwrap_or(usize::MAX);
            facets.categories.push(CountFacet { value: category.id.clone(), label: category.name.clone(), count });
        }
    }
    facets.categories.sort_by(|a, b| a.label.cmp(&b.label));
    facets
}

/// The lowest and highest price of any variant in scope, `None` when no product in scope has
/// a variant. The lowest is in the first price band holding a product of the scope (a
/// product with a cheaper variant would be in an earlier band), the highest in the last.
fn price_range(snapshot: &CatalogSnapshot, index: &ListingIndex, set: &RoaringBitmap) -> Option<(Money, Money)> {
    let in_scope = |band: &RoaringBitmap| !band.is_disjoint(set);
    let (lowest, (low, low_high)) = index.bands().find(|(band, _)| in_scope(band))?;
    let (highest, (high_low, high)) = index.bands().rev().find(|(band, _)| in_scope(band))?;
    let min = if low == low_high {
        low
    } else {
        (set & lowest).iter().map(|p| entry(snapshot, p).min_price).min()?
    };
    let max = if high_low == high {
        high
    } else {
        let candidates = set & highest;
        let pays = candidates.iter().flat_map(|p| entry(snapshot, p).variants.iter().map(|v| v.price.pay()));
        pays.max()?
    };
    Some((min, max))
}
