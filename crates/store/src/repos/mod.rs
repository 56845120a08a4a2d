//! One repository file per domain.

pub mod catalog;
pub mod customers;
pub mod content;
pub mod addresses;
pub mod audit;
pub mod attempts;
pub mod cart;
pub mod cod;
pub mod gst_rates;
pub mod orders;
pub mod product_views;
pub mod returns;
pub mod tax_documents;
pub mod uploads;
pub mod users;
pub mod wishlist;

diesel::define_sql_function! {
    /// SQL `lower()`: case-insensitive comparisons that work the same on both backends.
    fn lower(x: diesel::sql_types::Text) -> diesel::sql_types::Text;
}
