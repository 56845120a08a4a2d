use chrono::Utc;
use kernel::{Email, InvalidValue, MobileNumber, Role, StoreError};

use crate::error::AccountsError;
use crate::models::{
    DateOfBirth, NewUser, Password, PersonName, ProfileChanges, ProfileInput, RegisterInput, User,
    Username,
};
use crate::ports::{AccountsApi, PasswordHasher, UserRepository};
use crate::throttle::LoginThrottle;

/// The account use cases over any storage and hasher.
pub struct AccountService<R, H> {
    repo: R,
    hasher: H,
    throttle: LoginThrottle,
    /// Verified against when the user is unknown so that "no such user" takes as long as
    /// "wrong password" and cannot be told apart by timing.
    dummy_hash: String,
}

impl<R: UserRepository, H: PasswordHasher> AccountService<R, H> {
    pub fn new(repo: R, hasher: H, throttle: LoginThrottle) -> Result<Self, AccountsError> {
        let dummy_hash = hasher.decoy_hash().map_err(AccountsError::Hashing)?;
        Ok(AccountService { repo, hasher, throttle, dummy_hash })
    }

    fn hash(&self, password: &Password) -> Result<String, AccountsError> {
        self.hasher.hash(password.expose()).map_err(AccountsError::Hashing)
    }

    fn find_by_identifier(&self, identifier: &str) -> Result<Option<crate::UserWithHash>, AccountsError> {
        let identifier = identifier.trim();
        let found = if identifier.contains('@') {
            self.repo.find_by_email(&identifier.to_lowercase())?
        } else {
            self.repo.find_by_username(identifier)?
        };
        Ok(found)
    }
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

fn conflict_to_error(error: StoreError) -> AccountsError {
    match error {
        StoreError::Conflict { constraint } if constraint.contains("email") => AccountsError::EmailTaken,
        StoreError::Conflict { .. } => AccountsError::UsernameTaken,
        other => AccountsError::Storage(other),
    }
}

impl<R: UserRepository, H: PasswordHasher> AccountsApi for AccountService<R, H> {
    fn register(&self, input: RegisterInput) -> Result<User, AccountsError> {
        let username = Username::parse(required(&input.username, "username", "Username is required")?)
            .map_err(field("username"))?;
        let email = Email::parse(required(&input.email, "email", "Email is required")?).map_err(field("email"))?;
        let raw_password = input
            .password
            .as_deref()
            .filter(|p| !p.is_empty())
            .ok_or_else(|| AccountsError::invalid("password", "Password is required"))?;
        let password = Password::parse(raw_password).map_err(field("password"))?;
        // SPEC.md: first and last name start out as the username when not given.
        let first_name = PersonName::parse(present(&input.first_name).unwrap_or(username.as_str()), "first")
            .map_err(field("firstName"))?;
        let last_name = PersonName::parse(present(&input.last_name).unwrap_or(username.as_str()), "last")
            .map_err(field("lastName"))?;
        let mobile = present(&input.mobile).map(MobileNumber::parse).transpose().map_err(field("mobile"))?;
        let now = Utc::now();
        let dob = present(&input.dob)
            .map(|d| DateOfBirth::parse(d, now.date_naive()))
            .transpose()
            .map_err(field("dob"))?;

        if self.repo.find_by_email(email.as_str())?.is_some() {
            return Err(AccountsError::EmailTaken);
        }
        if self.repo.find_by_username(username.as_str())?.is_some() {
            return Err(AccountsError::UsernameTaken);
        }
        let new_user = NewUser {
            id: kernel::new_id(),
            username: username.as_str().to_string(),
            email,
            password_hash: self.hash(&password)?,
            role: Role::Customer,
            first_name: first_name.as_str().to_string(),
            last_name: last_name.as_str().to_string(),
            mobile,
            dob,
            created_at: now,
        };
        // A racing registration can still win between the checks and the insert.
        self.repo.insert(&new_user).map_err(conflict_to_error)
    }

    fn login(&self, identifier: &str, password: &str) -> Result<User, AccountsError> {
        if identifier.trim().is_empty() {
            return Err(AccountsError::invalid("identifier", "Email or username is required"));
        }
        if password.is_empty() {
            return Err(AccountsError::invalid("password", "Password is required"));
        }
        let now = Utc::now();
        if let Some(retry_after_secs) = self.throttle.retry_after(identifier, now) {
            return Err(AccountsError::TooManyAttempts { retry_after_secs });
        }
        // Over-long input cannot match any stored password (the policy refuses it), but it
        // is still checked against a hash so the answer takes the same time.
        let found = self.find_by_identifier(identifier)?;
        let matches = match &found {
            Some(stored) => self.hasher.verify(password, &stored.password_hash),
            None => {
                self.hasher.verify(password, &self.dummy_hash);
                false
            }
        };
        match found {
            Some(stored) if matches => {
                self.throttle.record_success(identifier);
                Ok(stored.user)
            }
            _ => {
                self.throttle.record_failure(identifier, now);
                Err(AccountsError::InvalidCredentials)
            }
        }
    }

    fn find_user(&self, id: &str) -> Result<Option<User>, AccountsError> {
        Ok(self.repo.find_by_id(id)?.map(|u| u.user))
    }

    fn update_profile(&self, user_id: &str, input: ProfileInput) -> Result<User, AccountsError> {
        let current = self.repo.find_by_id(user_id)?.ok_or(AccountsError::NotFound)?.user;
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
        let now = Utc::now();
        let dob = match &input.dob {
            Some(raw) if raw.trim().is_empty() => None,
            Some(raw) => Some(DateOfBirth::parse(raw, now.date_naive()).map_err(field("dob"))?),
            None => current.dob,
        };
        if !username.eq_ignore_ascii_case(&current.username) {
            if let Some(other) = self.repo.find_by_username(&username)? {
                if other.user.id != current.id {
                    return Err(AccountsError::UsernameTaken);
                }
            }
        }
        let changes = ProfileChanges { first_name, last_name, username, mobile, dob, updated_at: now };
        self.repo
            .update_profile(user_id, &changes)
            .map_err(conflict_to_error)?
            .ok_or(AccountsError::NotFound)
    }

    fn change_password(&self, user_id: &str, current: &str, new: &str) -> Result<(), AccountsError> {
        if current.is_empty() {
            return Err(AccountsError::invalid("currentPassword", "Current password is required"));
        }
        if new.is_empty() {
            return Err(AccountsError::invalid("newPassword", "New password is required"));
        }
        let new_password = Password::parse(new).map_err(field("newPassword"))?;
        let stored = self.repo.find_by_id(user_id)?.ok_or(AccountsError::NotFound)?;
        if !self.hasher.verify(current, &stored.password_hash) {
            return Err(AccountsError::WrongCurrentPassword);
        }
        if current == new {
            return Err(AccountsError::invalid(
                "newPassword",
                "New password must be different from the current password",
            ));
        }
        let hash = self.hash(&new_password)?;
        if self.repo.update_credentials(user_id, &hash, stored.user.role)? {
            Ok(())
        } else {
            Err(AccountsError::NotFound)
        }
    }

    fn ensure_admin(&self, email: &str, password: &str, username: Option<&str>) -> Result<User, AccountsError> {
        let email = Email::parse(email).map_err(field("email"))?;
        let password = Password::parse(password).map_err(field("password"))?;
        if let Some(existing) = self.repo.find_by_email(email.as_str())? {
            let same_password = self.hasher.verify(password.expose(), &existing.password_hash);
            if same_password && existing.user.role == Role::Admin {
                return Ok(existing.user);
            }
            let hash = if same_password { existing.password_hash.clone() } else { self.hash(&password)? };
            self.repo.update_credentials(&existing.user.id, &hash, Role::Admin)?;
            return Ok(User { role: Role::Admin, ..existing.user });
        }
        let default_name = email.as_str().split('@').next().unwrap_or("admin").to_string();
        let name_source = username.unwrap_or(&default_name);
        let username = Username::parse(name_source)
            .or_else(|_| Username::parse("admin"))
            .map_err(field("username"))?;
        let new_user = NewUser {
            id: kernel::new_id(),
            username: username.as_str().to_string(),
            email,
            password_hash: self.hash(&password)?,
            role: Role::Admin,
            first_name: "Admin".into(),
            last_name: "User".into(),
            mobile: None,
            dob: None,
            created_at: Utc::now(),
        };
        self.repo.insert(&new_user).map_err(conflict_to_error)
    }
}

#[cfg(test)]
mod tests;
