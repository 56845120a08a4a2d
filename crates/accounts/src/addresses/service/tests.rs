//! Address rules driven through an in-memory repository that keeps the same default rule
//! as the real store.

use std::sync::Mutex;

use chrono::{DateTime, Utc};
use kernel::{MobileNumber, PostalCode, StoreError};

use super::*;

#[derive(Default)]
struct MemoryRepo {
    rows: Mutex<Vec<Address>>,
}

impl MemoryRepo {
    fn all(&self) -> Vec<Address> {
        self.rows.lock().map(|r| r.clone()).unwrap_or_default()
    }
}

fn lock(repo: &MemoryRepo) -> Result<std::sync::MutexGuard<'_, Vec<Address>>, StoreError> {
    repo.rows.lock().map_err(|e| StoreError::Backend(e.to_string()))
}

impl AddressRepository for MemoryRepo {
    fn list(&self, user_id: &UserId) -> Result<Vec<Address>, StoreError> {
        let user_id = user_id.as_str();
        let mut list: Vec<Address> = self.all().into_iter().filter(|a| a.user_id == user_id).collect();
        list.sort_by_key(|a| (!a.is_default, a.created_at));
        Ok(list)
    }
    fn insert(&self, id: &AddressId, user_id: &UserId, v: &ValidAddress, now: DateTime<Utc>) -> Result<Address, StoreError> {
        let (id, user_id) = (id.as_str(), user_id.as_str());
        let mut rows = lock(self)?;
        let first = !rows.iter().any(|a| a.user_id == user_id);
        let is_default = v.is_default || first;
        if is_default {
            rows.iter_mut().filter(|a| a.user_id == user_id).for_each(|a| a.is_default = false);
        }
        let address = Address {
            id: id.into(),
            user_id: user_id.into(),
            postal: v.postal.clone(),
            is_default,
            created_at: now,
            updated_at: now,
        };
        rows.push(address.clone());
        Ok(address)
    }
    fn update(&self, user_id: &UserId, id: &AddressId, v: &ValidAddress, now: DateTime<Utc>) -> Result<Option<Address>, StoreError> {
        let (user_id, id) = (user_id.as_str(), id.as_str());
        let mut rows = lock(self)?;
        if !rows.iter().any(|a| a.id == id && a.user_id == user_id) {
            return Ok(None);
        }
        if v.is_default {
            rows.iter_mut().filter(|a| a.user_id == user_id).for_each(|a| a.is_default = false);
        }
        let Some(a) = rows.iter_mut().find(|a| a.id == id) else { return Ok(None) };
        a.postal = v.postal.clone();
        a.is_default = a.is_default || v.is_default;
        a.updated_at = now;
        Ok(Some(a.clone()))
    }
    fn delete(&self, user_id: &UserId, id: &AddressId) -> Result<DeleteOutcome, StoreError> {
        let (user_id, id) = (user_id.as_str(), id.as_str());
        let mut rows = lock(self)?;
        match rows.iter().position(|a| a.id == id && a.user_id == user_id) {
            None => Ok(DeleteOutcome::NotFound),
            Some(i) if rows[i].is_default => Ok(DeleteOutcome::IsDefault),
            Some(i) => {
                rows.remove(i);
                Ok(DeleteOutcome::Deleted)
            }
        }
    }
}

fn input(line1: &str, city: &str, state: &str, pin: &str, is_default: bool) -> AddressInput {
    AddressInput {
        full_name: Some("Asha Rao".into()),
        phone: Some("+91 98765 43210".into()),
        landmark: None,
        address_line1: Some(line1.into()),
        address_line2: None,
        city: Some(city.into()),
        state: Some(state.into()),
        postal_code: Some(pin.into()),
        is_default: Some(is_default),
    }
}

fn ok<T>(r: Result<T, AddressError>) -> T {
    r.expect("unexpected error")
}

fn message<T: std::fmt::Debug>(r: Result<T, AddressError>) -> String {
    r.err().map(|e| e.to_string()).unwrap_or_default()
}

#[test]
fn required_fields_and_pin_code_are_checked_and_nothing_is_stored() {
    let svc = AddressService::new(MemoryRepo::default());
    let cases = [
        (input(" ", "Pune", "Maharashtra", "411001", false), "Address line 1 is required"),
        (input("1 MG Road", "", "Maharashtra", "411001", false), "City is required"),
        (input("1 MG Road", "Pune", "", "411001", false), "State is required"),
        (input("1 MG Road", "Pune", "Maharashtra", "", false), "Postal code is required"),
        (input("1 MG Road", "Pune", "Maharashtra", "011001", false), PostalCode::MESSAGE),
        (input("1 MG Road", "Pune", "Maharashtra", "41100", false), PostalCode::MESSAGE),
        (input(&"x".repeat(201), "Pune", "Maharashtra", "411001", false), "Address line 1 may hold up to 200 characters"),
        (input("1 MG Road", &"x".repeat(101), "Maharashtra", "411001", false), "City may hold up to 100 characters"),
        (input("1 MG\u{0}Road", "Pune", "Maharashtra", "411001", false), "Address line 1 may hold only printable characters"),
        (input("1 MG Road", "Pu\nne", "Maharashtra", "411001", false), "City may hold only printable characters"),
    ];
    for (case, expected) in cases {
        assert_eq!(message(svc.create(&"u1".into(), case)), expected);
    }
    let with = |change: fn(&mut AddressInput)| {
        let mut case = input("1 MG Road", "Pune", "Maharashtra", "411001", false);
        change(&mut case);
        case
    };
    let more = [
        (with(|c| c.full_name = Some("  ".into())), "Full name is required"),
        (with(|c| c.phone = None), "Phone number is required"),
        (with(|c| c.phone = Some("5876543210".into())), MobileNumber::MESSAGE),
        (with(|c| c.state = Some("Bombay".into())), "Please choose a state or union territory from the list"),
        (with(|c| c.state = Some("maharashtra".into())), "Please choose a state or union territory from the list"),
        (with(|c| c.postal_code = Some("560001".into())), "This PIN code is not in Maharashtra"),
        (with(|c| c.state = Some("Goa".into())), "This PIN code is not in Goa"),
    ];
    for (case, expected) in more {
        assert_eq!(message(svc.create(&"u1".into(), case)), expected);
    }
    assert!(svc.repo.all().is_empty());
}

#[test]
fn phone_and_state_are_stored_normalised() {
    let svc = AddressService::new(MemoryRepo::default());
    let mut case = input("1 MG Road", "Pune", " Maharashtra ", "411001", false);
    case.phone = Some("0 98765-43210".into());
    case.landmark = Some(" Opposite the fire station ".into());
    let saved = ok(svc.create(&"u1".into(), case));
    assert_eq!(saved.postal.phone.as_deref(), Some("9876543210"));
    assert_eq!(saved.postal.state, "Maharashtra");
    assert_eq!(saved.postal.landmark.as_deref(), Some("Opposite the fire station"));
    assert_eq!(saved.postal.full_name, "Asha Rao");
}

#[test]
fn first_address_is_default_and_a_new_default_unsets_the_old() {
    let svc = AddressService::new(MemoryRepo::default());
    let first = ok(svc.create(&"u1".into(), input("1 MG Road", "Pune", "Maharashtra", "411001", false)));
    assert!(first.is_default);
    let second = ok(svc.create(&"u1".into(), input("2 MG Road", "Pune", "Maharashtra", "411002", false)));
    assert!(!second.is_default);
    let third = ok(svc.create(&"u1".into(), input("3 MG Road", "Pune", "Maharashtra", "411003", true)));
    assert!(third.is_default);
    let list = ok(svc.list(&"u1".into()));
    assert_eq!(list.iter().filter(|a| a.is_default).count(), 1);
    assert_eq!(list[0].id, third.id, "default first");
    // Another user's first address is their own default and touches nothing of u1.
    assert!(ok(svc.create(&"u2".into(), input("9 Park St", "Kolkata", "West Bengal", "700016", false))).is_default);
    assert_eq!(ok(svc.list(&"u1".into())).iter().filter(|a| a.is_default).count(), 1);
}

#[test]
fn the_default_cannot_be_deleted_and_others_are_not_found() {
    let svc = AddressService::new(MemoryRepo::default());
    let first = ok(svc.create(&"u1".into(), input("1 MG Road", "Pune", "Maharashtra", "411001", false)));
    let second = ok(svc.create(&"u1".into(), input("2 MG Road", "Pune", "Maharashtra", "411002", false)));
    assert_eq!(message(svc.delete(&"u1".into(), &first.id.as_str().into())), "Default address cannot be deleted!");
    assert!(matches!(svc.delete(&"u2".into(), &second.id.as_str().into()), Err(AddressError::NotFound)));
    assert!(matches!(svc.delete(&"u1".into(), &"not-a-uuid".into()), Err(AddressError::NotFound)));
    assert!(matches!(
        svc.update(&"u2".into(), &second.id.as_str().into(), input("x", "y", "Maharashtra", "411001", true)),
        Err(AddressError::NotFound)
    ));
    assert_eq!(svc.repo.all().len(), 2);
    ok(svc.delete(&"u1".into(), &second.id.as_str().into()));
    assert_eq!(ok(svc.list(&"u1".into())).len(), 1);
}

#[test]
fn update_can_move_the_default_but_never_clear_it() {
    let svc = AddressService::new(MemoryRepo::default());
    let first = ok(svc.create(&"u1".into(), input("1 MG Road", "Pune", "Maharashtra", "411001", false)));
    let second = ok(svc.create(&"u1".into(), input("2 MG Road", "Pune", "Maharashtra", "411002", false)));
    let moved = ok(svc.update(&"u1".into(), &second.id.as_str().into(), input("2A MG Road", "Pune", "Maharashtra", "411002", true)));
    assert!(moved.is_default && moved.postal.address_line1 == "2A MG Road");
    let kept = ok(svc.update(&"u1".into(), &second.id.as_str().into(), input("2A MG Road", "Pune", "Maharashtra", "411002", false)));
    assert!(kept.is_default, "the only default stays the default");
    let list = ok(svc.list(&"u1".into()));
    assert_eq!(list.iter().filter(|a| a.is_default).map(|a| a.id.clone()).collect::<Vec<_>>(), vec![second.id]);
    assert!(list.iter().any(|a| a.id == first.id && !a.is_default));
}
