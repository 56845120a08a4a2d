use clap::Parser;
use server::cli::{run, Cli};
use server::config::Config;
use tracing_subscriber::EnvFilter;

fn main() -> std::process::ExitCode {
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info,actix_server=warn"));
    tracing_subscriber::fmt().with_env_filter(filter).with_target(false).init();
    let cli = Cli::parse();
    let config = match Config::try_from_env() {
        Ok(config) => config,
        Err(e) => {
            eprintln!("shop: {e}");
            return std::process::ExitCode::FAILURE;
        }
    };
    match actix_web::rt::System::new().block_on(run(cli, config)) {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("shop: {e}");
            std::process::ExitCode::FAILURE
        }
    }
}
