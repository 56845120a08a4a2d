use kernel::{MediaError, StoreError};

#[derive(Debug, thiserror::Error)]
pub enum CatalogError {
    /// Input broke a rule; the text is the sentence for the admin.
    #[error("{0}")]
    Invalid(String),
    #[error("{0}")]
    NotFound(&'static str),
    /// The request clashes with the stored state (a sibling with that name, a category
    /// that still has products, ...).
    #[error("{0}")]
    Conflict(String),
    #[error(transparent)]
    Media(#[from] MediaError),
    #[error(transparent)]
    Storage(#[from] StoreError),
}

impl CatalogError {
    pub fn invalid(message: impl Into<String>) -> Self {
        CatalogError::Invalid(message.into())
    }
}
