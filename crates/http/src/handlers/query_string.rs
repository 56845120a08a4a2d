//! Reading query strings, one way for every list: the numbers, dates, texts and names a
//! list's parameters hold. Each parameter is documented where its list declares it (the
//! descriptions differ: "orders per page", "requests per page"); what a value must be,
//! and the 400 it answers when it is not, is written once here.

use kernel::{Named, PageRequest};

use crate::error::ApiError;

/// An integer query parameter: absent is "not given"; present it must be a whole number
/// (`limit=` is not one, so the document's `integer` is exact). One beyond the 64-bit
/// range is not an integer the document allows either: a 400, as the fuzzer checks.
pub(crate) fn whole_number(raw: &Option<String>, name: &str) -> Result<Option<i64>, ApiError> {
    match raw.as_deref() {
        None => Ok(None),
        Some(v) => v
            .parse()
            .map(Some)
            .map_err(|_| ApiError::bad_request("invalid_query", format!("{name} must be a whole number"))),
    }
}

/// `page` and `limit` of a list: whole numbers, the limit `default` when absent and at most `max`.
pub(crate) fn page(page: &Option<String>, limit: &Option<String>, default: u32, max: u32) -> Result<PageRequest, ApiError> {
    Ok(PageRequest::new(whole_number(page, "page")?, whole_number(limit, "limit")?, default, max))
}

/// A date parameter: absent is "not given"; present it must be a date (`from=` is not one).
pub(crate) fn day(raw: &Option<String>, name: &str) -> Result<Option<chrono::NaiveDate>, ApiError> {
    match raw.as_deref() {
        None => Ok(None),
        Some(v) => chrono::NaiveDate::parse_from_str(v, "%Y-%m-%d")
            .map(Some)
            .map_err(|_| ApiError::bad_request("invalid_query", format!("{name} must be a date as YYYY-MM-DD"))),
    }
}

/// A search text of a list (`q`): at most 100 characters, as the document says.
pub(crate) fn search_text(q: &Option<String>) -> Result<(), ApiError> {
    match q {
        Some(q) if q.chars().count() > 100 => Err(ApiError::bad_request("invalid_query", "q may hold up to 100 characters")),
        _ => Ok(()),
    }
}

/// A name from one of the domain's lists (a status, a sort): absent is "not given"; an empty
/// or unknown name is a 400 that lists the names.
pub(crate) fn named<T: Named>(raw: &Option<String>, name: &str) -> Result<Option<T>, ApiError> {
    match raw.as_deref() {
        None => Ok(None),
        Some(raw) => T::from_name(raw)
            .map(Some)
            .ok_or_else(|| ApiError::bad_request("invalid_query", format!("{name} must be one of {}", T::name_list()))),
    }
}
