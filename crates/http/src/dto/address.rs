use accounts::addresses::{Address, AddressInput};
use serde::{Deserialize, Serialize};

use super::user::Loose;

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AddressDto {
    pub id: String,
    pub user_id: String,
    pub address_line1: String,
    pub address_line2: Option<String>,
    pub city: String,
    pub state: String,
    pub postal_code: String,
    pub is_default: bool,
}

impl From<Address> for AddressDto {
    fn from(a: Address) -> Self {
        AddressDto {
            id: a.id,
            user_id: a.user_id,
            address_line1: a.address_line1,
            address_line2: a.address_line2,
            city: a.city,
            state: a.state,
            postal_code: a.postal_code,
            is_default: a.is_default,
        }
    }
}

/// The address form. A `userId` in the body is ignored: the owner is the signed-in user.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AddressRequest {
    #[schema(value_type = String, required = true, min_length = 1, max_length = 200, pattern = r"\S")]
    pub address_line1: Option<String>,
    #[schema(max_length = 200)]
    pub address_line2: Option<String>,
    #[schema(value_type = String, required = true, min_length = 1, max_length = 100, pattern = r"\S")]
    pub city: Option<String>,
    #[schema(value_type = String, required = true, min_length = 1, max_length = 100, pattern = r"\S")]
    pub state: Option<String>,
    /// The 6-digit PIN code (forms sometimes send it as a number).
    #[schema(value_type = String, required = true, pattern = r"^\s*[1-9][0-9]{5}\s*$")]
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
            address_line1: r.address_line1,
            address_line2: r.address_line2,
            city: r.city,
            state: r.state,
            postal_code: r.postal_code.map(Loose::into_text),
            is_default: flag(r.is_default),
        }
    }
}
