use std::collections::HashMap;

use cart::{ProductImage, ProductSummary, WishlistItem, WishlistRepository};
use chrono::{DateTime, Utc};
use diesel::prelude::*;
use kernel::{ProductId, StoreError, UserId};

use crate::conn::DbConn;
use crate::db::Db;
use crate::errors::store_error;
use crate::schema::{product_images, products, uploads, wishlist_items};

use kernel::upload_url;

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
/// in the order of `product_ids`; unknown ids are skipped. Read with the catalogue's own
/// loader, so a product is read the same way everywhere.
pub fn load_product_summaries(conn: &mut DbConn, product_ids: &[String]) -> Result<Vec<ProductSummary>, StoreError> {
    if product_ids.is_empty() {
        return Ok(Vec::new());
    }
    let mut by_id: HashMap<String, catalog::Product> =
        super::catalog::load_products(conn, Some(product_ids))?.into_iter().map(|p| (p.id.clone(), p)).collect();
    Ok(product_ids.iter().filter_map(|id| by_id.remove(id)).map(summary).collect())
}

fn summary(p: catalog::Product) -> ProductSummary {
    ProductSummary {
        images: p
            .images
            .into_iter()
            .map(|i| ProductImage { id: i.id, upload_id: i.image.upload_id, url: upload_url(&i.image.filename) })
            .collect(),
        variants: p
            .variants
            .into_iter()
            .map(|v| cart::VariantView {
                id: v.id,
                size: v.size,
                color: v.color,
                color_hex: v.color_hex,
                stock: v.stock,
                price: v.price,
            })
            .collect(),
        id: p.id,
        name: p.name,
        slug: p.slug,
        description: p.description,
        is_best_seller: p.is_best_seller,
        category_id: p.category_id,
        category_name: p.category_name,
    }
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
    fn product_exists(&self, product_id: &ProductId) -> Result<bool, StoreError> {
        let product_id = product_id.as_str();
        let mut conn = self.db.conn()?;
        products::table
            .find(product_id)
            .select(products::id)
            .first::<String>(&mut *conn)
            .optional()
            .map(|p| p.is_some())
            .map_err(store_error)
    }

    fn items(&self, user_id: &UserId) -> Result<Vec<WishlistItem>, StoreError> {
        let user_id = user_id.as_str();
        let mut conn = self.db.conn()?;
        let ids: Vec<String> = wishlist_items::table
            .filter(wishlist_items::user_id.eq(user_id))
            .order((wishlist_items::created_at.asc(), wishlist_items::id.asc()))
            .select(wishlist_items::product_id)
            .load(&mut *conn)
            .map_err(store_error)?;
        let products = load_product_summaries(&mut conn, &ids)?;
        Ok(products.into_iter().map(|p| WishlistItem { product_id: p.id.clone(), product: p }).collect())
    }

    fn add(&self, user_id: &UserId, product_id: &ProductId, now: DateTime<Utc>) -> Result<(), StoreError> {
        let (user_id, product_id) = (user_id.as_str(), product_id.as_str());
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

    fn remove(&self, user_id: &UserId, product_id: &ProductId) -> Result<(), StoreError> {
        let (user_id, product_id) = (user_id.as_str(), product_id.as_str());
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
