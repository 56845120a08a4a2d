use std::time::{Duration, Instant};

use diesel::connection::SimpleConnection;
use diesel::pg::PgConnection;
use diesel::r2d2::R2D2Connection;
use diesel::sqlite::SqliteConnection;
use diesel::Connection;

/// One connection type for both databases: queries written against it run on either.
#[derive(diesel::MultiConnection)]
pub enum DbConn {
    Sqlite(SqliteConnection),
    Postgres(PgConnection),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

/// Where a database URL points.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Target {
    /// A file path for SQLite.
    Sqlite(String),
    /// A libpq connection URL.
    Postgres(String),
}

impl Target {
    /// `postgres://` and `postgresql://` select PostgreSQL; `sqlite://path`, `sqlite:path`
    /// or a bare path select SQLite.
    pub fn parse(url: &str) -> Target {
        let url = url.trim();
        if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            return Target::Postgres(url.to_string());
        }
        let path = url
            .strip_prefix("sqlite://")
            .or_else(|| url.strip_prefix("sqlite:"))
            .unwrap_or(url);
        Target::Sqlite(path.to_string())
    }

    pub fn backend(&self) -> Backend {
        match self {
            Target::Sqlite(_) => Backend::Sqlite,
            Target::Postgres(_) => Backend::Postgres,
        }
    }
}

/// Settings every SQLite connection gets when it is opened: WAL so readers never wait for
/// the writer, a busy timeout instead of instant "database is locked", enforced foreign keys.
const SQLITE_PRAGMAS: &str = "PRAGMA journal_mode = WAL;
PRAGMA busy_timeout = 5000;
PRAGMA foreign_keys = ON;
PRAGMA synchronous = NORMAL;";

/// Opens one connection, with the driver's own error text when it fails (a wrong
/// PostgreSQL password says so at once).
pub fn establish(target: &Target) -> Result<DbConn, String> {
    match target {
        Target::Sqlite(path) => {
            if let Some(parent) = std::path::Path::new(path).parent() {
                if !parent.as_os_str().is_empty() {
                    std::fs::create_dir_all(parent)
                        .map_err(|e| format!("cannot create the folder {}: {e}", parent.display()))?;
                }
            }
            let mut conn = SqliteConnection::establish(path).map_err(|e| e.to_string())?;
            conn.batch_execute(SQLITE_PRAGMAS).map_err(|e| e.to_string())?;
            Ok(DbConn::Sqlite(conn))
        }
        Target::Postgres(url) => PgConnection::establish(url)
            .map(DbConn::Postgres)
            .map_err(|e| e.to_string()),
    }
}

/// A connection is taken from the pool without a test query when it came back this
/// recently: it answered a moment ago, and a query round trip per checkout (an order takes
/// about ten) costs PostgreSQL more than the query itself. A connection a failure broke
/// (a restarted server) is dropped when it comes back ([`Manager::has_broken`]), so it
/// fails one request at most. The same bypass window as HikariCP's alive check.
pub const CHECKED_RECENTLY: Duration = Duration::from_millis(500);

/// A pooled connection and when it last came back to the pool.
pub struct Pooled {
    conn: DbConn,
    returned: Instant,
}

impl std::ops::Deref for Pooled {
    type Target = DbConn;

    fn deref(&self) -> &DbConn {
        &self.conn
    }
}

impl std::ops::DerefMut for Pooled {
    fn deref_mut(&mut self) -> &mut DbConn {
        &mut self.conn
    }
}

/// The r2d2 manager: written by hand because the derived `establish` of a
/// MultiConnection hides which backend failed and why.
#[derive(Debug)]
pub struct Manager {
    target: Target,
}

impl Manager {
    pub fn new(target: Target) -> Self {
        Manager { target }
    }
}

#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct ConnectError(pub String);

impl r2d2::ManageConnection for Manager {
    type Connection = Pooled;
    type Error = ConnectError;

    fn connect(&self) -> Result<Pooled, ConnectError> {
        establish(&self.target).map(|conn| Pooled { conn, returned: Instant::now() }).map_err(ConnectError)
    }

    fn is_valid(&self, pooled: &mut Pooled) -> Result<(), ConnectError> {
        if pooled.returned.elapsed() < CHECKED_RECENTLY {
            return Ok(());
        }
        pooled.conn.batch_execute("SELECT 1").map_err(|e| ConnectError(e.to_string()))
    }

    /// Broken: the server went away (libpq no longer knows the transaction state) or a
    /// transaction was left open.
    fn has_broken(&self, pooled: &mut Pooled) -> bool {
        pooled.returned = Instant::now();
        match &mut pooled.conn {
            DbConn::Postgres(pg) => pg.is_broken(),
            DbConn::Sqlite(lite) => lite.is_broken(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn url_selects_the_backend() {
        assert_eq!(Target::parse("sqlite://data/shop.db"), Target::Sqlite("data/shop.db".into()));
        assert_eq!(Target::parse("sqlite:///tmp/x.db"), Target::Sqlite("/tmp/x.db".into()));
        assert_eq!(Target::parse("sqlite:shop.db"), Target::Sqlite("shop.db".into()));
        assert_eq!(Target::parse("/var/shop.db"), Target::Sqlite("/var/shop.db".into()));
        assert_eq!(Target::parse("postgres://u@h/db").backend(), Backend::Postgres);
        assert_eq!(Target::parse("postgresql://u@h/db").backend(), Backend::Postgres);
    }
}

/// `sql` with PostgreSQL's parameter marks (`$1`, `$2` ...) as SQLite numbers them (`?1`,
/// `?2` ...): one text for both databases. `$` appears in the shop's SQL only as a mark.
pub(crate) fn sqlite_marks(sql: &str) -> String {
    sql.replace('$', "?")
}

/// Runs one hand-written statement on either database: `raw_sql!(conn, sql, method,
/// (SqlType, value), ...)` binds the values in order and ends with `method` (`load`,
/// `get_result`, `execute`). `sql` uses `$n` marks (see [`sqlite_marks`]) and must be a
/// fixed text: the statement stays prepared on the connection ([`Prepared`]).
macro_rules! raw_sql {
    ($conn:expr, $sql:expr, $method:ident $(, ($ty:ty, $value:expr))* $(,)?) => {
        match $conn {
            $crate::conn::DbConn::Postgres(pg) => {
                $crate::conn::Prepared(diesel::sql_query($sql)$(.bind::<$ty, _>($value))*).$method(pg)
            }
            $crate::conn::DbConn::Sqlite(lite) => {
                $crate::conn::Prepared(diesel::sql_query($crate::conn::sqlite_marks($sql))$(.bind::<$ty, _>($value))*).$method(lite)
            }
        }
    };
}
pub(crate) use raw_sql;

/// A hand-written statement (`diesel::sql_query`) kept prepared on its connection, keyed by
/// its SQL text, like the statements diesel builds: diesel never caches `sql_query`, so
/// PostgreSQL parsed and planned each one afresh on every run (placing an order runs
/// several). Only for FIXED texts: each distinct text stays in the connection's cache (a text
/// that varies per call, such as an `IN` list, is marked the other way: `Planned` in repos/orders.rs).
#[derive(Debug, Clone)]
pub(crate) struct Prepared<Q>(pub Q);

impl<Q> diesel::query_builder::QueryId for Prepared<Q> {
    type QueryId = ();
    // No type to key the cache by: the SQL text and bind types are the key.
    const HAS_STATIC_QUERY_ID: bool = false;
}

impl<Q: diesel::query_builder::Query> diesel::query_builder::Query for Prepared<Q> {
    type SqlType = Q::SqlType;
}

impl<Q: diesel::query_builder::QueryFragment<DB>, DB: diesel::backend::Backend> diesel::query_builder::QueryFragment<DB>
    for Prepared<Q>
{
    fn walk_ast<'b>(&'b self, pass: diesel::query_builder::AstPass<'_, 'b, DB>) -> diesel::QueryResult<()> {
        self.0.walk_ast(pass)
    }

    fn is_safe_to_cache_prepared(&self, _backend: &DB) -> diesel::QueryResult<bool> {
        Ok(true)
    }
}

impl<Q, C> diesel::RunQueryDsl<C> for Prepared<Q> {}
