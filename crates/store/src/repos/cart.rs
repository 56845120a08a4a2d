use cart::{AddOutcome, CartLine, CartProduct, CartRepository, Guarded, ImageRef, RemovedLine, VariantStock};
use chrono::{DateTime, NaiveDateTime, Utc};
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Integer, Text, Timestamp};
use kernel::{CartLineId, CodRules, Money, Price, StoreError, UserId, VariantId};

use super::cod;
use super::product_views::images_for;
use crate::conn::{raw_sql, DbConn};
use crate::db::Db;
use crate::errors::store_error;
use crate::rows::catalog::VariantRow;
use crate::schema::{cart_items, cart_removals, products, variants};

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

    fn variant_with_rules(&self, variant_id: &VariantId) -> Result<(Option<VariantStock>, CodRules), StoreError> {
        let mut conn = self.db.conn()?;
        let row: Option<VariantAndRules> = raw_sql!(
            &mut *conn,
            "SELECT v.id, v.product_id, v.stock, p.name AS product_name, v.size, v.original_price_paise, v.discount_price_paise, \
             s.min_order_paise, s.max_order_paise, s.max_open_orders, s.max_units_per_line \
             FROM variants v JOIN products p ON p.id = v.product_id LEFT JOIN cod_settings s ON s.id = 1 WHERE v.id = $1",
            get_result,
            (Text, variant_id.as_str()),
        )
        .optional()
        .map_err(store_error)?;
        let Some(r) = row else {
            return Ok((None, cod::rules(&mut conn).map_err(store_error)?));
        };
        let rules = r.rules.into_rules();
        let variant = VariantStock {
            id: r.id,
            product_id: r.product_id,
            stock: r.stock,
            product_name: r.product_name,
            size: r.size,
            price: Price::new(Money::from_paise(r.original_price_paise), Money::from_paise(r.discount_price_paise)),
        };
        Ok((Some(variant), rules))
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

    fn removed_lines(&self, user_id: &UserId, since: DateTime<Utc>) -> Result<Vec<RemovedLine>, StoreError> {
        let mut conn = self.db.conn()?;
        let rows: Vec<(String, String, String, i32, NaiveDateTime)> = cart_removals::table
            .filter(cart_removals::user_id.eq(user_id.as_str()))
            .filter(cart_removals::removed_at.ge(since.naive_utc()))
            .order((cart_removals::removed_at.asc(), cart_removals::product_name.asc(), cart_removals::size.asc()))
            .select((cart_removals::product_name, cart_removals::size, cart_removals::color, cart_removals::quantity, cart_removals::removed_at))
            .load(&mut *conn)
            .map_err(store_error)?;
        Ok(rows
            .into_iter()
            .map(|(product_name, size, color, quantity, at)| RemovedLine { product_name, size, color, quantity, removed_at: at.and_utc() })
            .collect())
    }

    fn forget_removed_lines(&self, user_id: &UserId) -> Result<(), StoreError> {
        let user_id = user_id.as_str();
        self.db.write(|conn| forget_removed_lines(conn, user_id).map(|_| ()).map_err(store_error))
    }
}

/// Notes, for each cart holding one of `variant_ids`, the line it is about to lose: called
/// in the catalogue write that deletes the variants, before the lines go with them.
pub(crate) fn record_removed_lines(conn: &mut DbConn, variant_ids: &[String], at: NaiveDateTime) -> QueryResult<()> {
    let lines: Vec<(String, String, String, i32, String)> = cart_items::table
        .inner_join(variants::table.inner_join(products::table))
        .filter(cart_items::variant_id.eq_any(variant_ids))
        .select((cart_items::user_id, variants::size, variants::color, cart_items::quantity, products::name))
        .load(conn)?;
    // Row by row: MultiConnection has no multi-row insert; one short row per cart holding it.
    for (user_id, size, color, quantity, name) in lines {
        diesel::insert_into(cart_removals::table)
            .values((
                cart_removals::id.eq(kernel::new_id()),
                cart_removals::user_id.eq(user_id),
                cart_removals::product_name.eq(name),
                cart_removals::size.eq(size),
                cart_removals::color.eq(color),
                cart_removals::quantity.eq(quantity),
                cart_removals::removed_at.eq(at),
            ))
            .execute(conn)?;
    }
    Ok(())
}

/// Forgets the lines the user's cart lost (dismissed, or the cart became an order).
pub(crate) fn forget_removed_lines(conn: &mut DbConn, user_id: &str) -> QueryResult<usize> {
    diesel::delete(cart_removals::table.filter(cart_removals::user_id.eq(user_id))).execute(conn)
}

#[derive(QueryableByName)]
struct VariantAndRules {
    #[diesel(sql_type = Text)]
    id: String,
    #[diesel(sql_type = Text)]
    product_id: String,
    #[diesel(sql_type = Integer)]
    stock: i32,
    #[diesel(sql_type = Text)]
    product_name: String,
    #[diesel(sql_type = Text)]
    size: String,
    #[diesel(sql_type = BigInt)]
    original_price_paise: i64,
    #[diesel(sql_type = BigInt)]
    discount_price_paise: i64,
    #[diesel(embed)]
    rules: cod::JoinedRules,
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
    // SQLite needs the `WHERE` that the `SELECT` already has to read `ON CONFLICT` as the
    // upsert's.
    let held: Option<Held> = raw_sql!(
        conn,
        "INSERT INTO cart_items (id, user_id, variant_id, quantity, created_at, updated_at) \
         SELECT $1, $2, variants.id, $4, $5, $5 FROM variants WHERE variants.id = $3 AND variants.stock >= $4 \
         ON CONFLICT (user_id, variant_id) DO UPDATE SET quantity = cart_items.quantity + excluded.quantity, updated_at = excluded.updated_at \
         WHERE cart_items.quantity + excluded.quantity <= (SELECT stock FROM variants WHERE variants.id = excluded.variant_id) \
         RETURNING quantity",
        get_result,
        (Text, line),
        (Text, user_id),
        (Text, variant_id),
        (Integer, quantity),
        (Timestamp, at),
    )
    .optional()?;
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
