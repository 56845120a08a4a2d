//! The plain listing the index must answer exactly like: every entry of the snapshot
//! walked per request (the shop's listing before the index, kept for the property tests).

use std::collections::BTreeMap;

use kernel::{Money, Page};

use std::sync::Arc;

use crate::models::Product;
use super::{Rank, size_rank, variant_filters_hold, ColorFacet, CountFacet, Facets, Listing, ProductQuery, Sort};
use crate::search::{Fit, Matcher};
use crate::snapshot::{best_saving, CatalogSnapshot, Entry};

fn scope<'a>(snapshot: &'a CatalogSnapshot, query: &ProductQuery) -> Option<Vec<&'a Entry>> {
    // Which category indices are in scope: the chosen one and everything below it.
    let in_categories: Option<Vec<bool>> = match &query.category {
        Some(c) if !c.is_empty() => {
            let category = snapshot.find_category(c)?;
            let mut mask = vec![false; snapshot.categories.len()];
            for index in snapshot.subtree(&category.id).iter().filter_map(|id| snapshot.category_index(id)) {
                mask[index] = true;
            }
            Some(mask)
        }
        _ => None,
    };
    let matcher = query.search.as_deref().map(|q| Matcher::new(q, snapshot.vocabulary(), snapshot.synonyms())).unwrap_or_default();
    Some(
        snapshot
            .entries
            .iter()
            .map(|e| e.as_ref())
            .filter(|e| {
                in_categories.as_ref().is_none_or(|mask| e.category.is_some_and(|i| mask.get(i as usize) == Some(&true)))
            })
            .filter(|e| query.best_seller.is_none_or(|b| e.is_best_seller == b))
            .filter(|e| matcher.is_empty() || matcher.fit(e.search_text()).is_some())
            .collect(),
    )
}

fn facets(snapshot: &CatalogSnapshot, entries: &[&Entry]) -> Facets {
    let mut facets = Facets::default();
    let mut colors: BTreeMap<String, ColorFacet> = BTreeMap::new();
    let mut sizes: BTreeMap<String, CountFacet> = BTreeMap::new();
    let mut categories: BTreeMap<u32, usize> = BTreeMap::new();
    let mut prices = entries.iter().flat_map(|e| e.variants.iter().map(|v| v.price.pay())).peekable();
    if prices.peek().is_some() {
        let (min, max) = prices.fold((Money::from_paise(i64::MAX), Money::ZERO), |(lo, hi), p| (lo.min(p), hi.max(p)));
        facets.min_price = min;
        facets.max_price = max;
    }
    for entry in entries {
        if let Some(category) = entry.category {
            *categories.entry(category).or_default() += 1;
        }
        let mut seen_colors = std::collections::HashSet::new();
        let mut seen_sizes = std::collections::HashSet::new();
        for v in entry.variants.iter().map(|v| &*v.look) {
            let key = v.color.to_lowercase();
            if seen_colors.insert(key.clone()) {
                colors
                    .entry(key)
                    .or_insert_with(|| ColorFacet { color: v.color.to_string(), color_hex: v.color_hex.to_string(), count: 0 })
                    .count += 1;
            }
            let key = v.size.to_uppercase();
            if seen_sizes.insert(key.clone()) {
                sizes
                    .entry(key)
                    .or_insert_with(|| CountFacet { value: v.size.to_string(), label: v.size.to_string(), count: 0 })
                    .count += 1;
            }
        }
    }
    facets.colors = colors.into_values().collect();
    facets.colors.sort_by(|a, b| b.count.cmp(&a.count).then_with(|| a.color.cmp(&b.color)));
    facets.sizes = sizes.into_values().collect();
    facets.sizes.sort_by_key(|s| size_rank(&s.value));
    facets.categories = categories
        .into_iter()
        .filter_map(|(index, count)| {
            let category = snapshot.categories.get(index as usize)?;
            Some(CountFacet { value: category.id.clone(), label: category.name.clone(), count })
        })
        .collect();
    facets.categories.sort_by(|a, b| a.label.cmp(&b.label));
    facets
}

/// One page of products with the facets of its scope. An unknown category gives an
/// empty listing, not an error.
pub(super) fn list(snapshot: &CatalogSnapshot, query: &ProductQuery) -> Listing {
    let Some(in_scope) = scope(snapshot, query) else {
        return Listing {
            page: Page { items: Vec::new(), total_items: 0, request: query.page },
            facets: Facets::default(),
        };
    };
    let facets = facets(snapshot, &in_scope);
    let mut matching: Vec<&Entry> = in_scope.into_iter().filter(|e| variant_filters_hold(&e.variants, query)).collect();
    match query.sort {
        Sort::Newest => {}
        Sort::PriceAsc => matching.sort_by_key(|e| e.min_price),
        Sort::PriceDesc => matching.sort_by_key(|e| std::cmp::Reverse(e.min_price)),
        Sort::Name => matching.sort_by(|a, b| a.name_lc().cmp(b.name_lc())),
        // Stable sorts: ties keep the catalogue's order (newest first).
        Sort::Discount => matching.sort_by_key(|e| std::cmp::Reverse(best_saving(e))),
        Sort::BestSellers => matching.sort_by_key(|e| !e.is_best_seller),
    }
    Listing { page: super::page_of(snapshot, matching, query.page), facets }
}


/// The search of `GET /api/products/search`, reading every product's text.
pub(super) fn search(snapshot: &CatalogSnapshot, raw_query: &str, limit: usize) -> Vec<Arc<Product>> {
    let matcher = Matcher::new(raw_query, snapshot.vocabulary(), snapshot.synonyms());
    if matcher.is_empty() {
        return snapshot.entries.iter().take(limit).map(|e| snapshot.expand(e)).collect();
    }
    let whole = raw_query.split_whitespace().collect::<Vec<_>>().join(" ").to_lowercase();
    let mut ranked: Vec<(Rank, usize, &Entry)> = snapshot
        .entries
        .iter()
        .map(|e| e.as_ref())
        .enumerate()
        .filter_map(|(i, e)| matcher.fit(e.search_text()).map(|fit| (rank(snapshot, e, fit, &whole, &matcher), i, e)))
        .collect();
    ranked.sort_by_key(|(rank, i, _)| (*rank, *i));
    ranked.into_iter().take(limit).map(|(_, _, e)| snapshot.expand(e)).collect()
}

/// The rank as the shop first computed it: a text of name, category and colours built and
/// lower-cased for every match.
fn rank(snapshot: &CatalogSnapshot, e: &Entry, fit: Fit, whole: &str, matcher: &Matcher) -> Rank {
    let name = e.name_lc();
    let place = if name.contains(whole) {
        0
    } else if matcher.all_exact_in(name) {
        1
    } else {
        let category = e.category.and_then(|i| snapshot.categories.get(i as usize)).map_or("", |c| c.name.as_str());
        let mut near = format!("{name} {category}");
        for v in e.variants.iter() {
            near.push(' ');
            near.push_str(&v.look.color);
        }
        if matcher.all_exact_in(&near.to_lowercase()) { 2 } else { 3 }
    };
    let sold_out = e.variants.iter().all(|v| v.stock <= 0);
    (fit, place, sold_out, !e.is_best_seller)
}
