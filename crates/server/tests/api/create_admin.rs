//! `shop create-admin` never silently promotes a customer: anyone could have registered the
//! owner's e-mail first.

use serde_json::json;

use crate::helpers::TestApp;
use crate::startup::{output_text, shop};

#[actix_web::test]
async fn create_admin_refuses_an_existing_customer_unless_promote_is_given() {
    for app in TestApp::all() {
        let (token, _) = app.customer("owner").await;
        let data = tempfile::tempdir().unwrap();
        let run = |extra: &[&str]| {
            shop(data.path())
                .env("DATABASE_URL", &app.db.url)
                .args(["create-admin", "--email", "owner@example.in", "--password", "night-train-42"])
                .args(extra)
                .output()
                .unwrap()
        };

        let refused = run(&[]);
        let text = output_text(&refused);
        assert!(!refused.status.success(), "{:?}: {text}", app.backend);
        assert!(text.contains("existing customer account 'owner'") && text.contains("--promote"), "{text}");
        let me = app.get("/api/auth/me", Some(&token)).await.expect(200);
        assert_eq!(me.body["data"]["user"]["userType"], "CUSTOMER", "nothing changed");

        let promoted = run(&["--promote"]);
        let text = output_text(&promoted);
        assert!(promoted.status.success(), "{text}");
        assert!(
            String::from_utf8_lossy(&promoted.stdout).contains("Promoted the customer account owner (owner@example.in) to admin"),
            "{text}"
        );
        app.get("/api/auth/me", Some(&token)).await.expect(401);
        let login = app
            .post("/api/auth/login", None, json!({ "identifier": "owner@example.in", "password": "night-train-42" }))
            .await
            .expect(200);
        assert_eq!(login.body["user"]["userType"], "ADMIN");
    }
}

#[test]
fn the_admin_from_the_environment_never_promotes_a_customer_at_start_up() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("shop.db");
    // A customer registered the owner's address before the owner configured it.
    let accounts = {
        let url = format!("sqlite://{}", db.display());
        let database = store::Db::open(&url).unwrap();
        store::migrations::run_pending(&database).unwrap();
        store::DieselUserRepo::new(database)
    };
    use accounts::UserRepository;
    accounts
        .insert(&accounts::NewUser {
            id: kernel::new_id(),
            username: "squatter".into(),
            email: kernel::Email::parse("owner@shop.in").unwrap(),
            password_hash: "$2b$04$not-a-real-hash".into(),
            role: kernel::Role::Customer,
            first_name: "S".into(),
            last_name: "Q".into(),
            mobile: None,
            dob: None,
            created_at: chrono::Utc::now(),
        })
        .unwrap();
    let out = shop(dir.path())
        .env("SHOP_ADMIN_EMAIL", "owner@shop.in")
        .env("SHOP_ADMIN_PASSWORD", "night-train-42")
        .env("SHOP_BIND", "127.0.0.1:0")
        .arg("serve")
        .output()
        .unwrap();
    let text = output_text(&out);
    assert!(!out.status.success(), "{text}");
    assert!(text.contains("SHOP_ADMIN_EMAIL") && text.contains("--promote"), "{text}");
    let role = accounts.find_by_email("owner@shop.in").ok().flatten().map(|u| u.user.role);
    assert_eq!(role, Some(kernel::Role::Customer));
}
