use cart::{WishlistItem, WishlistRepository};
use chrono::{DateTime, Utc};
use diesel::prelude::*;
use kernel::{ProductId, StoreError, UserId};

use super::product_views::load_product_summaries;
use crate::db::Db;
use crate::errors::store_error;
use crate::schema::{products, wishlist_items};

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
