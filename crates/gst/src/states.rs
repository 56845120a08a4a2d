//! The states and union territories with the two-digit codes GST uses (the first two
//! characters of a GSTIN). Daman and Diu (25) merged into 26 in 2020; Andhra Pradesh's old
//! code 28 is no longer issued: neither is offered for a new address or company.

/// A state or union territory with its GST state code.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct State {
    pub code: u8,
    pub name: &'static str,
}

/// The 36 states and union territories, in the order of their codes.
pub const STATES: [State; 36] = [
    State { code: 1, name: "Jammu and Kashmir" },
    State { code: 2, name: "Himachal Pradesh" },
    State { code: 3, name: "Punjab" },
    State { code: 4, name: "Chandigarh" },
    State { code: 5, name: "Uttarakhand" },
    State { code: 6, name: "Haryana" },
    State { code: 7, name: "Delhi" },
    State { code: 8, name: "Rajasthan" },
    State { code: 9, name: "Uttar Pradesh" },
    State { code: 10, name: "Bihar" },
    State { code: 11, name: "Sikkim" },
    State { code: 12, name: "Arunachal Pradesh" },
    State { code: 13, name: "Nagaland" },
    State { code: 14, name: "Manipur" },
    State { code: 15, name: "Mizoram" },
    State { code: 16, name: "Tripura" },
    State { code: 17, name: "Meghalaya" },
    State { code: 18, name: "Assam" },
    State { code: 19, name: "West Bengal" },
    State { code: 20, name: "Jharkhand" },
    State { code: 21, name: "Odisha" },
    State { code: 22, name: "Chhattisgarh" },
    State { code: 23, name: "Madhya Pradesh" },
    State { code: 24, name: "Gujarat" },
    State { code: 26, name: "Dadra and Nagar Haveli and Daman and Diu" },
    State { code: 27, name: "Maharashtra" },
    State { code: 29, name: "Karnataka" },
    State { code: 30, name: "Goa" },
    State { code: 31, name: "Lakshadweep" },
    State { code: 32, name: "Kerala" },
    State { code: 33, name: "Tamil Nadu" },
    State { code: 34, name: "Puducherry" },
    State { code: 35, name: "Andaman and Nicobar Islands" },
    State { code: 36, name: "Telangana" },
    State { code: 37, name: "Andhra Pradesh" },
    State { code: 38, name: "Ladakh" },
];

impl State {
    /// The state of this name, ignoring case and surrounding spaces.
    pub fn by_name(name: &str) -> Option<State> {
        let name = name.trim();
        STATES.iter().copied().find(|s| s.name.eq_ignore_ascii_case(name))
    }

    pub fn by_code(code: u8) -> Option<State> {
        STATES.iter().copied().find(|s| s.code == code)
    }

    /// The code as printed on an invoice and at the start of a GSTIN: two digits.
    pub fn code_text(self) -> String {
        format!("{:02}", self.code)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thirty_six_distinct_codes_and_names() {
        let mut codes: Vec<u8> = STATES.iter().map(|s| s.code).collect();
        codes.dedup();
        assert_eq!(codes.len(), 36);
        assert!(codes.windows(2).all(|w| w[0] < w[1]), "sorted by code, no repeats");
        assert!(!codes.contains(&25) && !codes.contains(&28), "retired codes are not offered");
    }

    #[test]
    fn looked_up_by_name_and_code() {
        assert_eq!(State::by_name(" tamil nadu ").map(|s| s.code), Some(33));
        assert_eq!(State::by_code(7).map(|s| s.name), Some("Delhi"));
        assert_eq!(State::by_code(7).map(State::code_text).as_deref(), Some("07"));
        assert_eq!(State::by_name("Madras"), None);
    }
}
