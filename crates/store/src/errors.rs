use diesel::result::{DatabaseErrorKind, Error};
use kernel::StoreError;

/// Translates a diesel error into the domain's storage error. Unique violations keep the
/// constraint's name (PostgreSQL) or message (SQLite) so the service can say which field
/// clashed; everything else is a backend failure.
pub fn store_error(error: Error) -> StoreError {
    match error {
        Error::DatabaseError(DatabaseErrorKind::UniqueViolation, info) => StoreError::Conflict {
            constraint: info
                .constraint_name()
                .map(str::to_string)
                .unwrap_or_else(|| info.message().to_string()),
        },
        other => StoreError::Backend(other.to_string()),
    }
}
