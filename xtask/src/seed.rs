//! `cargo xtask seed-bench`: a large, deterministic catalogue for `make bench`. It goes
//! through the store's database handle (`store::Db`: its migrations and its one write
//! transaction) but writes the rows itself: through the catalogue's services (a picture
//! check, a transaction and new upload rows per product) 100,000 products would take
//! minutes, get random variant ids and not share their few pictures.

use std::time::Instant;

use catalog::bench;
use diesel::prelude::*;
use kernel::{IncomingFile, MediaRules, MediaStore, StoreError};
use media::LocalMediaStore;
use server::config::Config;
use server::demo::art::{garment_picture, Garment, Print};
use store::schema::{categories, product_images, products, uploads, variants};
use store::Db;

const IMAGES_PER_PRODUCT: usize = 2;

/// A picture every product shares (the bench measures the API, not images).
struct Picture {
    id: String,
    filename: String,
    width: i32,
    height: i32,
    byte_size: i64,
}

pub fn run(products: usize, categories: usize) -> Result<(), String> {
    let config = Config::from_env();
    let db = Db::open(&config.database_url).map_err(|e| e.to_string())?;
    store::migrations::run_pending(&db).map_err(|e| e.to_string())?;
    lift_cod_limits(&db)?;
    let started = Instant::now();
    let media = LocalMediaStore::new(&config.uploads_dir).map_err(|e| format!("{}: {e}", config.uploads_dir.display()))?;
    let pictures = store_pictures(&media)?;
    if seed(&db, products, categories, &pictures).map_err(|e| e.to_string())? {
        println!("Bench catalogue ready: {products} products in {categories} categories ({:.1} s)", started.elapsed().as_secs_f64());
    } else {
        for picture in &pictures {
            media.remove(&picture.filename);
        }
        println!("The catalogue already has categories: nothing seeded");
    }
    Ok(())
}

/// The order mix's customers keep ordering: lift the cash-on-delivery limits (open orders per
/// customer, the largest order) as the owner would in Settings, so the bench measures orders,
/// not refusals.
fn lift_cod_limits(db: &Db) -> Result<(), String> {
    use store::schema::cod_settings;
    let mut conn = db.conn().map_err(|e| e.to_string())?;
    diesel::update(cod_settings::table)
        .set((cod_settings::max_order_paise.eq(None::<i64>), cod_settings::max_open_orders.eq(1000)))
        .execute(&mut *conn)
        .map(|_| ())
        .map_err(|e| e.to_string())
}

fn store_pictures(media: &LocalMediaStore) -> Result<Vec<Picture>, String> {
    let rules = MediaRules { allowed: catalog::IMAGE_RULES.allowed, max_bytes: catalog::IMAGE_RULES.max_bytes, label: "Each image" };
    let garments = [Garment::Shirt, Garment::Dress, Garment::Kurti, Garment::Jeans];
    let colours = ["#000080", "#800000", "#556B2F", "#FFDB58"];
    let mut pictures = Vec::new();
    for (i, (garment, colour)) in garments.into_iter().zip(colours).enumerate() {
        let file = IncomingFile { bytes: garment_picture(garment, colour, Print::Plain, i as u32) };
        let stored = media.store(&file, &rules).map_err(|e| e.to_string())?;
        pictures.push(Picture {
            width: stored.width as i32,
            height: stored.height as i32,
            byte_size: stored.byte_size as i64,
            id: stored.id,
            filename: stored.filename,
        });
    }
    Ok(pictures)
}

fn failed(e: diesel::result::Error) -> StoreError {
    StoreError::Backend(e.to_string())
}

/// Seeds into an empty catalogue, in one transaction; returns false (and writes nothing)
/// when there is one already.
fn seed(db: &Db, product_count: usize, category_count: usize, pictures: &[Picture]) -> Result<bool, StoreError> {
    let start = bench::start().naive_utc();
    db.write(|conn| {
        let existing: i64 = categories::table.count().get_result(conn).map_err(failed)?;
        if existing > 0 {
            return Ok(false);
        }
        for picture in pictures {
            diesel::insert_into(uploads::table)
                .values((
                    uploads::id.eq(&picture.id),
                    uploads::filename.eq(&picture.filename),
                    uploads::content_type.eq("image/jpeg"),
                    uploads::width.eq(picture.width),
                    uploads::height.eq(picture.height),
                    uploads::byte_size.eq(picture.byte_size),
                    uploads::created_at.eq(start),
                ))
                .execute(conn)
                .map_err(failed)?;
        }
        let category_list = bench::categories(category_count);
        for category in &category_list {
            diesel::insert_into(categories::table)
                .values((
                    categories::id.eq(&category.id),
                    categories::name.eq(&category.name),
                    categories::slug.eq(&category.slug),
                    categories::description.eq(&category.description),
                    categories::parent_id.eq(category.parent_id.clone()),
                    categories::parent_key.eq(category.parent_id.clone().unwrap_or_default()),
                    categories::upload_id.eq(pictures.first().map(|i| i.id.clone())),
                    categories::created_at.eq(start),
                    categories::updated_at.eq(start),
                ))
                .execute(conn)
                .map_err(failed)?;
        }
        for p in 0..product_count {
            let product = bench::product(p, category_list.len());
            let created = product.created_at.naive_utc();
            diesel::insert_into(products::table)
                .values((
                    products::id.eq(&product.id),
                    products::name.eq(&product.name),
                    products::slug.eq(&product.slug),
                    products::description.eq(&product.description),
                    products::category_id.eq(&product.category_id),
                    products::is_best_seller.eq(product.is_best_seller),
                    products::created_at.eq(created),
                    products::updated_at.eq(created),
                ))
                .execute(conn)
                .map_err(failed)?;
            for i in 0..IMAGES_PER_PRODUCT.min(pictures.len()) {
                let picture = &pictures[(p + i) % pictures.len()];
                diesel::insert_into(product_images::table)
                    .values((
                        product_images::id.eq(format!("20000000-0000-4000-{i:04}-{p:012}")),
                        product_images::product_id.eq(&product.id),
                        product_images::upload_id.eq(&picture.id),
                        product_images::position.eq(i as i32),
                    ))
                    .execute(conn)
                    .map_err(failed)?;
            }
            for variant in &product.variants {
                diesel::insert_into(variants::table)
                    .values((
                        variants::id.eq(&variant.id),
                        variants::product_id.eq(&product.id),
                        variants::size.eq(&variant.size),
                        variants::color.eq(&variant.color),
                        variants::color_hex.eq(&variant.color_hex),
                        variants::stock.eq(variant.stock),
                        variants::original_price_paise.eq(variant.price.pay().paise()),
                        variants::discount_price_paise.eq(variant.price.saving().paise()),
                        variants::position.eq(variant.position),
                        variants::created_at.eq(created),
                        variants::updated_at.eq(created),
                    ))
                    .execute(conn)
                    .map_err(failed)?;
            }
        }
        Ok(true)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_small_catalogue_is_seeded_once_and_reads_back_whole() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let dir = dir.path();
        let db = Db::open(&format!("sqlite://{}", dir.join("shop.db").display())).unwrap_or_else(|e| panic!("{e}"));
        store::migrations::run_pending(&db).unwrap_or_else(|e| panic!("{e}"));
        let media = LocalMediaStore::new(dir.join("uploads")).unwrap_or_else(|e| panic!("{e}"));
        let pictures = store_pictures(&media).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(seed(&db, 30, 12, &pictures).ok(), Some(true));
        assert_eq!(seed(&db, 30, 12, &pictures).ok(), Some(false), "a second run writes nothing");
        let repo = store::DieselCatalogRepo::new(db.clone());
        let loaded = catalog::CatalogRepository::load_all(&repo).unwrap_or_else(|e| panic!("{e}"));
        let snapshot = catalog::CatalogSnapshot::from_loaded(1, loaded);
        assert_eq!((snapshot.categories.len(), snapshot.entries.len()), (12, 30));
        let product = snapshot.product("product-9").unwrap_or_else(|| panic!("product-9"));
        assert_eq!((product.images.len(), product.variants.len()), (IMAGES_PER_PRODUCT, bench::VARIANTS_PER_PRODUCT));
        assert_eq!(product.variants[0].stock, 0, "the stock rule: (9 + 0) % 9 == 0");
        assert_eq!(product.variants[1].stock, 1_000);
    }
}
