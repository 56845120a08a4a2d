//! The audit log's recorder: ONE middleware around the whole `/api` scope.
//!
//! The admin extractor ([`crate::auth::AdminUser`]) leaves the signed-in administrator in
//! the request's extensions. After the handler has answered, this middleware records an
//! entry when, and only when, the request was a write (not GET, HEAD or OPTIONS), an
//! administrator was extracted, and the answer is a success (2xx): a refused or failed write
//! changed nothing and leaves no entry. Every admin route, also one added later, is
//! covered without a line of its own.
//!
//! What the entry says comes from the route, not from the handler: the area and action
//! from the route's pattern and method (`PUT /api/products/{idOrSlug}` is
//! `products.update`), the target from the path's values or else the answer's `data.id`,
//! and the summary from the answer's `message` and the JSON request's top-level fields
//! (short values; passwords, tokens and payout accounts never written). The entry is written right after
//! the change committed; if writing it fails the change stands and the failure is logged.

use actix_web::body::{BodySize, BoxBody, MessageBody};
use actix_web::dev::{Payload, ServiceRequest, ServiceResponse};
use actix_web::http::{header, Method};
use actix_web::middleware::Next;
use actix_web::web::{self, Bytes, BytesMut};
use actix_web::{Error, HttpMessage};
use futures_util::StreamExt;
use serde_json::Value;

use crate::state::AppState;

/// The administrator who made the request (set by the admin extractor).
#[derive(Debug, Clone)]
pub struct AuditActor {
    pub id: String,
    pub name: String,
}

/// The largest JSON request or answer read for the summary (a legal page may be 512 KB).
const BODY_LIMIT: usize = 600 * 1024;
/// The longest field value quoted in a summary.
const VALUE_CHARS: usize = 60;

fn is_write(method: &Method) -> bool {
    !matches!(*method, Method::GET | Method::HEAD | Method::OPTIONS)
}

fn is_json(content_type: Option<&header::HeaderValue>) -> bool {
    content_type.and_then(|v| v.to_str().ok()).is_some_and(|v| v.trim_start().starts_with("application/json"))
}

/// The middleware; see the module's documentation.
pub async fn record(mut req: ServiceRequest, next: Next<impl MessageBody + 'static>) -> Result<ServiceResponse<BoxBody>, Error> {
    if !is_write(req.method()) {
        return next.call(req).await.map(ServiceResponse::map_into_boxed_body);
    }
    // A small JSON body is read here and put back for the handler.
    // The body is kept as bytes and read as JSON only for an entry: most writes are
    // shoppers' (cart lines, orders), which the log never records.
    let mut request_body = None;
    let length = req
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<usize>().ok());
    let form_upload = req
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("multipart/") || v.starts_with("text/csv"));
    if is_json(req.headers().get(header::CONTENT_TYPE)) && length.is_some_and(|n| n > 0 && n <= BODY_LIMIT) {
        let mut payload = req.take_payload();
        let mut body = BytesMut::new();
        while let Some(chunk) = payload.next().await {
            body.extend_from_slice(&chunk?);
        }
        let body = body.freeze();
        request_body = Some(body.clone());
        req.set_payload(Payload::from(body));
    }
    let res = next.call(req).await?;
    let actor = res.request().extensions().get::<AuditActor>().cloned();
    let Some(actor) = actor.filter(|_| res.status().is_success()) else {
        return Ok(res.map_into_boxed_body());
    };
    let (http_req, res) = res.into_parts();
    let answer_is_json = is_json(res.headers().get(header::CONTENT_TYPE));
    let (res, body) = res.into_parts();
    let (body, answer) = match (answer_is_json, body.size()) {
        (true, BodySize::Sized(n)) if usize::try_from(n).is_ok_and(|n| n <= BODY_LIMIT) => {
            let bytes: Bytes = actix_web::body::to_bytes(body).await.unwrap_or_default();
            let answer = serde_json::from_slice::<Value>(&bytes).ok();
            (BoxBody::new(bytes), answer)
        }
        _ => (body.boxed(), None),
    };
    let res = res.set_body(body);
    let pattern = http_req.match_pattern().unwrap_or_else(|| http_req.path().to_string());
    let path_values: Vec<String> = http_req.match_info().iter().map(|(_, v)| v.to_string()).collect();
    let (area, action) = action_of(http_req.method(), &pattern);
    let target = if path_values.is_empty() {
        answer.as_ref().and_then(|a| a.pointer("/data/id")).and_then(Value::as_str).map(str::to_string)
    } else {
        Some(path_values.join("/"))
    };
    let request_json = request_body.and_then(|body| serde_json::from_slice::<Value>(&body).ok());
    let summary = summary_of(request_json.as_ref(), answer.as_ref(), form_upload);
    if let Some(state) = http_req.app_data::<web::Data<AppState>>().cloned() {
        let entry = audit::NewEntry { actor_id: actor.id, actor_name: actor.name, area, action, target, summary };
        let log = state.audit.clone();
        match web::block(move || log.record(entry)).await {
            Ok(Ok(_)) => {}
            Ok(Err(e)) => tracing::error!(error = %e, "the audit log entry was not written"),
            Err(e) => tracing::error!(error = %e, "the audit log entry was not written"),
        }
    }
    Ok(ServiceResponse::new(http_req, res))
}

/// The area and the action of a write, from the route's pattern: the path's first fixed
/// segment is the area, the others (ids left out) name the action; without others, the
/// method does (`create`, `update`, `delete`).
pub fn action_of(method: &Method, pattern: &str) -> (String, String) {
    let fixed: Vec<&str> = pattern
        .trim_start_matches(crate::API_PREFIX)
        .split('/')
        .filter(|s| !s.is_empty() && !s.starts_with('{'))
        .collect();
    let area = match fixed.first().copied().unwrap_or("api") {
        "company-details" => "company",
        "legal-pages" => "legal",
        "search" | "settings" => "settings",
        other => other,
    }
    .to_string();
    let rest: Vec<&str> = fixed.iter().skip(1).copied().collect();
    let verb = if rest.is_empty() {
        match *method {
            Method::POST => "create".to_string(),
            Method::DELETE => "delete".to_string(),
            _ => "update".to_string(),
        }
    } else {
        rest.join(".")
    };
    let action = format!("{area}.{verb}");
    (area, action)
}

/// Values the log never keeps: credentials, and a refund's payout account (the shop keeps
/// only its masked form, docs/PRODUCT.md).
fn secret(key: &str) -> bool {
    let key = key.to_ascii_lowercase();
    ["password", "token", "secret", "accountnumber", "upiid"].iter().any(|s| key.contains(s))
}

fn short(value: &str) -> String {
    let value = value.trim();
    if value.chars().count() <= VALUE_CHARS {
        value.to_string()
    } else {
        let mut cut: String = value.chars().take(VALUE_CHARS - 1).collect();
        cut.push('…');
        cut
    }
}

fn describe(key: &str, value: &Value) -> String {
    if secret(key) {
        return format!("{key}: (hidden)");
    }
    match value {
        Value::String(s) => format!("{key}: \"{}\"", short(s)),
        Value::Array(items) => match items.len() {
            1 => format!("{key}: 1 item"),
            n => format!("{key}: {n} items"),
        },
        Value::Object(_) => format!("{key}: {{…}}"),
        other => format!("{key}: {other}"),
    }
}

/// The answer's message, then the request's fields (or, for an upload, the answer's name
/// of what it saved).
pub fn summary_of(request: Option<&Value>, answer: Option<&Value>, form_upload: bool) -> String {
    let mut parts = Vec::new();
    if let Some(message) = answer.and_then(|a| a.get("message")).and_then(Value::as_str) {
        parts.push(message.to_string());
    }
    match request {
        Some(Value::Object(fields)) if !fields.is_empty() => {
            parts.push(fields.iter().map(|(k, v)| describe(k, v)).collect::<Vec<_>>().join(", "));
        }
        Some(other @ (Value::Array(_) | Value::String(_))) => parts.push(describe("body", other)),
        _ => {
            let name = answer.and_then(|a| a.pointer("/data/name")).and_then(Value::as_str);
            match (form_upload, name) {
                (true, Some(name)) => parts.push(format!("form upload, name: \"{}\"", short(name))),
                (true, None) => parts.push("form upload".to_string()),
                (false, Some(name)) => parts.push(format!("name: \"{}\"", short(name))),
                (false, None) => {}
            }
        }
    }
    if parts.is_empty() {
        "(no details)".to_string()
    } else {
        parts.join(" — ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn actions_are_named_from_the_route() {
        assert_eq!(action_of(&Method::PUT, "/api/products/{idOrSlug}"), ("products".into(), "products.update".into()));
        assert_eq!(action_of(&Method::POST, "/api/categories"), ("categories".into(), "categories.create".into()));
        assert_eq!(action_of(&Method::DELETE, "/api/categories/{id}"), ("categories".into(), "categories.delete".into()));
        assert_eq!(action_of(&Method::PUT, "/api/orders/{id}/status"), ("orders".into(), "orders.status".into()));
        assert_eq!(action_of(&Method::POST, "/api/orders/bulk-status"), ("orders".into(), "orders.bulk-status".into()));
        assert_eq!(action_of(&Method::PUT, "/api/settings/cod"), ("settings".into(), "settings.cod".into()));
        assert_eq!(action_of(&Method::PUT, "/api/search/synonyms"), ("settings".into(), "settings.synonyms".into()));
        assert_eq!(action_of(&Method::PUT, "/api/company-details"), ("company".into(), "company.update".into()));
        assert_eq!(action_of(&Method::POST, "/api/legal-pages"), ("legal".into(), "legal.create".into()));
    }

    #[test]
    fn summaries_quote_short_values_and_hide_secrets() {
        let request = json!({"deliveryStatus": "SHIPPED", "password": "hunter22", "orderIds": ["a", "b"], "content": "x".repeat(200), "upiId": "ravi@okaxis"});
        let answer = json!({"message": "Order status updated"});
        let summary = summary_of(Some(&request), Some(&answer), false);
        assert!(summary.starts_with("Order status updated — "), "{summary}");
        assert!(summary.contains("deliveryStatus: \"SHIPPED\""), "{summary}");
        assert!(summary.contains("password: (hidden)") && !summary.contains("hunter22"), "{summary}");
        assert!(summary.contains("upiId: (hidden)") && !summary.contains("ravi@"), "{summary}");
        assert!(summary.contains("orderIds: 2 items"), "{summary}");
        assert!(summary.contains('…') && !summary.contains(&"x".repeat(VALUE_CHARS)), "{summary}");
    }

    #[test]
    fn an_upload_is_summarised_by_what_it_saved() {
        let answer = json!({"message": "Product created", "data": {"id": "p1", "name": "Silk Saree"}});
        assert_eq!(summary_of(None, Some(&answer), true), "Product created — form upload, name: \"Silk Saree\"");
        assert_eq!(summary_of(None, None, false), "(no details)");
    }
}
