//! Figures, not checks: how long the listing index takes to build, what it holds, and how
//! long listings take with it and with the plain walk, on a catalogue shaped like the bench's
//! (`crate::bench`, what `cargo xtask seed-bench` writes). Run on a release build:
//! `cargo test -p catalog --release figures -- --ignored --nocapture`.

use std::sync::Arc;
use std::time::{Duration as Elapsed, Instant};

use kernel::{Money, PageRequest};

use super::*;
use crate::snapshot::ListingIndex;

fn rss_mb() -> f64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let kb: f64 = status
        .lines()
        .find(|l| l.starts_with("VmRSS:"))
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|n| n.parse().ok())
        .unwrap_or(0.0);
    kb / 1024.0
}

fn median(mut times: Vec<Elapsed>) -> f64 {
    times.sort();
    times.get(times.len() / 2).map_or(0.0, |t| t.as_secs_f64() * 1000.0)
}

fn p95(mut times: Vec<Elapsed>) -> f64 {
    times.sort();
    times.get(times.len() * 95 / 100).map_or(0.0, |t| t.as_secs_f64() * 1000.0)
}

/// The uncached listings of `make bench`, and a few more.
fn listings() -> Vec<(&'static str, ProductQuery)> {
    let q = |page: u32| ProductQuery { page: PageRequest { page, limit: 24 }, ..ProductQuery::default() };
    let rupees = |r: i64| Some(Money::from_paise(r * 100));
    vec![
        ("page 7, price up", ProductQuery { sort: Sort::PriceAsc, ..q(7) }),
        ("price 700 to 1900", ProductQuery { min_price: rupees(700), max_price: rupees(1900), ..q(1) }),
        ("navy blue or maroon, M", ProductQuery { colors: vec!["Navy Blue".into(), "Maroon".into()], sizes: vec!["M".into()], ..q(1) }),
        ("in stock, price down, page 3", ProductQuery { in_stock: true, sort: Sort::PriceDesc, ..q(3) }),
        ("by name, page 12", ProductQuery { sort: Sort::Name, ..q(12) }),
        ("q=cotton from 500", ProductQuery { search: Some("cotton".into()), min_price: rupees(500), ..q(1) }),
        ("category 3, discount", ProductQuery { category: Some("category-3".into()), sort: Sort::Discount, ..q(2) }),
        ("teal XL in stock 600-900, best sellers", ProductQuery { colors: vec!["teal".into()], sizes: vec!["xl".into()], in_stock: true, min_price: rupees(600), max_price: rupees(900), sort: Sort::BestSellers, ..q(1) }),
        ("page 400, newest", q(400)),
    ]
}

#[test]
#[ignore = "figures for docs/SEARCH.md: run on a release build with --ignored --nocapture"]
fn figures() {
    crate::snapshot::TEST_PIECES.with(|p| p.set(crate::snapshot::Pieces::SHOP));
    for count in [10_000, 100_000] {
        let before = rss_mb();
        let started = Instant::now();
        let snap = crate::bench::snapshot(count, 40);
        let snapshot_ms = started.elapsed().as_secs_f64() * 1000.0;
        let with_index = rss_mb();
        let started = Instant::now();
        let index = ListingIndex::build(&snap.entries, snap.categories.len());
        let index_ms = started.elapsed().as_secs_f64() * 1000.0;
        let index_bytes = index.approximate_bytes();
        let after = rss_mb();
        drop(index);
        println!(
            "{count} products: snapshot with index {snapshot_ms:.0} ms (RSS +{:.0} MB); the index alone {index_ms:.0} ms, RSS +{:.1} MB, about {:.1} MB",
            with_index - before,
            after - with_index,
            index_bytes as f64 / 1e6
        );
        let (before, started) = (rss_mb(), Instant::now());
        let vocabulary = snap.vocabulary().len();
        let vocabulary_ms = started.elapsed().as_secs_f64() * 1000.0;
        let (middle, started) = (rss_mb(), Instant::now());
        let text_bytes = snap.text_index().approximate_bytes();
        println!(
            "  first search: vocabulary ({vocabulary} words) {vocabulary_ms:.0} ms, RSS +{:.1} MB; text index {:.0} ms, about {:.1} MB",
            middle - before,
            started.elapsed().as_secs_f64() * 1000.0,
            text_bytes as f64 / 1e6
        );
        for (name, query) in listings() {
            let runs = if count > 50_000 { 15 } else { 40 };
            let time = |f: &dyn Fn() -> Listing| (0..runs).map(|_| { let t = Instant::now(); std::hint::black_box(f()); t.elapsed() }).collect::<Vec<_>>();
            let index_times = time(&|| list(&snap, &query));
            let walk_times = time(&|| reference::list(&snap, &query));
            println!(
                "  {name:42} index p50 {:7.3} ms p95 {:7.3} ms | plain walk p50 {:7.2} ms  ({} found)",
                median(index_times.clone()),
                p95(index_times),
                median(walk_times),
                list(&snap, &query).page.total_items
            );
        }
        for q in ["shirt", "kurtaa", "sari", "linen shrit", "tuxedo", "jeanz", "navy"] {
            let runs = if count > 50_000 { 15 } else { 40 };
            let time = |f: &dyn Fn() -> Vec<Arc<Product>>| (0..runs).map(|_| { let t = Instant::now(); std::hint::black_box(f()); t.elapsed() }).collect::<Vec<_>>();
            let index_times = time(&|| search(&snap, q, 50));
            let walk_times = time(&|| reference::search(&snap, q, 50));
            println!(
                "  search {q:35} index p50 {:7.3} ms p95 {:7.3} ms | plain walk p50 {:7.2} ms",
                median(index_times.clone()),
                p95(index_times),
                median(walk_times)
            );
        }
        // An order: one product's stock changes.
        let mut p = snap.product("product-5").map(Arc::unwrap_or_clone).unwrap_or_else(|| panic!("product-5"));
        p.variants[1].stock = 0;
        let id = p.id.clone();
        let started = Instant::now();
        let next = snap.with_products(2, &[id], vec![Arc::new(p)]);
        println!("  a stock change makes the next snapshot in {:.2} ms", started.elapsed().as_secs_f64() * 1000.0);
        drop(next);
    }
}
