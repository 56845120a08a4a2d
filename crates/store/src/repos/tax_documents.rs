//! Tax invoices and credit notes: issued inside an order's status change (the orders
//! repository calls [`issue`] in its transaction), read back whole or as an order's refs.

use std::collections::HashMap;

use diesel::prelude::*;
use diesel::sql_types::{BigInt, Integer, Text};
use ::orders::invoice::{build_credit_note, build_invoice, financial_year, CREDIT_NOTE_PREFIX};
use ::orders::{DocumentKind, DocumentRef, Documents, Order, OrdersError, Supplier, TaxDocument};

use crate::conn::DbConn;
use crate::errors::store_error;
use crate::rows::document::{DocumentLineRow, DocumentRow};
use crate::schema::{categories, company_details, products, tax_document_lines, tax_documents};

/// The company details' single row.
const COMPANY_ROW: &str = "company";

#[derive(QueryableByName)]
struct Last {
    #[diesel(sql_type = BigInt)]
    last_number: i64,
}

/// The next number of `series` in `year`: the counter row is created or raised by one
/// statement, which on PostgreSQL locks the row until the transaction ends (a parallel
/// issue waits, then gets the following number; a rollback gives the number back) and on
/// SQLite runs inside the one write transaction.
fn next_number(conn: &mut DbConn, series: &str, year: i32) -> QueryResult<i64> {
    let sql = |placeholder: fn(usize) -> String| {
        format!(
            "INSERT INTO document_counters (series, financial_year, last_number) VALUES ({}, {}, 1) \
             ON CONFLICT (series, financial_year) DO UPDATE SET last_number = document_counters.last_number + 1 \
             RETURNING last_number",
            placeholder(1),
            placeholder(2)
        )
    };
    let row: Last = match conn {
        DbConn::Postgres(pg) => diesel::sql_query(sql(|i| format!("${i}")))
            .bind::<Text, _>(series)
            .bind::<Integer, _>(year)
            .get_result(pg)?,
        DbConn::Sqlite(lite) => diesel::sql_query(sql(|_| "?".to_string()))
            .bind::<Text, _>(series)
            .bind::<Integer, _>(year)
            .get_result(lite)?,
    };
    Ok(row.last_number)
}

fn supplier(conn: &mut DbConn) -> QueryResult<Option<Supplier>> {
    type Row = (String, String, String, String, String, String, String);
    let row: Option<Row> = company_details::table
        .find(COMPANY_ROW)
        .select((
            company_details::name,
            company_details::legal_name,
            company_details::address,
            company_details::pincode,
            company_details::gstin,
            company_details::state,
            company_details::invoice_prefix,
        ))
        .first(conn)
        .optional()?;
    Ok(row.map(|(name, legal_name, address, pincode, gstin, state, invoice_prefix)| Supplier {
        name: if legal_name.is_empty() { name } else { legal_name },
        address: [address, pincode].into_iter().filter(|p| !p.is_empty()).collect::<Vec<_>>().join(" "),
        gstin,
        state,
        invoice_prefix,
    }))
}

/// Each item's HSN code: its product's own, else the nearest one up its category's chain.
fn hsn_codes(conn: &mut DbConn, order: &Order) -> QueryResult<Vec<Option<String>>> {
    let ids: Vec<&str> = order.items.iter().filter_map(|i| i.product_id.as_deref()).collect();
    let rows: Vec<(String, Option<String>, String)> = products::table
        .filter(products::id.eq_any(&ids))
        .select((products::id, products::hsn_code, products::category_id))
        .load(conn)?;
    let product: HashMap<String, (Option<String>, String)> = rows.into_iter().map(|(id, h, c)| (id, (h, c))).collect();
    let categories: HashMap<String, (Option<String>, Option<String>)> = categories::table
        .select((categories::id, categories::hsn_code, categories::parent_id))
        .load::<(String, Option<String>, Option<String>)>(conn)?
        .into_iter()
        .map(|(id, h, p)| (id, (h, p)))
        .collect();
    let of_category = |mut id: Option<String>| {
        // Bounded by the number of categories: a cycle (which the catalogue refuses) ends too.
        for _ in 0..=categories.len() {
            let (hsn, parent) = categories.get(id.as_deref()?)?;
            if hsn.is_some() {
                return hsn.clone();
            }
            id = parent.clone();
        }
        None
    };
    Ok(order
        .items
        .iter()
        .map(|item| {
            let (own, category) = item.product_id.as_ref().and_then(|id| product.get(id))?;
            own.clone().or_else(|| of_category(Some(category.clone())))
        })
        .collect())
}

fn exists(conn: &mut DbConn, order_id: &str, kind: DocumentKind) -> QueryResult<bool> {
    tax_documents::table
        .filter(tax_documents::order_id.eq(order_id))
        .filter(tax_documents::kind.eq(kind.as_str()))
        .count()
        .get_result::<i64>(conn)
        .map(|n| n > 0)
}

fn write(conn: &mut DbConn, document: &TaxDocument) -> QueryResult<()> {
    diesel::insert_into(tax_documents::table).values(&DocumentRow::from_domain(document)).execute(conn)?;
    for (position, line) in document.lines.iter().enumerate() {
        diesel::insert_into(tax_document_lines::table)
            .values(&DocumentLineRow::from_domain(&document.id, position, line))
            .execute(conn)?;
    }
    Ok(())
}

/// Issues what a status change calls for, inside its transaction, at most once per order
/// and kind: the invoice when a GST-registered shop first ships the order (an unregistered
/// shop issues none), the credit note when an invoiced order is cancelled.
pub fn issue(conn: &mut DbConn, documents: Documents, order: &Order, at: chrono::DateTime<chrono::Utc>) -> Result<(), OrdersError> {
    match documents {
        Documents::None => Ok(()),
        Documents::Invoice => {
            if exists(conn, &order.id, DocumentKind::Invoice).map_err(store_error)? {
                return Ok(());
            }
            let Some(supplier) = supplier(conn).map_err(store_error)?.filter(Supplier::registered) else {
                return Ok(());
            };
            let hsn = hsn_codes(conn, order).map_err(store_error)?;
            let sequence = next_number(conn, &supplier.series(), financial_year(at).start_year).map_err(store_error)?;
            let rates = super::gst_rates::for_invoice(conn).map_err(store_error)?;
            let invoice = build_invoice(order, &supplier, &rates, &hsn, at, sequence)?;
            write(conn, &invoice).map_err(store_error)?;
            Ok(())
        }
        Documents::CreditNote => {
            if exists(conn, &order.id, DocumentKind::CreditNote).map_err(store_error)? {
                return Ok(());
            }
            let Some(invoice) = load(conn, &order.id, DocumentKind::Invoice).map_err(store_error)? else {
                return Ok(());
            };
            let sequence = next_number(conn, CREDIT_NOTE_PREFIX, financial_year(at).start_year).map_err(store_error)?;
            write(conn, &build_credit_note(&invoice, at, sequence)?).map_err(store_error)?;
            Ok(())
        }
    }
}

fn with_lines(conn: &mut DbConn, rows: Vec<DocumentRow>) -> QueryResult<Vec<TaxDocument>> {
    let ids: Vec<&str> = rows.iter().map(|r| r.id.as_str()).collect();
    let mut lines: HashMap<String, Vec<::orders::DocumentLine>> = HashMap::new();
    let line_rows: Vec<DocumentLineRow> = tax_document_lines::table
        .filter(tax_document_lines::document_id.eq_any(&ids))
        .order((tax_document_lines::document_id, tax_document_lines::position))
        .select(DocumentLineRow::as_select())
        .load(conn)?;
    for row in line_rows {
        lines.entry(row.document_id.clone()).or_default().push(row.into_domain());
    }
    Ok(rows
        .into_iter()
        .map(|row| {
            let own = lines.remove(&row.id).unwrap_or_default();
            row.into_domain(own)
        })
        .collect())
}

/// The order's document of that kind, whole.
pub fn load(conn: &mut DbConn, order_id: &str, kind: DocumentKind) -> QueryResult<Option<TaxDocument>> {
    let row = tax_documents::table
        .filter(tax_documents::order_id.eq(order_id))
        .filter(tax_documents::kind.eq(kind.as_str()))
        .select(DocumentRow::as_select())
        .first(conn)
        .optional()?;
    Ok(match row {
        Some(row) => with_lines(conn, vec![row])?.pop(),
        None => None,
    })
}

/// Every document issued from `from` to `to` (India's dates, both included), in order of
/// kind, then number.
pub fn between(conn: &mut DbConn, from: chrono::NaiveDate, to: chrono::NaiveDate) -> QueryResult<Vec<TaxDocument>> {
    let rows = tax_documents::table
        .filter(tax_documents::issued_on.ge(from))
        .filter(tax_documents::issued_on.le(to))
        .order((tax_documents::kind, tax_documents::series, tax_documents::financial_year, tax_documents::sequence))
        .select(DocumentRow::as_select())
        .load(conn)?;
    with_lines(conn, rows)
}

/// An order's invoice and credit note, when issued.
pub type OrderDocuments = (Option<DocumentRef>, Option<DocumentRef>);

/// The invoice and credit note each of these orders has, by order id.
pub fn refs(conn: &mut DbConn, order_ids: &[String]) -> QueryResult<HashMap<String, OrderDocuments>> {
    let rows: Vec<(String, String, String, chrono::NaiveDate)> = tax_documents::table
        .filter(tax_documents::order_id.eq_any(order_ids))
        .select((tax_documents::order_id, tax_documents::kind, tax_documents::number, tax_documents::issued_on))
        .load(conn)?;
    let mut out: HashMap<String, OrderDocuments> = HashMap::new();
    for (order_id, kind, number, issued_on) in rows {
        let entry = out.entry(order_id).or_default();
        let doc = Some(DocumentRef { number, issued_on });
        match DocumentKind::from_stored(&kind) {
            DocumentKind::Invoice => entry.0 = doc,
            DocumentKind::CreditNote => entry.1 = doc,
        }
    }
    Ok(out)
}
