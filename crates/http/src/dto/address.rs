use accounts::addresses::{Address, AddressInput};
use kernel::PostalAddress;
use serde::{Deserialize, Serialize};

use super::user::Loose;

/// A postal address as the API shows it: an address-book entry's and an order's.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PostalAddressDto {
    /// Who receives the parcel (on orders placed before recipients were asked for: the
    /// customer's name).
    pub full_name: String,
    /// The recipient's mobile as 10 digits (shown as +91-XXXXX-XXXXX); null only on an
    /// address saved, or an order placed, before phones were asked for. Such an address must
    /// be completed before ordering.
    pub phone: Option<String>,
    pub landmark: Option<String>,
    pub address_line1: String,
    pub address_line2: Option<String>,
    pub city: String,
    pub state: String,
    pub postal_code: String,
}

impl From<PostalAddress> for PostalAddressDto {
    fn from(a: PostalAddress) -> Self {
        PostalAddressDto {
            full_name: a.full_name,
            phone: a.phone,
            landmark: a.landmark,
            address_line1: a.address_line1,
            address_line2: a.address_line2,
            city: a.city,
            state: a.state,
            postal_code: a.postal_code,
        }
    }
}

/// An address-book entry.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AddressDto {
    pub id: String,
    pub user_id: String,
    #[serde(flatten)]
    pub postal: PostalAddressDto,
    pub is_default: bool,
}

impl From<Address> for AddressDto {
    fn from(a: Address) -> Self {
        AddressDto { id: a.id, user_id: a.user_id, postal: a.postal.into(), is_default: a.is_default }
    }
}

/// The address form. A `userId` in the body is ignored: the owner is the signed-in user.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AddressRequest {
    /// The recipient's full name.
    #[schema(value_type = String, required = true, min_length = 1, max_length = 100, pattern = r"\S")]
    pub full_name: Option<String>,
    /// An Indian mobile number: 10 digits starting with 6 to 9, optionally after +91, 91 or 0,
    /// with spaces or hyphens between digits. Stored as the 10 digits.
    #[schema(value_type = String, required = true, max_length = 20, pattern = r"^(\+?91|0)?[ -]*[6-9]([ -]*[0-9]){9}$")]
    pub phone: Option<String>,
    /// A landmark near the address (optional).
    #[schema(max_length = 200)]
    pub landmark: Option<String>,
    #[schema(value_type = String, required = true, min_length = 1, max_length = 200, pattern = r"\S")]
    pub address_line1: Option<String>,
    #[schema(max_length = 200)]
    pub address_line2: Option<String>,
    #[schema(value_type = String, required = true, min_length = 1, max_length = 100, pattern = r"\S")]
    pub city: Option<String>,
    /// One of the 36 states and union territories, named as listed. The PIN code must be
    /// one India Post gives that state: otherwise 422 `pin_not_in_state`.
    #[schema(value_type = StateName, required = true)]
    pub state: Option<String>,
    /// The 6-digit PIN code (forms sometimes send it as a number).
    #[schema(value_type = String, required = true, pattern = r"^\s*[1-9][0-9]{2} ?[0-9]{3}\s*$")]
    pub postal_code: Option<Loose>,
    /// `true`/`false`, also as the text "true"/"false".
    pub is_default: Option<LooseFlag>,
}

/// A flag sent as a boolean or as the text "true"/"false"; anything else is a 400.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(untagged)]
pub enum LooseFlag {
    Flag(bool),
    Text(String),
}

fn flag(value: Option<LooseFlag>) -> Option<bool> {
    match value? {
        LooseFlag::Flag(b) => Some(b),
        LooseFlag::Text(s) => Some(s.trim().eq_ignore_ascii_case("true")),
    }
}

impl From<AddressRequest> for AddressInput {
    fn from(r: AddressRequest) -> Self {
        AddressInput {
            full_name: r.full_name,
            phone: r.phone,
            landmark: r.landmark,
            address_line1: r.address_line1,
            address_line2: r.address_line2,
            city: r.city,
            state: r.state,
            postal_code: r.postal_code.map(Loose::into_text),
            is_default: flag(r.is_default),
        }
    }
}

/// In the OpenAPI document: the name of one of the 36 states and union territories
/// (`gst::STATES`), as the address form lists them.
pub struct StateName;

impl utoipa::PartialSchema for StateName {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        use utoipa::openapi::schema::{ObjectBuilder, Type};
        ObjectBuilder::new()
            .schema_type(Type::String)
            .enum_values(Some(gst::STATES.iter().map(|s| s.name)))
            .into()
    }
}

impl utoipa::ToSchema for StateName {}
