//! A large, deterministic catalogue for benchmarks (`shop seed-bench`): written straight
//! into the tables in one transaction, because going through the services (with image
//! checks) would take minutes for 100,000 products.

use chrono::{Duration, TimeZone, Utc};
use diesel::prelude::*;
use kernel::StoreError;

use crate::db::Db;
use crate::errors::store_error;
use crate::schema::{categories, product_images, products, uploads, variants};

pub struct BenchSpec {
    pub products: usize,
    pub categories: usize,
    pub variants_per_product: usize,
    pub images_per_product: usize,
}

/// A few real images that every product shares (the bench measures the API, not images).
pub struct BenchImage {
    pub id: String,
    pub filename: String,
    pub width: i32,
    pub height: i32,
    pub byte_size: i64,
}

const ADJECTIVES: &[&str] = &["Classic", "Slim", "Relaxed", "Printed", "Striped", "Linen", "Cotton", "Silk", "Denim", "Festive", "Everyday", "Premium"];
const NOUNS: &[&str] = &["Shirt", "Tee", "Kurta", "Dress", "Kurti", "Saree", "Jeans", "Chinos", "Scarf", "Jacket", "Polo", "Skirt"];
const COLOURS: &[(&str, &str)] = &[("Navy Blue", "#000080"), ("Maroon", "#800000"), ("Black", "#000000"), ("White", "#FFFFFF"), ("Olive", "#808000"), ("Mustard", "#FFDB58"), ("Teal", "#008080"), ("Peach", "#FFE5B4")];
const SIZES: &[&str] = &["S", "M", "L", "XL", "XXL"];

/// Seeds into an empty catalogue; returns false (and writes nothing) when there is one.
pub fn seed(db: &Db, spec: &BenchSpec, images: &[BenchImage]) -> Result<bool, StoreError> {
    let start = Utc.with_ymd_and_hms(2026, 1, 1, 0, 0, 0).single().unwrap_or_else(Utc::now).naive_utc();
    db.write(|conn| {
        let existing: i64 = categories::table.count().get_result(conn).map_err(store_error)?;
        if existing > 0 {
            return Ok(false);
        }
        for image in images {
            diesel::insert_into(uploads::table)
                .values((
                    uploads::id.eq(&image.id),
                    uploads::filename.eq(&image.filename),
                    uploads::content_type.eq("image/jpeg"),
                    uploads::width.eq(image.width),
                    uploads::height.eq(image.height),
                    uploads::byte_size.eq(image.byte_size),
                    uploads::created_at.eq(start),
                ))
                .execute(conn)
                .map_err(store_error)?;
        }
        // Ten top categories, the rest spread below them.
        let tops = spec.categories.clamp(1, 10);
        let mut category_ids: Vec<String> = Vec::with_capacity(spec.categories);
        for c in 0..spec.categories.max(1) {
            let id = format!("00000000-0000-4000-8000-{c:012}");
            let parent = (c >= tops).then(|| category_ids[c % tops].clone());
            let name = format!("Category {c}");
            diesel::insert_into(categories::table)
                .values((
                    categories::id.eq(&id),
                    categories::name.eq(&name),
                    categories::slug.eq(format!("category-{c}")),
                    categories::description.eq(format!("Everything in category {c}")),
                    categories::parent_id.eq(parent.clone()),
                    categories::parent_key.eq(parent.unwrap_or_default()),
                    categories::upload_id.eq(images.first().map(|i| i.id.clone())),
                    categories::created_at.eq(start),
                    categories::updated_at.eq(start),
                ))
                .execute(conn)
                .map_err(store_error)?;
            category_ids.push(id);
        }
        for p in 0..spec.products {
            let id = format!("10000000-0000-4000-8000-{p:012}");
            let name = format!("{} {} {p}", ADJECTIVES[p % ADJECTIVES.len()], NOUNS[(p / 7) % NOUNS.len()]);
            let created = start + Duration::seconds(p as i64);
            diesel::insert_into(products::table)
                .values((
                    products::id.eq(&id),
                    products::name.eq(&name),
                    products::slug.eq(format!("product-{p}")),
                    products::description.eq(format!("{name}: soft, breathable and made to last. Style number {p}.")),
                    products::category_id.eq(&category_ids[p % category_ids.len()]),
                    products::is_best_seller.eq(p % 11 == 0),
                    products::created_at.eq(created),
                    products::updated_at.eq(created),
                ))
                .execute(conn)
                .map_err(store_error)?;
            for i in 0..spec.images_per_product.min(images.len().max(1)) {
                let Some(image) = images.get((p + i) % images.len().max(1)) else { break };
                diesel::insert_into(product_images::table)
                    .values((
                        product_images::id.eq(format!("20000000-0000-4000-{i:04}-{p:012}")),
                        product_images::product_id.eq(&id),
                        product_images::upload_id.eq(&image.id),
                        product_images::position.eq(i as i32),
                    ))
                    .execute(conn)
                    .map_err(store_error)?;
            }
            let (colour, hex) = COLOURS[p % COLOURS.len()];
            let price = 499 + (p % 40) as i64 * 50;
            for v in 0..spec.variants_per_product {
                diesel::insert_into(variants::table)
                    .values((
                        variants::id.eq(format!("30000000-0000-4000-{v:04}-{p:012}")),
                        variants::product_id.eq(&id),
                        variants::size.eq(SIZES[v % SIZES.len()]),
                        variants::color.eq(colour),
                        variants::color_hex.eq(hex),
                        variants::stock.eq(if (p + v) % 9 == 0 { 0 } else { 1_000 }),
                        variants::original_price_paise.eq(price * 100),
                        variants::discount_price_paise.eq(if p % 3 == 0 { 10_000 } else { 0 }),
                        variants::position.eq(v as i32),
                        variants::created_at.eq(created),
                        variants::updated_at.eq(created),
                    ))
                    .execute(conn)
                    .map_err(store_error)?;
            }
        }
        Ok(true)
    })
}
