//! Row structs as diesel reads and writes them, with conversions to domain types.

pub mod address;
pub mod catalog;
pub mod document;
pub mod order;
pub mod user;
