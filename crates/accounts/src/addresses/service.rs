use kernel::{AddressId, UserId};

use super::error::AddressError;
use super::models::{Address, AddressInput, ValidAddress};
use super::ports::{AddressRepository, AddressesApi, DeleteOutcome};

/// The address use cases over any storage.
pub struct AddressService<R> {
    repo: R,
    clock: kernel::Clock,
}

impl<R: AddressRepository> AddressService<R> {
    pub fn new(repo: R) -> Self {
        AddressService { repo, clock: kernel::Clock::system() }
    }

    /// The same service reading the shop's time from `clock`.
    pub fn with_clock(mut self, clock: kernel::Clock) -> Self {
        self.clock = clock;
        self
    }
}

/// Ids are UUIDs: anything else cannot name an address, so it is "not found" at once.
fn known_id(id: &AddressId) -> Result<(), AddressError> {
    if id.is_uuid() {
        Ok(())
    } else {
        Err(AddressError::NotFound)
    }
}

impl<R: AddressRepository> AddressesApi for AddressService<R> {
    fn list(&self, user_id: &UserId) -> Result<Vec<Address>, AddressError> {
        Ok(self.repo.list(user_id)?)
    }

    fn create(&self, user_id: &UserId, input: AddressInput) -> Result<Address, AddressError> {
        let address = ValidAddress::parse(&input)?;
        Ok(self.repo.insert(&AddressId::generate(), user_id, &address, self.clock.now())?)
    }

    fn update(&self, user_id: &UserId, address_id: &AddressId, input: AddressInput) -> Result<Address, AddressError> {
        known_id(address_id)?;
        let address = ValidAddress::parse(&input)?;
        self.repo
            .update(user_id, address_id, &address, self.clock.now())?
            .ok_or(AddressError::NotFound)
    }

    fn delete(&self, user_id: &UserId, address_id: &AddressId) -> Result<(), AddressError> {
        known_id(address_id)?;
        match self.repo.delete(user_id, address_id)? {
            DeleteOutcome::Deleted => Ok(()),
            DeleteOutcome::NotFound => Err(AddressError::NotFound),
            DeleteOutcome::IsDefault => Err(AddressError::DefaultCannotBeDeleted),
        }
    }
}

#[cfg(test)]
mod tests;
