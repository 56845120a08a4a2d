//! Accounts: who may register, how sign-in is checked and throttled, what a profile holds.
//!
//! The HTTP layer talks to [`ports::AccountsApi`]; storage and password hashing are
//! outbound ports that the server crate wires to real adapters.

pub mod addresses;
pub mod error;
pub mod models;
pub mod ports;
pub mod service;
pub mod throttle;

pub use error::AccountsError;
pub use models::*;
pub use ports::{AccountsApi, PasswordHasher, UserRepository};
pub use service::AccountService;
pub use throttle::LoginThrottle;
