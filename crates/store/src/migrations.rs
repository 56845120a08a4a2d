use diesel_migrations::{embed_migrations, EmbeddedMigrations, MigrationHarness};
use kernel::StoreError;

use crate::conn::DbConn;
use crate::db::Db;

const SQLITE: EmbeddedMigrations = embed_migrations!("../../migrations/sqlite");
const POSTGRES: EmbeddedMigrations = embed_migrations!("../../migrations/postgres");

/// Applies every pending migration of the connected backend; returns the versions applied
/// (empty on a database that is already up to date).
pub fn run_pending(db: &Db) -> Result<Vec<String>, StoreError> {
    let mut conn = db.conn()?;
    let applied = match &mut *conn {
        DbConn::Sqlite(c) => c.run_pending_migrations(SQLITE).map(|v| v.iter().map(|m| m.to_string()).collect()),
        DbConn::Postgres(c) => c.run_pending_migrations(POSTGRES).map(|v| v.iter().map(|m| m.to_string()).collect()),
    };
    applied.map_err(|e| StoreError::Backend(format!("migration failed: {e}")))
}

/// Reverts applied migrations, newest first, until `version` (a folder name's leading
/// digits, e.g. `2026-11-26-200000`) is reverted too. For tests of what a migration does to
/// the rows that were there before it.
pub fn revert_through(db: &Db, version: &str) -> Result<(), StoreError> {
    let mut conn = db.conn()?;
    let wanted = version.replace('-', "");
    let fail = |e: Box<dyn std::error::Error + Send + Sync>| StoreError::Backend(format!("revert failed: {e}"));
    loop {
        let applied: Vec<String> = match &mut *conn {
            DbConn::Sqlite(c) => c.applied_migrations(),
            DbConn::Postgres(c) => c.applied_migrations(),
        }
        .map_err(fail)?
        .iter()
        .map(|v| v.to_string())
        .collect();
        if !applied.iter().any(|v| v.replace('-', "") == wanted) {
            return Ok(());
        }
        match &mut *conn {
            DbConn::Sqlite(c) => c.revert_last_migration(SQLITE).map(|_| ()),
            DbConn::Postgres(c) => c.revert_last_migration(POSTGRES).map(|_| ()),
        }
        .map_err(fail)?;
    }
}
