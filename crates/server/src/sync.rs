//! Keeps this instance's catalogue snapshot and content (company details, legal pages)
//! current with the other instances on one PostgreSQL database.
//!
//! Every write raises a version row in its own transaction and sends a notification at
//! commit (`store::versions`). A thread of its own runs the listener (`store::listener`)
//! and applies each change whose version is newer than the one applied last: a stock change
//! that directly follows it refreshes only the products concerned, anything else reloads
//! the whole read model. While the listener is not connected the version rows are polled
//! every `poll` (SHOP_SYNC_POLL_MS). Reloads are serialised by the services and always read
//! the committed state, and a version is recorded only after its reload, so an older
//! snapshot never replaces a newer one.
//!
//! SQLite has no such thread: one process owns the file and its own writes swap its copy.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Weak};
use std::time::Duration;

use catalog::CatalogApi;
use content::ContentApi;
use store::listener::{self, Event};
use store::versions::{self, Change, ChangeKind};
use store::Db;
use tokio::sync::mpsc;

/// The default of SHOP_SYNC_POLL_MS.
pub const DEFAULT_POLL: Duration = Duration::from_millis(1000);

/// Whether the listener is connected; shared with `/api/health`.
#[derive(Default)]
pub struct SyncStatus {
    listening: Arc<AtomicBool>,
}

impl SyncStatus {
    pub fn listening(&self) -> bool {
        self.listening.load(Ordering::SeqCst)
    }
}

/// The read models a change reloads. Held weakly: the thread ends when the app is gone.
pub struct Targets {
    pub catalog: Weak<dyn CatalogApi>,
    pub content: Weak<dyn ContentApi>,
}

/// Starts the listener thread. `applied`: the versions read before the services loaded
/// their copies.
pub fn start(
    db: Db,
    url: String,
    targets: Targets,
    applied: Vec<(ChangeKind, i64)>,
    poll: Duration,
) -> std::io::Result<Arc<SyncStatus>> {
    let status = Arc::new(SyncStatus::default());
    let listening = status.listening.clone();
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build()?;
    std::thread::Builder::new().name("shop-sync".into()).spawn(move || {
        let mut sync = Sync { db, targets, applied: applied.into_iter().collect(), stale: false };
        runtime.block_on(sync.run(url, listening, poll));
    })?;
    Ok(status)
}

struct Sync {
    db: Db,
    targets: Targets,
    applied: HashMap<ChangeKind, i64>,
    /// A reload failed: look at the version rows on the next tick even while listening.
    stale: bool,
}

impl Sync {
    async fn run(&mut self, url: String, listening: Arc<AtomicBool>, poll: Duration) {
        let (events, mut received) = mpsc::unbounded_channel();
        tokio::spawn(listener::listen(url, events, listening.clone()));
        loop {
            let event = tokio::time::timeout(poll, received.recv()).await;
            if self.targets.catalog.strong_count() == 0 {
                return; // the app is gone
            }
            match event {
                Ok(Some(Event::Change(change))) => self.apply(change),
                // (Re)connected: what changed while nobody listened is only in the rows.
                Ok(Some(Event::Connected)) => self.poll(),
                Ok(None) => return,
                Err(_elapsed) => {
                    if self.stale || !listening.load(Ordering::SeqCst) {
                        self.poll();
                    }
                }
            }
        }
    }

    fn applied(&self, kind: ChangeKind) -> i64 {
        self.applied.get(&kind).copied().unwrap_or(0)
    }

    /// Applies a notified change when it is newer than what this instance has.
    fn apply(&mut self, change: Change) {
        let last = self.applied(change.kind);
        if change.version <= last {
            return;
        }
        // Only the stock of a few products moved, and nothing is missing in between.
        let partial = change.kind == ChangeKind::Catalog && !change.products.is_empty() && change.version == last + 1;
        let done = match (change.kind, partial) {
            (ChangeKind::Catalog, true) => self.with_catalog(|c| c.refresh_products(&change.products).map_err(|e| e.to_string())),
            (kind, _) => self.reload(kind),
        };
        self.record(change.kind, change.version, done);
    }

    /// Compares the version rows with what this instance applied, reloading what moved.
    fn poll(&mut self) {
        let current = match versions::current(&self.db) {
            Ok(rows) => rows,
            Err(e) => {
                tracing::warn!(error = %e, "catalogue sync: cannot read the version rows");
                self.stale = true;
                return;
            }
        };
        self.stale = false;
        for (kind, version) in current {
            if version > self.applied(kind) {
                // Read before the reload: the reload sees at least this version.
                let done = self.reload(kind);
                self.record(kind, version, done);
            }
        }
    }

    fn reload(&self, kind: ChangeKind) -> Result<(), String> {
        match kind {
            ChangeKind::Catalog => self.with_catalog(|c| c.reload().map_err(|e| e.to_string())),
            ChangeKind::Content => match self.targets.content.upgrade() {
                Some(content) => content.reload().map_err(|e| e.to_string()),
                None => Ok(()),
            },
        }
    }

    fn with_catalog(&self, work: impl FnOnce(&dyn CatalogApi) -> Result<(), String>) -> Result<(), String> {
        match self.targets.catalog.upgrade() {
            Some(catalog) => work(catalog.as_ref()),
            None => Ok(()),
        }
    }

    fn record(&mut self, kind: ChangeKind, version: i64, done: Result<(), String>) {
        match done {
            Ok(()) => {
                let slot = self.applied.entry(kind).or_insert(0);
                *slot = (*slot).max(version);
            }
            Err(e) => {
                tracing::warn!(error = %e, kind = kind.as_str(), "catalogue sync: reload failed; retrying on the next poll");
                self.stale = true;
            }
        }
    }
}
