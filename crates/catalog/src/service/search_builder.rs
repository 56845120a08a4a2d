//! Builds the search engine of each published snapshot (its vocabulary and text index) on a
//! thread of its own, right after the snapshot is swapped in: start-up and writes stay as fast
//! as before, and no shopper's search pays for the build (at 100,000 products it takes most of
//! a second). A search that arrives while the build runs waits for it, never longer than
//! building would take anyway. Only the newest snapshot is built: one replaced meanwhile is
//! skipped.

use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::{Arc, Weak};

use crate::snapshot::CatalogSnapshot;

enum Job {
    Build(Weak<CatalogSnapshot>),
    /// Answered once every build asked for before it is done (tests).
    #[cfg_attr(not(test), allow(dead_code))]
    Report(Sender<()>),
}

pub struct SearchBuilder {
    jobs: Option<Sender<Job>>,
}

impl SearchBuilder {
    /// Starts the building thread; without one (the system refused a thread), each
    /// snapshot's engine is built by its first search instead. `release` runs after each build.
    pub fn start(release: fn()) -> SearchBuilder {
        let (jobs, inbox) = mpsc::channel();
        let started = std::thread::Builder::new().name("search-builder".into()).spawn(move || work(inbox, release));
        SearchBuilder { jobs: started.ok().map(|_| jobs) }
    }

    /// Builds `snapshot`'s search engine soon, unless it has one (shared with the snapshot
    /// before, when no product text changed).
    pub fn build(&self, snapshot: &Arc<CatalogSnapshot>) {
        if snapshot.search_built() {
            return;
        }
        if let Some(jobs) = &self.jobs {
            // The thread only stops when this sender is dropped: the send cannot fail before.
            let _ = jobs.send(Job::Build(Arc::downgrade(snapshot)));
        }
    }

    /// Waits until every build asked for so far is done.
    #[cfg(test)]
    pub fn finish(&self) {
        let (done, wait) = mpsc::channel();
        if let Some(jobs) = &self.jobs {
            if jobs.send(Job::Report(done)).is_ok() {
                let _ = wait.recv();
            }
        }
    }
}

fn work(inbox: Receiver<Job>, release: fn()) {
    while let Ok(first) = inbox.recv() {
        // Everything waiting: the newest snapshot is built, those it replaced are not.
        let mut newest = None;
        let mut reports = Vec::new();
        for job in std::iter::once(first).chain(inbox.try_iter()) {
            match job {
                Job::Build(snapshot) => newest = Some(snapshot),
                Job::Report(to) => reports.push(to),
            }
        }
        if let Some(snapshot) = newest.and_then(|s| s.upgrade()) {
            snapshot.build_search();
            drop(snapshot);
            release();
        }
        for to in reports {
            let _ = to.send(());
        }
    }
}
