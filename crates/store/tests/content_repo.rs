//! Company details and legal pages on every backend.

// The whole crate is test code: clippy.toml's allow-unwrap/expect-in-tests covers only
// #[test] functions, not the helpers beside them.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use content::{CompanyFields, ContentRepository, LegalWrite};
use kernel::{ImageFormat, StoredFile};
use store::testing::TestDb;
use store::DieselContentRepo;

fn fields(name: &str) -> CompanyFields {
    CompanyFields {
        name: name.into(),
        email: "hello@kapda.in".into(),
        phone: "9876543210".into(),
        address: "12 MG Road, Bengaluru".into(),
        pincode: "560001".into(),
        legal_name: "Kapda Private Limited".into(),
        gstin: "29AAGCB7383J1Z4".into(),
        state: "Karnataka".into(),
        invoice_prefix: "KP".into(),
        grievance_officer: "Meera Iyer".into(),
        grievance_designation: "Head of customer care".into(),
        grievance_email: "grievance@kapda.in".into(),
        grievance_phone: "9845012345".into(),
    }
}

fn logo() -> StoredFile {
    let id = kernel::new_id();
    StoredFile { filename: format!("{id}.svg"), id, format: ImageFormat::Svg, width: 100, height: 40, byte_size: 300 }
}

#[test]
fn company_details_are_one_row_and_a_new_logo_replaces_the_old() {
    for backend in TestDb::backends() {
        let t = TestDb::new(backend);
        let repo = DieselContentRepo::new(t.db.clone());
        assert_eq!(repo.company(), Ok(None));
        let first = logo();
        assert_eq!(repo.save_company(&fields("Kapda"), Some(&first)), Ok(None));
        assert_eq!(repo.save_company(&fields("Kapda & Co"), None), Ok(None), "no logo sent keeps the logo");
        let saved = repo.company().ok().flatten().unwrap_or_default();
        assert_eq!((saved.name.as_str(), saved.logo_filename.as_deref()), ("Kapda & Co", Some(first.filename.as_str())));
        assert_eq!((saved.gstin.as_str(), saved.state.as_str(), saved.legal_name.as_str(), saved.invoice_prefix.as_str()), ("29AAGCB7383J1Z4", "Karnataka", "Kapda Private Limited", "KP"));
        let second = logo();
        assert_eq!(repo.save_company(&fields("Kapda & Co"), Some(&second)), Ok(Some(first.filename.clone())));
        assert_eq!(repo.company().ok().flatten().and_then(|c| c.logo_filename), Some(second.filename));
    }
}

#[test]
fn legal_pages_are_created_then_updated_by_slug() {
    for backend in TestDb::backends() {
        let t = TestDb::new(backend);
        let repo = DieselContentRepo::new(t.db.clone());
        let page = |content: &str| LegalWrite { slug: "privacy-policy".into(), title: "Privacy Policy".into(), content: content.into() };
        let created = repo.save_legal_page(&page("v1")).unwrap();
        let updated = repo.save_legal_page(&page("v2")).unwrap();
        assert_eq!(created.id, updated.id);
        assert_eq!(updated.content, "v2");
        assert!(updated.updated_at >= created.updated_at);
        assert_eq!(repo.legal_pages().map(|p| p.len()), Ok(1));
    }
}
