use chrono::{DateTime, Datelike, NaiveDate, Utc};
use kernel::{Email, InvalidValue, MobileNumber, Role};

/// A stored account as the rest of the shop sees it: never with its password hash.
#[derive(Debug, Clone, PartialEq)]
pub struct User {
    pub id: String,
    pub username: String,
    pub email: String,
    pub role: Role,
    pub first_name: String,
    pub last_name: String,
    pub mobile: Option<String>,
    pub dob: Option<NaiveDate>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    /// Raised whenever every earlier session must end (password change or reset, role
    /// change, "sign out of all devices"); a token is valid only with the current value.
    pub session_generation: i64,
}

/// What a session token says, once its signature and expiry are checked: whose it is,
/// the account's session generation when it was issued, and its own id (so that this one
/// token can be ended).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SessionClaims {
    pub user_id: String,
    pub generation: i64,
    pub token_id: String,
    pub expires_at: DateTime<Utc>,
}

/// An open password reset: the account and the digest of the e-mailed token.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PasswordReset {
    pub user_id: String,
    pub token_digest: String,
    pub expires_at: DateTime<Utc>,
    pub created_at: DateTime<Utc>,
}

/// What `ensure_admin` / `promote_to_admin` did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AdminOutcome {
    /// A new ADMIN account.
    Created,
    /// An existing CUSTOMER became ADMIN (its sessions ended).
    Promoted,
    /// An existing ADMIN got the given password (its sessions ended).
    PasswordSet,
    /// An existing ADMIN already had that password.
    Unchanged,
}

#[derive(Debug, Clone, PartialEq)]
pub struct AdminSetup {
    pub user: User,
    pub outcome: AdminOutcome,
}

/// A user together with the password hash; only the accounts service and the store see it.
#[derive(Debug, Clone)]
pub struct UserWithHash {
    pub user: User,
    pub password_hash: String,
}

/// What an erased account keeps in place of its identity: an e-mail address and a username
/// nobody can have (the `.invalid` top-level domain is reserved, RFC 2606) and a password
/// hash nothing matches, so its orders still name an account while the person is gone.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ErasedAccount {
    pub username: String,
    pub email: String,
    pub password_hash: String,
}

impl ErasedAccount {
    pub fn of(user_id: &str) -> ErasedAccount {
        ErasedAccount {
            username: format!("deleted-{user_id}"),
            email: format!("deleted-{user_id}@deleted.invalid"),
            password_hash: "!".to_string(),
        }
    }
}

/// A validated account, ready to be stored.
#[derive(Debug, Clone)]
pub struct NewUser {
    pub id: String,
    pub username: String,
    pub email: Email,
    pub password_hash: String,
    pub role: Role,
    pub first_name: String,
    pub last_name: String,
    pub mobile: Option<MobileNumber>,
    pub dob: Option<NaiveDate>,
    pub created_at: DateTime<Utc>,
}

/// The registration payload as typed by a person (username, e-mail, password, optional
/// names, mobile and date of birth). `userType` is
/// accepted and ignored: public registration only ever creates a CUSTOMER.
#[derive(Debug, Clone, Default)]
pub struct RegisterInput {
    pub username: Option<String>,
    pub email: Option<String>,
    pub password: Option<String>,
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    pub mobile: Option<String>,
    pub dob: Option<String>,
}

/// Profile fields a person may edit. `None` keeps the stored value; for mobile and date
/// of birth an empty text clears it. The e-mail is not editable.
#[derive(Debug, Clone, Default)]
pub struct ProfileInput {
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    pub username: Option<String>,
    pub mobile: Option<String>,
    pub dob: Option<String>,
    pub email: Option<String>,
}

/// The validated, complete new state of a profile.
#[derive(Debug, Clone, PartialEq)]
pub struct ProfileChanges {
    pub first_name: String,
    pub last_name: String,
    pub username: String,
    pub mobile: Option<String>,
    pub dob: Option<NaiveDate>,
    pub updated_at: DateTime<Utc>,
}

/// A date of birth: a real date in the past of someone at least 18 years old (the terms
/// require adult users).
pub struct DateOfBirth;

impl DateOfBirth {
    pub const ADULT_AGE: i32 = 18;

    pub fn parse(raw: &str, today: NaiveDate) -> Result<NaiveDate, InvalidValue> {
        // Accept a plain date or the date part of an ISO timestamp.
        let text = raw.trim();
        let date_part = text.get(..10).unwrap_or(text);
        let date = NaiveDate::parse_from_str(date_part, "%Y-%m-%d")
            .map_err(|_| InvalidValue("Date of birth must be a date like 1990-04-25"))?;
        if date.year() < 1900 || date > today {
            return Err(InvalidValue("Date of birth must be a real date in the past"));
        }
        let adult_from = today
            .with_year(today.year() - Self::ADULT_AGE)
            // 29 February today: use 28 February of the earlier year.
            .or_else(|| today.pred_opt().and_then(|d| d.with_year(d.year() - Self::ADULT_AGE)))
            .unwrap_or(today);
        if date > adult_from {
            return Err(InvalidValue("You must be at least 18 years old"));
        }
        Ok(date)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).unwrap_or_default()
    }

    #[test]
    fn date_of_birth_rules() {
        let today = day(2026, 11, 22);
        assert_eq!(DateOfBirth::parse("1990-04-25", today), Ok(day(1990, 4, 25)));
        assert_eq!(DateOfBirth::parse("1990-04-25T00:00:00.000Z", today), Ok(day(1990, 4, 25)));
        assert_eq!(DateOfBirth::parse("2008-11-22", today), Ok(day(2008, 11, 22)));
        assert!(DateOfBirth::parse("2008-11-23", today).is_err());
        assert!(DateOfBirth::parse("2030-01-01", today).is_err());
        assert!(DateOfBirth::parse("1850-01-01", today).is_err());
        assert!(DateOfBirth::parse("25/04/1990", today).is_err());
        assert!(DateOfBirth::parse("1990-02-30", today).is_err());
    }
}
