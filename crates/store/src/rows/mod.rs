//! Row structs as diesel reads and writes them, with conversions to domain types.

pub mod catalog;
pub mod user;
