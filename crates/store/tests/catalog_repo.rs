//! The catalogue repository on every backend this run can reach.

// The whole crate is test code: clippy.toml's allow-unwrap/expect-in-tests covers only
// #[test] functions, not the helpers beside them.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use catalog::{CatalogRepository, CatalogSnapshot, CategoryDelete, CategoryWrite, ProductDelete, ProductWrite, VariantDraft};
use chrono::Utc;
use kernel::{ImageFormat, Money, Price, StoreError, StoredFile};
use store::testing::TestDb;
use store::DieselCatalogRepo;

fn each_backend(test: impl Fn(DieselCatalogRepo, &TestDb)) {
    for backend in TestDb::backends() {
        let db = TestDb::new(backend);
        test(DieselCatalogRepo::new(db.db.clone()), &db);
    }
}

fn file() -> StoredFile {
    let id = kernel::new_id();
    StoredFile { filename: format!("{id}.png"), id, format: ImageFormat::Png, width: 4, height: 3, byte_size: 10 }
}

fn category(name: &str, parent: Option<&str>) -> CategoryWrite {
    CategoryWrite {
        id: kernel::new_id(),
        name: name.into(),
        slug: format!("{}-{}", name.to_lowercase(), &kernel::new_id()[..4]),
        description: format!("All {name}"),
        parent_id: parent.map(str::to_string),
        hsn_code: Some("6205".into()),
        new_image: Some(file()),
        clear_image: false,
        now: Utc::now(),
    }
}

fn variant(id: Option<&str>, size: &str, stock: i32) -> VariantDraft {
    VariantDraft {
        id: id.map(str::to_string),
        size: size.into(),
        color: "Red".into(),
        color_hex: "#FF0000".into(),
        stock,
        price: Price::new(Money::from_paise(99_900), Money::from_paise(10_000)),
        sku: None,
        seen_stock: None,
    }
}

fn product(category_id: &str, images: usize) -> ProductWrite {
    ProductWrite {
        id: kernel::new_id(),
        name: "Linen Shirt".into(),
        slug: format!("linen-shirt-{}", &kernel::new_id()[..6]),
        description: "Breezy".into(),
        category_id: category_id.into(),
        hsn_code: None,
        is_best_seller: false,
        new_images: (0..images).map(|_| file()).collect(),
        new_image_colors: vec![],
        shared_images: vec![],
        shared_image_colors: vec![],
        removed_image_ids: vec![],
        image_colors: vec![],
        variants: vec![variant(None, "M", 3), variant(None, "L", 0)],
        now: Utc::now(),
    }
}

/// A category written through the repository.
fn stored_category(repo: &DieselCatalogRepo, name: &str, parent: Option<&str>) -> CategoryWrite {
    let written = category(name, parent);
    repo.insert_category(&written).unwrap();
    written
}

/// A Linen Shirt with `images` pictures written through the repository, in a written
/// category "Men": (the category, the product).
fn stored_shirt(repo: &DieselCatalogRepo, images: usize) -> (CategoryWrite, ProductWrite) {
    let men = stored_category(repo, "Men", None);
    let write = product(&men.id, images);
    repo.insert_product(&write).unwrap();
    (men, write)
}

#[test]
fn categories_nest_and_sibling_names_are_unique_per_level() {
    each_backend(|repo, _| {
        let men = stored_category(&repo, "Men", None);
        let shirts = stored_category(&repo, "Shirts", Some(&men.id));
        assert!(repo.insert_category(&category("Shirts", None)).is_ok(), "same name at another level");
        let clash = repo.insert_category(&category("SHIRTS", Some(&men.id)));
        assert!(matches!(clash, Err(StoreError::Conflict { .. })), "{clash:?}");

        let categories = repo.load_all().unwrap().categories;
        assert_eq!(categories[0].hsn_code.as_deref(), Some("6205"), "the HSN code is kept");
        assert_eq!(categories.len(), 3);
        let loaded = categories.iter().find(|c| c.id == shirts.id).unwrap_or_else(|| panic!("missing"));
        assert_eq!(loaded.parent_id.as_deref(), Some(men.id.as_str()));
        assert_eq!(loaded.image.as_ref().map(|i| (i.width, i.height)), Some((4, 3)));
    });
}

#[test]
fn replacing_a_category_image_returns_the_old_file() {
    each_backend(|repo, _| {
        let men = category("Men", None);
        repo.insert_category(&men).unwrap();
        let old = men.new_image.as_ref().map(|f| f.filename.clone());
        let replacement = CategoryWrite { name: "Menswear".into(), new_image: Some(file()), ..men.clone() };
        assert_eq!(repo.update_category(&replacement), Ok(Some(old)));
        let kept = CategoryWrite { new_image: None, ..replacement.clone() };
        assert_eq!(repo.update_category(&kept), Ok(Some(None)));
        let categories = repo.load_all().unwrap().categories;
        assert_eq!(categories[0].image.as_ref().map(|i| i.filename.clone()), replacement.new_image.map(|f| f.filename));
        assert_eq!(repo.update_category(&CategoryWrite { id: "missing".into(), ..kept }), Ok(None));
    });
}

#[test]
fn deleting_a_category_checks_children_and_products_in_the_same_transaction() {
    each_backend(|repo, _| {
        let men = stored_category(&repo, "Men", None);
        let shirts = stored_category(&repo, "Shirts", Some(&men.id));
        repo.insert_product(&product(&shirts.id, 1)).unwrap();
        assert_eq!(repo.delete_category(&men.id.as_str().into()), Ok(CategoryDelete::HasSubcategories(1)));
        assert_eq!(repo.delete_category(&shirts.id.as_str().into()), Ok(CategoryDelete::HasProducts(1)));
        assert_eq!(repo.delete_category(&"missing".into()), Ok(CategoryDelete::NotFound));
        let empty = category("Kids", None);
        repo.insert_category(&empty).unwrap();
        let filename = empty.new_image.as_ref().map(|f| f.filename.clone());
        assert_eq!(repo.delete_category(&empty.id.as_str().into()), Ok(CategoryDelete::Deleted { image_filename: filename }));
    });
}

#[test]
fn products_round_trip_with_images_and_variants_in_order() {
    each_backend(|repo, _| {
        let (_, write) = stored_shirt(&repo, 3);
        let loaded = repo.load_products(std::slice::from_ref(&write.id)).unwrap();
        assert_eq!(loaded.len(), 1);
        let p = &loaded[0];
        assert_eq!((p.category_name.as_str(), p.images.len()), ("Men", 3));
        let files: Vec<&str> = p.images.iter().map(|i| i.image.filename.as_str()).collect();
        let written: Vec<&str> = write.new_images.iter().map(|f| f.filename.as_str()).collect();
        assert_eq!(files, written);
        let sizes: Vec<(&str, i32, i64)> = p.variants.iter().map(|v| (v.size.as_str(), v.stock, v.price.pay().paise())).collect();
        assert_eq!(sizes, vec![("M", 3, 99_900), ("L", 0, 99_900)]);

        // The whole-catalogue load (streamed, compacted) gives the same product back.
        let snapshot = CatalogSnapshot::from_loaded(1, repo.load_all().unwrap());
        assert_eq!(snapshot.product(&write.id).as_deref(), Some(p));
        assert_eq!(snapshot.product(&write.slug).map(|found| found.id.clone()), Some(write.id.clone()));
    });
}

#[test]
fn updating_a_product_updates_creates_and_removes_variants_and_images() {
    each_backend(|repo, _| {
        let (_, write) = stored_shirt(&repo, 2);
        let before = repo.load_products(std::slice::from_ref(&write.id)).unwrap().remove(0);
        let keep = before.variants[0].id.clone();
        let removed_image = before.images[0].clone();
        let update = ProductWrite {
            name: "Linen Shirt Pro".into(),
            new_images: vec![file()],
            new_image_colors: vec![Some("Blue".into())],
            removed_image_ids: vec![removed_image.id.clone()],
            image_colors: vec![(before.images[1].id.clone(), Some("Red".into()))],
            variants: vec![variant(Some(&keep), "M", 9), variant(None, "XL", 2)],
            ..write.clone()
        };
        let removed = repo.update_product(&update).unwrap();
        assert_eq!(removed, Some(vec![removed_image.image.filename.clone()]));
        let after = repo.load_products(std::slice::from_ref(&write.id)).unwrap().remove(0);
        assert_eq!(after.name, "Linen Shirt Pro");
        // The kept picture is tagged red, the new one blue; both as the snapshot reads them.
        let colours: Vec<Option<&str>> = after.images.iter().map(|i| i.color.as_deref()).collect();
        assert_eq!(colours, [Some("Red"), Some("Blue")]);
        let snapshot = CatalogSnapshot::from_loaded(2, repo.load_all().unwrap());
        let colours: Vec<Option<String>> = snapshot.product(&write.id).unwrap().images.iter().map(|i| i.color.clone()).collect();
        assert_eq!(colours, [Some("Red".to_string()), Some("Blue".to_string())]);
        let variants: Vec<(&str, &str, i32)> = after.variants.iter().map(|v| (v.id.as_str(), v.size.as_str(), v.stock)).collect();
        assert_eq!(variants.len(), 2);
        assert_eq!(variants[0], (keep.as_str(), "M", 9), "the variant with an id keeps it");
        assert_eq!((variants[1].1, variants[1].2), ("XL", 2));
        assert_eq!(after.images.len(), 2);
        assert!(after.images[0].position < after.images[1].position);
        assert_eq!(repo.update_product(&ProductWrite { id: "missing".into(), ..update }), Ok(None));
    });
}

#[test]
fn deleting_a_product_returns_its_files_and_cascades() {
    each_backend(|repo, db| {
        let (_, write) = stored_shirt(&repo, 2);
        let deleted = repo.delete_product(&write.id.as_str().into());
        assert!(matches!(&deleted, Ok(ProductDelete::Deleted { image_filenames }) if image_filenames.len() == 2), "{deleted:?}");
        assert!(repo.load_products(std::slice::from_ref(&write.id)).unwrap_or_default().is_empty());
        assert_eq!(repo.delete_product(&write.id.as_str().into()), Ok(ProductDelete::NotFound));
        // The variants went with it.
        use diesel::prelude::*;
        let mut conn = db.db.conn().unwrap();
        let left: i64 = store::schema::variants::table.count().get_result(&mut *conn).unwrap_or(-1);
        assert_eq!(left, 0);
    });
}

/// What the instances compare while their change listener is away (`store::versions`): a
/// back-office write raises the catalogue's version row; stock moved by an order (no row
/// raised) changes the stock fingerprint; nothing moved, nothing differs.
#[test]
fn the_version_rows_and_the_stock_fingerprint_move_with_the_data() {
    use diesel::connection::SimpleConnection;
    each_backend(|repo, db| {
        let catalog_version = |v: &store::versions::Versions| {
            v.rows.iter().find(|(k, _)| *k == store::versions::ChangeKind::Catalog).map(|(_, n)| *n)
        };
        let men = category("Men", None);
        repo.insert_category(&men).unwrap();
        let before = store::versions::current(&db.db).unwrap();
        let write = product(&men.id, 0);
        repo.insert_product(&write).unwrap();
        let added = store::versions::current(&db.db).unwrap();
        assert!(catalog_version(&added) > catalog_version(&before), "{before:?} then {added:?}");
        assert_ne!(added.stock, before.stock, "new variants, new fingerprint");

        let mut conn = db.db.conn().unwrap();
        conn.batch_execute(&format!("UPDATE variants SET stock = stock - 1 WHERE product_id = '{}' AND size = 'M'", write.id))
            .unwrap();
        let sold = store::versions::current(&db.db).unwrap();
        assert_eq!(sold.rows, added.rows, "an order raises no version row");
        assert_ne!(sold.stock, added.stock, "one piece sold changes the fingerprint");
        assert_eq!(store::versions::current(&db.db).unwrap(), sold, "nothing moved, nothing differs");
    });
}
