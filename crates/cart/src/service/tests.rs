//! Cart and wishlist rules driven through in-memory repositories.

use std::sync::Mutex;

use chrono::{DateTime, Utc};
use kernel::{CartLineId, Money, Price, ProductId, Role, StoreError, UserId, VariantId};

use super::*;
use crate::models::{CartLine, CartProduct, ProductSummary, VariantStock, VariantView, WishlistItem};

struct Line {
    id: String,
    user: String,
    variant: String,
    quantity: i32,
}

#[derive(Default)]
struct MemoryCart {
    /// (variant id, stock, price paise, saving paise)
    variants: Vec<(String, i32, i64, i64)>,
    lines: Mutex<Vec<Line>>,
}

impl MemoryCart {
    fn with_variants(variants: &[(&str, i32, i64, i64)]) -> Self {
        MemoryCart {
            variants: variants.iter().map(|(id, s, p, d)| (id.to_string(), *s, *p, *d)).collect(),
            lines: Mutex::default(),
        }
    }
    fn guard(&self) -> Result<std::sync::MutexGuard<'_, Vec<Line>>, StoreError> {
        self.lines.lock().map_err(|e| StoreError::Backend(e.to_string()))
    }
    fn stock(&self, variant: &str) -> i32 {
        self.variants.iter().find(|v| v.0 == variant).map(|v| v.1).unwrap_or(0)
    }
    fn quantities(&self) -> Vec<(String, String, i32)> {
        self.guard()
            .map(|l| l.iter().map(|x| (x.user.clone(), x.variant.clone(), x.quantity)).collect())
            .unwrap_or_default()
    }
}

impl CartRepository for MemoryCart {
    fn lines(&self, user_id: &UserId) -> Result<Vec<CartLine>, StoreError> {
        let user_id = user_id.as_str();
        let lines = self.guard()?;
        Ok(lines
            .iter()
            .filter(|l| l.user == user_id)
            .filter_map(|l| {
                let v = self.variants.iter().find(|v| v.0 == l.variant)?;
                Some(CartLine {
                    id: l.id.clone(),
                    quantity: l.quantity,
                    product: CartProduct { id: "p".into(), name: "Kurta".into(), slug: "kurta".into(), images: vec![] },
                    variant: VariantView {
                        id: v.0.clone(),
                        size: "M".into(),
                        color: "Red".into(),
                        color_hex: "#ff0000".into(),
                        stock: v.1,
                        price: Price::new(Money::from_paise(v.2), Money::from_paise(v.3)),
                    },
                    added_at: Utc::now(),
                })
            })
            .collect())
    }
    fn variant_with_rules(&self, id: &VariantId) -> Result<(Option<VariantStock>, kernel::CodRules), StoreError> {
        let id = id.as_str();
        let variant = self
            .variants
            .iter()
            .find(|v| v.0 == id)
            .map(|v| VariantStock {
                id: v.0.clone(),
                product_id: "p".into(),
                stock: v.1,
                product_name: "Kurta".into(),
                size: "M".into(),
                price: Price::new(Money::from_paise(v.2), Money::from_paise(v.3)),
            });
        Ok((variant, self.cod_rules()?))
    }
    fn cod_rules(&self) -> Result<kernel::CodRules, StoreError> {
        Ok(kernel::CodRules { max_order_value: None, max_units_per_line: 1000, ..Default::default() })
    }
    fn add(&self, user_id: &UserId, variant_id: &VariantId, quantity: i32, _now: DateTime<Utc>) -> Result<Guarded<AddOutcome>, StoreError> {
        let (user_id, variant_id) = (user_id.as_str(), variant_id.as_str());
        let mut lines = self.guard()?;
        let stock = self.stock(variant_id);
        match lines.iter_mut().find(|l| l.user == user_id && l.variant == variant_id) {
            Some(l) if l.quantity + quantity <= stock => {
                l.quantity += quantity;
                Ok(Guarded::Written(AddOutcome::Increased))
            }
            None if quantity <= stock => {
                lines.push(Line { id: kernel::new_id(), user: user_id.into(), variant: variant_id.into(), quantity });
                Ok(Guarded::Written(AddOutcome::Added))
            }
            _ => Ok(Guarded::Short { stock }),
        }
    }
    fn set_quantity(&self, user_id: &UserId, line_id: &CartLineId, quantity: i32, _now: DateTime<Utc>) -> Result<Option<Guarded<()>>, StoreError> {
        let (user_id, line_id) = (user_id.as_str(), line_id.as_str());
        let mut lines = self.guard()?;
        let Some(line) = lines.iter_mut().find(|l| l.id == line_id && l.user == user_id) else { return Ok(None) };
        let stock = self.stock(&line.variant);
        if quantity > stock {
            return Ok(Some(Guarded::Short { stock }));
        }
        line.quantity = quantity;
        Ok(Some(Guarded::Written(())))
    }
    fn remove(&self, user_id: &UserId, line_id: &CartLineId) -> Result<bool, StoreError> {
        let (user_id, line_id) = (user_id.as_str(), line_id.as_str());
        let mut lines = self.guard()?;
        let before = lines.len();
        lines.retain(|l| !(l.id == line_id && l.user == user_id));
        Ok(lines.len() < before)
    }
    // The catalogue never takes a line out here: the store's tests cover those notices.
    fn removed_lines(&self, _: &UserId, _: DateTime<Utc>) -> Result<Vec<crate::models::RemovedLine>, StoreError> {
        Ok(Vec::new())
    }
    fn forget_removed_lines(&self, _: &UserId) -> Result<(), StoreError> {
        Ok(())
    }
}

const V1: &str = "00000000-0000-4000-8000-000000000001";
const V2: &str = "00000000-0000-4000-8000-000000000002";
const EMPTY: &str = "00000000-0000-4000-8000-000000000003";

fn cart_service() -> CartService<MemoryCart> {
    CartService::new(MemoryCart::with_variants(&[(V1, 3, 79_900, 20_000), (V2, 10, 1_000, 0), (EMPTY, 0, 500, 0)]))
}

fn ok<T>(r: Result<T, CartError>) -> T {
    r.expect("unexpected error")
}

fn message<T>(r: Result<T, CartError>) -> String {
    r.err().map(|e| e.to_string()).unwrap_or_default()
}

#[test]
fn adding_grows_an_existing_line_and_totals_come_from_the_catalogue() {
    let svc = cart_service();
    let (_, first) = ok(svc.add(&"u1".into(), Role::Customer, &V1.into(), 1));
    assert_eq!(first, AddOutcome::Added);
    let (cart, again) = ok(svc.add(&"u1".into(), Role::Customer, &V1.into(), 1));
    assert_eq!(again, AddOutcome::Increased);
    assert_eq!(cart.lines.len(), 1);
    assert_eq!(cart.lines[0].line.quantity, 2);
    let (cart, _) = ok(svc.add(&"u1".into(), Role::Customer, &V2.into(), 3));
    // 2 x (799 + 200) + 3 x 10 MRP; 2 x 200 saving; 2 x 799 + 3 x 10 paid.
    assert_eq!(cart.summary.totals.subtotal, Money::from_paise(2 * 99_900 + 3_000));
    assert_eq!(cart.summary.totals.discount, Money::from_paise(40_000));
    assert_eq!(cart.summary.totals.total, Money::from_paise(2 * 79_900 + 3_000));
    assert_eq!(cart.summary.totals.tax, Money::ZERO);
    assert_eq!(cart.summary.item_count, 5);
}

#[test]
fn stock_limits_say_how_many_are_left() {
    let svc = cart_service();
    assert_eq!(message(svc.add(&"u1".into(), Role::Customer, &EMPTY.into(), 1)), "This size is out of stock");
    assert_eq!(message(svc.add(&"u1".into(), Role::Customer, &V1.into(), 4)), "Only 3 left in stock");
    ok(svc.add(&"u1".into(), Role::Customer, &V1.into(), 2));
    assert_eq!(message(svc.add(&"u1".into(), Role::Customer, &V1.into(), 2)), "Only 3 left in stock");
    assert_eq!(message(svc.add(&"u1".into(), Role::Customer, &V1.into(), 0)), "Quantity must be at least 1");
    assert!(matches!(svc.add(&"u1".into(), Role::Customer, &"nope".into(), 1), Err(CartError::VariantNotFound)));
    assert_eq!(svc.repo.quantities(), vec![("u1".to_string(), V1.to_string(), 2)]);
}

#[test]
fn quantity_updates_stay_between_one_and_the_stock() {
    let svc = cart_service();
    let (cart, _) = ok(svc.add(&"u1".into(), Role::Customer, &V1.into(), 1));
    let line = cart.lines[0].line.id.clone();
    assert_eq!(ok(svc.update_quantity(&"u1".into(), Role::Customer, &line.as_str().into(), 3)).lines[0].line.quantity, 3);
    assert_eq!(message(svc.update_quantity(&"u1".into(), Role::Customer, &line.as_str().into(), 4)), "Only 3 left in stock");
    assert_eq!(message(svc.update_quantity(&"u1".into(), Role::Customer, &line.as_str().into(), 0)), "Quantity must be at least 1");
    assert_eq!(svc.repo.quantities()[0].2, 3);
}

#[test]
fn another_customers_line_is_not_found_and_untouched() {
    let svc = cart_service();
    let (cart, _) = ok(svc.add(&"u1".into(), Role::Customer, &V1.into(), 2));
    let line = cart.lines[0].line.id.clone();
    assert!(matches!(svc.update_quantity(&"u2".into(), Role::Customer, &line.as_str().into(), 1), Err(CartError::LineNotFound)));
    assert!(matches!(svc.remove(&"u2".into(), Role::Customer, &line.as_str().into()), Err(CartError::LineNotFound)));
    assert!(ok(svc.view(&"u2".into(), Role::Customer)).lines.is_empty());
    assert_eq!(svc.repo.quantities(), vec![("u1".to_string(), V1.to_string(), 2)]);
    assert!(ok(svc.remove(&"u1".into(), Role::Customer, &line.as_str().into())).lines.is_empty());
}

#[test]
fn admins_have_no_cart() {
    let svc = cart_service();
    assert_eq!(message(svc.view(&"a".into(), Role::Admin)), "Admin cannot add products to cart");
    assert_eq!(message(svc.add(&"a".into(), Role::Admin, &V1.into(), 1)), "Admin cannot add products to cart");
    assert_eq!(message(svc.update_quantity(&"a".into(), Role::Admin, &V1.into(), 1)), "Admin cannot add products to cart");
    assert_eq!(message(svc.remove(&"a".into(), Role::Admin, &V1.into())), "Admin cannot add products to cart");
    assert!(svc.repo.quantities().is_empty());
}

#[derive(Default)]
struct MemoryWishlist {
    products: Vec<String>,
    saved: Mutex<Vec<(String, String)>>,
}

impl WishlistRepository for MemoryWishlist {
    fn product_exists(&self, id: &ProductId) -> Result<bool, StoreError> {
        let id = id.as_str();
        Ok(self.products.iter().any(|p| p == id))
    }
    fn items(&self, user_id: &UserId) -> Result<Vec<WishlistItem>, StoreError> {
        let user_id = user_id.as_str();
        let saved = self.saved.lock().map_err(|e| StoreError::Backend(e.to_string()))?;
        Ok(saved
            .iter()
            .filter(|(u, _)| u == user_id)
            .map(|(_, p)| WishlistItem {
                product_id: p.clone(),
                product: ProductSummary {
                    id: p.clone(),
                    name: "Kurta".into(),
                    slug: "kurta".into(),
                    description: String::new(),
                    is_best_seller: false,
                    category_id: "c".into(),
                    category_name: "Men".into(),
                    images: vec![],
                    variants: vec![],
                },
            })
            .collect())
    }
    fn add(&self, user_id: &UserId, product_id: &ProductId, _now: DateTime<Utc>) -> Result<(), StoreError> {
        let (user_id, product_id) = (user_id.as_str(), product_id.as_str());
        let mut saved = self.saved.lock().map_err(|e| StoreError::Backend(e.to_string()))?;
        if !saved.iter().any(|(u, p)| u == user_id && p == product_id) {
            saved.push((user_id.into(), product_id.into()));
        }
        Ok(())
    }
    fn remove(&self, user_id: &UserId, product_id: &ProductId) -> Result<(), StoreError> {
        let (user_id, product_id) = (user_id.as_str(), product_id.as_str());
        let mut saved = self.saved.lock().map_err(|e| StoreError::Backend(e.to_string()))?;
        saved.retain(|(u, p)| !(u == user_id && p == product_id));
        Ok(())
    }
}

#[test]
fn wishlist_keeps_one_entry_per_product_and_refuses_admins_and_unknown_products() {
    let svc = WishlistService::new(MemoryWishlist { products: vec![V1.into()], saved: Mutex::default() });
    ok(svc.add(&"u1".into(), Role::Customer, &V1.into()));
    let list = ok(svc.add(&"u1".into(), Role::Customer, &V1.into()));
    assert_eq!((list.user_id.as_str(), list.items.len()), ("u1", 1));
    assert!(matches!(svc.add(&"u1".into(), Role::Customer, &V2.into()), Err(CartError::ProductNotFound)));
    assert_eq!(message(svc.add(&"a".into(), Role::Admin, &V1.into())), "Admin cannot add products to wishlist");
    assert_eq!(message(svc.view(&"a".into(), Role::Admin)), "Admin cannot add products to wishlist");
    assert!(ok(svc.view(&"u2".into(), Role::Customer)).items.is_empty());
    assert!(ok(svc.remove(&"u1".into(), Role::Customer, &V1.into())).items.is_empty());
}
