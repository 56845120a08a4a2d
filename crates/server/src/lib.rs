//! The shop binary's library half: configuration, wiring of services to adapters and the
//! actix `App`, so that tests build exactly what `shop serve` runs.

pub mod app;
pub mod catalog_sync;
pub mod cli;
pub mod config;
pub mod cors;
pub mod demo;
pub mod memory;
pub mod secret;
pub mod slow_body;
pub mod sync;
pub mod uploads;
pub mod wiring;
