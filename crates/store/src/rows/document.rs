use chrono::{NaiveDate, NaiveDateTime};
use diesel::prelude::*;
use gst::{Rate, TaxSplit};
use kernel::Money;
use ::orders::{DocumentKind, DocumentLine, Party, TaxDocument};

use crate::schema::{tax_document_lines, tax_documents};

#[derive(Queryable, Selectable, Insertable)]
#[diesel(table_name = tax_documents)]
pub struct DocumentRow {
    pub id: String,
    pub order_id: String,
    pub kind: String,
    pub number: String,
    pub series: String,
    pub financial_year: i32,
    pub sequence: i64,
    pub issued_on: NaiveDate,
    pub issued_at: NaiveDateTime,
    pub cites_number: Option<String>,
    pub cites_date: Option<NaiveDate>,
    pub supplier_name: String,
    pub supplier_address: String,
    pub supplier_gstin: String,
    pub supplier_state: String,
    pub supplier_state_code: String,
    pub recipient_name: String,
    pub recipient_address: String,
    pub recipient_state: String,
    pub recipient_state_code: String,
    pub place_of_supply: String,
    pub place_of_supply_code: String,
    pub place_assumed: bool,
    pub taxable_paise: i64,
    pub cgst_paise: i64,
    pub sgst_paise: i64,
    pub igst_paise: i64,
    pub total_paise: i64,
    pub return_id: Option<String>,
}

#[derive(Queryable, Selectable, Insertable)]
#[diesel(table_name = tax_document_lines)]
pub struct DocumentLineRow {
    pub id: String,
    pub document_id: String,
    pub position: i32,
    pub description: String,
    pub hsn_code: String,
    pub quantity: i32,
    pub unit: String,
    pub unit_price_paise: i64,
    pub rate_basis_points: i32,
    pub taxable_paise: i64,
    pub cgst_paise: i64,
    pub sgst_paise: i64,
    pub igst_paise: i64,
    pub total_paise: i64,
    pub invoice_line: Option<i32>,
}

fn split(taxable: i64, cgst: i64, sgst: i64, igst: i64) -> TaxSplit {
    TaxSplit {
        taxable: Money::from_paise(taxable),
        cgst: Money::from_paise(cgst),
        sgst: Money::from_paise(sgst),
        igst: Money::from_paise(igst),
    }
}

impl DocumentRow {
    pub fn from_domain(d: &TaxDocument) -> DocumentRow {
        DocumentRow {
            id: d.id.clone(),
            order_id: d.order_id.clone(),
            kind: d.kind.as_str().to_string(),
            number: d.number.clone(),
            series: d.series.clone(),
            financial_year: d.financial_year,
            sequence: d.sequence,
            issued_on: d.issued_on,
            issued_at: d.issued_at.naive_utc(),
            cites_number: d.cites.as_ref().map(|c| c.0.clone()),
            cites_date: d.cites.as_ref().map(|c| c.1),
            supplier_name: d.supplier.name.clone(),
            supplier_address: d.supplier.address.clone(),
            supplier_gstin: d.supplier.gstin.clone(),
            supplier_state: d.supplier.state.clone(),
            supplier_state_code: d.supplier.state_code.clone(),
            recipient_name: d.recipient.name.clone(),
            recipient_address: d.recipient.address.clone(),
            recipient_state: d.recipient.state.clone(),
            recipient_state_code: d.recipient.state_code.clone(),
            place_of_supply: d.place_of_supply.clone(),
            place_of_supply_code: d.place_of_supply_code.clone(),
            place_assumed: d.place_assumed,
            taxable_paise: d.totals.taxable.paise(),
            cgst_paise: d.totals.cgst.paise(),
            sgst_paise: d.totals.sgst.paise(),
            igst_paise: d.totals.igst.paise(),
            total_paise: d.total.paise(),
            return_id: d.return_id.clone(),
        }
    }

    pub fn into_domain(self, lines: Vec<DocumentLine>) -> TaxDocument {
        TaxDocument {
            id: self.id,
            order_id: self.order_id,
            kind: DocumentKind::from_stored(&self.kind),
            number: self.number,
            series: self.series,
            financial_year: self.financial_year,
            sequence: self.sequence,
            issued_on: self.issued_on,
            issued_at: self.issued_at.and_utc(),
            cites: self.cites_number.zip(self.cites_date),
            supplier: Party {
                name: self.supplier_name,
                address: self.supplier_address,
                gstin: self.supplier_gstin,
                state: self.supplier_state,
                state_code: self.supplier_state_code,
            },
            recipient: Party {
                name: self.recipient_name,
                address: self.recipient_address,
                gstin: String::new(),
                state: self.recipient_state,
                state_code: self.recipient_state_code,
            },
            place_of_supply: self.place_of_supply,
            place_of_supply_code: self.place_of_supply_code,
            place_assumed: self.place_assumed,
            lines,
            totals: split(self.taxable_paise, self.cgst_paise, self.sgst_paise, self.igst_paise),
            total: Money::from_paise(self.total_paise),
            return_id: self.return_id,
        }
    }
}

impl DocumentLineRow {
    pub fn from_domain(document_id: &str, position: usize, l: &DocumentLine) -> DocumentLineRow {
        DocumentLineRow {
            id: kernel::new_id(),
            document_id: document_id.to_string(),
            position: i32::try_from(position).unwrap_or(i32::MAX),
            description: l.description.clone(),
            hsn_code: l.hsn_code.clone(),
            quantity: l.quantity,
            unit: l.unit.clone(),
            unit_price_paise: l.unit_price.paise(),
            rate_basis_points: i32::try_from(l.rate.as_basis_points()).unwrap_or(i32::MAX),
            taxable_paise: l.split.taxable.paise(),
            cgst_paise: l.split.cgst.paise(),
            sgst_paise: l.split.sgst.paise(),
            igst_paise: l.split.igst.paise(),
            total_paise: l.total.paise(),
            invoice_line: l.credits_line,
        }
    }

    pub fn into_domain(self) -> DocumentLine {
        DocumentLine {
            description: self.description,
            hsn_code: self.hsn_code,
            quantity: self.quantity,
            unit: self.unit,
            unit_price: Money::from_paise(self.unit_price_paise),
            rate: Rate::basis_points(u32::try_from(self.rate_basis_points).unwrap_or(0)),
            split: split(self.taxable_paise, self.cgst_paise, self.sgst_paise, self.igst_paise),
            total: Money::from_paise(self.total_paise),
            credits_line: self.invoice_line,
        }
    }
}
