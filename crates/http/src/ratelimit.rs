//! Abuse limits: token buckets per client address and per account for sign-in,
//! registration (and username changes), password resets, order placement and search,
//! answering 429 with `Retry-After`. Failed sign-ins per account are counted by the
//! accounts' throttle in the database, not here.
//!
//! Kept in memory (the shop is one process; a restart forgetting counts is harmless), with
//! a sweep that bounds memory under a spray of addresses. Hand-written: a few dozen lines,
//! no GPL dependency.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::Instant;

use actix_web::http::StatusCode;
use actix_web::HttpRequest;

use crate::error::ApiError;

/// Requests allowed per minute for each protected call; 0 switches a limit off.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RateLimitConfig {
    /// SHOP_RATE_SIGN_IN: sign-in attempts per client address.
    pub sign_in: u32,
    /// SHOP_RATE_REGISTER: registrations and username changes per client address (both
    /// tell whether a username is taken).
    pub register: u32,
    /// SHOP_RATE_PASSWORD_RESET: reset e-mail requests and reset attempts per client address.
    pub password_reset: u32,
    /// SHOP_RATE_ORDERS: order placements per account.
    pub orders_per_account: u32,
    /// SHOP_RATE_ORDERS_PER_IP: order placements per client address (many shoppers may
    /// share one address behind a carrier NAT, so it is higher).
    pub orders_per_ip: u32,
    /// SHOP_RATE_SEARCH: searches per client address.
    pub search: u32,
    /// SHOP_TRUSTED_PROXIES: the only peers whose `X-Forwarded-For` is believed.
    pub trusted_proxies: Vec<IpAddr>,
}

impl Default for RateLimitConfig {
    fn default() -> Self {
        RateLimitConfig {
            sign_in: 20,
            register: 10,
            password_reset: 5,
            orders_per_account: 30,
            orders_per_ip: 120,
            search: 120,
            trusted_proxies: Vec::new(),
        }
    }
}

impl RateLimitConfig {
    /// No limits at all (tests that are about something else).
    pub fn off() -> Self {
        RateLimitConfig { sign_in: 0, register: 0, password_reset: 0, orders_per_account: 0, orders_per_ip: 0, search: 0, trusted_proxies: Vec::new() }
    }

    /// `10.0.0.1, ::1` → addresses; anything unparsable is an error naming it.
    pub fn parse_proxies(list: &str) -> Result<Vec<IpAddr>, String> {
        list.split(',')
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(|s| s.parse().map_err(|_| format!("SHOP_TRUSTED_PROXIES: '{s}' is not an IP address")))
            .collect()
    }
}

/// What is being limited; each has its own buckets.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Action {
    SignInByAddress,
    Register,
    PasswordReset,
    OrderByAccount,
    OrderByAddress,
    Search,
}

struct Bucket {
    tokens: f64,
    updated: Instant,
}

/// Above this many buckets, full (idle) ones are dropped on the next check.
const SWEEP_ABOVE: usize = 50_000;

pub struct RateLimiter {
    config: RateLimitConfig,
    buckets: Mutex<HashMap<(Action, String), Bucket>>,
}

impl RateLimiter {
    pub fn new(config: RateLimitConfig) -> Self {
        RateLimiter { config, buckets: Mutex::new(HashMap::new()) }
    }

    fn per_minute(&self, action: Action) -> u32 {
        let c = &self.config;
        match action {
            Action::SignInByAddress => c.sign_in,
            Action::Register => c.register,
            Action::PasswordReset => c.password_reset,
            Action::OrderByAccount => c.orders_per_account,
            Action::OrderByAddress => c.orders_per_ip,
            Action::Search => c.search,
        }
    }

    /// Takes one token from `key`'s bucket, or answers 429 with the seconds until one is back.
    pub fn check(&self, action: Action, key: &str) -> Result<(), ApiError> {
        self.check_at(action, key, Instant::now())
    }

    fn check_at(&self, action: Action, key: &str, now: Instant) -> Result<(), ApiError> {
        let limit = self.per_minute(action);
        if limit == 0 {
            return Ok(());
        }
        let capacity = f64::from(limit);
        let per_second = capacity / 60.0;
        let mut buckets = self.buckets.lock().unwrap_or_else(|e| e.into_inner());
        if buckets.len() > SWEEP_ABOVE {
            buckets.retain(|(a, _), b| {
                let cap = f64::from(self.per_minute(*a));
                b.tokens + now.saturating_duration_since(b.updated).as_secs_f64() * cap / 60.0 < cap
            });
        }
        let bucket = buckets
            .entry((action, key.to_lowercase()))
            .or_insert(Bucket { tokens: capacity, updated: now });
        let elapsed = now.saturating_duration_since(bucket.updated).as_secs_f64();
        bucket.tokens = (bucket.tokens + elapsed * per_second).min(capacity);
        bucket.updated = now;
        if bucket.tokens >= 1.0 {
            bucket.tokens -= 1.0;
            Ok(())
        } else {
            let wait = ((1.0 - bucket.tokens) / per_second).ceil().max(1.0) as u64;
            Err(too_many(wait))
        }
    }

    /// The client's address: the peer, or — only when the peer is a trusted proxy — the
    /// right-most `X-Forwarded-For` entry that is not itself a trusted proxy.
    pub fn client_ip(&self, req: &HttpRequest) -> String {
        let peer = req.peer_addr().map(|a| a.ip());
        let Some(peer) = peer else { return "unknown".into() };
        if !self.config.trusted_proxies.contains(&peer) {
            return peer.to_string();
        }
        let forwarded = req
            .headers()
            .get_all("x-forwarded-for")
            .filter_map(|v| v.to_str().ok())
            .flat_map(|v| v.split(','))
            .map(str::trim)
            .collect::<Vec<_>>();
        for hop in forwarded.iter().rev() {
            match hop.parse::<IpAddr>() {
                Ok(ip) if self.config.trusted_proxies.contains(&ip) => continue,
                Ok(ip) => return ip.to_string(),
                // A hop the proxy did not write: stop trusting the chain there.
                Err(_) => break,
            }
        }
        peer.to_string()
    }
}

pub fn too_many(retry_after_secs: u64) -> ApiError {
    ApiError {
        retry_after_secs: Some(retry_after_secs),
        ..ApiError::new(StatusCode::TOO_MANY_REQUESTS, "rate_limited", "Too many requests. Please wait a moment and try again.")
    }
}

impl Default for RateLimiter {
    fn default() -> Self {
        RateLimiter::new(RateLimitConfig::default())
    }
}


#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;

    fn limiter(per_minute: u32) -> RateLimiter {
        RateLimiter::new(RateLimitConfig { search: per_minute, ..RateLimitConfig::off() })
    }

    #[test]
    fn a_full_bucket_refuses_with_the_wait_and_refills_over_time() {
        let l = limiter(3);
        let t0 = Instant::now();
        for _ in 0..3 {
            assert!(l.check_at(Action::Search, "1.2.3.4", t0).is_ok());
        }
        let refused = l.check_at(Action::Search, "1.2.3.4", t0).err();
        assert_eq!(refused.as_ref().map(|e| e.status.as_u16()), Some(429));
        assert_eq!(refused.and_then(|e| e.retry_after_secs), Some(20));
        // Another key has its own bucket.
        assert!(l.check_at(Action::Search, "5.6.7.8", t0).is_ok());
        // 20 s later one token is back, and only one.
        let later = t0 + Duration::from_secs(20);
        assert!(l.check_at(Action::Search, "1.2.3.4", later).is_ok());
        assert!(l.check_at(Action::Search, "1.2.3.4", later).is_err());
    }

    #[test]
    fn zero_means_no_limit() {
        let l = limiter(0);
        let t0 = Instant::now();
        assert!((0..1000).all(|_| l.check_at(Action::Search, "k", t0).is_ok()));
    }

    #[test]
    fn proxies_are_parsed_and_garbage_is_named() {
        assert_eq!(RateLimitConfig::parse_proxies(" 10.0.0.1, ::1 ").map(|v| v.len()), Ok(2));
        assert_eq!(RateLimitConfig::parse_proxies(""), Ok(vec![]));
        assert!(RateLimitConfig::parse_proxies("10.0.0.1,proxy.local").is_err_and(|e| e.contains("proxy.local")));
    }
}
