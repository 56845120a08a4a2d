//! Request-rate limits per client address for registration (and username changes),
//! password resets, order placement and search: `governor`'s keyed GCRA limiters,
//! attached to routes as middleware ([`limit`]) and answering 429 with `Retry-After`.
//!
//! Sign-in is not limited here: the accounts' throttle is the one sign-in throttle (in the
//! database, shared by every instance); this config only carries its `SHOP_RATE_SIGN_IN` budget.
//!
//! These counts live in each process's memory: behind several instances a client gets the
//! budget of each instance it reaches, which is acceptable for a request rate (the rules that
//! must hold across instances, sign-in failures and reset e-mails, confirmation re-sends and
//! the per-account order limit, are the domains' rules in the database). Behind N instances,
//! divide these per-address budgets by N to keep the same total. Idle keys are dropped once many accumulate, bounding memory under a spray of
//! addresses.

use std::collections::HashMap;
use std::net::IpAddr;
use std::num::NonZeroU32;

use std::future::{ready, Ready};

use actix_web::dev::{forward_ready, Service, ServiceRequest, ServiceResponse, Transform};
use actix_web::{web, HttpRequest};
use futures_util::future::Either;
use governor::clock::{Clock, DefaultClock};
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter as GovernorLimiter};

use crate::error::ApiError;
use crate::state::AppState;

/// Requests allowed per minute for each protected call; 0 switches a limit off.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RateLimitConfig {
    /// SHOP_RATE_SIGN_IN: sign-ins per client address, whatever the account. Counted by the
    /// accounts' throttle in the database (the one sign-in throttle), not by [`RateLimiter`].
    pub sign_in: u32,
    /// SHOP_RATE_REGISTER: registrations and username changes per client address (both
    /// tell whether a username is taken).
    pub register: u32,
    /// SHOP_RATE_PASSWORD_RESET: reset e-mail requests and reset attempts per client address.
    pub password_reset: u32,
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
            orders_per_ip: 120,
            search: 120,
            trusted_proxies: Vec::new(),
        }
    }
}

impl RateLimitConfig {
    /// No limits at all (tests that are about something else).
    pub fn off() -> Self {
        RateLimitConfig { sign_in: 0, register: 0, password_reset: 0, orders_per_ip: 0, search: 0, trusted_proxies: Vec::new() }
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

/// What is being limited; each has its own limiter.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Action {
    Register,
    PasswordReset,
    OrderByAddress,
    Search,
}

/// Above this many keys in one limiter, keys back at a full budget are dropped.
const SWEEP_ABOVE: usize = 50_000;

pub struct RateLimiter {
    /// Only the limits that are on.
    limiters: HashMap<Action, DefaultKeyedRateLimiter<String>>,
    trusted_proxies: Vec<IpAddr>,
}

impl RateLimiter {
    pub fn new(config: RateLimitConfig) -> Self {
        let per_minute = [
            (Action::Register, config.register),
            (Action::PasswordReset, config.password_reset),
            (Action::OrderByAddress, config.orders_per_ip),
            (Action::Search, config.search),
        ];
        let limiters = per_minute
            .into_iter()
            .filter_map(|(action, n)| Some((action, GovernorLimiter::keyed(Quota::per_minute(NonZeroU32::new(n)?)))))
            .collect();
        RateLimiter { limiters, trusted_proxies: config.trusted_proxies }
    }

    /// Spends one request of `key`'s budget, or answers 429 with the seconds until one is back.
    pub fn check(&self, action: Action, key: &str) -> Result<(), ApiError> {
        let Some(limiter) = self.limiters.get(&action) else { return Ok(()) };
        if limiter.len() > SWEEP_ABOVE {
            limiter.retain_recent();
        }
        limiter.check_key(&key.to_string()).map_err(|not_until| {
            let wait = not_until.wait_time_from(DefaultClock::default().now());
            too_many(wait.as_secs_f64().ceil().max(1.0) as u64)
        })
    }

    /// The client's address: the peer, or — only when the peer is a trusted proxy — the
    /// right-most `X-Forwarded-For` entry that is not itself a trusted proxy.
    pub fn client_ip(&self, req: &HttpRequest) -> String {
        let peer = req.peer_addr().map(|a| a.ip());
        let Some(peer) = peer else { return "unknown".into() };
        if !self.trusted_proxies.contains(&peer) {
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
                Ok(ip) if self.trusted_proxies.contains(&ip) => continue,
                Ok(ip) => return ip.to_string(),
                // A hop the proxy did not write: stop trusting the chain there.
                Err(_) => break,
            }
        }
        peer.to_string()
    }
}

/// The middleware limiting a route: `web::resource(..).wrap(limit(Action::Search))`. It reads
/// the one [`RateLimiter`] of the app state, so every worker spends the same budget.
pub fn limit(action: Action) -> Limit {
    Limit(action)
}

#[derive(Debug, Clone, Copy)]
pub struct Limit(Action);

impl<S, B> Transform<S, ServiceRequest> for Limit
where
    S: Service<ServiceRequest, Response = ServiceResponse<B>, Error = actix_web::Error>,
{
    type Response = ServiceResponse<B>;
    type Error = actix_web::Error;
    type Transform = LimitService<S>;
    type InitError = ();
    type Future = Ready<Result<LimitService<S>, ()>>;

    fn new_transform(&self, service: S) -> Self::Future {
        ready(Ok(LimitService { service, action: self.0 }))
    }
}

pub struct LimitService<S> {
    service: S,
    action: Action,
}

impl<S, B> Service<ServiceRequest> for LimitService<S>
where
    S: Service<ServiceRequest, Response = ServiceResponse<B>, Error = actix_web::Error>,
{
    type Response = ServiceResponse<B>;
    type Error = actix_web::Error;
    type Future = Either<S::Future, Ready<Result<ServiceResponse<B>, actix_web::Error>>>;

    forward_ready!(service);

    fn call(&self, req: ServiceRequest) -> Self::Future {
        let checked = match req.app_data::<web::Data<AppState>>() {
            Some(state) => state.limits.check(self.action, &state.limits.client_ip(req.request())),
            None => Err(ApiError::internal("AppState is not registered")),
        };
        match checked {
            Ok(()) => Either::Left(self.service.call(req)),
            Err(refused) => Either::Right(ready(Err(refused.into()))),
        }
    }
}

pub fn too_many(retry_after_secs: u64) -> ApiError {
    ApiError::throttled("rate_limited", "Too many requests. Please wait a moment and try again.", retry_after_secs)
}

impl Default for RateLimiter {
    fn default() -> Self {
        RateLimiter::new(RateLimitConfig::default())
    }
}


#[cfg(test)]
mod tests {
    use super::*;

    fn limiter(per_minute: u32) -> RateLimiter {
        RateLimiter::new(RateLimitConfig { search: per_minute, ..RateLimitConfig::off() })
    }

    #[test]
    fn a_spent_budget_refuses_with_the_wait_for_the_next_request() {
        let l = limiter(3);
        for _ in 0..3 {
            assert!(l.check(Action::Search, "1.2.3.4").is_ok());
        }
        let refused = l.check(Action::Search, "1.2.3.4").err();
        assert_eq!(refused.as_ref().map(|e| e.status.as_u16()), Some(429));
        // Three a minute: the next one is back within 20 seconds.
        assert!(refused.and_then(|e| e.retry_after_secs).is_some_and(|s| (19..=20).contains(&s)));
        // Another key has its own budget, and other actions are not limited.
        assert!(l.check(Action::Search, "5.6.7.8").is_ok());
        assert!(l.check(Action::Register, "1.2.3.4").is_ok());
    }

    #[test]
    fn zero_means_no_limit() {
        let l = limiter(0);
        assert!((0..1000).all(|_| l.check(Action::Search, "k").is_ok()));
    }

    #[test]
    fn proxies_are_parsed_and_garbage_is_named() {
        assert_eq!(RateLimitConfig::parse_proxies(" 10.0.0.1, ::1 ").map(|v| v.len()), Ok(2));
        assert_eq!(RateLimitConfig::parse_proxies(""), Ok(vec![]));
        assert!(RateLimitConfig::parse_proxies("10.0.0.1,proxy.local").is_err_and(|e| e.contains("proxy.local")));
    }
}
