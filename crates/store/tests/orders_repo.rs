//! The order store on every backend this run can reach: one transaction per placement and
//! per status change, stock moved only by guarded writes.

// The whole crate is test code: clippy.toml's allow-unwrap/expect-in-tests covers only
// #[test] functions, not the helpers beside them.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use accounts::addresses::{AddressRepository, ValidAddress};
use cart::CartRepository;
use chrono::Utc;
use common::{count, each_backend, exec, product, stock, user};
use kernel::{Money, OrderId, PostalAddress, StoreError, UserId};
use orders::service::build_order;
use orders::{DeliveryStatus, OrderStore, OrdersError, PaymentStatus, PlaceRequest, StockEffect, Transition, TransitionOutcome};
use store::testing::TestDb;
use store::{DieselAddressRepo, DieselCartRepo, DieselOrderStore};

fn address(t: &TestDb, user_id: &str) -> String {
    let repo = DieselAddressRepo::new(t.db.clone());
    let a = ValidAddress {
        postal: PostalAddress {
            full_name: "Asha Verma".into(),
            phone: Some("9876543210".into()),
            landmark: None,
            address_line1: "1 MG Road".into(),
            address_line2: None,
            city: "Pune".into(),
            state: "Maharashtra".into(),
            postal_code: "411001".into(),
        },
        is_default: true,
    };
    repo.insert(&kernel::AddressId::generate(), &user_id.into(), &a, Utc::now()).map(|a| a.id).unwrap()
}

fn place(store: &DieselOrderStore, user_id: &str, address_id: &str, key: Option<&str>) -> Result<orders::Order, OrdersError> {
    let request = PlaceRequest { user_id: user_id.into(), address_id: address_id.into(), idempotency_key: key.map(str::to_string), expected_total: None, recent_since: Utc::now() - chrono::Duration::minutes(1) };
    let id = kernel::new_id();
    let now = Utc::now();
    store.place(&request, &|checkout| build_order(&id, &request, checkout, now)).map(|placed| placed.order)
}

/// The order store and asha with an address and a cart.
struct Counter {
    store: DieselOrderStore,
    carts: DieselCartRepo,
    asha: String,
    home: String,
}

/// A product's name, its one variant (as `product` takes it) and the pieces in the cart.
type CartLine<'a> = (&'a str, (&'a str, &'a str, i32, i64, i64), i32);

impl Counter {
    /// For each `(name, variant, quantity)` a new product of that one variant (as `product`
    /// takes it), `quantity` pieces in asha's cart: the counter and the variant ids.
    fn with_cart(t: &TestDb, lines: &[CartLine]) -> (Counter, Vec<String>) {
        let asha = user(t, "asha");
        let home = address(t, &asha);
        let counter = Counter { store: DieselOrderStore::new(t.db.clone()), carts: DieselCartRepo::new(t.db.clone()), asha, home };
        let mut variants = Vec::new();
        for (name, variant, quantity) in lines {
            let (_, v) = product(t, name, &[*variant]);
            counter.add(&v[0], *quantity);
            variants.push(v[0].clone());
        }
        (counter, variants)
    }

    /// Puts `quantity` more pieces of the variant in asha's cart.
    fn add(&self, variant: &str, quantity: i32) {
        assert!(self.carts.add(&self.asha.as_str().into(), &variant.into(), quantity, Utc::now()).is_ok());
    }
}

#[test]
fn placing_takes_stock_snapshots_everything_and_empties_the_cart() {
    each_backend(|t| {
        let (Counter { store, asha, home, .. }, vw) = Counter::with_cart(&t, &[("Indigo Kurta", ("M", "Indigo", 5, 79_900, 20_000), 2), ("Silk Dupatta", ("Free", "Gold", 1, 49_900, 0), 1)]);
        let (v, w) = (&vw[..1], &vw[1..]);
        let order = place(&store, &asha, &home, None).unwrap();
        assert_eq!((stock(&t, &v[0]), stock(&t, &w[0]), count(&t, "cart_items")), (3, 0, 0));
        assert_eq!(order.total, Money::from_paise(2 * 79_900 + 49_900));

        // Later edits of product, variant and address never change the placed order.
        exec(&t, "UPDATE products SET name = 'Renamed'; UPDATE variants SET original_price_paise = 1; UPDATE addresses SET city = 'Mumbai';");
        let stored = store.find(&OrderId::new(order.id.clone())).ok().flatten().unwrap_or_else(|| panic!("order not found"));
        assert_eq!(stored.customer.email, "asha@example.in");
        assert_eq!((stored.address.city.as_str(), stored.address.postal_code.as_str()), ("Pune", "411001"));
        let names: Vec<_> = stored.items.iter().map(|i| (i.product_name.as_str(), i.size.as_str(), i.quantity, i.price_at_purchase.paise(), i.mrp.paise())).collect();
        assert_eq!(names, vec![("Indigo Kurta", "M", 2, 79_900, 99_900), ("Silk Dupatta", "Free", 1, 49_900, 49_900)]);
        assert!(stored.items[0].image_url.as_deref().is_some_and(|u| u.starts_with("/uploads/front-")));
        assert_eq!((stored.subtotal.paise(), stored.discount.paise(), stored.total.paise()), (2 * 99_900 + 49_900, 40_000, 2 * 79_900 + 49_900));
        assert_eq!(stored.history.len(), 1);
        assert_eq!(stored.expected_delivery_date, order.expected_delivery_date);
        let mine = orders::OrderFilter { user_id: Some(asha.clone()), ..Default::default() };
        assert_eq!(store.search(&mine, orders::OrderSort::Newest, kernel::PageRequest::default()).map(|o| o.len()).ok(), Some(1));
        assert_eq!(store.status_counts(&mine).map(|c| c.total()).ok(), Some(1));
        assert_eq!(store.count_with_status(DeliveryStatus::Pending).ok(), Some(1));
    });
}

#[test]
fn a_short_item_rolls_everything_back() {
    each_backend(|t| {
        let (Counter { store, asha, home, .. }, vw) = Counter::with_cart(&t, &[("Indigo Kurta", ("M", "Indigo", 5, 79_900, 0), 2), ("Silk Dupatta", ("Free", "Gold", 1, 49_900, 0), 1)]);
        let (v, w) = (&vw[..1], &vw[1..]);
        exec(&t, &format!("UPDATE variants SET stock = 0 WHERE id = '{}'", w[0]));
        match place(&store, &asha, &home, None) {
            Err(OrdersError::OutOfStock { product, size, available }) => assert_eq!((product.as_str(), size.as_str(), available), ("Silk Dupatta", "Free", 0)),
            other => panic!("expected out of stock, got {other:?}"),
        }
        assert_eq!((stock(&t, &v[0]), count(&t, "orders"), count(&t, "order_items"), count(&t, "cart_items")), (5, 0, 0, 2));
        // Someone else's address is not found, and nothing changes either.
        let ravi = user(&t, "ravi");
        let ravis = address(&t, &ravi);
        assert!(matches!(place(&store, &asha, &ravis, None), Err(OrdersError::AddressNotFound)));
        assert!(matches!(place(&store, &ravi, &ravis, None), Err(OrdersError::EmptyCart)));
        assert_eq!((stock(&t, &v[0]), count(&t, "orders")), (5, 0));
    });
}

#[test]
fn an_idempotency_key_is_used_once_per_customer() {
    each_backend(|t| {
        let (counter, v) = Counter::with_cart(&t, &[("Indigo Kurta", ("M", "Indigo", 5, 79_900, 0), 1)]);
        let Counter { store, asha, home, .. } = &counter;
        let first = place(store, asha, home, Some("k1")).unwrap();
        counter.add(&v[0], 1);
        assert!(matches!(place(store, asha, home, Some("k1")), Err(OrdersError::Storage(StoreError::Conflict { .. }))));
        assert_eq!((count(&t, "orders"), stock(&t, &v[0]), count(&t, "cart_items")), (1, 4, 1));
        assert_eq!(store.find_by_key(&UserId::new(asha.clone()), "k1").ok().flatten().map(|o| o.id), Some(first.id));
        assert_eq!(store.find_by_key(&UserId::new(asha.clone()), "k2").ok().flatten(), None);
    });
}

#[test]
fn guarded_transitions_move_stock_exactly_once() {
    each_backend(|t| {
        let (Counter { store, asha, home, .. }, v) = Counter::with_cart(&t, &[("Indigo Kurta", ("M", "Indigo", 3, 79_900, 0), 2)]);
        let order = place(&store, &asha, &home, None).unwrap();
        assert_eq!(stock(&t, &v[0]), 1);

        let cancel = Transition::new(&order, DeliveryStatus::Canceled, &UserId::new(asha.clone()), Utc::now());
        assert_eq!(cancel.stock, StockEffect::Return);
        let canceled = match store.transition(&cancel) {
            Ok(TransitionOutcome::Applied(o)) => *o,
            other => panic!("expected applied, got {other:?}"),
        };
        assert_eq!(stock(&t, &v[0]), 3);
        // The same change again finds the order no longer PENDING: nothing moves.
        assert!(matches!(store.transition(&cancel), Ok(TransitionOutcome::Stale)));
        assert_eq!((stock(&t, &v[0]), canceled.history.len()), (3, 2));

        // Leaving CANCELED takes the stock again, or nothing changes when it is short.
        exec(&t, &format!("UPDATE variants SET stock = 1 WHERE id = '{}'", v[0]));
        let reopen = Transition::new(&canceled, DeliveryStatus::Delivered, &UserId::from("admin"), Utc::now());
        assert!(matches!(store.transition(&reopen), Err(OrdersError::OutOfStock { available: 1, .. })));
        let still = store.find(&OrderId::new(order.id.clone())).ok().flatten().unwrap_or_else(|| panic!("gone"));
        assert_eq!((still.delivery_status, still.history.len(), stock(&t, &v[0])), (DeliveryStatus::Canceled, 2, 1));
        exec(&t, &format!("UPDATE variants SET stock = 2 WHERE id = '{}'", v[0]));
        let delivered = match store.transition(&reopen) {
            Ok(TransitionOutcome::Applied(o)) => *o,
            other => panic!("expected applied, got {other:?}"),
        };
        assert_eq!((delivered.delivery_status, delivered.payment_status, stock(&t, &v[0])), (DeliveryStatus::Delivered, PaymentStatus::Paid, 0));
        assert!(delivered.delivered_on.is_some());
        let last = delivered.history.last().map(|h| (h.from, h.to, h.changed_by.clone()));
        assert_eq!(last, Some((Some(DeliveryStatus::Canceled), DeliveryStatus::Delivered, "admin".to_string())));

        // A variant deleted after the order: cancelling still works and returns nothing to it.
        exec(&t, &format!("DELETE FROM variants WHERE id = '{}'", v[0]));
        let cancel_again = Transition::new(&delivered, DeliveryStatus::Canceled, &UserId::from("admin"), Utc::now());
        assert!(matches!(store.transition(&cancel_again), Ok(TransitionOutcome::Applied(_))));
        let reopened = store.find(&OrderId::new(order.id.clone())).ok().flatten().unwrap_or_else(|| panic!("gone"));
        assert_eq!(reopened.items[0].product_name, "Indigo Kurta");
    });
}

/// The migration seeds the rate table a new shop starts with: `gst::RateTable::defaults()`,
/// the one statement of those rules the unit tests use, on every backend.
#[test]
fn a_new_shop_starts_with_the_default_gst_rate_table() {
    use orders::GstRateStore;
    each_backend(|t| {
        let key = |r: &gst::RateRule| (r.hsn_prefix.clone(), r.effective_from);
        let mut seeded = DieselOrderStore::new(t.db.clone()).table().unwrap().rules;
        let mut defaults = gst::RateTable::defaults().rules;
        seeded.sort_by_key(key);
        defaults.sort_by_key(key);
        assert_eq!(seeded, defaults, "{}", t.url);
    });
}
