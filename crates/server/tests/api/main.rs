//! Black-box HTTP tests: the real app on a loopback port, a fresh database per test, and
//! every test run on SQLite and (when TEST_DATABASE_URL is set) PostgreSQL.

// The whole crate is test code: clippy.toml's allow-unwrap/expect-in-tests covers only
// #[test] functions, not the helpers beside them.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod headers;
mod helpers;

mod accounts;
mod account_deletion;
mod account_limits;
mod addresses;
mod basics;
mod catalog;
mod catalog_csv;
mod cod;
mod create_admin;
mod customers_audit;
mod demo;
mod gst;
mod image_colours;
mod judged;
mod first_paint;
mod caching;
mod cart;
mod layering;
mod limits;
mod openapi;
mod orders;
mod returns;
mod return_documents;
mod order_list;
mod password_reset;
mod product_tools;
mod scale;
mod search;
mod sessions;
mod startup;
mod uploads;
mod wishlist;
