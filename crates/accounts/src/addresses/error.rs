use kernel::StoreError;

/// Every way an address use case can fail. The HTTP layer maps each to a status code.
#[derive(Debug, thiserror::Error)]
pub enum AddressError {
    /// Input broke a rule; the message is the sentence for the user.
    #[error("{message}")]
    Invalid { field: &'static str, message: String },
    /// The PIN code is well formed but India Post gives it to another state.
    #[error("This PIN code is not in {state}")]
    PinNotInState { state: &'static str },
    /// An Army Postal Service PIN code (first digit 9), which no state holds.
    #[error("This is an Army Postal Service PIN code: we deliver only to civil addresses")]
    ArmyPostalPin,
    /// No such address, or it belongs to someone else (never told apart).
    #[error("Address not found")]
    NotFound,
    #[error("Default address cannot be deleted!")]
    DefaultCannotBeDeleted,
    #[error(transparent)]
    Storage(#[from] StoreError),
}

impl AddressError {
    pub fn invalid(field: &'static str, message: impl Into<String>) -> Self {
        AddressError::Invalid { field, message: message.into() }
    }
}
