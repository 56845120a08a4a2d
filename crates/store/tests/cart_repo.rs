//! The cart and wishlist repositories on every backend this run can reach.

// The whole crate is test code: clippy.toml's allow-unwrap/expect-in-tests covers only
// #[test] functions, not the helpers beside them.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use cart::{AddOutcome, CartRepository, Guarded, WishlistRepository};
use chrono::Utc;
use common::{count, each_backend, product, user};
use kernel::{Money, StoreError};
use store::repos::product_views::load_product_summaries;
use store::{DieselCartRepo, DieselWishlistRepo};

#[test]
fn lines_carry_catalogue_data_grow_on_add_and_stay_with_their_owner() {
    each_backend(|t| {
        let repo = DieselCartRepo::new(t.db.clone());
        let (asha, ravi) = (user(&t, "asha"), user(&t, "ravi"));
        let (kurta, v) = product(&t, "Indigo Kurta", &[("M", "Indigo", 5, 79_900, 20_000), ("L", "Indigo", 0, 79_900, 20_000)]);
        assert_eq!(repo.add(&asha.as_str().into(), &v[0].as_str().into(), 1, Utc::now()).ok(), Some(Guarded::Written(AddOutcome::Added)));
        assert_eq!(repo.add(&asha.as_str().into(), &v[0].as_str().into(), 2, Utc::now()).ok(), Some(Guarded::Written(AddOutcome::Increased)));
        // The stock bound is part of the write: 3 + 3 > 5 changes nothing.
        assert_eq!(repo.add(&asha.as_str().into(), &v[0].as_str().into(), 3, Utc::now()).ok(), Some(Guarded::Short { stock: 5 }));
        assert_eq!(repo.add(&asha.as_str().into(), &v[1].as_str().into(), 1, Utc::now()).ok(), Some(Guarded::Short { stock: 0 }), "no line for a sold-out size");
        let lines = repo.lines(&asha.as_str().into()).unwrap_or_default();
        assert_eq!(lines.len(), 1);
        let line = &lines[0];
        assert_eq!((line.quantity, line.product.id.as_str(), line.product.name.as_str()), (3, kurta.as_str(), "Indigo Kurta"));
        assert_eq!((line.variant.size.as_str(), line.variant.stock), ("M", 5));
        assert_eq!((line.variant.price.pay(), line.variant.price.saving()), (Money::from_paise(79_900), Money::from_paise(20_000)));
        assert_eq!(line.product.images.len(), 2);
        assert!(line.product.images[0].url.starts_with("/uploads/front-"), "position order: {:?}", line.product.images);
        assert_eq!(repo.variant_with_rules(&v[1].as_str().into()).ok().and_then(|x| x.0).map(|x| x.stock), Some(0));

        // Ravi cannot see, change or remove Asha's line.
        assert!(repo.lines(&ravi.as_str().into()).unwrap_or_default().is_empty());
        assert_eq!(repo.set_quantity(&ravi.as_str().into(), &line.id.as_str().into(), 1, Utc::now()).ok(), Some(None));
        assert_eq!(repo.remove(&ravi.as_str().into(), &line.id.as_str().into()).ok(), Some(false));
        assert_eq!(repo.lines(&asha.as_str().into()).unwrap_or_default()[0].quantity, 3);

        assert_eq!(repo.set_quantity(&asha.as_str().into(), &line.id.as_str().into(), 6, Utc::now()).ok(), Some(Some(Guarded::Short { stock: 5 })));
        assert_eq!(repo.set_quantity(&asha.as_str().into(), &line.id.as_str().into(), 2, Utc::now()).ok(), Some(Some(Guarded::Written(()))));
        assert_eq!(repo.lines(&asha.as_str().into()).unwrap_or_default()[0].quantity, 2);
        assert_eq!(repo.remove(&asha.as_str().into(), &line.id.as_str().into()).ok(), Some(true));
        assert_eq!(count(&t, "cart_items"), 0);
    });
}

#[test]
fn wishlist_keeps_one_entry_and_shows_the_catalogue_shape() {
    each_backend(|t| {
        let repo = DieselWishlistRepo::new(t.db.clone());
        let asha = user(&t, "asha");
        let (kurta, v) = product(&t, "Indigo Kurta", &[("M", "Indigo", 5, 79_900, 20_000), ("S", "Indigo", 1, 79_900, 0)]);
        assert!(repo.add(&asha.as_str().into(), &kurta.as_str().into(), Utc::now()).is_ok());
        assert!(repo.add(&asha.as_str().into(), &kurta.as_str().into(), Utc::now()).is_ok());
        assert_eq!(count(&t, "wishlist_items"), 1);
        let items = repo.items(&asha.as_str().into()).unwrap_or_default();
        assert_eq!(items.len(), 1);
        let p = &items[0].product;
        assert_eq!((items[0].product_id.as_str(), p.name.as_str(), p.description.as_str(), p.is_best_seller), (kurta.as_str(), "Indigo Kurta", "Soft cotton", true));
        assert_eq!(p.variants.iter().map(|x| x.id.clone()).collect::<Vec<_>>(), v, "variants by position");
        assert_eq!(p.images.len(), 2);
        assert!(p.images[0].url.starts_with("/uploads/front-") && !p.images[0].upload_id.is_empty());
        assert!(p.category_name.starts_with("Cat "));
        assert_eq!(repo.product_exists(&kurta.as_str().into()).ok(), Some(true));
        assert_eq!(repo.product_exists(&kernel::ProductId::generate()).ok(), Some(false));
        assert!(repo.remove(&asha.as_str().into(), &kurta.as_str().into()).is_ok());
        assert!(repo.items(&asha.as_str().into()).unwrap_or_default().is_empty());
    });
}

#[test]
fn product_summaries_follow_the_requested_order_and_skip_unknown_ids() {
    each_backend(|t| {
        let (a, _) = product(&t, "Alpha", &[("M", "Red", 1, 100, 0)]);
        let (b, _) = product(&t, "Beta", &[]);
        let mut conn = t.db.conn().unwrap_or_else(|e: StoreError| panic!("{e}"));
        let list = load_product_summaries(&mut conn, &[b.clone(), kernel::new_id(), a.clone()]).unwrap_or_default();
        assert_eq!(list.iter().map(|p| p.id.clone()).collect::<Vec<_>>(), vec![b, a]);
        assert!(list[0].variants.is_empty());
    });
}
