use accounts::addresses::{Address, AddressRepository, DeleteOutcome, ValidAddress};
use chrono::{DateTime, Utc};
use diesel::prelude::*;
use kernel::{AddressId, StoreError, UserId};

use crate::conn::DbConn;
use crate::db::Db;
use crate::errors::store_error;
use crate::rows::address::{AddressRow, NewAddressRow, PostalColumns};
use crate::schema::addresses;

/// Delivery addresses on SQLite or PostgreSQL. Every write is one transaction that keeps
/// exactly one default per user while the user has any address.
#[derive(Clone)]
pub struct DieselAddressRepo {
    db: Db,
}

impl DieselAddressRepo {
    pub fn new(db: Db) -> Self {
        DieselAddressRepo { db }
    }
}

fn find(conn: &mut DbConn, user_id: &str, id: &str) -> Result<Option<AddressRow>, StoreError> {
    addresses::table
        .filter(addresses::id.eq(id))
        .filter(addresses::user_id.eq(user_id))
        .select(AddressRow::as_select())
        .first(conn)
        .optional()
        .map_err(store_error)
}

fn unset_defaults(conn: &mut DbConn, user_id: &str, now: DateTime<Utc>) -> Result<(), StoreError> {
    diesel::update(addresses::table.filter(addresses::user_id.eq(user_id)).filter(addresses::is_default.eq(true)))
        .set((addresses::is_default.eq(false), addresses::updated_at.eq(now.naive_utc())))
        .execute(conn)
        .map(|_| ())
        .map_err(store_error)
}

impl AddressRepository for DieselAddressRepo {
    fn list(&self, user_id: &UserId) -> Result<Vec<Address>, StoreError> {
        let user_id = user_id.as_str();
        let mut conn = self.db.conn()?;
        addresses::table
            .filter(addresses::user_id.eq(user_id))
            .order((addresses::is_default.desc(), addresses::created_at.asc(), addresses::id.asc()))
            .select(AddressRow::as_select())
            .load(&mut *conn)
            .map(|rows| rows.into_iter().map(AddressRow::into_domain).collect())
            .map_err(store_error)
    }

    fn insert(&self, id: &AddressId, user_id: &UserId, a: &ValidAddress, now: DateTime<Utc>) -> Result<Address, StoreError> {
        let (id, user_id) = (id.as_str(), user_id.as_str());
        self.db.write(|conn| {
            let existing: i64 = addresses::table
                .filter(addresses::user_id.eq(user_id))
                .count()
                .get_result(conn)
                .map_err(store_error)?;
            let is_default = a.is_default || existing == 0;
            if is_default {
                unset_defaults(conn, user_id, now)?;
            }
            let row = NewAddressRow {
                id,
                user_id,
                postal: PostalColumns::from_domain(&a.postal),
                is_default,
                created_at: now.naive_utc(),
                updated_at: now.naive_utc(),
            };
            diesel::insert_into(addresses::table).values(&row).execute(conn).map_err(store_error)?;
            find(conn, user_id, id)?
                .map(AddressRow::into_domain)
                .ok_or_else(|| StoreError::Backend("inserted address vanished".into()))
        })
    }

    fn update(&self, user_id: &UserId, id: &AddressId, a: &ValidAddress, now: DateTime<Utc>) -> Result<Option<Address>, StoreError> {
        let (user_id, id) = (user_id.as_str(), id.as_str());
        self.db.write(|conn| {
            let Some(current) = find(conn, user_id, id)? else { return Ok(None) };
            if a.is_default && !current.is_default {
                unset_defaults(conn, user_id, now)?;
            }
            diesel::update(addresses::table.filter(addresses::id.eq(id)).filter(addresses::user_id.eq(user_id)))
                .set((
                    PostalColumns::from_domain(&a.postal),
                    addresses::is_default.eq(current.is_default || a.is_default),
                    addresses::updated_at.eq(now.naive_utc()),
                ))
                .execute(conn)
                .map_err(store_error)?;
            Ok(find(conn, user_id, id)?.map(AddressRow::into_domain))
        })
    }

    fn delete(&self, user_id: &UserId, id: &AddressId) -> Result<DeleteOutcome, StoreError> {
        let (user_id, id) = (user_id.as_str(), id.as_str());
        self.db.write(|conn| {
            let Some(current) = find(conn, user_id, id)? else { return Ok(DeleteOutcome::NotFound) };
            if current.is_default {
                return Ok(DeleteOutcome::IsDefault);
            }
            diesel::delete(
                addresses::table
                    .filter(addresses::id.eq(id))
                    .filter(addresses::user_id.eq(user_id))
                    .filter(addresses::is_default.eq(false)),
            )
            .execute(conn)
            .map_err(store_error)?;
            Ok(DeleteOutcome::Deleted)
        })
    }
}
