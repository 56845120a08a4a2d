//! Tax invoices and credit notes: issued inside an order's status change (the orders
//! repository calls [`issue`] in its transaction) or a return's (the returns repository
//! calls [`issue_for_return`]), read back whole or as an order's or a request's refs.
//!
//! An order's own documents (its invoice, the credit notes of its cancellation: one for its
//! invoice and one for each replacement invoice still to credit) have no `return_id`; each
//! return request may add a credit note and an invoice of its own.

use std::collections::HashMap;

use diesel::prelude::*;
use diesel::sql_types::{BigInt, Integer, Text};
use ::orders::invoice::credit::{credit_lines, credit_note, replacement_invoice, Pieces, Replacement};
use ::orders::invoice::{build_invoice, financial_year, CREDIT_NOTE_PREFIX};
use ::orders::returns::{ReturnDocumentRefs, ReturnDocuments, ReturnRequest};
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

/// Whether the order has its own document of that kind (not a return's).
fn exists(conn: &mut DbConn, order_id: &str, kind: DocumentKind) -> QueryResult<bool> {
    tax_documents::table
        .filter(tax_documents::order_id.eq(order_id))
        .filter(tax_documents::kind.eq(kind.as_str()))
        .filter(tax_documents::return_id.is_null())
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
            // The order's invoice first (its credit note is the order's), then the invoice of
            // each replacement a shipped exchange sent: every piece the shopper held comes back.
            let mut invoices = vec![invoice];
            invoices.extend(replacement_invoices(conn, &order.id).map_err(store_error)?);
            // Whatever returns have not credited already.
            let mut earlier = credit_notes(conn, &order.id).map_err(store_error)?;
            for invoice in &invoices {
                let lines = credit_lines(invoice, &earlier, None);
                if lines.is_empty() {
                    continue;
                }
                let sequence = next_number(conn, CREDIT_NOTE_PREFIX, financial_year(at).start_year).map_err(store_error)?;
                let note = credit_note(invoice, lines, None, at, sequence)?;
                write(conn, &note).map_err(store_error)?;
                earlier.push(note);
            }
            Ok(())
        }
    }
}

/// Issues what a return's status change calls for, inside its transaction, once per
/// request, when its order has a tax invoice: the credit note for the returned pieces
/// (those still left to credit), and for an exchange the invoice of the replacement pieces.
/// The order's row is locked first (PostgreSQL), so the credit notes of one invoice are
/// counted one request at a time and never add up to more than it.
pub fn issue_for_return(
    conn: &mut DbConn,
    documents: ReturnDocuments,
    request: &ReturnRequest,
    at: chrono::DateTime<chrono::Utc>,
) -> Result<(), OrdersError> {
    if documents == ReturnDocuments::None {
        return Ok(());
    }
    super::returns::lock_order(conn, &request.order_id).map_err(store_error)?;
    let Some(invoice) = load(conn, &request.order_id, DocumentKind::Invoice).map_err(store_error)? else {
        return Ok(());
    };
    if load_for_return(conn, &request.id, DocumentKind::CreditNote).map_err(store_error)?.is_some() {
        return Ok(());
    }
    let order = super::orders::load_one(conn, &request.order_id)
        .map_err(store_error)?
        .ok_or_else(|| store_error(diesel::result::Error::NotFound))?;
    // The invoice's lines are the order's items in their order.
    let position = |item_id: &str| order.items.iter().position(|i| i.id == item_id);
    let pieces: Vec<Pieces> = request
        .lines
        .iter()
        .filter_map(|l| position(&l.order_item_id).map(|line| Pieces { line, quantity: l.quantity }))
        .collect();
    let earlier = credit_notes(conn, &request.order_id).map_err(store_error)?;
    let lines = credit_lines(&invoice, &earlier, Some(&pieces));
    if lines.is_empty() {
        return Ok(());
    }
    let sequence = next_number(conn, CREDIT_NOTE_PREFIX, financial_year(at).start_year).map_err(store_error)?;
    let note = credit_note(&invoice, lines, Some(&request.id), at, sequence)?;
    write(conn, &note).map_err(store_error)?;
    if documents != ReturnDocuments::CreditNoteAndInvoice {
        return Ok(());
    }
    // The replacement of exactly the pieces credited.
    let replacements: Vec<Replacement> = note
        .lines
        .iter()
        .filter_map(|credited| {
            let item = order.items.get(usize::try_from(credited.credits_line?).ok()?)?;
            let target = request.lines.iter().find(|l| l.order_item_id == item.id)?.exchange.as_ref()?;
            Some(Replacement {
                line: usize::try_from(credited.credits_line?).ok()?,
                quantity: credited.quantity,
                product_name: item.product_name.clone(),
                size: target.size.clone(),
                color: target.color.clone(),
            })
        })
        .collect();
    if replacements.is_empty() {
        return Ok(());
    }
    let supplier = supplier(conn).map_err(store_error)?.filter(Supplier::registered).ok_or_else(|| {
        OrdersError::GstSetup("Give the company's GSTIN and state in Company details: the replacement needs a tax invoice".into())
    })?;
    let rates = super::gst_rates::for_invoice(conn).map_err(store_error)?;
    let sequence = next_number(conn, &supplier.series(), financial_year(at).start_year).map_err(store_error)?;
    let replacement = replacement_invoice(&invoice, &supplier, &rates, &replacements, &request.id, at, sequence)?;
    write(conn, &replacement).map_err(store_error)?;
    Ok(())
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

/// The invoices of the replacements the order's shipped exchanges sent, oldest first, whole.
fn replacement_invoices(conn: &mut DbConn, order_id: &str) -> QueryResult<Vec<TaxDocument>> {
    let rows = tax_documents::table
        .filter(tax_documents::order_id.eq(order_id))
        .filter(tax_documents::kind.eq(DocumentKind::Invoice.as_str()))
        .filter(tax_documents::return_id.is_not_null())
        .order(tax_documents::issued_at)
        .select(DocumentRow::as_select())
        .load(conn)?;
    with_lines(conn, rows)
}

/// Every credit note of the order (its cancellation's and its returns'), whole.
fn credit_notes(conn: &mut DbConn, order_id: &str) -> QueryResult<Vec<TaxDocument>> {
    let rows = tax_documents::table
        .filter(tax_documents::order_id.eq(order_id))
        .filter(tax_documents::kind.eq(DocumentKind::CreditNote.as_str()))
        .select(DocumentRow::as_select())
        .load(conn)?;
    with_lines(conn, rows)
}

/// The document a query found, with its lines.
fn whole(conn: &mut DbConn, row: Option<DocumentRow>) -> QueryResult<Option<TaxDocument>> {
    Ok(match row {
        Some(row) => with_lines(conn, vec![row])?.pop(),
        None => None,
    })
}

/// The return request's document of that kind, whole.
pub fn load_for_return(conn: &mut DbConn, return_id: &str, kind: DocumentKind) -> QueryResult<Option<TaxDocument>> {
    let row = tax_documents::table
        .filter(tax_documents::return_id.eq(return_id))
        .filter(tax_documents::kind.eq(kind.as_str()))
        .select(DocumentRow::as_select())
        .first(conn)
        .optional()?;
    whole(conn, row)
}

/// The order's own document of that kind (not a return's), whole: of a cancellation's
/// credit notes, the first (the one of the order's invoice).
pub fn load(conn: &mut DbConn, order_id: &str, kind: DocumentKind) -> QueryResult<Option<TaxDocument>> {
    let row = tax_documents::table
        .filter(tax_documents::order_id.eq(order_id))
        .filter(tax_documents::kind.eq(kind.as_str()))
        .filter(tax_documents::return_id.is_null())
        .order((tax_documents::issued_at, tax_documents::financial_year, tax_documents::sequence))
        .select(DocumentRow::as_select())
        .first(conn)
        .optional()?;
    whole(conn, row)
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

/// The invoice and credit note each of these orders has of its own, by order id.
pub fn refs(conn: &mut DbConn, order_ids: &[String]) -> QueryResult<HashMap<String, OrderDocuments>> {
    let rows: Vec<(String, String, String, chrono::NaiveDate)> = tax_documents::table
        .filter(tax_documents::order_id.eq_any(order_ids))
        .filter(tax_documents::return_id.is_null())
        .order((tax_documents::issued_at, tax_documents::financial_year, tax_documents::sequence))
        .select((tax_documents::order_id, tax_documents::kind, tax_documents::number, tax_documents::issued_on))
        .load(conn)?;
    let mut out: HashMap<String, OrderDocuments> = HashMap::new();
    for (order_id, kind, number, issued_on) in rows {
        let entry = out.entry(order_id).or_default();
        let doc = Some(DocumentRef { number, issued_on });
        // The first of each kind, as `load` reads it.
        match DocumentKind::from_stored(&kind) {
            DocumentKind::Invoice => entry.0 = entry.0.take().or(doc),
            DocumentKind::CreditNote => entry.1 = entry.1.take().or(doc),
        }
    }
    Ok(out)
}

/// The credit note and replacement invoice each of these return requests has, by request id.
pub fn return_refs(conn: &mut DbConn, return_ids: &[String]) -> QueryResult<HashMap<String, ReturnDocumentRefs>> {
    let rows: Vec<(Option<String>, String, String, chrono::NaiveDate)> = tax_documents::table
        .filter(tax_documents::return_id.eq_any(return_ids))
        .select((tax_documents::return_id, tax_documents::kind, tax_documents::number, tax_documents::issued_on))
        .load(conn)?;
    let mut out: HashMap<String, ReturnDocumentRefs> = HashMap::new();
    for (return_id, kind, number, issued_on) in rows {
        let Some(return_id) = return_id else { continue };
        let entry = out.entry(return_id).or_default();
        let doc = Some(DocumentRef { number, issued_on });
        match DocumentKind::from_stored(&kind) {
            DocumentKind::Invoice => entry.invoice = doc,
            DocumentKind::CreditNote => entry.credit_note = doc,
        }
    }
    Ok(out)
}
