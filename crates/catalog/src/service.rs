use std::sync::{Arc, Mutex, RwLock};

use kernel::{CategoryId, ImageFormat, IncomingFile, MediaRules, MediaStore, ProductId, StoreError, StoredFile};

use crate::error::{CatalogError, Holds, Rule};
use crate::models::{
    category_name, check_variants, description, parse_variant, product_name, sku_key, slugify, unique_slug, Category,
    Product, VariantDraft, VariantInput,
};
use crate::ports::{
    CatalogApi, CatalogRepository, CategoryDelete, CategoryInput, CategoryWrite, ParentChoice, ProductDelete, ProductInput,
    ProductWrite, SearchMiss, StockWrite, VariantPatch, VariantUpdate, VariantUpdated,
};
use crate::search::Synonyms;
use crate::snapshot::CatalogSnapshot;
use search_builder::SearchBuilder;
use crate::transfer::{self, ImportReport, ImportRow};

/// Images of categories and products: PNG or JPEG, at most 5 MB each.
pub const IMAGE_RULES: MediaRules =
    MediaRules { allowed: &[ImageFormat::Png, ImageFormat::Jpeg], max_bytes: 5 * 1024 * 1024, label: "Each image" };
pub const MAX_PRODUCT_IMAGES: usize = 10;
/// A category has exactly one image.
pub const MAX_CATEGORY_IMAGES: usize = 1;

pub struct CatalogService<R, M> {
    repo: R,
    media: M,
    current: RwLock<Arc<CatalogSnapshot>>,
    /// Held while a new snapshot is read and swapped in, so a slower rebuild that started
    /// earlier can never replace a newer one.
    rebuild: Mutex<()>,
    /// Builds each new snapshot's search engine as soon as it is swapped in.
    search: SearchBuilder,
    /// Called after a full load (and after each engine build): hands the memory the build
    /// freed back to the system (see [`CatalogService::releasing_memory_with`]).
    release: fn(),
    /// The shop's time: what writes stamp, and today's date in India.
    clock: kernel::Clock,
}

impl<R: CatalogRepository, M: MediaStore> CatalogService<R, M> {
    /// Loads the whole catalogue once.
    pub fn new(repo: R, media: M) -> Result<Self, CatalogError> {
        Self::releasing_memory_with(repo, media, || {})
    }

    /// [`CatalogService::new`], calling `release` after each full load and search-engine
    /// build: they free about as much memory as they keep, which the process (not this
    /// domain) may hand back to the system.
    pub fn releasing_memory_with(repo: R, media: M, release: fn()) -> Result<Self, CatalogError> {
        let service = CatalogService {
            repo,
            media,
            current: RwLock::new(Arc::new(CatalogSnapshot::default())),
            rebuild: Mutex::new(()),
            search: SearchBuilder::start(release),
            release,
            clock: kernel::Clock::system(),
        };
        service.reload()?;
        Ok(service)
    }

    /// Stamps writes with `clock`'s time (a test moves it instead of waiting).
    #[must_use]
    pub fn with_clock(mut self, clock: kernel::Clock) -> Self {
        self.clock = clock;
        self
    }

    fn current(&self) -> Arc<CatalogSnapshot> {
        self.current.read().map(|s| s.clone()).unwrap_or_else(|e| e.into_inner().clone())
    }

    fn swap(&self, snapshot: CatalogSnapshot) {
        let snapshot = Arc::new(snapshot);
        let old = std::mem::replace(&mut *self.current.write().unwrap_or_else(|e| e.into_inner()), snapshot.clone());
        // Dropped outside the lock: freeing a large catalogue takes a while.
        drop(old);
        self.search.build(&snapshot);
    }

    /// Rebuilds the snapshot from the store.
    pub fn reload(&self) -> Result<(), CatalogError> {
        let _guard = self.rebuild.lock().unwrap_or_else(|e| e.into_inner());
        let loaded = self.repo.load_all()?;
        let version = self.current().version + 1;
        self.swap(CatalogSnapshot::from_loaded(version, loaded));
        (self.release)();
        Ok(())
    }

    /// Stores every file or none: if one is refused, those already stored are removed.
    fn store_files(&self, files: &[IncomingFile]) -> Result<Vec<StoredFile>, CatalogError> {
        let mut stored = Vec::with_capacity(files.len());
        for file in files {
            match self.media.store(file, &IMAGE_RULES) {
                Ok(s) => stored.push(s),
                Err(e) => {
                    self.discard(&stored);
                    return Err(e.into());
                }
            }
        }
        Ok(stored)
    }

    fn discard(&self, files: &[StoredFile]) {
        for f in files {
            self.media.remove(&f.filename);
        }
    }

    /// Runs a write with freshly stored files; when it fails, the files are removed so a
    /// failed request leaves nothing behind.
    fn write_with_files<T>(
        &self,
        files: Vec<StoredFile>,
        write: impl FnOnce(&[StoredFile]) -> Result<T, CatalogError>,
    ) -> Result<T, CatalogError> {
        match write(&files) {
            Ok(value) => Ok(value),
            Err(e) => {
                self.discard(&files);
                Err(e)
            }
        }
    }

    /// Writes a category with the first stored file as its new image, discarding the files
    /// when the write fails; a sibling of the same name is a conflict.
    fn write_category<T>(
        &self,
        write: CategoryWrite,
        stored: Vec<StoredFile>,
        store: impl FnOnce(&CategoryWrite) -> Result<T, StoreError>,
    ) -> Result<T, CatalogError> {
        self.write_with_files(stored, |files| {
            let write = CategoryWrite { new_image: files.first().cloned(), ..write };
            store(&write).map_err(|e| Self::sibling_conflict(e, &write.name))
        })
    }

    fn sibling_conflict(error: StoreError, name: &str) -> CatalogError {
        match error {
            StoreError::Conflict { .. } => CatalogError::NameTaken { field: "name", name: name.to_string() },
            other => CatalogError::Storage(other),
        }
    }

    fn check_sibling_name(snapshot: &CatalogSnapshot, name: &str, parent: Option<&str>, except: Option<&str>) -> Result<(), CatalogError> {
        let clash = snapshot.categories.iter().any(|c| {
            c.parent_id.as_deref() == parent && c.name.eq_ignore_ascii_case(name) && Some(c.id.as_str()) != except
        });
        if clash {
            Err(CatalogError::NameTaken { field: "name", name: name.to_string() })
        } else {
            Ok(())
        }
    }

    fn category_slug(snapshot: &CatalogSnapshot, name: &str, parent: Option<&str>) -> String {
        let parent_slug = parent.and_then(|p| snapshot.category(p)).map(|p| p.slug.as_str());
        crate::models::category_slug(parent_slug, name, |s| snapshot.category_slug_taken(s))
    }

    fn image_count_error(count: usize) -> Option<CatalogError> {
        match count {
            0 => Some(CatalogError::rule(Rule::ImageCount, "media", "Please upload at least 1 images.")),
            n if n <= MAX_CATEGORY_IMAGES => None,
            _ => Some(CatalogError::rule(Rule::ImageCount, "media", format!("You can upload a maximum of {MAX_CATEGORY_IMAGES} images."))),
        }
    }
}

impl<R: CatalogRepository, M: MediaStore> CatalogApi for CatalogService<R, M> {
    fn snapshot(&self) -> Arc<CatalogSnapshot> {
        self.current()
    }

    fn create_category(&self, input: CategoryInput) -> Result<Category, CatalogError> {
        let name = category_name(input.name.as_deref())?;
        let description = description(input.description.as_deref())?;
        let hsn_code = hsn_code(input.hsn_code.as_deref(), None)?;
        if let Some(e) = Self::image_count_error(input.files.len()) {
            return Err(e);
        }
        let snapshot = self.current();
        let parent_id = match input.parent {
            ParentChoice::Under(id) => {
                snapshot.category(&id).ok_or(CatalogError::NotFound("Parent category not found"))?;
                Some(id)
            }
            ParentChoice::TopLevel | ParentChoice::Keep => None,
        };
        Self::check_sibling_name(&snapshot, &name, parent_id.as_deref(), None)?;
        let id = kernel::new_id();
        let slug = Self::category_slug(&snapshot, &name, parent_id.as_deref());
        let stored = self.store_files(&input.files)?;
        let write = CategoryWrite { id: id.clone(), name, slug, description, parent_id, hsn_code, new_image: None, clear_image: false, now: self.clock.now() };
        self.write_category(write, stored, |w| self.repo.insert_category(w))?;
        self.reload()?;
        self.current().category(&id).cloned().ok_or(CatalogError::NotFound("Category not found"))
    }

    fn update_category(&self, id: &CategoryId, input: CategoryInput) -> Result<Category, CatalogError> {
        let id = id.as_str();
        let snapshot = self.current();
        let current = snapshot.category(id).ok_or(CatalogError::NotFound("Category not found"))?.clone();
        let name = category_name(input.name.as_deref().or(Some(current.name.as_str())))?;
        let description = match &input.description {
            Some(d) => description(Some(d))?,
            None => current.description.clone(),
        };
        let hsn_code = hsn_code(input.hsn_code.as_deref(), current.hsn_code.as_deref())?;
        let parent_id = match input.parent {
            ParentChoice::Keep => current.parent_id.clone(),
            ParentChoice::TopLevel => None,
            ParentChoice::Under(parent) => {
                snapshot.category(&parent).ok_or(CatalogError::NotFound("Parent category not found"))?;
                if snapshot.subtree(id).contains(&parent) {
                    return Err(CatalogError::rule(Rule::CategoryCycle, "parentId", "A category cannot be placed inside itself or its subcategories"));
                }
                Some(parent)
            }
        };
        // One image always: a new file replaces the current one; deleting the current one
        // without a new file leaves none, which is refused. A category the catalogue import
        // made has none yet: it may be edited without adding one.
        let current_image = current.image.as_ref().map(|i| i.upload_id.clone());
        let deleting_current = current_image.as_ref().is_some_and(|u| input.deleted_upload_ids.contains(u));
        let kept = usize::from(current_image.is_some() && !deleting_current);
        let count = if input.files.is_empty() { kept } else { input.files.len() };
        if current_image.is_some() || count > 0 {
            if let Some(e) = Self::image_count_error(count) {
                return Err(e);
            }
        }
        Self::check_sibling_name(&snapshot, &name, parent_id.as_deref(), Some(id))?;
        // A category keeps its address when renamed or moved, as a product does: shared links
        // and search listings of it keep working.
        let slug = current.slug.clone();
        let stored = self.store_files(&input.files)?;
        let write = CategoryWrite { id: id.to_string(), name, slug, description, parent_id, hsn_code, new_image: None, clear_image: false, now: self.clock.now() };
        let replaced = self
            .write_category(write, stored, |w| self.repo.update_category(w))?
            .ok_or(CatalogError::NotFound("Category not found"))?;
        if let Some(old) = replaced {
            self.media.remove(&old);
        }
        self.reload()?;
        self.current().category(id).cloned().ok_or(CatalogError::NotFound("Category not found"))
    }

    fn delete_category(&self, id: &CategoryId) -> Result<Category, CatalogError> {
        let category = self.current().category(id.as_str()).cloned().ok_or(CatalogError::NotFound("Category not found"))?;
        match self.repo.delete_category(id)? {
            CategoryDelete::Deleted { image_filename } => {
                if let Some(f) = image_filename {
                    self.media.remove(&f);
                }
                self.reload()?;
                Ok(category)
            }
            CategoryDelete::NotFound => Err(CatalogError::NotFound("Category not found")),
            CategoryDelete::HasSubcategories(n) => Err(CatalogError::not_empty(Holds::Subcategories, &category.name, n)),
            CategoryDelete::HasProducts(n) => Err(CatalogError::not_empty(Holds::Products, &category.name, n)),
        }
    }

    fn create_product(&self, input: ProductInput) -> Result<Arc<Product>, CatalogError> {
        let snapshot = self.current();
        let write = self.product_write(&snapshot, None, &input)?;
        let id = write.id.clone();
        let stored = self.store_files(&input.files)?;
        self.write_with_files(stored, |files| {
            let write = ProductWrite { new_images: files.to_vec(), ..write };
            self.repo.insert_product(&write).map_err(|e| sku_conflict(e, &write.variants))
        })?;
        self.reload()?;
        self.current().product(&id).ok_or(CatalogError::NotFound("Product not found"))
    }

    fn update_product(&self, id: &ProductId, input: ProductInput) -> Result<Arc<Product>, CatalogError> {
        let snapshot = self.current();
        let current = snapshot.product(id.as_str()).ok_or(CatalogError::NotFound("Product not found"))?;
        let write = self.product_write(&snapshot, Some(&current), &input)?;
        let stored = self.store_files(&input.files)?;
        let removed = self.write_with_files(stored, |files| {
            let write = ProductWrite { new_images: files.to_vec(), ..write };
            self.repo
                .update_product(&write)
                .map_err(|e| held_variant(e, &current).unwrap_or_else(|e| sku_conflict(e, &write.variants)))?
                .ok_or(CatalogError::NotFound("Product not found"))
        })?;
        for filename in removed {
            self.media.remove(&filename);
        }
        self.reload()?;
        self.current().product(&current.id).ok_or(CatalogError::NotFound("Product not found"))
    }

    fn delete_product(&self, id: &ProductId) -> Result<Arc<Product>, CatalogError> {
        let product = self.current().product(id.as_str()).ok_or(CatalogError::NotFound("Product not found"))?;
        let files = match self.repo.delete_product(id)? {
            ProductDelete::Deleted { image_filenames } => image_filenames,
            ProductDelete::NotFound => return Err(CatalogError::NotFound("Product not found")),
            ProductDelete::InOpenOrders(orders) => return Err(CatalogError::InOpenOrders { product: product.name.clone(), orders }),
            ProductDelete::InOpenReturns(requests) => return Err(CatalogError::InOpenReturns { product: product.name.clone(), requests }),
        };
        for filename in files {
            self.media.remove(&filename);
        }
        self.reload()?;
        Ok(product)
    }

    fn duplicate_product(&self, id: &ProductId) -> Result<Arc<Product>, CatalogError> {
        let snapshot = self.current();
        let source = snapshot.product(id.as_str()).ok_or(CatalogError::NotFound("Product not found"))?;
        let name = copy_name(&snapshot, &source.name);
        let id = kernel::new_id();
        let slug = unique_slug(&slugify(&name), |s| snapshot.slug_taken(s, None));
        let write = ProductWrite {
            id: id.clone(),
            name,
            slug,
            description: source.description.clone(),
            category_id: source.category_id.clone(),
            hsn_code: source.hsn_code.clone(),
            is_best_seller: false,
            new_images: Vec::new(),
            new_image_colors: Vec::new(),
            shared_images: source.images.iter().map(|i| i.image.upload_id.clone()).collect(),
            shared_image_colors: source.images.iter().map(|i| i.color.clone()).collect(),
            removed_image_ids: Vec::new(),
            image_colors: Vec::new(),
            variants: source
                .variants
                .iter()
                .map(|v| VariantDraft { id: None, stock: 0, sku: None, ..VariantDraft::from(v) })
                .collect(),
            now: self.clock.now(),
        };
        self.repo.insert_product(&write)?;
        self.reload()?;
        self.current().product(&id).ok_or(CatalogError::NotFound("Product not found"))
    }

    fn update_variant(&self, product: &ProductId, variant_id: &str, patch: VariantPatch) -> Result<Arc<Product>, CatalogError> {
        let current = self.current().product(product.as_str()).ok_or(CatalogError::NotFound("Product not found"))?;
        let variant = current
            .variants
            .iter()
            .find(|v| v.id == variant_id)
            .ok_or(CatalogError::NotFound("Variant not found"))?;
        // The variant as the form would send it, with the edited values: the same checks
        // and the same messages as the product form.
        let mut input = VariantInput {
            id: Some(variant.id.clone()),
            size: Some(variant.size.clone()),
            color: Some(variant.color.clone()),
            color_hex: Some(variant.color_hex.clone()),
            stock: Some(variant.stock.to_string()),
            original_price: Some(variant.price.pay().to_rupees_text()),
            discount_price: Some(variant.price.saving().to_rupees_text()),
            sku: variant.sku.clone(),
            expected_stock: None,
        };
        let price_edited = patch.original_price.is_some() || patch.discount_price.is_some();
        if let Some(stock) = &patch.stock {
            input.stock = Some(stock.clone());
        }
        if let Some(p) = &patch.original_price {
            input.original_price = Some(p.clone());
        }
        if let Some(d) = &patch.discount_price {
            input.discount_price = Some(d.clone());
        }
        if let Some(sku) = &patch.sku {
            input.sku = Some(sku.clone());
        }
        let draft = parse_variant(&input)?;
        if let Some(sku) = draft.sku.as_deref().filter(|_| patch.sku.is_some()) {
            let snapshot = self.current();
            if let Some((_, _, owner)) = snapshot.sku_owners(sku).into_iter().find(|(_, v, _)| *v != variant.id) {
                return Err(CatalogError::SkuTaken { sku: sku.to_string(), product: owner });
            }
        }
        let expected = match patch.expected_stock {
            None => None,
            Some(e) if (0..=crate::models::MAX_STOCK).contains(&e) => i32::try_from(e).ok(),
            Some(_) => return Err(CatalogError::invalid("expectedStock", "expectedStock must be a whole number of 0 or more")),
        };
        let update = VariantUpdate {
            product_id: current.id.clone(),
            variant_id: variant.id.clone(),
            stock: patch.stock.is_some().then_some((draft.stock, expected)),
            price: price_edited.then_some(draft.price),
            sku: patch.sku.is_some().then(|| draft.sku.clone()),
            now: self.clock.now(),
        };
        if update.stock.is_none() && update.price.is_none() && update.sku.is_none() {
            return Ok(current);
        }
        let written = self.repo.update_variant(&update).map_err(|e| sku_conflict(e, std::slice::from_ref(&draft)))?;
        match written {
            VariantUpdated::Done => {}
            VariantUpdated::NotFound => return Err(CatalogError::NotFound("Variant not found")),
            VariantUpdated::StockChanged(now) => {
                // Show the admin what is there now.
                self.refresh_products(std::slice::from_ref(&current.id))?;
                return Err(CatalogError::StockChanged { current: now });
            }
        }
        self.refresh_products(std::slice::from_ref(&current.id))?;
        self.current().product(&current.id).ok_or(CatalogError::NotFound("Product not found"))
    }

    fn import_catalog(&self, rows: Vec<ImportRow>) -> Result<ImportReport, CatalogError> {
        let snapshot = self.current();
        // Pictures by file name: those products show, then files already in the uploads
        // store (a copied folder), never a category's or the logo's.
        let mut uploads: std::collections::HashMap<String, String> = std::collections::HashMap::new();
        for image in snapshot.entries.iter().flat_map(|e| e.images.iter()) {
            let image = image.image_ref();
            uploads.insert(image.filename, image.upload_id);
        }
        let reserved: std::collections::HashSet<String> =
            snapshot.categories.iter().filter_map(|c| c.image.as_ref().map(|i| i.upload_id.clone())).collect();
        let mut adopted = Vec::new();
        for name in transfer::image_names(&rows) {
            if uploads.contains_key(&name) {
                continue;
            }
            if let Ok(Some(file)) = self.media.find(&name, &IMAGE_RULES) {
                if !reserved.contains(&file.id) {
                    uploads.insert(name, file.id.clone());
                    adopted.push(file);
                }
            }
        }
        let plan = transfer::plan(&snapshot, &rows, &uploads, self.clock.now()).map_err(CatalogError::Import)?;
        // Only the adopted files some product will show.
        let used: std::collections::HashSet<&String> =
            plan.creates.iter().chain(&plan.updates).flat_map(|p| p.shared_images.iter()).collect();
        adopted.retain(|f| used.contains(&f.id));
        let unused = self
            .repo
            .import_products(&adopted, &plan)
            // A SKU taken meanwhile is named; a category created meanwhile is a plain conflict.
            .map_err(|e| sku_conflict(e, &[]))?;
        for filename in unused {
            self.media.remove(&filename);
        }
        self.reload()?;
        Ok(plan.report())
    }

    fn refresh_products(&self, ids: &[String]) -> Result<(), CatalogError> {
        if ids.is_empty() {
            return Ok(());
        }
        let _guard = self.rebuild.lock().unwrap_or_else(|e| e.into_inner());
        let fresh = self.repo.load_products(ids)?;
        let current = self.current();
        let next = current.with_products(current.version + 1, ids, fresh.into_iter().map(Arc::new).collect());
        self.swap(next);
        Ok(())
    }

    fn stock_left(&self, writes: &[StockWrite]) -> Result<(), CatalogError> {
        if writes.is_empty() {
            return Ok(());
        }
        let _guard = self.rebuild.lock().unwrap_or_else(|e| e.into_inner());
        let current = self.current();
        let mut ids: Vec<String> = writes.iter().map(|w| w.product_id.clone()).collect();
        ids.sort();
        ids.dedup();
        let (mut fresh, mut reread) = (Vec::with_capacity(ids.len()), Vec::new());
        for id in &ids {
            match current.product(id).and_then(|p| lowered(&p, writes.iter().filter(|w| &w.product_id == id))) {
                Some(product) => fresh.push(Arc::new(product)),
                None => reread.push(id.clone()),
            }
        }
        if !reread.is_empty() {
            fresh.extend(self.repo.load_products(&reread)?.into_iter().map(Arc::new));
        }
        let next = current.with_products(current.version + 1, &ids, fresh);
        self.swap(next);
        Ok(())
    }

    fn reload(&self) -> Result<(), CatalogError> {
        CatalogService::reload(self)
    }

    fn save_synonyms(&self, text: &str) -> Result<Synonyms, CatalogError> {
        if text.len() > MAX_SYNONYM_TEXT {
            return Err(CatalogError::invalid("text", "The synonym list is too long (at most 50,000 characters)"));
        }
        let synonyms = Synonyms::parse(text)
            .map_err(|e| CatalogError::Rule { rule: Rule::SynonymLine, field: "text", message: e.to_string() })?;
        self.repo.save_synonyms(synonyms.text())?;
        self.reload()?;
        Ok(synonyms)
    }

    fn record_search_miss(&self, query: &str) -> Result<(), CatalogError> {
        let query: String = query.split_whitespace().collect::<Vec<_>>().join(" ").to_lowercase().chars().take(MAX_MISS_CHARS).collect();
        if query.is_empty() {
            return Ok(());
        }
        Ok(self.repo.record_search_miss(&query, self.clock.india_today())?)
    }

    fn search_misses(&self, days: u32, limit: usize) -> Result<Vec<SearchMiss>, CatalogError> {
        let since = self.clock.india_today() - chrono::Days::new(u64::from(days.max(1)) - 1);
        Ok(self.repo.search_misses(since, limit)?)
    }
}

/// `product` with its variants' stock lowered to the figures an order's writes returned,
/// only where the snapshot shows the very figure a write started from (left + taken).
/// `None` otherwise, or for an unknown variant: the snapshot then already holds a change
/// the database made after or between these writes (another order finishing first, a
/// cancellation or the back office raising the stock), and the product is re-read instead,
/// so a late figure never hides a newer one.
fn lowered<'a>(product: &Product, writes: impl Iterator<Item = &'a StockWrite>) -> Option<Product> {
    let mut product = product.clone();
    for write in writes {
        let variant = product.variants.iter_mut().find(|v| v.id == write.variant_id)?;
        if variant.stock != write.left + write.taken {
            return None;
        }
        variant.stock = write.left;
    }
    Some(product)
}

/// The synonym list's size limit, in bytes.
const MAX_SYNONYM_TEXT: usize = 50_000;
/// A missed search is kept to this many characters.
const MAX_MISS_CHARS: usize = 100;

impl<R: CatalogRepository, M: MediaStore> CatalogService<R, M> {
    /// Checks a product form against the rules and the current catalogue. Nothing is
    /// stored yet.
    fn product_write(
        &self,
        snapshot: &CatalogSnapshot,
        current: Option<&Arc<Product>>,
        input: &ProductInput,
    ) -> Result<ProductWrite, CatalogError> {
        let name = product_name(input.name.as_deref().or(current.map(|p| p.name.as_str())))?;
        let category_id = input
            .category_id
            .as_deref()
            .map(str::trim)
            .filter(|c| !c.is_empty())
            .map(str::to_string)
            .or_else(|| current.map(|p| p.category_id.clone()))
            .ok_or_else(|| CatalogError::invalid("categoryId", "Please select Category"))?;
        if snapshot.category(&category_id).is_none() {
            return Err(CatalogError::rule(Rule::UnknownCategory, "categoryId", "Please select Category"));
        }
        let description = match (&input.description, current) {
            (Some(d), _) => description(Some(d))?,
            (None, Some(p)) => p.description.clone(),
            (None, None) => String::new(),
        };
        let hsn_code = hsn_code(input.hsn_code.as_deref(), current.and_then(|p| p.hsn_code.as_deref()))?;
        // Images: the ones kept plus the new ones, between 1 and 10.
        let existing: Vec<&str> = current.map(|p| p.images.iter().map(|i| i.id.as_str()).collect()).unwrap_or_default();
        for removed in &input.deleted_image_ids {
            if !existing.contains(&removed.as_str()) {
                return Err(CatalogError::rule(Rule::ForeignItem, "deletedImageIds", "An image marked for deletion does not belong to this product"));
            }
        }
        let kept = existing.iter().filter(|id| !input.deleted_image_ids.iter().any(|d| d == *id)).count();
        let total = kept + input.files.len();
        if total == 0 {
            return Err(CatalogError::rule(Rule::ImageCount, "images", "Please upload at least 1 image"));
        }
        if total > MAX_PRODUCT_IMAGES {
            return Err(CatalogError::rule(Rule::ImageCount, "images", format!("Maximum {MAX_PRODUCT_IMAGES} images allowed.")));
        }
        let variants = match (&input.variants, current) {
            (Some(rows), _) => {
                let mut drafts = rows.iter().map(parse_variant).collect::<Result<Vec<_>, _>>()?;
                // A row of a stored variant without `sku` keeps the one it has (a client that
                // knows nothing of SKUs never clears them); empty text removes it.
                for (row, draft) in rows.iter().zip(drafts.iter_mut()) {
                    if row.sku.is_none() {
                        let stored = current.and_then(|p| p.variants.iter().find(|v| Some(v.id.as_str()) == draft.id.as_deref()));
                        draft.sku = stored.and_then(|v| v.sku.clone());
                    }
                }
                drafts
            }
            (None, Some(p)) => p.variants.iter().map(VariantDraft::from).collect(),
            (None, None) => Vec::new(),
        };
        check_variants(&variants)?;
        check_skus(snapshot, &name, current.map(|p| p.id.as_str()), &variants)?;
        let known_variants: Vec<&str> = current.map(|p| p.variants.iter().map(|v| v.id.as_str()).collect()).unwrap_or_default();
        if variants.iter().filter_map(|v| v.id.as_deref()).any(|id| !known_variants.contains(&id)) {
            return Err(CatalogError::rule(Rule::ForeignItem, "productVariants", "A variant in the list does not belong to this product"));
        }
        let (new_image_colors, image_colors) = picture_colours(current, input, &variants)?;
        let id = current.map(|p| p.id.clone()).unwrap_or_else(kernel::new_id);
        // A product keeps its address when renamed: shared links, search listings and older
        // catalogue files (keyed by slug) keep finding it.
        let slug = match current {
            Some(p) => p.slug.clone(),
            None => unique_slug(&slugify(&name), |s| snapshot.slug_taken(s, Some(&id))),
        };
        Ok(ProductWrite {
            id,
            name,
            slug,
            description,
            category_id,
            hsn_code,
            is_best_seller: input.is_best_seller.or(current.map(|p| p.is_best_seller)).unwrap_or(false),
            new_images: Vec::new(),
            new_image_colors,
            shared_images: Vec::new(),
            shared_image_colors: Vec::new(),
            removed_image_ids: input.deleted_image_ids.clone(),
            image_colors,
            variants,
            now: self.clock.now(),
        })
    }
}

/// The colours of a product's pictures after a write: of each new picture (in the order of
/// the files), and of every kept one. A colour must be one of the variants' (any case; the
/// variant's spelling is stored); a kept picture not named keeps its colour while the
/// variants have it, follows it when it was renamed ([`renamed_colour`]), and loses it
/// otherwise.
#[allow(clippy::type_complexity)]
fn picture_colours(
    current: Option<&Arc<Product>>,
    input: &ProductInput,
    variants: &[VariantDraft],
) -> Result<(Vec<Option<String>>, Vec<(String, Option<String>)>), CatalogError> {
    let known = |name: &str| variants.iter().find(|v| v.color.eq_ignore_ascii_case(name)).map(|v| v.color.clone());
    let colour_of = |raw: Option<&String>, field: &'static str| -> Result<Option<String>, CatalogError> {
        let Some(name) = raw.map(|c| c.trim()).filter(|c| !c.is_empty()) else {
            return Ok(None);
        };
        known(name).map(Some).ok_or_else(|| {
            CatalogError::rule(Rule::ImageColour, field, format!("A picture's colour must be one of this product's colours; it has no {name}"))
        })
    };
    if input.new_image_colors.len() > input.files.len() {
        return Err(CatalogError::rule(Rule::ImageColour, "newImageColors", "There are more picture colours than new pictures"));
    }
    let new_colours = input.new_image_colors.iter().map(|c| colour_of(c.as_ref(), "newImageColors")).collect::<Result<Vec<_>, _>>()?;
    let images = current.map(|p| p.images.as_slice()).unwrap_or_default();
    if input.image_colors.iter().any(|(id, _)| !images.iter().any(|i| &i.id == id)) {
        return Err(CatalogError::rule(Rule::ForeignItem, "imageColors", "A picture given a colour does not belong to this product"));
    }
    let mut kept = Vec::new();
    for image in images.iter().filter(|i| !input.deleted_image_ids.contains(&i.id)) {
        let colour = match input.image_colors.iter().find(|(id, _)| *id == image.id) {
            Some((_, requested)) => colour_of(requested.as_ref(), "imageColors")?,
            None => image.color.as_deref().and_then(|c| known(c).or_else(|| renamed_colour(current, variants, c))),
        };
        kept.push((image.id.clone(), colour));
    }
    Ok((new_colours, kept))
}

/// The colour `old` became in this write: the stored variants of that colour which the
/// write keeps (by id) all have one new colour. `None` when they part ways or none is kept.
fn renamed_colour(current: Option<&Arc<Product>>, variants: &[VariantDraft], old: &str) -> Option<String> {
    let stored = current.map(|p| p.variants.as_slice()).unwrap_or_default();
    let mut now = stored
        .iter()
        .filter(|v| v.color.eq_ignore_ascii_case(old))
        .filter_map(|v| variants.iter().find(|d| d.id.as_deref() == Some(v.id.as_str())))
        .map(|d| d.color.as_str());
    let first = now.next()?;
    now.all(|c| c == first).then(|| first.to_string())
}

/// "Name (copy)", or "Name (copy 2)", … : the first that no product has as its name
/// (ignoring case) and whose slug is free; the name is shortened to stay within 120 characters.
fn copy_name(snapshot: &CatalogSnapshot, name: &str) -> String {
    let names: std::collections::HashSet<String> = snapshot.entries.iter().map(|e| e.name().to_lowercase()).collect();
    let taken = |candidate: &str| names.contains(&candidate.to_lowercase()) || snapshot.slug_taken(&slugify(candidate), None);
    let named = |suffix: String| {
        let room = 120usize.saturating_sub(suffix.chars().count());
        let base: String = name.chars().take(room).collect();
        format!("{}{suffix}", base.trim_end())
    };
    (1..=10_000)
        .map(|n| named(if n == 1 { " (copy)".to_string() } else { format!(" (copy {n})") }))
        .find(|candidate| !taken(candidate))
        .unwrap_or_else(|| named(format!(" (copy {})", &kernel::new_id()[..8])))
}

/// Each SKU of a product's variant list once in the list, and on no other product.
fn check_skus(snapshot: &CatalogSnapshot, name: &str, product_id: Option<&str>, drafts: &[VariantDraft]) -> Result<(), CatalogError> {
    let mut seen: std::collections::HashMap<String, &VariantDraft> = std::collections::HashMap::new();
    for d in drafts {
        let Some(sku) = &d.sku else { continue };
        if let Some(first) = seen.insert(sku_key(sku), d) {
            return Err(CatalogError::SkuTaken { sku: sku.clone(), product: format!("{name} ({}, {})", first.size, first.color) });
        }
        if let Some((_, _, owner)) = snapshot.sku_owners(sku).into_iter().find(|(p, _, _)| Some(p.as_str()) != product_id) {
            return Err(CatalogError::SkuTaken { sku: sku.clone(), product: owner });
        }
    }
    Ok(())
}

/// The store's refusal of a variant write, named by the variant's size and colour: a variant
/// an open return or exchange holds ([`VARIANT_IN_OPEN_RETURNS`]), or whose stock changed since
/// the form showed it ([`VARIANT_STOCK_CHANGED`]); any other error is given back.
fn held_variant(error: StoreError, product: &Product) -> Result<CatalogError, StoreError> {
    let StoreError::Conflict { constraint } = &error else { return Err(error) };
    let named = |id: &str| {
        let variant = product.variants.iter().find(|v| v.id == id);
        variant.map_or((String::new(), String::new()), |v| (v.size.clone(), v.color.clone()))
    };
    if let Some(id) = constraint.strip_prefix(VARIANT_IN_OPEN_RETURNS) {
        let (size, color) = named(id);
        return Ok(CatalogError::VariantInOpenReturns { size, color });
    }
    if let Some((id, current)) = constraint.strip_prefix(VARIANT_STOCK_CHANGED).and_then(|rest| rest.split_once(':')) {
        let (size, color) = named(id);
        return Ok(CatalogError::VariantStockChanged { size, color, current: current.parse().unwrap_or_default() });
    }
    Err(error)
}

/// How the store names, in a [`StoreError::Conflict`], a variant that an open return or
/// exchange holds: this prefix, then the variant's id.
pub const VARIANT_IN_OPEN_RETURNS: &str = "variant_in_open_returns:";

/// How the store names, in a [`StoreError::Conflict`], a variant whose stock is no longer the
/// one the form showed (`VariantDraft::seen_stock`): this prefix, the variant's id, `:` and
/// the stock it holds now.
pub const VARIANT_STOCK_CHANGED: &str = "variant_stock_changed:";

/// A unique-index refusal of the store: a SKU taken by a write that committed meanwhile.
fn sku_conflict(error: StoreError, drafts: &[VariantDraft]) -> CatalogError {
    match error {
        StoreError::Conflict { constraint } if constraint.contains("sku") => CatalogError::SkuTaken {
            sku: drafts.iter().filter_map(|d| d.sku.clone()).collect::<Vec<_>>().join(", "),
            product: "another product (saved meanwhile)".into(),
        },
        other => CatalogError::Storage(other),
    }
}

/// An HSN code from a form: absent keeps `current`, empty removes it, anything else must
/// be 4 to 8 digits.
fn hsn_code(raw: Option<&str>, current: Option<&str>) -> Result<Option<String>, CatalogError> {
    match raw.map(str::trim) {
        None => Ok(current.map(str::to_string)),
        Some("") => Ok(None),
        Some(code) => gst::HsnCode::parse(code)
            .map(|h| Some(h.as_str().to_string()))
            .map_err(|e| CatalogError::invalid("hsnCode", e.to_string())),
    }
}

mod search_builder;
#[cfg(test)]
mod tests;
