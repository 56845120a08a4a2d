use accounts::addresses::Address;
use chrono::NaiveDateTime;
use diesel::prelude::*;
use kernel::PostalAddress;

use crate::schema::addresses;

/// The postal-address columns of `addresses`: read by the address book and, by name, when
/// an order copies its delivery address; written when an address is added or edited.
#[derive(Queryable, Selectable, QueryableByName, Insertable, AsChangeset)]
#[diesel(table_name = addresses, treat_none_as_null = true)]
pub struct PostalColumns {
    pub full_name: String,
    pub phone: Option<String>,
    pub landmark: Option<String>,
    pub address_line1: String,
    pub address_line2: Option<String>,
    pub city: String,
    pub state: String,
    pub postal_code: String,
}

impl PostalColumns {
    pub fn from_domain(a: &PostalAddress) -> PostalColumns {
        PostalColumns {
            full_name: a.full_name.clone(),
            phone: a.phone.clone(),
            landmark: a.landmark.clone(),
            address_line1: a.address_line1.clone(),
            address_line2: a.address_line2.clone(),
            city: a.city.clone(),
            state: a.state.clone(),
            postal_code: a.postal_code.clone(),
        }
    }

    pub fn into_domain(self) -> PostalAddress {
        PostalAddress {
            full_name: self.full_name,
            phone: self.phone,
            landmark: self.landmark,
            address_line1: self.address_line1,
            address_line2: self.address_line2,
            city: self.city,
            state: self.state,
            postal_code: self.postal_code,
        }
    }
}

#[derive(Queryable, Selectable)]
#[diesel(table_name = addresses)]
pub struct AddressRow {
    pub id: String,
    pub user_id: String,
    #[diesel(embed)]
    pub postal: PostalColumns,
    pub is_default: bool,
    pub created_at: NaiveDateTime,
    pub updated_at: NaiveDateTime,
}

impl AddressRow {
    pub fn into_domain(self) -> Address {
        Address {
            id: self.id,
            user_id: self.user_id,
            postal: self.postal.into_domain(),
            is_default: self.is_default,
            created_at: self.created_at.and_utc(),
            updated_at: self.updated_at.and_utc(),
        }
    }
}

#[derive(Insertable)]
#[diesel(table_name = addresses)]
pub struct NewAddressRow<'a> {
    pub id: &'a str,
    pub user_id: &'a str,
    #[diesel(embed)]
    pub postal: PostalColumns,
    pub is_default: bool,
    pub created_at: NaiveDateTime,
    pub updated_at: NaiveDateTime,
}
