//! The write half of `make bench`: N customers, each on its own keep-alive connection,
//! repeatedly add a piece to their cart and place a cash-on-delivery order. Prints one
//! JSON line with throughput, latency percentiles and error counts.
//!
//! Usage: shop-loadgen --base http://127.0.0.1:18090 --customers 32 --seconds 10

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde_json::{json, Value};

struct Conn {
    host: String,
    reader: BufReader<TcpStream>,
    writer: TcpStream,
}

impl Conn {
    fn open(host: &str) -> std::io::Result<Conn> {
        let stream = TcpStream::connect(host)?;
        stream.set_nodelay(true)?;
        stream.set_read_timeout(Some(Duration::from_secs(30)))?;
        Ok(Conn { host: host.to_string(), reader: BufReader::new(stream.try_clone()?), writer: stream })
    }

    /// One request on the kept-alive connection; returns (status, body).
    fn call(&mut self, method: &str, path: &str, token: Option<&str>, body: Option<&Value>, extra: &[(&str, String)]) -> std::io::Result<(u16, Value)> {
        let payload = body.map(|b| b.to_string()).unwrap_or_default();
        let mut request = format!("{method} {path} HTTP/1.1\r\nHost: {}\r\nContent-Length: {}\r\n", self.host, payload.len());
        if body.is_some() {
            request.push_str("Content-Type: application/json\r\n");
        }
        if let Some(token) = token {
            request.push_str(&format!("Authorization: Bearer {token}\r\n"));
        }
        for (name, value) in extra {
            request.push_str(&format!("{name}: {value}\r\n"));
        }
        request.push_str("\r\n");
        request.push_str(&payload);
        self.writer.write_all(request.as_bytes())?;

        let mut line = String::new();
        self.reader.read_line(&mut line)?;
        let status: u16 = line.split_whitespace().nth(1).and_then(|s| s.parse().ok()).unwrap_or(0);
        let mut length = 0usize;
        let mut chunked = false;
        loop {
            line.clear();
            self.reader.read_line(&mut line)?;
            let header = line.trim_end();
            if header.is_empty() {
                break;
            }
            let lower = header.to_ascii_lowercase();
            if let Some(v) = lower.strip_prefix("content-length:") {
                length = v.trim().parse().unwrap_or(0);
            }
            if lower.starts_with("transfer-encoding:") && lower.contains("chunked") {
                chunked = true;
            }
        }
        let mut bytes = Vec::new();
        if chunked {
            loop {
                line.clear();
                self.reader.read_line(&mut line)?;
                let size = usize::from_str_radix(line.trim(), 16).unwrap_or(0);
                let mut chunk = vec![0u8; size + 2];
                self.reader.read_exact(&mut chunk)?;
                if size == 0 {
                    break;
                }
                bytes.extend_from_slice(&chunk[..size]);
            }
        } else {
            bytes.resize(length, 0);
            self.reader.read_exact(&mut bytes)?;
        }
        Ok((status, serde_json::from_slice(&bytes).unwrap_or(Value::Null)))
    }
}

fn arg(name: &str, default: &str) -> String {
    let args: Vec<String> = std::env::args().collect();
    args.iter().position(|a| a == name).and_then(|i| args.get(i + 1)).cloned().unwrap_or_else(|| default.to_string())
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let rank = ((p / 100.0) * (sorted.len() as f64 - 1.0)).round() as usize;
    sorted[rank.min(sorted.len() - 1)]
}

fn main() {
    let base = arg("--base", "http://127.0.0.1:18090");
    let host = base.trim_start_matches("http://").trim_end_matches('/').to_string();
    let customers: usize = arg("--customers", "32").parse().unwrap_or(32);
    let seconds: u64 = arg("--seconds", "10").parse().unwrap_or(10);
    let run = arg("--run", "0");

    // Variants with stock, spread over the catalogue.
    let variants: Vec<String> = match Conn::open(&host).and_then(|mut c| c.call("GET", "/api/products?limit=1000&inStock=true", None, None, &[])) {
        Ok((200, listing)) => listing["data"]
            .as_array()
            .into_iter()
            .flatten()
            .flat_map(|p| p["variants"].as_array().cloned().unwrap_or_default())
            .filter(|v| v["stock"].as_i64().unwrap_or(0) > 0)
            .filter_map(|v| v["id"].as_str().map(str::to_string))
            .collect(),
        other => {
            eprintln!("could not read the catalogue: {other:?}");
            std::process::exit(1);
        }
    };
    if variants.is_empty() {
        eprintln!("no variant in stock");
        std::process::exit(1);
    }
    let variants = Arc::new(variants);
    let stop = Arc::new(AtomicBool::new(false));
    let latencies = Arc::new(Mutex::new(Vec::<f64>::new()));
    let errors = Arc::new(Mutex::new(std::collections::BTreeMap::<u16, u64>::new()));
    let ready = Arc::new(std::sync::Barrier::new(customers + 1));

    let mut workers = Vec::new();
    for c in 0..customers {
        let (host, variants, stop, latencies, errors, ready, run) =
            (host.clone(), variants.clone(), stop.clone(), latencies.clone(), errors.clone(), ready.clone(), run.clone());
        workers.push(std::thread::spawn(move || {
            let setup = || -> std::io::Result<(Conn, String, String)> {
                let mut conn = Conn::open(&host)?;
                let name = format!("bench{run}c{c}x{}", std::process::id());
                let (_, reg) = conn.call("POST", "/api/auth/register", None, Some(&json!({ "username": name, "email": format!("{name}@bench.local"), "password": "bench-pass-1" })), &[])?;
                let token = reg["data"]["token"].as_str().unwrap_or_default().to_string();
                let (_, addr) = conn.call("POST", "/api/addresses", Some(&token), Some(&json!({ "addressLine1": "1 Bench Street", "city": "Pune", "state": "Maharashtra", "postalCode": "411001" })), &[])?;
                let address = addr["data"]["id"].as_str().unwrap_or_default().to_string();
                Ok((conn, token, address))
            };
            let setup = setup();
            ready.wait();
            let Ok((mut conn, token, address)) = setup else { return };
            let mut mine = Vec::new();
            let mut i = c;
            while !stop.load(Ordering::Relaxed) {
                let variant = &variants[i % variants.len()];
                i += customers;
                let started = Instant::now();
                let add = conn.call("POST", "/api/cart/add", Some(&token), Some(&json!({ "productVariantId": variant, "quantity": 1 })), &[]);
                let place = conn.call(
                    "POST",
                    "/api/orders/place",
                    Some(&token),
                    Some(&json!({ "addressId": address, "paymentMethod": "COD" })),
                    &[("Idempotency-Key", format!("{run}-{c}-{i}"))],
                );
                let elapsed = started.elapsed().as_secs_f64() * 1000.0;
                match (add, place) {
                    (Ok((a, _)), Ok((201, _))) if a < 300 => mine.push(elapsed),
                    (Ok((a, _)), Ok((p, _))) => {
                        let mut e = errors.lock().unwrap_or_else(|e| e.into_inner());
                        *e.entry(if a >= 300 { a } else { p }).or_default() += 1;
                    }
                    _ => {
                        *errors.lock().unwrap_or_else(|e| e.into_inner()).entry(0).or_default() += 1;
                        match Conn::open(&host) {
                            Ok(c) => conn = c,
                            Err(_) => break,
                        }
                    }
                }
            }
            latencies.lock().unwrap_or_else(|e| e.into_inner()).extend(mine);
        }));
    }
    ready.wait();
    let started = Instant::now();
    std::thread::sleep(Duration::from_secs(seconds));
    stop.store(true, Ordering::Relaxed);
    for w in workers {
        let _ = w.join();
    }
    let elapsed = started.elapsed().as_secs_f64();
    let mut all = latencies.lock().map(|l| l.clone()).unwrap_or_default();
    all.sort_by(|a, b| a.total_cmp(b));
    let errors = errors.lock().map(|e| e.clone()).unwrap_or_default();
    let report = json!({
        "customers": customers,
        "seconds": elapsed,
        "orders": all.len(),
        "orders_per_sec": all.len() as f64 / elapsed,
        "p50_ms": percentile(&all, 50.0),
        "p99_ms": percentile(&all, 99.0),
        "errors": errors.values().sum::<u64>(),
        "error_statuses": errors.iter().map(|(k, v)| (k.to_string(), *v)).collect::<std::collections::BTreeMap<_, _>>(),
    });
    println!("{report}");
}
