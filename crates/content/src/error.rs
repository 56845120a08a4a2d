use kernel::{MediaError, StoreError};

/// What a content write can be refused for; each case names the request field it concerns.
#[derive(Debug, thiserror::Error)]
pub enum ContentError {
    /// A value not in the form the API allows (missing, too long for a one-line field, a
    /// malformed phone, e-mail or PIN code, an unknown legal page).
    #[error("{message}")]
    Invalid { field: &'static str, message: String },
    /// A legal page's text longer than the shop keeps: a rule on the value, not its form.
    #[error("{message}")]
    TooLong { field: &'static str, message: String },
    /// A well-formed value that breaks a rule (a GSTIN of another state, a wrong check
    /// character): 422 with `code`.
    #[error("{message}")]
    Rule { code: &'static str, field: &'static str, message: String },
    #[error(transparent)]
    Media(#[from] MediaError),
    #[error(transparent)]
    Storage(#[from] StoreError),
}

impl ContentError {
    pub fn invalid(field: &'static str, message: impl Into<String>) -> Self {
        ContentError::Invalid { field, message: message.into() }
    }

    pub fn rule(code: &'static str, field: &'static str, message: impl Into<String>) -> Self {
        ContentError::Rule { code, field, message: message.into() }
    }
}
