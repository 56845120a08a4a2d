//! Request and response bodies (camelCase JSON) and their conversions.

pub mod catalog;
pub mod content;
pub mod customers;
pub mod address;
pub mod cart;
pub mod cod;
pub mod docs;
pub mod gst;
pub mod order;
pub mod returns;
pub mod user;

use serde::{Deserialize, Deserializer, Serialize};

/// An optional whole number that may arrive as `577` or `577.0`: JSON Schema counts both as
/// an integer, so a client generated from the document may send either. A fraction, or a
/// number beyond i64, is refused (400) like any other wrong type.
pub(crate) fn whole_number<'de, D: Deserializer<'de>>(d: D) -> Result<Option<i64>, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Number {
        Int(i64),
        Float(f64),
        /// Text, a list, ...: answered in the shop's words, not serde's.
        Other(serde::de::IgnoredAny),
    }
    match Option::<Number>::deserialize(d)? {
        None => Ok(None),
        Some(Number::Int(n)) => Ok(Some(n)),
        Some(Number::Float(f)) if f.fract() == 0.0 && f.abs() < 9.0e15 => Ok(Some(f as i64)),
        Some(Number::Float(f)) if f.fract() == 0.0 => Err(serde::de::Error::custom(format!("{f} is too large a number"))),
        Some(Number::Float(f)) => Err(serde::de::Error::custom(format!("{f} is not a whole number"))),
        Some(Number::Other(_)) => Err(serde::de::Error::custom("expected a whole number")),
    }
}

/// How every answer writes a moment: RFC 3339 in UTC with milliseconds (`2026-01-01T10:00:00.000Z`).
pub(crate) fn timestamp(t: chrono::DateTime<chrono::Utc>) -> String {
    t.to_rfc3339_opts(chrono::SecondsFormat::Millis, true)
}

/// The standard success body: `{ "data": ..., "message"?: "..." }`.
#[derive(Serialize, utoipa::ToSchema)]
pub struct Envelope<T: Serialize> {
    pub data: T,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
}

pub fn data<T: Serialize>(data: T) -> Envelope<T> {
    Envelope { data, message: None }
}

pub fn data_with_message<T: Serialize>(data: T, message: impl Into<String>) -> Envelope<T> {
    Envelope { data, message: Some(message.into()) }
}

/// A list of answers made one by one from the domain's, in its order: `AddressDto::all(list)`.
pub trait FromEach<T>: From<T> {
    fn all(items: impl IntoIterator<Item = T>) -> Vec<Self> {
        items.into_iter().map(Self::from).collect()
    }
}

impl<T, D: From<T>> FromEach<T> for D {}

/// `{ "message": "..." }`: an answer with nothing but a sentence.
#[derive(Serialize, utoipa::ToSchema)]
pub struct MessageOnly {
    pub message: String,
}

impl MessageOnly {
    pub fn new(message: impl Into<String>) -> Self {
        MessageOnly { message: message.into() }
    }
}

