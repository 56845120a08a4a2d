//! Content: the company's details (name, contact data, logo) and the legal pages.
//! Both are read on every storefront page, so they are kept in memory and replaced after
//! each save.

pub mod error;
pub mod models;
pub mod ports;
pub mod service;

pub use error::ContentError;
pub use models::*;
pub use ports::{ContentApi, ContentRepository};
pub use service::{ContentService, LOGO_RULES};
