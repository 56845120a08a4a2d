use std::collections::HashMap;

use crate::versions;
use chrono::{DateTime, NaiveDate, NaiveDateTime, Utc};
use diesel::prelude::*;
use kernel::{upload_url, CodRules, Money, OrderId, Price, StoreError, UserId};
use ::orders::listing::ExportCursor;
use ::orders::{
    AddressSnapshot, Checkout, CheckoutLine, CodContext, CustomerSnapshot, DaySales, DeliveryStatus, NewOrder, Order, OrderFilter,
    OrderSort, OrderStore, OrdersError, PlaceRequest, Placed, Resend, ResendAttempt, StockLeft, StatusChange, StatusCounts, StockEffect, TextMatch, Transition,
    TransitionOutcome,
};
use diesel::dsl::count_star;
use diesel::sql_types::{BigInt, Bool, Integer, Nullable, Text, Timestamp};
use kernel::PageRequest;

use crate::conn::MultiBackend;

use super::cod;
use super::tax_documents;
use crate::conn::{raw_sql, DbConn, Prepared};
use crate::db::Db;
use crate::errors::store_error;
use crate::rows::address::PostalColumns;
use crate::rows::order::{HistoryRow, OrderItemRow, OrderRow};
use crate::schema::{
    cart_items, confirmation_resends, order_customer_counts, order_day_counts, order_items, order_status_history, orders, users,
    variants,
};

/// Orders on SQLite or PostgreSQL. Placing an order and changing its status are each ONE
/// transaction (`Db::write`), and stock only ever moves through guarded single writes.
#[derive(Clone)]
pub struct DieselOrderStore {
    db: Db,
}

impl DieselOrderStore {
    pub fn new(db: Db) -> Self {
        DieselOrderStore { db }
    }

    pub(crate) fn db(&self) -> &Db {
        &self.db
    }

    /// Tells the other instances, after the commit, which products' stock an order moved.
    /// The order stands whatever happens here: a lost announcement is caught by the
    /// instances' stock fingerprint check (see `versions`).
    fn announce(&self, order: &Order) {
        if let Err(e) = versions::announce_stock(&self.db, &product_ids(order)) {
            tracing::warn!(error = %e, order = %order.id, "could not announce the order's stock change");
        }
    }
}

/// Items and history for the given order rows, in the rows' order.
fn assemble(conn: &mut DbConn, rows: Vec<OrderRow>) -> QueryResult<Vec<Order>> {
    if rows.is_empty() {
        return Ok(Vec::new());
    }
    let ids: Vec<String> = rows.iter().map(|r| r.id.clone()).collect();
    let mut items: HashMap<String, Vec<::orders::OrderItem>> = HashMap::new();
    let item_rows: Vec<OrderItemRow> = order_items::table
        .filter(order_items::order_id.eq_any(&ids))
        .order((order_items::order_id, order_items::position))
        .select(OrderItemRow::as_select())
        .load(conn)?;
    for row in item_rows {
        items.entry(row.order_id.clone()).or_default().push(row.into_domain());
    }
    let mut history: HashMap<String, Vec<StatusChange>> = HashMap::new();
    let history_rows: Vec<HistoryRow> = order_status_history::table
        .filter(order_status_history::order_id.eq_any(&ids))
        .order((order_status_history::order_id, order_status_history::changed_at, order_status_history::id))
        .select(HistoryRow::as_select())
        .load(conn)?;
    // Whoever changed an order is named by their username as it is now.
    let mut actor_ids: Vec<&str> = history_rows.iter().map(|r| r.changed_by.as_str()).collect();
    actor_ids.sort_unstable();
    actor_ids.dedup();
    let names: HashMap<String, String> = users::table
        .filter(users::id.eq_any(&actor_ids))
        .select((users::id, users::username))
        .load::<(String, String)>(conn)?
        .into_iter()
        .collect();
    for row in history_rows {
        let name = names.get(&row.changed_by).cloned();
        history.entry(row.order_id.clone()).or_default().push(row.into_domain(name));
    }
    let mut documents = tax_documents::refs(conn, &ids)?;
    Ok(rows
        .into_iter()
        .map(|row| {
            let its = items.remove(&row.id).unwrap_or_default();
            let hist = history.remove(&row.id).unwrap_or_default();
            let (invoice, credit_note) = documents.remove(&row.id).unwrap_or_default();
            ::orders::Order { invoice, credit_note, ..row.into_domain(its, hist) }
        })
        .collect())
}

/// `LIKE` text matching `raw` literally (`\\` escapes `%`, `_` and itself).
pub(crate) fn like_escaped(raw: &str) -> String {
    let mut out = String::with_capacity(raw.len());
    for c in raw.chars() {
        if matches!(c, '%' | '_' | '\\') {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

type OrderCondition = Box<dyn BoxableExpression<orders::table, MultiBackend, SqlType = Bool>>;

/// Above this many customers matching a search text, their orders are found through a
/// subquery instead of a list of ids (the list's ids are bound one by one on SQLite).
const LISTED_CUSTOMERS: i64 = 2_000;

/// The customers whose account matches a search text.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Customers {
    Listed(Vec<String>),
    /// More than [`LISTED_CUSTOMERS`]: the search is broad.
    Many,
}

/// A search text as the orders are filtered by it: the customers it names, read once from
/// the accounts (few compared with orders), and the order-number prefix.
struct TextFilter {
    text: TextMatch,
    customers: Customers,
}

impl TextFilter {
    /// Nothing can match: no customer and no order number.
    fn finds_nothing(&self) -> bool {
        self.text.order_prefix.is_none() && self.text.whole_phone().is_none() && self.customers == Customers::Listed(Vec::new())
    }

    /// The orders delivered to the whole phone number typed (`orders_recipient_phone_idx`).
    fn recipients(&self) -> Option<OrderCondition> {
        self.text.whole_phone().map(|phone| -> OrderCondition { Box::new(orders::recipient_phone.eq(phone.to_string()).assume_not_null()) })
    }

    /// The orders whose number starts with the text. Every key holds only 0-9 and a-f, so
    /// the keys starting with `prefix` are exactly those from `prefix` up to (not
    /// including) `prefix` + "g".
    fn numbers(&self) -> Option<OrderCondition> {
        self.text.order_prefix.as_ref().map(|prefix| -> OrderCondition {
            Box::new(order_number().ge(prefix.clone()).and(order_number().lt(format!("{prefix}g"))))
        })
    }
}

/// The condition that a search text (a `&TextMatch`) names an account: its words in "first
/// last" or the e-mail, or its digits in the mobile number. One expression of one type for
/// the order search's list of customers, its subquery and the customers page: a macro, as
/// their sources differ and a boxed condition or query cannot be a subquery on
/// `MultiBackend`. Without digits the mobile is compared with NULL, which matches nothing.
macro_rules! names_customer {
    ($text:expr) => {{
        let text: &::orders::TextMatch = $text;
        let words = format!("%{}%", $crate::repos::orders::like_escaped(&text.words));
        let digits = text.phone_digits.as_deref().map(|d| format!("%{}%", $crate::repos::orders::like_escaped(d)));
        $crate::repos::lower($crate::schema::users::first_name.concat(" ").concat($crate::schema::users::last_name))
            .like(words.clone())
            .escape('\\')
            .or($crate::repos::lower($crate::schema::users::email).like(words).escape('\\'))
            .or($crate::schema::users::mobile.like(digits).escape('\\'))
    }};
}
pub(crate) use names_customer;

/// A condition whose query is prepared afresh each time, never cached: PostgreSQL then
/// plans it with its values. After five runs a cached statement gets a generic plan, which
/// tests a list of customers (up to [`LISTED_CUSTOMERS`]) id by id on every order it reads
/// instead of through a hash of the list. (SQLite never caches a query with a list.)
#[derive(Debug, Clone, diesel::expression::ValidGrouping)]
struct Planned<T>(T);

impl<T: Expression> Expression for Planned<T> {
    type SqlType = T::SqlType;
}

impl<T: AppearsOnTable<QS>, QS: ?Sized> AppearsOnTable<QS> for Planned<T> {}

impl<T: SelectableExpression<QS>, QS: ?Sized> SelectableExpression<QS> for Planned<T> {}

impl<T: diesel::query_builder::QueryFragment<DB>, DB: diesel::backend::Backend> diesel::query_builder::QueryFragment<DB>
    for Planned<T>
{
    fn walk_ast<'b>(&'b self, mut pass: diesel::query_builder::AstPass<'_, 'b, DB>) -> QueryResult<()> {
        pass.unsafe_to_cache_prepared();
        self.0.walk_ast(pass)
    }
}

/// The rows of `$table` whose `$customer` column names a customer the search text (a
/// `&TextFilter`) names, as a boxed condition; `None` when it names nobody. No empty
/// `IN ()`: a condition that is always false keeps a planner from reading the order-number
/// range through its index.
macro_rules! named_customers {
    ($table:ty, $customer:expr, $filter:expr) => {{
        let filter: &TextFilter = $filter;
        let condition: Option<Box<dyn BoxableExpression<$table, MultiBackend, SqlType = Bool>>> = match &filter.customers {
            Customers::Listed(ids) if ids.is_empty() => None,
            Customers::Listed(ids) => Some(Box::new(Planned($customer.eq_any(ids.clone())))),
            Customers::Many => {
                Some(Box::new($customer.eq_any(users::table.filter(names_customer!(&filter.text)).select(users::id))))
            }
        };
        condition
    }};
}

fn text_filter(conn: &mut DbConn, filter: &OrderFilter) -> QueryResult<Option<TextFilter>> {
    let Some(text) = filter.text.clone() else { return Ok(None) };
    // A scan of the accounts, not of the orders.
    let ids: Vec<String> = users::table
        .filter(names_customer!(&text))
        .select(users::id)
        .limit(LISTED_CUSTOMERS + 1)
        .load(conn)?;
    let customers = if ids.len() > LISTED_CUSTOMERS as usize { Customers::Many } else { Customers::Listed(ids) };
    Ok(Some(TextFilter { text, customers }))
}

/// The order number as `orders_number_idx` holds it (the id without hyphens); the SQL must
/// be the index's expression exactly for either database to use the index.
fn order_number() -> diesel::expression::SqlLiteral<diesel::sql_types::Text> {
    diesel::dsl::sql::<diesel::sql_types::Text>("replace(orders.id, '-', '')")
}

/// The orders `filter` selects (its status only when `with_status`), its text already
/// read by [`text_filter`]. Each condition can use an index: the status with the date
/// (`orders_status_created_idx`), the date alone (`orders_created_idx`), the customer
/// (`orders_user_idx`), the order-number prefix (`orders_number_idx`, a range), the
/// delivery phone (`orders_recipient_phone_idx`).
fn filtered(filter: &OrderFilter, text: Option<&TextFilter>, with_status: bool) -> orders::BoxedQuery<'static, MultiBackend> {
    let mut query = orders::table.into_boxed();
    if let Some(user_id) = &filter.user_id {
        query = query.filter(orders::user_id.eq(user_id.clone()));
    }
    if let (true, Some(status)) = (with_status, filter.status) {
        query = query.filter(orders::delivery_status.eq(status.as_str()));
    }
    if let Some(since) = filter.since {
        query = query.filter(orders::created_at.ge(since.naive_utc()));
    }
    if let Some(before) = filter.before {
        query = query.filter(orders::created_at.lt(before.naive_utc()));
    }
    if let Some(text) = text {
        let conditions = [text.numbers(), text.recipients(), named_customers!(orders::table, orders::user_id, text)];
        // `TextFilter::finds_nothing`: the callers answer before asking when none is left.
        let any: OrderCondition = conditions
            .into_iter()
            .flatten()
            .reduce(|a, b| -> OrderCondition { Box::new(a.or(b)) })
            .unwrap_or_else(|| Box::new(diesel::dsl::sql::<Bool>("1 = 0")));
        query = query.filter(any);
    }
    query
}

/// Orders per status placed from `first` through `last` (India days, both included; an
/// open end counts every day): sums of `order_day_counts`, one row per day and status
/// (the database's triggers keep it), however many orders there are.
fn day_counts(conn: &mut DbConn, first: Option<NaiveDate>, last: Option<NaiveDate>) -> QueryResult<StatusCounts> {
    let mut query = order_day_counts::table.into_boxed();
    if let Some(first) = first {
        query = query.filter(order_day_counts::day.ge(first));
    }
    if let Some(last) = last {
        query = query.filter(order_day_counts::day.le(last));
    }
    let mut counts = StatusCounts::default();
    add_sums(&mut counts, query.select(status_sums("order_count")).first(conn)?);
    Ok(counts)
}

type StatusSum = diesel::expression::SqlLiteral<Nullable<BigInt>>;
type Sums = (Option<i64>, Option<i64>, Option<i64>, Option<i64>);

/// `SUM(what)` over the rows of each status, in `DeliveryStatus::ALL` order, as paise-safe
/// BIGINT (SUM(bigint) is NUMERIC on PostgreSQL). A boxed query cannot be grouped, hence
/// one sum per status.
fn status_sums(what: &str) -> (StatusSum, StatusSum, StatusSum, StatusSum) {
    let sum = |status: DeliveryStatus| {
        diesel::dsl::sql::<Nullable<BigInt>>(&format!(
            "CAST(SUM(CASE WHEN delivery_status = '{}' THEN {what} ELSE 0 END) AS BIGINT)",
            status.as_str()
        ))
    };
    let [a, b, c, d] = DeliveryStatus::ALL.map(sum);
    (a, b, c, d)
}

/// Adds the four sums of [`status_sums`] to `counts`.
fn add_sums(counts: &mut StatusCounts, (pending, shipped, delivered, canceled): Sums) {
    for (status, n) in DeliveryStatus::ALL.into_iter().zip([pending, shipped, delivered, canceled]) {
        counts.add(status, n.and_then(|n| u64::try_from(n).ok()).unwrap_or(0));
    }
}

/// What a search text finds at any date, counted without reading its orders: the named
/// customers' orders are sums of `order_customer_counts` (one row per customer and status,
/// kept by the database's triggers); the orders whose number starts with the text, then those
/// delivered to the whole number typed, are added when not counted already (indexed reads).
fn text_counts(conn: &mut DbConn, text: &TextFilter) -> QueryResult<StatusCounts> {
    let mut counts = StatusCounts::default();
    if let Some(named) = named_customers!(order_customer_counts::table, order_customer_counts::user_id, text) {
        add_sums(&mut counts, order_customer_counts::table.into_boxed().filter(named).select(status_sums("order_count")).first(conn)?);
    }
    if let Some(numbers) = text.numbers() {
        let mut query = orders::table.into_boxed().filter(numbers);
        if let Some(named) = named_customers!(orders::table, orders::user_id, text) {
            query = query.filter(diesel::dsl::not(named));
        }
        add_sums(&mut counts, query.select(status_sums("1")).first(conn)?);
    }
    if let Some(recipients) = text.recipients() {
        let mut query = orders::table.into_boxed().filter(recipients);
        if let Some(named) = named_customers!(orders::table, orders::user_id, text) {
            query = query.filter(diesel::dsl::not(named));
        }
        if let Some(numbers) = text.numbers() {
            query = query.filter(diesel::dsl::not(numbers));
        }
        add_sums(&mut counts, query.select(status_sums("1")).first(conn)?);
    }
    Ok(counts)
}

pub(crate) fn load_one(conn: &mut DbConn, id: &str) -> QueryResult<Option<Order>> {
    let row = orders::table.find(id).select(OrderRow::as_select()).first(conn).optional()?;
    Ok(match row {
        Some(row) => assemble(conn, vec![row])?.pop(),
        None => None,
    })
}

/// `UPDATE variants SET stock = stock - q WHERE id = ? AND stock >= q`: true when exactly
/// one row changed, i.e. the pieces were there and are now taken.
pub(crate) fn take_stock(conn: &mut DbConn, variant_id: &str, quantity: i32) -> QueryResult<bool> {
    take_stock_left(conn, variant_id, quantity).map(|left| left.is_some())
}

/// Puts `quantity` pieces back into the variant's stock (a variant deleted since takes nothing).
pub(crate) fn give_back(conn: &mut DbConn, variant_id: &str, quantity: i32, at: NaiveDateTime) -> QueryResult<usize> {
    diesel::update(variants::table.filter(variants::id.eq(variant_id)))
        .set((variants::stock.eq(variants::stock + quantity), variants::updated_at.eq(at)))
        .execute(conn)
}

#[derive(QueryableByName)]
struct StockRow {
    #[diesel(sql_type = Integer)]
    stock: i32,
}

/// [`take_stock`], answering the stock the write left (`None`: not taken).
fn take_stock_left(conn: &mut DbConn, variant_id: &str, quantity: i32) -> QueryResult<Option<i32>> {
    let now = Utc::now().naive_utc();
    let left: Option<StockRow> = raw_sql!(
        conn,
        "UPDATE variants SET stock = stock - $2, updated_at = $3 WHERE id = $1 AND stock >= $2 RETURNING stock",
        get_result,
        (Text, variant_id),
        (Integer, quantity),
        (Timestamp, now),
    )
    .optional()?;
    Ok(left.map(|l| l.stock))
}

pub(crate) fn stock_left(conn: &mut DbConn, variant_id: &str) -> QueryResult<i32> {
    variants::table
        .find(variant_id)
        .select(variants::stock)
        .first(conn)
        .optional()
        .map(|s| s.unwrap_or(0))
}

/// The products an order's stock came from, each once.
fn product_ids(order: &Order) -> Vec<String> {
    let mut ids: Vec<String> = order.items.iter().filter_map(|i| i.product_id.clone()).collect();
    ids.sort();
    ids.dedup();
    ids
}

/// Takes every item's stock, in variant-id order so that two transactions never wait on
/// each other in opposite orders. The first short item is the error; otherwise, in that
/// order, the stock each write took and left, as (variant id, taken, left).
fn take_all<'a>(
    conn: &mut DbConn,
    items: impl Iterator<Item = (&'a str, i32, &'a str, &'a str)>,
) -> Result<Vec<(&'a str, i32, i32)>, OrdersError> {
    let mut items: Vec<_> = items.collect();
    items.sort_by(|a, b| a.0.cmp(b.0));
    let mut left = Vec::with_capacity(items.len());
    for (variant_id, quantity, product, size) in items {
        match take_stock_left(conn, variant_id, quantity).map_err(store_error)? {
            Some(stock) => left.push((variant_id, quantity, stock)),
            None => {
                let available = stock_left(conn, variant_id).map_err(store_error)?;
                return Err(OrdersError::OutOfStock { product: product.to_string(), size: size.to_string(), available });
            }
        }
    }
    Ok(left)
}

/// Queues this transaction behind any other that locked the same account (PostgreSQL
/// `SELECT ... FOR NO KEY UPDATE`, which still lets other writes refer to the account, such
/// as a new cart line; SQLite's write transaction already runs alone).
pub(crate) fn lock_account(conn: &mut DbConn, user_id: &str) -> QueryResult<()> {
    if let DbConn::Postgres(pg) = conn {
        users::table.find(user_id).select(users::id).for_no_key_update().load::<String>(pg)?;
    }
    Ok(())
}

/// What placing reads before its transaction: the delivery address and the cash-on-delivery
/// settings with whether the address's PIN is blocked. None of it needs the customer's
/// lock (a concurrent change to them is as if it came a moment later).
struct Settled {
    address: AddressSnapshot,
    rules: CodRules,
    pin_blocked: bool,
}

#[derive(QueryableByName)]
struct SettledRow {
    #[diesel(embed)]
    address: PostalColumns,
    #[diesel(embed)]
    rules: cod::JoinedRules,
    #[diesel(sql_type = Bool)]
    pin_blocked: bool,
    #[diesel(sql_type = Bool)]
    key_used: bool,
}

/// [`Settled`] in one statement, which also tells whether `key` is used already by this
/// customer: `Storage(Conflict)` then, as the order's unique key would say at its insert.
fn read_settled(conn: &mut DbConn, request: &PlaceRequest, key: Option<&str>) -> Result<Settled, OrdersError> {
    let user_id = request.user_id.as_str();
    let row: Option<SettledRow> = raw_sql!(
        conn,
        "SELECT a.address_line1, a.address_line2, a.city, a.state, a.postal_code, a.full_name, a.phone, a.landmark, \
         s.min_order_paise, s.max_order_paise, s.max_open_orders, s.max_units_per_line, \
         EXISTS (SELECT 1 FROM cod_blocked_pincodes b WHERE b.pincode = a.postal_code) AS pin_blocked, \
         EXISTS (SELECT 1 FROM orders o WHERE o.user_id = $1 AND o.idempotency_key = $3) AS key_used \
         FROM addresses a LEFT JOIN cod_settings s ON s.id = 1 WHERE a.id = $2 AND a.user_id = $1",
        get_result,
        (Text, user_id),
        (Text, request.address_id.as_str()),
        (Nullable<Text>, key),
    )
    .optional()
    .map_err(store_error)?;
    let key_used = |used: bool| -> Result<(), OrdersError> {
        match used {
            true => Err(StoreError::Conflict { constraint: "orders_idempotency_key".into() }.into()),
            false => Ok(()),
        }
    };
    let Some(row) = row else {
        // No such address: a retry is still answered with its order.
        if let Some(key) = key {
            let used: bool = diesel::select(diesel::dsl::exists(
                orders::table.filter(orders::user_id.eq(user_id)).filter(orders::idempotency_key.eq(key)),
            ))
            .get_result(conn)
            .map_err(store_error)?;
            key_used(used)?;
        }
        return Err(OrdersError::AddressNotFound);
    };
    key_used(row.key_used)?;
    let rules = row.rules.into_rules();
    Ok(Settled {
        address: row.address.into_domain(),
        rules,
        pin_blocked: row.pin_blocked,
    })
}

#[derive(QueryableByName)]
struct LineRow {
    #[diesel(sql_type = Text)]
    first_name: String,
    #[diesel(sql_type = Text)]
    last_name: String,
    #[diesel(sql_type = Text)]
    email: String,
    #[diesel(sql_type = Text)]
    id: String,
    #[diesel(sql_type = Integer)]
    quantity: i32,
    #[diesel(sql_type = Text)]
    variant_id: String,
    #[diesel(sql_type = Text)]
    size: String,
    #[diesel(sql_type = Text)]
    color: String,
    #[diesel(sql_type = BigInt)]
    original_price_paise: i64,
    #[diesel(sql_type = BigInt)]
    discount_price_paise: i64,
    #[diesel(sql_type = Text)]
    product_id: String,
    #[diesel(sql_type = Text)]
    name: String,
    #[diesel(sql_type = Nullable<Text>)]
    image: Option<String>,
}

/// The cart lines with the customer's names, today's prices and each product's first
/// picture. `locked` (PostgreSQL): the same statement locks the customer's row (`FOR NO KEY
/// UPDATE`, which still lets other writes refer to the account) and the lines (`FOR
/// UPDATE`), so parallel placements of one customer queue here and the next one sees the
/// lines as the first left them; a concurrent quantity change waits instead of being lost.
fn cart_lines(conn: &mut DbConn, user_id: &str, locked: bool) -> QueryResult<Vec<LineRow>> {
    const LINES: &str = "SELECT u.first_name, u.last_name, u.email, c.id, c.quantity, v.id AS variant_id, v.size, v.color, \
         v.original_price_paise, v.discount_price_paise, p.id AS product_id, p.name, \
         (SELECT f.filename FROM product_images i JOIN uploads f ON f.id = i.upload_id \
          WHERE i.product_id = p.id ORDER BY i.position, i.id LIMIT 1) AS image \
         FROM cart_items c JOIN users u ON u.id = c.user_id JOIN variants v ON v.id = c.variant_id \
         JOIN products p ON p.id = v.product_id \
         WHERE c.user_id = $1 ORDER BY c.created_at, c.id";
    match conn {
        DbConn::Postgres(pg) if locked => {
            Prepared(diesel::sql_query(format!("{LINES} FOR UPDATE OF c FOR NO KEY UPDATE OF u")).bind::<Text, _>(user_id)).load(pg)
        }
        DbConn::Postgres(pg) => Prepared(diesel::sql_query(LINES).bind::<Text, _>(user_id)).load(pg),
        DbConn::Sqlite(lite) => Prepared(diesel::sql_query(crate::conn::sqlite_marks(LINES)).bind::<Text, _>(user_id)).load(lite),
    }
}

#[derive(QueryableByName)]
struct RecentRow {
    #[diesel(sql_type = BigInt)]
    open_orders: i64,
    #[diesel(sql_type = Nullable<Timestamp>)]
    created_at: Option<NaiveDateTime>,
}

/// The customer's open orders (PENDING or SHIPPED: `DeliveryStatus::OPEN`, written out in
/// the prepared statement's text), and when their orders since `since` were
/// placed (oldest first), in one statement: one row per recent order, or one without a time.
fn recent_orders(conn: &mut DbConn, user_id: &str, since: NaiveDateTime) -> QueryResult<(u64, Vec<DateTime<Utc>>)> {
    let rows: Vec<RecentRow> = raw_sql!(
        conn,
        "SELECT n.open_orders, r.created_at FROM \
         (SELECT count(*) AS open_orders FROM orders WHERE user_id = $1 AND delivery_status IN ('PENDING', 'SHIPPED')) n \
         LEFT JOIN (SELECT created_at FROM orders WHERE user_id = $1 AND created_at >= $2) r ON 1 = 1 \
         ORDER BY r.created_at",
        load,
        (Text, user_id),
        (Timestamp, since),
    )?;
    let open = rows.first().map_or(0, |r| u64::try_from(r.open_orders).unwrap_or(0));
    Ok((open, rows.into_iter().filter_map(|r| r.created_at).map(|t| t.and_utc()).collect()))
}

/// What placing an order reads: the customer, the address, the cart lines with today's
/// prices, the account's recent orders and the cash-on-delivery context; and the line ids.
/// Outside a transaction (a preview of the COD verdict) nothing is locked.
pub(crate) fn read_checkout(conn: &mut DbConn, request: &PlaceRequest) -> Result<(Checkout, Vec<String>), OrdersError> {
    let settled = read_settled(conn, request, None)?;
    read_checkout_in(conn, request, settled, false)
}

/// The rest of [`read_checkout`] after [`read_settled`]. `locked`: inside the placement's
/// transaction, where (PostgreSQL runs READ COMMITTED) the customer's row and cart lines
/// are locked first (see [`cart_lines`]) and the order counts are read after the lock, so
/// parallel placements count each other. On SQLite the write transaction (`BEGIN
/// IMMEDIATE`) already runs alone.
fn read_checkout_in(conn: &mut DbConn, request: &PlaceRequest, settled: Settled, locked: bool) -> Result<(Checkout, Vec<String>), OrdersError> {
    let user_id = request.user_id.as_str();
    let rows = cart_lines(conn, user_id, locked).map_err(store_error)?;
    let customer = match rows.first() {
        Some(r) => CustomerSnapshot { first_name: r.first_name.clone(), last_name: r.last_name.clone(), email: r.email.clone() },
        // An empty cart: the account still decides between "no account" and "empty cart".
        None => {
            let query = users::table.find(user_id).select((users::first_name, users::last_name, users::email));
            let names: Option<(String, String, String)> = match conn {
                DbConn::Postgres(pg) if locked => query.for_no_key_update().first(pg).optional(),
                _ => query.first(conn).optional(),
            }
            .map_err(store_error)?;
            let (first_name, last_name, email) = names.ok_or(OrdersError::AccountNotFound)?;
            CustomerSnapshot { first_name, last_name, email }
        }
    };
    let (open_orders, recent_orders) = recent_orders(conn, user_id, request.recent_since.naive_utc()).map_err(store_error)?;
    let line_ids = rows.iter().map(|r| r.id.clone()).collect();
    let lines = rows
        .into_iter()
        .map(|r| CheckoutLine {
            image_url: r.image.as_deref().map(upload_url),
            product_id: r.product_id,
            variant_id: r.variant_id,
            product_name: r.name,
            size: r.size,
            color: r.color,
            quantity: r.quantity,
            price: Price::new(Money::from_paise(r.original_price_paise), Money::from_paise(r.discount_price_paise)),
        })
        .collect();
    let checkout = Checkout {
        customer,
        address: settled.address,
        lines,
        recent_orders,
        cod: CodContext { rules: settled.rules, pin_blocked: settled.pin_blocked, open_orders },
    };
    Ok((checkout, line_ids))
}

/// Writes the order, its items and history, and deletes the cart lines it was made from;
/// the number of lines deleted. On PostgreSQL ONE statement (data-modifying `WITH`, the rows
/// passed as JSON): a round trip each would keep the transaction open four times as long.
fn write_order(conn: &mut DbConn, new: &NewOrder, user_id: &str, line_ids: &[String]) -> Result<usize, OrdersError> {
    let order = &new.order;
    let head = OrderRow::from_domain(order, new.idempotency_key.as_deref());
    let items: Vec<OrderItemRow> = order
        .items
        .iter()
        .enumerate()
        .map(|(position, item)| OrderItemRow::from_domain(&order.id, i32::try_from(position).unwrap_or(i32::MAX), item))
        .collect();
    let history: Vec<HistoryRow> = order.history.iter().map(|change| HistoryRow::from_domain(&order.id, change)).collect();
    if let DbConn::Postgres(pg) = conn {
        return Ok(write_order_pg(pg, &head, &items, &history, user_id, line_ids).map_err(store_error)?);
    }
    diesel::insert_into(orders::table).values(&head).execute(conn).map_err(store_error)?;
    // Row by row: MultiConnection has no multi-row insert (and SQLite is in-process).
    for row in &items {
        diesel::insert_into(order_items::table).values(row).execute(conn).map_err(store_error)?;
    }
    for row in &history {
        diesel::insert_into(order_status_history::table).values(row).execute(conn).map_err(store_error)?;
    }
    // The cart became an order: what the owner took out of it earlier is no longer news.
    super::cart::forget_removed_lines(conn, user_id).map_err(store_error)?;
    Ok(diesel::delete(cart_items::table.filter(cart_items::user_id.eq(user_id)).filter(cart_items::id.eq_any(line_ids)))
        .execute(conn)
        .map_err(store_error)?)
}

#[derive(QueryableByName)]
struct Deleted {
    #[diesel(sql_type = BigInt)]
    lines: i64,
}

/// `INSERT INTO table (columns) SELECT columns FROM json_populate_recordset(...)`, the
/// columns being the rows' fields (their names are the table's).
fn insert_json<T: serde::Serialize>(table: &str, rows: &[T], mark: &str) -> Result<String, diesel::result::Error> {
    let first = rows.first().map(serde_json::to_value).transpose().map_err(|e| diesel::result::Error::SerializationError(Box::new(e)))?;
    let columns = match first {
        Some(serde_json::Value::Object(map)) => map.keys().cloned().collect::<Vec<_>>().join(", "),
        _ => return Err(diesel::result::Error::QueryBuilderError("no rows to insert".into())),
    };
    Ok(format!("INSERT INTO {table} ({columns}) SELECT {columns} FROM json_populate_recordset(NULL::{table}, {mark}::json)"))
}

fn write_order_pg(
    pg: &mut diesel::PgConnection,
    head: &OrderRow,
    items: &[OrderItemRow],
    history: &[HistoryRow],
    user_id: &str,
    line_ids: &[String],
) -> QueryResult<usize> {
    let to_json = |value: Result<String, serde_json::Error>| value.map_err(|e| diesel::result::Error::SerializationError(Box::new(e)));
    // The text depends only on the rows' types (their field names), so it is built from the
    // first order and kept: one prepared statement, and no row serialised twice per order.
    static SQL: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    let sql = match SQL.get() {
        Some(sql) => sql,
        None => {
            let built = format!(
                "WITH o AS ({}), i AS ({}), h AS ({}), \
                 d AS (DELETE FROM cart_items WHERE user_id = $4 AND id = ANY($5) RETURNING 1), \
                 r AS (DELETE FROM cart_removals WHERE user_id = $4) \
                 SELECT count(*) AS lines FROM d",
                insert_json("orders", std::slice::from_ref(head), "$1")?,
                insert_json("order_items", items, "$2")?,
                insert_json("order_status_history", history, "$3")?,
            );
            SQL.get_or_init(|| built)
        }
    };
    let deleted: Deleted = Prepared(
        diesel::sql_query(sql.as_str())
            .bind::<Text, _>(to_json(serde_json::to_string(std::slice::from_ref(head)))?)
            .bind::<Text, _>(to_json(serde_json::to_string(items))?)
            .bind::<Text, _>(to_json(serde_json::to_string(history))?)
            .bind::<Text, _>(user_id)
            .bind::<diesel::sql_types::Array<Text>, _>(line_ids),
    )
    .get_result(pg)?;
    Ok(usize::try_from(deleted.lines).unwrap_or(0))
}

impl OrderStore for DieselOrderStore {
    fn place(
        &self,
        request: &PlaceRequest,
        build: &dyn Fn(Checkout) -> Result<NewOrder, OrdersError>,
    ) -> Result<Placed, OrdersError> {
        // Before the transaction: what needs no lock, and a retry is answered at once.
        let settled = read_settled(&mut *self.db.conn()?, request, request.idempotency_key.as_deref())?;
        let user_id = request.user_id.as_str();
        let (order, left) = self.db.write(|conn| {
            let (checkout, line_ids) = read_checkout_in(conn, request, settled, true)?;
            let new = build(checkout)?;
            let left = take_all(
                conn,
                new.order.items.iter().filter_map(|i| {
                    i.variant_id.as_deref().map(|v| (v, i.quantity, i.product_name.as_str(), i.size.as_str()))
                }),
            )?
            .into_iter()
            .map(|(variant, taken, stock)| (variant.to_string(), taken, stock))
            .collect::<Vec<_>>();
            let emptied = write_order(conn, &new, user_id, &line_ids)?;
            // Every line read must be the one deleted: otherwise another request used
            // (part of) this cart meanwhile, and this order must not exist.
            if emptied != line_ids.len() {
                return Err(OrdersError::CartChanged);
            }
            Ok((new.order, left))
        })?;
        // Stock moved: the other instances refresh these products (see `versions`).
        self.announce(&order);
        let stock_left = left
            .into_iter()
            .filter_map(|(variant_id, taken, stock)| {
                let item = order.items.iter().find(|i| i.variant_id.as_deref() == Some(variant_id.as_str()))?;
                Some(StockLeft { product_id: item.product_id.clone()?, variant_id, taken, stock })
            })
            .collect();
        Ok(Placed { order, stock_left })
    }

    fn find(&self, order_id: &OrderId) -> Result<Option<Order>, StoreError> {
        let mut conn = self.db.conn()?;
        load_one(&mut conn, order_id.as_str()).map_err(store_error)
    }

    fn find_by_key(&self, user_id: &UserId, key: &str) -> Result<Option<Order>, StoreError> {
        let user_id = user_id.as_str();
        let mut conn = self.db.conn()?;
        let row = orders::table
            .filter(orders::user_id.eq(user_id))
            .filter(orders::idempotency_key.eq(key))
            .select(OrderRow::as_select())
            .first(&mut *conn)
            .optional()
            .map_err(store_error)?;
        match row {
            Some(row) => Ok(assemble(&mut conn, vec![row]).map_err(store_error)?.pop()),
            None => Ok(None),
        }
    }

    fn search(&self, filter: &OrderFilter, sort: OrderSort, page: PageRequest) -> Result<Vec<Order>, StoreError> {
        let mut conn = self.db.conn()?;
        let text = text_filter(&mut conn, filter).map_err(store_error)?;
        if text.as_ref().is_some_and(TextFilter::finds_nothing) {
            return Ok(Vec::new());
        }
        // The page's ids first, read from an index that ends with the sort's keys and the id
        // (`orders_created_idx` and its kin) without touching the orders skipped to reach
        // a deep page or sorted to find the first ones; then only the page's orders.
        let query = filtered(filter, text.as_ref(), true).select(orders::id);
        let query = match sort {
            OrderSort::Newest => query.order((orders::created_at.desc(), orders::id.desc())),
            OrderSort::Oldest => query.order((orders::created_at.asc(), orders::id.asc())),
            OrderSort::TotalDesc => query.order((orders::total_paise.desc(), orders::created_at.desc(), orders::id.desc())),
            OrderSort::TotalAsc => query.order((orders::total_paise.asc(), orders::created_at.desc(), orders::id.desc())),
        };
        let offset = i64::try_from(page.offset()).unwrap_or(i64::MAX);
        let ids: Vec<String> = query.limit(i64::from(page.limit)).offset(offset).load(&mut *conn).map_err(store_error)?;
        let mut rows: Vec<OrderRow> = orders::table
            .filter(orders::id.eq_any(&ids))
            .select(OrderRow::as_select())
            .load(&mut *conn)
            .map_err(store_error)?;
        let position: HashMap<&str, usize> = ids.iter().enumerate().map(|(k, id)| (id.as_str(), k)).collect();
        rows.sort_by_key(|row| position.get(row.id.as_str()).copied());
        assemble(&mut conn, rows).map_err(store_error)
    }

    fn export_batch(&self, filter: &OrderFilter, after: Option<&ExportCursor>, limit: u32) -> Result<Vec<Order>, StoreError> {
        let mut conn = self.db.conn()?;
        let text = text_filter(&mut conn, filter).map_err(store_error)?;
        if text.as_ref().is_some_and(TextFilter::finds_nothing) {
            return Ok(Vec::new());
        }
        let mut query = filtered(filter, text.as_ref(), true);
        if let Some(after) = after {
            // Keyset paging: each batch starts where the last ended, in `orders_created_idx`.
            let at = after.created_at.naive_utc();
            query = query.filter(orders::created_at.gt(at).or(orders::created_at.eq(at).and(orders::id.gt(after.id.clone()))));
        }
        let rows = query
            .select(OrderRow::as_select())
            .order((orders::created_at.asc(), orders::id.asc()))
            .limit(i64::from(limit))
            .load(&mut *conn)
            .map_err(store_error)?;
        assemble(&mut conn, rows).map_err(store_error)
    }

    fn status_counts(&self, filter: &OrderFilter) -> Result<StatusCounts, StoreError> {
        let mut conn = self.db.conn()?;
        if let (None, None, Some((first, last))) = (&filter.text, &filter.user_id, filter.whole_days()) {
            return day_counts(&mut conn, first, last).map_err(store_error);
        }
        let mut counts = StatusCounts::default();
        let text = text_filter(&mut conn, filter).map_err(store_error)?;
        if text.as_ref().is_some_and(TextFilter::finds_nothing) {
            return Ok(counts);
        }
        let Some(text) = text else {
            // A customer's orders: one count per status is a range of
            // `orders_user_status_idx`.
            for status in DeliveryStatus::ALL {
                let n: i64 = filtered(filter, None, false)
                    .filter(orders::delivery_status.eq(status.as_str()))
                    .select(count_star())
                    .first(&mut *conn)
                    .map_err(store_error)?;
                counts.add(status, u64::try_from(n).unwrap_or(0));
            }
            return Ok(counts);
        };
        if filter.user_id.is_none() && filter.since.is_none() && filter.before.is_none() {
            return text_counts(&mut conn, &text).map_err(store_error);
        }
        // Within dates, the orders a search finds are read through indexes once: one pass
        // counts every status.
        let sums = filtered(filter, Some(&text), false).select(status_sums("1")).first(&mut *conn).map_err(store_error)?;
        add_sums(&mut counts, sums);
        Ok(counts)
    }

    fn daily_sales(&self, first: chrono::NaiveDate, last: chrono::NaiveDate) -> Result<Vec<DaySales>, StoreError> {
        let mut conn = self.db.conn()?;
        let mut days = Vec::new();
        // One indexed range per day (`orders_created_idx`): the day boundaries are India's,
        // which neither database's date functions read the same way.
        for day in first.iter_days().take_while(|d| *d <= last) {
            let since = kernel::india_midnight(day).naive_utc();
            let before = day.succ_opt().map(kernel::india_midnight).map(|t| t.naive_utc()).unwrap_or(since);
            let (orders, revenue): (i64, Option<i64>) = orders::table
                .filter(orders::created_at.ge(since))
                .filter(orders::created_at.lt(before))
                .filter(orders::delivery_status.ne(DeliveryStatus::Canceled.as_str()))
                // SUM(bigint) is NUMERIC on PostgreSQL: cast it back to paise.
                .select((count_star(), diesel::dsl::sql::<diesel::sql_types::Nullable<diesel::sql_types::BigInt>>("CAST(SUM(total_paise) AS BIGINT)")))
                .first(&mut *conn)
                .map_err(store_error)?;
            days.push(DaySales {
                day,
                orders: u64::try_from(orders).unwrap_or(0),
                revenue: Money::from_paise(revenue.unwrap_or(0)),
            });
        }
        Ok(days)
    }

    fn transition(&self, t: &Transition) -> Result<TransitionOutcome, OrdersError> {
        let outcome = self.db.write(|conn| {
            // The guard: only the change that finds the order still in `from` goes on.
            let changed = diesel::update(
                orders::table
                    .filter(orders::id.eq(&t.order_id))
                    .filter(orders::delivery_status.eq(t.from.as_str())),
            )
            .set((
                orders::delivery_status.eq(t.to.as_str()),
                orders::payment_status.eq(t.payment_status.as_str()),
                orders::delivered_on.eq(t.delivered_on.map(|d| d.naive_utc())),
                orders::updated_at.eq(t.at.naive_utc()),
            ))
            .execute(conn)
            .map_err(store_error)?;
            if changed != 1 {
                return Ok(TransitionOutcome::Stale);
            }
            // The update holds the order's row, which a new return request locks first
            // (`returns::lock_order`): a request committed before is seen here.
            let returned = super::returns::pieces_returned(conn, &t.order_id).map_err(store_error)?;
            if returned.open {
                return Err(OrdersError::HasOpenReturns);
            }
            // The pieces the shopper holds: each line's, less what finished returns took back,
            // and the replacements shipped exchanges sent instead.
            let lines: Vec<(String, Option<String>, i32, String, String)> = order_items::table
                .filter(order_items::order_id.eq(&t.order_id))
                .order(order_items::position)
                .select((order_items::id, order_items::variant_id, order_items::quantity, order_items::product_name, order_items::size))
                .load(conn)
                .map_err(store_error)?;
            let product_of = |line: &str| lines.iter().find(|l| l.0 == line).map(|l| l.3.clone()).unwrap_or_default();
            let replacements = returned
                .replacements
                .iter()
                .map(|(line, variant, quantity, size)| (Some(variant.clone()), *quantity, product_of(line), size.clone()));
            let items: Vec<(Option<String>, i32, String, String)> = lines
                .iter()
                .map(|(id, variant, quantity, product, size)| {
                    (variant.clone(), quantity - returned.taken_back.get(id).copied().unwrap_or(0), product.clone(), size.clone())
                })
                .chain(replacements)
                .filter(|(_, quantity, _, _)| *quantity > 0)
                .collect();
            match t.stock {
                StockEffect::None => {}
                StockEffect::Return => {
                    // Variants deleted since the order simply get nothing back.
                    for (variant_id, quantity, _, _) in &items {
                        if let Some(variant_id) = variant_id {
                            give_back(conn, variant_id, *quantity, t.at.naive_utc()).map_err(store_error)?;
                        }
                    }
                }
                StockEffect::Take => {
                    // A deleted variant has no stock to take: the order cannot leave CANCELED.
                    if let Some((_, _, product, size)) = items.iter().find(|i| i.0.is_none()) {
                        return Err(OrdersError::OutOfStock { product: product.clone(), size: size.clone(), available: 0 });
                    }
                    take_all(
                        conn,
                        items.iter().filter_map(|(v, q, p, s)| v.as_deref().map(|v| (v, *q, p.as_str(), s.as_str()))),
                    )?;
                }
            }
            let change = StatusChange { from: Some(t.from), to: t.to, changed_by: t.changed_by.clone(), changed_by_name: None, changed_at: t.at };
            diesel::insert_into(order_status_history::table)
                .values(&HistoryRow::from_domain(&t.order_id, &change))
                .execute(conn)
                .map_err(store_error)?;
            let reload = |conn: &mut DbConn| {
                load_one(conn, &t.order_id)
                    .map_err(store_error)?
                    .ok_or_else(|| StoreError::Backend("changed order vanished".into()))
            };
            let mut order = reload(conn)?;
            if t.documents != ::orders::Documents::None {
                // The tax invoice or credit note, in this same transaction: it exists
                // exactly when the change does, and takes the next number of its series.
                tax_documents::issue(conn, t.documents, &order, t.at)?;
                order = reload(conn)?;
            }
            Ok(TransitionOutcome::Applied(Box::new(order)))
        })?;
        if let (TransitionOutcome::Applied(order), false) = (&outcome, matches!(t.stock, StockEffect::None)) {
            self.announce(order);
        }
        Ok(outcome)
    }

    fn log_resend(&self, attempt: ResendAttempt<'_>, allow: &dyn Fn(&[Resend]) -> Result<(), OrdersError>) -> Result<(), OrdersError> {
        let ResendAttempt { user_id, order_id, since, at } = attempt;
        let (user_id, order_id) = (user_id.as_str(), order_id.as_str());
        self.db.write(|conn| {
            lock_account(conn, user_id).map_err(store_error)?;
            let sent: Vec<Resend> = confirmation_resends::table
                .filter(confirmation_resends::user_id.eq(user_id))
                .filter(confirmation_resends::sent_at.gt(since.naive_utc()))
                .order((confirmation_resends::sent_at.asc(), confirmation_resends::id.asc()))
                .select((confirmation_resends::order_id, confirmation_resends::sent_at))
                .load::<(String, chrono::NaiveDateTime)>(conn)
                .map_err(store_error)?
                .into_iter()
                .map(|(order_id, sent_at)| Resend { order_id, sent_at: sent_at.and_utc() })
                .collect();
            allow(&sent)?;
            diesel::insert_into(confirmation_resends::table)
                .values((
                    confirmation_resends::id.eq(kernel::new_id()),
                    confirmation_resends::order_id.eq(order_id),
                    confirmation_resends::user_id.eq(user_id),
                    confirmation_resends::sent_at.eq(at.naive_utc()),
                ))
                .execute(conn)
                .map_err(store_error)?;
            Ok(())
        })
    }

    fn document(&self, order_id: &OrderId, kind: ::orders::DocumentKind) -> Result<Option<::orders::TaxDocument>, StoreError> {
        let mut conn = self.db.conn()?;
        tax_documents::load(&mut conn, order_id.as_str(), kind).map_err(store_error)
    }

    fn documents_between(&self, from: chrono::NaiveDate, to: chrono::NaiveDate) -> Result<Vec<::orders::TaxDocument>, StoreError> {
        let mut conn = self.db.conn()?;
        tax_documents::between(&mut conn, from, to).map_err(store_error)
    }

    fn count_with_status(&self, status: DeliveryStatus) -> Result<u64, StoreError> {
        let mut conn = self.db.conn()?;
        Ok(day_counts(&mut conn, None, None).map_err(store_error)?.of(status))
    }
}
