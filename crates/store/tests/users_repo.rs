//! The users repository on every backend this run can reach.

// The whole crate is test code: clippy.toml's allow-unwrap/expect-in-tests covers only
// #[test] functions, not the helpers beside them.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use accounts::{NewUser, ProfileChanges, UserRepository};
use chrono::{NaiveDate, Utc};
use kernel::{Email, Role, StoreError};
use store::testing::TestDb;
use store::{migrations, DieselUserRepo};

fn new_user(username: &str, email: &str) -> NewUser {
    NewUser {
        id: kernel::new_id(),
        username: username.into(),
        email: Email::parse(email).unwrap(),
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
        let saved = repo.insert(&new_user("Asha_V", "asha@example.in")).unwrap();
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
        let user = repo.insert(&new_user("asha", "asha@example.in")).unwrap();
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
        assert_eq!(repo.update_credentials(&user.id, "new-hash", Role::Admin).map(|u| u.map(|u| u.role)), Ok(Some(Role::Admin)));
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

#[test]
fn credentials_and_end_sessions_raise_the_generation_and_signed_out_tokens_are_found_in_one_query() {
    each_backend(|t| {
        let repo = DieselUserRepo::new(t.db.clone());
        let user = repo.insert(&new_user("asha", "asha@example.in")).unwrap();
        assert_eq!(user.session_generation, 0);
        let generation = |repo: &DieselUserRepo| repo.find_session(&user.id, "t1").ok().flatten().map(|(u, _)| u.session_generation);
        assert_eq!(repo.end_sessions(&user.id), Ok(true));
        assert_eq!(generation(&repo), Some(1));
        let updated = repo.update_credentials(&user.id, "h2", Role::Customer).ok().flatten().map(|u| u.session_generation);
        assert_eq!(updated, Some(2));
        assert_eq!(repo.end_sessions("missing"), Ok(false));

        let now = Utc::now();
        assert_eq!(repo.find_session(&user.id, "t1").ok().flatten().map(|(_, revoked)| revoked), Some(false));
        assert_eq!(repo.revoke_token(&user.id, "t1", now + chrono::Duration::days(7), now), Ok(()));
        assert_eq!(repo.revoke_token(&user.id, "t1", now + chrono::Duration::days(7), now), Ok(()), "twice is fine");
        assert_eq!(repo.find_session(&user.id, "t1").ok().flatten().map(|(_, revoked)| revoked), Some(true));
        assert_eq!(repo.find_session(&user.id, "t2").ok().flatten().map(|(_, revoked)| revoked), Some(false));
        assert_eq!(repo.find_session("missing", "t1"), Ok(None));
        // A record outlives its token only until the next sign-out sweeps it away.
        assert_eq!(repo.revoke_token(&user.id, "t3", now + chrono::Duration::days(7), now + chrono::Duration::days(8)), Ok(()));
        assert_eq!(repo.find_session(&user.id, "t1").ok().flatten().map(|(_, revoked)| revoked), Some(false));
    });
}

#[test]
fn a_reset_is_replaced_by_a_newer_one_and_completes_once_before_it_expires() {
    use accounts::PasswordReset;
    each_backend(|t| {
        let repo = DieselUserRepo::new(t.db.clone());
        let user = repo.insert(&new_user("asha", "asha@example.in")).unwrap();
        let now = Utc::now();
        let reset = |digest: &str| PasswordReset {
            user_id: user.id.clone(),
            token_digest: digest.into(),
            expires_at: now + chrono::Duration::minutes(30),
            created_at: now,
        };
        assert_eq!(repo.save_reset(&reset("first")), Ok(()));
        assert_eq!(repo.save_reset(&reset("second")), Ok(()));
        assert_eq!(repo.find_reset("first"), Ok(None), "replaced");
        assert_eq!(repo.find_reset("second").ok().flatten().map(|r| r.user_id), Some(user.id.clone()));
        // Expired at the time of use: nothing changes.
        let late = now + chrono::Duration::minutes(30);
        assert_eq!(repo.complete_reset(&user.id, "second", "late-hash", late), Ok(None));
        let done = repo.complete_reset(&user.id, "second", "new-hash", now).ok().flatten();
        assert_eq!(done.map(|u| u.session_generation), Some(1));
        assert_eq!(repo.find_by_id(&user.id).ok().flatten().map(|u| u.password_hash), Some("new-hash".to_string()));
        assert_eq!(repo.complete_reset(&user.id, "second", "again", now), Ok(None), "used up");
    });
}

#[test]
fn the_attempt_log_admits_up_to_the_limit_per_key_then_says_when_the_oldest_leaves() {
    use accounts::{Admission, AttemptKey, AttemptLog};
    use store::DieselAttemptLog;
    each_backend(|t| {
        let log = DieselAttemptLog::new(t.db.clone());
        let start = Utc::now();
        let key = AttemptKey { action: "sign-in", subject: "account:1", address: "10.0.0.1" };
        let since = |now: chrono::DateTime<Utc>| now - chrono::Duration::minutes(15);
        for i in 0..3 {
            let at = start + chrono::Duration::seconds(i);
            assert_eq!(log.admit(&key, since(at), 3, at), Ok(Admission::Admitted));
        }
        let at = start + chrono::Duration::seconds(10);
        match log.admit(&key, since(at), 3, at) {
            Ok(Admission::Refused { oldest }) => assert_eq!(oldest.timestamp(), start.timestamp()),
            other => panic!("expected a refusal, got {other:?}"),
        }
        let other = AttemptKey { address: "10.0.0.2", ..key };
        assert_eq!(log.admit(&other, since(at), 3, at), Ok(Admission::Admitted));
        // After the window the oldest no longer counts.
        let later = start + chrono::Duration::minutes(15);
        assert_eq!(log.admit(&key, since(later), 3, later), Ok(Admission::Admitted));
        // Forgetting one address leaves the other.
        assert_eq!(log.forget("sign-in", "account:1", Some("10.0.0.1")), Ok(()));
        assert_eq!(log.admit(&key, since(later), 1, later), Ok(Admission::Admitted));
        assert!(matches!(log.admit(&other, since(at), 1, at), Ok(Admission::Refused { .. })));
        assert_eq!(log.forget("sign-in", "account:1", None), Ok(()));
        assert_eq!(log.admit(&other, since(at), 1, at), Ok(Admission::Admitted));
    });
}

#[test]
fn parallel_attempts_never_pass_the_limit() {
    use accounts::{Admission, AttemptKey, AttemptLog};
    use store::DieselAttemptLog;
    each_backend(|t| {
        let log = std::sync::Arc::new(DieselAttemptLog::new(t.db.clone()));
        let now = Utc::now();
        let admitted: usize = std::thread::scope(|s| {
            let handles: Vec<_> = (0..8)
                .map(|_| {
                    let log = log.clone();
                    s.spawn(move || {
                        let key = AttemptKey { action: "sign-in", subject: "account:9", address: "10.0.0.9" };
                        log.admit(&key, now - chrono::Duration::minutes(15), 3, now)
                    })
                })
                .collect();
            handles.into_iter().map(|h| h.join().ok()).filter(|r| matches!(r, Some(Ok(Admission::Admitted)))).count()
        });
        assert_eq!(admitted, 3, "{:?}", t.db.backend());
    });
}
