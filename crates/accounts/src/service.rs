use std::sync::Arc;

use chrono::{DateTime, Duration, Utc};
use kernel::{Email, InvalidValue, Mailer, MobileNumber, Role, StoreError, UserId};

use crate::error::AccountsError;
use crate::models::{
    AdminOutcome, AdminSetup, DateOfBirth, NewUser, Password, PasswordReset, PersonName, ProfileChanges, ProfileInput,
    RegisterInput, SessionClaims, User, UserWithHash, Username,
};
use crate::ports::{AccountsApi, AttemptLog, PasswordHasher, PasswordStrength, ResetTokens, UserRepository};
use crate::throttle::{Guarded, Throttle};

/// The adapters the account use cases need.
pub struct AccountPorts {
    pub users: Arc<dyn UserRepository>,
    pub hasher: Arc<dyn PasswordHasher>,
    pub strength: Arc<dyn PasswordStrength>,
    pub attempts: Arc<dyn AttemptLog>,
    pub reset_tokens: Arc<dyn ResetTokens>,
    pub mailer: Arc<dyn Mailer>,
}

/// How the shop is reached from outside and how fast one address may sign in.
#[derive(Debug, Clone)]
pub struct AccountSettings {
    /// Where reset links point, for example `https://shop.example.in` (no trailing slash needed).
    pub public_url: String,
    /// Sign-ins allowed per client address per minute, any account (`SHOP_RATE_SIGN_IN`; 0 = off).
    pub sign_ins_per_address_per_minute: u32,
}

/// The account use cases over any storage, hasher, estimator and mailer.
pub struct AccountService {
    users: Arc<dyn UserRepository>,
    hasher: Arc<dyn PasswordHasher>,
    strength: Arc<dyn PasswordStrength>,
    throttle: Throttle,
    reset_tokens: Arc<dyn ResetTokens>,
    mailer: Arc<dyn Mailer>,
    settings: AccountSettings,
    clock: kernel::Clock,
    /// Verified against when the user is unknown so that "no such user" takes as long as
    /// "wrong password" and cannot be told apart by timing.
    dummy_hash: String,
}

/// How long a reset link works.
pub const RESET_VALID_MINUTES: i64 = 30;

/// The longest reset token looked up; anything longer is not one of ours.
const MAX_TOKEN_CHARS: usize = 200;

impl AccountService {
    /// The reset a token opens, with its account: `None` for an unknown, used, replaced or
    /// expired token (and for one that cannot be a token at all).
    fn open_reset(&self, token: &str) -> Result<Option<(String, UserWithHash)>, AccountsError> {
        let token = token.trim();
        if token.is_empty() || token.chars().count() > MAX_TOKEN_CHARS {
            return Ok(None);
        }
        let digest = self.reset_tokens.digest(token);
        let Some(reset) = self.users.find_reset(&digest)?.filter(|r| r.expires_at > self.now()) else {
            return Ok(None);
        };
        Ok(self.users.find_by_id(&reset.user_id)?.map(|stored| (digest, stored)))
    }

    pub fn new(ports: AccountPorts, settings: AccountSettings) -> Result<Self, AccountsError> {
        let dummy_hash = ports.hasher.decoy_hash().map_err(AccountsError::Hashing)?;
        Ok(AccountService {
            users: ports.users,
            hasher: ports.hasher,
            strength: ports.strength,
            throttle: Throttle::new(ports.attempts, settings.sign_ins_per_address_per_minute),
            reset_tokens: ports.reset_tokens,
            mailer: ports.mailer,
            settings,
            clock: kernel::Clock::system(),
            dummy_hash,
        })
    }

    /// The same service reading the shop's time from `clock` (the one every service reads).
    pub fn with_clock(mut self, clock: kernel::Clock) -> Self {
        self.clock = clock;
        self
    }

    fn now(&self) -> DateTime<Utc> {
        self.clock.now()
    }

    /// A new account (a fresh id, the password hashed, made now) without names, mobile or date
    /// of birth: the caller names the ones it has (`NewUser { first_name, .. }`).
    fn new_user(&self, username: &Username, email: Email, password: &Password, role: Role) -> Result<NewUser, AccountsError> {
        Ok(NewUser {
            id: kernel::new_id(),
            username: username.as_str().to_string(),
            email,
            password_hash: self.hash(password)?,
            role,
            first_name: String::new(),
            last_name: String::new(),
            mobile: None,
            dob: None,
            created_at: self.now(),
        })
    }

    fn hash(&self, password: &Password) -> Result<String, AccountsError> {
        self.hasher.hash(password.expose()).map_err(AccountsError::Hashing)
    }

    /// A new password: the length rules (400), then how guessable it is, also from the
    /// account's own words (422).
    fn new_password(&self, raw: &str, field: &'static str, own_words: &[&str]) -> Result<Password, AccountsError> {
        let password = Password::parse(raw).map_err(|e| AccountsError::invalid(field, e.0))?;
        let strength = self.strength.estimate(password.expose(), own_words);
        password
            .check_strength(&strength)
            .map_err(|message| AccountsError::WeakPassword { field, message })?;
        Ok(password)
    }

    fn find_by_identifier(&self, identifier: &str) -> Result<Option<UserWithHash>, AccountsError> {
        let identifier = identifier.trim();
        let found = if identifier.contains('@') {
            self.users.find_by_email(&identifier.to_lowercase())?
        } else {
            self.users.find_by_username(identifier)?
        };
        Ok(found)
    }

    /// Creates an admin, or sets the password of (and with `promote`, promotes) the
    /// account that has this e-mail.
    fn setup_admin(&self, email: &str, password: &str, username: Option<&str>, promote: bool) -> Result<AdminSetup, AccountsError> {
        let email = Email::parse(email).map_err(field("email"))?;
        if let Some(existing) = self.users.find_by_email(email.as_str())? {
            let was_customer = existing.user.role != Role::Admin;
            if was_customer && !promote {
                return Err(AccountsError::WouldPromoteCustomer {
                    email: existing.user.email,
                    username: existing.user.username,
                });
            }
            let password = self.new_password(password, "password", &own_words(&existing.user))?;
            let same_password = self.hasher.verify(password.expose(), &existing.password_hash);
            if same_password && !was_customer {
                return Ok(AdminSetup { user: existing.user, outcome: AdminOutcome::Unchanged });
            }
            let hash = if same_password { existing.password_hash.clone() } else { self.hash(&password)? };
            let user = self
                .users
                .update_credentials(&existing.user.id, &hash, Role::Admin)?
                .ok_or(AccountsError::NotFound)?;
            let outcome = if was_customer { AdminOutcome::Promoted } else { AdminOutcome::PasswordSet };
            return Ok(AdminSetup { user, outcome });
        }
        let default_name = email.as_str().split('@').next().unwrap_or("admin").to_string();
        let name_source = username.unwrap_or(&default_name);
        let username = Username::parse(name_source)
            .or_else(|_| Username::parse("admin"))
            .map_err(field("username"))?;
        let password = self.new_password(password, "password", &[username.as_str(), email.as_str(), &default_name])?;
        let new_user = NewUser { first_name: "Admin".into(), last_name: "User".into(), ..self.new_user(&username, email, &password, Role::Admin)? };
        let user = self.users.insert(&new_user).map_err(conflict_to_error)?;
        Ok(AdminSetup { user, outcome: AdminOutcome::Created })
    }
}

/// The account's own words, which a password should not lean on.
fn own_words(user: &User) -> Vec<&str> {
    let local = user.email.split('@').next().unwrap_or("");
    vec![user.username.as_str(), user.email.as_str(), local, user.first_name.as_str(), user.last_name.as_str()]
}

/// The throttle's subject for a sign-in: the account when the identifier names one (so its
/// e-mail and username count together), else the identifier itself.
fn sign_in_subject(found: Option<&UserWithHash>, identifier: &str) -> String {
    match found {
        Some(stored) => account_subject(&stored.user.id),
        None => format!("identifier:{}", identifier.trim().to_lowercase()),
    }
}

fn account_subject(user_id: &str) -> String {
    format!("account:{user_id}")
}

fn field(field: &'static str) -> impl Fn(InvalidValue) -> AccountsError {
    move |e| AccountsError::invalid(field, e.0)
}

/// Treats a missing value and an empty or blank text alike.
fn present(value: &Option<String>) -> Option<&str> {
    value.as_deref().map(str::trim).filter(|s| !s.is_empty())
}

fn required<'a>(value: &'a Option<String>, name: &'static str, message: &'static str) -> Result<&'a str, AccountsError> {
    present(value).ok_or_else(|| AccountsError::invalid(name, message))
}

/// The e-mail field of an account form (sign-up, a reset request): required, then a valid
/// address.
pub fn email_field(value: &Option<String>) -> Result<Email, AccountsError> {
    Email::parse(required(value, "email", "Email is required")?).map_err(field("email"))
}

fn conflict_to_error(error: StoreError) -> AccountsError {
    match error {
        StoreError::Conflict { constraint } if constraint.contains("email") => AccountsError::EmailTaken,
        StoreError::Conflict { .. } => AccountsError::UsernameTaken,
        other => AccountsError::Storage(other),
    }
}

impl AccountsApi for AccountService {
    fn register(&self, input: RegisterInput) -> Result<User, AccountsError> {
        let username = Username::parse(required(&input.username, "username", "Username is required")?)
            .map_err(field("username"))?;
        let email = email_field(&input.email)?;
        let raw_password = input
            .password
            .as_deref()
            .filter(|p| !p.is_empty())
            .ok_or_else(|| AccountsError::invalid("password", "Password is required"))?;
        Password::parse(raw_password).map_err(field("password"))?;
        // First and last name start out as the username when not given.
        let first_name = PersonName::parse(present(&input.first_name).unwrap_or(username.as_str()), "first")
            .map_err(field("firstName"))?;
        let last_name = PersonName::parse(present(&input.last_name).unwrap_or(username.as_str()), "last")
            .map_err(field("lastName"))?;
        let mobile = present(&input.mobile).map(MobileNumber::parse).transpose().map_err(field("mobile"))?;
        let now = self.now();
        let dob = present(&input.dob)
            .map(|d| DateOfBirth::parse(d, now.date_naive()))
            .transpose()
            .map_err(field("dob"))?;
        let local = email.as_str().split('@').next().unwrap_or("");
        let password = self.new_password(
            raw_password,
            "password",
            &[username.as_str(), email.as_str(), local, first_name.as_str(), last_name.as_str()],
        )?;

        if self.users.find_by_email(email.as_str())?.is_some() {
            return Err(AccountsError::EmailTaken);
        }
        if self.users.find_by_username(username.as_str())?.is_some() {
            return Err(AccountsError::UsernameTaken);
        }
        let (first_name, last_name) = (first_name.as_str().to_string(), last_name.as_str().to_string());
        let new_user = NewUser { first_name, last_name, mobile, dob, created_at: now, ..self.new_user(&username, email, &password, Role::Customer)? };
        // A racing registration can still win between the checks and the insert.
        self.users.insert(&new_user).map_err(conflict_to_error)
    }

    fn login(&self, identifier: &str, password: &str, address: &str) -> Result<User, AccountsError> {
        if identifier.trim().is_empty() {
            return Err(AccountsError::invalid("identifier", "Email or username is required"));
        }
        if password.is_empty() {
            return Err(AccountsError::invalid("password", "Password is required"));
        }
        let now = self.now();
        // The address's budget first: a refusal costs no account lookup.
        self.throttle.admit(Guarded::SignInFromAddress, "", address, now)?;
        let found = self.find_by_identifier(identifier)?;
        let subject = sign_in_subject(found.as_ref(), identifier);
        // Recorded before the hash is checked, so parallel guesses cannot pass the count;
        // a refusal costs no hash, for known and unknown identifiers alike.
        self.throttle.admit(Guarded::SignIn, &subject, address, now)?;
        // Over-long input cannot match any stored password (the policy refuses it), but it
        // is still checked against a hash so the answer takes the same time.
        let matches = match &found {
            Some(stored) => self.hasher.verify(password, &stored.password_hash),
            None => {
                self.hasher.verify(password, &self.dummy_hash);
                false
            }
        };
        match found {
            Some(stored) if matches => {
                self.throttle.succeeded(Guarded::SignIn, &subject, Some(address))?;
                Ok(stored.user)
            }
            _ => Err(AccountsError::InvalidCredentials),
        }
    }

    fn authenticate(&self, claims: &SessionClaims) -> Result<Option<User>, AccountsError> {
        let Some((user, signed_out)) = self.users.find_session(&claims.user_id, &claims.token_id)? else {
            return Ok(None);
        };
        Ok((!signed_out && user.session_generation == claims.generation).then_some(user))
    }

    fn sign_out(&self, claims: &SessionClaims) -> Result<(), AccountsError> {
        Ok(self.users.revoke_token(&claims.user_id, &claims.token_id, claims.expires_at, self.now())?)
    }

    fn sign_out_everywhere(&self, user_id: &UserId) -> Result<(), AccountsError> {
        let user_id = user_id.as_str();
        if self.users.end_sessions(user_id)? {
            Ok(())
        } else {
            Err(AccountsError::NotFound)
        }
    }

    fn find_user(&self, id: &UserId) -> Result<Option<User>, AccountsError> {
        let id = id.as_str();
        Ok(self.users.find_by_id(id)?.map(|u| u.user))
    }

    fn update_profile(&self, user_id: &UserId, input: ProfileInput) -> Result<User, AccountsError> {
        let user_id = user_id.as_str();
        let current = self.users.find_by_id(user_id)?.ok_or(AccountsError::NotFound)?.user;
        if let Some(email) = present(&input.email) {
            if !email.eq_ignore_ascii_case(&current.email) {
                return Err(AccountsError::invalid("email", "Email cannot be changed"));
            }
        }
        let first_name = match &input.first_name {
            Some(raw) => PersonName::parse(raw, "first").map_err(field("firstName"))?.as_str().to_string(),
            None => current.first_name.clone(),
        };
        let last_name = match &input.last_name {
            Some(raw) => PersonName::parse(raw, "last").map_err(field("lastName"))?.as_str().to_string(),
            None => current.last_name.clone(),
        };
        let username = match &input.username {
            Some(raw) => Username::parse(raw).map_err(field("username"))?.as_str().to_string(),
            None => current.username.clone(),
        };
        let mobile = match &input.mobile {
            Some(raw) if raw.trim().is_empty() => None,
            Some(raw) => Some(MobileNumber::parse(raw).map_err(field("mobile"))?.as_str().to_string()),
            None => current.mobile.clone(),
        };
        let now = self.now();
        let dob = match &input.dob {
            Some(raw) if raw.trim().is_empty() => None,
            Some(raw) => Some(DateOfBirth::parse(raw, now.date_naive()).map_err(field("dob"))?),
            None => current.dob,
        };
        if !username.eq_ignore_ascii_case(&current.username) {
            if let Some(other) = self.users.find_by_username(&username)? {
                if other.user.id != current.id {
                    return Err(AccountsError::UsernameTaken);
                }
            }
        }
        let changes = ProfileChanges { first_name, last_name, username, mobile, dob, updated_at: now };
        self.users
            .update_profile(user_id, &changes)
            .map_err(conflict_to_error)?
            .ok_or(AccountsError::NotFound)
    }

    fn change_password(&self, user_id: &UserId, current: &str, new: &str) -> Result<User, AccountsError> {
        let user_id = user_id.as_str();
        if current.is_empty() {
            return Err(AccountsError::invalid("currentPassword", "Current password is required"));
        }
        if new.is_empty() {
            return Err(AccountsError::invalid("newPassword", "New password is required"));
        }
        let stored = self.users.find_by_id(user_id)?.ok_or(AccountsError::NotFound)?;
        let new_password = self.new_password(new, "newPassword", &own_words(&stored.user))?;
        // Guesses at the current password are throttled like sign-ins, per account, and
        // refused before any hash is computed.
        self.throttle.admit(Guarded::CurrentPassword, user_id, "", self.now())?;
        if !self.hasher.verify(current, &stored.password_hash) {
            return Err(AccountsError::WrongCurrentPassword);
        }
        self.throttle.succeeded(Guarded::CurrentPassword, user_id, None)?;
        if current == new {
            return Err(AccountsError::invalid(
                "newPassword",
                "New password must be different from the current password",
            ));
        }
        let hash = self.hash(&new_password)?;
        self.users
            .update_credentials(user_id, &hash, stored.user.role)?
            .ok_or(AccountsError::NotFound)
    }

    fn reset_link_valid(&self, token: &str) -> Result<bool, AccountsError> {
        Ok(self.open_reset(token)?.is_some())
    }

    fn delete_account(&self, user_id: &UserId, password: &str) -> Result<(), AccountsError> {
        let user_id = user_id.as_str();
        let stored = self.users.find_by_id(user_id)?.ok_or(AccountsError::NotFound)?;
        if stored.user.role == Role::Admin {
            return Err(AccountsError::AdminAccount);
        }
        if password.is_empty() {
            return Err(AccountsError::invalid("currentPassword", "Current password is required"));
        }
        // Guessed like the current password when changing it: the same throttle.
        self.throttle.admit(Guarded::CurrentPassword, user_id, "", self.now())?;
        if !self.hasher.verify(password, &stored.password_hash) {
            return Err(AccountsError::WrongCurrentPassword);
        }
        self.throttle.succeeded(Guarded::CurrentPassword, user_id, None)?;
        if self.users.erase(user_id, &crate::models::ErasedAccount::of(user_id), self.now())? {
            Ok(())
        } else {
            Err(AccountsError::NotFound)
        }
    }

    fn ensure_admin(&self, email: &str, password: &str, username: Option<&str>) -> Result<AdminSetup, AccountsError> {
        self.setup_admin(email, password, username, false)
    }

    fn promote_to_admin(&self, email: &str, password: &str, username: Option<&str>) -> Result<AdminSetup, AccountsError> {
        self.setup_admin(email, password, username, true)
    }

    fn request_password_reset(&self, email: &str) -> Result<(), AccountsError> {
        let email = Email::parse(email).map_err(field("email"))?;
        let Some(stored) = self.users.find_by_email(email.as_str())? else {
            return Ok(());
        };
        let now = self.now();
        match self.throttle.admit(Guarded::ResetEmail, &stored.user.id, "", now) {
            // Refused quietly: saying so would tell a stranger that the account exists.
            Err(AccountsError::TooManyAttempts { .. }) => return Ok(()),
            other => other?,
        }
        let token = self.reset_tokens.generate();
        self.users.save_reset(&PasswordReset {
            user_id: stored.user.id.clone(),
            token_digest: self.reset_tokens.digest(&token),
            expires_at: now + Duration::minutes(RESET_VALID_MINUTES),
            created_at: now,
        })?;
        let link = crate::email::reset_link(&self.settings.public_url, &token);
        let message = crate::email::password_reset(&stored.user, &link, RESET_VALID_MINUTES);
        self.mailer.send(&message).map_err(|e| AccountsError::Mail(e.0))
    }

    fn reset_password(&self, token: &str, new_password: &str) -> Result<(), AccountsError> {
        let (digest, stored) = self.open_reset(token)?.ok_or(AccountsError::InvalidResetToken)?;
        let now = self.now();
        self.throttle.admit(Guarded::ResetUse, &stored.user.id, "", now)?;
        if new_password.is_empty() {
            return Err(AccountsError::invalid("newPassword", "New password is required"));
        }
        // A refused password leaves the link usable for a better one.
        let password = self.new_password(new_password, "newPassword", &own_words(&stored.user))?;
        let hash = self.hash(&password)?;
        let user = self
            .users
            .complete_reset(&stored.user.id, &digest, &hash, now)?
            .ok_or(AccountsError::InvalidResetToken)?;
        // Whoever reset the password reads the account's e-mail: its lock-outs end too.
        self.throttle.succeeded(Guarded::SignIn, &account_subject(&user.id), None)?;
        self.throttle.succeeded(Guarded::CurrentPassword, &user.id, None)?;
        self.throttle.succeeded(Guarded::ResetUse, &user.id, None)?;
        Ok(())
    }
}

#[cfg(test)]
mod tests;
