use std::sync::Arc;

use kernel::{StoreError, StoredFile};

use crate::error::ContentError;
use crate::models::{CompanyDetails, CompanyFields, CompanyInput, LegalInput, LegalPage, LegalWrite};

/// Inbound port.
pub trait ContentApi: Send + Sync {
    /// The saved details, or empty ones before the first save.
    fn company(&self) -> Arc<CompanyDetails>;
    /// Errors: `Invalid`, `Media` (logo), `Storage`.
    fn update_company(&self, input: CompanyInput) -> Result<Arc<CompanyDetails>, ContentError>;
    fn legal_pages(&self) -> Arc<Vec<LegalPage>>;
    /// Creates or updates the page with that slug. Errors: `Invalid`, `TooLong`, `Storage`.
    fn save_legal_page(&self, input: LegalInput) -> Result<LegalPage, ContentError>;
    /// Reads the company details and legal pages again after a change made elsewhere
    /// (another instance of the shop on the same database).
    fn reload(&self) -> Result<(), ContentError>;
}

/// Outbound port.
pub trait ContentRepository: Send + Sync {
    fn company(&self) -> Result<Option<CompanyDetails>, StoreError>;
    /// Saves the single company row; a new logo replaces the old one, whose file name is
    /// returned for removal.
    fn save_company(&self, fields: &CompanyFields, logo: Option<&StoredFile>) -> Result<Option<String>, StoreError>;
    fn legal_pages(&self) -> Result<Vec<LegalPage>, StoreError>;
    fn save_legal_page(&self, page: &LegalWrite) -> Result<LegalPage, StoreError>;
}
