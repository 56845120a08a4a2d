//! Accounts: who may register, how sign-in is checked and throttled, how sessions end, how
//! a forgotten password is reset, what a profile holds.
//!
//! The HTTP layer talks to [`ports::AccountsApi`]; storage, password hashing, the password
//! strength estimator, reset tokens, the attempt log and e-mail are outbound ports that the
//! server crate wires to real adapters.

pub mod addresses;
pub mod email;
pub mod error;
pub mod models;
pub mod ports;
pub mod service;
pub mod throttle;

pub use error::AccountsError;
pub use models::*;
pub use ports::{
    AccountsApi, Admission, AttemptKey, AttemptLog, PasswordHasher, PasswordStrength, ResetTokens, UserRepository,
};
pub use service::{email_field, AccountPorts, AccountService, AccountSettings, RESET_VALID_MINUTES};
pub use throttle::{Guarded, Rule, Throttle};
