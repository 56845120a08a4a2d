//! The GST rate table (`gst_rate_rules` and their `gst_rate_slabs`), read by every invoice
//! inside its status change's transaction and replaced whole by the back office.
//!
//! On PostgreSQL an invoice reads the table under a shared transaction-scoped advisory lock
//! and a change takes it exclusively: a change waits for the invoices being issued and
//! then sees them, and an invoice issued meanwhile waits and then reads the new table. On
//! SQLite both run in the one write transaction.

use ::orders::{GstRateStore, IssuedSince, IssuedUse, OrdersError};
use chrono::NaiveDate;
use diesel::prelude::*;
use gst::{Rate, RateRule, RateTable, Slab};
use kernel::{Money, StoreError};

use crate::conn::DbConn;
use crate::errors::store_error;
use crate::repos::orders::DieselOrderStore;
use crate::schema::{gst_rate_rules, gst_rate_slabs, tax_document_lines, tax_documents};

/// The advisory lock's key ("GSTR").
const TABLE_LOCK: i64 = 0x4753_5452;

fn lock(conn: &mut DbConn, exclusive: bool) -> QueryResult<()> {
    if let DbConn::Postgres(pg) = conn {
        let function = if exclusive { "pg_advisory_xact_lock" } else { "pg_advisory_xact_lock_shared" };
        diesel::sql_query(format!("SELECT {function}($1)")).bind::<diesel::sql_types::BigInt, _>(TABLE_LOCK).execute(pg)?;
    }
    Ok(())
}

type SlabRow = (String, NaiveDate, Option<i64>, i32);

fn read(conn: &mut DbConn) -> QueryResult<RateTable> {
    let rules: Vec<(String, NaiveDate)> = gst_rate_rules::table
        .order((gst_rate_rules::hsn_prefix, gst_rate_rules::effective_from))
        .load(conn)?;
    let slabs: Vec<SlabRow> = gst_rate_slabs::table
        .order((gst_rate_slabs::hsn_prefix, gst_rate_slabs::effective_from, gst_rate_slabs::position))
        .select((
            gst_rate_slabs::hsn_prefix,
            gst_rate_slabs::effective_from,
            gst_rate_slabs::up_to_paise,
            gst_rate_slabs::rate_basis_points,
        ))
        .load(conn)?;
    let mut table = RateTable {
        rules: rules
            .into_iter()
            .map(|(hsn_prefix, effective_from)| RateRule { hsn_prefix, effective_from, slabs: Vec::new() })
            .collect(),
    };
    for (prefix, from, up_to, rate) in slabs {
        if let Some(rule) = table.rules.iter_mut().find(|r| r.hsn_prefix == prefix && r.effective_from == from) {
            rule.slabs.push(Slab {
                up_to: up_to.map(Money::from_paise),
                rate: Rate::basis_points(u32::try_from(rate).unwrap_or(0)),
            });
        }
    }
    Ok(table)
}

/// The table as an invoice being issued in this transaction reads it.
pub(crate) fn for_invoice(conn: &mut DbConn) -> QueryResult<RateTable> {
    lock(conn, false)?;
    read(conn)
}

/// One line per HSN code and day of the tax invoices issued on or after `since`.
fn issued_since(conn: &mut DbConn, since: NaiveDate) -> QueryResult<Vec<IssuedUse>> {
    let rows: Vec<(String, NaiveDate, String)> = tax_document_lines::table
        .inner_join(tax_documents::table)
        .filter(tax_documents::kind.eq("INVOICE"))
        .filter(tax_documents::issued_on.ge(since))
        .select((tax_document_lines::hsn_code, tax_documents::issued_on, tax_documents::number))
        .order((tax_documents::issued_on, tax_documents::number))
        .load(conn)?;
    let mut uses: Vec<IssuedUse> = Vec::new();
    for (hsn_code, issued_on, number) in rows {
        if !uses.iter().any(|u| u.hsn_code == hsn_code && u.issued_on == issued_on) {
            uses.push(IssuedUse { hsn_code, issued_on, number });
        }
    }
    Ok(uses)
}

fn write(conn: &mut DbConn, table: &RateTable) -> QueryResult<()> {
    diesel::delete(gst_rate_slabs::table).execute(conn)?;
    diesel::delete(gst_rate_rules::table).execute(conn)?;
    // Row by row: MultiConnection has no multi-row insert.
    for rule in &table.rules {
        diesel::insert_into(gst_rate_rules::table)
            .values((gst_rate_rules::hsn_prefix.eq(&rule.hsn_prefix), gst_rate_rules::effective_from.eq(rule.effective_from)))
            .execute(conn)?;
        for (position, slab) in rule.slabs.iter().enumerate() {
            diesel::insert_into(gst_rate_slabs::table)
                .values((
                    gst_rate_slabs::hsn_prefix.eq(&rule.hsn_prefix),
                    gst_rate_slabs::effective_from.eq(rule.effective_from),
                    gst_rate_slabs::position.eq(i32::try_from(position).unwrap_or(i32::MAX)),
                    gst_rate_slabs::up_to_paise.eq(slab.up_to.map(Money::paise)),
                    gst_rate_slabs::rate_basis_points.eq(i32::try_from(slab.rate.as_basis_points()).unwrap_or(i32::MAX)),
                ))
                .execute(conn)?;
        }
    }
    Ok(())
}

impl GstRateStore for DieselOrderStore {
    fn table(&self) -> Result<RateTable, StoreError> {
        let mut conn = self.db().conn()?;
        read(&mut conn).map_err(store_error)
    }

    fn replace(
        &self,
        change: &dyn Fn(&RateTable, &mut IssuedSince<'_>) -> Result<RateTable, OrdersError>,
    ) -> Result<RateTable, OrdersError> {
        self.db().write(|conn| {
            lock(conn, true).map_err(store_error)?;
            let current = read(conn).map_err(store_error)?;
            let next = {
                let mut issued = |since: NaiveDate| issued_since(conn, since).map_err(store_error);
                change(&current, &mut issued)?
            };
            write(conn, &next).map_err(store_error)?;
            Ok(read(conn).map_err(store_error)?)
        })
    }
}
