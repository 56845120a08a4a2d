//! Delivery addresses: a customer's own list, with exactly one default while any exist.
//!
//! The HTTP layer talks to [`AddressesApi`]; storage is the [`AddressRepository`] port.

pub mod error;
pub mod models;
pub mod ports;
pub mod service;

pub use error::AddressError;
pub use models::{Address, AddressInput, ValidAddress};
pub use ports::{AddressRepository, AddressesApi, DeleteOutcome};
pub use service::AddressService;
