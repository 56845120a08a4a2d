use accounts::addresses::Address;
use chrono::NaiveDateTime;
use diesel::prelude::*;

use crate::schema::addresses;

#[derive(Queryable, Selectable)]
#[diesel(table_name = addresses)]
pub struct AddressRow {
    pub id: String,
    pub user_id: String,
    pub address_line1: String,
    pub address_line2: Option<String>,
    pub city: String,
    pub state: String,
    pub postal_code: String,
    pub is_default: bool,
    pub created_at: NaiveDateTime,
    pub updated_at: NaiveDateTime,
    pub full_name: String,
    pub phone: Option<String>,
    pub landmark: Option<String>,
}

impl AddressRow {
    pub fn into_domain(self) -> Address {
        Address {
            id: self.id,
            user_id: self.user_id,
            full_name: self.full_name,
            phone: self.phone,
            landmark: self.landmark,
            address_line1: self.address_line1,
            address_line2: self.address_line2,
            city: self.city,
            state: self.state,
            postal_code: self.postal_code,
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
    pub address_line1: &'a str,
    pub address_line2: Option<&'a str>,
    pub city: &'a str,
    pub state: &'a str,
    pub postal_code: &'a str,
    pub is_default: bool,
    pub created_at: NaiveDateTime,
    pub updated_at: NaiveDateTime,
    pub full_name: &'a str,
    pub phone: Option<&'a str>,
    pub landmark: Option<&'a str>,
}
