//! Catalogue ports. Reads are served from [`CatalogSnapshot`]; only writes and the
//! snapshot's (re)building reach the repository.

use std::sync::Arc;

use chrono::{DateTime, Utc};
use kernel::{CategoryId, IncomingFile, ProductId, StoreError, StoredFile};

use crate::error::CatalogError;
use crate::models::{Category, Product, VariantDraft, VariantInput};
use crate::search::Synonyms;
use crate::snapshot::{CatalogSnapshot, LoadedCatalog};

/// Where a category goes on create or update.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ParentChoice {
    /// Update only: leave it where it is.
    Keep,
    TopLevel,
    Under(String),
}

#[derive(Debug, Clone)]
pub struct CategoryInput {
    pub name: Option<String>,
    pub description: Option<String>,
    pub parent: ParentChoice,
    /// `None` keeps the current code (none for a new category); empty text removes it.
    pub hsn_code: Option<String>,
    pub files: Vec<IncomingFile>,
    /// Update only: the current image's upload id, to replace or remove it.
    pub deleted_upload_ids: Vec<String>,
}

#[derive(Debug, Clone, Default)]
pub struct ProductInput {
    pub name: Option<String>,
    pub category_id: Option<String>,
    pub description: Option<String>,
    /// `None` keeps the current code (none for a new product); empty text removes it, so
    /// the product takes its category's.
    pub hsn_code: Option<String>,
    /// The complete variant list; `None` keeps the current variants (update only).
    pub variants: Option<Vec<VariantInput>>,
    /// Update only: product-image ids to remove.
    pub deleted_image_ids: Vec<String>,
    pub files: Vec<IncomingFile>,
    /// The colour of each new picture, in the order of `files` (`None` or empty: no colour);
    /// shorter than `files` leaves the rest untagged.
    pub new_image_colors: Vec<Option<String>>,
    /// Update only: the colour of kept pictures, by product-image id (`None` or empty text
    /// removes it); a picture not named keeps its colour.
    pub image_colors: Vec<(String, Option<String>)>,
    /// `None` keeps the current value (false for a new product).
    pub is_best_seller: Option<bool>,
}

/// An inline edit of one variant from the back office's list: a field left out keeps its
/// value; values are raw text, checked like the product form's.
#[derive(Debug, Clone, Default)]
pub struct VariantPatch {
    pub stock: Option<String>,
    /// The stock the admin saw: when given, the new stock is only written while the variant
    /// still holds exactly that many (else `StockChanged`), so an order placed meanwhile is
    /// never silently undone.
    pub expected_stock: Option<i64>,
    pub original_price: Option<String>,
    pub discount_price: Option<String>,
    /// Empty text removes the SKU.
    pub sku: Option<String>,
}

/// Inbound port.
/// One guarded stock write of an order, as the database answered it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StockWrite {
    pub product_id: String,
    pub variant_id: String,
    /// The pieces the write took.
    pub taken: i32,
    /// The stock it left.
    pub left: i32,
}

pub trait CatalogApi: Send + Sync {
    /// The current catalogue. Cheap: an `Arc` clone.
    fn snapshot(&self) -> Arc<CatalogSnapshot>;
    /// Errors: `Invalid` (name), `Rule` (image count, a cycle), `NotFound` (parent), `NameTaken` (sibling
    /// name), `Media`, `Storage`.
    fn create_category(&self, input: CategoryInput) -> Result<Category, CatalogError>;
    fn update_category(&self, id: &CategoryId, input: CategoryInput) -> Result<Category, CatalogError>;
    /// Refused with `CategoryNotEmpty` while the category has subcategories or products.
    fn delete_category(&self, id: &CategoryId) -> Result<Category, CatalogError>;
    fn create_product(&self, input: ProductInput) -> Result<Arc<Product>, CatalogError>;
    fn update_product(&self, id: &ProductId, input: ProductInput) -> Result<Arc<Product>, CatalogError>;
    fn delete_product(&self, id: &ProductId) -> Result<Arc<Product>, CatalogError>;
    /// A copy named "… (copy)" (then "… (copy 2)", …, a name and slug no product has), in the
    /// same category, with the same description, HSN code, pictures (shared, not uploaded
    /// again) and variants, each with stock 0 and no SKU; not a best seller. Errors:
    /// `NotFound`, `Storage`.
    fn duplicate_product(&self, id: &ProductId) -> Result<Arc<Product>, CatalogError>;
    /// Changes one variant's stock and/or prices in one write. Errors: `NotFound` (product,
    /// or a variant not of this product), `Invalid` (a value), `Rule(DiscountAbovePrice)`,
    /// `StockChanged`, `SkuTaken`, `Storage`.
    fn update_variant(&self, product: &ProductId, variant_id: &str, patch: VariantPatch) -> Result<Arc<Product>, CatalogError>;
    /// Creates or updates the products of a catalogue file (keyed by slug), all or nothing,
    /// after checking every row. Errors: `Import` (every bad row with its line), `SkuTaken`
    /// (a SKU taken meanwhile), `Storage`.
    fn import_catalog(&self, rows: Vec<crate::transfer::ImportRow>) -> Result<crate::transfer::ImportReport, CatalogError>;
    /// Re-reads some products after a change made elsewhere (stock taken by an order).
    fn refresh_products(&self, ids: &[String]) -> Result<(), CatalogError>;
    /// Sets the stock of variants as an order's guarded writes left it, without reading the
    /// database; a product the figures do not follow from is re-read instead (see the
    /// implementation).
    fn stock_left(&self, writes: &[StockWrite]) -> Result<(), CatalogError>;
    /// Re-reads the whole catalogue after a change made elsewhere (another instance of the
    /// shop on the same database).
    fn reload(&self) -> Result<(), CatalogError>;
    /// Replaces the search synonym list. Errors: `Rule(SynonymLine)` naming the line, `Storage`.
    fn save_synonyms(&self, text: &str) -> Result<Synonyms, CatalogError>;
    /// Counts a search that found nothing, on today's date in India.
    fn record_search_miss(&self, query: &str) -> Result<(), CatalogError>;
    /// The searches that found nothing most often in the last `days` days (India dates), most first.
    fn search_misses(&self, days: u32, limit: usize) -> Result<Vec<SearchMiss>, CatalogError>;
}

/// A search text that found nothing, with how often and when last.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SearchMiss {
    pub query: String,
    pub count: i64,
    pub last_seen: chrono::NaiveDate,
}

/// A category row to write.
#[derive(Debug, Clone)]
pub struct CategoryWrite {
    pub id: String,
    pub name: String,
    pub slug: String,
    pub description: String,
    pub parent_id: Option<String>,
    pub hsn_code: Option<String>,
    /// A newly stored image to link (replacing the current one).
    pub new_image: Option<StoredFile>,
    /// Remove the current image without a replacement.
    pub clear_image: bool,
    pub now: DateTime<Utc>,
}

#[derive(Debug, Clone)]
pub struct ProductWrite {
    pub id: String,
    pub name: String,
    pub slug: String,
    pub description: String,
    pub category_id: String,
    pub hsn_code: Option<String>,
    pub is_best_seller: bool,
    pub new_images: Vec<StoredFile>,
    /// The colour of each new image, in the order of `new_images`.
    pub new_image_colors: Vec<Option<String>>,
    /// Stored uploads to show as well, before the new images (a duplicate shares its
    /// original's pictures instead of copying the files).
    pub shared_images: Vec<String>,
    /// The colour of each shared image, in the order of `shared_images`.
    pub shared_image_colors: Vec<Option<String>>,
    pub removed_image_ids: Vec<String>,
    /// The colour of every kept image (update only), by product-image id.
    pub image_colors: Vec<(String, Option<String>)>,
    /// The complete list: rows with an existing id are updated, the others created, and
    /// stored variants missing here are deleted.
    pub variants: Vec<VariantDraft>,
    pub now: DateTime<Utc>,
}

/// One variant's inline edit, checked.
#[derive(Debug, Clone)]
pub struct VariantUpdate {
    pub product_id: String,
    pub variant_id: String,
    /// The new stock, and the stock it must still hold for the write to happen.
    pub stock: Option<(i32, Option<i32>)>,
    pub price: Option<kernel::Price>,
    /// `Some(None)` removes the SKU.
    pub sku: Option<Option<String>>,
    pub now: DateTime<Utc>,
}

/// What became of a variant update.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum VariantUpdated {
    Done,
    NotFound,
    /// Nothing was written: the variant holds this stock, not the one expected.
    StockChanged(i32),
}

/// Why a category delete did not happen.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CategoryDelete {
    /// Deleted; the file name of its image, to remove from disk.
    Deleted { image_filename: Option<String> },
    NotFound,
    HasSubcategories(usize),
    HasProducts(usize),
}

/// What a product delete came to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ProductDelete {
    /// Deleted; the file names of its images nothing else shows (no other product, no
    /// placed order), to remove from disk.
    Deleted { image_filenames: Vec<String> },
    NotFound,
    /// Kept: it is in this many orders not yet delivered (pending or shipped), whose tax
    /// invoice reads its HSN code when they ship.
    InOpenOrders(u64),
    /// Kept: it is in this many return or exchange requests still open (their pieces come
    /// back to its variants, an exchange's replacement is one of them).
    InOpenReturns(u64),
}

/// Outbound port: catalogue storage. Every write is one transaction.
pub trait CatalogRepository: Send + Sync {
    /// The whole catalogue, compacted row by row as it is read.
    fn load_all(&self) -> Result<LoadedCatalog, StoreError>;
    fn load_products(&self, ids: &[String]) -> Result<Vec<Product>, StoreError>;
    /// Errors: `Conflict` on a sibling name or slug clash.
    fn insert_category(&self, category: &CategoryWrite) -> Result<(), StoreError>;
    /// Returns the replaced image's file name; `None` when the category does not exist.
    fn update_category(&self, category: &CategoryWrite) -> Result<Option<Option<String>>, StoreError>;
    /// Checks for subcategories and products inside the same transaction as the delete.
    fn delete_category(&self, id: &CategoryId) -> Result<CategoryDelete, StoreError>;
    /// Errors: `Conflict` naming the SKU index when a SKU is taken (also in `update_product`
    /// and `update_variant`).
    fn insert_product(&self, product: &ProductWrite) -> Result<(), StoreError>;
    /// Returns the file names of removed images; `None` when the product does not exist.
    fn update_product(&self, product: &ProductWrite) -> Result<Option<Vec<String>>, StoreError>;
    /// Cart lines and wishlist entries go with it; placed orders keep their own copy (and
    /// their picture). Refused while an order not yet delivered holds it.
    fn delete_product(&self, id: &ProductId) -> Result<ProductDelete, StoreError>;
    /// In one transaction: records `adopted` uploads, inserts the plan's new categories (in
    /// order, parents first) and `creates`, and applies its `updates` (their pictures
    /// replaced by `shared_images`, their variants by the list). Returns the file names of
    /// uploads no product shows any more.
    fn import_products(&self, adopted: &[StoredFile], plan: &crate::transfer::ImportPlan) -> Result<Vec<String>, StoreError>;
    /// One guarded write (the stock only while it is still the expected one), announced
    /// like every catalogue write.
    fn update_variant(&self, update: &VariantUpdate) -> Result<VariantUpdated, StoreError>;
    /// Stores the synonym list (raising the catalogue's version, so every instance reloads).
    fn save_synonyms(&self, text: &str) -> Result<(), StoreError>;
    /// Adds one to the query's count on that day (one upsert).
    fn record_search_miss(&self, query: &str, day: chrono::NaiveDate) -> Result<(), StoreError>;
    /// Counts per query from `since` on, most first (then alphabetical), at most `limit`.
    fn search_misses(&self, since: chrono::NaiveDate, limit: usize) -> Result<Vec<SearchMiss>, StoreError>;
}
