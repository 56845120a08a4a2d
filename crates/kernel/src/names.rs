//! Closed lists of values known by name: a list's sorts, a status, a filter. The names a
//! request may use (and the stored ones) are declared once, beside the variants, with
//! [`named_enum!`]; the API reads a name, words its 400 and documents the accepted names
//! from that one declaration through [`Named`], so a variant added to the domain is parsed,
//! listed in the error and documented at once.

/// A closed list of values, each with one exact name.
pub trait Named: Copy + 'static {
    /// Every value, in the order the names are listed.
    fn all() -> &'static [Self];

    /// The value's name, as a request or the database writes it.
    fn name(self) -> &'static str;

    /// Exactly one of the names (letter case counts); anything else is `None`.
    fn from_name(raw: &str) -> Option<Self> {
        Self::all().iter().copied().find(|v| v.name() == raw)
    }

    /// Every name, in order.
    fn names() -> impl Iterator<Item = &'static str> {
        Self::all().iter().map(|v| v.name())
    }

    /// The names as a message lists them: "newest, oldest, total_desc".
    fn name_list() -> String {
        Self::names().collect::<Vec<_>>().join(", ")
    }
}

/// Declares an enum whose variants each have an exact name, and implements [`Named`] for it,
/// plus `as_str` and `parse` (exact) as inherent methods:
///
/// ```
/// kernel::named_enum!(
///     /// How a list is sorted.
///     #[derive(Default)]
///     pub enum Sort {
///         #[default]
///         Newest = "newest",
///         Oldest = "oldest",
///     }
/// );
/// assert_eq!(Sort::parse("oldest"), Some(Sort::Oldest));
/// assert_eq!(<Sort as kernel::Named>::name_list(), "newest, oldest");
/// ```
#[macro_export]
macro_rules! named_enum {
    ($(#[$m:meta])* $vis:vis enum $name:ident { $($(#[$vm:meta])* $variant:ident = $text:literal),* $(,)? }) => {
        $(#[$m])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        $vis enum $name { $($(#[$vm])* $variant,)* }

        impl $crate::Named for $name {
            fn all() -> &'static [Self] {
                &[$($name::$variant,)*]
            }

            fn name(self) -> &'static str {
                match self { $($name::$variant => $text,)* }
            }
        }

        impl $name {
            /// The name a request or the database writes.
            pub fn as_str(self) -> &'static str {
                <Self as $crate::Named>::name(self)
            }

            /// Exactly one of the names; anything else is `None`.
            pub fn parse(raw: &str) -> Option<Self> {
                <Self as $crate::Named>::from_name(raw)
            }
        }
    };
}

#[cfg(test)]
mod tests {
    use super::Named;

    crate::named_enum!(
        enum Size {
            Small = "S",
            Large = "L",
        }
    );

    #[test]
    fn a_name_reads_back_as_its_value_and_nothing_else_does() {
        for size in Size::all() {
            assert_eq!(Size::parse(size.as_str()), Some(*size));
        }
        assert_eq!(Size::parse("s"), None, "letter case counts");
        assert_eq!(Size::parse(""), None);
        assert_eq!(Size::name_list(), "S, L");
    }
}
