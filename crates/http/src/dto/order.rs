use super::address::PostalAddressDto;
use super::timestamp;
use orders::{Order, OrderItem, StatusChange, Viewer};
use serde::{Deserialize, Serialize};

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderUserDto {
    pub first_name: String,
    pub last_name: String,
    pub email: String,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct ImageUrlDto {
    pub url: String,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ItemVariantDto {
    pub size: String,
    pub color: String,
    pub original_price: f64,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct ItemProductDto {
    pub id: Option<String>,
    pub name: String,
    pub images: Vec<ImageUrlDto>,
    pub variant: ItemVariantDto,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderItemDto {
    pub id: String,
    pub quantity: i32,
    pub price_at_purchase: f64,
    /// The struck-through price per piece when bought: above `priceAtPurchase` for an item
    /// bought at a discount (which can be exchanged but not refunded).
    pub mrp: f64,
    /// The variant sold (null once deleted from the catalogue).
    pub variant_id: Option<String>,
    /// What the line came to: price at purchase × quantity.
    pub line_total: f64,
    pub product: ItemProductDto,
}

impl From<OrderItem> for OrderItemDto {
    fn from(i: OrderItem) -> Self {
        let line_total = i.line_total().to_rupees();
        OrderItemDto {
            id: i.id,
            quantity: i.quantity,
            price_at_purchase: i.price_at_purchase.to_rupees(),
            mrp: i.mrp.to_rupees(),
            variant_id: i.variant_id,
            line_total,
            product: ItemProductDto {
                id: i.product_id,
                name: i.product_name,
                images: i.image_url.into_iter().map(|url| ImageUrlDto { url: kernel::public_url_of(&url) }).collect(),
                variant: ItemVariantDto { size: i.size, color: i.color, original_price: i.price_at_purchase.to_rupees() },
            },
        }
    }
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HistoryDto {
    pub from: Option<&'static str>,
    pub to: &'static str,
    /// Who made the change. The customer reads "You" or "Shop"; the admin reads the
    /// actor's username. Never an account id.
    pub changed_by: String,
    pub changed_at: String,
}

impl HistoryDto {
    fn new(c: StatusChange, owner_id: &str, viewer: Viewer) -> Self {
        HistoryDto {
            from: c.from.map(|s| s.as_str()),
            to: c.to.as_str(),
            changed_by: c.changed_by_label(owner_id, viewer),
            changed_at: timestamp(c.changed_at),
        }
    }
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderDto {
    pub id: String,
    pub user: OrderUserDto,
    pub items: Vec<OrderItemDto>,
    pub payment_method: String,
    pub payment_status: &'static str,
    pub delivery_status: &'static str,
    /// The delivery status in lower case (the dashboard compares it with "pending").
    pub status: String,
    pub order_date: String,
    pub order_total: f64,
    pub subtotal: f64,
    pub discount: f64,
    pub address: PostalAddressDto,
    /// YYYY-MM-DD
    pub expected_delivery_date: String,
    pub delivered_on: Option<String>,
    pub created_at: String,
    pub history: Vec<HistoryDto>,
    /// The tax invoice, once issued (`GET /api/orders/{id}/invoice.pdf`).
    pub invoice: Option<DocumentRefDto>,
    /// The credit note, once issued (`GET /api/orders/{id}/credit-note.pdf`).
    pub credit_note: Option<DocumentRefDto>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DocumentRefDto {
    /// `PREFIX/YY-YY/N`
    pub number: String,
    /// India's date of issue, YYYY-MM-DD.
    pub issued_on: String,
}

impl From<orders::DocumentRef> for DocumentRefDto {
    fn from(d: orders::DocumentRef) -> Self {
        DocumentRefDto { number: d.number, issued_on: d.issued_on.format("%Y-%m-%d").to_string() }
    }
}

impl OrderDto {
    /// The order as the customer who placed it sees it.
    pub fn for_owner(o: Order) -> Self {
        Self::new(o, Viewer::Owner)
    }

    /// The order as the back office sees it.
    pub fn for_admin(o: Order) -> Self {
        Self::new(o, Viewer::Admin)
    }

    fn new(o: Order, viewer: Viewer) -> Self {
        let owner = o.user_id;
        OrderDto {
            id: o.id,
            user: OrderUserDto { first_name: o.customer.first_name, last_name: o.customer.last_name, email: o.customer.email },
            items: o.items.into_iter().map(OrderItemDto::from).collect(),
            payment_method: o.payment_method,
            payment_status: o.payment_status.as_str(),
            delivery_status: o.delivery_status.as_str(),
            status: o.delivery_status.as_str().to_lowercase(),
            order_date: timestamp(o.created_at),
            order_total: o.total.to_rupees(),
            subtotal: o.subtotal.to_rupees(),
            discount: o.discount.to_rupees(),
            address: o.address.into(),
            expected_delivery_date: o.expected_delivery_date.format("%Y-%m-%d").to_string(),
            delivered_on: o.delivered_on.map(timestamp),
            created_at: timestamp(o.created_at),
            history: o.history.into_iter().map(|c| HistoryDto::new(c, &owner, viewer)).collect(),
            invoice: o.invoice.map(DocumentRefDto::from),
            credit_note: o.credit_note.map(DocumentRefDto::from),
        }
    }
}

/// The place-order form. Prices, totals and e-mail come from the server, never from here.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PlaceOrderRequest {
    /// One of the caller's addresses.
    #[schema(value_type = uuid::Uuid, required = true)]
    pub address_id: Option<String>,
    /// Cash on delivery is the one payment method.
    #[schema(value_type = PaymentMethod, required = true)]
    pub payment_method: Option<String>,
    /// The total the shopper was shown, in rupees (the cart's `summary.total`): when the
    /// cart's prices have changed since, nothing is ordered and the answer is 409
    /// `prices_changed` with the new total. The order is always charged the catalogue's prices.
    #[schema(minimum = 0)]
    pub expected_total: Option<f64>,
}

/// How an order is paid.
#[derive(utoipa::ToSchema)]
#[allow(dead_code, clippy::upper_case_acronyms)]
pub enum PaymentMethod {
    /// Cash on delivery.
    COD,
}

crate::openapi::names::named_list_schema!(pub DeliveryStatusName = orders::DeliveryStatus, "The delivery statuses an order moves through.");

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PlacedOrderAnswer {
    pub data: OrderDto,
    pub message: &'static str,
    /// Whether this request handed the confirmation e-mail to the mail system (false for a
    /// repeat: the first request sent it).
    pub email_sent: bool,
    /// False when an earlier request with the same `Idempotency-Key` placed the order: this
    /// answer is its repeat (200), and knows nothing of that request's e-mail.
    pub created: bool,
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StatusRequest {
    #[schema(value_type = DeliveryStatusName, required = true)]
    pub delivery_status: Option<String>,
    /// The status the admin saw the order in: when it is no longer that (the customer
    /// cancelled meanwhile, say), nothing changes and the answer is 409 `status_changed`.
    #[schema(value_type = Option<DeliveryStatusName>)]
    pub expected_status: Option<String>,
}

impl StatusRequest {
    pub fn into_change(self) -> orders::NewStatus {
        orders::NewStatus { to: self.delivery_status.unwrap_or_default(), seen: self.expected_status }
    }
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct OrderRef {
    #[schema(value_type = Option<uuid::Uuid>)]
    pub id: Option<String>,
}

/// `{ orderId }` or the web app's `{ orderData: { id }, email }`; any `email` is ignored.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SendConfirmationRequest {
    /// The caller's order (or give it as `orderData.id`).
    #[schema(value_type = Option<uuid::Uuid>)]
    pub order_id: Option<String>,
    pub order_data: Option<OrderRef>,
}

impl SendConfirmationRequest {
    pub fn order_id(self) -> Option<String> {
        self.order_id.or(self.order_data.and_then(|d| d.id))
    }
}

/// How many orders of each status match the list's other filters (the back office's tabs).
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StatusCountsDto {
    /// Every status together.
    pub all: u64,
    pub pending: u64,
    pub shipped: u64,
    pub delivered: u64,
    pub canceled: u64,
}

impl From<orders::StatusCounts> for StatusCountsDto {
    fn from(c: orders::StatusCounts) -> Self {
        StatusCountsDto { all: c.total(), pending: c.pending, shipped: c.shipped, delivered: c.delivered, canceled: c.canceled }
    }
}

/// A page of orders: `{data, pagination, counts}`.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderListDto {
    pub data: Vec<OrderDto>,
    pub pagination: super::catalog::PaginationDto,
    pub counts: StatusCountsDto,
}

impl OrderListDto {
    pub fn new(page: orders::OrderPage, view: fn(Order) -> OrderDto) -> Self {
        OrderListDto {
            pagination: super::catalog::PaginationDto::new(page.total, page.page),
            counts: page.counts.into(),
            data: page.orders.into_iter().map(view).collect(),
        }
    }
}

/// Moves several orders to one status.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BulkStatusRequest {
    /// 1 to 100 orders; a repeated id counts once.
    #[schema(min_items = 1, max_items = 100)]
    pub order_ids: Vec<uuid::Uuid>,
    #[schema(value_type = DeliveryStatusName, required = true)]
    pub delivery_status: Option<String>,
    /// By order id, the status the admin saw each order in (a list goes stale): an order no
    /// longer in it is left as it is, its result 409 `status_changed`.
    #[schema(value_type = Option<HashMap<uuid::Uuid, DeliveryStatusName>>)]
    pub expected_statuses: Option<std::collections::HashMap<uuid::Uuid, String>>,
}

/// What happened to one order of a bulk change.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BulkResultDto {
    pub order_id: String,
    /// The status this order's own change would have answered (200, 404, 409, ...).
    pub status: u16,
    /// The order after the change, when it succeeded.
    pub order: Option<OrderDto>,
    /// Why it was refused, when it was.
    pub error: Option<super::docs::ErrorBody>,
}

#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BulkStatusAnswer {
    /// One result per distinct order id, in the request's order.
    pub data: Vec<BulkResultDto>,
    /// How many orders changed (or already had the status).
    pub updated: u64,
    /// How many were refused.
    pub failed: u64,
    pub message: String,
}

/// One India calendar day of the dashboard's chart.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DaySalesDto {
    /// YYYY-MM-DD, India time.
    pub date: String,
    /// Orders placed that day, cancelled ones left out.
    pub orders: u64,
    /// What they came to, in rupees.
    pub revenue: f64,
}

impl From<orders::DaySales> for DaySalesDto {
    fn from(d: orders::DaySales) -> Self {
        DaySalesDto { date: d.day.format("%Y-%m-%d").to_string(), orders: d.orders, revenue: d.revenue.to_rupees() }
    }
}

/// The back office's figures.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FiguresDto {
    /// Today (India time).
    pub today: DaySalesDto,
    /// The last 30 days, oldest first, today last, days without orders included.
    pub days: Vec<DaySalesDto>,
    /// Orders waiting to ship (PENDING).
    pub pending_orders: u64,
    /// Variants with 1 to `lowStockMax` pieces left.
    pub low_stock_variants: u64,
    pub out_of_stock_variants: u64,
    pub low_stock_max: i32,
}
