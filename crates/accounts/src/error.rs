use kernel::StoreError;

/// Every way an account use case can fail. The HTTP layer maps each to a status code.
#[derive(Debug, thiserror::Error)]
pub enum AccountsError {
    /// Input broke a rule; the message is the sentence for the user.
    #[error("{message}")]
    Invalid { field: &'static str, message: String },
    #[error("An account with this email already exists")]
    EmailTaken,
    #[error("This username is already taken")]
    UsernameTaken,
    /// Unknown identifier and wrong password are deliberately the same error.
    #[error("Invalid email/username or password")]
    InvalidCredentials,
    #[error("Too many failed sign-in attempts. Please try again later.")]
    TooManyAttempts { retry_after_secs: u64 },
    #[error("Current password is incorrect")]
    WrongCurrentPassword,
    #[error("User not found")]
    NotFound,
    #[error("password hashing failed: {0}")]
    Hashing(String),
    #[error(transparent)]
    Storage(#[from] StoreError),
}

impl AccountsError {
    pub fn invalid(field: &'static str, message: impl Into<String>) -> Self {
        AccountsError::Invalid { field, message: message.into() }
    }
}
