//! Service rules with an in-memory store and media: no database, no disk.

use std::sync::Mutex;

use kernel::{ImageFormat, IncomingFile, MediaError, MediaRules, MediaStore, StoreError, StoredFile};

use super::*;
use crate::models::{ImageRef, ProductImage, Variant, VariantInput};
use crate::snapshot::LoadedCatalog;

#[derive(Default)]
struct Memory {
    categories: Vec<Category>,
    products: Vec<Product>,
    fail_writes: bool,
    synonyms: Option<String>,
    misses: Vec<(String, chrono::NaiveDate)>,
}

#[derive(Default)]
struct MemoryRepo(Mutex<Memory>);

impl MemoryRepo {
    fn with<T>(&self, f: impl FnOnce(&mut Memory) -> T) -> T {
        let mut m = self.0.lock().unwrap_or_else(|e| e.into_inner());
        f(&mut m)
    }
}

fn image_ref(f: &StoredFile) -> ImageRef {
    ImageRef { upload_id: f.id.clone(), filename: f.filename.clone(), width: f.width, height: f.height }
}

impl CatalogRepository for MemoryRepo {
    fn load_all(&self) -> Result<LoadedCatalog, StoreError> {
        Ok(self.with(|m| {
            let mut loaded = LoadedCatalog::of(m.categories.clone(), m.products.clone());
            loaded.synonyms = m.synonyms.clone();
            loaded
        }))
    }
    fn load_products(&self, ids: &[String]) -> Result<Vec<Product>, StoreError> {
        Ok(self.with(|m| m.products.iter().filter(|p| ids.contains(&p.id)).cloned().collect()))
    }
    fn insert_category(&self, c: &CategoryWrite) -> Result<(), StoreError> {
        self.with(|m| {
            if m.fail_writes {
                return Err(StoreError::Backend("disk full".into()));
            }
            m.categories.push(Category {
                id: c.id.clone(),
                name: c.name.clone(),
                slug: c.slug.clone(),
                description: c.description.clone(),
                parent_id: c.parent_id.clone(),
                image: c.new_image.as_ref().map(image_ref),
                hsn_code: c.hsn_code.clone(),
                created_at: c.now,
            });
            Ok(())
        })
    }
    fn update_category(&self, c: &CategoryWrite) -> Result<Option<Option<String>>, StoreError> {
        self.with(|m| {
            let Some(stored) = m.categories.iter_mut().find(|x| x.id == c.id) else { return Ok(None) };
            let old = stored.image.as_ref().map(|i| i.filename.clone());
            stored.name = c.name.clone();
            stored.parent_id = c.parent_id.clone();
            stored.hsn_code = c.hsn_code.clone();
            if let Some(new) = &c.new_image {
                stored.image = Some(image_ref(new));
                return Ok(Some(old));
            }
            Ok(Some(None))
        })
    }
    fn delete_category(&self, id: &CategoryId) -> Result<CategoryDelete, StoreError> {
        let id = id.as_str();
        self.with(|m| {
            let children = m.categories.iter().filter(|c| c.parent_id.as_deref() == Some(id)).count();
            let products = m.products.iter().filter(|p| p.category_id == id).count();
            if children > 0 {
                return Ok(CategoryDelete::HasSubcategories(children));
            }
            if products > 0 {
                return Ok(CategoryDelete::HasProducts(products));
            }
            let Some(pos) = m.categories.iter().position(|c| c.id == id) else { return Ok(CategoryDelete::NotFound) };
            let removed = m.categories.remove(pos);
            Ok(CategoryDelete::Deleted { image_filename: removed.image.map(|i| i.filename) })
        })
    }
    fn import_products(&self, _adopted: &[StoredFile], _plan: &crate::transfer::ImportPlan) -> Result<Vec<String>, StoreError> {
        Err(StoreError::Backend("not used by these tests".into()))
    }
    fn update_variant(&self, u: &VariantUpdate) -> Result<VariantUpdated, StoreError> {
        self.with(|m| {
            let found = m.products.iter_mut().filter(|p| p.id == u.product_id).flat_map(|p| p.variants.iter_mut()).find(|v| v.id == u.variant_id);
            let Some(v) = found else { return Ok(VariantUpdated::NotFound) };
            if let Some((stock, expected)) = u.stock {
                if expected.is_some_and(|e| e != v.stock) {
                    return Ok(VariantUpdated::StockChanged(v.stock));
                }
                v.stock = stock;
            }
            if let Some(price) = u.price {
                v.price = price;
            }
            if let Some(sku) = &u.sku {
                v.sku = sku.clone();
            }
            Ok(VariantUpdated::Done)
        })
    }
    fn insert_product(&self, p: &ProductWrite) -> Result<(), StoreError> {
        self.with(|m| {
            if m.fail_writes {
                return Err(StoreError::Backend("disk full".into()));
            }
            let category_name = m.categories.iter().find(|c| c.id == p.category_id).map(|c| c.name.clone()).unwrap_or_default();
            m.products.push(Product {
                id: p.id.clone(),
                name: p.name.clone(),
                slug: p.slug.clone(),
                description: p.description.clone(),
                is_best_seller: p.is_best_seller,
                category_id: p.category_id.clone(),
                category_name,
                hsn_code: p.hsn_code.clone(),
                images: p
                    .new_images
                    .iter()
                    .enumerate()
                    .map(|(i, f)| ProductImage { id: format!("img-{}", f.id), image: image_ref(f), position: i as i32, color: p.new_image_colors.get(i).cloned().flatten() })
                    .collect(),
                variants: p
                    .variants
                    .iter()
                    .enumerate()
                    .map(|(i, v)| Variant {
                        id: v.id.clone().unwrap_or_else(kernel::new_id),
                        size: v.size.clone(),
                        color: v.color.clone(),
                        color_hex: v.color_hex.clone(),
                        stock: v.stock,
                        price: v.price,
                        position: i as i32,
                        sku: v.sku.clone(),
                    })
                    .collect(),
                created_at: p.now,
                updated_at: p.now,
            });
            Ok(())
        })
    }
    fn update_product(&self, p: &ProductWrite) -> Result<Option<Vec<String>>, StoreError> {
        let removed = self.with(|m| {
            let stored = m.products.iter_mut().find(|x| x.id == p.id)?;
            let (gone, kept): (Vec<_>, Vec<_>) = stored.images.drain(..).partition(|i| p.removed_image_ids.contains(&i.id));
            stored.images = kept;
            for image in &mut stored.images {
                if let Some((_, colour)) = p.image_colors.iter().find(|(id, _)| *id == image.id) {
                    image.color = colour.clone();
                }
            }
            stored.name = p.name.clone();
            Some(gone.into_iter().map(|i| i.image.filename).collect::<Vec<_>>())
        });
        Ok(removed)
    }
    fn delete_product(&self, id: &ProductId) -> Result<ProductDelete, StoreError> {
        let id = id.as_str();
        Ok(self.with(|m| match m.products.iter().position(|p| p.id == id) {
            Some(pos) => ProductDelete::Deleted { image_filenames: m.products.remove(pos).images.into_iter().map(|i| i.image.filename).collect() },
            None => ProductDelete::NotFound,
        }))
    }
    fn save_synonyms(&self, text: &str) -> Result<(), StoreError> {
        self.with(|m| m.synonyms = Some(text.to_string()));
        Ok(())
    }
    fn record_search_miss(&self, query: &str, day: chrono::NaiveDate) -> Result<(), StoreError> {
        self.with(|m| m.misses.push((query.to_string(), day)));
        Ok(())
    }
    fn search_misses(&self, since: chrono::NaiveDate, limit: usize) -> Result<Vec<SearchMiss>, StoreError> {
        Ok(self.with(|m| {
            let mut counts: std::collections::BTreeMap<&str, (i64, chrono::NaiveDate)> = Default::default();
            for (q, day) in m.misses.iter().filter(|(_, d)| *d >= since) {
                let entry = counts.entry(q).or_insert((0, *day));
                entry.0 += 1;
                entry.1 = entry.1.max(*day);
            }
            let mut out: Vec<SearchMiss> =
                counts.into_iter().map(|(q, (count, last_seen))| SearchMiss { query: q.to_string(), count, last_seen }).collect();
            out.sort_by(|a, b| b.count.cmp(&a.count).then_with(|| a.query.cmp(&b.query)));
            out.truncate(limit);
            out
        }))
    }
}

/// Accepts files whose first byte is b'P' (a stand-in "PNG") and remembers what is on "disk".
#[derive(Default)]
struct MemoryMedia(Mutex<Vec<String>>);

impl MemoryMedia {
    fn files(&self) -> Vec<String> {
        self.0.lock().map(|f| f.clone()).unwrap_or_default()
    }
}

impl MediaStore for MemoryMedia {
    fn store(&self, file: &IncomingFile, _rules: &MediaRules) -> Result<StoredFile, MediaError> {
        if file.bytes.first() != Some(&b'P') {
            return Err(MediaError::UnsupportedType("Only PNG, JPG and JPEG images are allowed".into()));
        }
        let id = kernel::new_id();
        let filename = format!("{id}.png");
        self.0.lock().unwrap_or_else(|e| e.into_inner()).push(filename.clone());
        Ok(StoredFile { id, filename, format: ImageFormat::Png, width: 10, height: 10, byte_size: 1 })
    }
    fn remove(&self, filename: &str) {
        self.0.lock().unwrap_or_else(|e| e.into_inner()).retain(|f| f != filename);
    }
}

type Service = CatalogService<MemoryRepo, MemoryMedia>;

fn service() -> Service {
    CatalogService::new(MemoryRepo::default(), MemoryMedia::default()).unwrap()
}

fn png() -> IncomingFile {
    IncomingFile { bytes: b"PNG".to_vec() }
}

fn category_input(name: &str, parent: ParentChoice, files: usize) -> CategoryInput {
    CategoryInput {
        name: Some(name.into()),
        description: None,
        parent,
        hsn_code: None,
        files: (0..files).map(|_| png()).collect(),
        deleted_upload_ids: vec![],
    }
}

fn variant(size: &str, stock: &str) -> VariantInput {
    VariantInput {
        size: Some(size.into()),
        color: Some("Red".into()),
        stock: Some(stock.into()),
        original_price: Some("999".into()),
        discount_price: Some("100".into()),
        ..VariantInput::default()
    }
}

fn product_input(category_id: &str, images: usize) -> ProductInput {
    ProductInput {
        name: Some("Linen Shirt".into()),
        category_id: Some(category_id.into()),
        description: Some("Cool".into()),
        variants: Some(vec![variant("M", "3")]),
        files: (0..images).map(|_| png()).collect(),
        ..ProductInput::default()
    }
}

fn message<T>(r: Result<T, CatalogError>) -> String {
    r.err().map(|e| e.to_string()).unwrap_or_default()
}

#[test]
fn a_category_needs_exactly_one_image() {
    let svc = service();
    assert_eq!(message(svc.create_category(category_input("Men", ParentChoice::TopLevel, 0))), "Please upload at least 1 images.");
    assert_eq!(message(svc.create_category(category_input("Men", ParentChoice::TopLevel, 2))), "You can upload a maximum of 1 images.");
    assert!(svc.media.files().is_empty());
    let men = svc.create_category(category_input("Men", ParentChoice::TopLevel, 1)).unwrap();
    assert_eq!(men.slug, "men");
    assert_eq!(svc.media.files().len(), 1);
}

#[test]
fn sibling_names_are_unique_and_subcategory_slugs_carry_the_parent() {
    let svc = service();
    let men = svc.create_category(category_input("Men", ParentChoice::TopLevel, 1)).unwrap();
    let women = svc.create_category(category_input("Women", ParentChoice::TopLevel, 1)).unwrap();
    let shirts = svc.create_category(category_input("Shirts", ParentChoice::Under(men.id.clone()), 1)).unwrap();
    assert_eq!(shirts.slug, "men-shirts");
    assert!(svc.create_category(category_input("Shirts", ParentChoice::Under(women.id.clone()), 1)).is_ok());
    assert!(matches!(svc.create_category(category_input("SHIRTS", ParentChoice::Under(men.id.clone()), 1)), Err(CatalogError::NameTaken { .. })));
    // Moving Men under its own child is refused.
    let cycle = CategoryInput { parent: ParentChoice::Under(shirts.id.clone()), ..category_input("Men", ParentChoice::Keep, 0) };
    assert!(matches!(svc.update_category(&men.id.as_str().into(), cycle), Err(CatalogError::Rule { rule: crate::error::Rule::CategoryCycle, .. })));
    assert_eq!(svc.snapshot().tree.len(), 2);
}

#[test]
fn replacing_a_category_image_removes_the_old_file() {
    let svc = service();
    let men = svc.create_category(category_input("Men", ParentChoice::TopLevel, 1)).unwrap();
    let old = men.image.map(|i| i.filename).unwrap_or_default();
    let updated = svc.update_category(&men.id.as_str().into(), category_input("Men", ParentChoice::Keep, 1)).unwrap();
    let new = updated.image.map(|i| i.filename).unwrap_or_default();
    assert_ne!(old, new);
    assert_eq!(svc.media.files(), vec![new]);
}

#[test]
fn deleting_a_category_with_products_or_children_is_refused() {
    let svc = service();
    let men = svc.create_category(category_input("Men", ParentChoice::TopLevel, 1)).unwrap();
    let shirts = svc.create_category(category_input("Shirts", ParentChoice::Under(men.id.clone()), 1)).unwrap();
    svc.create_product(product_input(&shirts.id, 1)).unwrap();
    assert_eq!(message(svc.delete_category(&men.id.as_str().into())), "\"Men\" still has 1 subcategory: delete or move them first");
    assert_eq!(message(svc.delete_category(&shirts.id.as_str().into())), "\"Shirts\" still has 1 product: delete them or move them to another category first");
    assert_eq!(svc.snapshot().categories.len(), 2);
}

#[test]
fn product_images_between_one_and_ten() {
    let svc = service();
    let men = svc.create_category(category_input("Men", ParentChoice::TopLevel, 1)).unwrap();
    assert_eq!(message(svc.create_product(product_input(&men.id, 0))), "Please upload at least 1 image");
    assert_eq!(message(svc.create_product(product_input(&men.id, 11))), "Maximum 10 images allowed.");
    assert_eq!(message(svc.create_product(product_input("nope", 1))), "Please select Category");
    let no_name = ProductInput { name: None, ..product_input(&men.id, 1) };
    assert_eq!(message(svc.create_product(no_name)), "Please fill Product Name");
    assert_eq!(svc.media.files().len(), 1, "only the category image is on disk");
}

#[test]
fn a_failed_write_leaves_no_file_behind() {
    let svc = service();
    let men = svc.create_category(category_input("Men", ParentChoice::TopLevel, 1)).unwrap();
    svc.repo.with(|m| m.fail_writes = true);
    assert!(svc.create_product(product_input(&men.id, 3)).is_err());
    let bad_file = ProductInput { files: vec![png(), IncomingFile { bytes: b"<html>".to_vec() }], ..product_input(&men.id, 0) };
    assert!(matches!(svc.create_product(bad_file), Err(CatalogError::Media(_))));
    assert_eq!(svc.media.files().len(), 1);
}

#[test]
fn writes_are_visible_to_the_next_read() {
    let svc = service();
    let men = svc.create_category(category_input("Men", ParentChoice::TopLevel, 1)).unwrap();
    let before = svc.snapshot().version;
    let product = svc.create_product(product_input(&men.id, 2)).unwrap();
    let snap = svc.snapshot();
    assert!(snap.version > before);
    assert_eq!(snap.product(&product.slug).map(|p| p.id.clone()), Some(product.id.clone()));
    let second = svc.create_product(product_input(&men.id, 1)).unwrap();
    assert_eq!(second.slug, "linen-shirt-2");

    let image_id = product.images[0].id.clone();
    let edit = ProductInput { name: Some("Linen Shirt Pro".into()), deleted_image_ids: vec![image_id], ..product_input(&men.id, 0) };
    let edited = svc.update_product(&product.id.as_str().into(), edit).unwrap();
    assert_eq!((edited.name.as_str(), edited.images.len()), ("Linen Shirt Pro", 1));
    svc.delete_product(&product.id.as_str().into()).unwrap();
    assert!(svc.snapshot().product(&product.id).is_none());
    assert_eq!(svc.media.files().len(), 2, "category image and the second product's image");
}

#[test]
fn variant_ids_must_belong_to_the_product() {
    let svc = service();
    let men = svc.create_category(category_input("Men", ParentChoice::TopLevel, 1)).unwrap();
    let a = svc.create_product(product_input(&men.id, 1)).unwrap();
    let b = svc.create_product(product_input(&men.id, 1)).unwrap();
    let foreign = VariantInput { id: Some(b.variants[0].id.clone()), ..variant("L", "1") };
    let edit = ProductInput { variants: Some(vec![foreign]), ..product_input(&men.id, 0) };
    assert_eq!(message(svc.update_product(&a.id.as_str().into(), edit)), "A variant in the list does not belong to this product");
}

#[test]
fn pictures_take_one_of_the_products_colours() {
    let svc = service();
    let men = svc.create_category(category_input("Men", ParentChoice::TopLevel, 1)).unwrap();
    // The variants are Red: a new picture may be tagged red (any case), not blue.
    let tagged = ProductInput { new_image_colors: vec![None, Some("red".into())], ..product_input(&men.id, 2) };
    let product = svc.create_product(tagged).unwrap();
    assert_eq!(product.images.iter().map(|i| i.color.as_deref()).collect::<Vec<_>>(), [None, Some("Red")]);
    let blue = ProductInput { new_image_colors: vec![Some("Blue".into())], ..product_input(&men.id, 1) };
    assert!(matches!(svc.create_product(blue), Err(CatalogError::Rule { rule: Rule::ImageColour, .. })));
    let too_many = ProductInput { new_image_colors: vec![None, None], ..product_input(&men.id, 1) };
    assert!(matches!(svc.create_product(too_many), Err(CatalogError::Rule { rule: Rule::ImageColour, .. })));

    // An update tags a kept picture and untags another; an id of another product is refused.
    let first = product.images[0].id.clone();
    let second = product.images[1].id.clone();
    let edit = ProductInput {
        image_colors: vec![(first.clone(), Some("RED".into())), (second.clone(), Some(String::new()))],
        ..product_input(&men.id, 0)
    };
    let edited = svc.update_product(&product.id.as_str().into(), edit).unwrap();
    let colour = |id: &str| edited.images.iter().find(|i| i.id == id).and_then(|i| i.color.clone());
    assert_eq!((colour(&first), colour(&second)), (Some("Red".into()), None));
    let foreign = ProductInput { image_colors: vec![("img-elsewhere".into(), None)], ..product_input(&men.id, 0) };
    assert!(matches!(
        svc.update_product(&product.id.as_str().into(), foreign),
        Err(CatalogError::Rule { rule: Rule::ForeignItem, .. })
    ));
}

/// What a search finds, by product name, in this snapshot.
fn names_found(snapshot: &CatalogSnapshot, query: &str) -> Vec<String> {
    crate::query::search(snapshot, query, 20).iter().map(|p| p.name.clone()).collect()
}

#[test]
fn each_published_snapshot_has_its_search_engine_built_before_any_search() {
    let svc = service();
    let men = svc.create_category(category_input("Men", ParentChoice::TopLevel, 1)).unwrap();
    let shirt = svc.create_product(product_input(&men.id, 1)).unwrap();
    let kurta = ProductInput { name: Some("Cotton Kurta".into()), ..product_input(&men.id, 1) };
    svc.create_product(kurta).unwrap();
    svc.search.finish();
    assert!(svc.snapshot().search_built(), "built without a search");

    // A new name makes a new engine, built as soon as the snapshot is published.
    let renamed = ProductInput { name: Some("Linen Kurta Shirt".into()), ..product_input(&men.id, 0) };
    svc.update_product(&shirt.id.as_str().into(), renamed).unwrap();
    svc.search.finish();
    let published = svc.snapshot();
    assert!(published.search_built());

    // The same answers as a snapshot whose engine is built by its first search.
    let lazy = CatalogSnapshot::from_loaded(published.version, svc.repo.load_all().unwrap());
    assert!(!lazy.search_built());
    for query in ["kurta", "kurtaa", "linen shrit", "shirt", "cotton", "kur", "tuxedo"] {
        assert_eq!(names_found(&published, query), names_found(&lazy, query), "{query}");
    }
    assert_eq!(names_found(&published, "kurtaa"), vec!["Cotton Kurta", "Linen Kurta Shirt"]);
}

#[test]
fn an_orders_stock_figures_are_taken_without_a_read_only_where_they_follow_from_the_snapshot() {
    let svc = service();
    let men = svc.create_category(category_input("Men", ParentChoice::TopLevel, 1)).unwrap();
    let product = svc.create_product(product_input(&men.id, 1)).unwrap();
    let variant = product.variants[0].id.clone();
    let shown = |svc: &Service| svc.snapshot().product(&product.id).map(|p| p.variants[0].stock);
    let write = |taken, left| StockWrite { product_id: product.id.clone(), variant_id: variant.clone(), taken, left };
    assert_eq!(shown(&svc), Some(3));
    // The repository still holds 3: the snapshot shows the order's figure, read from nowhere.
    svc.stock_left(&[write(2, 1)]).unwrap();
    assert_eq!(shown(&svc), Some(1));
    // A figure that did not start from the one shown (an order that finished before the
    // one shown): the product is read again, and the repository's figure stands.
    svc.stock_left(&[write(1, 2)]).unwrap();
    assert_eq!(shown(&svc), Some(3));
    // The last piece sold while the back office raised the stock: the raise was shown
    // first, and the order's late 0 must not hide it (the repository's 3 stands).
    svc.stock_left(&[write(1, 0)]).unwrap();
    assert_eq!(shown(&svc), Some(3));
}
