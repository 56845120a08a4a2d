//! The cart and the wishlist: a customer's own lines and saved products. Prices always
//! come from the catalogue; administrators have neither.
//!
//! The HTTP layer talks to [`CartApi`] and [`WishlistApi`]; storage is behind
//! [`CartRepository`] and [`WishlistRepository`].

pub mod error;
pub mod models;
pub mod ports;
pub mod service;

pub use error::CartError;
pub use models::*;
pub use ports::{CartApi, CartRepository, WishlistApi, WishlistRepository};
pub use service::{CartService, WishlistService};
