//! The catalogue as every reader sees it: built once from the store, replaced atomically
//! after each write, never patched in place. Reads never touch the database.

mod compact;
mod listing_index;
mod loading;
mod text_index;

use std::collections::HashMap;
use std::sync::{Arc, OnceLock};

pub use compact::{CategoryIndex, CompactImage, CompactVariant, Entry, Id, Look};

use compact::Looks;
pub use listing_index::{best_saving, FacetValue, ListingIndex, Pieces};
#[cfg(test)]
pub use listing_index::TEST_PIECES;
pub use text_index::TextIndex;
pub use loading::{ImagesLoad, LoadedCatalog, ProductsLoad, VariantsLoad};

use crate::models::{sku_key, Category, CategoryNode, Product};
use crate::search::{Synonyms, Vocabulary};

/// The catalogue at one version. Everything but the product entries is behind `Arc`, so
/// a stock change makes a new snapshot by copying pointers, not by rebuilding.
#[derive(Debug, Default)]
pub struct CatalogSnapshot {
    /// Grows on every replacement: lets callers tag cached answers.
    pub version: u64,
    pub categories: Arc<Vec<Category>>,
    pub tree: Arc<Vec<CategoryNode>>,
    /// Newest first (then by id, for a stable order).
    pub entries: Vec<Arc<Entry>>,
    /// Entry positions ordered by id, and by slug: a lookup is a binary search, and the
    /// index costs 4 bytes per product instead of a map holding a copy of every key.
    by_id: Arc<Vec<u32>>,
    by_slug: Arc<Vec<u32>>,
    category_by_id: Arc<HashMap<String, usize>>,
    /// Each category id with the ids of itself and all its descendants.
    subtree: Arc<HashMap<String, Vec<String>>>,
    /// Products directly in each category, by category index.
    direct_counts: Arc<Vec<usize>>,
    /// The words of every product's text, for typo-tolerant search: built right after the
    /// snapshot is published (see [`CatalogSnapshot::build_search`]), or by the first search
    /// that comes before, and shared with the next snapshot while no text changes (an order
    /// changes stock only).
    vocabulary: Arc<OnceLock<Vocabulary>>,
    /// Products by the trigrams of their text, built and shared like the vocabulary.
    text_index: Arc<OnceLock<TextIndex>>,
    /// The owner's synonym list, or the built-in one.
    synonyms: Arc<Synonyms>,
    /// Sort orders and sets that answer listings without walking every entry.
    listing: ListingIndex,
}

impl CatalogSnapshot {
    /// A snapshot of these products (tests and small catalogues; the store streams its
    /// rows through [`LoadedCatalog`] instead).
    pub fn build(version: u64, categories: Vec<Category>, products: Vec<Arc<Product>>) -> CatalogSnapshot {
        let products = products.into_iter().map(Arc::unwrap_or_clone).collect();
        let loaded = LoadedCatalog::of(categories, products);
        CatalogSnapshot::from_loaded(version, loaded)
    }

    pub fn from_loaded(version: u64, loaded: LoadedCatalog) -> CatalogSnapshot {
        let LoadedCatalog { categories, products, images, variants, synonyms } = loaded;
        // A stored list was checked when saved; should it no longer read, search keeps working
        // with the built-in one.
        let synonyms = synonyms.and_then(|text| Synonyms::parse(&text).ok()).unwrap_or_default();
        let category_by_id: HashMap<String, usize> =
            categories.iter().enumerate().map(|(i, c)| (c.id.clone(), i)).collect();
        let entries = loading::assemble(products, images, variants, &categories, &category_by_id);
        let tree = build_tree(&categories);
        let mut subtree = HashMap::new();
        for node in &tree {
            collect_subtrees(node, &mut subtree);
        }
        let mut snapshot =
            Self::indexed(version, Arc::new(categories), Arc::new(tree), Arc::new(category_by_id), Arc::new(subtree), entries);
        snapshot.synonyms = Arc::new(synonyms);
        snapshot
    }

    fn indexed(
        version: u64,
        categories: Arc<Vec<Category>>,
        tree: Arc<Vec<CategoryNode>>,
        category_by_id: Arc<HashMap<String, usize>>,
        subtree: Arc<HashMap<String, Vec<String>>>,
        mut entries: Vec<Arc<Entry>>,
    ) -> CatalogSnapshot {
        entries.sort_by(|a, b| b.created_at.cmp(&a.created_at).then_with(|| a.id.cmp(&b.id)));
        let positions = || (0..entries.len()).filter_map(|i| u32::try_from(i).ok()).collect::<Vec<u32>>();
        let mut by_id = positions();
        by_id.sort_by(|a, b| entries[*a as usize].id.cmp(&entries[*b as usize].id));
        let mut by_slug = positions();
        by_slug.sort_by(|a, b| entries[*a as usize].slug().cmp(entries[*b as usize].slug()));
        let listing = ListingIndex::build(&entries, categories.len());
        let mut direct_counts = vec![0; categories.len()];
        for e in &entries {
            if let Some(count) = e.category.and_then(|i| direct_counts.get_mut(i as usize)) {
                *count += 1;
            }
        }
        CatalogSnapshot {
            version,
            categories,
            tree,
            entries,
            by_id: Arc::new(by_id),
            by_slug: Arc::new(by_slug),
            category_by_id,
            subtree,
            direct_counts: Arc::new(direct_counts),
            vocabulary: Arc::default(),
            text_index: Arc::default(),
            synonyms: Arc::default(),
            listing,
        }
    }

    /// The same catalogue with some products replaced, added or (when absent from
    /// `fresh` but listed in `ids`) removed. Used after stock changes.
    ///
    /// When every fresh product keeps its id, slug, category and creation time (a stock or
    /// price change), only those entries are replaced and everything else is shared: this
    /// runs after every order, so it must not cost a rebuild of the whole catalogue.
    pub fn with_products(&self, version: u64, ids: &[String], fresh: Vec<Arc<Product>>) -> CatalogSnapshot {
        // Placed in this snapshot's categories, as a full load would place them, and sharing
        // the looks of the entries they replace (a product re-read after each order would
        // otherwise hold copies of its own).
        let mut looks = Looks::default();
        let replaced = ids.iter().filter_map(|id| self.index_of_id(&Id::new(id))).filter_map(|i| self.entries.get(i));
        for variant in replaced.flat_map(|e| e.variants.iter()) {
            looks.reuse(&variant.look);
        }
        let LoadedCatalog { products, images, variants, .. } =
            LoadedCatalog::sharing(Vec::new(), fresh.into_iter().map(Arc::unwrap_or_clone).collect(), looks);
        let fresh = loading::assemble(products, images, variants, &self.categories, &self.category_by_id);
        if let Some(patched) = self.patched(version, ids, &fresh) {
            return patched;
        }
        let replaced: Vec<Id> = ids.iter().map(|id| Id::new(id)).collect();
        let mut entries: Vec<Arc<Entry>> =
            self.entries.iter().filter(|e| !replaced.contains(&e.id)).cloned().collect();
        entries.extend(fresh);
        let mut snapshot = Self::indexed(
            version,
            self.categories.clone(),
            self.tree.clone(),
            self.category_by_id.clone(),
            self.subtree.clone(),
            entries,
        );
        snapshot.synonyms = self.synonyms.clone();
        snapshot
    }

    fn patched(&self, version: u64, ids: &[String], fresh: &[Arc<Entry>]) -> Option<CatalogSnapshot> {
        if ids.len() != fresh.len() {
            return None;
        }
        let mut entries = self.entries.clone();
        let mut same_texts = true;
        let mut stock_only = Vec::with_capacity(fresh.len());
        for entry in fresh {
            let index = self.index_of_id(&entry.id)?;
            let old = entries.get(index)?;
            let same_place = old.slug() == entry.slug()
                && old.category == entry.category
                && old.created_at == entry.created_at
                && ids.iter().any(|id| Id::new(id) == entry.id);
            if !same_place {
                return None;
            }
            same_texts &= old.search_text() == entry.search_text();
            if ListingIndex::same_shape(old, entry) {
                stock_only.push((u32::try_from(index).ok()?, old.clone(), entry.clone()));
            }
            entries[index] = entry.clone();
        }
        // An order changes stock only: the listing index copies the few in-stock sets it
        // touches. Anything else (a price, a name) rebuilds it.
        let changes: Vec<(u32, &Entry, &Entry)> = stock_only.iter().map(|(i, old, new)| (*i, &**old, &**new)).collect();
        let listing = if stock_only.len() == fresh.len() { self.listing.with_stock(&changes) } else { None }
            .unwrap_or_else(|| ListingIndex::build(&entries, self.categories.len()));
        Some(CatalogSnapshot {
            version,
            categories: self.categories.clone(),
            tree: self.tree.clone(),
            entries,
            by_id: self.by_id.clone(),
            by_slug: self.by_slug.clone(),
            category_by_id: self.category_by_id.clone(),
            subtree: self.subtree.clone(),
            direct_counts: self.direct_counts.clone(),
            vocabulary: if same_texts { self.vocabulary.clone() } else { Arc::default() },
            text_index: if same_texts { self.text_index.clone() } else { Arc::default() },
            synonyms: self.synonyms.clone(),
            listing,
        })
    }

    /// The listing index (see [`ListingIndex`]).
    pub fn listing_index(&self) -> &ListingIndex {
        &self.listing
    }

    /// The synonym list search reads.
    pub fn synonyms(&self) -> &Synonyms {
        &self.synonyms
    }

    /// The words of the catalogue's texts (see [`crate::search`]).
    pub fn vocabulary(&self) -> &Vocabulary {
        self.vocabulary.get_or_init(|| Vocabulary::of(self.entries.iter().map(|e| e.search_text())))
    }

    /// The trigrams of the catalogue's texts (see [`TextIndex`]).
    pub fn text_index(&self) -> &TextIndex {
        self.text_index.get_or_init(|| TextIndex::of(self.entries.iter().map(|e| e.as_ref())))
    }

    /// Builds what search reads (the vocabulary and the text index) unless built already. A
    /// search that arrives meanwhile waits for this build rather than starting its own.
    pub fn build_search(&self) {
        self.vocabulary();
        self.text_index();
    }

    /// Whether [`CatalogSnapshot::build_search`] has nothing left to do.
    pub fn search_built(&self) -> bool {
        self.vocabulary.get().is_some() && self.text_index.get().is_some()
    }

    fn index_of_id(&self, id: &Id) -> Option<usize> {
        let found = self.by_id.binary_search_by(|i| self.entries[*i as usize].id.cmp(id)).ok()?;
        Some(self.by_id[found] as usize)
    }

    fn index_of_slug(&self, slug: &str) -> Option<usize> {
        let found = self.by_slug.binary_search_by(|i| self.entries[*i as usize].slug().cmp(slug)).ok()?;
        Some(self.by_slug[found] as usize)
    }

    /// The entry with this id or slug, or with the name this slug is made from (a link
    /// written with the product's name, `Woollen Muffler`, finds `woollen-muffler`).
    pub fn entry(&self, id_or_slug: &str) -> Option<&Arc<Entry>> {
        let index = self
            .index_of_id(&Id::new(id_or_slug))
            // An id in capitals: UUIDs are case-insensitive.
            .or_else(|| (id_or_slug.len() == 36).then(|| id_or_slug.to_ascii_lowercase()).and_then(|id| self.index_of_id(&Id::new(&id))))
            .or_else(|| self.index_of_slug(id_or_slug))
            .or_else(|| crate::models::slug_of(id_or_slug).and_then(|slug| self.index_of_slug(&slug)))?;
        self.entries.get(index)
    }

    /// The product with this id or slug, in its domain form.
    pub fn product(&self, id_or_slug: &str) -> Option<Arc<Product>> {
        self.entry(id_or_slug).map(|e| self.expand(e))
    }

    pub fn expand(&self, entry: &Entry) -> Arc<Product> {
        Arc::new(entry.expand(&self.categories))
    }

    pub fn category(&self, id: &str) -> Option<&Category> {
        self.category_index(id).and_then(|i| self.categories.get(i))
    }

    pub fn category_index(&self, id: &str) -> Option<usize> {
        self.category_by_id.get(id).copied()
    }

    /// A category by id or slug.
    pub fn find_category(&self, id_or_slug: &str) -> Option<&Category> {
        self.category(id_or_slug)
            .or_else(|| self.categories.iter().find(|c| c.slug == id_or_slug))
    }

    /// The ids of a category and all categories below it.
    pub fn subtree(&self, category_id: &str) -> &[String] {
        self.subtree.get(category_id).map(Vec::as_slice).unwrap_or(&[])
    }

    pub fn slug_taken(&self, slug: &str, except_id: Option<&str>) -> bool {
        self.index_of_slug(slug)
            .and_then(|i| self.entries.get(i))
            .is_some_and(|e| except_id.is_none_or(|except| e.id != Id::new(except)))
    }

    pub fn category_slug_taken(&self, slug: &str) -> bool {
        self.categories.iter().any(|c| c.slug == slug)
    }

    /// Products in a category and every category below it.
    pub fn product_count_in_subtree(&self, category_id: &str) -> usize {
        self.subtree(category_id).iter().map(|id| self.product_count_in(id)).sum()
    }

    /// Products directly in this category.
    pub fn product_count_in(&self, category_id: &str) -> usize {
        self.category_index(category_id).and_then(|i| self.direct_counts.get(i)).copied().unwrap_or(0)
    }

    /// The variants holding this SKU (ignoring case): (product id, variant id, "Name (size,
    /// colour)"). At most one, unless the store was changed by hand. One pass over the
    /// catalogue: a whole file's SKUs are looked up in [`CatalogSnapshot::sku_index`].
    pub fn sku_owners(&self, sku: &str) -> Vec<(String, String, String)> {
        self.skus_where(|s| s.eq_ignore_ascii_case(sku)).remove(&sku_key(sku)).unwrap_or_default()
    }

    /// Every SKU's owners as [`CatalogSnapshot::sku_owners`] gives them, by `sku_key`: built
    /// once for a catalogue file (a lookup per row was a pass over every variant per row).
    pub fn sku_index(&self) -> HashMap<String, Vec<(String, String, String)>> {
        self.skus_where(|_| true)
    }

    fn skus_where(&self, wanted: impl Fn(&str) -> bool) -> HashMap<String, Vec<(String, String, String)>> {
        let mut found: HashMap<String, Vec<(String, String, String)>> = HashMap::new();
        for entry in &self.entries {
            for v in &entry.variants {
                let Some(sku) = v.sku.as_deref().filter(|s| wanted(s)) else { continue };
                let owner = format!("{} ({}, {})", entry.name(), v.look.size, v.look.color);
                found.entry(sku_key(sku)).or_default().push((entry.id.to_string(), v.id.to_string(), owner));
            }
        }
        found
    }

    /// How many variants have `1..=low_max` pieces left, and how many none (the back
    /// office's dashboard). One pass over the entries, no expansion.
    pub fn stock_counts(&self, low_max: i32) -> (u64, u64) {
        let (mut low, mut out) = (0, 0);
        for variant in self.entries.iter().flat_map(|e| e.variants.iter()) {
            if variant.stock <= 0 {
                out += 1;
            } else if variant.stock <= low_max {
                low += 1;
            }
        }
        (low, out)
    }
}

fn build_tree(categories: &[Category]) -> Vec<CategoryNode> {
    let mut children: HashMap<Option<&str>, Vec<&Category>> = HashMap::new();
    let known: std::collections::HashSet<&str> = categories.iter().map(|c| c.id.as_str()).collect();
    for c in categories {
        // A parent that no longer exists makes the category top-level rather than lost.
        let parent = c.parent_id.as_deref().filter(|p| known.contains(p));
        children.entry(parent).or_default().push(c);
    }
    for list in children.values_mut() {
        list.sort_by(|a, b| a.created_at.cmp(&b.created_at).then_with(|| a.name.cmp(&b.name)));
    }
    fn grow(parent: Option<&str>, children: &HashMap<Option<&str>, Vec<&Category>>, depth: usize) -> Vec<CategoryNode> {
        if depth > 64 {
            return Vec::new();
        }
        children
            .get(&parent)
            .map(|list| {
                list.iter()
                    .map(|c| CategoryNode {
                        category: (*c).clone(),
                        children: grow(Some(c.id.as_str()), children, depth + 1),
                    })
                    .collect()
            })
            .unwrap_or_default()
    }
    grow(None, &children, 0)
}

fn collect_subtrees(node: &CategoryNode, out: &mut HashMap<String, Vec<String>>) -> Vec<String> {
    let mut ids = vec![node.category.id.clone()];
    for child in &node.children {
        ids.extend(collect_subtrees(child, out));
    }
    out.insert(node.category.id.clone(), ids.clone());
    ids
}
