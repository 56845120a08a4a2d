//! Fresh, isolated databases for tests: a temporary SQLite FILE (":memory:" would give
//! every pooled connection its own empty database) and, when `TEST_DATABASE_URL` is set, a
//! new PostgreSQL database per test, dropped afterwards.

use diesel::connection::SimpleConnection;
use diesel::pg::PgConnection;
use diesel::Connection;

use crate::conn::Backend;
use crate::db::Db;
use crate::migrations;

/// A migrated database that disappears when dropped.
pub struct TestDb {
    pub db: Db,
    pub url: String,
    cleanup: Cleanup,
}

enum Cleanup {
    Sqlite(#[allow(dead_code)] tempfile::TempDir),
    Postgres { admin_url: String, name: String },
}

impl TestDb {
    /// Every backend this run can test: SQLite always, PostgreSQL when
    /// `TEST_DATABASE_URL` is set. Under CI (`CI` set) a missing PostgreSQL is a failure,
    /// never a silent skip.
    pub fn backends() -> Vec<Backend> {
        let mut list = vec![Backend::Sqlite];
        if std::env::var("TEST_DATABASE_URL").is_ok_and(|u| !u.is_empty()) {
            list.push(Backend::Postgres);
        } else if std::env::var("CI").is_ok_and(|v| !v.is_empty() && v != "false") {
            panic!("CI must run the PostgreSQL tests: set TEST_DATABASE_URL");
        }
        list
    }

    pub fn new(backend: Backend) -> TestDb {
        let test_db = match backend {
            Backend::Sqlite => Self::sqlite(),
            Backend::Postgres => Self::postgres(),
        };
        if let Err(e) = migrations::run_pending(&test_db.db) {
            panic!("migrations failed on the test database: {e}");
        }
        test_db
    }

    fn sqlite() -> TestDb {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("temp dir: {e}"));
        let url = format!("sqlite://{}", dir.path().join("shop.db").display());
        let db = Db::open(&url).unwrap_or_else(|e| panic!("{e}"));
        TestDb { db, url, cleanup: Cleanup::Sqlite(dir) }
    }

    fn postgres() -> TestDb {
        let admin_url = std::env::var("TEST_DATABASE_URL").unwrap_or_default();
        let name = format!("shop_test_{}", uuid::Uuid::new_v4().simple());
        let mut admin = PgConnection::establish(&admin_url).unwrap_or_else(|e| panic!("TEST_DATABASE_URL: {e}"));
        admin
            .batch_execute(&format!("CREATE DATABASE {name}"))
            .unwrap_or_else(|e| panic!("create test database: {e}"));
        let url = replace_database(&admin_url, &name);
        let db = Db::open(&url).unwrap_or_else(|e| panic!("{e}"));
        TestDb { db, url, cleanup: Cleanup::Postgres { admin_url, name } }
    }
}

/// Swaps the database name in a `postgres://user@host:port/dbname?params` URL.
fn replace_database(url: &str, name: &str) -> String {
    let (base, params) = match url.split_once('?') {
        Some((b, p)) => (b, Some(p)),
        None => (url, None),
    };
    let scheme_end = base.find("://").map(|i| i + 3).unwrap_or(0);
    let host_part = match base[scheme_end..].find('/') {
        Some(slash) => &base[..scheme_end + slash],
        None => base,
    };
    match params {
        Some(p) => format!("{host_part}/{name}?{p}"),
        None => format!("{host_part}/{name}"),
    }
}

impl Drop for TestDb {
    fn drop(&mut self) {
        if let Cleanup::Postgres { admin_url, name } = &self.cleanup {
            if let Ok(mut admin) = PgConnection::establish(admin_url) {
                let _ = admin.batch_execute(&format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::replace_database;

    #[test]
    fn swaps_the_database_name() {
        assert_eq!(replace_database("postgres://u@127.0.0.1:5432/test", "x"), "postgres://u@127.0.0.1:5432/x");
        assert_eq!(replace_database("postgres://127.0.0.1/test?sslmode=disable", "x"), "postgres://127.0.0.1/x?sslmode=disable");
        assert_eq!(replace_database("postgres://127.0.0.1", "x"), "postgres://127.0.0.1/x");
    }
}
