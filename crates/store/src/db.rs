use std::sync::{Arc, Mutex};
use std::time::Duration;

use diesel::connection::SimpleConnection;
use diesel::Connection;
use kernel::StoreError;

use crate::conn::{establish, Backend, DbConn, Manager, Target};
use crate::errors::store_error;
use crate::versions::{self, ChangeKind};

/// A connection from the pool, back in the pool when dropped.
pub struct PooledConn(r2d2::PooledConnection<Manager>);

impl std::ops::Deref for PooledConn {
    type Target = DbConn;

    fn deref(&self) -> &DbConn {
        &self.0
    }
}

impl std::ops::DerefMut for PooledConn {
    fn deref_mut(&mut self) -> &mut DbConn {
        &mut self.0
    }
}

/// The database handle every repository holds: a connection pool plus, for SQLite, the
/// one lock that orders writers inside this process.
#[derive(Clone)]
pub struct Db {
    pool: r2d2::Pool<Manager>,
    backend: Backend,
    /// SQLite allows one writer at a time. Queuing writers on a mutex here is far cheaper
    /// than letting them spin in SQLite's busy handler; readers never take it (WAL).
    sqlite_writer: Arc<Mutex<()>>,
    /// The PostgreSQL URL, for connections outside the pool (the change listener).
    postgres_url: Option<Arc<str>>,
    /// Names this instance of the shop in its change notifications (see
    /// [`crate::versions`]), so it does not apply its own changes twice.
    instance: Arc<str>,
}

/// A failure to open the database, with the driver's own words.
#[derive(Debug, thiserror::Error)]
#[error("cannot open the database: {0}")]
pub struct OpenError(pub String);

/// How a PostgreSQL transaction ended badly: in the driver, or in the caller's work.
enum TxFail<E> {
    Driver(diesel::result::Error),
    Work(E),
}

impl<E> From<diesel::result::Error> for TxFail<E> {
    fn from(e: diesel::result::Error) -> Self {
        TxFail::Driver(e)
    }
}

impl Db {
    /// Connects once before building the pool so that a wrong password or a missing
    /// server is reported immediately with the real reason, not after a pool timeout.
    pub fn open(url: &str) -> Result<Db, OpenError> {
        let target = Target::parse(url);
        let backend = target.backend();
        drop(establish(&target).map_err(OpenError)?);
        let max_size = match backend {
            Backend::Sqlite => 8,
            Backend::Postgres => 16,
        };
        let postgres_url = match &target {
            Target::Postgres(url) => Some(Arc::from(url.as_str())),
            Target::Sqlite(_) => None,
        };
        let pool = r2d2::Pool::builder()
            .max_size(max_size)
            .min_idle(Some(1))
            .connection_timeout(Duration::from_secs(10))
            .build(Manager::new(target))
            .map_err(|e| OpenError(e.to_string()))?;
        Ok(Db { pool, backend, sqlite_writer: Arc::new(Mutex::new(())), postgres_url, instance: new_instance() })
    }

    pub fn backend(&self) -> Backend {
        self.backend
    }

    /// The connection URL when the database is PostgreSQL.
    pub fn postgres_url(&self) -> Option<&str> {
        self.postgres_url.as_deref()
    }

    /// The name of the shop instance this handle writes for.
    pub fn instance(&self) -> &str {
        &self.instance
    }

    /// The same database (and pool) for another shop instance in this process, with a
    /// name of its own (tests run several instances in one process).
    pub fn for_new_instance(&self) -> Db {
        Db { instance: new_instance(), ..self.clone() }
    }

    pub fn conn(&self) -> Result<PooledConn, StoreError> {
        self.pool.get().map(PooledConn).map_err(|e| StoreError::Backend(e.to_string()))
    }

    /// Runs `work` in one write transaction. On SQLite the transaction is `BEGIN IMMEDIATE`
    /// (the write lock is taken up front, so it can never fail half-way on an upgrade);
    /// on PostgreSQL it is an ordinary transaction. Any error or panic rolls back.
    pub fn write<T, E>(&self, work: impl FnOnce(&mut DbConn) -> Result<T, E>) -> Result<T, E>
    where
        E: From<StoreError>,
    {
        match self.backend {
            Backend::Postgres => {
                let mut conn = self.conn()?;
                conn.transaction(|c| work(c).map_err(TxFail::Work)).map_err(|fail| match fail {
                    TxFail::Driver(e) => E::from(store_error(e)),
                    TxFail::Work(e) => e,
                })
            }
            Backend::Sqlite => {
                let _writer = self.sqlite_writer.lock().unwrap_or_else(|e| e.into_inner());
                let mut conn = self.conn()?;
                immediate_transaction(&mut conn, work)
            }
        }
    }

    /// Runs `work`, which must be ONE statement, as a write: on PostgreSQL without
    /// `BEGIN`/`COMMIT` (a single statement is its own transaction: two round trips less),
    /// on SQLite as [`Db::write`] (its writers queue on the process's lock).
    pub fn write_one<T, E>(&self, work: impl FnOnce(&mut DbConn) -> Result<T, E>) -> Result<T, E>
    where
        E: From<StoreError>,
    {
        match self.backend {
            Backend::Postgres => work(&mut *self.conn()?),
            Backend::Sqlite => self.write(work),
        }
    }

    /// Like [`Db::write`], and raises `kind`'s version in the same transaction when the work
    /// succeeds (on PostgreSQL the other instances are notified at commit; see
    /// [`crate::versions`]).
    pub fn write_changing<T, E>(
        &self,
        kind: ChangeKind,
        work: impl FnOnce(&mut DbConn) -> Result<T, E>,
    ) -> Result<T, E>
    where
        E: From<StoreError>,
    {
        self.write(|conn| {
            let value = work(conn)?;
            versions::bump(conn, kind, &self.instance).map_err(|e| E::from(store_error(e)))?;
            Ok(value)
        })
    }

    /// Checks that the database answers a query.
    pub fn ping(&self) -> Result<(), StoreError> {
        self.conn()?.batch_execute("SELECT 1").map_err(store_error)
    }
}

fn new_instance() -> Arc<str> {
    Arc::from(uuid::Uuid::new_v4().simple().to_string().as_str())
}

fn immediate_transaction<T, E>(conn: &mut DbConn, work: impl FnOnce(&mut DbConn) -> Result<T, E>) -> Result<T, E>
where
    E: From<StoreError>,
{
    conn.batch_execute("BEGIN IMMEDIATE").map_err(store_error)?;
    match std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| work(conn))) {
        Ok(Ok(value)) => match conn.batch_execute("COMMIT") {
            Ok(()) => Ok(value),
            Err(e) => {
                let _ = conn.batch_execute("ROLLBACK");
                Err(E::from(store_error(e)))
            }
        },
        Ok(Err(e)) => {
            let _ = conn.batch_execute("ROLLBACK");
            Err(e)
        }
        Err(panic) => {
            let _ = conn.batch_execute("ROLLBACK");
            std::panic::resume_unwind(panic)
        }
    }
}
