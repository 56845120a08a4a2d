//! Building a snapshot from the store's rows as they stream in: each row is compacted on
//! arrival, so a large catalogue never exists twice in memory (as rows and as entries).
//! Products, images and variants are separate parts so the store can read the three
//! tables side by side, one thread each.

use std::collections::HashMap;
use std::sync::Arc;

use crate::models::{Category, Product, ProductImage, Variant};

use super::compact::{CompactImage, CompactVariant, Entry, Head, Id, IdMap, Looks, Uploads};

/// Products without their images and variants.
#[derive(Default)]
pub struct ProductsLoad(Vec<Head>);

impl ProductsLoad {
    /// Takes the product's own fields; its `images` and `variants` are ignored (they
    /// arrive through [`ImagesLoad`] and [`VariantsLoad`]).
    pub fn push(&mut self, product: Product) {
        self.0.push(Head::from(product));
    }

    /// Room for this many products, so a large catalogue is not copied while it grows.
    pub fn with_capacity(products: usize) -> ProductsLoad {
        ProductsLoad(Vec::with_capacity(products))
    }
}

/// Product images, by product id.
#[derive(Default)]
pub struct ImagesLoad {
    by_product: IdMap<Vec<CompactImage>>,
    uploads: Uploads,
}

impl ImagesLoad {
    pub fn with_capacity(products: usize) -> ImagesLoad {
        ImagesLoad { by_product: IdMap::with_capacity_and_hasher(products, Default::default()), uploads: Uploads::default() }
    }

    pub fn push(&mut self, product_id: &str, image: &ProductImage) {
        let image = self.uploads.image(image);
        // Most products have a few images: room for two first (the default of four would
        // leave holes behind when the list is trimmed to size).
        self.by_product.entry(Id::new(product_id)).or_insert_with(|| Vec::with_capacity(2)).push(image);
    }
}

/// Variants, by product id.
#[derive(Default)]
pub struct VariantsLoad {
    by_product: IdMap<Vec<CompactVariant>>,
    looks: Looks,
}

impl VariantsLoad {
    pub fn with_capacity(products: usize) -> VariantsLoad {
        VariantsLoad { by_product: IdMap::with_capacity_and_hasher(products, Default::default()), looks: Looks::default() }
    }

    pub fn push(&mut self, product_id: &str, variant: &Variant) {
        let variant = CompactVariant::new(variant, &mut self.looks);
        self.by_product.entry(Id::new(product_id)).or_default().push(variant);
    }
}

/// Everything a snapshot is built from.
#[derive(Default)]
pub struct LoadedCatalog {
    pub categories: Vec<Category>,
    pub products: ProductsLoad,
    pub images: ImagesLoad,
    pub variants: VariantsLoad,
    /// The owner's synonym list; `None` until one is saved (the built-in list applies).
    pub synonyms: Option<String>,
}

impl LoadedCatalog {
    /// These categories and whole products (tests, and stores that hold products whole).
    pub fn of(categories: Vec<Category>, products: Vec<Product>) -> LoadedCatalog {
        Self::sharing(categories, products, Looks::default())
    }

    /// Like [`LoadedCatalog::of`], with the looks a snapshot already holds, so the variants
    /// of products re-read for it point at the same copies.
    pub(super) fn sharing(categories: Vec<Category>, products: Vec<Product>, looks: Looks) -> LoadedCatalog {
        let mut variants = VariantsLoad::with_capacity(products.len());
        variants.looks = looks;
        let mut loaded = LoadedCatalog {
            categories,
            products: ProductsLoad::with_capacity(products.len()),
            images: ImagesLoad::with_capacity(products.len()),
            variants,
            synonyms: None,
        };
        for p in products {
            for image in &p.images {
                loaded.images.push(&p.id, image);
            }
            for variant in &p.variants {
                loaded.variants.push(&p.id, variant);
            }
            loaded.products.push(p);
        }
        loaded
    }
}

/// Joins every product with its images, variants and category (images and variants of
/// products that were not loaded are dropped).
pub(super) fn assemble(
    products: ProductsLoad,
    images: ImagesLoad,
    variants: VariantsLoad,
    categories: &[Category],
    category_by_id: &HashMap<String, usize>,
) -> Vec<Arc<Entry>> {
    let (mut images, mut variants) = (images.by_product, variants.by_product);
    products
        .0
        .into_iter()
        .map(|head| {
            let category = category_by_id
                .get(&head.category_id)
                .and_then(|i| Some((u32::try_from(*i).ok()?, categories.get(*i)?)));
            let own_images = images.remove(&head.id).unwrap_or_default();
            let own_variants = variants.remove(&head.id).unwrap_or_default();
            Arc::new(Entry::assemble(head, category, own_images, own_variants))
        })
        .collect()
}
