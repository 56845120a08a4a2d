//! The back office's customers: every CUSTOMER account with what they have ordered.
//!
//! Figures, per customer: `orders` counts every order they placed (canceled ones too: the
//! owner sees how often someone orders); `spent` adds the totals of their orders that are
//! not CANCELED (what they paid or will pay on delivery, in paise); `last_order` is when
//! their latest order of any status was placed. The store computes them in SQL.

use std::sync::Arc;

use chrono::{DateTime, Utc};
use kernel::{Money, PageRequest, StoreError, UserId};

use crate::error::OrdersError;
use crate::listing::{OrderPage, TextMatch};
use crate::ports::OrdersApi;

/// Customers on a page when `limit` is not given, and the most a page may hold.
pub const DEFAULT_PAGE_SIZE: u32 = 20;
pub const MAX_PAGE_SIZE: u32 = 100;

/// One customer and their figures.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CustomerSummary {
    pub id: String,
    pub first_name: String,
    pub last_name: String,
    pub email: String,
    pub mobile: Option<String>,
    pub joined: DateTime<Utc>,
    pub orders: u64,
    pub spent: Money,
    pub last_order: Option<DateTime<Utc>>,
}

kernel::named_enum!(
    /// How the customer list is sorted; the names are the API's `sort` values.
    #[derive(Default)]
    pub enum CustomerSort {
        /// Latest order first; customers who never ordered last, newest account first.
        #[default]
        LastOrder = "last_order",
        SpentDesc = "spent_desc",
        OrdersDesc = "orders_desc",
        Name = "name",
        Newest = "newest",
    }
);

/// What the back office asks for.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct CustomerSearch {
    /// Part of the name ("first last") or e-mail, or digits of the mobile number.
    pub text: Option<String>,
    pub sort: CustomerSort,
    pub page: PageRequest,
}

/// A page of customers and how many match across pages.
#[derive(Debug, Clone, PartialEq)]
pub struct CustomerPage {
    pub customers: Vec<CustomerSummary>,
    pub total: u64,
    pub page: PageRequest,
}

/// Outbound port: the customers and their figures, aggregated by the database.
pub trait CustomerStore: Send + Sync {
    /// A page of CUSTOMER accounts matching `text` (none: all), in `sort` order, and the
    /// number matching.
    fn customers(&self, text: Option<&TextMatch>, sort: CustomerSort, page: PageRequest) -> Result<(Vec<CustomerSummary>, u64), StoreError>;
    /// One CUSTOMER account with its figures; `None` for an unknown id or a staff account.
    fn customer(&self, id: &UserId) -> Result<Option<CustomerSummary>, StoreError>;
}

/// Inbound port: the back office's customer pages (admin).
pub trait CustomersApi: Send + Sync {
    /// A page of customers. Errors: `Storage`.
    fn list(&self, search: CustomerSearch) -> Result<CustomerPage, OrdersError>;
    /// One customer and a page of their orders, newest first. Errors: `CustomerNotFound`, `Storage`.
    fn detail(&self, id: &UserId, page: PageRequest) -> Result<(CustomerSummary, OrderPage), OrdersError>;
}

/// The customer pages over the store and the orders' own paged history.
pub struct CustomerService {
    store: Arc<dyn CustomerStore>,
    orders: Arc<dyn OrdersApi>,
}

impl CustomerService {
    pub fn new(store: Arc<dyn CustomerStore>, orders: Arc<dyn OrdersApi>) -> Self {
        CustomerService { store, orders }
    }
}

impl CustomersApi for CustomerService {
    fn list(&self, search: CustomerSearch) -> Result<CustomerPage, OrdersError> {
        let text = search.text.as_deref().and_then(TextMatch::of);
        let (customers, total) = self.store.customers(text.as_ref(), search.sort, search.page)?;
        Ok(CustomerPage { customers, total, page: search.page })
    }

    fn detail(&self, id: &UserId, page: PageRequest) -> Result<(CustomerSummary, OrderPage), OrdersError> {
        let customer = self.store.customer(id)?.ok_or(OrdersError::CustomerNotFound)?;
        let orders = self.orders.my_orders(id, page)?;
        Ok((customer, orders))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sort_names_are_read_exactly() {
        assert_eq!(CustomerSort::parse("spent_desc"), Some(CustomerSort::SpentDesc));
        assert_eq!(CustomerSort::parse("last_order"), Some(CustomerSort::LastOrder));
        assert_eq!(CustomerSort::parse("Spent_desc"), None);
        assert_eq!(CustomerSort::parse(""), None);
    }
}
