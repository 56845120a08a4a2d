//! Keeps this instance's catalogue snapshot and content (company details, legal pages)
//! current with the other instances on one PostgreSQL database.
//!
//! Back-office writes raise a version row in their own transaction and notify at commit;
//! orders announce the products whose stock they moved right after their commit
//! (`store::versions`). A thread of its own runs the listener (`store::listener`) and:
//! - skips what this instance wrote itself (it swapped its own copy right after the write);
//! - reloads a read model whose version moved past the one applied last;
//! - re-reads the products another instance's orders moved.
//!
//! While the listener is not connected (and after every reconnection) the version rows and
//! the stock fingerprint are read every `poll` (SHOP_SYNC_POLL_MS) and whatever moved is
//! reloaded; while connected they are still read every [`SAFETY_POLLS`] polls, which
//! catches a stock announcement lost with an instance killed right after an order's commit.
//! Reloads are serialised by the services and always read the committed state, so an older
//! snapshot never replaces a newer one.
//!
//! SQLite has no such thread: one process owns the file and its own writes swap its copy.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Weak};
use std::time::{Duration, Instant};

use catalog::CatalogApi;
use content::ContentApi;
use store::listener::{self, Event};
use store::versions::{self, Change, ChangeKind, Versions};
use store::Db;
use tokio::sync::mpsc;

/// The default of SHOP_SYNC_POLL_MS.
pub const DEFAULT_POLL: Duration = Duration::from_millis(1000);

/// While the listener is connected, the rows are still compared every this many polls.
pub const SAFETY_POLLS: u32 = 30;

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

/// The read models a change reloads.
pub trait ReadModels {
    /// Rebuilds the whole read model of `kind` from the database.
    fn reload(&self, kind: ChangeKind) -> Result<(), String>;
    /// Re-reads these products (their stock moved).
    fn refresh(&self, products: &[String]) -> Result<(), String>;
    /// The app is gone: the thread ends.
    fn gone(&self) -> bool;
}

/// The services' read models. Held weakly: the thread ends when the app is gone.
pub struct Targets {
    pub catalog: Weak<dyn CatalogApi>,
    pub content: Weak<dyn ContentApi>,
}

impl ReadModels for Targets {
    fn reload(&self, kind: ChangeKind) -> Result<(), String> {
        match kind {
            ChangeKind::Catalog => self.catalog.upgrade().map_or(Ok(()), |c| c.reload().map_err(|e| e.to_string())),
            ChangeKind::Content => self.content.upgrade().map_or(Ok(()), |c| c.reload().map_err(|e| e.to_string())),
        }
    }

    fn refresh(&self, products: &[String]) -> Result<(), String> {
        self.catalog.upgrade().map_or(Ok(()), |c| c.refresh_products(products).map_err(|e| e.to_string()))
    }

    fn gone(&self) -> bool {
        self.catalog.strong_count() == 0
    }
}

/// Starts the listener thread. `applied`: what the database looked like before the
/// services loaded their copies.
pub fn start(db: Db, url: String, targets: Targets, applied: Versions, poll: Duration) -> std::io::Result<Arc<SyncStatus>> {
    let status = Arc::new(SyncStatus::default());
    let listening = status.listening.clone();
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build()?;
    std::thread::Builder::new().name("shop-sync".into()).spawn(move || {
        let origin = db.instance().to_string();
        let mut sync = Sync::new(origin, targets, applied);
        runtime.block_on(sync.run(db, url, listening, poll));
    })?;
    Ok(status)
}

/// What this instance has applied, and how it applies what comes.
pub struct Sync<M> {
    /// This instance's name in the notifications.
    origin: String,
    models: M,
    applied: HashMap<ChangeKind, i64>,
    /// The stock fingerprint of the last comparison.
    stock: String,
    /// A reload failed: compare the rows on the next tick even while listening.
    stale: bool,
}

impl<M: ReadModels> Sync<M> {
    pub fn new(origin: String, models: M, applied: Versions) -> Self {
        Sync { origin, models, applied: applied.rows.into_iter().collect(), stock: applied.stock, stale: false }
    }

    async fn run(&mut self, db: Db, url: String, listening: Arc<AtomicBool>, poll: Duration) {
        let (events, mut received) = mpsc::unbounded_channel();
        tokio::spawn(listener::listen(url, events, listening.clone()));
        let mut last_compared = Instant::now();
        loop {
            let event = tokio::time::timeout(poll, received.recv()).await;
            if self.models.gone() {
                return;
            }
            match event {
                Ok(Some(Event::Change(change))) => self.apply(change),
                // (Re)connected: what changed while nobody listened is only in the rows.
                Ok(Some(Event::Connected)) => {
                    self.compare(versions::current(&db));
                    last_compared = Instant::now();
                }
                Ok(None) => return,
                Err(_elapsed) => {}
            }
            let due = if self.stale || !listening.load(Ordering::SeqCst) { poll } else { poll * SAFETY_POLLS };
            if last_compared.elapsed() >= due {
                self.compare(versions::current(&db));
                last_compared = Instant::now();
            }
        }
    }

    fn applied(&self, kind: ChangeKind) -> i64 {
        self.applied.get(&kind).copied().unwrap_or(0)
    }

    /// Applies a notified change this instance has not applied yet.
    pub fn apply(&mut self, change: Change) {
        match change {
            Change::Version { kind, version, origin } => {
                let last = self.applied(kind);
                if version <= last {
                    return;
                }
                // Its own write, with nothing missed in between: already in its copy.
                let done = if origin == self.origin && version == last + 1 { Ok(()) } else { self.models.reload(kind) };
                self.record(kind, version, done);
            }
            Change::Stock { origin, .. } if origin == self.origin => {}
            Change::Stock { products, .. } => {
                let done = if products.is_empty() { self.models.reload(ChangeKind::Catalog) } else { self.models.refresh(&products) };
                if let Err(e) = done {
                    tracing::warn!(error = %e, "catalogue sync: stock refresh failed; retrying on the next poll");
                    self.stale = true;
                }
            }
        }
    }

    /// Compares the version rows and the stock fingerprint (read before any reload, so the
    /// reload sees at least that) with what this instance applied, reloading what moved.
    pub fn compare(&mut self, current: Result<Versions, kernel::StoreError>) {
        let current = match current {
            Ok(current) => current,
            Err(e) => {
                tracing::warn!(error = %e, "catalogue sync: cannot read the version rows");
                self.stale = true;
                return;
            }
        };
        self.stale = false;
        let mut catalog_reloaded = false;
        for (kind, version) in current.rows {
            if version > self.applied(kind) {
                let done = self.models.reload(kind);
                catalog_reloaded |= kind == ChangeKind::Catalog && done.is_ok();
                self.record(kind, version, done);
            }
        }
        if current.stock != self.stock {
            let done = if catalog_reloaded { Ok(()) } else { self.models.reload(ChangeKind::Catalog) };
            match done {
                Ok(()) => self.stock = current.stock,
                Err(e) => {
                    tracing::warn!(error = %e, "catalogue sync: reload failed; retrying on the next poll");
                    self.stale = true;
                }
            }
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

#[cfg(test)]
mod tests {
    use std::cell::RefCell;

    use super::*;

    /// Read models that note what was asked of them (the real ones need a database; the
    /// decisions are what is tested here).
    #[derive(Default)]
    struct Noted {
        calls: RefCell<Vec<String>>,
        failing: bool,
    }

    impl ReadModels for &Noted {
        fn reload(&self, kind: ChangeKind) -> Result<(), String> {
            self.calls.borrow_mut().push(format!("reload {}", kind.as_str()));
            if self.failing { Err("down".into()) } else { Ok(()) }
        }
        fn refresh(&self, products: &[String]) -> Result<(), String> {
            self.calls.borrow_mut().push(format!("refresh {}", products.join(",")));
            if self.failing { Err("down".into()) } else { Ok(()) }
        }
        fn gone(&self) -> bool {
            false
        }
    }

    fn at(catalog: i64, content: i64, stock: &str) -> Versions {
        Versions { rows: vec![(ChangeKind::Catalog, catalog), (ChangeKind::Content, content)], stock: stock.into() }
    }

    fn version(kind: ChangeKind, version: i64, origin: &str) -> Change {
        Change::Version { kind, version, origin: origin.into() }
    }

    fn stock(origin: &str, ids: &[&str]) -> Change {
        Change::Stock { origin: origin.into(), products: ids.iter().map(|s| s.to_string()).collect() }
    }

    #[test]
    fn the_writing_instance_does_not_reload_its_own_changes_again() {
        let noted = Noted::default();
        let mut sync = Sync::new("me".into(), &noted, at(4, 2, "s"));
        sync.apply(version(ChangeKind::Catalog, 5, "me"));
        sync.apply(version(ChangeKind::Content, 3, "me"));
        sync.apply(stock("me", &["p1"]));
        assert!(noted.calls.borrow().is_empty(), "{:?}", noted.calls.borrow());
        // Its next write, after another instance's, is still its own.
        sync.apply(version(ChangeKind::Catalog, 6, "other"));
        sync.apply(version(ChangeKind::Catalog, 7, "me"));
        assert_eq!(*noted.calls.borrow(), ["reload catalog"]);
    }

    #[test]
    fn other_instances_changes_are_applied_once_and_never_an_older_one() {
        let noted = Noted::default();
        let mut sync = Sync::new("me".into(), &noted, at(4, 2, "s"));
        sync.apply(version(ChangeKind::Catalog, 5, "other"));
        sync.apply(version(ChangeKind::Catalog, 5, "other"));
        sync.apply(version(ChangeKind::Catalog, 3, "other"));
        sync.apply(stock("other", &["p1", "p2"]));
        sync.apply(stock("other", &[]));
        assert_eq!(*noted.calls.borrow(), ["reload catalog", "refresh p1,p2", "reload catalog"]);
    }

    #[test]
    fn an_own_change_after_a_missed_one_reloads() {
        let noted = Noted::default();
        let mut sync = Sync::new("me".into(), &noted, at(4, 2, "s"));
        // Version 5 (another instance's) was never heard: 6 is this instance's own.
        sync.apply(version(ChangeKind::Catalog, 6, "me"));
        assert_eq!(*noted.calls.borrow(), ["reload catalog"]);
    }

    #[test]
    fn the_comparison_reloads_what_moved_once() {
        let noted = Noted::default();
        let mut sync = Sync::new("me".into(), &noted, at(4, 2, "s"));
        sync.compare(Ok(at(4, 2, "s")));
        assert!(noted.calls.borrow().is_empty());
        // Stock moved while nobody listened (or an announcement was lost).
        sync.compare(Ok(at(4, 2, "t")));
        sync.compare(Ok(at(4, 2, "t")));
        assert_eq!(*noted.calls.borrow(), ["reload catalog"]);
        // Both rows and stock moved: one catalogue reload covers both.
        sync.compare(Ok(at(5, 3, "u")));
        assert_eq!(*noted.calls.borrow(), ["reload catalog", "reload catalog", "reload content"]);
    }

    #[test]
    fn a_failed_reload_is_tried_again_on_the_next_comparison() {
        let failing = Noted { failing: true, ..Noted::default() };
        let mut sync = Sync::new("me".into(), &failing, at(4, 2, "s"));
        sync.compare(Ok(at(5, 2, "s")));
        assert!(sync.stale);
        sync.compare(Ok(at(5, 2, "s")));
        assert_eq!(failing.calls.borrow().len(), 2, "tried again");
        sync.compare(Err(kernel::StoreError::Backend("gone".into())));
        assert!(sync.stale);
    }
}
