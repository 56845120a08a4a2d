//! How the instances on one PostgreSQL database learn of each other's changes.
//!
//! - **Catalogue and content writes** (rare: the back office) raise their kind's version
//!   row (`change_versions`) in the write's own transaction, and the same transaction sends
//!   `NOTIFY shop_changes, '<kind> <version> <origin>'`, delivered to every listening
//!   instance when (and only if) the transaction commits.
//! - **Stock moved by orders** (frequent) touches no shared row: many orders commit at once
//!   without queuing on one. Right after the order's transaction commits, the instance
//!   sends `stock <origin> <product ids>` on the same channel; every other instance then
//!   re-reads those products. While nobody listens, the instances compare a fingerprint of
//!   every variant's stock ([`Versions::stock`]: a sum of one hash per variant) instead.
//!
//! `<origin>` names the instance that wrote ([`crate::Db::instance`]), so it does not
//! apply its own change a second time: it already did, right after the write.

use diesel::prelude::*;
use diesel::sql_types::Text;
use kernel::StoreError;

use crate::conn::DbConn;
use crate::db::Db;
use crate::errors::store_error;
use crate::schema::change_versions;

/// The channel the shop's instances listen on.
pub const CHANNEL: &str = "shop_changes";

/// A kind of shared read model with a version row.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ChangeKind {
    /// Categories, products, variants and images (stock moved by orders: see [`Change::Stock`]).
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
pub enum Change {
    /// A version row moved (a back-office write), committed by the instance `origin`.
    Version { kind: ChangeKind, version: i64, origin: String },
    /// Orders committed by the instance `origin` moved the stock of these products (empty:
    /// too many to name, anything may have moved).
    Stock { origin: String, products: Vec<String> },
}

impl Change {
    /// Reads a notification's payload: `<kind> <version> <origin>` or
    /// `stock <origin>[ <id>,<id>...]`.
    pub fn parse(payload: &str) -> Option<Change> {
        let mut parts = payload.splitn(3, ' ');
        match parts.next()? {
            "stock" => {
                let origin = parts.next().filter(|o| !o.is_empty())?.to_string();
                let products = parts
                    .next()
                    .map(|ids| ids.split(',').filter(|s| !s.is_empty()).map(str::to_string).collect())
                    .unwrap_or_default();
                Some(Change::Stock { origin, products })
            }
            kind => {
                let kind = ChangeKind::parse(kind)?;
                let version = parts.next()?.parse().ok()?;
                let origin = parts.next().unwrap_or_default().to_string();
                Some(Change::Version { kind, version, origin })
            }
        }
    }
}

/// NOTIFY payloads must stay under 8000 bytes: beyond this many ids the change is
/// announced without them (the listeners then reload everything).
const MAX_IDS_IN_PAYLOAD: usize = 100;

/// Raises `kind`'s version inside the caller's transaction (and, on PostgreSQL, queues the
/// notification sent at commit). `origin`: the writing instance.
pub fn bump(conn: &mut DbConn, kind: ChangeKind, origin: &str) -> QueryResult<()> {
    match conn {
        DbConn::Postgres(pg) => {
            diesel::sql_query(
                "WITH v AS (UPDATE change_versions SET version = version + 1 WHERE kind = $1 RETURNING version) \
                 SELECT pg_notify($3, $1 || ' ' || v.version || ' ' || $2) FROM v",
            )
            .bind::<Text, _>(kind.as_str())
            .bind::<Text, _>(origin)
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

/// Announces, after their transaction committed, that orders moved the stock of
/// `products` (PostgreSQL; nothing to do on SQLite, where one process owns the file).
pub fn announce_stock(db: &Db, products: &[String]) -> Result<(), StoreError> {
    if db.postgres_url().is_none() || products.is_empty() {
        return Ok(());
    }
    let ids = if products.len() <= MAX_IDS_IN_PAYLOAD { products.join(",") } else { String::new() };
    let payload = format!("stock {} {ids}", db.instance());
    let mut conn = db.conn()?;
    crate::conn::Prepared(diesel::sql_query("SELECT pg_notify($1, $2)").bind::<Text, _>(CHANNEL).bind::<Text, _>(payload.trim_end()))
        .execute(&mut *conn)
        .map_err(store_error)?;
    Ok(())
}

/// What the shared read models look like now: every version row and the stock fingerprint.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Versions {
    pub rows: Vec<(ChangeKind, i64)>,
    /// A digest of every variant's stock: it differs whenever any stock differs.
    pub stock: String,
}

#[derive(QueryableByName)]
struct Fingerprint {
    #[diesel(sql_type = Text)]
    digest: String,
}

/// The current version of every kind, and the stock fingerprint.
pub fn current(db: &Db) -> Result<Versions, StoreError> {
    let mut conn = db.conn()?;
    let rows: Vec<(String, i64)> = change_versions::table
        .select((change_versions::kind, change_versions::version))
        .load(&mut *conn)
        .map_err(store_error)?;
    let digest = match &mut *conn {
        DbConn::Postgres(pg) => {
            diesel::sql_query(
                // One 64-bit hash per variant, summed: no string the size of the table is
                // built, and any stock that moves changes the sum.
                "SELECT count(*) || ':' || coalesce(sum(hashtextextended(id || ':' || stock, 0)::numeric), 0) AS digest \
                 FROM variants",
            )
            .get_result::<Fingerprint>(pg)
            .map_err(store_error)?
            .digest
        }
        DbConn::Sqlite(lite) => {
            diesel::sql_query("SELECT coalesce(group_concat(id || ':' || stock, ','), '') AS digest FROM (SELECT id, stock FROM variants ORDER BY id)")
                .get_result::<Fingerprint>(lite)
                .map_err(store_error)?
                .digest
        }
    };
    Ok(Versions { rows: rows.into_iter().filter_map(|(k, v)| ChangeKind::parse(&k).map(|k| (k, v))).collect(), stock: digest })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn payloads_read_back() {
        assert_eq!(
            Change::parse("catalog 12 i1"),
            Some(Change::Version { kind: ChangeKind::Catalog, version: 12, origin: "i1".into() })
        );
        assert_eq!(
            Change::parse("content 3 i2"),
            Some(Change::Version { kind: ChangeKind::Content, version: 3, origin: "i2".into() })
        );
        assert_eq!(
            Change::parse("stock i1 a,b"),
            Some(Change::Stock { origin: "i1".into(), products: vec!["a".into(), "b".into()] })
        );
        assert_eq!(Change::parse("stock i1"), Some(Change::Stock { origin: "i1".into(), products: vec![] }));
        assert_eq!(Change::parse("stock"), None);
        assert_eq!(Change::parse("other 3 i1"), None);
        assert_eq!(Change::parse("catalog x i1"), None);
    }
}
