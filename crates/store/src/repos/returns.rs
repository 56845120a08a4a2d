//! Returns and exchanges on SQLite or PostgreSQL. Creating a request and changing its status
//! are each ONE transaction (`Db::write`); stock moves only through the orders' guarded
//! single writes (`UPDATE variants SET stock = stock - q WHERE id = ? AND stock >= q`).

use std::collections::HashMap;

use chrono::NaiveDateTime;
use diesel::dsl::count_star;
use diesel::prelude::*;
use kernel::{Money, OrderId, PageRequest, StoreError, UserId};
use ::orders::returns::{
    ExchangeTarget, PayoutMethod, RefundRecord, ReturnChange, ReturnContext, ReturnKind, ReturnLine, ReturnOutcome, ReturnReason,
    ReturnRequest, ReturnStatus, ReturnStock, ReturnStore, ReturnTransition, VariantStock,
};
use ::orders::{DocumentKind, OrdersError, TaxDocument};

use super::orders::{give_back, load_one, stock_left, take_stock};
use crate::conn::DbConn;
use crate::db::Db;
use crate::errors::store_error;
use crate::schema::{order_items, orders, return_lines, return_requests, return_status_history, variants};
use crate::versions;

#[derive(Clone)]
pub struct DieselReturnStore {
    db: Db,
}

impl DieselReturnStore {
    pub fn new(db: Db) -> Self {
        DieselReturnStore { db }
    }

    /// Tells the other instances, after the commit, which products' stock moved.
    fn announce(&self, request: &ReturnRequest) {
        let mut ids: Vec<String> = request.lines.iter().filter_map(|l| l.product_id.clone()).collect();
        ids.sort();
        ids.dedup();
        if let Err(e) = versions::announce_stock(&self.db, &ids) {
            tracing::warn!(error = %e, request = %request.id, "could not announce the return's stock change");
        }
    }
}

/// A request as `return_requests::all_columns` reads it.
type RequestRow = (
    String,
    String,
    String,
    String,
    String,
    String,
    Option<bool>,
    Option<i64>,
    Option<String>,
    Option<String>,
    NaiveDateTime,
    NaiveDateTime,
);

type LineRow = (String, String, String, i32, Option<String>, Option<String>, Option<String>);
type ItemRow = (String, Option<String>, Option<String>, String, String, String, i64);
type HistoryRow = (String, Option<String>, String, Option<String>, String, NaiveDateTime);

/// Lines, history and the order's customer for the given rows, in the rows' order.
fn assemble(conn: &mut DbConn, rows: Vec<RequestRow>) -> QueryResult<Vec<ReturnRequest>> {
    if rows.is_empty() {
        return Ok(Vec::new());
    }
    let ids: Vec<String> = rows.iter().map(|r| r.0.clone()).collect();
    let order_ids: Vec<String> = rows.iter().map(|r| r.1.clone()).collect();
    let line_rows: Vec<LineRow> = return_lines::table
        .filter(return_lines::return_id.eq_any(&ids))
        .order((return_lines::return_id, return_lines::position))
        .select((
            return_lines::id,
            return_lines::return_id,
            return_lines::order_item_id,
            return_lines::quantity,
            return_lines::exchange_variant_id,
            return_lines::exchange_size,
            return_lines::exchange_color,
        ))
        .load(conn)?;
    let item_ids: Vec<&str> = line_rows.iter().map(|l| l.2.as_str()).collect();
    let items: HashMap<String, ItemRow> = order_items::table
        .filter(order_items::id.eq_any(&item_ids))
        .select((
            order_items::id,
            order_items::product_id,
            order_items::variant_id,
            order_items::product_name,
            order_items::size,
            order_items::color,
            order_items::price_at_purchase_paise,
        ))
        .load::<ItemRow>(conn)?
        .into_iter()
        .map(|r| (r.0.clone(), r))
        .collect();
    let customers: HashMap<String, (String, String, String)> = orders::table
        .filter(orders::id.eq_any(&order_ids))
        .select((orders::id, orders::customer_first_name, orders::customer_last_name, orders::customer_email))
        .load::<(String, String, String, String)>(conn)?
        .into_iter()
        .map(|(id, first, last, email)| (id, (format!("{first} {last}").trim().to_string(), first, email)))
        .collect();
    let mut lines: HashMap<String, Vec<ReturnLine>> = HashMap::new();
    for (id, return_id, item_id, quantity, ex_variant, ex_size, ex_color) in line_rows {
        let item = items.get(&item_id);
        lines.entry(return_id).or_default().push(ReturnLine {
            id,
            product_id: item.and_then(|i| i.1.clone()),
            variant_id: item.and_then(|i| i.2.clone()),
            product_name: item.map(|i| i.3.clone()).unwrap_or_default(),
            size: item.map(|i| i.4.clone()).unwrap_or_default(),
            color: item.map(|i| i.5.clone()).unwrap_or_default(),
            unit_price: Money::from_paise(item.map(|i| i.6).unwrap_or(0)),
            order_item_id: item_id,
            quantity,
            exchange: ex_variant.map(|variant_id| ExchangeTarget {
                variant_id,
                size: ex_size.unwrap_or_default(),
                color: ex_color.unwrap_or_default(),
            }),
        });
    }
    let history_rows: Vec<HistoryRow> = return_status_history::table
        .filter(return_status_history::return_id.eq_any(&ids))
        .order((return_status_history::return_id, return_status_history::changed_at, return_status_history::id))
        .select((
            return_status_history::return_id,
            return_status_history::from_status,
            return_status_history::to_status,
            return_status_history::note,
            return_status_history::changed_by,
            return_status_history::changed_at,
        ))
        .load(conn)?;
    let mut documents = super::tax_documents::return_refs(conn, &ids)?;
    let mut history: HashMap<String, Vec<ReturnChange>> = HashMap::new();
    for (return_id, from, to, note, changed_by, at) in history_rows {
        history.entry(return_id).or_default().push(ReturnChange {
            from: from.as_deref().and_then(ReturnStatus::parse),
            to: ReturnStatus::parse(&to).unwrap_or(ReturnStatus::Requested),
            note,
            changed_by,
            changed_at: at.and_utc(),
        });
    }
    Ok(rows
        .into_iter()
        .map(|(id, order_id, user_id, kind, reason, status, restocked, refund_paise, method, masked, created, updated)| {
            let (customer_name, customer_first_name, customer_email) = customers.get(&order_id).cloned().unwrap_or_default();
            let refund = match (refund_paise, method.as_deref().and_then(PayoutMethod::parse), masked) {
                (Some(paise), Some(method), Some(account_masked)) => {
                    Some(RefundRecord { amount: Money::from_paise(paise), method, account_masked })
                }
                _ => None,
            };
            ReturnRequest {
                documents: documents.remove(&id).unwrap_or_default(),
                lines: lines.remove(&id).unwrap_or_default(),
                history: history.remove(&id).unwrap_or_default(),
                id,
                order_id,
                user_id,
                customer_name,
                customer_first_name,
                customer_email,
                // The table's CHECKs allow only these names.
                kind: ReturnKind::parse(&kind).unwrap_or(ReturnKind::Refund),
                reason: ReturnReason::parse(&reason).unwrap_or(ReturnReason::ChangedMyMind),
                status: ReturnStatus::parse(&status).unwrap_or(ReturnStatus::Requested),
                restocked,
                refund,
                created_at: created.and_utc(),
                updated_at: updated.and_utc(),
            }
        })
        .collect())
}

fn load(conn: &mut DbConn, id: &str) -> QueryResult<Option<ReturnRequest>> {
    let row: Option<RequestRow> = return_requests::table.find(id).select(return_requests::all_columns).first(conn).optional()?;
    Ok(match row {
        Some(row) => assemble(conn, vec![row])?.pop(),
        None => None,
    })
}

fn write_change(conn: &mut DbConn, return_id: &str, change: &ReturnChange) -> QueryResult<usize> {
    diesel::insert_into(return_status_history::table)
        .values((
            return_status_history::id.eq(kernel::new_id()),
            return_status_history::return_id.eq(return_id),
            return_status_history::from_status.eq(change.from.map(ReturnStatus::as_str)),
            return_status_history::to_status.eq(change.to.as_str()),
            return_status_history::note.eq(change.note.as_deref()),
            return_status_history::changed_by.eq(&change.changed_by),
            return_status_history::changed_at.eq(change.changed_at.naive_utc()),
        ))
        .execute(conn)
}

/// Queues this transaction behind any other that changes requests of the same order
/// (PostgreSQL; SQLite's write transaction already runs alone).
pub(crate) fn lock_order(conn: &mut DbConn, order_id: &str) -> QueryResult<()> {
    if let DbConn::Postgres(pg) = conn {
        orders::table.find(order_id).select(orders::id).for_no_key_update().load::<String>(pg)?;
    }
    Ok(())
}

/// What an order's return requests mean for its status changes.
pub(crate) struct PiecesReturned {
    /// A request is still on its way ([`ReturnStatus::is_open`]).
    pub open: bool,
    /// Per order line, the pieces finished requests took back ([`ReturnStatus::took_pieces_back`]).
    pub taken_back: HashMap<String, i32>,
    /// The replacements shipped exchanges sent the shopper: (order line, variant, pieces, size).
    /// The shopper holds these instead of the pieces sent back.
    pub replacements: Vec<(String, String, i32, String)>,
}

pub(crate) fn pieces_returned(conn: &mut DbConn, order_id: &str) -> QueryResult<PiecesReturned> {
    type Line = (String, String, i32, Option<String>, Option<String>);
    let lines: Vec<Line> = return_lines::table
        .inner_join(return_requests::table)
        .filter(return_requests::order_id.eq(order_id))
        .order((return_requests::created_at, return_lines::position))
        .select((
            return_requests::status,
            return_lines::order_item_id,
            return_lines::quantity,
            return_lines::exchange_variant_id,
            return_lines::exchange_size,
        ))
        .load(conn)?;
    let mut returned = PiecesReturned { open: false, taken_back: HashMap::new(), replacements: Vec::new() };
    for (status, item, quantity, replacement, size) in lines {
        let status = ReturnStatus::parse(&status);
        returned.open |= status.is_some_and(ReturnStatus::is_open);
        if status.is_some_and(ReturnStatus::took_pieces_back) {
            *returned.taken_back.entry(item.clone()).or_default() += quantity;
        }
        if let (Some(ReturnStatus::ExchangeShipped), Some(variant)) = (status, replacement) {
            returned.replacements.push((item, variant, quantity, size.unwrap_or_default()));
        }
    }
    Ok(returned)
}

impl ReturnStore for DieselReturnStore {
    fn create(
        &self,
        order_id: &OrderId,
        targets: &[String],
        build: &dyn Fn(ReturnContext) -> Result<ReturnRequest, OrdersError>,
    ) -> Result<Option<ReturnRequest>, OrdersError> {
        self.db.write(|conn| {
            lock_order(conn, order_id.as_str()).map_err(store_error)?;
            let Some(order) = load_one(conn, order_id.as_str()).map_err(store_error)? else {
                return Ok(None);
            };
            let open: Vec<String> = return_requests::table
                .filter(return_requests::order_id.eq(order_id.as_str()))
                .filter(return_requests::status.ne_all(ReturnStatus::DROPPED.map(ReturnStatus::as_str)))
                .select(return_requests::id)
                .load(conn)
                .map_err(store_error)?;
            let mut already: HashMap<String, i32> = HashMap::new();
            let taken: Vec<(String, i32)> = return_lines::table
                .filter(return_lines::return_id.eq_any(&open))
                .select((return_lines::order_item_id, return_lines::quantity))
                .load(conn)
                .map_err(store_error)?;
            for (item, quantity) in taken {
                *already.entry(item).or_default() += quantity;
            }
            let named = targets.iter().cloned().chain(order.items.iter().filter_map(|i| i.variant_id.clone()));
            let targets: Vec<VariantStock> = variants::table
                .filter(variants::id.eq_any(named.collect::<Vec<_>>()))
                .select((variants::id, variants::product_id, variants::size, variants::color, variants::stock, variants::original_price_paise))
                .load::<(String, String, String, String, i32, i64)>(conn)
                .map_err(store_error)?
                .into_iter()
                .map(|(id, product_id, size, color, stock, price)| VariantStock { id, product_id, size, color, stock, price: Money::from_paise(price) })
                .collect();
            let request = build(ReturnContext { order, already, targets })?;
            diesel::insert_into(return_requests::table)
                .values((
                    return_requests::id.eq(&request.id),
                    return_requests::order_id.eq(&request.order_id),
                    return_requests::user_id.eq(&request.user_id),
                    return_requests::kind.eq(request.kind.as_str()),
                    return_requests::reason.eq(request.reason.as_str()),
                    return_requests::status.eq(request.status.as_str()),
                    return_requests::created_at.eq(request.created_at.naive_utc()),
                    return_requests::updated_at.eq(request.updated_at.naive_utc()),
                ))
                .execute(conn)
                .map_err(store_error)?;
            // Row by row: MultiConnection has no multi-row insert.
            for (position, line) in request.lines.iter().enumerate() {
                diesel::insert_into(return_lines::table)
                    .values((
                        return_lines::id.eq(&line.id),
                        return_lines::return_id.eq(&request.id),
                        return_lines::order_item_id.eq(&line.order_item_id),
                        return_lines::quantity.eq(line.quantity),
                        return_lines::exchange_variant_id.eq(line.exchange.as_ref().map(|t| t.variant_id.as_str())),
                        return_lines::exchange_size.eq(line.exchange.as_ref().map(|t| t.size.as_str())),
                        return_lines::exchange_color.eq(line.exchange.as_ref().map(|t| t.color.as_str())),
                        return_lines::position.eq(i32::try_from(position).unwrap_or(i32::MAX)),
                    ))
                    .execute(conn)
                    .map_err(store_error)?;
            }
            for change in &request.history {
                write_change(conn, &request.id, change).map_err(store_error)?;
            }
            let stored = load(conn, &request.id).map_err(store_error)?;
            Ok(stored)
        })
    }

    fn find(&self, return_id: &str) -> Result<Option<ReturnRequest>, StoreError> {
        let mut conn = self.db.conn()?;
        load(&mut conn, return_id).map_err(store_error)
    }

    fn for_user(&self, user_id: &UserId) -> Result<Vec<ReturnRequest>, StoreError> {
        let mut conn = self.db.conn()?;
        let rows: Vec<RequestRow> = return_requests::table
            .filter(return_requests::user_id.eq(user_id.as_str()))
            .order((return_requests::created_at.desc(), return_requests::id.desc()))
            .select(return_requests::all_columns)
            .load(&mut *conn)
            .map_err(store_error)?;
        assemble(&mut conn, rows).map_err(store_error)
    }

    fn search(&self, status: Option<ReturnStatus>, page: PageRequest) -> Result<(Vec<ReturnRequest>, u64), StoreError> {
        let mut conn = self.db.conn()?;
        let filtered = || {
            let mut query = return_requests::table.into_boxed();
            if let Some(status) = status {
                query = query.filter(return_requests::status.eq(status.as_str()));
            }
            query
        };
        let total: i64 = filtered().select(count_star()).first(&mut *conn).map_err(store_error)?;
        let offset = i64::try_from(page.offset()).unwrap_or(i64::MAX);
        let rows: Vec<RequestRow> = filtered()
            .order((return_requests::created_at.desc(), return_requests::id.desc()))
            .select(return_requests::all_columns)
            .limit(i64::from(page.limit))
            .offset(offset)
            .load(&mut *conn)
            .map_err(store_error)?;
        Ok((assemble(&mut conn, rows).map_err(store_error)?, u64::try_from(total).unwrap_or(0)))
    }

    fn transition(&self, t: &ReturnTransition) -> Result<ReturnOutcome, OrdersError> {
        let outcome = self.db.write(|conn| {
            // The guard: only the change that finds the request still in `from` goes on.
            let changed = diesel::update(
                return_requests::table
                    .filter(return_requests::id.eq(&t.return_id))
                    .filter(return_requests::status.eq(t.from.as_str())),
            )
            .set((
                return_requests::status.eq(t.to.as_str()),
                return_requests::updated_at.eq(t.at.naive_utc()),
            ))
            .execute(conn)
            .map_err(store_error)?;
            if changed != 1 {
                return Ok(ReturnOutcome::Stale);
            }
            let request = load(conn, &t.return_id)
                .map_err(store_error)?
                .ok_or_else(|| StoreError::Backend("changed return vanished".into()))?;
            match t.stock {
                ReturnStock::None => {}
                ReturnStock::Reserve => {
                    // In variant-id order, so two transactions never wait on each other in
                    // opposite orders; the first short replacement undoes everything.
                    let mut wanted: Vec<(&ExchangeTarget, &ReturnLine)> =
                        request.lines.iter().filter_map(|l| l.exchange.as_ref().map(|t| (t, l))).collect();
                    wanted.sort_by(|a, b| a.0.variant_id.cmp(&b.0.variant_id));
                    for (target, line) in wanted {
                        if !take_stock(conn, &target.variant_id, line.quantity).map_err(store_error)? {
                            let available = stock_left(conn, &target.variant_id).map_err(store_error)?;
                            return Err(OrdersError::OutOfStock { product: line.product_name.clone(), size: target.size.clone(), available });
                        }
                    }
                }
                ReturnStock::Release => {
                    // The replacements set aside at approval (a variant deleted since takes nothing).
                    for line in &request.lines {
                        if let Some(target) = &line.exchange {
                            give_back(conn, &target.variant_id, line.quantity, t.at.naive_utc()).map_err(store_error)?;
                        }
                    }
                }
                ReturnStock::Restock => {
                    // Pieces of a variant deleted since go nowhere.
                    for line in &request.lines {
                        if let Some(variant_id) = &line.variant_id {
                            give_back(conn, variant_id, line.quantity, t.at.naive_utc()).map_err(store_error)?;
                        }
                    }
                }
            }
            if let Some(restocked) = t.restocked {
                diesel::update(return_requests::table.find(&t.return_id))
                    .set(return_requests::restocked.eq(restocked))
                    .execute(conn)
                    .map_err(store_error)?;
            }
            if let Some(refund) = &t.refund {
                diesel::update(return_requests::table.find(&t.return_id))
                    .set((
                        return_requests::refund_paise.eq(refund.amount.paise()),
                        return_requests::refund_method.eq(refund.method.as_str()),
                        return_requests::refund_account_masked.eq(&refund.account_masked),
                    ))
                    .execute(conn)
                    .map_err(store_error)?;
            }
            // The credit note (and a replacement's invoice), in this same transaction.
            super::tax_documents::issue_for_return(conn, t.documents, &request, t.at)?;
            let change = ReturnChange { from: Some(t.from), to: t.to, note: t.note.clone(), changed_by: t.changed_by.clone(), changed_at: t.at };
            write_change(conn, &t.return_id, &change).map_err(store_error)?;
            let done = load(conn, &t.return_id)
                .map_err(store_error)?
                .ok_or_else(|| StoreError::Backend("changed return vanished".into()))?;
            Ok(ReturnOutcome::Applied(Box::new(done)))
        })?;
        if let (ReturnOutcome::Applied(done), false) = (&outcome, matches!(t.stock, ReturnStock::None)) {
            self.announce(done);
        }
        Ok(outcome)
    }

    fn document(&self, return_id: &str, kind: DocumentKind) -> Result<Option<TaxDocument>, StoreError> {
        let mut conn = self.db.conn()?;
        super::tax_documents::load_for_return(&mut conn, return_id, kind).map_err(store_error)
    }
}
