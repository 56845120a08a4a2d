//! Any text either is refused or is an amount that formats and reads back to itself.
#![no_main]
use kernel::Money;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    if let Ok(money) = Money::parse_rupees(text) {
        assert!(money.paise() >= 0 && money.paise() <= kernel::money::MAX_PAISE);
        let plain = format!("{}.{:02}", money.paise() / 100, money.paise() % 100);
        assert_eq!(Money::parse_rupees(&plain), Ok(money));
        assert_eq!(Money::from_rupees(money.to_rupees()), Ok(money));
        let shown = money.format_inr();
        assert!(shown.starts_with('₹') && shown.ends_with(&plain[plain.len() - 3..]));
    }
});
