//! Whether a PIN code lies in a state. India Post gives each postal circle its leading
//! digits (1 Delhi, Haryana, Punjab, Himachal Pradesh, Jammu and Kashmir …; 11 Delhi; 403
//! Goa). Some prefixes serve two states (160 Chandigarh and Mohali in Punjab, 605 Puducherry
//! among Tamil Nadu's towns): such a prefix accepts each of them, so a real address is never
//! refused, while a PIN from another part of the country is. Army Postal Service PINs
//! (first digit 9) are not delivery addresses of the shop.

use kernel::PostalCode;

use crate::states::State;

/// Leading digits and the GST state codes they serve. The longest matching prefix decides.
const PREFIXES: &[(&str, &[u8])] = &[
    ("11", &[7]),
    ("12", &[6]),
    ("13", &[6]),
    ("14", &[3]),
    ("15", &[3]),
    ("16", &[3, 4]),
    ("17", &[2]),
    ("18", &[1]),
    ("19", &[1, 38]),
    ("20", &[9]),
    ("21", &[9]),
    ("22", &[9]),
    ("23", &[9]),
    ("24", &[9]),
    ("244", &[9, 5]),
    ("246", &[5]),
    ("247", &[9, 5]),
    ("248", &[5]),
    ("249", &[5]),
    ("25", &[9]),
    ("26", &[9]),
    ("262", &[9, 5]),
    ("263", &[5]),
    ("27", &[9]),
    ("28", &[9]),
    ("30", &[8]),
    ("31", &[8]),
    ("32", &[8]),
    ("33", &[8]),
    ("34", &[8]),
    ("36", &[24]),
    ("362", &[24, 26]),
    ("37", &[24]),
    ("38", &[24]),
    ("39", &[24]),
    ("396", &[24, 26]),
    ("40", &[27]),
    ("403", &[30]),
    ("41", &[27]),
    ("42", &[27]),
    ("43", &[27]),
    ("44", &[27]),
    ("45", &[23]),
    ("46", &[23]),
    ("47", &[23]),
    ("48", &[23]),
    ("49", &[22]),
    ("50", &[36]),
    ("51", &[37]),
    ("52", &[37]),
    ("53", &[37]),
    ("533", &[37, 34]),
    ("56", &[29]),
    ("57", &[29]),
    ("58", &[29]),
    ("59", &[29]),
    ("60", &[33]),
    ("605", &[33, 34]),
    ("609", &[33, 34]),
    ("61", &[33]),
    ("62", &[33]),
    ("63", &[33]),
    ("64", &[33]),
    ("67", &[32]),
    ("673", &[32, 34]),
    ("68", &[32]),
    ("682", &[32, 31]),
    ("69", &[32]),
    ("70", &[19]),
    ("71", &[19]),
    ("72", &[19]),
    ("73", &[19]),
    ("737", &[11]),
    ("74", &[19]),
    ("744", &[35]),
    ("75", &[21]),
    ("76", &[21]),
    ("77", &[21]),
    ("78", &[18]),
    ("790", &[12]),
    ("791", &[12]),
    ("792", &[12]),
    ("793", &[17]),
    ("794", &[17]),
    ("795", &[14]),
    ("796", &[15]),
    ("797", &[13]),
    ("798", &[13]),
    ("799", &[16]),
    ("80", &[10]),
    ("81", &[10, 20]),
    ("82", &[10, 20]),
    ("83", &[20]),
    ("84", &[10]),
    ("85", &[10]),
];

/// True when `pin` has leading digits that India Post assigns to `state`. Its form (six
/// digits, not starting with 0) is the kernel's [`PostalCode`] rule.
pub fn pin_belongs_to(pin: &PostalCode, state: State) -> bool {
    let pin = pin.as_str();
    PREFIXES
        .iter()
        .filter(|(prefix, _)| pin.starts_with(prefix))
        .max_by_key(|(prefix, _)| prefix.len())
        .is_some_and(|(_, states)| states.contains(&state.code))
}

/// True for the Army Postal Service's codes (first digit 9, India Post's ninth zone): field
/// post offices that belong to no state.
pub fn is_army_postal(pin: &PostalCode) -> bool {
    pin.as_str().starts_with('9')
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::states::STATES;

    fn state(name: &str) -> State {
        State::by_name(name).expect("a listed state")
    }

    fn pin(raw: &str) -> PostalCode {
        PostalCode::parse(raw).expect("a PIN code")
    }

    #[test]
    fn capitals_lie_in_their_states() {
        let capitals = [
            ("110001", "Delhi"), ("400001", "Maharashtra"), ("560001", "Karnataka"), ("600001", "Tamil Nadu"),
            ("700001", "West Bengal"), ("500001", "Telangana"), ("380001", "Gujarat"), ("302001", "Rajasthan"),
            ("226001", "Uttar Pradesh"), ("800001", "Bihar"), ("751001", "Odisha"), ("695001", "Kerala"),
            ("403001", "Goa"), ("160017", "Chandigarh"), ("248001", "Uttarakhand"), ("834001", "Jharkhand"),
            ("492001", "Chhattisgarh"), ("462001", "Madhya Pradesh"), ("781001", "Assam"), ("737101", "Sikkim"),
            ("744101", "Andaman and Nicobar Islands"), ("605001", "Puducherry"), ("682555", "Lakshadweep"),
            ("194101", "Ladakh"), ("190001", "Jammu and Kashmir"), ("171001", "Himachal Pradesh"),
            ("141001", "Punjab"), ("122001", "Haryana"), ("520001", "Andhra Pradesh"), ("795001", "Manipur"),
            ("796001", "Mizoram"), ("797001", "Nagaland"), ("799001", "Tripura"), ("793001", "Meghalaya"),
            ("791111", "Arunachal Pradesh"), ("396230", "Dadra and Nagar Haveli and Daman and Diu"),
        ];
        for (pin, name) in capitals {
            assert!(pin_belongs_to(&self::pin(pin), state(name)), "{pin} is in {name}");
        }
        let named: std::collections::HashSet<&str> = capitals.iter().map(|(_, n)| *n).collect();
        assert_eq!(named.len(), STATES.len(), "every state has a PIN in the table");
    }

    #[test]
    fn a_pin_from_elsewhere_is_refused() {
        assert!(!pin_belongs_to(&pin("560001"), state("Tamil Nadu")));
        assert!(!pin_belongs_to(&pin("403001"), state("Maharashtra")), "403 is Goa only");
        assert!(!pin_belongs_to(&pin("110001"), state("Haryana")));
        // Army Postal Service and prefixes India Post does not assign lie in no state.
        for raw in ["900001", "650001", "350001"] {
            assert!(STATES.iter().all(|s| !pin_belongs_to(&pin(raw), *s)), "{raw}");
        }
    }
}
