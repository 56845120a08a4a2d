//! The listing index against the plain walk (`reference`) on random catalogues: the same
//! products in the same order, the same totals and the same facets, for random filters,
//! sorts, pages and searches, and again after an order changes some stock.

use std::sync::Arc;

use chrono::{Duration, TimeZone, Utc};
use kernel::{Money, PageRequest, Price};
use proptest::prelude::*;

use super::*;
use crate::models::{Category, Variant};

// Case variants on purpose: filters ignore ASCII case, facets group by lower-case colour
// and upper-case size and show the first variant's spelling.
const COLOURS: &[&str] = &["Blue", "blue", "Navy Blue", "Red", "RED", "White", "Äpfel", "äpfel"];
const SIZES: &[&str] = &["M", "m", " M", "L", "XL", "32", "28", "Free Size", "FREE SIZE", "4-5Y"];
const WORDS: &[&str] = &["Silk", "Saree", "Oxford", "Shirt", "Kurta", "Linen", "Slim", "Jeans", "T-Shirt", "Blue"];
/// Words as typed, half-typed, misspelt, spelling variants, with punctuation, too short.
const SEARCH_WORDS: &[&str] = &["shirt", "SHIRT", "kur", "kurtaa", "sari", "saree", "t-shirt", "tshirt", "tee", "t", "oxfrod", "linen,", "blue", "navy", "men", "äpfel", "fine", "zzz", "sl", "jeanz"];
const SEARCHES: &[&str] = &["", "  ", "shirt", "kurtaa", "blue", "silk saree", "sari", "tshirt", "oxfrod", "zzz", "men"];

#[derive(Debug, Clone)]
struct VariantSpec {
    size: usize,
    colour: usize,
    hex: bool,
    stock: i32,
    pay: i64,
    saving: i64,
}

#[derive(Debug, Clone)]
struct ProductSpec {
    words: Vec<usize>,
    category: usize,
    best_seller: bool,
    age: i64,
    variants: Vec<VariantSpec>,
}

fn variant_spec() -> impl Strategy<Value = VariantSpec> {
    (0..SIZES.len(), 0..COLOURS.len(), any::<bool>(), -1..4i32, 0..8i64, prop_oneof![Just(0i64), Just(100), Just(250)])
        .prop_map(|(size, colour, hex, stock, pay, saving)| VariantSpec { size, colour, hex, stock, pay, saving })
}

fn product_spec() -> impl Strategy<Value = ProductSpec> {
    (prop::collection::vec(0..WORDS.len(), 1..4), 0..7usize, any::<bool>(), 0..6i64, prop::collection::vec(variant_spec(), 0..5))
        .prop_map(|(words, category, best_seller, age, variants)| ProductSpec { words, category, best_seller, age, variants })
}

/// Parents of categories 1.. (an index below their own, or none).
fn catalogue() -> impl Strategy<Value = (Vec<Option<usize>>, Vec<ProductSpec>)> {
    (prop::collection::vec(prop::option::of(0..5usize), 1..6), prop::collection::vec(product_spec(), 0..60))
}

const CATEGORY_NAMES: &[&str] = &["Men", "Shirts", "Women", "Sarees", "Kids", "Shirts"];

fn snapshot(parents: &[Option<usize>], products: &[ProductSpec]) -> CatalogSnapshot {
    let categories: Vec<Category> = parents
        .iter()
        .enumerate()
        .map(|(i, parent)| Category {
            id: format!("c{i}"),
            name: CATEGORY_NAMES[i % CATEGORY_NAMES.len()].into(),
            slug: format!("slug-{i}"),
            description: String::new(),
            parent_id: parent.filter(|p| *p < i).map(|p| format!("c{p}")),
            image: None,
            hsn_code: None,
            created_at: Utc.timestamp_opt(1_700_000_000 + i as i64, 0).single().unwrap_or_default(),
        })
        .collect();
    let products = products.iter().enumerate().map(|(i, spec)| Arc::new(product(i, spec, categories.len()))).collect();
    CatalogSnapshot::build(1, categories, products)
}

fn product(i: usize, spec: &ProductSpec, categories: usize) -> Product {
    let name: Vec<&str> = spec.words.iter().map(|w| WORDS[*w]).collect();
    let created = Utc.timestamp_opt(1_750_000_000, 0).single().unwrap_or_default() - Duration::days(spec.age);
    Product {
        id: format!("p{i:02}"),
        name: name.join(" "),
        slug: format!("product-{i}"),
        description: format!("A fine {}", name.join(" ").to_lowercase()),
        is_best_seller: spec.best_seller,
        // One past the last category: a product whose category is gone.
        category_id: format!("c{}", spec.category.min(categories)),
        category_name: String::new(),
        hsn_code: None,
        images: vec![],
        variants: spec
            .variants
            .iter()
            .enumerate()
            .map(|(j, v)| Variant {
                id: format!("v{i}-{j}"),
                size: SIZES[v.size].into(),
                color: COLOURS[v.colour].into(),
                color_hex: if v.hex { "#000080".into() } else { "#0000ff".into() },
                stock: v.stock,
                price: Price::new(Money::from_paise(v.pay * 10_000), Money::from_paise(v.saving * 100)),
                position: j as i32,
                sku: None,
            })
            .collect(),
        created_at: created,
        updated_at: created,
    }
}

fn some_case(word: &str, upper: bool) -> String {
    if upper { word.to_ascii_uppercase() } else { word.to_string() }
}

fn query() -> impl Strategy<Value = ProductQuery> {
    let category = prop_oneof![
        Just(None),
        Just(Some(String::new())),
        (0..6usize).prop_map(|i| Some(format!("c{i}"))),
        (0..6usize).prop_map(|i| Some(format!("slug-{i}"))),
    ];
    let price = prop::option::of((0..9i64).prop_map(|r| Money::from_paise(r * 10_000)));
    let colours = prop::collection::vec((0..COLOURS.len() + 1, any::<bool>()), 0..3)
        .prop_map(|cs| cs.into_iter().map(|(c, up)| some_case(COLOURS.get(c).copied().unwrap_or("Green"), up)).collect());
    let sizes = prop::collection::vec((0..SIZES.len() + 1, any::<bool>()), 0..3)
        .prop_map(|ss| ss.into_iter().map(|(s, up)| some_case(SIZES.get(s).copied().unwrap_or("XXS"), up)).collect());
    let sort = prop_oneof![
        Just(Sort::Newest),
        Just(Sort::PriceAsc),
        Just(Sort::PriceDesc),
        Just(Sort::Name),
        Just(Sort::Discount),
        Just(Sort::BestSellers)
    ];
    let search = prop::option::of(prop::sample::select(SEARCHES));
    let paging = (1..5u32, 1..12u32);
    (category, price.clone(), price, colours, sizes, any::<bool>(), prop::option::of(any::<bool>()), search, sort, paging).prop_map(
        |(category, min_price, max_price, colors, sizes, in_stock, best_seller, search, sort, (page, limit))| ProductQuery {
            category,
            min_price,
            max_price,
            colors,
            sizes,
            in_stock,
            best_seller,
            search: search.map(str::to_string),
            sort,
            page: PageRequest { page, limit },
        },
    )
}

fn same_answer(snap: &CatalogSnapshot, query: &ProductQuery) -> Result<(), TestCaseError> {
    let (got, want) = (list(snap, query), reference::list(snap, query));
    let ids = |l: &Listing| l.page.items.iter().map(|p| p.id.clone()).collect::<Vec<_>>();
    prop_assert_eq!(ids(&got), ids(&want), "{:?}", query);
    prop_assert_eq!(&got.page.items, &want.page.items);
    prop_assert_eq!(got.page.total_items, want.page.total_items, "{:?}", query);
    prop_assert_eq!(&got.facets, &want.facets, "{:?}", query);
    Ok(())
}

fn same_search(snap: &CatalogSnapshot, q: &str, limit: usize) -> Result<(), TestCaseError> {
    prop_assert_eq!(search(snap, q, limit), reference::search(snap, q, limit), "{:?}", q);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn the_index_answers_every_listing_like_the_plain_walk(
        (parents, products) in catalogue(),
        queries in prop::collection::vec(query(), 1..12),
    ) {
        let snap = snapshot(&parents, &products);
        for q in &queries {
            same_answer(&snap, q)?;
        }
    }

    #[test]
    fn search_reads_only_the_candidate_texts_and_finds_the_same(
        (parents, products) in catalogue(),
        words in prop::collection::vec(prop::sample::select(SEARCH_WORDS), 0..4),
        limit in 1..30usize,
    ) {
        let snap = snapshot(&parents, &products);
        same_search(&snap, &words.join(" "), limit)?;
        for q in SEARCHES {
            same_search(&snap, q, limit)?;
        }
    }

    #[test]
    fn after_an_order_the_index_still_answers_like_the_plain_walk(
        (parents, products) in catalogue(),
        changes in prop::collection::vec((any::<prop::sample::Index>(), prop::collection::vec(-1..3i32, 5)), 1..4),
        queries in prop::collection::vec(query(), 1..8),
    ) {
        let mut snap = snapshot(&parents, &products);
        if products.is_empty() {
            return Ok(());
        }
        // Each change re-reads one product with new stock, as an order does; a later change
        // builds on the snapshot the earlier one made.
        for (version, (which, stocks)) in changes.iter().enumerate() {
            let i = which.index(products.len());
            let mut p = product(i, &products[i], parents.len());
            for (v, stock) in p.variants.iter_mut().zip(stocks) {
                v.stock = snap.product(&p.id).and_then(|old| old.variants.iter().find(|o| o.id == v.id).map(|o| o.stock)).unwrap_or(0) + stock;
            }
            let id = p.id.clone();
            snap = snap.with_products(version as u64 + 2, &[id], vec![Arc::new(p)]);
            for q in &queries {
                same_answer(&snap, q)?;
            }
        }
    }
}
