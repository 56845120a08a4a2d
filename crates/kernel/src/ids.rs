//! Ids: opaque text (a UUID v4 for everything the shop creates) on every backend, with one
//! type per kind of thing so a service cannot be called with two ids swapped
//! (`cancel(&user_id, &order_id)` does not compile with the arguments the other way round):
//!
//! ```compile_fail
//! use kernel::{OrderId, UserId};
//! fn cancel(_user: &UserId, _order: &OrderId) {}
//! let (user, order) = (UserId::from("u1"), OrderId::from("o1"));
//! cancel(&order, &user); // swapped: does not compile
//! ```

use std::fmt;

/// A new random id (UUID v4 as a string): ids are opaque text on every backend.
pub fn new_id() -> String {
    uuid::Uuid::new_v4().to_string()
}

/// True when `raw` is a canonical UUID string, so a malformed id can be answered with
/// "not found" without a database round trip.
pub fn is_uuid(raw: &str) -> bool {
    uuid::Uuid::parse_str(raw).is_ok()
}

/// A UUID in the one form the shop stores (lower-case, hyphenated): a client may write it in
/// capitals or braces (UUIDs are case-insensitive, RFC 9562) and still name the same thing.
/// Anything else is kept as given (and found nowhere).
fn canonical(raw: String) -> String {
    let stored_form = raw.len() == 36 && !raw.bytes().any(|b| b.is_ascii_uppercase());
    if stored_form {
        return raw;
    }
    match uuid::Uuid::parse_str(raw.trim()) {
        Ok(uuid) => uuid.to_string(),
        Err(_) => raw,
    }
}

macro_rules! id_type {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
        pub struct $name(String);

        impl $name {
            /// The id as given (from a path, a token, a row): not checked, since an id
            /// nobody has is simply not found.
            pub fn new(raw: impl Into<String>) -> Self {
                $name(canonical(raw.into()))
            }

            /// A fresh random id.
            pub fn generate() -> Self {
                $name(new_id())
            }

            pub fn as_str(&self) -> &str {
                &self.0
            }

            pub fn into_string(self) -> String {
                self.0
            }

            /// True when the id is a canonical UUID, which every id the shop makes is.
            pub fn is_uuid(&self) -> bool {
                is_uuid(&self.0)
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(&self.0)
            }
        }

        impl AsRef<str> for $name {
            fn as_ref(&self) -> &str {
                &self.0
            }
        }

        impl From<String> for $name {
            fn from(raw: String) -> Self {
                $name(raw)
            }
        }

        impl From<&str> for $name {
            fn from(raw: &str) -> Self {
                $name(raw.to_string())
            }
        }

        impl PartialEq<str> for $name {
            fn eq(&self, other: &str) -> bool {
                self.0 == other
            }
        }

        impl PartialEq<&str> for $name {
            fn eq(&self, other: &&str) -> bool {
                self.0 == *other
            }
        }

        impl PartialEq<String> for $name {
            fn eq(&self, other: &String) -> bool {
                &self.0 == other
            }
        }

        impl PartialEq<$name> for String {
            fn eq(&self, other: &$name) -> bool {
                self == &other.0
            }
        }
    };
}

id_type!(
    /// An account (customer or admin).
    UserId
);
id_type!(
    /// A placed order.
    OrderId
);
id_type!(
    /// A catalogue product.
    ProductId
);
id_type!(
    /// One size/colour of a product.
    VariantId
);
id_type!(
    /// A catalogue category.
    CategoryId
);
id_type!(
    /// One line of a customer's cart.
    CartLineId
);
id_type!(
    /// A customer's delivery address.
    AddressId
);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_uuid_in_capitals_or_braces_is_the_stored_form() {
        for raw in ["1B4E28BA-2FA1-11D2-883F-0016D3CCA427", "{1b4e28ba-2fa1-11d2-883f-0016d3cca427}", " 1b4e28ba2fa111d2883f0016d3cca427 "] {
            assert_eq!(OrderId::new(raw).as_str(), "1b4e28ba-2fa1-11d2-883f-0016d3cca427", "{raw}");
        }
        assert_eq!(OrderId::new("NOT-AN-ID").as_str(), "NOT-AN-ID");
    }

    #[test]
    fn ids_carry_their_text_and_kind() {
        let order = OrderId::new("1b4e28ba-2fa1-11d2-883f-0016d3cca427");
        assert!(order.is_uuid());
        assert_eq!(order.as_str(), "1b4e28ba-2fa1-11d2-883f-0016d3cca427");
        assert_eq!(order.to_string(), order.clone().into_string());
        assert!(!UserId::from("../etc").is_uuid());
        assert_ne!(UserId::generate(), UserId::generate());
    }
}
