//! Who is calling: JWT issuing and checking, and the extractors every guarded handler uses.

pub mod extract;
pub mod gate;
pub mod jwt;

pub use extract::{AdminUser, CurrentSession, CurrentUser};
