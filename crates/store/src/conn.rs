use diesel::connection::SimpleConnection;
use diesel::pg::PgConnection;
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
    type Connection = DbConn;
    type Error = ConnectError;

    fn connect(&self) -> Result<DbConn, ConnectError> {
        establish(&self.target).map_err(ConnectError)
    }

    fn is_valid(&self, conn: &mut DbConn) -> Result<(), ConnectError> {
        conn.batch_execute("SELECT 1").map_err(|e| ConnectError(e.to_string()))
    }

    fn has_broken(&self, _conn: &mut DbConn) -> bool {
        false
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
