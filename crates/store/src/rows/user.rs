use accounts::{NewUser, User, UserWithHash};
use chrono::{NaiveDate, NaiveDateTime};
use diesel::prelude::*;
use kernel::Role;

use crate::schema::users;

#[derive(Queryable, Selectable)]
#[diesel(table_name = users)]
pub struct UserRow {
    pub id: String,
    pub username: String,
    pub email: String,
    pub password_hash: String,
    pub user_type: String,
    pub first_name: String,
    pub last_name: String,
    pub mobile: Option<String>,
    pub dob: Option<NaiveDate>,
    pub created_at: NaiveDateTime,
    pub updated_at: NaiveDateTime,
    pub session_generation: i64,
}

impl UserRow {
    pub fn into_domain(self) -> UserWithHash {
        UserWithHash {
            user: User {
                id: self.id,
                username: self.username,
                email: self.email,
                role: Role::from_stored(&self.user_type),
                first_name: self.first_name,
                last_name: self.last_name,
                mobile: self.mobile,
                dob: self.dob,
                created_at: self.created_at.and_utc(),
                updated_at: self.updated_at.and_utc(),
                session_generation: self.session_generation,
            },
            password_hash: self.password_hash,
        }
    }
}

#[derive(Insertable)]
#[diesel(table_name = users)]
pub struct NewUserRow<'a> {
    pub id: &'a str,
    pub username: &'a str,
    pub email: &'a str,
    pub password_hash: &'a str,
    pub user_type: &'a str,
    pub first_name: &'a str,
    pub last_name: &'a str,
    pub mobile: Option<&'a str>,
    pub dob: Option<NaiveDate>,
    pub created_at: NaiveDateTime,
    pub updated_at: NaiveDateTime,
}

impl<'a> NewUserRow<'a> {
    pub fn from_domain(user: &'a NewUser) -> Self {
        let now = user.created_at.naive_utc();
        NewUserRow {
            id: &user.id,
            username: &user.username,
            email: user.email.as_str(),
            password_hash: &user.password_hash,
            user_type: user.role.as_str(),
            first_name: &user.first_name,
            last_name: &user.last_name,
            mobile: user.mobile.as_ref().map(|m| m.as_str()),
            dob: user.dob,
            created_at: now,
            updated_at: now,
        }
    }
}
