//! India's Goods and Services Tax as the shop applies it. Pure rules, no I/O: the order and
//! invoice services call them, the store keeps their results. docs/INDIA.md cites the act,
//! rule or notification behind each one.
//!
//! - [`State`]: the 36 states and union territories with their GST state codes.
//! - [`Gstin`]: a GST identification number, format and check character validated.
//! - [`HsnCode`]: the goods classification code a rate is looked up by.
//! - [`RateTable`]: rate rules keyed by HSN prefix, with slabs on the value per piece and an
//!   effective date, so a change of law is a change of data.
//! - [`split_line`]: the taxable value and CGST/SGST or IGST inside a GST-inclusive line.
//! - [`FinancialYear`] and [`document_number`]: the 1 April to 31 March year in India time
//!   and the `PREFIX/YY-YY/N` numbers of invoices and credit notes.
//! - [`pin_belongs_to`]: whether a 6-digit PIN code lies in a state's postal circle; [`is_army_postal`]: a field post office's code.

// Paise are written as rupees_paise (`2_500_00` is Rs 2,500.00).
#![allow(clippy::inconsistent_digit_grouping)]

mod gstin;
mod hsn;
mod numbering;
mod pin;
mod rates;
mod split;
mod states;

pub use gstin::{Gstin, GstinError};
pub use hsn::{HsnCode, HsnError};
pub use numbering::{document_number, FinancialYear, NumberingError, SeriesPrefix};
pub use pin::{is_army_postal, pin_belongs_to};
pub use rates::{Rate, RateRule, RateTable, Slab, SlabChoice};
pub use split::{split_line, Supply, TaxSplit};
pub use states::{State, STATES};
