//! The addresses repository on every backend this run can reach.

// The whole crate is test code: clippy.toml's allow-unwrap/expect-in-tests covers only
// #[test] functions, not the helpers beside them.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use accounts::addresses::{AddressRepository, DeleteOutcome, ValidAddress};
use chrono::{Duration, Utc};
use common::{count, each_backend, user};
use kernel::PostalAddress;
use store::DieselAddressRepo;

fn address(line1: &str, is_default: bool) -> ValidAddress {
    ValidAddress {
        postal: PostalAddress {
            full_name: "Asha Rao".into(),
            phone: Some("9876543210".into()),
            landmark: Some("Opposite the fire station".into()),
            address_line1: line1.into(),
            address_line2: Some("Near the temple".into()),
            city: "Pune".into(),
            state: "Maharashtra".into(),
            postal_code: "411001".into(),
        },
        is_default,
    }
}

#[test]
fn first_is_default_a_new_default_unsets_the_others_and_the_list_is_default_first() {
    each_backend(|t| {
        let repo = DieselAddressRepo::new(t.db.clone());
        let (asha, ravi) = (user(&t, "asha"), user(&t, "ravi"));
        let now = Utc::now();
        let a = repo.insert(&kernel::AddressId::generate(), &asha.as_str().into(), &address("1 MG Road", false), now).unwrap();
        let b = repo.insert(&kernel::AddressId::generate(), &asha.as_str().into(), &address("2 MG Road", false), now + Duration::seconds(1)).unwrap();
        assert!(a.is_default && !b.is_default);
        let r = repo.insert(&kernel::AddressId::generate(), &ravi.as_str().into(), &address("9 Park St", false), now).unwrap();
        assert!(r.is_default, "ravi's first address is his default");
        let c = repo.insert(&kernel::AddressId::generate(), &asha.as_str().into(), &address("3 MG Road", true), now + Duration::seconds(2)).unwrap();
        let list = repo.list(&asha.as_str().into()).unwrap_or_default();
        assert_eq!(list.iter().map(|x| (x.id.clone(), x.is_default)).collect::<Vec<_>>(),
            vec![(c.id.clone(), true), (a.id.clone(), false), (b.id.clone(), false)]);
        assert_eq!(list[1].postal.address_line2.as_deref(), Some("Near the temple"));
        assert_eq!(list[1].postal.full_name, "Asha Rao");
        assert_eq!(list[1].postal.phone.as_deref(), Some("9876543210"));
        assert_eq!(list[1].postal.landmark.as_deref(), Some("Opposite the fire station"));
        // Ravi's default is untouched by Asha's.
        assert!(repo.list(&ravi.as_str().into()).unwrap_or_default()[0].is_default);

        // Moving the default by update; unchecking it on the default keeps it.
        let moved = repo.update(&asha.as_str().into(), &b.id.as_str().into(), &address("2A MG Road", true), now).ok().flatten();
        assert_eq!(moved.map(|m| (m.postal.address_line1, m.is_default)), Some(("2A MG Road".to_string(), true)));
        let kept = repo.update(&asha.as_str().into(), &b.id.as_str().into(), &address("2A MG Road", false), now).ok().flatten();
        assert_eq!(kept.map(|k| k.is_default), Some(true));
        assert_eq!(repo.list(&asha.as_str().into()).unwrap_or_default().iter().filter(|x| x.is_default).count(), 1);
    });
}

#[test]
fn another_users_address_is_never_changed_or_deleted_and_the_default_stays() {
    each_backend(|t| {
        let repo = DieselAddressRepo::new(t.db.clone());
        let (asha, ravi) = (user(&t, "asha"), user(&t, "ravi"));
        let now = Utc::now();
        let a = repo.insert(&kernel::AddressId::generate(), &asha.as_str().into(), &address("1 MG Road", false), now).unwrap();
        let b = repo.insert(&kernel::AddressId::generate(), &asha.as_str().into(), &address("2 MG Road", false), now).unwrap();
        assert_eq!(repo.update(&ravi.as_str().into(), &a.id.as_str().into(), &address("hacked", true), now).ok(), Some(None));
        assert_eq!(repo.delete(&ravi.as_str().into(), &b.id.as_str().into()).ok(), Some(DeleteOutcome::NotFound));
        assert_eq!(repo.delete(&asha.as_str().into(), &a.id.as_str().into()).ok(), Some(DeleteOutcome::IsDefault));
        assert_eq!(count(&t, "addresses"), 2);
        assert_eq!(repo.list(&asha.as_str().into()).unwrap_or_default()[0].postal.address_line1, "1 MG Road");
        assert_eq!(repo.delete(&asha.as_str().into(), &b.id.as_str().into()).ok(), Some(DeleteOutcome::Deleted));
        assert_eq!(count(&t, "addresses"), 1);
    });
}
