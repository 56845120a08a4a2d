//! Versions of the shared read models (`change_versions`): every write to the catalogue
//! (including stock moved by orders) or to the content raises its kind's version in the
//! write's own transaction. On PostgreSQL the same transaction sends
//! `NOTIFY shop_changes, '<kind> <version>[ <product ids>]'`, delivered to every listening
//! instance when (and only if) the transaction commits.

use diesel::prelude::*;
use diesel::sql_types::Text;
use kernel::StoreError;

use crate::conn::DbConn;
use crate::db::Db;
use crate::errors::store_error;
use crate::schema::change_versions;

/// The channel the shop's instances listen on.
pub const CHANNEL: &str = "shop_changes";

/// A kind of shared read model.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ChangeKind {
    /// Categories, products, variants, images and stock.
    Catalog,
    /// Company details and legal pages.
    Content,
}

impl ChangeKind {
    pub fn as_str(self) -> &'static str {
        match self {
            ChangeKind::Catalog => "catalog",
            ChangeKind::Content => "content",
        }
    }

    pub fn parse(text: &str) -> Option<ChangeKind> {
        match text {
            "catalog" => Some(ChangeKind::Catalog),
            "content" => Some(ChangeKind::Content),
            _ => None,
        }
    }
}

/// One committed change as announced by a notification.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Change {
    pub kind: ChangeKind,
    pub version: i64,
    /// The products whose stock alone changed (an order); empty means "anything may have
    /// changed".
    pub products: Vec<String>,
}

impl Change {
    /// Reads a notification's payload: `<kind> <version>[ <id>,<id>...]`.
    pub fn parse(payload: &str) -> Option<Change> {
        let mut parts = payload.splitn(3, ' ');
        let kind = ChangeKind::parse(parts.next()?)?;
        let version = parts.next()?.parse().ok()?;
        let products = parts
            .next()
            .map(|ids| ids.split(',').filter(|s| !s.is_empty()).map(str::to_string).collect())
            .unwrap_or_default();
        Some(Change { kind, version, products })
    }
}

/// NOTIFY payloads must stay under 8000 bytes: beyond this many ids the change is
/// announced without them (the listeners then reload everything).
const MAX_IDS_IN_PAYLOAD: usize = 100;

/// Raises `kind`'s version inside the caller's transaction (and, on PostgreSQL, queues the
/// notification sent at commit). `products`: the products whose stock alone changed.
pub fn bump(conn: &mut DbConn, kind: ChangeKind, products: &[String]) -> QueryResult<()> {
    match conn {
        DbConn::Postgres(pg) => {
            let ids = if products.len() <= MAX_IDS_IN_PAYLOAD { products.join(",") } else { String::new() };
            diesel::sql_query(
                "WITH v AS (UPDATE change_versions SET version = version + 1 WHERE kind = $1 RETURNING version) \
                 SELECT pg_notify($3, $1 || ' ' || v.version || CASE WHEN $2 = '' THEN '' ELSE ' ' || $2 END) FROM v",
            )
            .bind::<Text, _>(kind.as_str())
            .bind::<Text, _>(ids)
            .bind::<Text, _>(CHANNEL)
            .execute(pg)?;
            Ok(())
        }
        DbConn::Sqlite(_) => {
            diesel::update(change_versions::table.filter(change_versions::kind.eq(kind.as_str())))
                .set(change_versions::version.eq(change_versions::version + 1))
                .execute(conn)?;
            Ok(())
        }
    }
}

/// The current version of every kind.
pub fn current(db: &Db) -> Result<Vec<(ChangeKind, i64)>, StoreError> {
    let mut conn = db.conn()?;
    let rows: Vec<(String, i64)> = change_versions::table
        .select((change_versions::kind, change_versions::version))
        .load(&mut conn)
        .map_err(store_error)?;
    Ok(rows.into_iter().filter_map(|(k, v)| ChangeKind::parse(&k).map(|k| (k, v))).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn payloads_read_back() {
        assert_eq!(
            Change::parse("catalog 12 a,b"),
            Some(Change { kind: ChangeKind::Catalog, version: 12, products: vec!["a".into(), "b".into()] })
        );
        assert_eq!(Change::parse("content 3"), Some(Change { kind: ChangeKind::Content, version: 3, products: vec![] }));
        assert_eq!(Change::parse("other 3"), None);
        assert_eq!(Change::parse("catalog x"), None);
    }
}
