//! Cash-on-delivery orders: placing one from the server-side cart without ever overselling,
//! cancelling, the admin's status changes with their history, and the confirmation e-mail.
//!
//! The HTTP layer talks to [`OrdersApi`]. Storage is the [`OrderStore`] port (the store
//! runs a whole placement or status change as one transaction); e-mail goes through the
//! [`Mailer`] port. Cash-on-delivery settings and the storefront's questions about them are
//! [`CodApi`] over the [`CodStore`] port.

pub mod cod;
pub mod customers;
pub mod email;
pub mod error;
pub mod listing;
pub mod invoice;
pub mod models;
pub mod ports;
pub mod rates;
pub mod report;
pub mod returns;
pub mod service;

pub use cod::{CodApi, CodService, CodSettingsChange, CodStore, CodVerdict, PincodeCheck};
pub use customers::{CustomerPage, CustomerSearch, CustomerService, CustomerSort, CustomerStore, CustomerSummary, CustomersApi};
pub use error::OrdersError;
pub use listing::{
    BulkOutcome, DaySales, OrderFilter, OrderPage, OrderSearch, OrderSort, SalesFigures, StatusCounts, TextMatch,
};
pub use invoice::{DocumentKind, DocumentLine, Documents, Party, Supplier, TaxDocument};
pub use models::*;
pub use ports::{DocumentPrinter, MailError, Mailer, OrderDesk, OrderStore, OrdersApi};
pub use rates::{GstRateStore, GstRatesApi, GstRatesService, IssuedSince, IssuedUse, RateAnswer};
pub use service::OrderService;
