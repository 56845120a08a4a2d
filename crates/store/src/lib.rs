//! The diesel adapter. One connection type serves SQLite and PostgreSQL; every repository
//! is written once against it. Backend-specific SQL is rare and matched on [`DbConn`].

pub mod backup;
pub mod conn;
pub mod db;
mod errors;
pub mod migrations;
pub mod repos;
mod rows;
pub mod schema;
pub mod versions;
pub mod listener;
#[cfg(any(test, feature = "testing"))]
pub mod testing;

pub use conn::{Backend, DbConn};
pub use db::Db;
pub use repos::catalog::DieselCatalogRepo;
pub use repos::content::DieselContentRepo;
pub use repos::addresses::DieselAddressRepo;
pub use repos::attempts::DieselAttemptLog;
pub use repos::audit::DieselAuditLog;
pub use repos::cart::DieselCartRepo;
pub use repos::orders::DieselOrderStore;
pub use repos::returns::DieselReturnStore;
pub use repos::users::DieselUserRepo;
pub use repos::wishlist::DieselWishlistRepo;
