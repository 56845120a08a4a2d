//! The shared log of throttled attempts behind the accounts' `AttemptLog` port.

use accounts::{Admission, AttemptKey, AttemptLog};
use chrono::{DateTime, Duration, NaiveDateTime, Utc};
use diesel::prelude::*;
use kernel::StoreError;

use crate::conn::DbConn;
use crate::db::Db;
use crate::errors::store_error;
use crate::schema::auth_attempts;

/// Attempts older than this are removed whatever their rule (the longest window is 1 hour).
const KEEP_FOR: Duration = Duration::days(1);

#[derive(Clone)]
pub struct DieselAttemptLog {
    db: Db,
}

impl DieselAttemptLog {
    pub fn new(db: Db) -> Self {
        DieselAttemptLog { db }
    }
}

/// On PostgreSQL, parallel transactions for one key queue on a transaction-scoped advisory
/// lock, so the count and the insert are one step; SQLite's immediate transaction already
/// admits one writer at a time.
fn serialise_key(conn: &mut DbConn, key: &AttemptKey<'_>) -> Result<(), StoreError> {
    if let DbConn::Postgres(pg) = conn {
        let name = format!("{}\u{1f}{}\u{1f}{}", key.action, key.subject, key.address);
        diesel::sql_query("SELECT pg_advisory_xact_lock(hashtextextended($1, 0))")
            .bind::<diesel::sql_types::Text, _>(name)
            .execute(pg)
            .map_err(store_error)?;
    }
    Ok(())
}

impl AttemptLog for DieselAttemptLog {
    fn admit(&self, key: &AttemptKey<'_>, since: DateTime<Utc>, max: u32, now: DateTime<Utc>) -> Result<Admission, StoreError> {
        self.db.write(|conn| {
            serialise_key(conn, key)?;
            diesel::delete(auth_attempts::table.filter(auth_attempts::attempted_at.lt((now - KEEP_FOR).naive_utc())))
                .execute(conn)
                .map_err(store_error)?;
            let counted: Vec<NaiveDateTime> = auth_attempts::table
                .filter(auth_attempts::action.eq(key.action))
                .filter(auth_attempts::subject.eq(key.subject))
                .filter(auth_attempts::address.eq(key.address))
                .filter(auth_attempts::attempted_at.gt(since.naive_utc()))
                .select(auth_attempts::attempted_at)
                .order(auth_attempts::attempted_at.asc())
                .limit(i64::from(max))
                .load(conn)
                .map_err(store_error)?;
            if counted.len() >= max as usize {
                let oldest = counted.first().map(|t| t.and_utc()).unwrap_or(now);
                return Ok(Admission::Refused { oldest });
            }
            diesel::insert_into(auth_attempts::table)
                .values((
                    auth_attempts::id.eq(kernel::new_id()),
                    auth_attempts::action.eq(key.action),
                    auth_attempts::subject.eq(key.subject),
                    auth_attempts::address.eq(key.address),
                    auth_attempts::attempted_at.eq(now.naive_utc()),
                ))
                .execute(conn)
                .map_err(store_error)?;
            Ok(Admission::Admitted)
        })
    }

    fn forget(&self, action: &'static str, subject: &str, address: Option<&str>) -> Result<(), StoreError> {
        let mut conn = self.db.conn()?;
        let mut query = diesel::delete(auth_attempts::table)
            .filter(auth_attempts::action.eq(action))
            .filter(auth_attempts::subject.eq(subject))
            .into_boxed();
        if let Some(address) = address {
            query = query.filter(auth_attempts::address.eq(address));
        }
        query.execute(&mut *conn).map(|_| ()).map_err(store_error)
    }
}
