use cart::{CartLine, CartProduct, CartRepository, ImageRef, LineStock, VariantStock};
use chrono::{DateTime, Utc};
use diesel::prelude::*;
use kernel::StoreError;

use super::wishlist::images_for;
use crate::db::Db;
use crate::errors::store_error;
use crate::rows::cart::NewCartItemRow;
use crate::rows::catalog::VariantRow;
use crate::schema::{cart_items, products, variants};

/// A cart line joined with its variant and product (id, name, slug).
type LineRow = (String, i32, chrono::NaiveDateTime, VariantRow, (String, String, String));

/// Cart lines on SQLite or PostgreSQL; every query is scoped to one user.
#[derive(Clone)]
pub struct DieselCartRepo {
    db: Db,
}

impl DieselCartRepo {
    pub fn new(db: Db) -> Self {
        DieselCartRepo { db }
    }
}

impl CartRepository for DieselCartRepo {
    fn lines(&self, user_id: &str) -> Result<Vec<CartLine>, StoreError> {
        let mut conn = self.db.conn()?;
        let rows: Vec<LineRow> = cart_items::table
            .inner_join(variants::table.inner_join(products::table))
            .filter(cart_items::user_id.eq(user_id))
            .order((cart_items::created_at.asc(), cart_items::id.asc()))
            .select((
                cart_items::id,
                cart_items::quantity,
                cart_items::created_at,
                VariantRow::as_select(),
                (products::id, products::name, products::slug),
            ))
            .load(&mut *conn)
            .map_err(store_error)?;
        let product_ids: Vec<String> = rows.iter().map(|r| r.4 .0.clone()).collect();
        let images = images_for(&mut conn, &product_ids).map_err(store_error)?;
        Ok(rows
            .into_iter()
            .map(|(id, quantity, added, variant, (product_id, name, slug))| {
                let product_images = images
                    .get(&product_id)
                    .map(|list| list.iter().map(|i| ImageRef { id: i.id.clone(), url: i.url.clone() }).collect())
                    .unwrap_or_default();
                CartLine {
                    id,
                    quantity,
                    product: CartProduct { id: product_id, name, slug, images: product_images },
                    variant: variant.into_view(),
                    added_at: added.and_utc(),
                }
            })
            .collect())
    }

    fn variant(&self, variant_id: &str) -> Result<Option<VariantStock>, StoreError> {
        let mut conn = self.db.conn()?;
        variants::table
            .find(variant_id)
            .select((variants::id, variants::product_id, variants::stock))
            .first::<(String, String, i32)>(&mut *conn)
            .optional()
            .map(|row| row.map(|(id, product_id, stock)| VariantStock { id, product_id, stock }))
            .map_err(store_error)
    }

    fn line(&self, user_id: &str, line_id: &str) -> Result<Option<LineStock>, StoreError> {
        let mut conn = self.db.conn()?;
        cart_items::table
            .inner_join(variants::table)
            .filter(cart_items::id.eq(line_id))
            .filter(cart_items::user_id.eq(user_id))
            .select((cart_items::id, cart_items::variant_id, cart_items::quantity, variants::stock))
            .first::<(String, String, i32, i32)>(&mut *conn)
            .optional()
            .map(|row| row.map(|(id, variant_id, quantity, stock)| LineStock { id, variant_id, quantity, stock }))
            .map_err(store_error)
    }

    fn quantity_of(&self, user_id: &str, variant_id: &str) -> Result<Option<i32>, StoreError> {
        let mut conn = self.db.conn()?;
        cart_items::table
            .filter(cart_items::user_id.eq(user_id))
            .filter(cart_items::variant_id.eq(variant_id))
            .select(cart_items::quantity)
            .first(&mut *conn)
            .optional()
            .map_err(store_error)
    }

    fn add(&self, user_id: &str, variant_id: &str, quantity: i32, now: DateTime<Utc>) -> Result<(), StoreError> {
        self.db.write(|conn| {
            let grown = diesel::update(
                cart_items::table
                    .filter(cart_items::user_id.eq(user_id))
                    .filter(cart_items::variant_id.eq(variant_id)),
            )
            .set((cart_items::quantity.eq(cart_items::quantity + quantity), cart_items::updated_at.eq(now.naive_utc())))
            .execute(conn)
            .map_err(store_error)?;
            if grown == 0 {
                let id = kernel::new_id();
                let row = NewCartItemRow {
                    id: &id,
                    user_id,
                    variant_id,
                    quantity,
                    created_at: now.naive_utc(),
                    updated_at: now.naive_utc(),
                };
                diesel::insert_into(cart_items::table).values(&row).execute(conn).map_err(store_error)?;
            }
            Ok(())
        })
    }

    fn set_quantity(&self, user_id: &str, line_id: &str, quantity: i32, now: DateTime<Utc>) -> Result<bool, StoreError> {
        self.db.write(|conn| {
            diesel::update(cart_items::table.filter(cart_items::id.eq(line_id)).filter(cart_items::user_id.eq(user_id)))
                .set((cart_items::quantity.eq(quantity), cart_items::updated_at.eq(now.naive_utc())))
                .execute(conn)
                .map(|n| n == 1)
                .map_err(store_error)
        })
    }

    fn remove(&self, user_id: &str, line_id: &str) -> Result<bool, StoreError> {
        self.db.write(|conn| {
            diesel::delete(cart_items::table.filter(cart_items::id.eq(line_id)).filter(cart_items::user_id.eq(user_id)))
                .execute(conn)
                .map(|n| n == 1)
                .map_err(store_error)
        })
    }
}
