//! `cargo xtask order-mix`: the write half of `make bench`. Each customer registers, adds an
//! address, then repeatedly adds a piece to the cart and places a cash-on-delivery order on
//! its own keep-alive connection (awc) until the time is up. Prints one JSON line:
//! throughput, latency percentiles of the pair of calls, error counts by status.

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use actix_web::http::Method;
use awc::Client;
use futures_util::future::join_all;
use serde_json::{json, Value};

pub struct Mix {
    pub base: String,
    pub customers: usize,
    pub seconds: u64,
    pub run: u32,
}

/// What one customer saw: latencies of successful pairs (ms) and failures by status (0 =
/// no answer).
#[derive(Default)]
struct Tally {
    latencies: Vec<f64>,
    errors: BTreeMap<u16, u64>,
}

struct Shop {
    client: Client,
    base: String,
}

impl Shop {
    fn new(base: &str) -> Shop {
        // One client per customer: its own pool, so its own kept-alive connection.
        Shop { client: Client::builder().timeout(Duration::from_secs(30)).finish(), base: base.trim_end_matches('/').to_string() }
    }

    /// One call; (status, JSON body or Null).
    async fn call(&self, method: Method, path: &str, token: Option<&str>, body: Option<Value>, key: Option<String>) -> Result<(u16, Value), String> {
        // Plain answers (no Accept-Encoding), as the bench has always measured.
        let mut request = self.client.request(method, format!("{}{path}", self.base)).no_decompress();
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        if let Some(key) = key {
            request = request.insert_header(("Idempotency-Key", key));
        }
        let sent = match body {
            Some(body) => request.send_json(&body).await,
            None => request.send().await,
        };
        let mut response = sent.map_err(|e| e.to_string())?;
        let bytes = response.body().limit(64 << 20).await.map_err(|e| e.to_string())?;
        Ok((response.status().as_u16(), serde_json::from_slice(&bytes).unwrap_or(Value::Null)))
    }
}

/// Variants with stock, spread over the catalogue.
async fn variants_in_stock(shop: &Shop) -> Result<Vec<String>, String> {
    let (status, listing) = shop.call(Method::GET, "/api/products?limit=1000&inStock=true", None, None, None).await?;
    if status != 200 {
        return Err(format!("could not read the catalogue: {status} {listing}"));
    }
    let variants: Vec<String> = listing["data"]
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|p| p["variants"].as_array().cloned().unwrap_or_default())
        .filter(|v| v["stock"].as_i64().unwrap_or(0) > 0)
        .filter_map(|v| v["id"].as_str().map(str::to_string))
        .collect();
    if variants.is_empty() {
        return Err("no variant in stock".into());
    }
    Ok(variants)
}

/// A registered customer with an address, ready to order.
struct Customer {
    shop: Shop,
    token: String,
    address: String,
}

async fn sign_up(base: &str, name: String) -> Result<Customer, String> {
    let shop = Shop::new(base);
    let body = json!({ "username": name, "email": format!("{name}@bench.local"), "password": "bench-pass-1" });
    let (status, registered) = shop.call(Method::POST, "/api/auth/register", None, Some(body), None).await?;
    let token = registered["data"]["token"].as_str().ok_or(format!("registration: {status} {registered}"))?.to_string();
    let body = json!({ "fullName": "Bench Shopper", "phone": "9876543210", "addressLine1": "1 Bench Street", "city": "Pune",
                       "state": "Maharashtra", "postalCode": "411001" });
    let (status, address) = shop.call(Method::POST, "/api/addresses", Some(&token), Some(body), None).await?;
    let address = address["data"]["id"].as_str().ok_or(format!("address: {status} {address}"))?.to_string();
    Ok(Customer { shop, token, address })
}

/// Orders until `deadline`: customer `c` of `n` takes every n-th variant from its own start.
async fn shop_until(customer: Customer, deadline: Instant, variants: &[String], c: usize, n: usize, run: u32) -> Tally {
    let mut tally = Tally::default();
    let mut i = c;
    while Instant::now() < deadline {
        let variant = &variants[i % variants.len()];
        i += n;
        let started = Instant::now();
        let add = json!({ "productVariantId": variant, "quantity": 1 });
        let added = customer.shop.call(Method::POST, "/api/cart/add", Some(&customer.token), Some(add), None).await;
        let place = json!({ "addressId": customer.address, "paymentMethod": "COD" });
        let key = format!("{run}-{c}-{i}");
        let placed = customer.shop.call(Method::POST, "/api/orders/place", Some(&customer.token), Some(place), Some(key)).await;
        let elapsed = started.elapsed().as_secs_f64() * 1000.0;
        match (added, placed) {
            (Ok((a, _)), Ok((201, _))) if a < 300 => tally.latencies.push(elapsed),
            (Ok((a, _)), Ok((p, _))) => *tally.errors.entry(if a >= 300 { a } else { p }).or_default() += 1,
            _ => *tally.errors.entry(0).or_default() += 1,
        }
    }
    tally
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let rank = ((p / 100.0) * (sorted.len() as f64 - 1.0)).round() as usize;
    sorted[rank.min(sorted.len() - 1)]
}

pub async fn run(mix: Mix) -> Result<(), String> {
    let variants = variants_in_stock(&Shop::new(&mix.base)).await?;
    let pid = std::process::id();
    let sign_ups = (0..mix.customers).map(|c| sign_up(&mix.base, format!("bench{}c{c}x{pid}", mix.run)));
    let customers = join_all(sign_ups).await.into_iter().collect::<Result<Vec<_>, _>>()?;

    let started = Instant::now();
    let deadline = started + Duration::from_secs(mix.seconds);
    let shopping = customers.into_iter().enumerate().map(|(c, customer)| shop_until(customer, deadline, &variants, c, mix.customers, mix.run));
    let tallies = join_all(shopping).await;
    let elapsed = started.elapsed().as_secs_f64();

    let mut latencies: Vec<f64> = tallies.iter().flat_map(|t| t.latencies.iter().copied()).collect();
    latencies.sort_by(|a, b| a.total_cmp(b));
    let mut errors: BTreeMap<u16, u64> = BTreeMap::new();
    for (status, count) in tallies.iter().flat_map(|t| &t.errors) {
        *errors.entry(*status).or_default() += count;
    }
    let report = json!({
        "customers": mix.customers,
        "seconds": elapsed,
        "orders": latencies.len(),
        "orders_per_sec": latencies.len() as f64 / elapsed,
        "p50_ms": percentile(&latencies, 50.0),
        "p99_ms": percentile(&latencies, 99.0),
        "errors": errors.values().sum::<u64>(),
        "error_statuses": errors.iter().map(|(k, v)| (k.to_string(), *v)).collect::<BTreeMap<_, _>>(),
    });
    println!("{report}");
    Ok(())
}
