//! Catalogue answers are the same for everyone until the catalogue changes, so each one
//! is serialised (and gzipped) once per catalogue version and then served as bytes, with
//! a weak ETag so a browser that has it already gets 304 Not Modified.

use std::collections::HashMap;
use std::hash::{Hash, Hasher};
use std::io::Write;
use std::sync::{Arc, Mutex, OnceLock};

use actix_web::http::header::{self, HeaderValue};
use actix_web::web::Bytes;
use actix_web::{HttpRequest, HttpResponse};
use serde::Serialize;

use crate::error::ApiError;

/// Bodies smaller than this are not worth compressing.
const GZIP_FROM_BYTES: usize = 1024;
/// Distinct answers kept per catalogue version, and their total size: listings with every
/// filter combination, or a crawler walking every page, could otherwise grow the cache
/// without bound (4096 listing pages of 20 products are about 60 MB).
const MAX_ENTRIES: usize = 4096;
const MAX_BYTES: usize = 16 << 20;

pub struct CachedBody {
    body: Bytes,
    gzip: OnceLock<Option<Bytes>>,
    etag: String,
}

impl CachedBody {
    pub fn new(body: Vec<u8>, etag: String) -> Self {
        CachedBody { body: Bytes::from(body), gzip: OnceLock::new(), etag }
    }

    /// The JSON answer itself (uncompressed).
    pub fn json(&self) -> &[u8] {
        &self.body
    }

    fn gzipped(&self) -> Option<&Bytes> {
        self.gzip
            .get_or_init(|| {
                let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
                encoder.write_all(&self.body).ok()?;
                encoder.finish().ok().map(Bytes::from)
            })
            .as_ref()
    }
}

pub struct ResponseCache {
    inner: Mutex<Cached>,
    max_entries: usize,
    max_bytes: usize,
}

/// The answers cached for one catalogue version.
#[derive(Default)]
struct Cached {
    version: u64,
    bodies: HashMap<String, Arc<CachedBody>>,
    /// Plain body bytes held (a gzip copy, made on first use, is smaller).
    bytes: usize,
}

impl Default for ResponseCache {
    fn default() -> Self {
        ResponseCache::with_limits(MAX_ENTRIES, MAX_BYTES)
    }
}

fn fingerprint(key: &str) -> u64 {
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    key.hash(&mut hasher);
    hasher.finish()
}

/// A weak ETag naming the answer for `key` at `version`.
pub fn etag_for(version: u64, key: &str) -> String {
    format!("W/\"{version:x}-{:016x}\"", fingerprint(key))
}

impl ResponseCache {
    pub fn with_limits(max_entries: usize, max_bytes: usize) -> Self {
        ResponseCache { inner: Mutex::default(), max_entries, max_bytes }
    }

    /// Answers held now, and their plain size in bytes.
    pub fn held(&self) -> (usize, usize) {
        let guard = self.inner.lock().unwrap_or_else(|e| e.into_inner());
        (guard.bodies.len(), guard.bytes)
    }

    /// The cached answer for `key` at `version`, building it with `build` when missing.
    /// Everything cached for older versions is dropped.
    pub fn get_or_build<T: Serialize>(
        &self,
        version: u64,
        key: &str,
        build: impl FnOnce() -> Result<T, ApiError>,
    ) -> Result<Arc<CachedBody>, ApiError> {
        {
            let guard = self.inner.lock().unwrap_or_else(|e| e.into_inner());
            if guard.version == version {
                if let Some(hit) = guard.bodies.get(key) {
                    return Ok(hit.clone());
                }
            }
        }
        // Built outside the lock: two requests may build the same answer once each, which
        // is cheaper than making every reader wait.
        let body = serde_json::to_vec(&build()?).map_err(ApiError::internal)?;
        let entry = Arc::new(CachedBody::new(body, etag_for(version, key)));
        let mut guard = self.inner.lock().unwrap_or_else(|e| e.into_inner());
        if guard.version != version {
            if guard.version > version {
                // A newer catalogue arrived meanwhile: answer, but do not cache old data.
                return Ok(entry);
            }
            *guard = Cached { version, ..Cached::default() };
        }
        let size = entry.body.len();
        if size > self.max_bytes {
            return Ok(entry);
        }
        // Full: start over. Cheaper to keep than a recency list, and the answers that are
        // asked for often are back after one request each.
        if guard.bodies.len() >= self.max_entries || guard.bytes + size > self.max_bytes {
            guard.bodies.clear();
            guard.bytes = 0;
        }
        if let Some(old) = guard.bodies.insert(key.to_string(), entry.clone()) {
            guard.bytes -= old.body.len();
        }
        guard.bytes += size;
        Ok(entry)
    }
}

fn accepts_gzip(req: &HttpRequest) -> bool {
    req.headers()
        .get_all(header::ACCEPT_ENCODING)
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .any(|coding| {
            let mut parts = coding.trim().split(';');
            let name = parts.next().unwrap_or("").trim();
            let refused = parts.any(|p| p.trim().replace(' ', "") == "q=0");
            name.eq_ignore_ascii_case("gzip") && !refused
        })
}

fn not_modified(req: &HttpRequest, etag: &str) -> bool {
    req.headers()
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.split(',').any(|candidate| candidate.trim() == etag || candidate.trim() == "*"))
}

/// Sends a cached JSON answer: 304 when the client has it, gzip when the client accepts
/// it and it is worth it, otherwise the plain bytes.
pub fn respond(req: &HttpRequest, cached: &CachedBody) -> HttpResponse {
    let etag = HeaderValue::from_str(&cached.etag).unwrap_or_else(|_| HeaderValue::from_static("W/\"0\""));
    if not_modified(req, &cached.etag) {
        return HttpResponse::NotModified()
            .insert_header((header::ETAG, etag))
            .insert_header((header::CACHE_CONTROL, "no-cache"))
            .finish();
    }
    let mut response = HttpResponse::Ok();
    response
        .insert_header((header::CONTENT_TYPE, "application/json"))
        .insert_header((header::ETAG, etag))
        .insert_header((header::CACHE_CONTROL, "no-cache"))
        .insert_header((header::VARY, "Accept-Encoding"));
    if cached.body.len() >= GZIP_FROM_BYTES && accepts_gzip(req) {
        if let Some(gz) = cached.gzipped() {
            return response.insert_header((header::CONTENT_ENCODING, "gzip")).body(gz.clone());
        }
    }
    // Marked so the compression middleware leaves it alone.
    response.insert_header((header::CONTENT_ENCODING, "identity")).body(cached.body.clone())
}

/// The cache key of a request: its path and query string exactly as sent.
pub fn key_of(req: &HttpRequest) -> String {
    format!("{}?{}", req.path(), req.query_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn answer(size: usize) -> impl FnOnce() -> Result<String, ApiError> {
        move || Ok("x".repeat(size))
    }

    #[test]
    fn the_cache_never_holds_more_than_its_byte_budget() {
        let cache = ResponseCache::with_limits(100, 1000);
        for i in 0..50 {
            let body = cache.get_or_build(1, &format!("/api/products?page={i}"), answer(300)).map(|b| b.body.len());
            assert_eq!(body.ok(), Some(302), "a JSON string of 300 characters");
            assert!(cache.held().1 <= 1000, "{:?} after {i}", cache.held());
        }
        assert!(cache.held().0 >= 1, "recent answers are kept");
        // An answer bigger than the whole budget is served but not kept.
        let big = cache.get_or_build(1, "/api/products?limit=100", answer(5000)).map(|b| b.body.len());
        assert_eq!(big.ok(), Some(5002));
        assert!(cache.held().1 <= 1000);
    }

    #[test]
    fn a_new_catalogue_version_drops_every_older_answer() {
        let cache = ResponseCache::with_limits(100, 10_000);
        for i in 0..5 {
            let _ = cache.get_or_build(1, &format!("/k{i}"), answer(10));
        }
        assert_eq!(cache.held(), (5, 60));
        let fresh = cache.get_or_build(2, "/k0", || Ok("new"));
        assert_eq!(fresh.ok().map(|b| b.body.to_vec()), Some(b"\"new\"".to_vec()));
        assert_eq!(cache.held(), (1, 5));
        // A build for an older version that finishes late is answered but not cached.
        let late = cache.get_or_build(1, "/k1", answer(10));
        assert!(late.is_ok());
        assert_eq!(cache.held(), (1, 5));
    }
}
