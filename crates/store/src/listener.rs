//! The change listener: one PostgreSQL connection of its own (outside the pool) that runs
//! `LISTEN shop_changes` and hands every committed change (see [`crate::versions`]) to the
//! caller. When the connection is lost it connects again by itself, waiting a little longer
//! after each failure (0.1 s doubling up to 5 s); every new connection is announced with
//! [`Event::Connected`], since notifications sent while nobody listened are lost and the
//! caller must compare the version rows.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use std::future::poll_fn;
use tokio::sync::mpsc;
use tokio_postgres::{AsyncMessage, NoTls};

use crate::versions::{Change, CHANNEL};

/// What the listener reports.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Event {
    /// Listening (again): changes made while not listening must be looked up.
    Connected,
    /// A change committed by any instance (this one included).
    Change(Change),
}

const FIRST_BACKOFF: Duration = Duration::from_millis(100);
const MAX_BACKOFF: Duration = Duration::from_secs(5);

/// Listens until `events` is closed. `listening` tells whether the connection is up now.
pub async fn listen(url: String, events: mpsc::UnboundedSender<Event>, listening: Arc<AtomicBool>) {
    let mut backoff = FIRST_BACKOFF;
    loop {
        let outcome = tokio::select! {
            outcome = listen_once(&url, &events, &listening) => outcome,
            () = events.closed() => return,
        };
        if listening.swap(false, Ordering::SeqCst) {
            // It had been listening: a fresh failure, retried soon.
            backoff = FIRST_BACKOFF;
        }
        match outcome {
            Ok(()) => {}
            Err(e) => tracing::warn!(error = %e, retry_in_ms = backoff.as_millis() as u64, "change listener: not connected"),
        }
        tokio::select! {
            () = tokio::time::sleep(backoff) => {}
            () = events.closed() => return,
        }
        backoff = (backoff * 2).min(MAX_BACKOFF);
    }
}

/// One connection's life: connect, LISTEN, forward notifications until it ends.
async fn listen_once(url: &str, events: &mpsc::UnboundedSender<Event>, listening: &AtomicBool) -> Result<(), String> {
    let mut config: tokio_postgres::Config = url.parse().map_err(|e: tokio_postgres::Error| e.to_string())?;
    // A dead peer (a server restart behind a firewall that drops packets) is noticed.
    config.keepalives(true).keepalives_idle(Duration::from_secs(30));
    config.connect_timeout(Duration::from_secs(5));
    let (client, mut connection) = config.connect(NoTls).await.map_err(|e| e.to_string())?;
    let (payloads, mut received) = mpsc::unbounded_channel::<String>();
    // The connection is driven on its own task: it carries the LISTEN below, then the
    // notifications.
    let driver = tokio::spawn(async move {
        loop {
            match poll_fn(|cx| connection.poll_message(cx)).await {
                Some(Ok(AsyncMessage::Notification(n))) => {
                    if payloads.send(n.payload().to_string()).is_err() {
                        return Ok(());
                    }
                }
                Some(Ok(_)) => {}
                Some(Err(e)) => return Err(e.to_string()),
                None => return Err("the server closed the connection".to_string()),
            }
        }
    });
    let listened = client.batch_execute(&format!("LISTEN {CHANNEL}")).await.map_err(|e| e.to_string());
    if let Err(e) = listened {
        driver.abort();
        return Err(e);
    }
    listening.store(true, Ordering::SeqCst);
    tracing::info!("change listener: listening");
    if events.send(Event::Connected).is_err() {
        driver.abort();
        return Ok(());
    }
    while let Some(payload) = received.recv().await {
        match Change::parse(&payload) {
            Some(change) => {
                if events.send(Event::Change(change)).is_err() {
                    driver.abort();
                    return Ok(());
                }
            }
            None => tracing::warn!(%payload, "change listener: unknown notification"),
        }
    }
    // The driver ended: the connection is gone.
    drop(client);
    match driver.await {
        Ok(Err(e)) => Err(e),
        Ok(Ok(())) => Ok(()),
        Err(e) => Err(e.to_string()),
    }
}
