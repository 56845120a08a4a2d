use std::collections::HashMap;

use cart::{ProductImage, ProductSummary, WishlistItem, WishlistRepository};
use chrono::{DateTime, Utc};
use diesel::prelude::*;
use kernel::StoreError;

use crate::conn::DbConn;
use crate::db::Db;
use crate::errors::store_error;
use crate::rows::catalog::VariantRow;
use crate::schema::{categories, product_images, products, uploads, variants, wishlist_items};

/// The public address of an uploaded file.
pub fn upload_url(filename: &str) -> String {
    format!("/uploads/{filename}")
}

/// Every image of the given products, each list ordered by position.
pub(crate) fn images_for(conn: &mut DbConn, product_ids: &[String]) -> QueryResult<HashMap<String, Vec<ProductImage>>> {
    let mut map: HashMap<String, Vec<ProductImage>> = HashMap::new();
    if product_ids.is_empty() {
        return Ok(map);
    }
    let rows: Vec<(String, String, String, String)> = product_images::table
        .inner_join(uploads::table)
        .filter(product_images::product_id.eq_any(product_ids))
        .order((product_images::product_id, product_images::position, product_images::id))
        .select((product_images::product_id, product_images::id, product_images::upload_id, uploads::filename))
        .load(conn)?;
    for (product_id, id, upload_id, filename) in rows {
        map.entry(product_id).or_default().push(ProductImage { id, upload_id, url: upload_url(&filename) });
    }
    Ok(map)
}

/// Products in the catalogue's shape (category, images by position, variants by position),
/// in the order of `product_ids`; unknown ids are skipped.
pub fn load_product_summaries(conn: &mut DbConn, product_ids: &[String]) -> QueryResult<Vec<ProductSummary>> {
    if product_ids.is_empty() {
        return Ok(Vec::new());
    }
    let rows: Vec<(String, String, String, String, bool, String, String)> = products::table
        .inner_join(categories::table)
        .filter(products::id.eq_any(product_ids))
        .select((
            products::id,
            products::name,
            products::slug,
            products::description,
            products::is_best_seller,
            categories::id,
            categories::name,
        ))
        .load(conn)?;
    let mut images = images_for(conn, product_ids)?;
    let variant_rows: Vec<VariantRow> = variants::table
        .filter(variants::product_id.eq_any(product_ids))
        .order((variants::product_id, variants::position, variants::id))
        .select(VariantRow::as_select())
        .load(conn)?;
    let mut variants_by_product: HashMap<String, Vec<cart::VariantView>> = HashMap::new();
    for row in variant_rows {
        variants_by_product.entry(row.product_id.clone()).or_default().push(row.into_view());
    }
    let mut by_id: HashMap<String, ProductSummary> = rows
        .into_iter()
        .map(|(id, name, slug, description, is_best_seller, category_id, category_name)| {
            let summary = ProductSummary {
                images: images.remove(&id).unwrap_or_default(),
                variants: variants_by_product.remove(&id).unwrap_or_default(),
                id: id.clone(),
                name,
                slug,
                description,
                is_best_seller,
                category_id,
                category_name,
            };
            (id, summary)
        })
        .collect();
    Ok(product_ids.iter().filter_map(|id| by_id.remove(id)).collect())
}

/// Wishlists on SQLite or PostgreSQL; every query is scoped to one user.
#[derive(Clone)]
pub struct DieselWishlistRepo {
    db: Db,
}

impl DieselWishlistRepo {
    pub fn new(db: Db) -> Self {
        DieselWishlistRepo { db }
    }
}

impl WishlistRepository for DieselWishlistRepo {
    fn product_exists(&self, product_id: &str) -> Result<bool, StoreError> {
        let mut conn = self.db.conn()?;
        products::table
            .find(product_id)
            .select(products::id)
            .first::<String>(&mut *conn)
            .optional()
            .map(|p| p.is_some())
            .map_err(store_error)
    }

    fn items(&self, user_id: &str) -> Result<Vec<WishlistItem>, StoreError> {
        let mut conn = self.db.conn()?;
        let ids: Vec<String> = wishlist_items::table
            .filter(wishlist_items::user_id.eq(user_id))
            .order((wishlist_items::created_at.asc(), wishlist_items::id.asc()))
            .select(wishlist_items::product_id)
            .load(&mut *conn)
            .map_err(store_error)?;
        let products = load_product_summaries(&mut conn, &ids).map_err(store_error)?;
        Ok(products.into_iter().map(|p| WishlistItem { product_id: p.id.clone(), product: p }).collect())
    }

    fn add(&self, user_id: &str, product_id: &str, now: DateTime<Utc>) -> Result<(), StoreError> {
        let saved = self.db.write(|conn| {
            let present = wishlist_items::table
                .filter(wishlist_items::user_id.eq(user_id))
                .filter(wishlist_items::product_id.eq(product_id))
                .select(wishlist_items::id)
                .first::<String>(conn)
                .optional()
                .map_err(store_error)?;
            if present.is_none() {
                diesel::insert_into(wishlist_items::table)
                    .values((
                        wishlist_items::id.eq(kernel::new_id()),
                        wishlist_items::user_id.eq(user_id),
                        wishlist_items::product_id.eq(product_id),
                        wishlist_items::created_at.eq(now.naive_utc()),
                    ))
                    .execute(conn)
                    .map_err(store_error)?;
            }
            Ok(())
        });
        match saved {
            // A concurrent add of the same product won: it is saved, which is all we want.
            Err(StoreError::Conflict { .. }) => Ok(()),
            other => other,
        }
    }

    fn remove(&self, user_id: &str, product_id: &str) -> Result<(), StoreError> {
        self.db.write(|conn| {
            diesel::delete(
                wishlist_items::table
                    .filter(wishlist_items::user_id.eq(user_id))
                    .filter(wishlist_items::product_id.eq(product_id)),
            )
            .execute(conn)
            .map(|_| ())
            .map_err(store_error)
        })
    }
}
