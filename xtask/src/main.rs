//! `cargo xtask <task>`: developer tasks kept out of the `shop` binary. Today the two
//! halves `make bench` needs besides wrk and nginx: the benchmark catalogue and the order
//! mix (see docs/PERFORMANCE.md).

mod order_mix;
mod seed;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

#[derive(Parser, Debug)]
#[command(name = "xtask", about = "Developer tasks of the shop (benchmarks)")]
struct Cli {
    #[command(subcommand)]
    task: Task,
}

#[derive(Subcommand, Debug)]
enum Task {
    /// Fill an empty database with a large deterministic catalogue. The database and the
    /// uploads folder are the shop's own (SHOP_DATA_DIR, DATABASE_URL, UPLOADS_DIR).
    SeedBench {
        #[arg(long, default_value_t = 10_000)]
        products: usize,
        #[arg(long, default_value_t = 100)]
        categories: usize,
    },
    /// Customers adding a piece to their cart and placing an order, each on its own
    /// keep-alive connection, for a while; prints one JSON line of figures.
    OrderMix {
        /// The shop, e.g. http://127.0.0.1:18190
        #[arg(long)]
        base: String,
        #[arg(long, default_value_t = 32)]
        customers: usize,
        #[arg(long, default_value_t = 10)]
        seconds: u64,
        /// Keeps customer names and idempotency keys apart between runs on one database.
        #[arg(long, default_value_t = 0)]
        run: u32,
    },
}

fn main() -> ExitCode {
    let result = match Cli::parse().task {
        Task::SeedBench { products, categories } => seed::run(products, categories),
        Task::OrderMix { base, customers, seconds, run } => {
            let mix = order_mix::Mix { base, customers, seconds, run };
            actix_web::rt::System::new().block_on(order_mix::run(mix))
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("xtask: {e}");
            ExitCode::FAILURE
        }
    }
}
