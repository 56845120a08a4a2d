use cart::{AddOutcome, CartLine, CartProduct, CartRepository, Guarded, ImageRef, VariantStock};
use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel::sql_types::{Integer, Text, Timestamp};
use kernel::{CartLineId, CodRules, Money, Price, StoreError, UserId, VariantId};

use super::cod;
use super::product_views::images_for;
use crate::conn::DbConn;
use crate::db::Db;
use crate::errors::store_error;
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
    fn lines(&self, user_id: &UserId) -> Result<Vec<CartLine>, StoreError> {
        let user_id = user_id.as_str();
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

    fn variant(&self, variant_id: &VariantId) -> Result<Option<VariantStock>, StoreError> {
        let variant_id = variant_id.as_str();
        let mut conn = self.db.conn()?;
        variants::table
            .inner_join(products::table)
            .filter(variants::id.eq(variant_id))
            .select((
                variants::id,
                variants::product_id,
                variants::stock,
                products::name,
                variants::size,
                variants::original_price_paise,
                variants::discount_price_paise,
            ))
            .first::<(String, String, i32, String, String, i64, i64)>(&mut *conn)
            .optional()
            .map(|row| {
                row.map(|(id, product_id, stock, product_name, size, pay, saving)| VariantStock {
                    id,
                    product_id,
                    stock,
                    product_name,
                    size,
                    price: Price::new(Money::from_paise(pay), Money::from_paise(saving)),
                })
            })
            .map_err(store_error)
    }

    fn cod_rules(&self) -> Result<CodRules, StoreError> {
        let mut conn = self.db.conn()?;
        cod::rules(&mut conn).map_err(store_error)
    }

    fn add(&self, user_id: &UserId, variant_id: &VariantId, quantity: i32, now: DateTime<Utc>) -> Result<Guarded<AddOutcome>, StoreError> {
        let (user_id, variant_id) = (user_id.as_str(), variant_id.as_str());
        self.db.write(|conn| {
            let at = now.naive_utc();
            // The guard is part of the write: the line grows only while it stays within
            // the stock, so concurrent adds can never push it above.
            let grown = diesel::update(
                cart_items::table
                    .filter(cart_items::user_id.eq(user_id))
                    .filter(cart_items::variant_id.eq(variant_id))
                    .filter((cart_items::quantity + quantity).nullable().le(stock_of(variant_id))),
            )
            .set((cart_items::quantity.eq(cart_items::quantity + quantity), cart_items::updated_at.eq(at)))
            .execute(conn)
            .map_err(store_error)?;
            if grown == 1 {
                return Ok(Guarded::Written(AddOutcome::Increased));
            }
            let has_line = diesel::select(diesel::dsl::exists(
                cart_items::table.filter(cart_items::user_id.eq(user_id)).filter(cart_items::variant_id.eq(variant_id)),
            ))
            .get_result::<bool>(conn)
            .map_err(store_error)?;
            if !has_line {
                // INSERT ... SELECT ... FROM variants WHERE stock >= quantity: a new line
                // only when the stock holds it. A concurrent first add of the same variant
                // makes this a unique-index conflict, which the service retries as a grow.
                let id = kernel::new_id();
                let inserted = diesel::insert_into(cart_items::table)
                    .values(
                        variants::table.filter(variants::id.eq(variant_id)).filter(variants::stock.ge(quantity)).select((
                            id.as_str().into_sql::<Text>(),
                            user_id.into_sql::<Text>(),
                            variants::id,
                            quantity.into_sql::<Integer>(),
                            at.into_sql::<Timestamp>(),
                            at.into_sql::<Timestamp>(),
                        )),
                    )
                    .into_columns((
                        cart_items::id,
                        cart_items::user_id,
                        cart_items::variant_id,
                        cart_items::quantity,
                        cart_items::created_at,
                        cart_items::updated_at,
                    ))
                    .execute(conn)
                    .map_err(store_error)?;
                if inserted == 1 {
                    return Ok(Guarded::Written(AddOutcome::Added));
                }
            }
            Ok(Guarded::Short { stock: current_stock(conn, variant_id).map_err(store_error)? })
        })
    }

    fn set_quantity(&self, user_id: &UserId, line_id: &CartLineId, quantity: i32, now: DateTime<Utc>) -> Result<Option<Guarded<()>>, StoreError> {
        let (user_id, line_id) = (user_id.as_str(), line_id.as_str());
        self.db.write(|conn| {
            let variant_id: Option<String> = cart_items::table
                .filter(cart_items::id.eq(line_id))
                .filter(cart_items::user_id.eq(user_id))
                .select(cart_items::variant_id)
                .first(conn)
                .optional()
                .map_err(store_error)?;
            let Some(variant_id) = variant_id else { return Ok(None) };
            let set = diesel::update(
                cart_items::table
                    .filter(cart_items::id.eq(line_id))
                    .filter(cart_items::user_id.eq(user_id))
                    .filter(quantity.into_sql::<Integer>().nullable().le(stock_of(&variant_id))),
            )
            .set((cart_items::quantity.eq(quantity), cart_items::updated_at.eq(now.naive_utc())))
            .execute(conn)
            .map_err(store_error)?;
            Ok(Some(if set == 1 {
                Guarded::Written(())
            } else {
                Guarded::Short { stock: current_stock(conn, &variant_id).map_err(store_error)? }
            }))
        })
    }

    fn remove(&self, user_id: &UserId, line_id: &CartLineId) -> Result<bool, StoreError> {
        let (user_id, line_id) = (user_id.as_str(), line_id.as_str());
        self.db.write(|conn| {
            diesel::delete(cart_items::table.filter(cart_items::id.eq(line_id)).filter(cart_items::user_id.eq(user_id)))
                .execute(conn)
                .map(|n| n == 1)
                .map_err(store_error)
        })
    }
}

/// `SELECT stock FROM variants WHERE id = ?` as a scalar subquery.
type StockOf<'a> = diesel::dsl::SingleValue<
    diesel::dsl::Select<diesel::dsl::Filter<variants::table, diesel::dsl::Eq<variants::id, &'a str>>, variants::stock>,
>;

/// The variant's stock as a subquery, for guards inside a write (NULL when the variant is
/// gone, which no comparison passes).
fn stock_of(variant_id: &str) -> StockOf<'_> {
    variants::table.filter(variants::id.eq(variant_id)).select(variants::stock).single_value()
}

fn current_stock(conn: &mut DbConn, variant_id: &str) -> QueryResult<i32> {
    variants::table.find(variant_id).select(variants::stock).first(conn).optional().map(|s| s.unwrap_or(0))
}
