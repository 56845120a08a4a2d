//! Finding orders at volume: the back office's filtered, paged list, a customer's paged
//! history, and the day's figures. Dates are India's calendar days (Asia/Kolkata, which
//! has no daylight saving: always UTC+05:30).

use chrono::{DateTime, NaiveDate, Utc};
use kernel::{india_day, india_midnight, Money, PageRequest};

use crate::error::OrdersError;
use crate::models::{DeliveryStatus, Order};

/// Orders on a page when `limit` is not given, and the most a page may hold.
pub const DEFAULT_PAGE_SIZE: u32 = 20;
pub const MAX_PAGE_SIZE: u32 = 100;
/// How many days the dashboard's chart covers (today included).
pub const CHART_DAYS: u32 = 30;
/// Variants with this much stock or less (but some) are "low".
pub const LOW_STOCK_MAX: i32 = 5;
/// Orders read at a time for an export.
pub const EXPORT_BATCH: u32 = 500;
/// The most orders one bulk status change may name.
pub const MAX_BULK_ORDERS: usize = 100;

kernel::named_enum!(
    /// The orders a list can be sorted in; the names are the API's `sort` values.
    #[derive(Default)]
    pub enum OrderSort {
        #[default]
        Newest = "newest",
        Oldest = "oldest",
        TotalDesc = "total_desc",
        TotalAsc = "total_asc",
    }
);

/// Where an export goes on: after this order (by the time it was placed, then its id).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExportCursor {
    pub created_at: DateTime<Utc>,
    pub id: String,
}

impl ExportCursor {
    pub fn after(order: &Order) -> ExportCursor {
        ExportCursor { created_at: order.created_at, id: order.id.clone() }
    }
}

/// What the back office asks for. The HTTP layer has already read the values' forms; the
/// rules across them (`from` after `to`) are checked here.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct OrderSearch {
    pub status: Option<DeliveryStatus>,
    /// An order-number prefix (with or without `#`), a customer's name, e-mail or phone.
    pub text: Option<String>,
    /// First and last India calendar day of the order date, both included.
    pub from: Option<NaiveDate>,
    pub to: Option<NaiveDate>,
    pub sort: OrderSort,
    pub page: PageRequest,
}

/// What the store filters on: instants, not days, and the text already split into the
/// forms it can match.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct OrderFilter {
    /// Only this customer's orders.
    pub user_id: Option<String>,
    pub status: Option<DeliveryStatus>,
    pub text: Option<TextMatch>,
    /// Placed at or after.
    pub since: Option<DateTime<Utc>>,
    /// Placed before.
    pub before: Option<DateTime<Utc>>,
}

/// A search text as the store matches it: any one of these may hold.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TextMatch {
    /// The start of an order number as the store keys it (lower-case hexadecimal, without
    /// `#`, hyphens or spaces); `None` when the text cannot start one.
    pub order_prefix: Option<String>,
    /// Lower case: part of the customer's "first last" name or e-mail.
    pub words: String,
    /// Digits of a phone number (national form), when the text looks like one.
    pub phone_digits: Option<String>,
}

impl TextMatch {
    /// `None` for blank text.
    pub fn of(raw: &str) -> Option<TextMatch> {
        let text = raw.trim();
        if text.is_empty() {
            return None;
        }
        let lower = text.to_lowercase();
        let number: String = lower.strip_prefix('#').unwrap_or(&lower).chars().filter(|c| !matches!(c, '-' | ' ')).collect();
        let order_prefix = (!number.is_empty() && number.chars().all(|c| c.is_ascii_hexdigit())).then_some(number);
        let looks_like_phone = text.chars().all(|c| c.is_ascii_digit() || matches!(c, ' ' | '-' | '+'));
        let mut digits: String = text.chars().filter(char::is_ascii_digit).collect();
        if digits.len() == 12 && digits.starts_with("91") {
            digits.drain(..2);
        } else if digits.len() == 11 && digits.starts_with('0') {
            digits.drain(..1);
        }
        let phone_digits = (looks_like_phone && digits.len() >= 4).then_some(digits);
        Some(TextMatch { order_prefix, words: lower, phone_digits })
    }

    /// A whole mobile number (10 digits): also found as the number an order is delivered to.
    pub fn whole_phone(&self) -> Option<&str> {
        self.phone_digits.as_deref().filter(|d| d.len() == 10)
    }
}

impl OrderSearch {
    /// The store's filter for this search. Error: `Rule` when `from` is after `to`.
    pub fn filter(&self) -> Result<OrderFilter, OrdersError> {
        if let (Some(from), Some(to)) = (self.from, self.to) {
            if from > to {
                return Err(OrdersError::Rule { field: "from", code: "invalid_date_range", message: "The start date must not be after the end date".into() });
            }
        }
        Ok(OrderFilter {
            user_id: None,
            status: self.status,
            text: self.text.as_deref().and_then(TextMatch::of),
            since: self.from.map(india_midnight),
            before: self.to.and_then(|d| d.succ_opt()).map(india_midnight),
        })
    }
}

impl OrderFilter {
    /// The India calendar days the filter's dates cover (first, last; `None` for an open
    /// end), or `None` when an end is not an India midnight.
    pub fn whole_days(&self) -> Option<(Option<NaiveDate>, Option<NaiveDate>)> {
        let first = match self.since {
            Some(at) => Some(india_day(at)).filter(|d| india_midnight(*d) == at).map(Some)?,
            None => None,
        };
        let last = match self.before {
            Some(at) => Some(india_day(at)).filter(|d| india_midnight(*d) == at).and_then(|d| d.pred_opt()).map(Some)?,
            None => None,
        };
        Some((first, last))
    }
}

/// How many orders of each status match a filter (its own status aside).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct StatusCounts {
    pub pending: u64,
    pub shipped: u64,
    pub delivered: u64,
    pub canceled: u64,
}

impl StatusCounts {
    pub fn add(&mut self, status: DeliveryStatus, n: u64) {
        match status {
            DeliveryStatus::Pending => self.pending += n,
            DeliveryStatus::Shipped => self.shipped += n,
            DeliveryStatus::Delivered => self.delivered += n,
            DeliveryStatus::Canceled => self.canceled += n,
        }
    }

    pub fn of(&self, status: DeliveryStatus) -> u64 {
        match status {
            DeliveryStatus::Pending => self.pending,
            DeliveryStatus::Shipped => self.shipped,
            DeliveryStatus::Delivered => self.delivered,
            DeliveryStatus::Canceled => self.canceled,
        }
    }

    pub fn total(&self) -> u64 {
        self.pending + self.shipped + self.delivered + self.canceled
    }
}

/// One page of orders.
#[derive(Debug, Clone, PartialEq)]
pub struct OrderPage {
    pub orders: Vec<Order>,
    /// Orders matching the whole filter, across pages.
    pub total: u64,
    pub page: PageRequest,
    /// Per status, for the same filter without its status (the back office's tabs).
    pub counts: StatusCounts,
}

/// Orders placed in one India day and what they came to (cancelled ones not counted).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DaySales {
    pub day: NaiveDate,
    pub orders: u64,
    pub revenue: Money,
}

/// The dashboard's order figures.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SalesFigures {
    pub today: DaySales,
    /// The last [`CHART_DAYS`] days, oldest first, today last; days without orders included.
    pub days: Vec<DaySales>,
    /// Orders waiting to ship.
    pub pending: u64,
}

/// What one order of a bulk status change came to.
#[derive(Debug)]
pub struct BulkOutcome {
    pub order_id: String,
    pub result: Result<Order, OrdersError>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    fn day(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).unwrap()
    }

    #[test]
    fn a_date_range_covers_whole_india_days_and_refuses_from_after_to() {
        let search = OrderSearch { from: Some(day(2026, 11, 1)), to: Some(day(2026, 11, 2)), ..Default::default() };
        let filter = search.filter().unwrap();
        assert_eq!(filter.since.unwrap().to_rfc3339(), "2026-10-31T18:30:00+00:00");
        assert_eq!(filter.before.unwrap().to_rfc3339(), "2026-11-02T18:30:00+00:00");
        assert_eq!(filter.whole_days(), Some((Some(day(2026, 11, 1)), Some(day(2026, 11, 2)))));
        assert_eq!(OrderFilter::default().whole_days(), Some((None, None)));
        let mid_day = OrderFilter { since: Some(Utc.with_ymd_and_hms(2026, 11, 1, 6, 0, 0).unwrap()), ..Default::default() };
        assert_eq!(mid_day.whole_days(), None);
        let backwards = OrderSearch { from: Some(day(2026, 11, 3)), to: Some(day(2026, 11, 2)), ..Default::default() };
        assert!(matches!(backwards.filter(), Err(OrdersError::Rule { field: "from", .. })));
    }

    #[test]
    fn search_text_reads_order_numbers_and_phone_numbers() {
        let t = TextMatch::of("  #ABCD12 ").unwrap();
        assert_eq!(t.order_prefix.as_deref(), Some("abcd12"));
        assert_eq!(t.phone_digits, None);
        // A whole id, hyphens and all, is a prefix of itself.
        let whole = TextMatch::of("1B4E28BA-2FA1-11D2-883F-0016D3CCA427").unwrap();
        assert_eq!(whole.order_prefix.as_deref(), Some("1b4e28ba2fa111d2883f0016d3cca427"));
        // Text that no order number starts with is not looked for among them.
        assert_eq!(TextMatch::of("asha").unwrap().order_prefix, None);
        assert_eq!(TextMatch::of("#").unwrap().order_prefix, None);
        assert_eq!(TextMatch::of("+91 98765 43210").unwrap().phone_digits.as_deref(), Some("9876543210"));
        assert_eq!(TextMatch::of("98765").unwrap().phone_digits.as_deref(), Some("98765"));
        assert_eq!(TextMatch::of("asha").unwrap().words, "asha");
        assert!(TextMatch::of("   ").is_none());
    }

    #[test]
    fn sort_names() {
        assert_eq!(OrderSort::parse("newest"), Some(OrderSort::Newest));
        assert_eq!(OrderSort::parse(""), None);
        assert_eq!(OrderSort::parse("total_desc"), Some(OrderSort::TotalDesc));
        assert_eq!(OrderSort::parse("price"), None);
    }
}
