//! The judged search queries (`tests/data/search-judged*.tsv`) and the one rule they are
//! held to: recall at ten (the share of the first ten answers that are products the
//! shopper expects, out of at most ten, averaged over the queries that have an answer) at
//! least 0.95, and at most 2% of those queries finding nothing.

use catalog::{CatalogSnapshot, Product};

/// Runs each query against the snapshot; `expected` names the products that answer it
/// (empty: nothing in the catalogue does).
pub fn judge<'a>(snapshot: &CatalogSnapshot, queries: impl Iterator<Item = (&'a str, Vec<String>)>) {
    let (mut answered, mut recall, mut empty, mut misses) = (0usize, 0.0f64, 0usize, Vec::new());
    for (query, expected) in queries {
        if expected.is_empty() {
            continue;
        }
        let found: Vec<String> = catalog::query::search(snapshot, query, 10).iter().map(|p| p.name.clone()).collect();
        answered += 1;
        let hits = found.iter().filter(|f| expected.contains(f)).count();
        let wanted = expected.len().min(10);
        recall += hits.min(wanted) as f64 / wanted as f64;
        if found.is_empty() {
            empty += 1;
        }
        if hits < wanted {
            misses.push(format!("{query}: found {found:?}"));
        }
    }
    assert!(answered >= 150, "{answered} judged queries with an answer");
    let recall = recall / answered as f64;
    println!("recall@10 {recall:.3}; {empty} of {answered} found nothing");
    assert!(recall >= 0.95, "recall@10 {recall:.3}; short: {misses:#?}");
    assert!(empty as f64 <= 0.02 * answered as f64, "{empty} of {answered} found nothing; short: {misses:#?}");
}

/// The judged lines of a file: a query, a tab, what answers it; `#` starts a note.
pub fn lines(judged: &str) -> impl Iterator<Item = (&str, &str)> {
    judged.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()).map(|l| l.split_once('\t').unwrap_or((l, "")))
}

/// Whether the product's name and colours hold every one of these words as a whole word.
fn holds_words(product: &Product, words: &str) -> bool {
    let mut own: Vec<String> = product.name.to_lowercase().split_whitespace().map(str::to_string).collect();
    for v in &product.variants {
        own.extend(v.color.to_lowercase().split_whitespace().map(str::to_string));
    }
    words.split_whitespace().all(|w| own.iter().any(|o| *o == w.to_lowercase()))
}

/// The bench's catalogue (what `cargo xtask seed-bench` writes) at 3,000 products, judged
/// by the words the expected products hold: many products answer most queries here.
#[test]
fn judged_searches_over_the_bench_catalogue() {
    let snapshot = catalog::bench::snapshot(3_000, 40);
    let products: Vec<_> = snapshot.entries.iter().map(|e| snapshot.expand(e)).collect();
    let judged = include_str!("../data/search-judged-bench.tsv");
    let queries = lines(judged).map(|(query, words)| {
        let expected: Vec<String> =
            if words.trim().is_empty() { Vec::new() } else { products.iter().filter(|p| holds_words(p, words)).map(|p| p.name.clone()).collect() };
        assert!(words.trim().is_empty() || !expected.is_empty(), "no product holds '{words}' (query '{query}')");
        (query, expected)
    });
    judge(&snapshot, queries);
}
