use accounts::{ErasedAccount, NewUser, PasswordReset, ProfileChanges, User, UserRepository, UserWithHash};
use chrono::{DateTime, Utc};
use diesel::prelude::*;
use kernel::{Role, StoreError};

use super::lower;
use crate::db::Db;
use crate::errors::store_error;
use crate::rows::user::{NewUserRow, UserRow};
use crate::schema::{password_resets, revoked_tokens, users};

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
            read_user(conn, &user.id)
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
            read_user(conn, id).map(Some)
        })
    }

    fn update_credentials(&self, id: &str, password_hash: &str, role: Role) -> Result<Option<User>, StoreError> {
        self.db.write(|conn| set_credentials(conn, id, password_hash, role.as_str()))
    }

    fn find_session(&self, user_id: &str, token_id: &str) -> Result<Option<(User, bool)>, StoreError> {
        let mut conn = self.db.conn()?;
        // The extractor's one query per request: the account and, in the same statement,
        // whether this token was signed out.
        users::table
            .find(user_id)
            .select((UserRow::as_select(), diesel::dsl::exists(revoked_tokens::table.find(token_id))))
            .first::<(UserRow, bool)>(&mut *conn)
            .optional()
            .map(|found| found.map(|(row, revoked)| (row.into_domain().user, revoked)))
            .map_err(store_error)
    }

    fn revoke_token(&self, user_id: &str, token_id: &str, expires_at: DateTime<Utc>, now: DateTime<Utc>) -> Result<(), StoreError> {
        let mut conn = self.db.conn()?;
        // Records of tokens that have expired anyway are no longer needed.
        diesel::delete(revoked_tokens::table.filter(revoked_tokens::expires_at.lt(now.naive_utc())))
            .execute(&mut *conn)
            .map_err(store_error)?;
        let inserted = diesel::insert_into(revoked_tokens::table)
            .values((
                revoked_tokens::token_id.eq(token_id),
                revoked_tokens::user_id.eq(user_id),
                revoked_tokens::expires_at.eq(expires_at.naive_utc()),
            ))
            .execute(&mut *conn)
            .map_err(store_error);
        match inserted {
            // Signed out twice (or from two tabs at once): the first record stands.
            Ok(_) | Err(StoreError::Conflict { .. }) => Ok(()),
            Err(e) => Err(e),
        }
    }

    fn end_sessions(&self, user_id: &str) -> Result<bool, StoreError> {
        let mut conn = self.db.conn()?;
        diesel::update(users::table.find(user_id))
            .set(users::session_generation.eq(users::session_generation + 1))
            .execute(&mut *conn)
            .map(|n| n > 0)
            .map_err(store_error)
    }

    fn erase(&self, user_id: &str, blank: &ErasedAccount, now: DateTime<Utc>) -> Result<bool, StoreError> {
        use crate::schema::{addresses, auth_attempts, cart_items, cart_removals, wishlist_items};
        self.db.write(|conn| {
            let Some(email) = users::table.find(user_id).select(users::email).first::<String>(conn).optional().map_err(store_error)? else {
                return Ok(false);
            };
            diesel::delete(addresses::table.filter(addresses::user_id.eq(user_id))).execute(conn).map_err(store_error)?;
            diesel::delete(cart_items::table.filter(cart_items::user_id.eq(user_id))).execute(conn).map_err(store_error)?;
            diesel::delete(cart_removals::table.filter(cart_removals::user_id.eq(user_id))).execute(conn).map_err(store_error)?;
            diesel::delete(wishlist_items::table.filter(wishlist_items::user_id.eq(user_id))).execute(conn).map_err(store_error)?;
            diesel::delete(password_resets::table.filter(password_resets::user_id.eq(user_id))).execute(conn).map_err(store_error)?;
            diesel::delete(revoked_tokens::table.filter(revoked_tokens::user_id.eq(user_id))).execute(conn).map_err(store_error)?;
            // The throttles' records name the account by its id or its e-mail address.
            diesel::delete(auth_attempts::table.filter(auth_attempts::subject.eq_any([user_id, email.as_str()]))).execute(conn).map_err(store_error)?;
            diesel::update(users::table.find(user_id))
                .set((
                    users::username.eq(&blank.username),
                    users::email.eq(&blank.email),
                    users::password_hash.eq(&blank.password_hash),
                    users::first_name.eq(""),
                    users::last_name.eq(""),
                    users::mobile.eq(None::<String>),
                    users::dob.eq(None::<chrono::NaiveDate>),
                    users::updated_at.eq(now.naive_utc()),
                    users::session_generation.eq(users::session_generation + 1),
                ))
                .execute(conn)
                .map(|n| n > 0)
                .map_err(store_error)
        })
    }

    fn save_reset(&self, reset: &PasswordReset) -> Result<(), StoreError> {
        self.db.write(|conn| {
            diesel::delete(password_resets::table.find(&reset.user_id)).execute(conn).map_err(store_error)?;
            diesel::insert_into(password_resets::table)
                .values((
                    password_resets::user_id.eq(&reset.user_id),
                    password_resets::token_digest.eq(&reset.token_digest),
                    password_resets::expires_at.eq(reset.expires_at.naive_utc()),
                    password_resets::created_at.eq(reset.created_at.naive_utc()),
                ))
                .execute(conn)
                .map(|_| ())
                .map_err(store_error)
        })
    }

    fn find_reset(&self, token_digest: &str) -> Result<Option<PasswordReset>, StoreError> {
        let mut conn = self.db.conn()?;
        password_resets::table
            .filter(password_resets::token_digest.eq(token_digest))
            .select((
                password_resets::user_id,
                password_resets::token_digest,
                password_resets::expires_at,
                password_resets::created_at,
            ))
            .first::<(String, String, chrono::NaiveDateTime, chrono::NaiveDateTime)>(&mut *conn)
            .optional()
            .map(|row| {
                row.map(|(user_id, token_digest, expires_at, created_at)| PasswordReset {
                    user_id,
                    token_digest,
                    expires_at: expires_at.and_utc(),
                    created_at: created_at.and_utc(),
                })
            })
            .map_err(store_error)
    }

    fn complete_reset(&self, user_id: &str, token_digest: &str, password_hash: &str, now: DateTime<Utc>) -> Result<Option<User>, StoreError> {
        self.db.write(|conn| {
            // Exactly one row: a second use of the token (even a parallel one, which waits
            // for this transaction's row lock on PostgreSQL) deletes nothing and stops here.
            let used = diesel::delete(
                password_resets::table
                    .filter(password_resets::user_id.eq(user_id))
                    .filter(password_resets::token_digest.eq(token_digest))
                    .filter(password_resets::expires_at.gt(now.naive_utc())),
            )
            .execute(conn)
            .map_err(store_error)?;
            if used != 1 {
                return Ok(None);
            }
            let role = users::table.find(user_id).select(users::user_type).first::<String>(conn).map_err(store_error)?;
            set_credentials(conn, user_id, password_hash, &role)
        })
    }
}

/// Sets hash and role, raises the session generation; the account as stored afterwards.
fn set_credentials(conn: &mut crate::DbConn, id: &str, password_hash: &str, role: &str) -> Result<Option<User>, StoreError> {
    let updated = diesel::update(users::table.find(id))
        .set((
            users::password_hash.eq(password_hash),
            users::user_type.eq(role),
            users::session_generation.eq(users::session_generation + 1),
            users::updated_at.eq(chrono::Utc::now().naive_utc()),
        ))
        .execute(conn)
        .map_err(store_error)?;
    if updated == 0 {
        return Ok(None);
    }
    read_user(conn, id).map(Some)
}

/// The account as it is now (within the caller's transaction).
fn read_user(conn: &mut crate::DbConn, id: &str) -> Result<User, StoreError> {
    users::table.find(id).select(UserRow::as_select()).first(conn).map(|r| r.into_domain().user).map_err(store_error)
}
