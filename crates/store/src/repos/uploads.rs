//! Upload rows, shared by the repositories whose records show stored files (catalogue
//! images, the company logo).

use chrono::NaiveDateTime;
use diesel::prelude::*;
use kernel::StoreError;

use crate::conn::DbConn;
use crate::errors::store_error;
use crate::rows::catalog::UploadRow;
use crate::schema::uploads;

/// Records a stored file (a catalogue image or the company logo).
pub(crate) fn insert_upload(conn: &mut DbConn, file: &kernel::StoredFile, now: NaiveDateTime) -> Result<(), StoreError> {
    let row = UploadRow::from_stored(file, now);
    diesel::insert_into(uploads::table)
        .values(&row)
        .execute(conn)
        .map(|_| ())
        .map_err(store_error)
}

/// Deletes upload rows and returns their file names.
pub(crate) fn delete_uploads(conn: &mut DbConn, ids: &[String]) -> Result<Vec<String>, StoreError> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    let names: Vec<String> = uploads::table
        .filter(uploads::id.eq_any(ids))
        .select(uploads::filename)
        .load(conn)
        .map_err(store_error)?;
    diesel::delete(uploads::table.filter(uploads::id.eq_any(ids))).execute(conn).map_err(store_error)?;
    Ok(names)
}
