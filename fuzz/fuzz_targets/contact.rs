//! Mobile numbers, PIN codes and e-mail addresses: whatever is accepted is in canonical form.
#![no_main]
use kernel::{Email, MobileNumber, PostalCode};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    if let Ok(mobile) = MobileNumber::parse(text) {
        let digits = mobile.as_str();
        assert_eq!(digits.len(), 10);
        assert!(digits.bytes().all(|b| b.is_ascii_digit()) && matches!(digits.as_bytes()[0], b'6'..=b'9'));
        assert_eq!(MobileNumber::parse(digits).map(|m| m.as_str().to_string()), Ok(digits.to_string()));
    }
    if let Ok(pin) = PostalCode::parse(text) {
        assert_eq!(pin.as_str().len(), 6);
        assert!(pin.as_str().bytes().all(|b| b.is_ascii_digit()) && !pin.as_str().starts_with('0'));
    }
    if let Ok(email) = Email::parse(text) {
        let e = email.as_str();
        assert_eq!(e.matches('@').count(), 1);
        assert_eq!(e, e.to_lowercase());
        assert!(!e.chars().any(char::is_whitespace));
        assert_eq!(Email::parse(e).map(Email::into_string), Ok(e.to_string()));
    }
});
