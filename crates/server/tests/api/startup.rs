//! The `shop` binary as an operator runs it.

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};

fn shop(data_dir: &std::path::Path) -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_shop"));
    cmd.env_clear()
        .env("PATH", std::env::var("PATH").unwrap_or_default())
        .env("SHOP_DATA_DIR", data_dir)
        .env("UPLOADS_DIR", data_dir.join("uploads"))
        .env("SHOP_STATIC_DIR", data_dir.join("no-web-app"))
        .env("SHOP_BCRYPT_COST", "4")
        .env("RUST_LOG", "info");
    cmd
}

fn output_text(out: &std::process::Output) -> String {
    format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr))
}

#[test]
fn a_short_jwt_secret_is_refused_at_start_up() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let out = shop(dir.path()).env("JWT_SECRET", "too-short").arg("serve").output().unwrap_or_else(|e| panic!("{e}"));
    assert!(!out.status.success());
    assert!(output_text(&out).contains("JWT_SECRET must be at least 32 bytes"), "{}", output_text(&out));
}

#[test]
fn a_bad_postgres_url_reports_the_real_error() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    // Nothing listens on port 1: the driver's own reason must reach the operator.
    let out = shop(dir.path())
        .env("DATABASE_URL", "postgres://shop:wrong@127.0.0.1:1/shop?connect_timeout=5")
        .arg("migrate")
        .output()
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(!out.status.success());
    let text = output_text(&out);
    assert!(text.contains("cannot open the database") && text.contains("127.0.0.1"), "{text}");
    assert!(!text.contains("timed out waiting for connection"), "{text}");
}

#[test]
fn migrations_are_embedded_and_apply_once() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let first = shop(dir.path()).arg("migrate").output().unwrap_or_else(|e| panic!("{e}"));
    assert!(first.status.success(), "{}", output_text(&first));
    assert!(output_text(&first).contains("applied migrations"));
    assert!(dir.path().join("shop.db").is_file(), "SQLite file in the data dir");
    let second = shop(dir.path()).arg("migrate").output().unwrap_or_else(|e| panic!("{e}"));
    assert!(output_text(&second).contains("database schema is up to date"), "{}", output_text(&second));
}

#[test]
fn create_admin_then_serve_then_stop_gracefully_on_sigterm() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let admin = shop(dir.path())
        .args(["create-admin", "--email", "owner@shop.in", "--password", "owner-pass-1"])
        .output()
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(admin.status.success(), "{}", output_text(&admin));
    assert!(String::from_utf8_lossy(&admin.stdout).contains("Admin ready: owner (owner@shop.in)"));

    let port = {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap_or_else(|e| panic!("{e}"));
        listener.local_addr().map(|a| a.port()).unwrap_or(0)
    };
    let mut child = shop(dir.path())
        .env("SHOP_BIND", format!("127.0.0.1:{port}"))
        .arg("serve")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("{e}"));
    // Wait for the ready line (the log goes to stdout), not for a guessed time.
    let stdout = child.stdout.take().unwrap_or_else(|| panic!("no stdout"));
    let mut lines = BufReader::new(stdout).lines();
    let ready = lines.by_ref().map_while(Result::ok).any(|line| line.contains("shop is ready"));
    assert!(ready, "the server never said it was ready");

    let secret_mode = std::fs::metadata(dir.path().join("jwt-secret")).map(|m| {
        use std::os::unix::fs::PermissionsExt;
        m.permissions().mode() & 0o777
    });
    assert_eq!(secret_mode.ok(), Some(0o600));

    let mut stream = std::net::TcpStream::connect(("127.0.0.1", port)).unwrap_or_else(|e| panic!("{e}"));
    use std::io::{Read, Write};
    stream.write_all(b"GET /api/health HTTP/1.0\r\n\r\n").unwrap_or_else(|e| panic!("{e}"));
    let mut answer = String::new();
    let _ = stream.read_to_string(&mut answer);
    assert!(answer.starts_with("HTTP/1.0 200") || answer.starts_with("HTTP/1.1 200"), "{answer}");

    let pid = child.id().to_string();
    let killed = Command::new("kill").args(["-TERM", &pid]).status().unwrap_or_else(|e| panic!("{e}"));
    assert!(killed.success());
    let status = child.wait().unwrap_or_else(|e| panic!("{e}"));
    assert!(status.success(), "graceful stop exits 0, got {status}");
}
