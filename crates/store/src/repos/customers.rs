//! The back office's customers with their figures, aggregated in SQL: one grouped query
//! over `users LEFT JOIN orders`, which reads the orders' figures from
//! `orders_customer_figures_idx` (user, status, total, date) without touching order rows.

use chrono::{DateTime, NaiveDateTime, Utc};
use diesel::dsl::{count_star, sql};
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Nullable, Timestamp};
use kernel::{Money, PageRequest, StoreError, UserId};
use ::orders::customers::{CustomerSort, CustomerStore, CustomerSummary};
use ::orders::TextMatch;

use super::orders::{names_customer, DieselOrderStore};
use crate::conn::MultiBackend;
use crate::errors::store_error;
use crate::schema::{orders, users};

/// The role whose accounts are customers.
const CUSTOMER: &str = "CUSTOMER";

/// The figures, written once for both databases (SUM over BIGINT is NUMERIC on PostgreSQL:
/// cast back to paise).
const ORDER_COUNT: &str = "COUNT(orders.id)";
const SPENT: &str = "CAST(COALESCE(SUM(CASE WHEN orders.delivery_status <> 'CANCELED' THEN orders.total_paise ELSE 0 END), 0) AS BIGINT)";
const LAST_ORDER: &str = "MAX(orders.created_at)";

type Row = (String, String, String, String, Option<String>, NaiveDateTime, i64, i64, Option<NaiveDateTime>);

/// Narrows a boxed query over `users` (alone or joined with `orders`) to the customer
/// accounts `text` names (all of them without a text). A macro, not a function: the two
/// queries' sources are different types.
macro_rules! customers_matching {
    ($query:expr, $text:expr) => {{
        let query = $query.filter(users::user_type.eq(CUSTOMER));
        match $text {
            Some(text) => query.filter(names_customer!(text)),
            None => query,
        }
    }};
}

fn summary(row: Row) -> CustomerSummary {
    let (id, first_name, last_name, email, mobile, joined, orders, spent, last_order) = row;
    CustomerSummary {
        id,
        first_name,
        last_name,
        email,
        mobile,
        joined: DateTime::<Utc>::from_naive_utc_and_offset(joined, Utc),
        orders: u64::try_from(orders).unwrap_or(0),
        spent: Money::from_paise(spent),
        last_order: last_order.map(|t| DateTime::<Utc>::from_naive_utc_and_offset(t, Utc)),
    }
}

impl DieselOrderStore {
    fn load_customers(
        &self,
        text: Option<&TextMatch>,
        only: Option<&UserId>,
        sort: CustomerSort,
        page: PageRequest,
    ) -> Result<Vec<CustomerSummary>, StoreError> {
        let mut conn = self.db().conn()?;
        let order = match sort {
            // Customers who never ordered come last; NULLs are ordered explicitly (the two
            // databases put them at opposite ends).
            CustomerSort::LastOrder => format!("{ORDER_COUNT} = 0, {LAST_ORDER} DESC, users.created_at DESC, users.id"),
            CustomerSort::SpentDesc => format!("{SPENT} DESC, {ORDER_COUNT} DESC, users.created_at DESC, users.id"),
            CustomerSort::OrdersDesc => format!("{ORDER_COUNT} DESC, {SPENT} DESC, users.created_at DESC, users.id"),
            CustomerSort::Name => "lower(users.first_name), lower(users.last_name), users.id".to_string(),
            CustomerSort::Newest => "users.created_at DESC, users.id".to_string(),
        };
        let offset = i64::try_from(page.offset()).unwrap_or(i64::MAX);
        let query = users::table
            .left_join(orders::table.on(orders::user_id.eq(users::id)))
            .group_by(users::id)
            .select((
                users::id,
                users::first_name,
                users::last_name,
                users::email,
                users::mobile,
                users::created_at,
                sql::<BigInt>(ORDER_COUNT),
                sql::<BigInt>(SPENT),
                sql::<Nullable<Timestamp>>(LAST_ORDER),
            ))
            .into_boxed::<MultiBackend>();
        let mut query = customers_matching!(query, text);
        if let Some(id) = only {
            query = query.filter(users::id.eq(id.to_string()));
        }
        let rows: Vec<Row> = query
            .order(sql::<BigInt>(&order))
            .limit(i64::from(page.limit))
            .offset(offset)
            .load(&mut *conn)
            .map_err(store_error)?;
        Ok(rows.into_iter().map(summary).collect())
    }
}

impl CustomerStore for DieselOrderStore {
    fn customers(&self, text: Option<&TextMatch>, sort: CustomerSort, page: PageRequest) -> Result<(Vec<CustomerSummary>, u64), StoreError> {
        let total: i64 = {
            let mut conn = self.db().conn()?;
            customers_matching!(users::table.into_boxed::<MultiBackend>(), text)
                .select(count_star())
                .first(&mut *conn)
                .map_err(store_error)?
        };
        let total = u64::try_from(total).unwrap_or(0);
        if total == 0 || page.offset() >= total {
            return Ok((Vec::new(), total));
        }
        Ok((self.load_customers(text, None, sort, page)?, total))
    }

    fn customer(&self, id: &UserId) -> Result<Option<CustomerSummary>, StoreError> {
        Ok(self.load_customers(None, Some(id), CustomerSort::Newest, PageRequest { page: 1, limit: 1 })?.pop())
    }
}
