//! The `shop` binary as an operator runs it.

use std::io::{BufRead, BufReader, Lines};
use std::process::{Child, ChildStdout, Command, Stdio};

pub(crate) fn shop(data_dir: &std::path::Path) -> Command {
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

pub(crate) fn output_text(out: &std::process::Output) -> String {
    format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr))
}

fn free_port() -> u16 {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    listener.local_addr().map(|a| a.port()).unwrap_or(0)
}

/// `shop serve` on a free port, once it has said it is ready (the log goes to stdout; the
/// lines returned keep that pipe open): (the process, its port, the rest of its log).
fn serve(data_dir: &std::path::Path) -> (Child, u16, Lines<BufReader<ChildStdout>>) {
    serve_with(data_dir, &[])
}

/// `serve` with more environment variables set.
fn serve_with(data_dir: &std::path::Path, env: &[(&str, &str)]) -> (Child, u16, Lines<BufReader<ChildStdout>>) {
    let port = free_port();
    let mut child = shop(data_dir)
        .env("SHOP_BIND", format!("127.0.0.1:{port}"))
        .envs(env.iter().copied())
        .arg("serve")
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut lines = BufReader::new(child.stdout.take().expect("stdout")).lines();
    // Wait for the ready line, not for a guessed time.
    let ready = lines.by_ref().map_while(Result::ok).any(|line| line.contains("shop is ready"));
    assert!(ready, "the server never said it was ready");
    (child, port, lines)
}

/// Each of `values` in the variable `name` stops `shop migrate` with a message that names it.
#[track_caller]
fn refused_at_start_up(data_dir: &std::path::Path, name: &str, values: &[&str]) {
    for value in values {
        let out = shop(data_dir).env(name, value).arg("migrate").output().unwrap();
        assert!(!out.status.success(), "{name}={value}");
        assert!(output_text(&out).contains(name), "{name}={value}: {}", output_text(&out));
    }
}

#[test]
fn a_short_jwt_secret_is_refused_at_start_up() {
    let dir = tempfile::tempdir().unwrap();
    let out = shop(dir.path()).env("JWT_SECRET", "too-short").arg("serve").output().unwrap();
    assert!(!out.status.success());
    assert!(output_text(&out).contains("JWT_SECRET must be at least 32 bytes"), "{}", output_text(&out));
}

#[test]
fn a_wildcard_cors_origin_is_refused_at_start_up() {
    let dir = tempfile::tempdir().unwrap();
    refused_at_start_up(dir.path(), "SHOP_CORS_ORIGINS", &["*", "https://admin.example.in, *", "admin.example.in"]);
    let listed = shop(dir.path()).env("SHOP_CORS_ORIGINS", "https://admin.example.in").arg("migrate").output().unwrap();
    assert!(listed.status.success(), "{}", output_text(&listed));
}

#[test]
fn a_bad_postgres_url_reports_the_real_error() {
    let dir = tempfile::tempdir().unwrap();
    // Nothing listens on port 1: the driver's own reason must reach the operator.
    let out = shop(dir.path())
        .env("DATABASE_URL", "postgres://shop:wrong@127.0.0.1:1/shop?connect_timeout=5")
        .arg("migrate")
        .output()
        .unwrap();
    assert!(!out.status.success());
    let text = output_text(&out);
    assert!(text.contains("cannot open the database") && text.contains("127.0.0.1"), "{text}");
    assert!(!text.contains("timed out waiting for connection"), "{text}");
}

#[test]
fn migrations_are_embedded_and_apply_once() {
    let dir = tempfile::tempdir().unwrap();
    let first = shop(dir.path()).arg("migrate").output().unwrap();
    assert!(first.status.success(), "{}", output_text(&first));
    assert!(output_text(&first).contains("applied migrations"));
    assert!(dir.path().join("shop.db").is_file(), "SQLite file in the data dir");
    let second = shop(dir.path()).arg("migrate").output().unwrap();
    assert!(output_text(&second).contains("database schema is up to date"), "{}", output_text(&second));
}

#[test]
fn create_admin_then_serve_then_stop_gracefully_on_sigterm() {
    let dir = tempfile::tempdir().unwrap();
    let admin = shop(dir.path())
        .args(["create-admin", "--email", "owner@shop.in", "--password", "owner-pass-1"])
        .output()
        .unwrap();
    assert!(admin.status.success(), "{}", output_text(&admin));
    assert!(String::from_utf8_lossy(&admin.stdout).contains("Admin ready: owner (owner@shop.in)"));

    let (mut child, port, _log) = serve(dir.path());

    let secret_mode = std::fs::metadata(dir.path().join("jwt-secret")).map(|m| {
        use std::os::unix::fs::PermissionsExt;
        m.permissions().mode() & 0o777
    });
    assert_eq!(secret_mode.ok(), Some(0o600));

    let answer = http(port, "GET", "/api/health", None, "");
    assert!(answer.starts_with("HTTP/1.0 200") || answer.starts_with("HTTP/1.1 200"), "{answer}");

    let pid = child.id().to_string();
    let killed = Command::new("kill").args(["-TERM", &pid]).status().unwrap();
    assert!(killed.success());
    let status = child.wait().unwrap();
    assert!(status.success(), "graceful stop exits 0, got {status}");
}

fn admins(db: &std::path::Path) -> i64 {
    use diesel::{Connection, RunQueryDsl};
    #[derive(diesel::QueryableByName)]
    struct N {
        #[diesel(sql_type = diesel::sql_types::BigInt)]
        n: i64,
    }
    let mut conn = diesel::SqliteConnection::establish(&db.display().to_string()).unwrap();
    diesel::sql_query("SELECT COUNT(*) AS n FROM users")
        .get_result::<N>(&mut conn)
        .map(|r| r.n)
        .unwrap()
}

#[test]
fn backup_while_running_and_restore_only_when_stopped() {
    let dir = tempfile::tempdir().unwrap();
    let run = |args: &[&str]| shop(dir.path()).args(args).output().unwrap();
    assert!(run(&["create-admin", "--email", "one@shop.in", "--password", "owner-pass-1"]).status.success());
    let (mut child, _, _log) = serve(dir.path());

    // While it runs: a backup works, a restore is refused, a second shop on the same file too.
    let backup = dir.path().join("backup.db");
    let out = run(&["backup", &backup.display().to_string()]);
    assert!(out.status.success(), "{}", output_text(&out));
    assert_eq!(admins(&backup), 1);
    let again = run(&["backup", &backup.display().to_string()]);
    assert!(!again.status.success(), "an existing backup is never overwritten");
    let refused = run(&["restore", &backup.display().to_string()]);
    assert!(!refused.status.success());
    assert!(output_text(&refused).contains("refusing to restore"), "{}", output_text(&refused));

    assert!(run(&["create-admin", "--email", "two@shop.in", "--password", "owner-pass-2"]).status.success());
    assert_eq!(admins(&dir.path().join("shop.db")), 2);
    let _ = Command::new("kill").args(["-KILL", &child.id().to_string()]).status();
    let _ = child.wait();

    let restored = run(&["restore", &backup.display().to_string()]);
    assert!(restored.status.success(), "{}", output_text(&restored));
    assert_eq!(admins(&dir.path().join("shop.db")), 1, "the database is the backup again");
    let not_a_backup = dir.path().join("junk.db");
    std::fs::write(&not_a_backup, b"not sqlite").unwrap();
    assert!(!run(&["restore", &not_a_backup.display().to_string()]).status.success());
    assert_eq!(admins(&dir.path().join("shop.db")), 1);
}

/// One HTTP/1.0 request over a fresh connection; returns the whole answer as text.
fn http(port: u16, method: &str, path: &str, token: Option<&str>, body: &str) -> String {
    use std::io::{Read, Write};
    let mut stream = std::net::TcpStream::connect(("127.0.0.1", port)).unwrap();
    let auth = token.map(|t| format!("Authorization: Bearer {t}\r\n")).unwrap_or_default();
    let request = format!(
        "{method} {path} HTTP/1.0\r\nContent-Type: application/json\r\n{auth}Content-Length: {}\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(request.as_bytes()).unwrap();
    let mut answer = String::new();
    let _ = stream.read_to_string(&mut answer);
    answer
}

#[test]
fn secrets_never_reach_the_log_or_an_error_body() {
    let dir = tempfile::tempdir().unwrap();
    let port = free_port();
    let mut child = shop(dir.path())
        .env("SHOP_BIND", format!("127.0.0.1:{port}"))
        .env("RUST_LOG", "debug")
        .arg("serve")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Collect everything the server prints, on both streams, until it exits.
    let (ready_tx, ready_rx) = std::sync::mpsc::channel();
    let collect = |stream: Box<dyn std::io::Read + Send>, ready: Option<std::sync::mpsc::Sender<()>>| {
        std::thread::spawn(move || {
            let mut log = String::new();
            for line in BufReader::new(stream).lines().map_while(Result::ok) {
                if line.contains("shop is ready") {
                    if let Some(tx) = &ready {
                        let _ = tx.send(());
                    }
                }
                log.push_str(&line);
                log.push('\n');
            }
            log
        })
    };
    let stdout = collect(Box::new(child.stdout.take().expect("stdout")), Some(ready_tx));
    let stderr = collect(Box::new(child.stderr.take().expect("stderr")), None);
    ready_rx.recv().expect("the server never became ready");

    let (first, second, wrong) = ("first-Secret-pass-41", "second-Secret-pass-42", "wrong-Secret-pass-43");
    let mut answers = Vec::new();
    answers.push(http(port, "POST", "/api/auth/register", None, &format!(r#"{{"username":"asha","email":"asha@example.in","password":"{first}"}}"#)));
    let login = http(port, "POST", "/api/auth/login", None, &format!(r#"{{"identifier":"asha","password":"{first}"}}"#));
    let token = login.split("\"token\":\"").nth(1).and_then(|t| t.split('"').next()).unwrap_or_default().to_string();
    assert!(token.len() > 20, "{login}");
    answers.push(http(port, "POST", "/api/auth/login", None, &format!(r#"{{"identifier":"asha","password":"{wrong}"}}"#)));
    answers.push(http(port, "POST", "/api/auth/register", None, &format!(r#"{{"username":"asha","email":"asha@example.in","password":"{wrong}"}}"#)));
    answers.push(http(port, "PUT", "/api/users/change-password", Some(&token), &format!(r#"{{"currentPassword":"{wrong}","newPassword":"{second}"}}"#)));
    answers.push(http(port, "PUT", "/api/users/change-password", Some(&token), &format!(r#"{{"currentPassword":"{first}","newPassword":"{second}"}}"#)));
    // The change ended the old session and answered a new token.
    let renewed = answers[4].split("\"token\":\"").nth(1).and_then(|t| t.split('"').next()).unwrap_or_default().to_string();
    assert!(renewed.len() > 20, "{}", answers[4]);
    answers.push(http(port, "GET", "/api/auth/me", Some(&format!("{renewed}x")), ""));
    answers.push(http(port, "GET", "/api/auth/me", Some(&renewed), ""));
    answers.push(http(port, "POST", "/api/auth/login", None, &format!(r#"{{"identifier":"asha","password":"{second}","extra":"{first}"}}"#)));
    assert!(answers[1].starts_with("HTTP/1.0 401") || answers[1].starts_with("HTTP/1.1 401"), "{}", answers[1]);

    let pid = child.id().to_string();
    let _ = Command::new("kill").args(["-TERM", &pid]).status();
    let _ = child.wait();
    let log = format!("{}{}", stdout.join().unwrap_or_default(), stderr.join().unwrap_or_default());
    assert!(log.contains("/api/auth/login"), "the log really records requests: {log}");
    let is_error = |answer: &str| answer.split(' ').nth(1).and_then(|s| s.parse::<u16>().ok()).is_some_and(|s| s >= 400);
    assert_eq!(answers.iter().filter(|a| is_error(a)).count(), 4, "four of the calls fail on purpose");
    for secret in [first, second, wrong, token.as_str(), renewed.as_str(), "$2b$", "$2a$"] {
        assert!(!log.contains(secret), "the log holds a secret ({secret}):\n{log}");
        for answer in &answers {
            let body = answer.split("\r\n\r\n").nth(1).unwrap_or("");
            // A session token belongs in a successful sign-in, registration or password change answer only.
            let allowed = (secret == token || secret == renewed) && !is_error(answer);
            assert!(allowed || !body.contains(secret), "an answer holds a secret ({secret}): {answer}");
        }
    }
}

#[test]
fn uploads_can_be_served_from_a_cdn_named_by_shop_uploads_public_url() {
    let dir = tempfile::tempdir().unwrap();
    refused_at_start_up(dir.path(), "SHOP_UPLOADS_PUBLIC_URL", &["cdn.example.in/uploads", "ftp://cdn.example.in", "https://cdn.example.in/u?x=1"]);

    let (mut child, port, _log) =
        serve_with(dir.path(), &[("SHOP_DEMO", "1"), ("SHOP_UPLOADS_PUBLIC_URL", "https://cdn.example.in/shop-uploads/")]);
    let answer = http(port, "GET", "/api/products?limit=4", None, "");

    let urls: Vec<&str> = answer.split("\"url\":\"").skip(1).filter_map(|t| t.split('"').next()).collect();
    assert!(!urls.is_empty(), "the demo products have pictures: {answer}");
    for url in &urls {
        assert!(url.starts_with("https://cdn.example.in/shop-uploads/"), "{url}");
    }
    let srcset = answer.split("\"srcset\":\"").nth(1).and_then(|t| t.split('"').next()).unwrap_or_default();
    assert!(srcset.starts_with("https://cdn.example.in/shop-uploads/") && srcset.contains(" 400w"), "{srcset}");
    let csp = answer.lines().find(|l| l.to_ascii_lowercase().starts_with("content-security-policy:")).unwrap_or_default();
    assert!(csp.contains("img-src 'self' https://cdn.example.in data: blob:"), "{csp}");
    // The shop's own address for the same file keeps working (the CDN's origin pulls from it).
    let name = urls[0].rsplit('/').next().unwrap_or_default();
    let own = http(port, "HEAD", &format!("/uploads/{name}"), None, "");
    let _ = Command::new("kill").args(["-TERM", &child.id().to_string()]).status();
    let _ = child.wait();
    assert!(own.starts_with("HTTP/1.0 200") || own.starts_with("HTTP/1.1 200"), "{}", own.lines().next().unwrap_or_default());
}
