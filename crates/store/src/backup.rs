//! Backups of the SQLite database: a consistent copy while the shop runs (`VACUUM INTO`),
//! and a restore that only happens while no shop holds the database's lock file.
//! PostgreSQL is backed up with its own tools (`pg_dump`; see the README).

use std::fs::{File, OpenOptions};
use std::path::{Path, PathBuf};

use diesel::connection::SimpleConnection;

use crate::conn::{establish, Target};

/// The SQLite file behind a database URL, or an error for PostgreSQL.
pub fn sqlite_path(url: &str) -> Result<PathBuf, String> {
    match Target::parse(url) {
        Target::Sqlite(path) => Ok(PathBuf::from(path)),
        Target::Postgres(_) => Err("this is a PostgreSQL database: back it up with pg_dump (see the README)".into()),
    }
}

/// The lock file `shop serve` holds for as long as it runs: `<database>.lock`.
pub fn lock_path(db: &Path) -> PathBuf {
    let mut name = db.as_os_str().to_owned();
    name.push(".lock");
    PathBuf::from(name)
}

/// Takes the database's lock, or says that a shop is running on it. Keep the file open.
pub fn lock(db: &Path) -> Result<File, String> {
    if let Some(parent) = db.parent().filter(|p| !p.as_os_str().is_empty()) {
        std::fs::create_dir_all(parent).map_err(|e| format!("cannot create {}: {e}", parent.display()))?;
    }
    let path = lock_path(db);
    let file = OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(&path)
        .map_err(|e| format!("cannot open {}: {e}", path.display()))?;
    file.try_lock().map_err(|_| format!("a shop is running on {} (it holds {})", db.display(), path.display()))?;
    Ok(file)
}

fn quote(path: &Path) -> String {
    format!("'{}'", path.display().to_string().replace('\'', "''"))
}

/// Writes a consistent copy of the live database to `dest` (which must not exist yet).
pub fn backup(url: &str, dest: &Path) -> Result<(), String> {
    let db = sqlite_path(url)?;
    if !db.is_file() {
        return Err(format!("no database at {}", db.display()));
    }
    if dest.exists() {
        return Err(format!("{} already exists: choose a new file name", dest.display()));
    }
    let mut conn = establish(&Target::Sqlite(db.display().to_string()))?;
    conn.batch_execute(&format!("VACUUM INTO {}", quote(dest))).map_err(|e| format!("backup failed: {e}"))
}

/// Replaces the database with the backup `src`, refusing while a shop runs on it.
pub fn restore(url: &str, src: &Path) -> Result<(), String> {
    let db = sqlite_path(url)?;
    // The backup must be a healthy SQLite database before it replaces anything.
    let mut check = establish(&Target::Sqlite(src.display().to_string()))?;
    check.batch_execute("PRAGMA quick_check; SELECT 1 FROM __diesel_schema_migrations LIMIT 1;")
        .map_err(|e| format!("{} is not a shop backup: {e}", src.display()))?;
    drop(check);
    let _lock = lock(&db).map_err(|e| format!("refusing to restore: {e}; stop it first"))?;
    let temp = db.with_extension("restore-tmp");
    std::fs::copy(src, &temp).map_err(|e| format!("cannot copy {}: {e}", src.display()))?;
    for suffix in ["-wal", "-shm"] {
        let mut side = db.as_os_str().to_owned();
        side.push(suffix);
        let _ = std::fs::remove_file(PathBuf::from(side));
    }
    std::fs::rename(&temp, &db).map_err(|e| format!("cannot replace {}: {e}", db.display()))
}
