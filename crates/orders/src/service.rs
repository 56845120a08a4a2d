use chrono::{DateTime, Duration, Utc};
use gst::{pin_belongs_to, State};
use kernel::india_day;
use kernel::{AddressId, Clock, MobileNumber, OrderId, PostalCode, StoreError, Totals, UserId};

use crate::email;
use crate::error::OrdersError;
use crate::listing::{
    OrderFilter, OrderPage, OrderSearch, OrderSort, SalesFigures, CHART_DAYS,
};
use crate::models::{
    AddressSnapshot, Checkout, Customer, DeliveryStatus, NewOrder, NewStatus, Order, OrderItem, PaymentStatus, PlaceOrderInput, PlaceRequest,
    Placed, PlacedOrder, Resend, ResendAttempt, StatusChange, Transition, TransitionOutcome, DELIVERY_DAYS, ORDER_LIMIT_WINDOW_SECONDS, PAYMENT_METHOD_COD,
    RESENDS_PER_ACCOUNT, RESENDS_PER_ORDER, RESEND_WINDOW_MINUTES,
};
use crate::invoice::{DocumentKind, TaxDocument};
use crate::ports::{DocumentPrinter, Mailer, OrderStore, OrdersApi};

/// The longest idempotency key accepted.
pub const MAX_IDEMPOTENCY_KEY_CHARS: usize = 200;
/// How often a status change is retried when another change of the same order wins.
const ATTEMPTS: usize = 3;

/// The order use cases over any store and mailer.
pub struct OrderService<S, M> {
    store: S,
    mailer: M,
    clock: Clock,
    /// At most this many orders per account per minute; 0: no limit.
    orders_per_minute: u32,
    printer: Option<std::sync::Arc<dyn DocumentPrinter>>,
    desk: Option<std::sync::Arc<dyn crate::ports::OrderDesk>>,
}

impl<S: OrderStore, M: Mailer> OrderService<S, M> {
    pub fn new(store: S, mailer: M) -> Self {
        OrderService { store, mailer, clock: Clock::system(), orders_per_minute: 0, printer: None, desk: None }
    }

    /// The same service e-mailing each new order to the address `desk` gives, when it gives one.
    pub fn with_order_desk(self, desk: std::sync::Arc<dyn crate::ports::OrderDesk>) -> Self {
        OrderService { desk: Some(desk), ..self }
    }

    /// The same service allowing at most `per_minute` orders per account per minute
    /// (0: no limit). The count is of placed orders, read inside the placing transaction.
    pub fn with_order_limit(self, per_minute: u32) -> Self {
        OrderService { orders_per_minute: per_minute, ..self }
    }

    /// The same service printing tax documents with `printer`.
    pub fn with_printer(self, printer: std::sync::Arc<dyn DocumentPrinter>) -> Self {
        OrderService { printer: Some(printer), ..self }
    }

    /// The same service reading the time from `clock`.
    pub fn with_clock(self, clock: Clock) -> Self {
        OrderService { clock, ..self }
    }

    /// Tells the shopper that their order moved on. The change is committed: an e-mail that
    /// fails never undoes it (the mail adapter logs the failure).
    fn tell_shopper(&self, order: &Order) {
        if let Some(mail) = email::status_update(order) {
            let _ = self.mailer.send(&mail);
        }
    }

    fn own_order(&self, user_id: &UserId, order_id: &OrderId) -> Result<Order, OrdersError> {
        if !order_id.is_uuid() {
            return Err(OrdersError::NotFound);
        }
        self.store
            .find(order_id)?
            .filter(|o| user_id == o.user_id.as_str())
            .ok_or(OrdersError::NotFound)
    }

    fn replay(&self, user_id: &UserId, key: &str) -> Result<Option<PlacedOrder>, OrdersError> {
        Ok(self.store.find_by_key(user_id, key)?.map(|order| PlacedOrder {
            order,
            created: false,
            email_sent: false,
            email_error: None,
            stock_left: Vec::new(),
        }))
    }
}

/// Builds the order from what the store read inside the transaction: prices from the
/// catalogue, totals computed here, never taken from the client.
pub fn build_order(
    id: &str,
    request: &PlaceRequest,
    checkout: Checkout,
    now: chrono::DateTime<Utc>,
) -> Result<NewOrder, OrdersError> {
    if checkout.lines.is_empty() {
        return Err(OrdersError::EmptyCart);
    }
    deliverable(&checkout.address)?;
    let prices: Vec<_> = checkout.lines.iter().map(|line| (line.price, i64::from(line.quantity))).collect();
    let items: Vec<OrderItem> = checkout
        .lines
        .into_iter()
        .map(|line| OrderItem {
            id: kernel::new_id(),
            product_id: Some(line.product_id),
            variant_id: Some(line.variant_id),
            product_name: line.product_name,
            size: line.size,
            color: line.color,
            image_url: line.image_url,
            quantity: line.quantity,
            price_at_purchase: line.price.pay(),
            mrp: line.price.mrp(),
        })
        .collect();
    let Totals { subtotal, discount, total, .. } = Totals::of(prices)
        .map_err(|_| OrdersError::TotalTooLarge)?;
    if request.expected_total.is_some_and(|shown| shown != total) {
        return Err(OrdersError::PricesChanged { total });
    }
    let cod = &checkout.cod;
    let names: Vec<String> = items.iter().map(|i| format!("{} (size {})", i.product_name, i.size)).collect();
    cod.rules
        .check_order(
            items.iter().zip(&names).map(|(i, name)| (i64::from(i.quantity), name.as_str())),
            total,
            &checkout.address.postal_code,
            cod.pin_blocked,
            cod.open_orders,
        )
        .map_err(OrdersError::Cod)?;
    let order = Order {
        id: id.to_string(),
        user_id: request.user_id.to_string(),
        customer: checkout.customer,
        items,
        payment_method: PAYMENT_METHOD_COD.to_string(),
        payment_status: PaymentStatus::Pending,
        delivery_status: DeliveryStatus::Pending,
        subtotal,
        discount,
        total,
        address: checkout.address,
        // Counted from the day of the order in India (an order at 00:40 IST is of that day).
        expected_delivery_date: india_day(now) + Duration::days(DELIVERY_DAYS),
        delivered_on: None,
        created_at: now,
        updated_at: now,
        history: vec![StatusChange {
            from: None,
            to: DeliveryStatus::Pending,
            changed_by: request.user_id.to_string(),
            changed_by_name: None,
            changed_at: now,
        }],
        invoice: None,
        credit_note: None,
    };
    Ok(NewOrder { order, idempotency_key: request.idempotency_key.clone() })
}

/// An address saved before recipients, phones and the list of states were asked for cannot
/// take an order until it is completed: a courier needs all of them.
fn deliverable(address: &AddressSnapshot) -> Result<(), OrdersError> {
    let missing = if address.full_name.trim().is_empty() {
        Some("the recipient's full name")
    } else if address.phone.as_deref().is_none_or(|p| MobileNumber::parse(p).is_err()) {
        Some("the recipient's mobile number")
    } else if State::by_name(&address.state).is_none() {
        Some("a state from the list")
    } else {
        None
    };
    if let Some(what) = missing {
        return Err(OrdersError::IncompleteAddress(format!(
            "Please edit this address and add {what} before placing the order"
        )));
    }
    let in_state = State::by_name(&address.state)
        .zip(PostalCode::parse(&address.postal_code).ok())
        .is_some_and(|(state, pin)| pin_belongs_to(&pin, state));
    if !in_state {
        return Err(OrdersError::IncompleteAddress(format!(
            "This PIN code is not in {}. Please edit the address before placing the order",
            address.state
        )));
    }
    Ok(())
}

fn place_request(customer: &Customer, input: &PlaceOrderInput, now: DateTime<Utc>) -> Result<PlaceRequest, OrdersError> {
    let method = input.payment_method.as_deref().map(str::trim).unwrap_or("");
    if !method.eq_ignore_ascii_case(PAYMENT_METHOD_COD) {
        return Err(OrdersError::invalid("paymentMethod", "Only Cash on Delivery (COD) is accepted"));
    }
    let address_id = input
        .address_id
        .as_deref()
        .map(str::trim)
        .filter(|a| !a.is_empty())
        .ok_or_else(|| OrdersError::invalid("addressId", "Please select an address."))?;
    let key = input.idempotency_key.as_deref().map(str::trim).filter(|k| !k.is_empty());
    if key.is_some_and(|k| k.chars().count() > MAX_IDEMPOTENCY_KEY_CHARS || k.chars().any(char::is_control)) {
        return Err(OrdersError::invalid("Idempotency-Key", "Idempotency-Key may hold up to 200 printable characters"));
    }
    Ok(PlaceRequest {
        user_id: customer.id.clone(),
        address_id: AddressId::new(address_id),
        idempotency_key: key.map(str::to_string),
        expected_total: input.expected_total,
        recent_since: now - Duration::seconds(ORDER_LIMIT_WINDOW_SECONDS),
    })
}

/// The per-account order limit over the account's orders of the last minute (oldest
/// first). Retry-After is when the oldest counted one leaves the minute.
fn order_allowed(recent: &[DateTime<Utc>], limit: u32, now: DateTime<Utc>) -> Result<(), OrdersError> {
    let limit_len = limit as usize;
    if limit == 0 || recent.len() < limit_len {
        return Ok(());
    }
    let oldest = recent[recent.len() - limit_len];
    Err(OrdersError::TooManyOrders { limit, retry_after_secs: seconds_until(oldest, Duration::seconds(ORDER_LIMIT_WINDOW_SECONDS), now) })
}

/// The hourly re-send limits over the account's re-sends of the last hour (oldest first):
/// per order, then per account. Retry-After is when the oldest counted one leaves the hour.
fn resend_allowed(sent: &[Resend], order_id: &OrderId, now: DateTime<Utc>) -> Result<(), OrdersError> {
    let for_order: Vec<&Resend> = sent.iter().filter(|r| order_id == r.order_id.as_str()).collect();
    if for_order.len() >= RESENDS_PER_ORDER {
        let frees = for_order[for_order.len() - RESENDS_PER_ORDER].sent_at;
        return Err(OrdersError::OrderResendLimit { limit: RESENDS_PER_ORDER, retry_after_secs: seconds_until(frees, Duration::minutes(RESEND_WINDOW_MINUTES), now) });
    }
    if sent.len() >= RESENDS_PER_ACCOUNT {
        let frees = sent[sent.len() - RESENDS_PER_ACCOUNT].sent_at;
        return Err(OrdersError::AccountResendLimit { limit: RESENDS_PER_ACCOUNT, retry_after_secs: seconds_until(frees, Duration::minutes(RESEND_WINDOW_MINUTES), now) });
    }
    Ok(())
}

/// Whole seconds (rounded up, at least 1) until something done at `done_at` leaves a
/// window of length `window`: the Retry-After of every per-account limit.
fn seconds_until(done_at: DateTime<Utc>, window: Duration, now: DateTime<Utc>) -> u64 {
    // A concurrent request may record its send a moment after this one read the clock: it
    // counts as sent now, so the wait never exceeds the window.
    let left = (done_at + window - now).min(window);
    let ms = u64::try_from(left.num_milliseconds()).unwrap_or(0);
    ms.div_ceil(1000).max(1)
}

impl<S: OrderStore, M: Mailer> OrdersApi for OrderService<S, M> {
    fn place(&self, customer: &Customer, input: PlaceOrderInput) -> Result<PlacedOrder, OrdersError> {
        let now = self.clock.now();
        let request = place_request(customer, &input, now)?;
        if !request.address_id.is_uuid() {
            return Err(OrdersError::AddressNotFound);
        }
        // A retry with a used key is answered by the store's `Conflict` below (it checks the
        // key before anything else): no read of its own here.
        let id = kernel::new_id();
        let limit = self.orders_per_minute;
        let placed = self.store.place(&request, &|checkout| {
            order_allowed(&checkout.recent_orders, limit, now)?;
            build_order(&id, &request, checkout, now)
        });
        let Placed { order, stock_left } = match (placed, &request.idempotency_key) {
            (Ok(placed), _) => placed,
            // A concurrent request with the same key may have won: it holds the order (and
            // took the stock or emptied the cart this one missed). Answer with its order.
            (Err(e @ (OrdersError::Storage(StoreError::Conflict { .. }) | OrdersError::OutOfStock { .. } | OrdersError::EmptyCart | OrdersError::CartChanged)), Some(key)) => {
                return match self.replay(&customer.id, key)? {
                    Some(earlier) => Ok(earlier),
                    None => Err(e),
                };
            }
            (Err(e), _) => return Err(e),
        };
        // The order is committed: a failing e-mail is reported, never undone.
        let sent = self.mailer.send(&email::confirmation(&order, &order.customer.email));
        if let Some(desk) = self.desk.as_ref().and_then(|d| d.address()) {
            // Like the shopper's status e-mails: a failure is the mail adapter's to log.
            let _ = self.mailer.send(&email::new_order_notice(&order, &desk));
        }
        Ok(PlacedOrder { email_sent: sent.is_ok(), email_error: sent.err().map(|e| e.0), order, created: true, stock_left })
    }

    fn my_orders(&self, user_id: &UserId, page: kernel::PageRequest) -> Result<OrderPage, OrdersError> {
        let filter = OrderFilter { user_id: Some(user_id.to_string()), ..OrderFilter::default() };
        let counts = self.store.status_counts(&filter)?;
        let total = counts.total();
        let orders = if total == 0 { Vec::new() } else { self.store.search(&filter, OrderSort::Newest, page)? };
        Ok(OrderPage { orders, total, page, counts })
    }

    fn cancel(&self, user_id: &UserId, order_id: &OrderId) -> Result<Order, OrdersError> {
        for _ in 0..ATTEMPTS {
            let order = self.own_order(user_id, order_id)?;
            if order.delivery_status != DeliveryStatus::Pending {
                return Err(OrdersError::CannotCancel);
            }
            let change = Transition::new(&order, DeliveryStatus::Canceled, user_id, self.clock.now());
            match self.store.transition(&change)? {
                TransitionOutcome::Applied(order) => {
                    self.tell_shopper(&order);
                    return Ok(*order);
                }
                // Changed meanwhile: read again and decide again.
                TransitionOutcome::Stale => continue,
            }
        }
        Err(OrdersError::Busy)
    }

    fn holds_account(&self, user_id: &UserId) -> Result<Option<String>, OrdersError> {
        for status in [DeliveryStatus::Pending, DeliveryStatus::Shipped] {
            let filter = OrderFilter { user_id: Some(user_id.to_string()), status: Some(status), ..OrderFilter::default() };
            let first = kernel::PageRequest { page: 1, limit: 1 };
            if let Some(order) = self.store.search(&filter, OrderSort::Newest, first)?.first() {
                return Ok(Some(format!(
                    "Your order {} is not delivered yet: once it is delivered or cancelled, you can delete your account",
                    crate::models::order_number(&order.id)
                )));
            }
        }
        Ok(None)
    }

    fn export_orders(&self, search: &OrderSearch, after: Option<&crate::listing::ExportCursor>) -> Result<Vec<Order>, OrdersError> {
        let filter = search.filter()?;
        Ok(self.store.export_batch(&filter, after, crate::listing::EXPORT_BATCH)?)
    }

    fn list_orders(&self, search: OrderSearch) -> Result<OrderPage, OrdersError> {
        let filter = search.filter()?;
        let counts = self.store.status_counts(&filter)?;
        // The counts already say how many match: the page needs no count of its own.
        let total = match filter.status {
            Some(status) => counts.of(status),
            None => counts.total(),
        };
        let orders = if total == 0 || search.page.offset() >= total {
            Vec::new()
        } else {
            self.store.search(&filter, search.sort, search.page)?
        };
        Ok(OrderPage { orders, total, page: search.page, counts })
    }

    fn sales_figures(&self) -> Result<SalesFigures, OrdersError> {
        let today = india_day(self.clock.now());
        let first = today - Duration::days(i64::from(CHART_DAYS) - 1);
        let days = self.store.daily_sales(first, today)?;
        let today_sales = days.last().copied().filter(|d| d.day == today).unwrap_or(crate::listing::DaySales {
            day: today,
            orders: 0,
            revenue: kernel::Money::ZERO,
        });
        Ok(SalesFigures { today: today_sales, days, pending: self.store.count_with_status(DeliveryStatus::Pending)? })
    }

    fn set_status(&self, admin_id: &UserId, order_id: &OrderId, change: &NewStatus) -> Result<Order, OrdersError> {
        let to = DeliveryStatus::parse(&change.to).ok_or_else(DeliveryStatus::unknown)?;
        let seen = change
            .seen
            .as_deref()
            .map(|s| DeliveryStatus::parse(s).ok_or_else(|| OrdersError::invalid("expectedStatus", DeliveryStatus::unknown().to_string())))
            .transpose()?;
        if !order_id.is_uuid() {
            return Err(OrdersError::NotFound);
        }
        let order = self.store.find(order_id)?.ok_or(OrdersError::NotFound)?;
        if order.delivery_status == to {
            return Ok(order);
        }
        if seen.is_some_and(|seen| seen != order.delivery_status) {
            return Err(OrdersError::StatusChanged { now: order.delivery_status });
        }
        order.may_reopen()?;
        let transition = Transition::new(&order, to, admin_id, self.clock.now());
        match self.store.transition(&transition)? {
            TransitionOutcome::Applied(order) => {
                self.tell_shopper(&order);
                Ok(*order)
            }
            // The admin decided on the status read above; another status (a customer's
            // cancel, say) is never overruled by a retry that re-opens the order.
            TransitionOutcome::Stale => {
                let now = self.store.find(order_id)?.ok_or(OrdersError::NotFound)?;
                Err(OrdersError::StatusChanged { now: now.delivery_status })
            }
        }
    }

    fn pending_count(&self) -> Result<u64, OrdersError> {
        Ok(self.store.count_with_status(DeliveryStatus::Pending)?)
    }

    fn resend_confirmation(&self, customer: &Customer, order_id: &OrderId) -> Result<(), OrdersError> {
        let order = self.own_order(&customer.id, order_id)?;
        if order.delivery_status == DeliveryStatus::Canceled {
            return Err(OrdersError::CancelledOrder);
        }
        let now = self.clock.now();
        let since = now - Duration::minutes(RESEND_WINDOW_MINUTES);
        let attempt = ResendAttempt { user_id: &customer.id, order_id, since, at: now };
        self.store.log_resend(attempt, &|sent| resend_allowed(sent, order_id, now))?;
        self.mailer
            .send(&email::confirmation(&order, &customer.email))
            .map_err(|e| OrdersError::Mail(e.0))
    }

    fn document_pdf(&self, viewer: &UserId, admin: bool, order_id: &OrderId, kind: DocumentKind) -> Result<(TaxDocument, Vec<u8>), OrdersError> {
        if admin {
            if !order_id.is_uuid() {
                return Err(OrdersError::NotFound);
            }
        } else {
            self.own_order(viewer, order_id)?;
        }
        let document = self.store.document(order_id, kind)?.ok_or(OrdersError::NoDocument(match kind {
            DocumentKind::Invoice => "This order has no tax invoice yet: it is issued when the order ships",
            DocumentKind::CreditNote => "This order has no credit note",
        }))?;
        crate::ports::printed(self.printer.as_ref(), document)
    }

    fn gst_report(&self, from: chrono::NaiveDate, to: chrono::NaiveDate) -> Result<crate::report::GstReport, OrdersError> {
        if from > to {
            return Err(OrdersError::Rule { field: "from", code: "invalid_period", message: "The report's start must not be after its end".into() });
        }
        Ok(crate::report::gst_report(&self.store.documents_between(from, to)?))
    }
}

#[cfg(test)]
mod tests;
