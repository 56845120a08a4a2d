//! The document's lists of accepted names (a sort, a status, a filter) are the domain's
//! [`kernel::Named`] lists, never written again here: a name added to the domain is
//! documented, accepted and listed in the 400 at once.

use kernel::Named;
use utoipa::openapi::schema::{Object, ObjectBuilder, Type};

/// A string that is exactly one of `T`'s names.
pub fn schema<T: Named>() -> Object {
    ObjectBuilder::new().schema_type(Type::String).enum_values(Some(T::names())).build()
}

/// A schema type holding `$list`'s names, for `#[schema(value_type = ...)]` (a component other
/// schemas refer to) or `#[param(value_type = Option<...>, inline)]`:
/// `named_list_schema!(DeliveryStatusName = orders::DeliveryStatus, "What the status is.")`.
macro_rules! named_list_schema {
    ($(#[$m:meta])* $vis:vis $name:ident = $list:ty, $description:literal) => {
        $(#[$m])*
        #[doc = $description]
        #[allow(dead_code)] // only named in the document's attributes
        $vis struct $name;

        impl utoipa::PartialSchema for $name {
            fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
                let mut schema = $crate::openapi::names::schema::<$list>();
                schema.description = Some($description.to_string());
                schema.into()
            }
        }

        impl utoipa::ToSchema for $name {}
    };
}
pub(crate) use named_list_schema;
