//! A postal address as a courier reads it: the one declaration of its fields, shared by the
//! address book, the copy an order keeps, and the adapters that store and show them.

/// Where a parcel goes and who receives it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PostalAddress {
    /// Who receives the parcel.
    pub full_name: String,
    /// The recipient's mobile, its 10 digits ([`crate::MobileNumber`]). `None` only on an
    /// address saved, or an order placed, before phones were asked for.
    pub phone: Option<String>,
    pub landmark: Option<String>,
    pub address_line1: String,
    pub address_line2: Option<String>,
    pub city: String,
    pub state: String,
    pub postal_code: String,
}
