//! Cash-on-delivery settings (`cod_settings`, one row, and `cod_blocked_pincodes`), read by
//! the cart and by placement (with the address, before its transaction: see
//! `orders::read_settled`) and written by the back office.

use ::orders::{Checkout, CodStore, OrdersError, PlaceRequest};
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Integer, Nullable};
use kernel::{CodRules, CodSettings, Money, StoreError};

use super::orders::read_checkout;
use crate::conn::DbConn;
use crate::errors::store_error;
use crate::repos::orders::DieselOrderStore;
use crate::schema::{cod_blocked_pincodes, cod_settings};

type RulesRow = (Option<i64>, Option<i64>, i32, i32);

fn from_row((min, max, open, units): RulesRow) -> CodRules {
    CodRules {
        min_order_value: min.map(Money::from_paise),
        max_order_value: max.map(Money::from_paise),
        max_open_orders: u32::try_from(open).unwrap_or(1),
        max_units_per_line: u32::try_from(units).unwrap_or(1),
    }
}

/// The `cod_settings` columns as a hand-written query reads them through a `LEFT JOIN`
/// (all `NULL`: no row, the defaults).
#[derive(diesel::QueryableByName)]
pub(crate) struct JoinedRules {
    #[diesel(sql_type = Nullable<BigInt>)]
    pub min_order_paise: Option<i64>,
    #[diesel(sql_type = Nullable<BigInt>)]
    pub max_order_paise: Option<i64>,
    #[diesel(sql_type = Nullable<Integer>)]
    pub max_open_orders: Option<i32>,
    #[diesel(sql_type = Nullable<Integer>)]
    pub max_units_per_line: Option<i32>,
}

impl JoinedRules {
    pub(crate) fn into_rules(self) -> CodRules {
        match (self.max_open_orders, self.max_units_per_line) {
            (Some(open), Some(units)) => from_row((self.min_order_paise, self.max_order_paise, open, units)),
            _ => CodRules::default(),
        }
    }
}

/// The rules as stored (the migration inserts the row with the defaults; without it, the
/// defaults).
pub(crate) fn rules(conn: &mut DbConn) -> QueryResult<CodRules> {
    let row = cod_settings::table
        .find(1)
        .select((
            cod_settings::min_order_paise,
            cod_settings::max_order_paise,
            cod_settings::max_open_orders,
            cod_settings::max_units_per_line,
        ))
        .first::<RulesRow>(conn)
        .optional()?;
    Ok(row.map(from_row).unwrap_or_default())
}

pub(crate) fn is_blocked(conn: &mut DbConn, pincode: &str) -> QueryResult<bool> {
    diesel::select(diesel::dsl::exists(cod_blocked_pincodes::table.find(pincode))).get_result(conn)
}

fn read_settings(conn: &mut DbConn) -> QueryResult<CodSettings> {
    let blocked_pincodes = cod_blocked_pincodes::table
        .order(cod_blocked_pincodes::pincode)
        .select(cod_blocked_pincodes::pincode)
        .load(conn)?;
    Ok(CodSettings { rules: rules(conn)?, blocked_pincodes })
}

fn count_i32(n: u32) -> i32 {
    i32::try_from(n).unwrap_or(i32::MAX)
}

impl CodStore for DieselOrderStore {
    fn settings(&self) -> Result<CodSettings, StoreError> {
        let mut conn = self.db().conn()?;
        read_settings(&mut conn).map_err(store_error)
    }

    fn update(&self, change: &dyn Fn(CodSettings) -> Result<CodSettings, OrdersError>) -> Result<CodSettings, OrdersError> {
        self.db().write(|conn| {
            // Lock the row first (PostgreSQL), so two owners' changes apply one after the other.
            if let DbConn::Postgres(pg) = conn {
                cod_settings::table.find(1).select(cod_settings::id).for_update().load::<i32>(pg).map_err(store_error)?;
            }
            let next = change(read_settings(conn).map_err(store_error)?)?;
            let r = next.rules;
            let (min, max) = (r.min_order_value.map(Money::paise), r.max_order_value.map(Money::paise));
            let (open, units) = (count_i32(r.max_open_orders), count_i32(r.max_units_per_line));
            // The migration seeds the one row and nothing removes it: an update is enough.
            diesel::update(cod_settings::table.find(1))
                .set((
                    cod_settings::min_order_paise.eq(min),
                    cod_settings::max_order_paise.eq(max),
                    cod_settings::max_open_orders.eq(open),
                    cod_settings::max_units_per_line.eq(units),
                ))
                .execute(conn)
                .map_err(store_error)?;
            diesel::delete(cod_blocked_pincodes::table).execute(conn).map_err(store_error)?;
            // Row by row: MultiConnection has no multi-row insert.
            for pin in &next.blocked_pincodes {
                diesel::insert_into(cod_blocked_pincodes::table)
                    .values(cod_blocked_pincodes::pincode.eq(pin))
                    .execute(conn)
                    .map_err(store_error)?;
            }
            Ok(read_settings(conn).map_err(store_error)?)
        })
    }

    fn rules(&self) -> Result<CodRules, StoreError> {
        let mut conn = self.db().conn()?;
        rules(&mut conn).map_err(store_error)
    }

    fn is_blocked(&self, pincode: &str) -> Result<bool, StoreError> {
        let mut conn = self.db().conn()?;
        is_blocked(&mut conn, pincode).map_err(store_error)
    }

    fn checkout(&self, request: &PlaceRequest) -> Result<Checkout, OrdersError> {
        let mut conn = self.db().conn()?;
        read_checkout(&mut conn, request).map(|(checkout, _)| checkout)
    }
}
