use std::sync::Arc;

use chrono::{Duration, TimeZone, Utc};
use kernel::{Money, PageRequest, Price};

use super::*;
use crate::models::{Category, Variant};

fn category(id: &str, name: &str, parent: Option<&str>, order: i64) -> Category {
    Category {
        id: id.into(),
        name: name.into(),
        slug: name.to_lowercase(),
        description: String::new(),
        parent_id: parent.map(str::to_string),
        image: None,
        hsn_code: None,
        created_at: Utc.timestamp_opt(1_700_000_000 + order, 0).single().unwrap_or_default(),
    }
}

fn variant(size: &str, color: &str, stock: i32, rupees: i64) -> Variant {
    Variant {
        id: format!("{size}-{color}"),
        size: size.into(),
        color: color.into(),
        color_hex: "#000000".into(),
        stock,
        price: Price::new(Money::from_paise(rupees * 100), Money::ZERO),
        position: 0,
        sku: None,
    }
}

fn product(id: &str, name: &str, category: (&str, &str), age_days: i64, mut variants: Vec<Variant>) -> Arc<Product> {
    for (i, v) in variants.iter_mut().enumerate() {
        v.position = i as i32;
    }
    let created = Utc.timestamp_opt(1_750_000_000, 0).single().unwrap_or_default() - Duration::days(age_days);
    Arc::new(Product {
        id: id.into(),
        name: name.into(),
        slug: name.to_lowercase().replace(' ', "-"),
        description: format!("A fine {name}"),
        is_best_seller: id == "p2",
        category_id: category.0.into(),
        category_name: category.1.into(),
        hsn_code: None,
        images: vec![],
        variants,
        created_at: created,
        updated_at: created,
    })
}

/// Men > Shirts, Men > Jeans, Women; five products.
fn shop() -> CatalogSnapshot {
    let categories = vec![
        category("men", "Men", None, 1),
        category("shirts", "Shirts", Some("men"), 2),
        category("jeans", "Jeans", Some("men"), 3),
        category("women", "Women", None, 4),
    ];
    let shirts = ("shirts", "Shirts");
    let products = vec![
        product("p1", "Oxford Shirt", shirts, 1, vec![variant("M", "Blue", 3, 1200), variant("L", "Blue", 0, 1200)]),
        product("p2", "Linen Shirt", shirts, 2, vec![variant("S", "White", 5, 900), variant("M", "Red", 1, 950)]),
        product("p3", "Slim Jeans", ("jeans", "Jeans"), 3, vec![variant("32", "Blue", 2, 2000)]),
        product("p4", "Silk Saree", ("women", "Women"), 4, vec![variant("Free Size", "Red", 0, 5000)]),
        product("p5", "Men Kurta", ("men", "Men"), 5, vec![variant("XL", "White", 4, 1500)]),
    ];
    CatalogSnapshot::build(1, categories, products)
}

fn ids(listing: &Listing) -> Vec<&str> {
    listing.page.items.iter().map(|p| p.id.as_str()).collect()
}

fn query() -> ProductQuery {
    ProductQuery { page: PageRequest { page: 1, limit: 20 }, ..ProductQuery::default() }
}

#[test]
fn category_includes_every_subcategory_by_id_or_slug() {
    let snap = shop();
    let men = list(&snap, &ProductQuery { category: Some("men".into()), ..query() });
    assert_eq!(ids(&men), vec!["p1", "p2", "p3", "p5"]);
    let shirts = list(&snap, &ProductQuery { category: Some("shirts".into()), ..query() });
    assert_eq!(ids(&shirts), vec!["p1", "p2"]);
    let unknown = list(&snap, &ProductQuery { category: Some("nope".into()), ..query() });
    assert_eq!(unknown.page.total_items, 0);
}

#[test]
fn variant_filters_must_hold_for_one_variant() {
    let snap = shop();
    // Blue AND size L exists only out of stock on p1.
    let blue_l = list(&snap, &ProductQuery { colors: vec!["blue".into()], sizes: vec!["l".into()], ..query() });
    assert_eq!(ids(&blue_l), vec!["p1"]);
    let in_stock = list(&snap, &ProductQuery { colors: vec!["blue".into()], sizes: vec!["L".into()], in_stock: true, ..query() });
    assert!(ids(&in_stock).is_empty());
    let priced = list(&snap, &ProductQuery { min_price: Some(Money::from_paise(95_000)), max_price: Some(Money::from_paise(150_000)), ..query() });
    assert_eq!(ids(&priced), vec!["p1", "p2", "p5"]);
    let red_in_stock = list(&snap, &ProductQuery { colors: vec!["Red".into()], in_stock: true, ..query() });
    assert_eq!(ids(&red_in_stock), vec!["p2"]);
}

#[test]
fn sorting_and_paging() {
    let snap = shop();
    let cheap_first = list(&snap, &ProductQuery { sort: Sort::PriceAsc, ..query() });
    assert_eq!(ids(&cheap_first), vec!["p2", "p1", "p5", "p3", "p4"]);
    let dear_first = list(&snap, &ProductQuery { sort: Sort::PriceDesc, ..query() });
    assert_eq!(ids(&dear_first), vec!["p4", "p3", "p5", "p1", "p2"]);
    let page2 = list(&snap, &ProductQuery { page: PageRequest { page: 2, limit: 2 }, ..query() });
    assert_eq!((ids(&page2), page2.page.total_items, page2.page.total_pages()), (vec!["p3", "p4"], 5, 3));
}

#[test]
fn facets_count_products_in_scope() {
    let snap = shop();
    let men = list(&snap, &ProductQuery { category: Some("men".into()), colors: vec!["Red".into()], ..query() });
    let f = &men.facets;
    assert_eq!((f.min_price.paise(), f.max_price.paise()), (90_000, 200_000));
    let colors: Vec<(&str, usize)> = f.colors.iter().map(|c| (c.color.as_str(), c.count)).collect();
    assert_eq!(colors, vec![("Blue", 2), ("White", 2), ("Red", 1)]);
    let sizes: Vec<&str> = f.sizes.iter().map(|s| s.value.as_str()).collect();
    assert_eq!(sizes, vec!["S", "M", "L", "XL", "32"]);
    let cats: Vec<(&str, usize)> = f.categories.iter().map(|c| (c.label.as_str(), c.count)).collect();
    assert_eq!(cats, vec![("Jeans", 1), ("Men", 1), ("Shirts", 2)]);
    assert_eq!(ids(&men), vec!["p2"]);
}

#[test]
fn search_ranks_name_matches_first_and_ignores_case() {
    let snap = shop();
    // Both names hold the word: the best seller (p2) comes before the newer p1.
    let shirts: Vec<String> = search(&snap, "SHIRT", 20).iter().map(|p| p.id.clone()).collect();
    assert_eq!(shirts, vec!["p2", "p1"]);
    // "white" is a colour of p2 and p5, in no name.
    let white: Vec<String> = search(&snap, "white", 20).iter().map(|p| p.id.clone()).collect();
    assert_eq!(white, vec!["p2", "p5"]);
    // Category name matches too; the name match ranks first.
    let jeans: Vec<String> = search(&snap, "jeans", 20).iter().map(|p| p.id.clone()).collect();
    assert_eq!(jeans, vec!["p3"]);
    let men_shirts: Vec<String> = search(&snap, "men kurta", 20).iter().map(|p| p.id.clone()).collect();
    assert_eq!(men_shirts, vec!["p5"]);
    assert!(search(&snap, "tuxedo", 20).is_empty());
    assert_eq!(search(&snap, "  ", 3).len(), 3);
}

#[test]
fn tree_nests_subcategories() {
    let snap = shop();
    let names: Vec<(&str, usize)> = snap.tree.iter().map(|n| (n.category.name.as_str(), n.children.len())).collect();
    assert_eq!(names, vec![("Men", 2), ("Women", 0)]);
    assert_eq!(snap.subtree("men").len(), 3);
}

#[test]
fn a_product_re_read_after_an_order_keeps_sharing_the_snapshots_looks() {
    let snap = shop();
    let mut changed = (*snap.product("p2").unwrap_or_else(|| panic!("p2"))).clone();
    changed.variants[0].stock = 4;
    let next = snap.with_products(2, &["p2".to_string()], vec![Arc::new(changed)]);
    let looks = |s: &CatalogSnapshot| s.entry("p2").map(|e| e.variants.iter().map(|v| v.look.clone()).collect::<Vec<_>>()).unwrap_or_default();
    let (before, after) = (looks(&snap), looks(&next));
    assert_eq!(after.len(), 2);
    for (old, new) in before.iter().zip(&after) {
        assert!(Arc::ptr_eq(old, new), "{new:?} is the snapshot's copy, not a new one");
    }
}

#[test]
fn sizes_sort_the_way_people_expect() {
    let mut sizes = vec!["XL", "32", "S", "Free Size", "M", "28", "XS"];
    sizes.sort_by_key(|s| size_rank(s));
    assert_eq!(sizes, vec!["XS", "S", "M", "XL", "Free Size", "28", "32"]);
}

#[test]
fn a_stock_change_replaces_one_entry_and_shares_the_rest() {
    let snap = shop();
    let mut changed = (*snap.product("p2").unwrap_or_else(|| panic!("p2"))).clone();
    changed.variants[0].stock = 0;
    let next = snap.with_products(2, &["p2".to_string()], vec![Arc::new(changed.clone())]);
    assert_eq!(next.version, 2);
    assert_eq!(next.product("p2").map(|p| p.variants[0].stock), Some(0));
    assert_eq!(snap.product("p2").map(|p| p.variants[0].stock), Some(5), "the old snapshot is untouched");
    let shared = snap.entries.iter().zip(&next.entries).filter(|(a, b)| Arc::ptr_eq(a, b)).count();
    assert_eq!(shared, snap.entries.len() - 1, "only p2's entry is new");
    // In-stock filtering sees the change.
    let white_in_stock = list(&next, &ProductQuery { colors: vec!["White".into()], sizes: vec!["S".into()], in_stock: true, ..query() });
    assert!(ids(&white_in_stock).is_empty());

    // A product that moved category is placed again by a full rebuild.
    changed.category_id = "women".into();
    let moved = snap.with_products(3, &["p2".to_string()], vec![Arc::new(changed)]);
    let women = list(&moved, &ProductQuery { category: Some("women".into()), ..query() });
    assert_eq!(ids(&women), vec!["p2", "p4"]);
    // A deleted product disappears.
    let gone = snap.with_products(4, &["p3".to_string()], vec![]);
    assert!(gone.product("p3").is_none());
    assert_eq!(gone.entries.len(), 4);
}

fn found(snap: &CatalogSnapshot, q: &str) -> Vec<String> {
    search(snap, q, 20).iter().map(|p| p.id.clone()).collect()
}

#[test]
fn search_forgives_typing_mistakes_and_spelling_variants() {
    let snap = shop();
    assert_eq!(found(&snap, "kurtaa"), vec!["p5"]);
    assert_eq!(found(&snap, "sari"), vec!["p4"]);
    assert_eq!(found(&snap, "jeanz"), vec!["p3"]);
    assert_eq!(found(&snap, "oxfrod shirt"), vec!["p1"], "two neighbours swapped");
    assert!(found(&snap, "sweater").is_empty());
    assert_eq!(suggestion(&snap, "oxfrod").as_deref(), Some("oxford"));
    assert_eq!(suggestion(&snap, "oxford"), None);
}

#[test]
fn search_puts_words_as_typed_before_corrections_and_stock_before_sold_out() {
    let categories = vec![category("women", "Women", None, 1)];
    let women = ("women", "Women");
    let snap = CatalogSnapshot::build(1, categories, vec![
        product("a", "Silk Saree", women, 1, vec![variant("Free Size", "Red", 0, 5000)]),
        product("b", "Silky Saree", women, 2, vec![variant("Free Size", "Red", 3, 4000)]),
        product("c", "Cotton Saree", women, 3, vec![variant("Free Size", "Blue", 2, 1500)]),
        product("d", "Saree Blouse", women, 4, vec![variant("M", "Blue", 2, 900)]),
    ]);
    // "sarees" is no word of the catalogue: every saree is a correction; the sold-out one last.
    assert_eq!(found(&snap, "sarees"), vec!["b", "c", "d", "a"]);
    // "silk saree" as typed: the whole query in a name first, then the rest in stock order.
    assert_eq!(found(&snap, "silk saree"), vec!["a", "b"]);
}

#[test]
fn a_stock_change_keeps_the_vocabulary_and_a_new_name_renews_it() {
    let snap = shop();
    assert!(snap.vocabulary().len() > 10);
    let mut p1 = snap.product("p1").map(Arc::unwrap_or_clone).expect("p1");
    p1.variants[0].stock = 1;
    let after_order = snap.with_products(2, &["p1".to_string()], vec![Arc::new(p1.clone())]);
    assert!(std::ptr::eq(snap.vocabulary(), after_order.vocabulary()), "shared, not rebuilt");
    p1.name = "Oxford Kurta Shirt".into();
    let renamed = after_order.with_products(3, &["p1".to_string()], vec![Arc::new(p1)]);
    assert_eq!(found(&renamed, "kurtaa"), vec!["p1", "p5"]);
}

#[test]
fn listings_sort_by_saving_and_best_sellers() {
    let categories = vec![category("women", "Women", None, 1)];
    let women = ("women", "Women");
    let on_sale = |percent: i64| {
        let mut v = variant("M", "Red", 3, 1000);
        v.price = Price::new(Money::from_paise((100 - percent) * 1000), Money::from_paise(percent * 1000));
        v
    };
    let snap = CatalogSnapshot::build(1, categories, vec![
        product("p1", "Plain", women, 1, vec![variant("M", "Red", 3, 1000)]),
        product("p2", "Half Off", women, 2, vec![on_sale(50)]),
        product("p3", "Tenth Off", women, 3, vec![variant("S", "Red", 3, 1000), on_sale(10)]),
        product("p4", "Also Plain", women, 4, vec![variant("M", "Red", 3, 1000)]),
    ]);
    let sorted = |sort| ids(&list(&snap, &ProductQuery { sort, ..query() })).into_iter().map(str::to_string).collect::<Vec<_>>();
    assert_eq!(sorted(Sort::Discount), vec!["p2", "p3", "p1", "p4"], "ties stay newest first");
    // p2 is the test catalogue's best seller.
    assert_eq!(sorted(Sort::BestSellers), vec!["p2", "p1", "p3", "p4"]);
    assert_eq!(Sort::parse("discount"), Some(Sort::Discount));
    assert_eq!(Sort::parse("best_sellers"), Some(Sort::BestSellers));
}

#[test]
fn a_stock_change_patches_the_listing_index_and_a_price_change_rebuilds_it() {
    let snap = shop();
    let mut p2 = snap.product("p2").map(Arc::unwrap_or_clone).expect("p2");
    p2.variants[0].stock = 0;
    let sold = snap.with_products(2, &["p2".to_string()], vec![Arc::new(p2.clone())]);
    assert!(sold.listing_index().shares_orders_with(snap.listing_index()), "only the in-stock sets are copied");
    let white_s = ProductQuery { colors: vec!["White".into()], sizes: vec!["S".into()], in_stock: true, ..query() };
    assert_eq!(list(&snap, &white_s).page.total_items, 1);
    assert_eq!(list(&sold, &white_s).page.total_items, 0, "the order is seen at once");
    p2.variants[0].price = Price::new(Money::from_paise(10_000), Money::ZERO);
    let cheaper = sold.with_products(3, &["p2".to_string()], vec![Arc::new(p2)]);
    assert!(!cheaper.listing_index().shares_orders_with(sold.listing_index()));
    assert_eq!(ids(&list(&cheaper, &ProductQuery { sort: Sort::PriceAsc, ..query() }))[0], "p2");
}
