//! Orders change stock; shoppers read stock from the catalogue snapshot. This decorator
//! updates the products an order touched right after the order's transaction commits (a
//! placement with the stock its writes returned, other changes by re-reading them), so a
//! listing read after an order shows the new stock.

use std::sync::Arc;

use catalog::ports::StockWrite;
use catalog::CatalogApi;
use orders::{Customer, Order, OrderPage, OrderSearch, OrdersApi, OrdersError, PlaceOrderInput, PlacedOrder, SalesFigures};
use kernel::{OrderId, PageRequest, UserId};
use orders::returns::{ReturnAnswer, ReturnInput, ReturnPage, ReturnRequest, ReturnStatus, ReturnStatusInput, ReturnsApi};

pub struct CatalogSyncedOrders<O> {
    inner: O,
    catalog: Arc<dyn CatalogApi>,
}

impl<O: OrdersApi> CatalogSyncedOrders<O> {
    pub fn new(inner: O, catalog: Arc<dyn CatalogApi>) -> Self {
        CatalogSyncedOrders { inner, catalog }
    }

    fn refresh(&self, order: &Order) {
        let mut ids: Vec<String> = order.items.iter().filter_map(|i| i.product_id.clone()).collect();
        ids.sort();
        ids.dedup();
        // The order is committed whatever happens here; a failed refresh only delays the
        // new stock figures until the next catalogue change.
        if let Err(e) = self.catalog.refresh_products(&ids) {
            tracing::warn!(error = %e, order = %order.id, "could not refresh the catalogue after an order");
        }
    }
}

impl<O: OrdersApi> OrdersApi for CatalogSyncedOrders<O> {
    fn place(&self, customer: &Customer, input: PlaceOrderInput) -> Result<PlacedOrder, OrdersError> {
        let placed = self.inner.place(customer, input)?;
        if placed.created {
            // The figures the order's own stock writes returned: no read of the products.
            let writes: Vec<StockWrite> = placed
                .stock_left
                .iter()
                .map(|l| StockWrite { product_id: l.product_id.clone(), variant_id: l.variant_id.clone(), taken: l.taken, left: l.stock })
                .collect();
            if let Err(e) = self.catalog.stock_left(&writes) {
                tracing::warn!(error = %e, order = %placed.order.id, "could not update the catalogue's stock after an order");
            }
        }
        Ok(placed)
    }

    fn my_orders(&self, user_id: &UserId, page: PageRequest) -> Result<OrderPage, OrdersError> {
        self.inner.my_orders(user_id, page)
    }

    fn cancel(&self, user_id: &UserId, order_id: &OrderId) -> Result<Order, OrdersError> {
        let order = self.inner.cancel(user_id, order_id)?;
        self.refresh(&order);
        Ok(order)
    }

    fn holds_account(&self, user_id: &UserId) -> Result<Option<String>, OrdersError> {
        self.inner.holds_account(user_id)
    }

    fn list_orders(&self, search: OrderSearch) -> Result<OrderPage, OrdersError> {
        self.inner.list_orders(search)
    }

    fn export_orders(&self, search: &OrderSearch, after: Option<&orders::listing::ExportCursor>) -> Result<Vec<Order>, OrdersError> {
        self.inner.export_orders(search, after)
    }

    fn sales_figures(&self) -> Result<SalesFigures, OrdersError> {
        self.inner.sales_figures()
    }

    fn set_status(&self, admin_id: &UserId, order_id: &OrderId, change: &orders::NewStatus) -> Result<Order, OrdersError> {
        let order = self.inner.set_status(admin_id, order_id, change)?;
        self.refresh(&order);
        Ok(order)
    }

    fn pending_count(&self) -> Result<u64, OrdersError> {
        self.inner.pending_count()
    }

    fn resend_confirmation(&self, customer: &Customer, order_id: &OrderId) -> Result<(), OrdersError> {
        self.inner.resend_confirmation(customer, order_id)
    }

    fn document_pdf(&self, viewer: &UserId, admin: bool, order_id: &OrderId, kind: orders::DocumentKind) -> Result<(orders::TaxDocument, Vec<u8>), OrdersError> {
        self.inner.document_pdf(viewer, admin, order_id, kind)
    }

    fn gst_report(&self, from: chrono::NaiveDate, to: chrono::NaiveDate) -> Result<orders::report::GstReport, OrdersError> {
        self.inner.gst_report(from, to)
    }
}

/// Returns move stock too (an approved exchange takes the replacement, a received return
/// puts the pieces back): the same refresh after their transaction commits.
pub struct CatalogSyncedReturns<R> {
    inner: R,
    catalog: Arc<dyn CatalogApi>,
}

impl<R: ReturnsApi> CatalogSyncedReturns<R> {
    pub fn new(inner: R, catalog: Arc<dyn CatalogApi>) -> Self {
        CatalogSyncedReturns { inner, catalog }
    }

    /// The catalogue refreshed for the request's products, after its change committed.
    fn refreshed(&self, answer: ReturnAnswer) -> ReturnAnswer {
        let mut ids: Vec<String> = answer.request.lines.iter().filter_map(|l| l.product_id.clone()).collect();
        ids.sort();
        ids.dedup();
        if let Err(e) = self.catalog.refresh_products(&ids) {
            tracing::warn!(error = %e, request = %answer.request.id, "could not refresh the catalogue after a return");
        }
        answer
    }
}

impl<R: ReturnsApi> ReturnsApi for CatalogSyncedReturns<R> {
    fn request(&self, user_id: &UserId, order_id: &OrderId, input: ReturnInput) -> Result<ReturnAnswer, OrdersError> {
        self.inner.request(user_id, order_id, input)
    }

    fn my_returns(&self, user_id: &UserId) -> Result<Vec<ReturnRequest>, OrdersError> {
        self.inner.my_returns(user_id)
    }

    fn list(&self, status: Option<ReturnStatus>, page: PageRequest) -> Result<ReturnPage, OrdersError> {
        self.inner.list(status, page)
    }

    fn withdraw(&self, user_id: &UserId, return_id: &str) -> Result<ReturnAnswer, OrdersError> {
        // A withdrawn approved exchange gives its replacement back.
        Ok(self.refreshed(self.inner.withdraw(user_id, return_id)?))
    }

    fn set_status(&self, admin_id: &UserId, return_id: &str, input: ReturnStatusInput) -> Result<ReturnAnswer, OrdersError> {
        Ok(self.refreshed(self.inner.set_status(admin_id, return_id, input)?))
    }

    fn document_pdf(&self, viewer: &UserId, admin: bool, return_id: &str, kind: orders::DocumentKind) -> Result<(orders::TaxDocument, Vec<u8>), OrdersError> {
        self.inner.document_pdf(viewer, admin, return_id, kind)
    }
}
