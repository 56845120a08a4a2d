//! CORS, by `actix-cors`, from SHOP_CORS_ORIGINS: same-origin only when nothing is listed.
//! A listed origin is echoed (never `*`), may use the API's methods and headers and read
//! `Retry-After`; no credentials are allowed (the API uses bearer tokens, not cookies). Any
//! other origin gets no CORS headers, so the browser keeps the answer from the page that
//! asked, and its preflight is refused.

use actix_cors::Cors;
use actix_web::http::header::{self, HeaderName};
use actix_web::http::{Method, Uri};

/// How long (seconds) a browser may reuse a preflight answer.
const PREFLIGHT_MAX_AGE: usize = 600;

/// The middleware for these origins. Anything [`origin`] refuses is left out, so a list
/// that slipped past start-up can never widen the policy (nor stop the app: actix-cors
/// fails to start on `*` or on text that is not a URI).
pub fn cors(origins: &[String]) -> Cors {
    origins
        .iter()
        .filter_map(|raw| origin(raw).ok())
        .fold(Cors::default(), |cors, allowed| cors.allowed_origin(&allowed))
        .allowed_methods([Method::GET, Method::POST, Method::PUT, Method::DELETE])
        .allowed_headers([header::AUTHORIZATION, header::CONTENT_TYPE, HeaderName::from_static("idempotency-key")])
        .expose_headers([header::RETRY_AFTER])
        .max_age(PREFLIGHT_MAX_AGE)
}

/// SHOP_CORS_ORIGINS (comma-separated) as origins; a start-up error names the first entry
/// that is not one.
pub fn parse_origins(raw: &str) -> Result<Vec<String>, String> {
    raw.split(',')
        .map(str::trim)
        .filter(|o| !o.is_empty())
        .map(|o| origin(o).map_err(|why| format!("SHOP_CORS_ORIGINS: {why}")))
        .collect()
}

/// `raw` as a browser sends it in `Origin` (lower case, no trailing slash), or why it is
/// refused: `*` would let any site read the answers, and `null` is what sandboxed pages and
/// local files send.
fn origin(raw: &str) -> Result<String, String> {
    let normal = raw.trim().trim_end_matches('/').to_ascii_lowercase();
    if normal == "*" || normal == "null" {
        return Err(format!("`{raw}` is refused: list the origins that may call the API, such as https://admin.example.in"));
    }
    let uri: Uri = normal.parse().map_err(|_| not_an_origin(raw))?;
    let plain = matches!(uri.scheme_str(), Some("http" | "https"))
        && uri.authority().is_some_and(|a| !a.as_str().contains('@'))
        && uri.path_and_query().is_none_or(|p| p.as_str() == "/");
    if plain {
        Ok(normal)
    } else {
        Err(not_an_origin(raw))
    }
}

fn not_an_origin(raw: &str) -> String {
    format!("`{raw}` is not an origin such as https://admin.example.in (scheme, host and port only)")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn origins_are_read_as_browsers_send_them() {
        let parsed = parse_origins(" https://Admin.Example.in/ , http://127.0.0.1:5173,").ok();
        assert_eq!(parsed, Some(vec!["https://admin.example.in".to_string(), "http://127.0.0.1:5173".to_string()]));
        assert_eq!(parse_origins("").ok(), Some(Vec::new()), "nothing listed: same-origin only");
    }

    #[test]
    fn a_wildcard_or_anything_but_an_origin_is_refused() {
        for raw in ["*", "https://a.example.in, *", "null", "admin.example.in", "ftp://a.example.in", "https://a.example.in/admin", "https://user@a.example.in", "https://a.example.in?x=1"] {
            let refused = parse_origins(raw);
            assert!(refused.as_ref().is_err_and(|e| e.starts_with("SHOP_CORS_ORIGINS: ")), "{raw}: {refused:?}");
        }
    }
}
