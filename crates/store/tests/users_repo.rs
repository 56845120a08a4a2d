//! The users repository on every backend this run can reach.

use accounts::{NewUser, ProfileChanges, UserRepository};
use chrono::{NaiveDate, Utc};
use kernel::{Email, Role, StoreError};
use store::testing::TestDb;
use store::{migrations, DieselUserRepo};

fn new_user(username: &str, email: &str) -> NewUser {
    NewUser {
        id: kernel::new_id(),
        username: username.into(),
        email: Email::parse(email).unwrap_or_else(|e| panic!("{e}")),
        password_hash: "$2b$04$hash".into(),
        role: Role::Customer,
        first_name: username.into(),
        last_name: username.into(),
        mobile: None,
        dob: None,
        created_at: Utc::now(),
    }
}

fn each_backend(test: impl Fn(TestDb)) {
    for backend in TestDb::backends() {
        test(TestDb::new(backend));
    }
}

#[test]
fn insert_and_find_by_id_email_and_username_case_insensitively() {
    each_backend(|t| {
        let repo = DieselUserRepo::new(t.db.clone());
        let saved = repo.insert(&new_user("Asha_V", "asha@example.in")).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(saved.username, "Asha_V");
        let by_id = repo.find_by_id(&saved.id).ok().flatten().map(|u| u.user.email);
        assert_eq!(by_id.as_deref(), Some("asha@example.in"));
        let by_name = repo.find_by_username("asha_v").ok().flatten().map(|u| u.password_hash);
        assert_eq!(by_name.as_deref(), Some("$2b$04$hash"));
        assert!(repo.find_by_email("asha@example.in").ok().flatten().is_some());
        assert!(repo.find_by_email("nobody@example.in").ok().flatten().is_none());
    });
}

#[test]
fn duplicate_email_or_username_is_a_named_conflict() {
    each_backend(|t| {
        let repo = DieselUserRepo::new(t.db.clone());
        assert!(repo.insert(&new_user("asha", "asha@example.in")).is_ok());
        match repo.insert(&new_user("ravi", "asha@example.in")) {
            Err(StoreError::Conflict { constraint }) => assert!(constraint.contains("email"), "{constraint}"),
            other => panic!("expected an email conflict, got {other:?}"),
        }
        match repo.insert(&new_user("ASHA", "other@example.in")) {
            Err(StoreError::Conflict { constraint }) => assert!(constraint.contains("username"), "{constraint}"),
            other => panic!("expected a username conflict, got {other:?}"),
        }
    });
}

#[test]
fn profile_and_credentials_updates_persist() {
    each_backend(|t| {
        let repo = DieselUserRepo::new(t.db.clone());
        let user = repo.insert(&new_user("asha", "asha@example.in")).unwrap_or_else(|e| panic!("{e}"));
        let changes = ProfileChanges {
            first_name: "Asha".into(),
            last_name: "Verma".into(),
            username: "ashav".into(),
            mobile: Some("9876543210".into()),
            dob: NaiveDate::from_ymd_opt(1994, 6, 1),
            updated_at: Utc::now(),
        };
        let updated = repo.update_profile(&user.id, &changes).ok().flatten().unwrap_or_else(|| panic!("no user"));
        assert_eq!((updated.username.as_str(), updated.dob), ("ashav", NaiveDate::from_ymd_opt(1994, 6, 1)));
        assert_eq!(repo.update_profile("missing", &changes), Ok(None));
        assert_eq!(repo.update_credentials(&user.id, "new-hash", Role::Admin), Ok(true));
        let stored = repo.find_by_id(&user.id).ok().flatten().unwrap_or_else(|| panic!("no user"));
        assert_eq!((stored.password_hash.as_str(), stored.user.role), ("new-hash", Role::Admin));
    });
}

#[test]
fn migrations_apply_once() {
    each_backend(|t| {
        // TestDb already migrated: a second run applies nothing.
        assert_eq!(migrations::run_pending(&t.db).map(|v| v.len()), Ok(0));
    });
}
