/// What a repository can report to a domain service. Adapters translate their driver
/// errors into this; the domain never sees diesel or SQL.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum StoreError {
    /// A uniqueness rule of the store was violated; `constraint` names the field(s).
    #[error("unique constraint violated: {constraint}")]
    Conflict { constraint: String },
    /// The store could not do the work (connection lost, disk full, ...).
    #[error("storage failure: {0}")]
    Backend(String),
}
