//! Value types shared by every domain crate. No I/O, no framework.
//!
//! Each type parses its raw input once (`parse`) and is valid from then on, so the
//! domain services never re-check a rule that a type already guarantees.

pub mod clock;
pub mod cod;
pub mod contact;
pub mod ids;
pub mod india;
pub mod mail;
pub mod media;
pub mod money;
pub mod names;
pub mod page;
pub mod postal;
pub mod price;
pub mod role;
pub mod text;
pub mod store_error;

pub use clock::Clock;
pub use cod::{CodRefusal, CodRules, CodSettings};
pub use contact::{national_phone, Email, InvalidValue, MobileNumber, PostalCode, PHONE_PATTERN};
pub use india::{india_day, india_midnight, INDIA};
pub use ids::{is_uuid, new_id, AddressId, CartLineId, CategoryId, OrderId, ProductId, UserId, VariantId};
pub use mail::{escape_html, MailError, Mailer, OutgoingEmail};
pub use media::{is_stored_name, public_upload_url, public_url_of, serve_uploads_from, upload_url, thumbnail_source, thumbnails, THUMBNAIL_WIDTHS, ImageFormat, IncomingFile, MediaError, MediaRules, MediaStore, StoredFile};
pub use money::{Money, MoneyError};
pub use names::Named;
pub use page::{Page, PageRequest};
pub use postal::PostalAddress;
pub use price::{LineAmounts, Price, Totals};
pub use role::Role;
pub use store_error::StoreError;
