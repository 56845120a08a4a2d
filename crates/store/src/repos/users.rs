use accounts::{NewUser, ProfileChanges, User, UserRepository, UserWithHash};
use diesel::prelude::*;
use kernel::{Role, StoreError};

use super::lower;
use crate::db::Db;
use crate::errors::store_error;
use crate::rows::user::{NewUserRow, UserRow};
use crate::schema::users;

/// Accounts storage on SQLite or PostgreSQL.
#[derive(Clone)]
pub struct DieselUserRepo {
    db: Db,
}

impl DieselUserRepo {
    pub fn new(db: Db) -> Self {
        DieselUserRepo { db }
    }

    fn find_one<F>(&self, filter: F) -> Result<Option<UserWithHash>, StoreError>
    where
        F: FnOnce(users::BoxedQuery<'static, crate::conn::MultiBackend>) -> users::BoxedQuery<'static, crate::conn::MultiBackend>,
    {
        let mut conn = self.db.conn()?;
        filter(users::table.into_boxed())
            .select(UserRow::as_select())
            .first(&mut *conn)
            .optional()
            .map(|row| row.map(UserRow::into_domain))
            .map_err(store_error)
    }
}

impl UserRepository for DieselUserRepo {
    fn insert(&self, user: &NewUser) -> Result<User, StoreError> {
        let row = NewUserRow::from_domain(user);
        self.db.write(|conn| {
            diesel::insert_into(users::table).values(&row).execute(conn).map_err(store_error)?;
            users::table
                .find(&user.id)
                .select(UserRow::as_select())
                .first(conn)
                .map(|r| r.into_domain().user)
                .map_err(store_error)
        })
    }

    fn find_by_id(&self, id: &str) -> Result<Option<UserWithHash>, StoreError> {
        let id = id.to_string();
        self.find_one(|q| q.filter(users::id.eq(id)))
    }

    fn find_by_email(&self, email: &str) -> Result<Option<UserWithHash>, StoreError> {
        let email = email.to_string();
        self.find_one(|q| q.filter(users::email.eq(email)))
    }

    fn find_by_username(&self, username: &str) -> Result<Option<UserWithHash>, StoreError> {
        let name = username.to_lowercase();
        self.find_one(|q| q.filter(lower(users::username).eq(name)))
    }

    fn update_profile(&self, id: &str, changes: &ProfileChanges) -> Result<Option<User>, StoreError> {
        self.db.write(|conn| {
            let updated = diesel::update(users::table.find(id))
                .set((
                    users::first_name.eq(&changes.first_name),
                    users::last_name.eq(&changes.last_name),
                    users::username.eq(&changes.username),
                    users::mobile.eq(changes.mobile.as_deref()),
                    users::dob.eq(changes.dob),
                    users::updated_at.eq(changes.updated_at.naive_utc()),
                ))
                .execute(conn)
                .map_err(store_error)?;
            if updated == 0 {
                return Ok(None);
            }
            users::table
                .find(id)
                .select(UserRow::as_select())
                .first(conn)
                .map(|r| Some(r.into_domain().user))
                .map_err(store_error)
        })
    }

    fn update_credentials(&self, id: &str, password_hash: &str, role: Role) -> Result<bool, StoreError> {
        let mut conn = self.db.conn()?;
        diesel::update(users::table.find(id))
            .set((
                users::password_hash.eq(password_hash),
                users::user_type.eq(role.as_str()),
                users::updated_at.eq(chrono::Utc::now().naive_utc()),
            ))
            .execute(&mut *conn)
            .map(|n| n > 0)
            .map_err(store_error)
    }
}
