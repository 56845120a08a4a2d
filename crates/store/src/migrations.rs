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
