use chrono::{DateTime, Utc};
use gst::{is_army_postal, pin_belongs_to, STATES};
use kernel::{MobileNumber, PostalAddress, PostalCode};

use super::error::AddressError;

/// A stored delivery address. Its phone is `None` only for an address saved before phones
/// were asked for (and no mobile on the account): it must be completed before ordering.
#[derive(Debug, Clone, PartialEq)]
pub struct Address {
    pub id: String,
    pub user_id: String,
    pub postal: PostalAddress,
    pub is_default: bool,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

/// An address form as typed by a person. There is no owner field: the owner is always
/// the signed-in user.
#[derive(Debug, Clone, Default)]
pub struct AddressInput {
    pub full_name: Option<String>,
    pub phone: Option<String>,
    pub landmark: Option<String>,
    pub address_line1: Option<String>,
    pub address_line2: Option<String>,
    pub city: Option<String>,
    pub state: Option<String>,
    pub postal_code: Option<String>,
    pub is_default: Option<bool>,
}

/// An address that passed every rule, ready to be stored. Its phone is always there, the 10
/// digits of a `kernel::MobileNumber`.
#[derive(Debug, Clone, PartialEq)]
pub struct ValidAddress {
    pub postal: PostalAddress,
    /// Asked to be the default. The store also makes a user's first address the default.
    pub is_default: bool,
}

pub const LINE_MAX_CHARS: usize = 200;
pub const PLACE_MAX_CHARS: usize = 100;

fn text(value: &Option<String>) -> Option<&str> {
    value.as_deref().map(str::trim).filter(|s| !s.is_empty())
}

/// A text field of at most `max` characters and no control characters (a line break, a NUL),
/// which a courier's label cannot print; `label` names it in the message.
/// At most `max` characters that print as typed (they go on the parcel and the tax
/// invoice: [`kernel::text::is_printable`]), stored composed.
fn bounded(value: &str, max: usize, field: &'static str, label: &str) -> Result<String, AddressError> {
    let value = kernel::text::composed(value);
    if value.chars().count() > max {
        return Err(AddressError::invalid(field, format!("{label} may hold up to {max} characters")));
    }
    if !kernel::text::is_printable(&value) {
        return Err(AddressError::invalid(field, format!("{label} may hold only printable characters")));
    }
    Ok(value)
}

impl ValidAddress {
    pub fn parse(input: &AddressInput) -> Result<ValidAddress, AddressError> {
        let full_name = text(&input.full_name)
            .ok_or_else(|| AddressError::invalid("fullName", "Full name is required"))?;
        let full_name = bounded(full_name, PLACE_MAX_CHARS, "fullName", "Full name")?;
        let phone = text(&input.phone).ok_or_else(|| AddressError::invalid("phone", "Phone number is required"))?;
        let phone = MobileNumber::parse(phone).map_err(|e| AddressError::invalid("phone", e.0))?.as_str().to_string();
        let landmark = text(&input.landmark)
            .map(|l| bounded(l, LINE_MAX_CHARS, "landmark", "Landmark"))
            .transpose()?;
        let line1 = text(&input.address_line1)
            .ok_or_else(|| AddressError::invalid("addressLine1", "Address line 1 is required"))?;
        let line1 = bounded(line1, LINE_MAX_CHARS, "addressLine1", "Address line 1")?;
        let line2 = text(&input.address_line2)
            .map(|l| bounded(l, LINE_MAX_CHARS, "addressLine2", "Address line 2"))
            .transpose()?;
        let city = text(&input.city).ok_or_else(|| AddressError::invalid("city", "City is required"))?;
        let city = bounded(city, PLACE_MAX_CHARS, "city", "City")?;
        let state = text(&input.state).ok_or_else(|| AddressError::invalid("state", "State is required"))?;
        let state = STATES
            .iter()
            .copied()
            .find(|s| s.name == state)
            .ok_or_else(|| AddressError::invalid("state", "Please choose a state or union territory from the list"))?;
        let postal_code = text(&input.postal_code)
            .ok_or_else(|| AddressError::invalid("postalCode", "Postal code is required"))?;
        let postal_code = PostalCode::parse(postal_code).map_err(|e| AddressError::invalid("postalCode", e.0))?;
        if is_army_postal(&postal_code) {
            return Err(AddressError::ArmyPostalPin);
        }
        if !pin_belongs_to(&postal_code, state) {
            return Err(AddressError::PinNotInState { state: state.name });
        }
        Ok(ValidAddress {
            postal: PostalAddress {
                full_name,
                phone: Some(phone),
                landmark,
                address_line1: line1,
                address_line2: line2,
                city,
                state: state.name.to_string(),
                postal_code: postal_code.as_str().to_string(),
            },
            is_default: input.is_default.unwrap_or(false),
        })
    }
}
