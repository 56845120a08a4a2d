//! Order rules driven through an in-memory store and a recording mailer.
// Amounts are written as rupees_paise (1_23_456_00), the way the shop prints them.
#![allow(clippy::inconsistent_digit_grouping)]

use std::collections::HashMap;
use std::sync::Mutex;

use kernel::{Money, OrderId, Price, StoreError, UserId};

use super::*;
use crate::models::{AddressSnapshot, CheckoutLine, CustomerSnapshot, StockEffect};
use crate::ports::MailError;
use crate::{OrderFilter, OrderSort, StatusCounts};

const ADDRESS: &str = "00000000-0000-4000-8000-0000000000aa";
const OTHER_ADDRESS: &str = "00000000-0000-4000-8000-0000000000bb";

#[derive(Default)]
struct State {
    /// variant id -> stock
    stock: HashMap<String, i32>,
    /// user -> lines
    carts: HashMap<String, Vec<CheckoutLine>>,
    orders: Vec<(Order, Option<String>)>,
    /// (user, re-send)
    resends: Vec<(String, Resend)>,
    /// The customer's cancel lands between the next status change's read and its write.
    cancel_before_next_transition: bool,
}

#[derive(Default)]
struct MemoryStore {
    state: Mutex<State>,
}

impl MemoryStore {
    fn with(&self, f: impl FnOnce(&mut State)) {
        if let Ok(mut s) = self.state.lock() {
            f(&mut s);
        }
    }
    fn stock(&self, variant: &str) -> i32 {
        self.state.lock().ok().and_then(|s| s.stock.get(variant).copied()).unwrap_or(-1)
    }
    fn order_count(&self) -> usize {
        self.state.lock().map(|s| s.orders.len()).unwrap_or(0)
    }
    fn cart_len(&self, user: &str) -> usize {
        self.state.lock().ok().and_then(|s| s.carts.get(user).map(Vec::len)).unwrap_or(0)
    }
}

fn backend<E: std::fmt::Display>(e: E) -> StoreError {
    StoreError::Backend(e.to_string())
}

impl OrderStore for MemoryStore {
    fn document(&self, _order_id: &OrderId, _kind: crate::invoice::DocumentKind) -> Result<Option<crate::invoice::TaxDocument>, StoreError> {
        Ok(None)
    }
    fn documents_between(&self, _from: chrono::NaiveDate, _to: chrono::NaiveDate) -> Result<Vec<crate::invoice::TaxDocument>, StoreError> {
        Ok(Vec::new())
    }
    fn place(&self, request: &PlaceRequest, build: &dyn Fn(Checkout) -> Result<NewOrder, OrdersError>) -> Result<crate::models::Placed, OrdersError> {
        let mut s = self.state.lock().map_err(backend)?;
        if request.address_id != ADDRESS {
            return Err(OrdersError::AddressNotFound);
        }
        if let Some(key) = &request.idempotency_key {
            if s.orders.iter().any(|(o, k)| o.user_id == request.user_id && k.as_ref() == Some(key)) {
                return Err(StoreError::Conflict { constraint: "orders_idempotency_key".into() }.into());
            }
        }
        let checkout = Checkout {
            customer: CustomerSnapshot { first_name: "Asha".into(), last_name: "Verma".into(), email: "asha@example.in".into() },
            address: AddressSnapshot {
                full_name: "Asha Verma".into(),
                phone: Some("9876543210".into()),
                landmark: None,
                address_line1: "1 MG Road".into(),
                address_line2: None,
                city: "Pune".into(),
                state: "Maharashtra".into(),
                postal_code: "411001".into(),
            },
            cod: crate::models::CodContext {
                rules: kernel::CodRules { max_order_value: None, max_units_per_line: 1000, max_open_orders: 1000, ..Default::default() },
                pin_blocked: false,
                open_orders: 0,
            },
            lines: s.carts.get(request.user_id.as_str()).cloned().unwrap_or_default(),
            recent_orders: s
                .orders
                .iter()
                .filter(|(o, _)| o.user_id == request.user_id.as_str() && o.created_at >= request.recent_since)
                .map(|(o, _)| o.created_at)
                .collect(),
        };
        let new = build(checkout)?;
        // All or nothing, like the transaction.
        let mut stock = s.stock.clone();
        let mut stock_left = Vec::new();
        for item in &new.order.items {
            let v = item.variant_id.clone().unwrap_or_default();
            let left = stock.get(&v).copied().unwrap_or(0);
            if left < item.quantity {
                return Err(OrdersError::OutOfStock { product: item.product_name.clone(), size: item.size.clone(), available: left });
            }
            stock.insert(v.clone(), left - item.quantity);
            stock_left.push(crate::models::StockLeft { product_id: item.product_id.clone().unwrap_or_default(), variant_id: v, taken: item.quantity, stock: left - item.quantity });
        }
        s.stock = stock;
        s.carts.remove(request.user_id.as_str());
        s.orders.push((new.order.clone(), new.idempotency_key));
        Ok(crate::models::Placed { order: new.order, stock_left })
    }
    fn find(&self, id: &OrderId) -> Result<Option<Order>, StoreError> {
        Ok(self.state.lock().map_err(backend)?.orders.iter().find(|(o, _)| o.id == *id).map(|(o, _)| o.clone()))
    }
    fn find_by_key(&self, user: &UserId, key: &str) -> Result<Option<Order>, StoreError> {
        let s = self.state.lock().map_err(backend)?;
        Ok(s.orders.iter().find(|(o, k)| o.user_id == *user && k.as_deref() == Some(key)).map(|(o, _)| o.clone()))
    }
    fn search(&self, filter: &OrderFilter, _sort: OrderSort, page: kernel::PageRequest) -> Result<Vec<Order>, StoreError> {
        let s = self.state.lock().map_err(backend)?;
        let all: Vec<Order> = s
            .orders
            .iter()
            .rev()
            .filter(|(o, _)| filter.user_id.as_ref().is_none_or(|u| *u == o.user_id))
            .filter(|(o, _)| filter.status.is_none_or(|st| st == o.delivery_status))
            .map(|(o, _)| o.clone())
            .collect();
        Ok(all.into_iter().skip(page.offset() as usize).take(page.limit as usize).collect())
    }
    fn export_batch(&self, _filter: &OrderFilter, _after: Option<&crate::listing::ExportCursor>, _limit: u32) -> Result<Vec<Order>, StoreError> {
        Err(StoreError::Backend("not used by these tests".into()))
    }
    fn status_counts(&self, filter: &OrderFilter) -> Result<StatusCounts, StoreError> {
        let s = self.state.lock().map_err(backend)?;
        let mut counts = StatusCounts::default();
        for (o, _) in s.orders.iter().filter(|(o, _)| filter.user_id.as_ref().is_none_or(|u| *u == o.user_id)) {
            counts.add(o.delivery_status, 1);
        }
        Ok(counts)
    }
    fn daily_sales(&self, first: chrono::NaiveDate, last: chrono::NaiveDate) -> Result<Vec<crate::DaySales>, StoreError> {
        let s = self.state.lock().map_err(backend)?;
        Ok(first
            .iter_days()
            .take_while(|d| *d <= last)
            .map(|day| {
                let of_day: Vec<&Order> = s
                    .orders
                    .iter()
                    .map(|(o, _)| o)
                    .filter(|o| kernel::india_day(o.created_at) == day && o.delivery_status != DeliveryStatus::Canceled)
                    .collect();
                crate::DaySales {
                    day,
                    orders: of_day.len() as u64,
                    revenue: Money::from_paise(of_day.iter().map(|o| o.total.paise()).sum()),
                }
            })
            .collect())
    }
    fn transition(&self, t: &Transition) -> Result<TransitionOutcome, OrdersError> {
        let mut s = self.state.lock().map_err(backend)?;
        let Some(index) = s.orders.iter().position(|(o, _)| o.id == t.order_id) else { return Ok(TransitionOutcome::Stale) };
        if std::mem::take(&mut s.cancel_before_next_transition) {
            s.orders[index].0.delivery_status = DeliveryStatus::Canceled;
        }
        if s.orders[index].0.delivery_status != t.from {
            return Ok(TransitionOutcome::Stale);
        }
        let items = s.orders[index].0.items.clone();
        let mut stock = s.stock.clone();
        for item in &items {
            let v = item.variant_id.clone().unwrap_or_default();
            let left = stock.get(&v).copied().unwrap_or(0);
            match t.stock {
                StockEffect::Return => {
                    stock.insert(v, left + item.quantity);
                }
                StockEffect::Take if left < item.quantity => {
                    return Err(OrdersError::OutOfStock { product: item.product_name.clone(), size: item.size.clone(), available: left });
                }
                StockEffect::Take => {
                    stock.insert(v, left - item.quantity);
                }
                StockEffect::None => {}
            }
        }
        s.stock = stock;
        let order = &mut s.orders[index].0;
        order.delivery_status = t.to;
        order.payment_status = t.payment_status;
        order.delivered_on = t.delivered_on;
        order.history.push(StatusChange { from: Some(t.from), to: t.to, changed_by: t.changed_by.clone(), changed_by_name: None, changed_at: t.at });
        Ok(TransitionOutcome::Applied(Box::new(order.clone())))
    }
    fn count_with_status(&self, status: DeliveryStatus) -> Result<u64, StoreError> {
        Ok(self.state.lock().map_err(backend)?.orders.iter().filter(|(o, _)| o.delivery_status == status).count() as u64)
    }
    fn log_resend(&self, attempt: ResendAttempt<'_>, allow: &dyn Fn(&[Resend]) -> Result<(), OrdersError>) -> Result<(), OrdersError> {
        let ResendAttempt { user_id, order_id, since, at } = attempt;
        let mut s = self.state.lock().map_err(backend)?;
        let sent: Vec<Resend> = s.resends.iter().filter(|(u, r)| *u == *user_id && r.sent_at > since).map(|(_, r)| r.clone()).collect();
        allow(&sent)?;
        s.resends.push((user_id.to_string(), Resend { order_id: order_id.to_string(), sent_at: at }));
        Ok(())
    }
}

#[derive(Default)]
struct RecordingMailer {
    fail: bool,
    sent: Mutex<Vec<crate::models::OutgoingEmail>>,
}

impl Mailer for RecordingMailer {
    fn send(&self, email: &crate::models::OutgoingEmail) -> Result<(), MailError> {
        if self.fail {
            return Err(MailError("connection refused".into()));
        }
        self.sent.lock().map_err(|e| MailError(e.to_string()))?.push(email.clone());
        Ok(())
    }
}

impl RecordingMailer {
    fn sent(&self) -> Vec<crate::models::OutgoingEmail> {
        self.sent.lock().map(|s| s.clone()).unwrap_or_default()
    }
}

fn line(variant: &str, name: &str, qty: i32, price: i64, saving: i64) -> CheckoutLine {
    CheckoutLine {
        product_id: format!("p-{variant}"),
        variant_id: variant.into(),
        product_name: name.into(),
        size: "M".into(),
        color: "Indigo".into(),
        image_url: Some("/uploads/kurta.jpg".into()),
        quantity: qty,
        price: Price::new(Money::from_paise(price), Money::from_paise(saving)),
    }
}

fn service(fail_mail: bool) -> OrderService<MemoryStore, RecordingMailer> {
    let svc = OrderService::new(MemoryStore::default(), RecordingMailer { fail: fail_mail, ..Default::default() });
    svc.store.with(|s| {
        s.stock.insert("v1".into(), 5);
        s.stock.insert("v2".into(), 1);
        s.carts.insert("u1".into(), vec![line("v1", "Indigo Kurta", 2, 1_23_456_00, 10_000_00), line("v2", "Silk Dupatta", 1, 499_00, 0)]);
    });
    svc
}

fn asha() -> Customer {
    Customer { id: "u1".into(), email: "asha@example.in".into() }
}

fn cod(key: Option<&str>) -> PlaceOrderInput {
    PlaceOrderInput { address_id: Some(ADDRESS.into()), payment_method: Some("COD".into()), idempotency_key: key.map(str::to_string), expected_total: None }
}

fn ok<T>(r: Result<T, OrdersError>) -> T {
    r.expect("unexpected error")
}

fn message<T>(r: Result<T, OrdersError>) -> String {
    r.err().map(|e| e.to_string()).unwrap_or_default()
}

#[test]
fn placing_takes_stock_computes_totals_empties_the_cart_and_mails_the_customer() {
    let svc = service(false);
    let placed = ok(svc.place(&asha(), cod(None)));
    let o = &placed.order;
    assert!(placed.created && placed.email_sent);
    assert_eq!(o.total, Money::from_paise(2 * 1_23_456_00 + 499_00));
    assert_eq!(o.subtotal, Money::from_paise(2 * 1_33_456_00 + 499_00));
    assert_eq!(o.discount, Money::from_paise(2 * 10_000_00));
    assert_eq!(o.items[0].price_at_purchase, Money::from_paise(1_23_456_00));
    assert_eq!(o.items[0].mrp, Money::from_paise(1_33_456_00));
    // Seven days from the day in India (the UTC date is a day behind from 18:30 UTC).
    assert_eq!(o.expected_delivery_date, kernel::india_day(o.created_at) + Duration::days(7));
    assert_eq!((o.payment_method.as_str(), o.payment_status, o.delivery_status), ("COD", PaymentStatus::Pending, DeliveryStatus::Pending));
    assert_eq!(o.history.len(), 1);
    assert_eq!((svc.store.stock("v1"), svc.store.stock("v2"), svc.store.cart_len("u1")), (3, 0, 0));
    let mail = svc.mailer.sent();
    assert_eq!(mail.len(), 1);
    assert_eq!(mail[0].to, "asha@example.in");
    for part in [&mail[0].text, &mail[0].html] {
        for expected in ["Indigo Kurta", "Silk Dupatta", "₹1,23,456.00", "₹2,47,411.00", "₹499.00", "1 MG Road", "Pune", "411001", "Indigo"] {
            assert!(part.contains(expected), "{expected} missing in {part}");
        }
    }
}

#[test]
fn bad_input_and_empty_cart_are_refused_without_changes() {
    let svc = service(false);
    let mut card = cod(None);
    card.payment_method = Some("CARD".into());
    assert_eq!(message(svc.place(&asha(), card)), "Only Cash on Delivery (COD) is accepted");
    let mut no_address = cod(None);
    no_address.address_id = None;
    assert_eq!(message(svc.place(&asha(), no_address)), "Please select an address.");
    let mut foreign = cod(None);
    foreign.address_id = Some(OTHER_ADDRESS.into());
    assert!(matches!(svc.place(&asha(), foreign), Err(OrdersError::AddressNotFound)));
    let ravi = Customer { id: "u2".into(), email: "ravi@example.in".into() };
    assert!(matches!(svc.place(&ravi, cod(None)), Err(OrdersError::EmptyCart)));
    assert_eq!((svc.store.order_count(), svc.store.stock("v1"), svc.store.cart_len("u1")), (0, 5, 2));
    assert!(svc.mailer.sent().is_empty());
}

#[test]
fn a_total_past_what_paise_can_hold_is_refused_and_nothing_changes() {
    let svc = service(false);
    svc.store.with(|s| {
        s.stock.insert("v3".into(), 5);
        let dear = line("v3", "Crown Jewels", 3, i64::MAX / 2, 0);
        s.carts.insert("u1".into(), vec![dear]);
    });
    assert!(matches!(svc.place(&asha(), cod(None)), Err(OrdersError::TotalTooLarge)));
    assert_eq!((svc.store.order_count(), svc.store.stock("v3"), svc.store.cart_len("u1")), (0, 5, 1));
}

#[test]
fn a_short_item_is_named_and_nothing_changes() {
    let svc = service(false);
    svc.store.with(|s| {
        s.stock.insert("v2".into(), 0);
    });
    assert_eq!(message(svc.place(&asha(), cod(None))), "Silk Dupatta (size M) is out of stock");
    assert_eq!((svc.store.order_count(), svc.store.stock("v1"), svc.store.cart_len("u1")), (0, 5, 2));
}

#[test]
fn the_same_idempotency_key_returns_the_same_order() {
    let svc = service(false);
    let first = ok(svc.place(&asha(), cod(Some("key-1"))));
    let again = ok(svc.place(&asha(), cod(Some("key-1"))));
    assert!(first.created && !again.created);
    assert_eq!(first.order.id, again.order.id);
    assert_eq!((svc.store.order_count(), svc.mailer.sent().len()), (1, 1));
}

#[test]
fn a_failed_email_keeps_the_order() {
    let svc = service(true);
    let placed = ok(svc.place(&asha(), cod(None)));
    assert!(placed.created && !placed.email_sent);
    assert_eq!(placed.email_error.as_deref(), Some("connection refused"));
    assert_eq!(svc.store.order_count(), 1);
}

#[test]
fn cancel_is_for_the_owner_while_pending_and_returns_stock_once() {
    let svc = service(false);
    let order = ok(svc.place(&asha(), cod(None))).order;
    assert!(matches!(svc.cancel(&UserId::from("u2"), &OrderId::new(order.id.clone())), Err(OrdersError::NotFound)));
    let canceled = ok(svc.cancel(&UserId::from("u1"), &OrderId::new(order.id.clone())));
    assert_eq!(canceled.delivery_status, DeliveryStatus::Canceled);
    assert_eq!((svc.store.stock("v1"), svc.store.stock("v2")), (5, 1));
    assert_eq!(message(svc.cancel(&UserId::from("u1"), &OrderId::new(order.id.clone()))), "Only pending orders can be cancelled");
    assert_eq!((svc.store.stock("v1"), svc.store.stock("v2")), (5, 1));
    assert_eq!(canceled.history.last().map(|h| (h.from, h.to)), Some((Some(DeliveryStatus::Pending), DeliveryStatus::Canceled)));
}

#[test]
fn admin_status_changes_keep_stock_true_and_mark_delivery_as_paid() {
    let svc = service(false);
    let order = ok(svc.place(&asha(), cod(None))).order;
    assert_eq!(message(svc.set_status(&UserId::from("admin"), &OrderId::new(order.id.clone()), &NewStatus::to("LOST"))), "Delivery status must be one of PENDING, SHIPPED, DELIVERED, CANCELED");
    let delivered = ok(svc.set_status(&UserId::from("admin"), &OrderId::new(order.id.clone()), &NewStatus::to("delivered")));
    assert_eq!(delivered.payment_status, PaymentStatus::Paid);
    assert!(delivered.delivered_on.is_some());
    ok(svc.set_status(&UserId::from("admin"), &OrderId::new(order.id.clone()), &NewStatus::to("CANCELED")));
    assert_eq!(svc.store.stock("v1"), 5);
    // Someone else bought the last dupatta: the order cannot leave CANCELED.
    svc.store.with(|s| {
        s.stock.insert("v2".into(), 0);
    });
    assert_eq!(message(svc.set_status(&UserId::from("admin"), &OrderId::new(order.id.clone()), &NewStatus::to("PENDING"))), "Silk Dupatta (size M) is out of stock");
    assert_eq!(svc.store.stock("v1"), 5);
    svc.store.with(|s| {
        s.stock.insert("v2".into(), 1);
    });
    let reopened = ok(svc.set_status(&UserId::from("admin"), &OrderId::new(order.id.clone()), &NewStatus::to("SHIPPED")));
    assert_eq!((reopened.delivery_status, reopened.payment_status, reopened.delivered_on), (DeliveryStatus::Shipped, PaymentStatus::Pending, None));
    assert_eq!((svc.store.stock("v1"), svc.store.stock("v2")), (3, 0));
    assert_eq!(reopened.history.len(), 4);
    assert_eq!(ok(svc.pending_count()), 0);
}

#[test]
fn an_admin_change_never_overrules_a_change_made_since_the_admin_looked() {
    let svc = service(false);
    let admin = UserId::from("admin");
    let id = OrderId::new(ok(svc.place(&asha(), cod(None))).order.id);
    // The customer cancels while the owner's "ship" is between its read and its write.
    svc.store.with(|s| s.cancel_before_next_transition = true);
    let refused = svc.set_status(&admin, &id, &NewStatus::to("SHIPPED"));
    assert_eq!(message(refused), "This order was changed meanwhile and is now CANCELED: look at it again before changing it");
    assert_eq!(svc.store.find(&id).ok().flatten().map(|o| o.delivery_status), Some(DeliveryStatus::Canceled));
    svc.store.with(|s| {
        // The cancel put its pieces back.
        s.stock.insert("v1".into(), 5);
        s.stock.insert("v2".into(), 1);
    });
    // A change that names the status the owner saw is refused once the order moved on ...
    let seen_pending = NewStatus { to: "SHIPPED".into(), seen: Some("PENDING".into()) };
    assert!(matches!(svc.set_status(&admin, &id, &seen_pending), Err(OrdersError::StatusChanged { now: DeliveryStatus::Canceled })));
    // ... and goes ahead when the owner saw the order as it is (re-opening a cancelled order).
    let seen_cancelled = NewStatus { to: "SHIPPED".into(), seen: Some("CANCELED".into()) };
    assert_eq!(ok(svc.set_status(&admin, &id, &seen_cancelled)).delivery_status, DeliveryStatus::Shipped);
    let unknown = NewStatus { to: "SHIPPED".into(), seen: Some("LOST".into()) };
    assert!(matches!(svc.set_status(&admin, &id, &unknown), Err(OrdersError::Invalid { field: "expectedStatus", .. })));
}

#[test]
fn resending_goes_only_to_the_account_and_only_for_own_orders() {
    let svc = service(false);
    let order = ok(svc.place(&asha(), cod(None))).order;
    let ravi = Customer { id: "u2".into(), email: "ravi@example.in".into() };
    assert!(matches!(svc.resend_confirmation(&ravi, &OrderId::new(order.id.clone())), Err(OrdersError::NotFound)));
    ok(svc.resend_confirmation(&asha(), &OrderId::new(order.id.clone())));
    let sent = svc.mailer.sent();
    assert_eq!(sent.iter().map(|m| m.to.as_str()).collect::<Vec<_>>(), vec!["asha@example.in", "asha@example.in"]);
}

#[test]
fn html_escapes_what_people_typed() {
    assert_eq!(email::escape_html("<b>\"Tom & Jerry's\"</b>"), "&lt;b&gt;&quot;Tom &amp; Jerry&#39;s&quot;&lt;/b&gt;");
}

#[test]
fn resends_are_limited_per_order_and_per_account_within_the_hour() {
    let clock = Clock::system();
    let svc = service(false).with_clock(clock.clone());
    let mut ids = Vec::new();
    for _ in 0..4 {
        svc.store.with(|s| {
            s.carts.insert("u1".into(), vec![line("v1", "Indigo Kurta", 1, 999_00, 0)]);
            s.stock.insert("v1".into(), 5);
        });
        ids.push(OrderId::new(ok(svc.place(&asha(), cod(None))).order.id));
    }
    for _ in 0..3 {
        ok(svc.resend_confirmation(&asha(), &ids[0]));
    }
    clock.advance(Duration::minutes(10));
    match svc.resend_confirmation(&asha(), &ids[0]) {
        // The first of the three leaves the hour 50 minutes from now.
        Err(OrdersError::OrderResendLimit { limit: 3, retry_after_secs }) => assert!((2990..=3000).contains(&retry_after_secs), "{retry_after_secs}"),
        other => panic!("{other:?}"),
    }
    for id in [&ids[1], &ids[1], &ids[1], &ids[2], &ids[2], &ids[2], &ids[3]] {
        ok(svc.resend_confirmation(&asha(), id));
    }
    assert!(matches!(svc.resend_confirmation(&asha(), &ids[3]), Err(OrdersError::AccountResendLimit { limit: 10, .. })));
    assert_eq!(svc.mailer.sent().len(), 4 + 10);
    clock.advance(Duration::minutes(51));
    ok(svc.resend_confirmation(&asha(), &ids[0]));
    ok(svc.cancel(&UserId::from("u1"), &ids[3]));
    assert!(matches!(svc.resend_confirmation(&asha(), &ids[3]), Err(OrdersError::CancelledOrder)));
    // 11 resends, and the cancellation's own e-mail.
    assert_eq!(svc.mailer.sent().len(), 4 + 11 + 1);
    assert!(svc.mailer.sent().last().is_some_and(|m| m.subject.ends_with(" is cancelled")));
}

#[test]
fn an_account_places_at_most_its_limit_of_orders_per_minute() {
    let clock = Clock::system();
    let svc = service(false).with_clock(clock.clone()).with_order_limit(2);
    let refill = |svc: &OrderService<MemoryStore, RecordingMailer>| {
        svc.store.with(|s| {
            s.stock.insert("v1".into(), 5);
            s.carts.insert("u1".into(), vec![line("v1", "Indigo Kurta", 1, 999_00, 0)]);
        })
    };
    ok(svc.place(&asha(), cod(None)));
    refill(&svc);
    ok(svc.place(&asha(), cod(None)));
    refill(&svc);
    match svc.place(&asha(), cod(None)) {
        Err(OrdersError::TooManyOrders { limit: 2, retry_after_secs }) => assert!((1..=60).contains(&retry_after_secs), "{retry_after_secs}"),
        other => panic!("expected TooManyOrders, got {other:?}"),
    }
    assert_eq!(svc.store.cart_len("u1"), 1, "nothing was taken");
    // A minute later the oldest order no longer counts.
    clock.advance(Duration::seconds(61));
    ok(svc.place(&asha(), cod(None)));
}

/// Defect (seen under load): a concurrent re-send recorded a moment after this request read the
/// clock made Retry-After one second longer than the hour. The wait never exceeds the window.
#[test]
fn a_wait_never_exceeds_its_window_even_for_a_send_recorded_after_now() {
    let now = Utc::now();
    let hour = Duration::minutes(60);
    assert_eq!(super::seconds_until(now + Duration::milliseconds(5), hour, now), 3600);
    assert_eq!(super::seconds_until(now, hour, now), 3600);
    assert_eq!(super::seconds_until(now - Duration::milliseconds(1500), hour, now), 3599);
    assert_eq!(super::seconds_until(now - hour - hour, hour, now), 1);
}
