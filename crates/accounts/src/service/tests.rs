//! Service rules driven through in-memory fakes: a repository, a transparent hasher, a
//! word-list strength estimator, counting reset tokens, a recording mailer and a clock the
//! test moves.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use chrono::{DateTime, Duration, Utc};
use kernel::{MailError, OutgoingEmail, Role, StoreError};

use super::*;
use crate::models::{Strength, UserWithHash};
use crate::throttle::memory::MemoryAttempts;

#[derive(Default)]
struct MemoryRepo {
    users: Mutex<Vec<UserWithHash>>,
    revoked: Mutex<Vec<String>>,
    resets: Mutex<Vec<PasswordReset>>,
}

impl MemoryRepo {
    fn all(&self) -> Vec<UserWithHash> {
        self.users.lock().map(|u| u.clone()).unwrap_or_default()
    }

    fn edit<T>(&self, id: &str, f: impl FnOnce(&mut UserWithHash) -> T) -> Result<Option<T>, StoreError> {
        let mut users = self.users.lock().map_err(|e| StoreError::Backend(e.to_string()))?;
        Ok(users.iter_mut().find(|u| u.user.id == id).map(f))
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
            session_generation: 0,
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
        self.edit(id, |stored| {
            stored.user.first_name = c.first_name.clone();
            stored.user.last_name = c.last_name.clone();
            stored.user.username = c.username.clone();
            stored.user.mobile = c.mobile.clone();
            stored.user.dob = c.dob;
            stored.user.clone()
        })
    }
    fn update_credentials(&self, id: &str, hash: &str, role: Role) -> Result<Option<User>, StoreError> {
        self.edit(id, |stored| {
            stored.password_hash = hash.to_string();
            stored.user.role = role;
            stored.user.session_generation += 1;
            stored.user.clone()
        })
    }
    fn find_session(&self, user_id: &str, token_id: &str) -> Result<Option<(User, bool)>, StoreError> {
        let revoked = self.revoked.lock().map(|r| r.iter().any(|t| t == token_id)).unwrap_or(false);
        Ok(self.find_by_id(user_id)?.map(|u| (u.user, revoked)))
    }
    fn revoke_token(&self, _: &str, token_id: &str, _: DateTime<Utc>, _: DateTime<Utc>) -> Result<(), StoreError> {
        self.revoked.lock().map_err(|e| StoreError::Backend(e.to_string()))?.push(token_id.to_string());
        Ok(())
    }
    fn end_sessions(&self, user_id: &str) -> Result<bool, StoreError> {
        Ok(self.edit(user_id, |stored| stored.user.session_generation += 1)?.is_some())
    }
    fn save_reset(&self, reset: &PasswordReset) -> Result<(), StoreError> {
        let mut resets = self.resets.lock().map_err(|e| StoreError::Backend(e.to_string()))?;
        resets.retain(|r| r.user_id != reset.user_id);
        resets.push(reset.clone());
        Ok(())
    }
    fn find_reset(&self, digest: &str) -> Result<Option<PasswordReset>, StoreError> {
        Ok(self.resets.lock().ok().and_then(|r| r.iter().find(|r| r.token_digest == digest).cloned()))
    }
    fn complete_reset(&self, user_id: &str, digest: &str, hash: &str, now: DateTime<Utc>) -> Result<Option<User>, StoreError> {
        {
            let mut resets = self.resets.lock().map_err(|e| StoreError::Backend(e.to_string()))?;
            let before = resets.len();
            resets.retain(|r| !(r.user_id == user_id && r.token_digest == digest && r.expires_at > now));
            if resets.len() == before {
                return Ok(None);
            }
        }
        let role = self.find_by_id(user_id)?.map(|u| u.user.role).unwrap_or(Role::Customer);
        self.update_credentials(user_id, hash, role)
    }
    fn erase(&self, user_id: &str, blank: &crate::models::ErasedAccount, _: DateTime<Utc>) -> Result<bool, StoreError> {
        Ok(self
            .edit(user_id, |stored| {
                stored.user.username = blank.username.clone();
                stored.user.email = blank.email.clone();
                stored.password_hash = blank.password_hash.clone();
                stored.user.session_generation += 1;
            })?
            .is_some())
    }
}

/// Not a real hash: enough to test the rules around hashing. Counts verifications.
#[derive(Default)]
struct PlainHasher {
    verified: AtomicUsize,
}
impl PasswordHasher for PlainHasher {
    fn hash(&self, password: &str) -> Result<String, String> {
        Ok(format!("hashed:{password}"))
    }
    fn verify(&self, password: &str, hash: &str) -> bool {
        self.verified.fetch_add(1, Ordering::SeqCst);
        hash == format!("hashed:{password}")
    }
}

/// Weak: a listed common password, or one that contains the account's own words.
struct WordListStrength;
impl PasswordStrength for WordListStrength {
    fn estimate(&self, password: &str, own: &[&str]) -> Strength {
        let common = ["12345678", "password", "aaaaaaaa"].contains(&password);
        let personal = own.iter().any(|w| w.len() >= 3 && password.to_lowercase().contains(&w.to_lowercase()));
        if common || personal {
            Strength { score: 0, hint: Some("This is a common password.".into()) }
        } else {
            Strength { score: 4, hint: None }
        }
    }
}

#[derive(Default)]
struct CountingTokens {
    issued: AtomicUsize,
}
impl ResetTokens for CountingTokens {
    fn generate(&self) -> String {
        format!("token{}", self.issued.fetch_add(1, Ordering::SeqCst))
    }
    fn digest(&self, token: &str) -> String {
        format!("digest-of-{token}")
    }
}

#[derive(Default)]
struct RecordingMailer {
    sent: Mutex<Vec<OutgoingEmail>>,
}
impl Mailer for RecordingMailer {
    fn send(&self, email: &OutgoingEmail) -> Result<(), MailError> {
        self.sent.lock().map_err(|e| MailError(e.to_string()))?.push(email.clone());
        Ok(())
    }
}

struct Fixture {
    svc: AccountService,
    repo: Arc<MemoryRepo>,
    hasher: Arc<PlainHasher>,
    mail: Arc<RecordingMailer>,
    clock: kernel::Clock,
}

impl Fixture {
    fn advance(&self, by: Duration) {
        self.clock.advance(by);
    }

    fn sent(&self) -> Vec<OutgoingEmail> {
        self.mail.sent.lock().map(|s| s.clone()).unwrap_or_default()
    }

    /// The token in the last reset e-mail's link.
    fn last_token(&self) -> String {
        let text = self.sent().last().map(|m| m.text.clone()).unwrap_or_default();
        text.split("token=").nth(1).and_then(|t| t.split_whitespace().next()).unwrap_or_default().to_string()
    }
}

fn fixture() -> Fixture {
    let repo = Arc::new(MemoryRepo::default());
    let hasher = Arc::new(PlainHasher::default());
    let mail = Arc::new(RecordingMailer::default());
    let ports = AccountPorts {
        users: repo.clone(),
        hasher: hasher.clone(),
        strength: Arc::new(WordListStrength),
        attempts: Arc::new(MemoryAttempts::default()),
        reset_tokens: Arc::new(CountingTokens::default()),
        mailer: mail.clone(),
    };
    let settings = AccountSettings { public_url: "https://shop.example.in/".into(), sign_ins_per_address_per_minute: 0 };
    let clock = kernel::Clock::system();
    let svc = AccountService::new(ports, settings).expect("service").with_clock(clock.clone());
    Fixture { svc, repo, hasher, mail, clock }
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
    result.expect("unexpected error")
}

fn message<T>(result: Result<T, AccountsError>) -> Option<String> {
    result.err().map(|e| e.to_string())
}

const PASS: &str = "correct horse";
const HOME: &str = "10.0.0.1";

fn claims_for(user: &User, token_id: &str) -> SessionClaims {
    SessionClaims {
        user_id: user.id.clone(),
        generation: user.session_generation,
        token_id: token_id.into(),
        expires_at: Utc::now() + Duration::days(7),
    }
}

#[test]
fn registration_creates_a_customer_with_names_defaulting_to_username() {
    let f = fixture();
    let user = ok(f.svc.register(input("asha", " Asha@Example.in", PASS)));
    assert_eq!(user.role, Role::Customer);
    assert_eq!(user.email, "asha@example.in");
    assert_eq!((user.first_name.as_str(), user.last_name.as_str()), ("asha", "asha"));
    let stored = f.repo.all().into_iter().map(|u| u.password_hash).collect::<Vec<_>>();
    assert_eq!(stored, vec![format!("hashed:{PASS}")]);
}

#[test]
fn registration_refuses_missing_fields_bad_email_and_weak_password() {
    let f = fixture();
    let long = "x".repeat(73);
    let cases = [
        (input("", "a@b.in", PASS), "Username is required"),
        (input("asha", "", PASS), "Email is required"),
        (input("asha", "not-an-email", PASS), "Please enter a valid email address"),
        (input("asha", "a@b.in", ""), "Password is required"),
        (input("asha", "a@b.in", "short"), "Password must be at least 8 characters long"),
        (input("asha", "a@b.in", &long), "Password must be at most 72 bytes long"),
        (input("a@b", "a@b.in", PASS), Username::MESSAGE),
    ];
    for (case, expected) in cases {
        assert_eq!(message(f.svc.register(case)).as_deref(), Some(expected));
    }
    let mut bad_mobile = input("asha", "a@b.in", PASS);
    bad_mobile.mobile = Some("12345".into());
    assert_eq!(message(f.svc.register(bad_mobile)).as_deref(), Some(MobileNumber::MESSAGE));
    assert!(f.repo.all().is_empty(), "nothing stored");
}

#[test]
fn guessable_passwords_are_refused_everywhere_including_the_accounts_own_words() {
    let f = fixture();
    for weak in ["12345678", "password", "aaaaaaaa", "ashaverma-99"] {
        let refused = f.svc.register(input("ashaverma", "asha@example.in", weak));
        assert!(matches!(&refused, Err(AccountsError::WeakPassword { field: "password", .. })), "{weak}: {refused:?}");
    }
    assert!(f.repo.all().is_empty());
    let user = ok(f.svc.register(input("ashaverma", "asha@example.in", PASS)));
    let change = f.svc.change_password(&user.id.as_str().into(), PASS, "password");
    assert!(matches!(change, Err(AccountsError::WeakPassword { field: "newPassword", .. })));
    let admin = f.svc.ensure_admin("owner@shop.in", "aaaaaaaa", None);
    assert!(matches!(admin, Err(AccountsError::WeakPassword { .. })));
}

#[test]
fn email_and_username_are_unique_case_insensitively() {
    let f = fixture();
    ok(f.svc.register(input("asha", "asha@example.in", PASS)));
    assert!(matches!(f.svc.register(input("ravi", "ASHA@example.in", PASS)), Err(AccountsError::EmailTaken)));
    assert!(matches!(f.svc.register(input("ASHA", "other@example.in", PASS)), Err(AccountsError::UsernameTaken)));
    assert_eq!(f.repo.all().len(), 1);
}

#[test]
fn login_by_email_or_username_with_one_answer_for_every_failure() {
    let f = fixture();
    ok(f.svc.register(input("asha", "asha@example.in", PASS)));
    assert!(f.svc.login("ASHA@example.in", PASS, HOME).is_ok());
    assert!(f.svc.login("Asha", PASS, HOME).is_ok());
    let wrong = message(f.svc.login("asha", "wrong-pass", HOME));
    let unknown = message(f.svc.login("nobody", PASS, HOME));
    assert_eq!(wrong, unknown);
    assert_eq!(wrong.as_deref(), Some("Invalid email/username or password"));
}

#[test]
fn sign_in_lock_is_per_account_and_address_and_counts_email_and_username_together() {
    let f = fixture();
    ok(f.svc.register(input("asha", "asha@example.in", PASS)));
    ok(f.svc.register(input("ravi", "ravi@example.in", PASS)));
    let stranger = "203.0.113.7";
    for i in 0..10 {
        let identifier = if i % 2 == 0 { "asha@example.in" } else { "ASHA" };
        assert!(matches!(f.svc.login(identifier, "bad-password", stranger), Err(AccountsError::InvalidCredentials)));
    }
    // Five by e-mail and five by username are ten for the one account.
    let verified = f.hasher.verified.load(Ordering::SeqCst);
    assert!(matches!(
        f.svc.login("asha", PASS, stranger),
        Err(AccountsError::TooManyAttempts { retry_after_secs, .. }) if retry_after_secs > 0
    ));
    assert_eq!(f.hasher.verified.load(Ordering::SeqCst), verified, "a refusal computes no hash");
    // The owner, from home, is not locked out; nor is another account from the stranger's address.
    assert!(f.svc.login("asha", PASS, HOME).is_ok());
    assert!(f.svc.login("ravi", PASS, stranger).is_ok());
    // The lock ends when the window has passed.
    f.advance(Duration::minutes(15));
    assert!(f.svc.login("asha", PASS, stranger).is_ok());
}

#[test]
fn unknown_identifiers_are_throttled_like_accounts() {
    let f = fixture();
    for _ in 0..10 {
        assert!(matches!(f.svc.login("ghost@example.in", "bad-password", HOME), Err(AccountsError::InvalidCredentials)));
    }
    assert!(matches!(f.svc.login("ghost@example.in", "bad-password", HOME), Err(AccountsError::TooManyAttempts { .. })));
    assert!(matches!(f.svc.login("ghost@example.in", "bad-password", "10.9.9.9"), Err(AccountsError::InvalidCredentials)));
}

#[test]
fn sessions_end_on_password_change_sign_out_everywhere_and_sign_out() {
    let f = fixture();
    let user = ok(f.svc.register(input("asha", "asha@example.in", PASS)));
    let phone = claims_for(&user, "phone");
    let laptop = claims_for(&user, "laptop");
    assert!(ok(f.svc.authenticate(&phone)).is_some());

    ok(f.svc.sign_out(&phone));
    assert!(ok(f.svc.authenticate(&phone)).is_none(), "the signed-out token");
    assert!(ok(f.svc.authenticate(&laptop)).is_some(), "other tokens go on");

    let changed = ok(f.svc.change_password(&user.id.as_str().into(), PASS, "new horse battery"));
    assert!(ok(f.svc.authenticate(&laptop)).is_none(), "a password change ends earlier sessions");
    let fresh = claims_for(&changed, "fresh");
    assert!(ok(f.svc.authenticate(&fresh)).is_some(), "a token of the new generation works");

    ok(f.svc.sign_out_everywhere(&user.id.as_str().into()));
    assert!(ok(f.svc.authenticate(&fresh)).is_none());
    assert!(matches!(f.svc.sign_out_everywhere(&"missing".into()), Err(AccountsError::NotFound)));
}

#[test]
fn profile_edits_keep_email_and_check_each_field() {
    let f = fixture();
    let user = ok(f.svc.register(input("asha", "asha@example.in", PASS)));
    ok(f.svc.register(input("ravi", "ravi@example.in", PASS)));
    let edit = ProfileInput {
        first_name: Some("Asha".into()),
        last_name: Some("Verma".into()),
        mobile: Some("+91 98765 43210".into()),
        dob: Some("1994-06-01".into()),
        ..ProfileInput::default()
    };
    let updated = ok(f.svc.update_profile(&user.id.as_str().into(), edit));
    assert_eq!(updated.mobile.as_deref(), Some("9876543210"));
    assert_eq!(updated.last_name, "Verma");
    assert_eq!(updated.email, "asha@example.in");

    let email_change = ProfileInput { email: Some("new@example.in".into()), ..ProfileInput::default() };
    assert_eq!(message(f.svc.update_profile(&user.id.as_str().into(), email_change)).as_deref(), Some("Email cannot be changed"));
    let taken = ProfileInput { username: Some("RAVI".into()), ..ProfileInput::default() };
    assert!(matches!(f.svc.update_profile(&user.id.as_str().into(), taken), Err(AccountsError::UsernameTaken)));
    let bad_mobile = ProfileInput { mobile: Some("12345".into()), ..ProfileInput::default() };
    assert!(matches!(f.svc.update_profile(&user.id.as_str().into(), bad_mobile), Err(AccountsError::Invalid { field: "mobile", .. })));
    let cleared = ProfileInput { mobile: Some(String::new()), ..ProfileInput::default() };
    assert_eq!(ok(f.svc.update_profile(&user.id.as_str().into(), cleared)).mobile, None);
}

#[test]
fn change_password_needs_the_current_one_and_wrong_guesses_are_throttled() {
    let f = fixture();
    let user = ok(f.svc.register(input("asha", "asha@example.in", PASS)));
    assert!(matches!(f.svc.change_password(&user.id.as_str().into(), "wrong-one", "new horse battery"), Err(AccountsError::WrongCurrentPassword)));
    assert!(matches!(f.svc.change_password(&user.id.as_str().into(), PASS, "short"), Err(AccountsError::Invalid { .. })));
    for _ in 0..9 {
        assert!(matches!(f.svc.change_password(&user.id.as_str().into(), "wrong-one", "new horse battery"), Err(AccountsError::WrongCurrentPassword)));
    }
    let verified = f.hasher.verified.load(Ordering::SeqCst);
    assert!(matches!(
        f.svc.change_password(&user.id.as_str().into(), PASS, "new horse battery"),
        Err(AccountsError::TooManyAttempts { .. })
    ));
    assert_eq!(f.hasher.verified.load(Ordering::SeqCst), verified, "refused before any hash");
    f.advance(Duration::minutes(15));
    ok(f.svc.change_password(&user.id.as_str().into(), PASS, "new horse battery"));
    assert!(f.svc.login("asha", PASS, HOME).is_err());
    assert!(f.svc.login("asha", "new horse battery", HOME).is_ok());
}

#[test]
fn ensure_admin_creates_and_sets_the_password_but_promotes_only_when_told() {
    let f = fixture();
    let admin = ok(f.svc.ensure_admin("owner@shop.in", "night-train-42", None));
    assert_eq!((admin.user.role, admin.outcome), (Role::Admin, AdminOutcome::Created));
    assert_eq!(admin.user.username, "owner");
    let again = ok(f.svc.ensure_admin("owner@shop.in", "night-train-42", None));
    assert_eq!((again.user.id.as_str(), again.outcome), (admin.user.id.as_str(), AdminOutcome::Unchanged));
    let reset = ok(f.svc.ensure_admin("owner@shop.in", "night-train-43", None));
    assert_eq!(reset.outcome, AdminOutcome::PasswordSet);
    assert!(reset.user.session_generation > admin.user.session_generation, "the admin's sessions ended");
    assert!(f.svc.login("owner@shop.in", "night-train-43", HOME).is_ok());

    let customer = ok(f.svc.register(input("ravi", "ravi@example.in", PASS)));
    let refused = f.svc.ensure_admin("ravi@example.in", "night-train-42", None);
    assert!(matches!(&refused, Err(AccountsError::WouldPromoteCustomer { username, .. }) if username == "ravi"));
    assert_eq!(f.repo.find_by_id(&customer.id).ok().flatten().map(|u| u.user.role), Some(Role::Customer));

    let promoted = ok(f.svc.promote_to_admin("ravi@example.in", "night-train-42", None));
    assert_eq!((promoted.user.id.as_str(), promoted.user.role, promoted.outcome), (customer.id.as_str(), Role::Admin, AdminOutcome::Promoted));
    assert!(ok(f.svc.authenticate(&claims_for(&customer, "old"))).is_none(), "the promoted account's sessions ended");
}

#[test]
fn a_reset_link_is_e_mailed_only_for_an_account_and_only_a_few_times_an_hour() {
    let f = fixture();
    ok(f.svc.register(input("asha", "asha@example.in", PASS)));
    ok(f.svc.request_password_reset("nobody@example.in"));
    assert!(f.sent().is_empty());
    assert!(matches!(f.svc.request_password_reset("not an address"), Err(AccountsError::Invalid { .. })));

    ok(f.svc.request_password_reset("ASHA@example.in"));
    let sent = f.sent();
    assert_eq!(sent.len(), 1);
    assert_eq!((sent[0].to.as_str(), sent[0].subject.as_str()), ("asha@example.in", "Reset your password"));
    assert!(sent[0].text.contains("https://shop.example.in/reset-password?token=token0"), "{}", sent[0].text);
    assert!(sent[0].html.contains("href=\"https://shop.example.in/reset-password?token=token0\""));
    // Only the digest is stored.
    let stored = f.repo.resets.lock().map(|r| r.clone()).unwrap_or_default();
    assert_eq!(stored.iter().map(|r| r.token_digest.as_str()).collect::<Vec<_>>(), ["digest-of-token0"]);

    ok(f.svc.request_password_reset("asha@example.in"));
    ok(f.svc.request_password_reset("asha@example.in"));
    ok(f.svc.request_password_reset("asha@example.in"));
    assert_eq!(f.sent().len(), 3, "at most 3 e-mails an hour, refused without a sign");
    f.advance(Duration::hours(1));
    ok(f.svc.request_password_reset("asha@example.in"));
    assert_eq!(f.sent().len(), 4);
}

#[test]
fn a_reset_token_works_once_within_30_minutes_and_a_newer_one_replaces_it() {
    let f = fixture();
    let user = ok(f.svc.register(input("asha", "asha@example.in", PASS)));
    let session = claims_for(&user, "phone");
    ok(f.svc.request_password_reset("asha@example.in"));
    let first = f.last_token();
    ok(f.svc.request_password_reset("asha@example.in"));
    let second = f.last_token();
    assert_ne!(first, second);
    assert!(matches!(f.svc.reset_password(&first, "new horse battery"), Err(AccountsError::InvalidResetToken)), "replaced");
    assert!(matches!(f.svc.reset_password("made-up", "new horse battery"), Err(AccountsError::InvalidResetToken)));
    // A weak password is refused and the link still works for a better one.
    assert!(matches!(f.svc.reset_password(&second, "password"), Err(AccountsError::WeakPassword { .. })));
    ok(f.svc.reset_password(&second, "new horse battery"));
    assert!(f.svc.login("asha", "new horse battery", HOME).is_ok());
    assert!(ok(f.svc.authenticate(&session)).is_none(), "a reset ends every session");
    assert!(matches!(f.svc.reset_password(&second, "other horse battery"), Err(AccountsError::InvalidResetToken)), "used");

    ok(f.svc.request_password_reset("asha@example.in"));
    let late = f.last_token();
    f.advance(Duration::minutes(30));
    assert!(matches!(f.svc.reset_password(&late, "other horse battery"), Err(AccountsError::InvalidResetToken)), "expired");
}

#[test]
fn a_reset_ends_the_accounts_sign_in_lock() {
    let f = fixture();
    ok(f.svc.register(input("asha", "asha@example.in", PASS)));
    for _ in 0..10 {
        assert!(f.svc.login("asha", "bad-password", HOME).is_err());
    }
    assert!(matches!(f.svc.login("asha", PASS, HOME), Err(AccountsError::TooManyAttempts { .. })));
    ok(f.svc.request_password_reset("asha@example.in"));
    ok(f.svc.reset_password(&f.last_token(), "new horse battery"));
    assert!(f.svc.login("asha", "new horse battery", HOME).is_ok());
}
