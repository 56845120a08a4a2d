//! Figures, not checks (so an example, not a test): the heap a catalogue shaped like the
//! bench's takes, counted by a global allocator that adds up every allocation (live bytes
//! and their peak). The products are streamed into the snapshot as the store streams its
//! rows. Run with `cargo run -p catalog --release --example heap`.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

use catalog::snapshot::{ImagesLoad, LoadedCatalog, ProductsLoad, VariantsLoad};
use catalog::{CatalogSnapshot, ImageRef, ProductImage};

struct Counting;

static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let live = LIVE.fetch_add(layout.size(), Ordering::Relaxed) + layout.size();
        PEAK.fetch_max(live, Ordering::Relaxed);
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static COUNTING: Counting = Counting;

fn mb(bytes: usize) -> f64 {
    bytes as f64 / (1 << 20) as f64
}

/// Live bytes now, and the peak since the last call, both above `base`.
fn reading(base: usize) -> (f64, f64) {
    let live = LIVE.load(Ordering::Relaxed);
    let peak = PEAK.swap(live, Ordering::Relaxed);
    (mb(live.saturating_sub(base)), mb(peak.saturating_sub(base)))
}

fn streamed(count: usize, categories: usize) -> LoadedCatalog {
    let (mut products, mut images, mut variants) =
        (ProductsLoad::with_capacity(count), ImagesLoad::with_capacity(count), VariantsLoad::with_capacity(count));
    // Two of four shared pictures per product, as `cargo xtask seed-bench` writes them.
    let upload = |u: usize| ImageRef {
        upload_id: format!("40000000-0000-4000-8000-{u:012}"),
        filename: format!("40000000-0000-4000-8000-{u:012}.jpg"),
        width: 800,
        height: 1000,
    };
    for p in 0..count {
        let product = catalog::bench::product(p, categories);
        for i in 0..2 {
            let image = ProductImage { id: format!("20000000-0000-4000-{i:04}-{p:012}"), image: upload((p + i) % 4), position: i as i32, color: None };
            images.push(&product.id, &image);
        }
        for variant in &product.variants {
            variants.push(&product.id, variant);
        }
        products.push(product);
    }
    LoadedCatalog { categories: catalog::bench::categories(categories), products, images, variants, synonyms: None }
}

fn main() {
    for count in [10_000, 100_000] {
        let base = LIVE.load(Ordering::Relaxed);
        PEAK.store(base, Ordering::Relaxed);
        let loaded = streamed(count, 40);
        let (live, peak) = reading(base);
        println!("{count:>7} products: rows compacted {live:6.1} MB (peak {peak:6.1})");
        let snapshot = CatalogSnapshot::from_loaded(1, loaded);
        let (live, peak) = reading(base);
        println!("{count:>7} products: snapshot      {live:6.1} MB (peak {peak:6.1})");
        snapshot.vocabulary();
        let (live, peak) = reading(base);
        println!("{count:>7} products: + vocabulary  {live:6.1} MB (peak {peak:6.1})");
        snapshot.text_index();
        let (live, peak) = reading(base);
        println!("{count:>7} products: + text index  {live:6.1} MB (peak {peak:6.1})");
    }
}
