//! The GST report over a period: every tax invoice (positive) and credit note (negative)
//! issued in it, split by rate, an HSN summary, and the net totals, which equal the sum of
//! the invoices less the credit notes to the paisa.

use std::collections::BTreeMap;

use chrono::NaiveDate;
use kernel::Money;

use crate::invoice::{DocumentKind, TaxDocument};

/// Signed paise: credit notes count negative.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Amounts {
    pub taxable: i64,
    pub cgst: i64,
    pub sgst: i64,
    pub igst: i64,
    pub total: i64,
}

impl Amounts {
    fn add(&mut self, other: Amounts) {
        self.taxable += other.taxable;
        self.cgst += other.cgst;
        self.sgst += other.sgst;
        self.igst += other.igst;
        self.total += other.total;
    }
}

/// One document's lines of one rate.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReportRow {
    pub kind: DocumentKind,
    pub number: String,
    pub issued_on: NaiveDate,
    pub order_id: String,
    /// The invoice a credit note cites.
    pub cites: Option<String>,
    pub place_of_supply: String,
    pub place_of_supply_code: String,
    pub rate_basis_points: u32,
    pub amounts: Amounts,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HsnRow {
    pub hsn_code: String,
    pub rate_basis_points: u32,
    pub quantity: i64,
    pub amounts: Amounts,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GstReport {
    pub rows: Vec<ReportRow>,
    pub hsn: Vec<HsnRow>,
    pub totals: Amounts,
}

fn signed(kind: DocumentKind, m: Money) -> i64 {
    match kind {
        DocumentKind::Invoice => m.paise(),
        DocumentKind::CreditNote => -m.paise(),
    }
}

/// The report of these documents (in the order given).
pub fn gst_report(documents: &[TaxDocument]) -> GstReport {
    let mut rows = Vec::new();
    let mut hsn: BTreeMap<(String, u32), HsnRow> = BTreeMap::new();
    let mut totals = Amounts::default();
    for doc in documents {
        let mut by_rate: BTreeMap<u32, Amounts> = BTreeMap::new();
        for line in &doc.lines {
            let amounts = Amounts {
                taxable: signed(doc.kind, line.split.taxable),
                cgst: signed(doc.kind, line.split.cgst),
                sgst: signed(doc.kind, line.split.sgst),
                igst: signed(doc.kind, line.split.igst),
                total: signed(doc.kind, line.total),
            };
            let rate = line.rate.as_basis_points();
            by_rate.entry(rate).or_default().add(amounts);
            let entry = hsn.entry((line.hsn_code.clone(), rate)).or_insert_with(|| HsnRow {
                hsn_code: line.hsn_code.clone(),
                rate_basis_points: rate,
                quantity: 0,
                amounts: Amounts::default(),
            });
            entry.quantity += match doc.kind {
                DocumentKind::Invoice => i64::from(line.quantity),
                DocumentKind::CreditNote => -i64::from(line.quantity),
            };
            entry.amounts.add(amounts);
            totals.add(amounts);
        }
        for (rate, amounts) in by_rate {
            rows.push(ReportRow {
                kind: doc.kind,
                number: doc.number.clone(),
                issued_on: doc.issued_on,
                order_id: doc.order_id.clone(),
                cites: doc.cites.as_ref().map(|c| c.0.clone()),
                place_of_supply: doc.place_of_supply.clone(),
                place_of_supply_code: doc.place_of_supply_code.clone(),
                rate_basis_points: rate,
                amounts,
            });
        }
    }
    GstReport { rows, hsn: hsn.into_values().collect(), totals }
}
