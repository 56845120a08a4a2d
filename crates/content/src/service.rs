use std::sync::{Arc, Mutex, RwLock};

use kernel::{ImageFormat, MediaRules, MediaStore};

use crate::error::ContentError;
use crate::models::{CompanyDetails, CompanyInput, LegalInput, LegalPage};
use crate::ports::{ContentApi, ContentRepository};

/// The company logo: PNG, JPG or SVG, at most 2 MB.
pub const LOGO_RULES: MediaRules = MediaRules {
    allowed: &[ImageFormat::Png, ImageFormat::Jpeg, ImageFormat::Svg],
    max_bytes: 2 * 1024 * 1024,
    label: "The logo",
};

pub struct ContentService<R, M> {
    repo: R,
    media: M,
    company: RwLock<Arc<CompanyDetails>>,
    legal: RwLock<Arc<Vec<LegalPage>>>,
    /// Serialises saves so the cached copy always matches the last write.
    writing: Mutex<()>,
}

fn read<T: Clone>(lock: &RwLock<T>) -> T {
    lock.read().map(|v| v.clone()).unwrap_or_else(|e| e.into_inner().clone())
}

fn replace<T>(lock: &RwLock<T>, value: T) {
    *lock.write().unwrap_or_else(|e| e.into_inner()) = value;
}

impl<R: ContentRepository, M: MediaStore> ContentService<R, M> {
    pub fn new(repo: R, media: M) -> Result<Self, ContentError> {
        let company = repo.company()?.unwrap_or_default();
        let legal = repo.legal_pages()?;
        Ok(ContentService {
            repo,
            media,
            company: RwLock::new(Arc::new(company)),
            legal: RwLock::new(Arc::new(legal)),
            writing: Mutex::new(()),
        })
    }
}

impl<R: ContentRepository, M: MediaStore> ContentApi for ContentService<R, M> {
    fn company(&self) -> Arc<CompanyDetails> {
        read(&self.company)
    }

    fn update_company(&self, input: CompanyInput) -> Result<Arc<CompanyDetails>, ContentError> {
        let fields = input.check()?;
        let _guard = self.writing.lock().unwrap_or_else(|e| e.into_inner());
        let logo = input.logo.as_ref().map(|f| self.media.store(f, &LOGO_RULES)).transpose()?;
        let replaced = match self.repo.save_company(&fields, logo.as_ref()) {
            Ok(old) => old,
            Err(e) => {
                if let Some(stored) = &logo {
                    self.media.remove(&stored.filename);
                }
                return Err(e.into());
            }
        };
        if let Some(old) = replaced {
            self.media.remove(&old);
        }
        let fresh = Arc::new(self.repo.company()?.unwrap_or_default());
        replace(&self.company, fresh.clone());
        Ok(fresh)
    }

    fn legal_pages(&self) -> Arc<Vec<LegalPage>> {
        read(&self.legal)
    }

    fn save_legal_page(&self, input: LegalInput) -> Result<LegalPage, ContentError> {
        let write = input.check()?;
        let _guard = self.writing.lock().unwrap_or_else(|e| e.into_inner());
        let saved = self.repo.save_legal_page(&write)?;
        replace(&self.legal, Arc::new(self.repo.legal_pages()?));
        Ok(saved)
    }

    fn reload(&self) -> Result<(), ContentError> {
        // Under the writers' lock: a reload never swaps in what it read before a local
        // write that finished meanwhile.
        let _guard = self.writing.lock().unwrap_or_else(|e| e.into_inner());
        let company = Arc::new(self.repo.company()?.unwrap_or_default());
        let legal = Arc::new(self.repo.legal_pages()?);
        replace(&self.company, company);
        replace(&self.legal, legal);
        Ok(())
    }
}
