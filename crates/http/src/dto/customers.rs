//! The back office's customers and the audit log.

use serde::Serialize;

use super::catalog::PaginationDto;
use super::order::OrderDto;
use super::timestamp;

/// A customer and their figures.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CustomerDto {
    pub id: String,
    pub first_name: String,
    pub last_name: String,
    pub email: String,
    pub mobile: Option<String>,
    /// When the account was made.
    pub joined_at: String,
    /// Every order the customer placed, canceled ones too.
    pub order_count: u64,
    /// Rupees: the totals of the customer's orders that are not CANCELED.
    pub total_spent: f64,
    /// When the latest order (any status) was placed; null for a customer who never ordered.
    pub last_order_at: Option<String>,
}

impl From<orders::CustomerSummary> for CustomerDto {
    fn from(c: orders::CustomerSummary) -> Self {
        CustomerDto {
            id: c.id,
            first_name: c.first_name,
            last_name: c.last_name,
            email: c.email,
            mobile: c.mobile,
            joined_at: timestamp(c.joined),
            order_count: c.orders,
            total_spent: c.spent.to_rupees(),
            last_order_at: c.last_order.map(timestamp),
        }
    }
}

/// A page of customers: `{data, pagination}`.
#[derive(Serialize, utoipa::ToSchema)]
pub struct CustomerListDto {
    pub data: Vec<CustomerDto>,
    pub pagination: PaginationDto,
}

impl From<orders::CustomerPage> for CustomerListDto {
    fn from(page: orders::CustomerPage) -> Self {
        CustomerListDto {
            pagination: PaginationDto::new(page.total, page.page),
            data: page.customers.into_iter().map(CustomerDto::from).collect(),
        }
    }
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct CustomerWithOrdersDto {
    pub customer: CustomerDto,
    /// A page of the customer's orders, newest first.
    pub orders: Vec<OrderDto>,
}

/// One customer and a page of their orders: `{data: {customer, orders}, pagination}` (the
/// pagination is the orders').
#[derive(Serialize, utoipa::ToSchema)]
pub struct CustomerDetailDto {
    pub data: CustomerWithOrdersDto,
    pub pagination: PaginationDto,
}

impl CustomerDetailDto {
    pub fn new(customer: orders::CustomerSummary, orders: orders::OrderPage) -> Self {
        CustomerDetailDto {
            pagination: PaginationDto::new(orders.total, orders.page),
            data: CustomerWithOrdersDto {
                customer: customer.into(),
                orders: orders.orders.into_iter().map(OrderDto::for_admin).collect(),
            },
        }
    }
}

/// One entry of the audit log.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AuditEntryDto {
    pub id: String,
    pub at: String,
    pub actor_id: String,
    pub actor_name: String,
    /// The part of the back office: products, categories, orders, company, legal, settings...
    pub area: String,
    /// `area.verb`, for example `products.update`, `orders.status`, `settings.cod`.
    pub action: String,
    /// The id of what was changed, when there is one.
    pub target: Option<String>,
    pub summary: String,
}

impl From<audit::AuditEntry> for AuditEntryDto {
    fn from(e: audit::AuditEntry) -> Self {
        AuditEntryDto {
            id: e.id,
            at: timestamp(e.at),
            actor_id: e.change.actor_id,
            actor_name: e.change.actor_name,
            area: e.change.area,
            action: e.change.action,
            target: e.change.target,
            summary: e.change.summary,
        }
    }
}

/// A page of the audit log, newest first: `{data, pagination}`.
#[derive(Serialize, utoipa::ToSchema)]
pub struct AuditListDto {
    pub data: Vec<AuditEntryDto>,
    pub pagination: PaginationDto,
}

impl From<audit::AuditPage> for AuditListDto {
    fn from(page: audit::AuditPage) -> Self {
        AuditListDto {
            pagination: PaginationDto::new(page.total, page.page),
            data: page.entries.into_iter().map(AuditEntryDto::from).collect(),
        }
    }
}
