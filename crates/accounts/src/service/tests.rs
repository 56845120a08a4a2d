//! Service rules driven through an in-memory repository and a transparent hasher.

use std::sync::Mutex;

use chrono::Duration;
use kernel::{Role, StoreError};

use super::*;
use crate::models::UserWithHash;

#[derive(Default)]
struct MemoryRepo {
    users: Mutex<Vec<UserWithHash>>,
}

impl MemoryRepo {
    fn all(&self) -> Vec<UserWithHash> {
        self.users.lock().map(|u| u.clone()).unwrap_or_default()
    }
}

impl UserRepository for MemoryRepo {
    fn insert(&self, u: &NewUser) -> Result<User, StoreError> {
        let mut users = self.users.lock().map_err(|e| StoreError::Backend(e.to_string()))?;
        if users.iter().any(|x| x.user.email == u.email.as_str()) {
            return Err(StoreError::Conflict { constraint: "users.email".into() });
        }
        if users.iter().any(|x| x.user.username.eq_ignore_ascii_case(&u.username)) {
            return Err(StoreError::Conflict { constraint: "users.username".into() });
        }
        let user = User {
            id: u.id.clone(),
            username: u.username.clone(),
            email: u.email.as_str().to_string(),
            role: u.role,
            first_name: u.first_name.clone(),
            last_name: u.last_name.clone(),
            mobile: u.mobile.as_ref().map(|m| m.as_str().to_string()),
            dob: u.dob,
            created_at: u.created_at,
            updated_at: u.created_at,
        };
        users.push(UserWithHash { user: user.clone(), password_hash: u.password_hash.clone() });
        Ok(user)
    }
    fn find_by_id(&self, id: &str) -> Result<Option<UserWithHash>, StoreError> {
        Ok(self.all().into_iter().find(|u| u.user.id == id))
    }
    fn find_by_email(&self, email: &str) -> Result<Option<UserWithHash>, StoreError> {
        Ok(self.all().into_iter().find(|u| u.user.email == email))
    }
    fn find_by_username(&self, name: &str) -> Result<Option<UserWithHash>, StoreError> {
        Ok(self.all().into_iter().find(|u| u.user.username.eq_ignore_ascii_case(name)))
    }
    fn update_profile(&self, id: &str, c: &ProfileChanges) -> Result<Option<User>, StoreError> {
        let mut users = self.users.lock().map_err(|e| StoreError::Backend(e.to_string()))?;
        let Some(stored) = users.iter_mut().find(|u| u.user.id == id) else { return Ok(None) };
        stored.user.first_name = c.first_name.clone();
        stored.user.last_name = c.last_name.clone();
        stored.user.username = c.username.clone();
        stored.user.mobile = c.mobile.clone();
        stored.user.dob = c.dob;
        Ok(Some(stored.user.clone()))
    }
    fn update_credentials(&self, id: &str, hash: &str, role: Role) -> Result<bool, StoreError> {
        let mut users = self.users.lock().map_err(|e| StoreError::Backend(e.to_string()))?;
        let Some(stored) = users.iter_mut().find(|u| u.user.id == id) else { return Ok(false) };
        stored.password_hash = hash.to_string();
        stored.user.role = role;
        Ok(true)
    }
}

/// Not a real hash: enough to test the rules around hashing.
struct PlainHasher;
impl PasswordHasher for PlainHasher {
    fn hash(&self, password: &str) -> Result<String, String> {
        Ok(format!("hashed:{password}"))
    }
    fn verify(&self, password: &str, hash: &str) -> bool {
        hash == format!("hashed:{password}")
    }
}

fn service() -> AccountService<MemoryRepo, PlainHasher> {
    match AccountService::new(MemoryRepo::default(), PlainHasher, LoginThrottle::new(3, Duration::minutes(15))) {
        Ok(s) => s,
        Err(e) => panic!("service: {e}"),
    }
}

fn input(username: &str, email: &str, password: &str) -> RegisterInput {
    RegisterInput {
        username: Some(username.into()),
        email: Some(email.into()),
        password: Some(password.into()),
        ..RegisterInput::default()
    }
}

fn ok<T>(result: Result<T, AccountsError>) -> T {
    result.unwrap_or_else(|e| panic!("unexpected error: {e}"))
}

fn message<T>(result: Result<T, AccountsError>) -> Option<String> {
    result.err().map(|e| e.to_string())
}

#[test]
fn registration_creates_a_customer_with_names_defaulting_to_username() {
    let svc = service();
    let user = ok(svc.register(input("asha", " Asha@Example.in", "correct horse")));
    assert_eq!(user.role, Role::Customer);
    assert_eq!(user.email, "asha@example.in");
    assert_eq!((user.first_name.as_str(), user.last_name.as_str()), ("asha", "asha"));
    let stored = svc.repo.all().into_iter().map(|u| u.password_hash).collect::<Vec<_>>();
    assert_eq!(stored, vec!["hashed:correct horse".to_string()]);
}

#[test]
fn registration_refuses_missing_fields_bad_email_and_weak_password() {
    let svc = service();
    let long = "x".repeat(73);
    let cases = [
        (input("", "a@b.in", "12345678"), "Username is required"),
        (input("asha", "", "12345678"), "Email is required"),
        (input("asha", "not-an-email", "12345678"), "Please enter a valid email address"),
        (input("asha", "a@b.in", ""), "Password is required"),
        (input("asha", "a@b.in", "short"), "Password must be at least 8 characters long"),
        (input("asha", "a@b.in", &long), "Password must be at most 72 bytes long"),
        (input("a@b", "a@b.in", "12345678"), Username::MESSAGE),
    ];
    for (case, expected) in cases {
        assert_eq!(message(svc.register(case)).as_deref(), Some(expected));
    }
    let mut bad_mobile = input("asha", "a@b.in", "12345678");
    bad_mobile.mobile = Some("12345".into());
    assert_eq!(message(svc.register(bad_mobile)).as_deref(), Some(MobileNumber::MESSAGE));
    assert!(svc.repo.all().is_empty(), "nothing stored");
}

#[test]
fn email_and_username_are_unique_case_insensitively() {
    let svc = service();
    ok(svc.register(input("asha", "asha@example.in", "12345678")));
    assert!(matches!(svc.register(input("ravi", "ASHA@example.in", "12345678")), Err(AccountsError::EmailTaken)));
    assert!(matches!(svc.register(input("ASHA", "other@example.in", "12345678")), Err(AccountsError::UsernameTaken)));
    assert_eq!(svc.repo.all().len(), 1);
}

#[test]
fn login_by_email_or_username_with_one_answer_for_every_failure() {
    let svc = service();
    ok(svc.register(input("asha", "asha@example.in", "12345678")));
    assert!(svc.login("ASHA@example.in", "12345678").is_ok());
    assert!(svc.login("Asha", "12345678").is_ok());
    let wrong = message(svc.login("asha", "wrong-pass"));
    let unknown = message(svc.login("nobody", "12345678"));
    assert_eq!(wrong, unknown);
    assert_eq!(wrong.as_deref(), Some("Invalid email/username or password"));
}

#[test]
fn login_is_throttled_per_identifier_even_with_the_right_password() {
    let svc = service();
    ok(svc.register(input("asha", "asha@example.in", "12345678")));
    ok(svc.register(input("ravi", "ravi@example.in", "12345678")));
    for _ in 0..3 {
        assert!(matches!(svc.login("asha", "bad-password"), Err(AccountsError::InvalidCredentials)));
    }
    assert!(matches!(
        svc.login("asha", "12345678"),
        Err(AccountsError::TooManyAttempts { retry_after_secs }) if retry_after_secs > 0
    ));
    assert!(svc.login("ravi", "12345678").is_ok(), "other accounts are not affected");
}

#[test]
fn profile_edits_keep_email_and_check_each_field() {
    let svc = service();
    let user = ok(svc.register(input("asha", "asha@example.in", "12345678")));
    ok(svc.register(input("ravi", "ravi@example.in", "12345678")));
    let edit = ProfileInput {
        first_name: Some("Asha".into()),
        last_name: Some("Verma".into()),
        mobile: Some("+91 98765 43210".into()),
        dob: Some("1994-06-01".into()),
        ..ProfileInput::default()
    };
    let updated = ok(svc.update_profile(&user.id, edit));
    assert_eq!(updated.mobile.as_deref(), Some("9876543210"));
    assert_eq!(updated.last_name, "Verma");
    assert_eq!(updated.email, "asha@example.in");

    let email_change = ProfileInput { email: Some("new@example.in".into()), ..ProfileInput::default() };
    assert_eq!(message(svc.update_profile(&user.id, email_change)).as_deref(), Some("Email cannot be changed"));
    let taken = ProfileInput { username: Some("RAVI".into()), ..ProfileInput::default() };
    assert!(matches!(svc.update_profile(&user.id, taken), Err(AccountsError::UsernameTaken)));
    let bad_mobile = ProfileInput { mobile: Some("12345".into()), ..ProfileInput::default() };
    assert!(matches!(svc.update_profile(&user.id, bad_mobile), Err(AccountsError::Invalid { field: "mobile", .. })));
    let cleared = ProfileInput { mobile: Some(String::new()), ..ProfileInput::default() };
    assert_eq!(ok(svc.update_profile(&user.id, cleared)).mobile, None);
}

#[test]
fn change_password_needs_the_current_one() {
    let svc = service();
    let user = ok(svc.register(input("asha", "asha@example.in", "12345678")));
    assert!(matches!(svc.change_password(&user.id, "wrong-one", "newpassword1"), Err(AccountsError::WrongCurrentPassword)));
    assert!(matches!(svc.change_password(&user.id, "12345678", "short"), Err(AccountsError::Invalid { .. })));
    ok(svc.change_password(&user.id, "12345678", "newpassword1"));
    assert!(svc.login("asha", "12345678").is_err());
    assert!(svc.login("asha", "newpassword1").is_ok());
}

#[test]
fn ensure_admin_creates_then_promotes_and_resets() {
    let svc = service();
    let admin = ok(svc.ensure_admin("owner@shop.in", "owner-pass-1", None));
    assert_eq!(admin.role, Role::Admin);
    assert_eq!(admin.username, "owner");
    let again = ok(svc.ensure_admin("owner@shop.in", "owner-pass-2", None));
    assert_eq!(again.id, admin.id);
    assert!(svc.login("owner@shop.in", "owner-pass-2").is_ok());

    let customer = ok(svc.register(input("ravi", "ravi@example.in", "12345678")));
    let promoted = ok(svc.ensure_admin("ravi@example.in", "12345678", None));
    assert_eq!((promoted.id, promoted.role), (customer.id, Role::Admin));
}
