//! Catalogue answers are the same for everyone until the catalogue changes, so each one
//! is serialised (and gzipped) once per catalogue version and then served as bytes, with
//! a weak ETag so a browser that has it already gets 304 Not Modified.
//!
//! Compression has one rule for the whole shop: actix's `Compress` middleware compresses
//! every answer the client accepts compressed, except an answer that already carries a
//! `Content-Encoding`, which it passes as it is. This cache is the one place that sets that
//! header: it keeps a gzip copy of each cached answer, made on first use, and picks it with
//! actix's own negotiation (`AcceptEncoding`), so a catalogue read is never compressed
//! per request.

use std::collections::HashMap;
use std::hash::{Hash, Hasher};
use std::io::Write;
use std::sync::{Arc, Mutex, OnceLock};

use actix_web::http::header::{self, AcceptEncoding, ContentEncoding, Encoding, EntityTag, HeaderValue, IfNoneMatch};
use actix_web::web::Bytes;
use actix_web::{HttpMessage, HttpRequest, HttpResponse};
use serde::Serialize;

use crate::error::ApiError;

/// Distinct answers kept per catalogue version, and their total size: listings with every
/// filter combination, or a crawler walking every page, could otherwise grow the cache
/// without bound (4096 listing pages of 20 products are about 60 MB). 4 MB holds a few
/// hundred pages, far more than the answers asked for often; every byte of it is resident
/// at 100,000 products, where the shop must stay within 150 MB (docs/PERFORMANCE.md).
const MAX_ENTRIES: usize = 4096;
pub const MAX_BYTES: usize = 4 << 20;

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

/// A weak ETag naming the answer for `key` by its bytes: every instance of the shop that
/// holds the same catalogue sends the same tag for the same answer (whatever its own
/// snapshot version number), so a browser sent to another instance behind the load
/// balancer still gets its 304. The hash is std's SipHash with fixed keys, stable for
/// one build of the shop.
pub fn etag_for(key: &str, body: &[u8]) -> String {
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    key.hash(&mut hasher);
    body.hash(&mut hasher);
    format!("W/\"{:016x}\"", hasher.finish())
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
        let etag = etag_for(key, &body);
        let entry = Arc::new(CachedBody::new(body, etag));
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

/// Whether the client takes the gzip copy, by the negotiation `Compress` uses too. A client
/// that accepts only another coding gets the plain bytes, which `Compress` then encodes.
fn takes_gzip(req: &HttpRequest) -> bool {
    let offered = [Encoding::gzip(), Encoding::identity()];
    req.get_header::<AcceptEncoding>().and_then(|accept| accept.negotiate(offered.iter())) == Some(Encoding::gzip())
}

/// Whether the client already has the answer tagged `etag` (`W/"…"` or `"…"`): If-None-Match
/// compares weakly (RFC 9110, 13.1.2), so `"x"` and `W/"x"` match each other; `*` matches any.
pub fn not_modified(req: &HttpRequest, etag: &str) -> bool {
    let Ok(ours) = etag.parse::<EntityTag>() else { return false };
    match req.get_header::<IfNoneMatch>() {
        Some(IfNoneMatch::Any) => true,
        Some(IfNoneMatch::Items(theirs)) => theirs.iter().any(|tag| tag.weak_eq(&ours)),
        None => false,
    }
}

/// Sends a cached JSON answer: 304 when the client has it, the gzip copy when the client
/// accepts gzip, otherwise the plain bytes.
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
    if takes_gzip(req) {
        if let Some(gz) = cached.gzipped() {
            // Encoded already: `Compress` passes it as it is.
            return response.insert_header(ContentEncoding::Gzip).body(gz.clone());
        }
    }
    response.body(cached.body.clone())
}

/// The cache key of a request: its path and query string exactly as sent.
pub fn key_of(req: &HttpRequest) -> String {
    key(req.path(), req.query_string())
}

/// The cache key of a GET of `path` with `query` (without `?`; empty when there is none).
pub fn key(path: &str, query: &str) -> String {
    format!("{path}?{query}")
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

    async fn send(cached: &CachedBody, accept_encoding: Option<&str>) -> (Option<String>, Bytes) {
        let mut req = actix_web::test::TestRequest::get();
        if let Some(accepted) = accept_encoding {
            req = req.insert_header((header::ACCEPT_ENCODING, accepted));
        }
        let res = respond(&req.to_http_request(), cached);
        let encoding = res.headers().get(header::CONTENT_ENCODING).and_then(|v| v.to_str().ok()).map(str::to_string);
        let body = actix_web::body::to_bytes(res.into_body()).await.unwrap_or_default();
        (encoding, body)
    }

    #[actix_web::test]
    async fn the_gzip_copy_is_made_once_and_chosen_by_the_clients_accept_encoding() {
        let json = format!("{{\"data\":\"{}\"}}", "kurta ".repeat(300));
        let cached = CachedBody::new(json.clone().into_bytes(), etag_for("/api/products?", json.as_bytes()));
        let (encoding, first) = send(&cached, Some("br, gzip;q=0.8")).await;
        assert_eq!(encoding.as_deref(), Some("gzip"), "the cached copy, even when brotli is preferred");
        let mut plain = String::new();
        std::io::Read::read_to_string(&mut flate2::read::GzDecoder::new(&first[..]), &mut plain).unwrap_or_default();
        assert_eq!(plain, json);
        let copy = cached.gzip.get().and_then(Option::as_ref).map(|b| b.as_ptr());
        assert!(copy.is_some(), "kept after the first answer");
        let (_, again) = send(&cached, Some("gzip")).await;
        assert_eq!(again, first);
        assert_eq!(cached.gzip.get().and_then(Option::as_ref).map(|b| b.as_ptr()), copy, "the same copy, not compressed again");
        // Not accepted, or refused with q=0: the plain bytes, with no Content-Encoding at all
        // (`Compress` decides what else the client may take).
        for accept in [None, Some("gzip;q=0, identity"), Some("br")] {
            let (encoding, body) = send(&cached, accept).await;
            assert_eq!((encoding, &body[..]), (None, json.as_bytes()), "{accept:?}");
        }
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
