//! Credit notes for all or part of an invoice (CGST Act 2017, section 34; CGST Rules 2017,
//! rule 53) and the tax invoice of an exchange's replacement (rule 46).
//!
//! A credit note reduces the supply its invoice recorded, so it takes that invoice's
//! prices, rates, parties and place of supply, never today's. What is left to credit on an
//! invoice line is the line less every credit note line that names it: a credit note never
//! takes more pieces than are left, and the one that takes a line's last pieces takes
//! exactly what is left, so however the paise were rounded the credit notes of a line add
//! up to the line and never above it.

use chrono::{DateTime, Utc};
use gst::{split_line, HsnCode, RateTable, Supply, TaxSplit};
use kernel::Money;

use super::{financial_year, number_for, rate_for, sum, DocumentKind, DocumentLine, Supplier, TaxDocument, CREDIT_NOTE_PREFIX};
use crate::error::OrdersError;

/// Pieces of one invoice line: the line's position on the invoice and how many.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pieces {
    pub line: usize,
    pub quantity: i32,
}

/// What an exchange sends instead of the pieces of one invoice line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Replacement {
    /// The credited invoice line (its HSN code, unit and price carry over).
    pub line: usize,
    pub quantity: i32,
    pub product_name: String,
    pub size: String,
    pub color: String,
}

fn minus(a: TaxSplit, b: TaxSplit) -> TaxSplit {
    let less = |x: Money, y: Money| Money::from_paise(x.paise() - y.paise());
    TaxSplit { taxable: less(a.taxable, b.taxable), cgst: less(a.cgst, b.cgst), sgst: less(a.sgst, b.sgst), igst: less(a.igst, b.igst) }
}

/// Intra- or inter-state, as the document recorded it.
fn supply_of(document: &TaxDocument) -> Supply {
    let code = |text: &str| text.parse::<u8>().unwrap_or(0);
    Supply::between(code(&document.supplier.state_code), code(&document.place_of_supply_code))
}

/// What is still to credit on each line of `invoice` (by position) after the credit notes
/// among `earlier` that cite it. Each line names its invoice line.
pub fn left_to_credit(invoice: &TaxDocument, earlier: &[TaxDocument]) -> Vec<DocumentLine> {
    let mut left: Vec<DocumentLine> = invoice
        .lines
        .iter()
        .enumerate()
        .map(|(i, l)| DocumentLine { credits_line: i32::try_from(i).ok(), ..l.clone() })
        .collect();
    let citing = earlier
        .iter()
        .filter(|n| n.kind == DocumentKind::CreditNote && n.cites.as_ref().is_some_and(|(number, _)| *number == invoice.number));
    for note in citing {
        for line in &note.lines {
            if let Some(l) = line.credits_line.and_then(|p| usize::try_from(p).ok()).and_then(|p| left.get_mut(p)) {
                l.quantity -= line.quantity;
                l.split = minus(l.split, line.split);
                l.total = Money::from_paise(l.total.paise() - line.total.paise());
            }
        }
    }
    left
}

/// The lines of a credit note for `pieces` of `invoice`, or for everything still to credit
/// when `pieces` is `None` (a cancellation). Each takes at most the pieces left on its line,
/// priced and taxed as the invoice did; empty when there is nothing left to credit.
pub fn credit_lines(invoice: &TaxDocument, earlier: &[TaxDocument], pieces: Option<&[Pieces]>) -> Vec<DocumentLine> {
    let left = left_to_credit(invoice, earlier);
    let Some(pieces) = pieces else {
        return left.into_iter().filter(|l| l.quantity > 0).collect();
    };
    let supply = supply_of(invoice);
    let mut lines = Vec::new();
    for wanted in pieces {
        let Some(line) = left.get(wanted.line) else { continue };
        let quantity = wanted.quantity.min(line.quantity);
        if quantity <= 0 {
            continue;
        }
        if quantity == line.quantity {
            // The line's last pieces: exactly what is left, rounding and all.
            lines.push(line.clone());
            continue;
        }
        let total = line.unit_price.checked_times(i64::from(quantity)).unwrap_or(line.total);
        let mut split = split_line(total, line.rate, supply);
        // Never more tax than is left on the line (only tiny amounts could round past it).
        split.cgst = split.cgst.min(line.split.cgst);
        split.sgst = split.sgst.min(line.split.sgst);
        split.igst = split.igst.min(line.split.igst);
        split.taxable = Money::from_paise(total.paise() - split.tax().paise());
        lines.push(DocumentLine { quantity, split, total, ..line.clone() });
    }
    lines
}

/// A new document against `invoice`: its parties, place of supply and order, with its own
/// number (the `sequence`th of `series` in the year of `at`), date and `lines`.
fn issue_against(
    invoice: &TaxDocument,
    series: &str,
    at: DateTime<Utc>,
    sequence: i64,
    lines: Vec<DocumentLine>,
) -> Result<TaxDocument, OrdersError> {
    let year = financial_year(at);
    Ok(TaxDocument {
        id: kernel::new_id(),
        number: number_for(series, year, sequence)?,
        series: series.to_string(),
        financial_year: year.start_year,
        sequence,
        issued_on: kernel::india_day(at),
        issued_at: at,
        totals: sum(lines.iter().map(|l| l.split)),
        total: Money::from_paise(lines.iter().map(|l| l.total.paise()).sum()),
        lines,
        ..invoice.clone()
    })
}

/// A credit note of `lines` (from [`credit_lines`]) against `invoice`, the `sequence`th of
/// the credit notes' series in the year of `at`, for `return_id`'s request if any.
pub fn credit_note(
    invoice: &TaxDocument,
    lines: Vec<DocumentLine>,
    return_id: Option<&str>,
    at: DateTime<Utc>,
    sequence: i64,
) -> Result<TaxDocument, OrdersError> {
    Ok(TaxDocument {
        kind: DocumentKind::CreditNote,
        cites: Some((invoice.number.clone(), invoice.issued_on)),
        return_id: return_id.map(str::to_string),
        ..issue_against(invoice, CREDIT_NOTE_PREFIX, at, sequence, lines)?
    })
}

/// The tax invoice of an exchange's replacement pieces: a new supply to the same recipient
/// and place, each piece at the price paid for the one it replaces, taxed by the rule in
/// force on its own date (the same rate as the credit note unless the law changed since),
/// the `sequence`th of the supplier's series in the year of `at`.
pub fn replacement_invoice(
    invoice: &TaxDocument,
    supplier: &Supplier,
    table: &RateTable,
    replacements: &[Replacement],
    return_id: &str,
    at: DateTime<Utc>,
    sequence: i64,
) -> Result<TaxDocument, OrdersError> {
    let day = kernel::india_day(at);
    let home = supplier.home_state()?;
    let place_code = invoice.place_of_supply_code.parse::<u8>().unwrap_or(home.code);
    let supply = Supply::between(home.code, place_code);
    let mut lines = Vec::with_capacity(replacements.len());
    for r in replacements {
        let Some(original) = invoice.lines.get(r.line) else { continue };
        let hsn = HsnCode::parse(&original.hsn_code)
            .map_err(|_| OrdersError::GstSetup(format!("{} has no valid HSN code on its invoice", r.product_name)))?;
        let rate = rate_for(table, &hsn, day, original.unit_price, &r.product_name)?;
        let total = original.unit_price.checked_times(i64::from(r.quantity)).unwrap_or(original.total);
        lines.push(DocumentLine {
            description: format!("{} ({}, {})", r.product_name, r.size, r.color),
            hsn_code: original.hsn_code.clone(),
            quantity: r.quantity,
            unit: original.unit.clone(),
            unit_price: original.unit_price,
            rate,
            split: split_line(total, rate, supply),
            total,
            credits_line: None,
        });
    }
    // The supplier as it is now: the recipient and place of supply stay the invoice's.
    Ok(TaxDocument {
        kind: DocumentKind::Invoice,
        cites: None,
        supplier: supplier.party(home),
        return_id: Some(return_id.to_string()),
        ..issue_against(invoice, &supplier.series(), at, sequence, lines)?
    })
}
