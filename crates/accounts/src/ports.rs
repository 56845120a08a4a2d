//! The accounts ports. All calls are synchronous: the HTTP layer runs them on a
//! blocking thread pool, so a slow hash or query never stalls the async workers.

use chrono::{DateTime, Utc};
use kernel::{StoreError, UserId};

use crate::error::AccountsError;
use crate::models::{
    AdminSetup, NewUser, PasswordReset, ProfileChanges, ProfileInput, RegisterInput, SessionClaims, Strength, User,
    UserWithHash,
};

/// Inbound port: the account use cases the HTTP layer may call.
pub trait AccountsApi: Send + Sync {
    /// Creates a CUSTOMER. Errors: `Invalid` (with the field's message), `WeakPassword`,
    /// `EmailTaken`, `UsernameTaken`, `Storage`.
    fn register(&self, input: RegisterInput) -> Result<User, AccountsError>;

    /// Checks an e-mail-or-username and a password from the client address `address`.
    /// Errors: `InvalidCredentials` for an unknown user and a wrong password alike,
    /// `TooManyAttempts` after repeated failures for the same account (or unknown
    /// identifier) from the same address, `TooManyRequests` when the address used its
    /// per-minute sign-in budget, `Invalid` for empty fields, `Storage`.
    fn login(&self, identifier: &str, password: &str, address: &str) -> Result<User, AccountsError>;

    /// The account a checked token belongs to, while that session is still open: `None`
    /// for a deleted account, a token of an earlier session generation, or a signed-out
    /// token. Errors: `Storage`.
    fn authenticate(&self, claims: &SessionClaims) -> Result<Option<User>, AccountsError>;

    /// Ends this one session (token) for good. Errors: `Storage`.
    fn sign_out(&self, claims: &SessionClaims) -> Result<(), AccountsError>;

    /// Ends every session of the account at once. Errors: `NotFound`, `Storage`.
    fn sign_out_everywhere(&self, user_id: &UserId) -> Result<(), AccountsError>;

    /// The account with this id, if it still exists. Errors: `Storage`.
    fn find_user(&self, id: &UserId) -> Result<Option<User>, AccountsError>;

    /// Edits first/last name, username, mobile and date of birth. Errors: `Invalid`,
    /// `UsernameTaken`, `NotFound`, `Storage`.
    fn update_profile(&self, user_id: &UserId, input: ProfileInput) -> Result<User, AccountsError>;

    /// Replaces the password after checking the current one, and ends every session; the
    /// answer carries the new session generation for the caller's fresh token. Errors:
    /// `Invalid` (policy), `WeakPassword`, `WrongCurrentPassword`, `TooManyAttempts` (wrong
    /// current passwords, per account), `NotFound`, `Storage`.
    fn change_password(&self, user_id: &UserId, current: &str, new: &str) -> Result<User, AccountsError>;

    /// Makes sure an ADMIN with this e-mail and password exists: creates it, or sets the
    /// password of the existing ADMIN. An existing CUSTOMER is never promoted here.
    /// Errors: `Invalid`, `WeakPassword`, `WouldPromoteCustomer`, `UsernameTaken`, `Storage`.
    fn ensure_admin(&self, email: &str, password: &str, username: Option<&str>) -> Result<AdminSetup, AccountsError>;

    /// Like `ensure_admin`, and an existing CUSTOMER with that e-mail becomes ADMIN (with
    /// this password; its sessions end). Errors: as `ensure_admin` without `WouldPromoteCustomer`.
    fn promote_to_admin(&self, email: &str, password: &str, username: Option<&str>) -> Result<AdminSetup, AccountsError>;

    /// E-mails a password reset link when an account has this address (and it has not asked
    /// too often); does nothing, silently, otherwise. The caller answers the same whatever
    /// happened. Errors: `Invalid` (not an e-mail address), `Mail`, `Storage`.
    fn request_password_reset(&self, email: &str) -> Result<(), AccountsError>;

    /// Sets a new password with an e-mailed reset token, which is then used up, and ends
    /// every session. Errors: `InvalidResetToken` (unknown, used, replaced or expired),
    /// `Invalid`, `WeakPassword`, `TooManyAttempts`, `Storage`.
    fn reset_password(&self, token: &str, new_password: &str) -> Result<(), AccountsError>;

    /// Whether an e-mailed reset token can still set a password (unknown, used, replaced
    /// and expired tokens cannot); asking uses nothing up. Errors: `Storage`.
    fn reset_link_valid(&self, token: &str) -> Result<bool, AccountsError>;

    /// Erases a customer's account after checking its password (Digital Personal Data
    /// Protection Act, 2023, section 12): its personal data, addresses, cart and wishlist go,
    /// every session ends, and its e-mail and username are free again. Orders are not the
    /// accounts' to erase (the caller checks none is open). Errors: `AdminAccount`,
    /// `WrongCurrentPassword`, `TooManyAttempts`, `NotFound`, `Storage`.
    fn delete_account(&self, user_id: &UserId, password: &str) -> Result<(), AccountsError>;
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
    /// Sets hash and role and raises the session generation (every session ends); the
    /// account as stored afterwards, `None` when no such user.
    fn update_credentials(&self, id: &str, password_hash: &str, role: kernel::Role) -> Result<Option<User>, StoreError>;

    /// ONE query: the account and whether `token_id` has been signed out.
    fn find_session(&self, user_id: &str, token_id: &str) -> Result<Option<(User, bool)>, StoreError>;
    /// Records a signed-out token until `expires_at` (a second call changes nothing), and
    /// forgets records whose tokens expired before `now`.
    fn revoke_token(&self, user_id: &str, token_id: &str, expires_at: DateTime<Utc>, now: DateTime<Utc>) -> Result<(), StoreError>;
    /// Raises the session generation; false when no such user.
    fn end_sessions(&self, user_id: &str) -> Result<bool, StoreError>;

    /// Stores the account's open reset, replacing an older one (ONE transaction).
    fn save_reset(&self, reset: &PasswordReset) -> Result<(), StoreError>;
    fn find_reset(&self, token_digest: &str) -> Result<Option<PasswordReset>, StoreError>;
    /// ONE transaction: deletes the reset with this digest for this account if it has not
    /// expired at `now` (exactly one row, so two uses of one token cannot both pass), then
    /// sets the hash and raises the session generation. `None` when no such reset was open.
    fn complete_reset(&self, user_id: &str, token_digest: &str, password_hash: &str, now: DateTime<Utc>) -> Result<Option<User>, StoreError>;
    /// ONE transaction: deletes the account's addresses, cart, wishlist, reset and sign-out
    /// records, writes `blank` over its personal fields (names, mobile and date of birth
    /// emptied) and raises the session generation; false when no such user.
    fn erase(&self, user_id: &str, blank: &crate::models::ErasedAccount, now: DateTime<Utc>) -> Result<bool, StoreError>;
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

/// Outbound port: how guessable a password is (zxcvbn in production). `user_inputs` are
/// the account's own words (username, e-mail), which make a password weaker when it uses them.
pub trait PasswordStrength: Send + Sync {
    fn estimate(&self, password: &str, user_inputs: &[&str]) -> Strength;
}

/// Outbound port: the secrets of password reset links.
pub trait ResetTokens: Send + Sync {
    /// A new random token of at least 128 bits, safe in a URL.
    fn generate(&self) -> String;
    /// What is stored instead of the token: a one-way digest of it.
    fn digest(&self, token: &str) -> String;
}

/// Whether a throttle lets an attempt through.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Admission {
    /// Recorded; it counts until the window passes or the key is forgotten.
    Admitted,
    /// Already at the limit; the oldest attempt in the window leaves it at `oldest + window`.
    Refused { oldest: DateTime<Utc> },
}

/// Which attempts count together: an action, whose (an account, or an unknown
/// identifier) and from where (a client address, or "" for any).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AttemptKey<'a> {
    pub action: &'static str,
    pub subject: &'a str,
    pub address: &'a str,
}

/// Outbound port: the shared log of throttled attempts (in the database, so every
/// instance counts the same attempts).
pub trait AttemptLog: Send + Sync {
    /// ONE atomic step: counts the key's attempts after `since`; below `max` it records
    /// one at `now` and admits, otherwise refuses. Parallel calls never admit more than `max`.
    fn admit(&self, key: &AttemptKey<'_>, since: DateTime<Utc>, max: u32, now: DateTime<Utc>) -> Result<Admission, StoreError>;
    /// Forgets the attempts of `action` by `subject`: from `address`, or from every address.
    fn forget(&self, action: &'static str, subject: &str, address: Option<&str>) -> Result<(), StoreError>;
}
