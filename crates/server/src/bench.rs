//! `shop seed-bench`: the benchmark catalogue (see docs/PERFORMANCE.md).

use std::path::Path;

use kernel::{IncomingFile, MediaRules, MediaStore};
use media::LocalMediaStore;
use store::bench_seed::{seed as seed_rows, BenchImage, BenchSpec};
use store::Db;

use crate::demo::art::{garment_picture, Garment};

/// Seeds `products` products (4 variants, 2 images each) across `categories` categories.
/// Returns false when the catalogue was not empty.
pub fn seed(db: &Db, uploads_dir: &Path, products: usize, categories: usize) -> Result<bool, String> {
    let media = LocalMediaStore::new(uploads_dir).map_err(|e| e.to_string())?;
    let rules = MediaRules { allowed: catalog::IMAGE_RULES.allowed, max_bytes: catalog::IMAGE_RULES.max_bytes, label: "Each image" };
    let garments = [Garment::Shirt, Garment::Dress, Garment::Kurti, Garment::Jeans];
    let colours = ["#000080", "#800000", "#556B2F", "#FFDB58"];
    let mut images = Vec::new();
    for (i, garment) in garments.iter().enumerate() {
        let file = IncomingFile { bytes: garment_picture(*garment, colours[i], i as u32) };
        let stored = media.store(&file, &rules).map_err(|e| e.to_string())?;
        images.push(BenchImage {
            id: stored.id,
            filename: stored.filename,
            width: stored.width as i32,
            height: stored.height as i32,
            byte_size: stored.byte_size as i64,
        });
    }
    let spec = BenchSpec { products, categories, variants_per_product: 4, images_per_product: 2 };
    let seeded = seed_rows(db, &spec, &images).map_err(|e| e.to_string())?;
    if !seeded {
        for image in &images {
            media.remove(&image.filename);
        }
    }
    Ok(seeded)
}
