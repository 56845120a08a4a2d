//! The accounts ports. All calls are synchronous: the HTTP layer runs them on a
//! blocking thread pool, so a slow hash or query never stalls the async workers.

use kernel::{Role, StoreError};

use crate::error::AccountsError;
use crate::models::{NewUser, ProfileChanges, ProfileInput, RegisterInput, User, UserWithHash};

/// Inbound port: the account use cases the HTTP layer may call.
pub trait AccountsApi: Send + Sync {
    /// Creates a CUSTOMER. Errors: `Invalid` (with the field's message), `EmailTaken`,
    /// `UsernameTaken`, `Storage`.
    fn register(&self, input: RegisterInput) -> Result<User, AccountsError>;

    /// Checks an e-mail-or-username and a password. Errors: `InvalidCredentials` for an
    /// unknown user and a wrong password alike, `TooManyAttempts` after repeated failures
    /// for the same identifier, `Invalid` for empty fields, `Storage`.
    fn login(&self, identifier: &str, password: &str) -> Result<User, AccountsError>;

    /// The account with this id, if it still exists. Errors: `Storage`.
    fn find_user(&self, id: &str) -> Result<Option<User>, AccountsError>;

    /// Edits first/last name, username, mobile and date of birth. Errors: `Invalid`,
    /// `UsernameTaken`, `NotFound`, `Storage`.
    fn update_profile(&self, user_id: &str, input: ProfileInput) -> Result<User, AccountsError>;

    /// Replaces the password after checking the current one. Errors: `Invalid` (policy),
    /// `WrongCurrentPassword`, `NotFound`, `Storage`.
    fn change_password(&self, user_id: &str, current: &str, new: &str) -> Result<(), AccountsError>;

    /// Makes sure an ADMIN with this e-mail and password exists: creates it, or promotes
    /// the existing account and sets the password. Errors: `Invalid`, `UsernameTaken`, `Storage`.
    fn ensure_admin(&self, email: &str, password: &str, username: Option<&str>) -> Result<User, AccountsError>;
}

/// Outbound port: account storage.
pub trait UserRepository: Send + Sync {
    /// Stores a new account. Errors: `Conflict` naming `email` or `username` when either
    /// is taken (usernames compare case-insensitively), `Backend`.
    fn insert(&self, user: &NewUser) -> Result<User, StoreError>;
    fn find_by_id(&self, id: &str) -> Result<Option<UserWithHash>, StoreError>;
    /// `email` is already normalised (lower case).
    fn find_by_email(&self, email: &str) -> Result<Option<UserWithHash>, StoreError>;
    /// Case-insensitive.
    fn find_by_username(&self, username: &str) -> Result<Option<UserWithHash>, StoreError>;
    /// Writes the new profile; `None` when no such user. Errors: `Conflict` on a taken username.
    fn update_profile(&self, id: &str, changes: &ProfileChanges) -> Result<Option<User>, StoreError>;
    /// Sets hash and role; false when no such user.
    fn update_credentials(&self, id: &str, password_hash: &str, role: Role) -> Result<bool, StoreError>;
}

/// Outbound port: one-way password hashing (bcrypt in production).
pub trait PasswordHasher: Send + Sync {
    fn hash(&self, password: &str) -> Result<String, String>;
    /// False for a wrong password and for a malformed hash alike.
    fn verify(&self, password: &str, hash: &str) -> bool;
    /// A hash no password is known to match that takes as long to verify as a stored one:
    /// checked when the user is unknown, so that case cannot be told apart by timing.
    fn decoy_hash(&self) -> Result<String, String> {
        self.hash(&kernel::new_id())
    }
}
