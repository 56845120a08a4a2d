//! The back office's orders as a CSV file (admin): every order the list's filters select,
//! oldest first, ONE LINE PER ORDER ITEM with its order's columns repeated (so a
//! spreadsheet can total quantities per product and, filtering on the first line of each
//! order, the orders' totals). UTF-8 with a byte-order mark, formula cells neutralised as in
//! the catalogue file, dates and times in India time, amounts in rupees with two decimals
//! and no grouping (so a spreadsheet reads them as numbers). Written a batch of orders at a
//! time while it is sent: 100,000 orders never sit in memory at once.

use actix_web::{get, web, HttpResponse};
use kernel::INDIA;
use orders::listing::{ExportCursor, EXPORT_BATCH};
use kernel::PageRequest;
use orders::{Order, OrderSearch, OrderSort};
use utoipa_actix_web::service_config::ServiceConfig;

use super::catalog_csv::{neutralised, BOM};
use super::orders::OrderFilterParams;
use crate::auth::AdminUser;
use crate::error::{blocking, ApiError};
use crate::openapi::responses::{Invalid, RoleRequired, Unprocessable};
use crate::state::AppState;

pub fn routes(cfg: &mut ServiceConfig) {
    cfg.service(export);
}

pub const COLUMNS: [&str; 24] = [
    "Order",
    "Order ID",
    "Placed (India time)",
    "Status",
    "Payment method",
    "Payment status",
    "Customer",
    "E-mail",
    "Deliver to",
    "Phone",
    "Address",
    "Landmark",
    "City",
    "State",
    "PIN code",
    "Product",
    "Size",
    "Colour",
    "Quantity",
    "Price (₹)",
    "Line total (₹)",
    "Order MRP total (₹)",
    "Order discount (₹)",
    "Order total (₹)",
];

/// The lines of some orders, each item a line, as CSV text (no header).
pub fn order_lines(orders: &[Order]) -> Result<Vec<u8>, ApiError> {
    let mut csv = csv::WriterBuilder::new().terminator(csv::Terminator::CRLF).from_writer(Vec::new());
    for o in orders {
        let placed = o.created_at.with_timezone(&INDIA).format("%Y-%m-%d %H:%M").to_string();
        let customer = format!("{} {}", o.customer.first_name, o.customer.last_name).trim().to_string();
        let address = [Some(o.address.address_line1.as_str()), o.address.address_line2.as_deref()]
            .into_iter()
            .flatten()
            .filter(|l| !l.trim().is_empty())
            .collect::<Vec<_>>()
            .join(", ");
        let order_cells = [
            format!("#{}", o.id.get(..8).unwrap_or(&o.id).to_uppercase()),
            o.id.clone(),
            placed,
            o.delivery_status.as_str().to_string(),
            o.payment_method.clone(),
            o.payment_status.as_str().to_string(),
            customer,
            o.customer.email.clone(),
            o.address.full_name.clone(),
            o.address.phone.clone().unwrap_or_default(),
            address,
            o.address.landmark.clone().unwrap_or_default(),
            o.address.city.clone(),
            o.address.state.clone(),
            o.address.postal_code.clone(),
        ];
        let totals = [o.subtotal.to_rupees_text(), o.discount.to_rupees_text(), o.total.to_rupees_text()];
        for item in &o.items {
            let item_cells = [
                item.product_name.clone(),
                item.size.clone(),
                item.color.clone(),
                item.quantity.to_string(),
                item.price_at_purchase.to_rupees_text(),
                item.line_total().to_rupees_text(),
            ];
            let record = order_cells.iter().chain(&item_cells).chain(&totals).map(|c| neutralised(c));
            csv.write_record(record).map_err(ApiError::internal)?;
        }
    }
    csv.into_inner().map_err(|e| ApiError::internal(e.to_string()))
}

fn header() -> Result<Vec<u8>, ApiError> {
    let mut csv = csv::WriterBuilder::new().terminator(csv::Terminator::CRLF).from_writer(BOM.as_bytes().to_vec());
    csv.write_record(COLUMNS).map_err(ApiError::internal)?;
    csv.into_inner().map_err(|e| ApiError::internal(e.to_string()))
}

/// Where the file is: the next batch starts after `after`; `None` once the last is sent.
struct Progress {
    state: web::Data<AppState>,
    search: OrderSearch,
    after: Option<ExportCursor>,
}

/// The next batch of lines, and where the file goes on from.
async fn next_batch(progress: Progress) -> Option<(Result<web::Bytes, std::io::Error>, Option<Progress>)> {
    let orders = progress.state.orders.clone();
    let (search, after) = (progress.search.clone(), progress.after.clone());
    let batch = match blocking(move || orders.export_orders(&search, after.as_ref())).await {
        Ok(batch) => batch,
        Err(e) => {
            tracing::warn!(error = %e, "the orders export stopped half-way");
            return Some((Err(std::io::Error::other("the export stopped")), None));
        }
    };
    let last = batch.len() < EXPORT_BATCH as usize;
    let next = batch.last().map(ExportCursor::after).filter(|_| !last);
    let bytes = order_lines(&batch).map_err(|e| std::io::Error::other(e.to_string()));
    Some((bytes.map(web::Bytes::from), next.map(|after| Progress { after: Some(after), ..progress })))
}

#[utoipa::path(
    tag = "orders",
    params(OrderFilterParams),
    responses(
        (status = 200, description = "Every order the filters select as CSV (UTF-8 with a byte-order mark), oldest first, one line per order item (admin)", content_type = "text/csv", body = String),
        Invalid, RoleRequired, Unprocessable
    )
)]
#[get("/orders/export")]
async fn export(state: web::Data<AppState>, _admin: AdminUser, filters: web::Query<OrderFilterParams>) -> Result<HttpResponse, ApiError> {
    // Every order the filters select, oldest first in batches: the list's paging and sort do not apply.
    let search = filters.into_inner().into_search(PageRequest::default(), OrderSort::Newest)?;
    // The filters' rules (a backwards date range) answer before the file starts.
    search.filter().map_err(ApiError::from)?;
    let day = kernel::india_day(chrono::Utc::now()).format("%Y-%m-%d");
    let head = futures_util::stream::once(std::future::ready(header().map(web::Bytes::from).map_err(|e| std::io::Error::other(e.to_string()))));
    let first = Progress { state, search, after: None };
    let body = futures_util::stream::unfold(Some(first), |progress| async move {
        match progress {
            Some(p) => next_batch(p).await,
            None => None,
        }
    });
    use futures_util::StreamExt;
    Ok(super::attachment("text/csv; charset=utf-8", &format!("orders-{day}.csv")).streaming(head.chain(body)))
}
