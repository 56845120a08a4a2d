use kernel::StoreError;

/// Every way an account use case can fail. The HTTP layer maps each to a status code.
#[derive(Debug, thiserror::Error)]
pub enum AccountsError {
    /// Input broke a rule; the message is the sentence for the user.
    #[error("{message}")]
    Invalid { field: &'static str, message: String },
    /// A well-formed password that is too easy to guess (a business rule, not a format).
    #[error("{message}")]
    WeakPassword { field: &'static str, message: String },
    #[error("An account with this email already exists")]
    EmailTaken,
    #[error("This username is already taken")]
    UsernameTaken,
    /// Unknown identifier and wrong password are deliberately the same error.
    #[error("Invalid email/username or password")]
    InvalidCredentials,
    /// A throttle refused the attempt; the message names what was tried.
    #[error("{message}")]
    TooManyAttempts { message: &'static str, retry_after_secs: u64 },
    /// One client address made too many requests of a kind (sign-ins from it, any account).
    #[error("Too many requests. Please wait a moment and try again.")]
    TooManyRequests { retry_after_secs: u64 },
    #[error("Current password is incorrect")]
    WrongCurrentPassword,
    /// Used, expired, replaced or never issued: one answer for all.
    #[error("This reset link is invalid or has expired")]
    InvalidResetToken,
    /// `ensure_admin` found a CUSTOMER with that e-mail and was not told to promote it.
    #[error("{email} belongs to the existing customer account '{username}'; it was not made an admin")]
    WouldPromoteCustomer { email: String, username: String },
    /// The shop's own staff accounts are not deleted from the shop's pages.
    #[error("An admin account cannot be deleted here")]
    AdminAccount,
    #[error("User not found")]
    NotFound,
    #[error("password hashing failed: {0}")]
    Hashing(String),
    #[error("e-mail not sent: {0}")]
    Mail(String),
    #[error(transparent)]
    Storage(#[from] StoreError),
}

impl AccountsError {
    pub fn invalid(field: &'static str, message: impl Into<String>) -> Self {
        AccountsError::Invalid { field, message: message.into() }
    }
}
