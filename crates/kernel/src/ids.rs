/// A new random id (UUID v4 as a string): ids are opaque text on every backend.
pub fn new_id() -> String {
    uuid::Uuid::new_v4().to_string()
}

/// True when `raw` is a canonical UUID string, so a malformed id can be answered with
/// "not found" without a database round trip.
pub fn is_uuid(raw: &str) -> bool {
    uuid::Uuid::parse_str(raw).is_ok()
}
