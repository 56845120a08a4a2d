//! The audit log: every successful write by an administrator, who did it (id and name),
//! what (an area such as `products`, an action such as `products.update`, the target's id),
//! when, and a short summary of the change. Entries are only ever added: neither this
//! crate's API nor the HTTP API can change or delete one.
//!
//! The HTTP layer records the entries from ONE place (a middleware around the `/api` scope,
//! see docs/DESIGN.md); this crate holds the entries' rules and the store port.

use std::sync::Arc;

use chrono::{DateTime, NaiveDate, Utc};
use kernel::india_midnight;
use kernel::{PageRequest, StoreError};

/// Entries on a page when `limit` is not given, and the most a page may hold.
pub const DEFAULT_PAGE_SIZE: u32 = 50;
pub const MAX_PAGE_SIZE: u32 = 100;
/// The longest summary kept, in characters (a longer one is cut with an ellipsis).
pub const SUMMARY_MAX_CHARS: usize = 500;

/// What the recorder knows about a successful write.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewEntry {
    pub actor_id: String,
    pub actor_name: String,
    /// The part of the back office: `products`, `categories`, `orders`, `content`, `settings`...
    pub area: String,
    /// `area.verb`, for example `products.update` or `orders.status`.
    pub action: String,
    /// The id (or other key) of what was changed, when there is one.
    pub target: Option<String>,
    pub summary: String,
}

/// One recorded change: what the recorder knew, with the entry's id and time.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AuditEntry {
    pub id: String,
    pub at: DateTime<Utc>,
    pub change: NewEntry,
}

/// What the log's reader filters on; every part optional.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct AuditFilter {
    pub actor_id: Option<String>,
    pub area: Option<String>,
    pub action: Option<String>,
    /// At or after this instant.
    pub since: Option<DateTime<Utc>>,
    /// Before this instant.
    pub before: Option<DateTime<Utc>>,
}

/// The query of the log page, in India's calendar days.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct AuditSearch {
    pub actor_id: Option<String>,
    pub area: Option<String>,
    pub action: Option<String>,
    /// First and last India day, both included.
    pub from: Option<NaiveDate>,
    pub to: Option<NaiveDate>,
    pub page: PageRequest,
}

/// A page of entries, newest first, and how many match.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AuditPage {
    pub entries: Vec<AuditEntry>,
    pub total: u64,
    pub page: PageRequest,
}

#[derive(Debug, thiserror::Error)]
pub enum AuditError {
    #[error("{message}")]
    Rule { field: &'static str, message: String },
    #[error(transparent)]
    Storage(#[from] StoreError),
}

/// Outbound port: an append-only table.
pub trait AuditStore: Send + Sync {
    /// Adds one entry. Errors: `Backend`.
    fn append(&self, entry: &AuditEntry) -> Result<(), StoreError>;
    /// A page of the entries `filter` selects, newest first, and how many match.
    fn search(&self, filter: &AuditFilter, page: PageRequest) -> Result<(Vec<AuditEntry>, u64), StoreError>;
}

/// Inbound port: record and read. There is deliberately no update or delete.
pub trait AuditApi: Send + Sync {
    /// Records a successful write now. Errors: `Storage`.
    fn record(&self, entry: NewEntry) -> Result<AuditEntry, AuditError>;
    /// Reads the log. Errors: `Rule` (`from` after `to`), `Storage`.
    fn search(&self, search: AuditSearch) -> Result<AuditPage, AuditError>;
}

pub struct AuditService {
    store: Arc<dyn AuditStore>,
    clock: kernel::Clock,
}

impl AuditService {
    pub fn new(store: Arc<dyn AuditStore>, clock: kernel::Clock) -> Self {
        AuditService { store, clock }
    }
}

/// `text` cut to `SUMMARY_MAX_CHARS` characters (on a character boundary) with an ellipsis.
pub fn shorten(text: &str) -> String {
    let text = text.trim();
    if text.chars().count() <= SUMMARY_MAX_CHARS {
        return text.to_string();
    }
    let mut cut: String = text.chars().take(SUMMARY_MAX_CHARS - 1).collect();
    cut.push('…');
    cut
}

impl AuditApi for AuditService {
    fn record(&self, entry: NewEntry) -> Result<AuditEntry, AuditError> {
        let summary = shorten(&entry.summary);
        let entry = AuditEntry { id: uuid::Uuid::new_v4().to_string(), at: self.clock.now(), change: NewEntry { summary, ..entry } };
        self.store.append(&entry)?;
        Ok(entry)
    }

    fn search(&self, search: AuditSearch) -> Result<AuditPage, AuditError> {
        if let (Some(from), Some(to)) = (search.from, search.to) {
            if from > to {
                return Err(AuditError::Rule { field: "from", message: "The start date must not be after the end date".into() });
            }
        }
        let filter = AuditFilter {
            actor_id: search.actor_id,
            area: search.area,
            action: search.action,
            since: search.from.map(india_midnight),
            before: search.to.and_then(|d| d.succ_opt()).map(india_midnight),
        };
        let (entries, total) = self.store.search(&filter, search.page)?;
        Ok(AuditPage { entries, total, page: search.page })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_summaries_are_cut_on_a_character() {
        let long = "₹".repeat(SUMMARY_MAX_CHARS + 20);
        let cut = shorten(&long);
        assert_eq!(cut.chars().count(), SUMMARY_MAX_CHARS);
        assert!(cut.ends_with('…'));
        assert_eq!(shorten(" short "), "short");
    }
}
