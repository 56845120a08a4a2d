use cart::{AddOutcome, CartLine, CartProduct, CartRepository, Guarded, ImageRef, VariantStock};
use chrono::{DateTime, NaiveDateTime, Utc};
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
        let line = kernel::new_id();
        let added = self.db.write_one(|conn| guarded_add(conn, &line, user_id, variant_id, quantity, now.naive_utc()).map_err(store_error))?;
        Ok(match added {
            // A new line holds exactly the pieces added; a grown one holds more.
            Some(held) if held == quantity => Guarded::Written(AddOutcome::Added),
            Some(_) => Guarded::Written(AddOutcome::Increased),
            None => {
                let mut conn = self.db.conn()?;
                Guarded::Short { stock: current_stock(&mut conn, variant_id).map_err(store_error)? }
            }
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

#[derive(QueryableByName)]
struct Held {
    #[diesel(sql_type = Integer)]
    quantity: i32,
}

/// ONE statement adds `quantity` pieces to the customer's line of the variant: a new line
/// when there is none, else the line grows (`ON CONFLICT` on `cart_items_user_variant_key`).
/// The guard is part of the write: a new line only while the stock holds it, a grown one
/// only while it stays within the stock, so concurrent adds can never push a line above.
/// The pieces the line now holds, or `None` when the stock does not allow them.
fn guarded_add(conn: &mut DbConn, line: &str, user_id: &str, variant_id: &str, quantity: i32, at: NaiveDateTime) -> QueryResult<Option<i32>> {
    // The same SQL on both databases but for the parameter marks. SQLite needs the
    // `WHERE` that the `SELECT` already has to read `ON CONFLICT` as the upsert's.
    let sql = |p: [&str; 5]| {
        format!(
            "INSERT INTO cart_items (id, user_id, variant_id, quantity, created_at, updated_at) \
             SELECT {0}, {1}, variants.id, {3}, {4}, {4} FROM variants WHERE variants.id = {2} AND variants.stock >= {3} \
             ON CONFLICT (user_id, variant_id) DO UPDATE SET quantity = cart_items.quantity + excluded.quantity, updated_at = excluded.updated_at \
             WHERE cart_items.quantity + excluded.quantity <= (SELECT stock FROM variants WHERE variants.id = excluded.variant_id) \
             RETURNING quantity",
            p[0], p[1], p[2], p[3], p[4]
        )
    };
    let held: Option<Held> = match conn {
        DbConn::Postgres(pg) => diesel::sql_query(sql(["$1", "$2", "$3", "$4", "$5"]))
            .bind::<Text, _>(line)
            .bind::<Text, _>(user_id)
            .bind::<Text, _>(variant_id)
            .bind::<Integer, _>(quantity)
            .bind::<Timestamp, _>(at)
            .get_result(pg)
            .optional()?,
        // SQLite numbers its marks with `?NNN`: the same value may appear twice.
        DbConn::Sqlite(lite) => diesel::sql_query(sql(["?1", "?2", "?3", "?4", "?5"]))
            .bind::<Text, _>(line)
            .bind::<Text, _>(user_id)
            .bind::<Text, _>(variant_id)
            .bind::<Integer, _>(quantity)
            .bind::<Timestamp, _>(at)
            .get_result(lite)
            .optional()?,
    };
    Ok(held.map(|h| h.quantity))
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
