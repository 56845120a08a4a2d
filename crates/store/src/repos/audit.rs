//! The audit log table: rows are inserted, read newest first, never updated or deleted.

use chrono::{DateTime, NaiveDateTime, Utc};
use diesel::dsl::count_star;
use diesel::prelude::*;
use kernel::{PageRequest, StoreError};
use ::audit::{AuditEntry, AuditFilter, AuditStore, NewEntry};

use crate::conn::MultiBackend;
use crate::db::Db;
use crate::errors::store_error;
use crate::schema::audit_log;

#[derive(Clone)]
pub struct DieselAuditLog {
    db: Db,
}

impl DieselAuditLog {
    pub fn new(db: Db) -> Self {
        DieselAuditLog { db }
    }
}

type Row = (String, NaiveDateTime, String, String, String, String, Option<String>, String);

fn filtered(filter: &AuditFilter) -> audit_log::BoxedQuery<'static, MultiBackend> {
    let mut query = audit_log::table.into_boxed();
    if let Some(actor) = &filter.actor_id {
        query = query.filter(audit_log::actor_id.eq(actor.clone()));
    }
    if let Some(area) = &filter.area {
        query = query.filter(audit_log::area.eq(area.clone()));
    }
    if let Some(action) = &filter.action {
        query = query.filter(audit_log::action.eq(action.clone()));
    }
    if let Some(since) = filter.since {
        query = query.filter(audit_log::at.ge(since.naive_utc()));
    }
    if let Some(before) = filter.before {
        query = query.filter(audit_log::at.lt(before.naive_utc()));
    }
    query
}

impl AuditStore for DieselAuditLog {
    fn append(&self, entry: &AuditEntry) -> Result<(), StoreError> {
        let mut conn = self.db.conn()?;
        diesel::insert_into(audit_log::table)
            .values((
                audit_log::id.eq(&entry.id),
                audit_log::at.eq(entry.at.naive_utc()),
                audit_log::actor_id.eq(&entry.change.actor_id),
                audit_log::actor_name.eq(&entry.change.actor_name),
                audit_log::area.eq(&entry.change.area),
                audit_log::action.eq(&entry.change.action),
                audit_log::target.eq(&entry.change.target),
                audit_log::summary.eq(&entry.change.summary),
            ))
            .execute(&mut *conn)
            .map_err(store_error)?;
        Ok(())
    }

    fn search(&self, filter: &AuditFilter, page: PageRequest) -> Result<(Vec<AuditEntry>, u64), StoreError> {
        let mut conn = self.db.conn()?;
        let total: i64 = filtered(filter).select(count_star()).first(&mut *conn).map_err(store_error)?;
        let offset = i64::try_from(page.offset()).unwrap_or(i64::MAX);
        let rows: Vec<Row> = filtered(filter)
            .select(audit_log::all_columns)
            .order((audit_log::at.desc(), audit_log::id.desc()))
            .limit(i64::from(page.limit))
            .offset(offset)
            .load(&mut *conn)
            .map_err(store_error)?;
        let entries = rows
            .into_iter()
            .map(|(id, at, actor_id, actor_name, area, action, target, summary)| AuditEntry {
                id,
                at: DateTime::<Utc>::from_naive_utc_and_offset(at, Utc),
                change: NewEntry { actor_id, actor_name, area, action, target, summary },
            })
            .collect();
        Ok((entries, u64::try_from(total).unwrap_or(0)))
    }
}
