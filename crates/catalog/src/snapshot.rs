//! The catalogue as every reader sees it: built once from the store, replaced atomically
//! after each write, never patched in place. Reads never touch the database.

use std::collections::HashMap;
use std::sync::Arc;

use kernel::Money;

use crate::models::{Category, CategoryNode, Product};

/// A product with what listing and search need precomputed.
#[derive(Debug)]
pub struct Entry {
    pub product: Arc<Product>,
    pub name_lc: String,
    /// Name, description, category name and colours, lower case.
    pub text_lc: String,
    pub min_price: Money,
}

impl Entry {
    pub fn new(product: Arc<Product>) -> Entry {
        let mut text = format!("{} {} {}", product.name, product.description, product.category_name);
        for v in &product.variants {
            text.push(' ');
            text.push_str(&v.color);
        }
        Entry {
            name_lc: product.name.to_lowercase(),
            text_lc: text.to_lowercase(),
            min_price: product.min_price(),
            product,
        }
    }
}

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
    by_id: Arc<HashMap<String, usize>>,
    by_slug: Arc<HashMap<String, usize>>,
    category_by_id: Arc<HashMap<String, usize>>,
    /// Each category id with the ids of itself and all its descendants.
    subtree: Arc<HashMap<String, Vec<String>>>,
    /// Products directly in each category.
    direct_counts: Arc<HashMap<String, usize>>,
}

impl CatalogSnapshot {
    pub fn build(version: u64, categories: Vec<Category>, products: Vec<Arc<Product>>) -> CatalogSnapshot {
        let mut entries: Vec<Arc<Entry>> = products.into_iter().map(|p| Arc::new(Entry::new(p))).collect();
        entries.sort_by(|a, b| {
            b.product.created_at.cmp(&a.product.created_at).then_with(|| a.product.id.cmp(&b.product.id))
        });
        let by_id = entries.iter().enumerate().map(|(i, e)| (e.product.id.clone(), i)).collect();
        let by_slug = entries.iter().enumerate().map(|(i, e)| (e.product.slug.clone(), i)).collect();
        let category_by_id = categories.iter().enumerate().map(|(i, c)| (c.id.clone(), i)).collect();
        let tree = build_tree(&categories);
        let mut subtree = HashMap::new();
        for node in &tree {
            collect_subtrees(node, &mut subtree);
        }
        let mut direct_counts: HashMap<String, usize> = HashMap::new();
        for e in &entries {
            *direct_counts.entry(e.product.category_id.clone()).or_default() += 1;
        }
        CatalogSnapshot {
            version,
            categories: Arc::new(categories),
            tree: Arc::new(tree),
            entries,
            by_id: Arc::new(by_id),
            by_slug: Arc::new(by_slug),
            category_by_id: Arc::new(category_by_id),
            subtree: Arc::new(subtree),
            direct_counts: Arc::new(direct_counts),
        }
    }

    /// The same catalogue with some products replaced, added or (when absent from
    /// `fresh` but listed in `ids`) removed. Used after stock changes.
    ///
    /// When every fresh product keeps its id, slug, category and creation time (a stock or
    /// price change), only those entries are replaced and everything else is shared: this
    /// runs after every order, so it must not cost a rebuild of the whole catalogue.
    pub fn with_products(&self, version: u64, ids: &[String], fresh: Vec<Arc<Product>>) -> CatalogSnapshot {
        if let Some(patched) = self.patched(version, ids, &fresh) {
            return patched;
        }
        let mut products: Vec<Arc<Product>> = self
            .entries
            .iter()
            .filter(|e| !ids.contains(&e.product.id))
            .map(|e| e.product.clone())
            .collect();
        products.extend(fresh);
        CatalogSnapshot::build(version, self.categories.as_ref().clone(), products)
    }

    fn patched(&self, version: u64, ids: &[String], fresh: &[Arc<Product>]) -> Option<CatalogSnapshot> {
        if ids.len() != fresh.len() {
            return None;
        }
        let mut entries = self.entries.clone();
        for product in fresh {
            let index = *self.by_id.get(&product.id)?;
            let old = &entries.get(index)?.product;
            let same_place = old.slug == product.slug
                && old.category_id == product.category_id
                && old.created_at == product.created_at
                && ids.contains(&product.id);
            if !same_place {
                return None;
            }
            entries[index] = Arc::new(Entry::new(product.clone()));
        }
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
        })
    }

    pub fn product(&self, id_or_slug: &str) -> Option<&Arc<Product>> {
        let index = self.by_id.get(id_or_slug).or_else(|| self.by_slug.get(id_or_slug))?;
        self.entries.get(*index).map(|e| &e.product)
    }

    pub fn category(&self, id: &str) -> Option<&Category> {
        self.category_by_id.get(id).and_then(|i| self.categories.get(*i))
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
        self.by_slug
            .get(slug)
            .and_then(|i| self.entries.get(*i))
            .is_some_and(|e| Some(e.product.id.as_str()) != except_id)
    }

    pub fn category_slug_taken(&self, slug: &str, except_id: Option<&str>) -> bool {
        self.categories.iter().any(|c| c.slug == slug && Some(c.id.as_str()) != except_id)
    }

    /// Products in a category and every category below it.
    pub fn product_count_in_subtree(&self, category_id: &str) -> usize {
        self.subtree(category_id).iter().map(|id| self.product_count_in(id)).sum()
    }

    /// Products directly in this category.
    pub fn product_count_in(&self, category_id: &str) -> usize {
        self.direct_counts.get(category_id).copied().unwrap_or(0)
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
