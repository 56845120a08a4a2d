//! The address ports. Synchronous, like every port: the HTTP layer runs them on a blocking pool.

use chrono::{DateTime, Utc};
use kernel::{AddressId, StoreError, UserId};

use super::error::AddressError;
use super::models::{Address, AddressInput, ValidAddress};

/// Inbound port: what the HTTP layer may do with a customer's addresses. `user_id` is
/// always the signed-in user; another user's address is `NotFound`.
pub trait AddressesApi: Send + Sync {
    /// The user's addresses, default first, then oldest first. Errors: `Storage`.
    fn list(&self, user_id: &UserId) -> Result<Vec<Address>, AddressError>;
    /// Errors: `Invalid` with the field's message, `Storage`.
    fn create(&self, user_id: &UserId, input: AddressInput) -> Result<Address, AddressError>;
    /// Errors: `Invalid`, `NotFound`, `Storage`.
    fn update(&self, user_id: &UserId, address_id: &AddressId, input: AddressInput) -> Result<Address, AddressError>;
    /// Errors: `NotFound`, `DefaultCannotBeDeleted`, `Storage`.
    fn delete(&self, user_id: &UserId, address_id: &AddressId) -> Result<(), AddressError>;
}

/// What a delete did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DeleteOutcome {
    Deleted,
    /// No such address of this user.
    NotFound,
    /// The address is the user's default: nothing was deleted.
    IsDefault,
}

/// Outbound port: address storage. Every write is one transaction that keeps the rule
/// "exactly one default while the user has any address".
pub trait AddressRepository: Send + Sync {
    fn list(&self, user_id: &UserId) -> Result<Vec<Address>, StoreError>;
    /// Stores a new address with id `id`. It becomes the default when `address.is_default`
    /// or when it is the user's first; becoming the default unsets the user's others.
    fn insert(&self, id: &AddressId, user_id: &UserId, address: &ValidAddress, now: DateTime<Utc>) -> Result<Address, StoreError>;
    /// Replaces the fields of the user's address; `None` when the user has no such address.
    /// `is_default = true` makes it the default (unsetting the others); `false` never
    /// leaves the user without a default (a current default stays the default).
    fn update(&self, user_id: &UserId, address_id: &AddressId, address: &ValidAddress, now: DateTime<Utc>)
        -> Result<Option<Address>, StoreError>;
    /// Deletes the user's address unless it is the default.
    fn delete(&self, user_id: &UserId, address_id: &AddressId) -> Result<DeleteOutcome, StoreError>;
}
