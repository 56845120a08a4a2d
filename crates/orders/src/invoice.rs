//! Tax invoices and credit notes (CGST Rules 2017, rules 46 and 53), built from an order
//! with the rules of the `gst` crate. Pure: the store reads what they need inside the
//! status change's transaction, takes the next number of the series there, calls these
//! and writes the result, so a document exists exactly when its status change does.
//! Credit notes (whole or in part) and an exchange's replacement invoice are [`credit`].

use chrono::{DateTime, NaiveDate, Utc};
use gst::{
    document_number, split_line, FinancialYear, HsnCode, Rate, RateTable, SeriesPrefix, State,
    Supply, TaxSplit,
};
use kernel::Money;

use crate::error::OrdersError;
use crate::models::{DeliveryStatus, Order};

/// The series a tax invoice's number belongs to when the company names no prefix.
pub const DEFAULT_INVOICE_PREFIX: &str = "INV";
/// The credit notes' own series (an invoice prefix may not be this).
pub const CREDIT_NOTE_PREFIX: &str = "CN";

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DocumentKind {
    Invoice,
    CreditNote,
}

impl DocumentKind {
    pub fn as_str(self) -> &'static str {
        match self {
            DocumentKind::Invoice => "INVOICE",
            DocumentKind::CreditNote => "CREDIT_NOTE",
        }
    }

    pub fn from_stored(raw: &str) -> DocumentKind {
        if raw == "CREDIT_NOTE" {
            DocumentKind::CreditNote
        } else {
            DocumentKind::Invoice
        }
    }

    pub fn title(self) -> &'static str {
        match self {
            DocumentKind::Invoice => "Tax Invoice",
            DocumentKind::CreditNote => "Credit Note",
        }
    }
}

/// A rate in basis points as an invoice prints it ("5%").
pub fn rate_label(basis_points: u32) -> String {
    Rate::basis_points(basis_points).label()
}

/// Which document a status change issues, if its order has none of that kind yet.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Documents {
    None,
    /// Into SHIPPED (or DELIVERED without having been shipped): the tax invoice, once.
    Invoice,
    /// Into CANCELED: a credit note for the whole invoice, once, when there is an invoice.
    CreditNote,
}

impl Documents {
    pub fn for_change(to: DeliveryStatus) -> Documents {
        match to {
            DeliveryStatus::Shipped | DeliveryStatus::Delivered => Documents::Invoice,
            DeliveryStatus::Canceled => Documents::CreditNote,
            DeliveryStatus::Pending => Documents::None,
        }
    }
}

/// A party to a document as printed on it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Party {
    pub name: String,
    pub address: String,
    /// The supplier's GSTIN; empty for a consumer.
    pub gstin: String,
    pub state: String,
    /// Two digits.
    pub state_code: String,
}

/// The company as the store reads it inside the transaction.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Supplier {
    /// The legal name (the trade name when none is set).
    pub name: String,
    pub address: String,
    pub gstin: String,
    pub state: String,
    pub invoice_prefix: String,
}

impl Supplier {
    /// Registered for GST: a GSTIN and its state. An unregistered shop issues no invoices.
    pub fn registered(&self) -> bool {
        !self.gstin.is_empty() && State::by_name(&self.state).is_some()
    }

    /// The state the shop is registered in: the tax documents it issues need one.
    pub fn home_state(&self) -> Result<State, OrdersError> {
        State::by_name(&self.state)
            .ok_or_else(|| OrdersError::GstSetup("Choose the company's state in Company details before shipping".into()))
    }

    /// The shop as the supplier a document names, registered in `home`.
    pub fn party(&self, home: State) -> Party {
        Party {
            name: self.name.clone(),
            address: self.address.clone(),
            gstin: self.gstin.clone(),
            state: home.name.to_string(),
            state_code: home.code_text(),
        }
    }

    pub fn series(&self) -> String {
        if self.invoice_prefix.is_empty() {
            DEFAULT_INVOICE_PREFIX.to_string()
        } else {
            self.invoice_prefix.clone()
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DocumentLine {
    pub description: String,
    pub hsn_code: String,
    pub quantity: i32,
    /// Unit quantity code: `PCS`, or `PRS` for footwear (chapter 64).
    pub unit: String,
    /// GST-inclusive price per piece.
    pub unit_price: Money,
    pub rate: Rate,
    pub split: TaxSplit,
    /// The line's GST-inclusive amount: taxable + taxes.
    pub total: Money,
    /// A credit note's line: the position of the invoice line it credits.
    pub credits_line: Option<i32>,
}

/// A tax invoice or credit note.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TaxDocument {
    pub id: String,
    pub order_id: String,
    pub kind: DocumentKind,
    pub number: String,
    pub series: String,
    pub financial_year: i32,
    pub sequence: i64,
    /// India's date of issue.
    pub issued_on: NaiveDate,
    pub issued_at: DateTime<Utc>,
    /// A credit note's invoice: its number and date.
    pub cites: Option<(String, NaiveDate)>,
    pub supplier: Party,
    pub recipient: Party,
    pub place_of_supply: String,
    pub place_of_supply_code: String,
    /// The delivery address's state is not one of GST's states (an address stored before
    /// the state became a choice): the supplier's state was taken as the place of supply.
    pub place_assumed: bool,
    pub lines: Vec<DocumentLine>,
    pub totals: TaxSplit,
    pub total: Money,
    /// The return request a document belongs to: its credit note, or the invoice of an
    /// exchange's replacement. `None` for the order's own invoice and cancellation.
    pub return_id: Option<String>,
}

impl TaxDocument {
    /// The number of the order the document belongs to, as the shop shows it.
    pub fn order_number(&self) -> String {
        crate::models::order_number(&self.order_id)
    }

    /// The invoice of an exchange's replacement pieces: paid for with the first order.
    pub fn is_replacement_invoice(&self) -> bool {
        self.kind == DocumentKind::Invoice && self.return_id.is_some()
    }
}

/// The number of a document of a series, for the `sequence`th document of its year.
pub fn number_for(series: &str, year: FinancialYear, sequence: i64) -> Result<String, OrdersError> {
    let prefix = SeriesPrefix::parse(series).map_err(|e| OrdersError::GstSetup(e.to_string()))?;
    document_number(&prefix, year, u64::try_from(sequence).unwrap_or(0)).map_err(|e| OrdersError::GstSetup(e.to_string()))
}

/// The financial year a document issued at `at` belongs to (India's date).
pub fn financial_year(at: DateTime<Utc>) -> FinancialYear {
    FinancialYear::of(kernel::india_day(at))
}

/// The lines' parts added up. Every line is part of an order whose total fits (placing
/// refuses one that would not), so no sum here can overflow; it saturates if it ever did.
pub(crate) fn sum(parts: impl Iterator<Item = TaxSplit>) -> TaxSplit {
    let add = |a: Money, b: Money| a.checked_add(b).unwrap_or(Money::from_paise(i64::MAX));
    parts.fold(TaxSplit::default(), |a, b| TaxSplit {
        taxable: add(a.taxable, b.taxable),
        cgst: add(a.cgst, b.cgst),
        sgst: add(a.sgst, b.sgst),
        igst: add(a.igst, b.igst),
    })
}

/// The rate the rule in force on `day` gives a piece of `product` (HSN code `hsn`) at
/// `price`, or the `GstSetup` error naming the missing rate.
fn rate_for(table: &RateTable, hsn: &HsnCode, day: NaiveDate, price: Money, product: &str) -> Result<Rate, OrdersError> {
    table
        .choose(hsn, day, price)
        .map(|choice| choice.rate)
        .ok_or_else(|| OrdersError::GstSetup(format!("No GST rate is known for HSN code {} ({product})", hsn.as_str())))
}

/// The tax invoice of `order`: `hsn_codes[i]` is the HSN code of item `i` (its product's or
/// its category's, `None` when neither has one), `sequence` the next number of the
/// supplier's series in the year of `at`, `table` the rate table as stored now (the rule in
/// force on the invoice's date applies). Errors: `GstSetup` naming what the owner must set.
pub fn build_invoice(
    order: &Order,
    supplier: &Supplier,
    table: &RateTable,
    hsn_codes: &[Option<String>],
    at: DateTime<Utc>,
    sequence: i64,
) -> Result<TaxDocument, OrdersError> {
    let day = kernel::india_day(at);
    let year = FinancialYear::of(day);
    let series = supplier.series();
    let number = number_for(&series, year, sequence)?;
    let home = supplier.home_state()?;
    let (place, place_assumed) = match State::by_name(&order.address.state) {
        Some(state) => (state, false),
        None => (home, true),
    };
    let supply = Supply::between(home.code, place.code);
    let mut lines = Vec::with_capacity(order.items.len());
    for (i, item) in order.items.iter().enumerate() {
        let raw = hsn_codes.get(i).cloned().flatten().unwrap_or_default();
        let hsn = HsnCode::parse(&raw).map_err(|_| {
            OrdersError::GstSetup(format!(
                "{} has no HSN code: give it or its category one before shipping, the tax invoice needs it",
                item.product_name
            ))
        })?;
        let rate = rate_for(table, &hsn, day, item.price_at_purchase, &item.product_name)?;
        let total = item.line_total();
        lines.push(DocumentLine {
            description: format!("{} ({}, {})", item.product_name, item.size, item.color),
            unit: if hsn.as_str().starts_with("64") { "PRS" } else { "PCS" }.to_string(),
            hsn_code: hsn.as_str().to_string(),
            quantity: item.quantity,
            unit_price: item.price_at_purchase,
            rate,
            split: split_line(total, rate, supply),
            total,
            credits_line: None,
        });
    }
    let totals = sum(lines.iter().map(|l| l.split));
    let address = [
        Some(order.address.address_line1.as_str()),
        order.address.address_line2.as_deref().filter(|l| !l.trim().is_empty()),
        Some(order.address.city.as_str()),
        Some(order.address.state.as_str()),
        Some(order.address.postal_code.as_str()),
    ]
    .into_iter()
    .flatten()
    .collect::<Vec<_>>()
    .join(", ");
    Ok(TaxDocument {
        id: kernel::new_id(),
        order_id: order.id.clone(),
        kind: DocumentKind::Invoice,
        number,
        series,
        financial_year: year.start_year,
        sequence,
        issued_on: day,
        issued_at: at,
        cites: None,
        supplier: supplier.party(home),
        recipient: Party {
            // The person the goods are delivered to, as the order's address names them
            // (orders from before recipients were asked for: the account holder).
            name: if order.address.full_name.trim().is_empty() {
                format!("{} {}", order.customer.first_name, order.customer.last_name).trim().to_string()
            } else {
                order.address.full_name.trim().to_string()
            },
            address,
            gstin: String::new(),
            state: place.name.to_string(),
            state_code: place.code_text(),
        },
        place_of_supply: place.name.to_string(),
        place_of_supply_code: place.code_text(),
        place_assumed,
        total: order.total,
        totals,
        lines,
        return_id: None,
    })
}

pub mod credit;

#[cfg(test)]
mod tests;
