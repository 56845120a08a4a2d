use kernel::{MediaError, StoreError};

#[derive(Debug, thiserror::Error)]
pub enum ContentError {
    #[error("{0}")]
    Invalid(String),
    #[error("{0}")]
    TooLong(String),
    #[error(transparent)]
    Media(#[from] MediaError),
    #[error(transparent)]
    Storage(#[from] StoreError),
}
