//! The OpenAPI 3 document, collected from the routes themselves: each handler declares its
//! route and its documentation once (`#[utoipa::path]` over the actix route macro) and
//! [`crate::api`] registers it through `utoipa-actix-web`, which gathers the operations as it
//! registers them. The document cannot list a route the API does not have, nor miss one.
//! Error answers many operations share are written once in [`responses`]. Served at
//! `/api/openapi.json` with Swagger UI at `/api/docs` (its assets are compiled into the binary:
//! nothing is loaded from the internet).

pub mod names;
pub mod responses;

use std::collections::BTreeSet;
use std::sync::OnceLock;

use utoipa::openapi::security::{HttpAuthScheme, HttpBuilder, SecurityScheme};
use utoipa::{Modify, OpenApi};
use utoipa_actix_web::AppExt;
use utoipa_swagger_ui::SwaggerUi;

pub const DOCUMENT_PATH: &str = "/api/openapi.json";
pub const DOCS_PATH: &str = "/api/docs";

/// What the routes do not say: the title, the description, the error body.
#[derive(OpenApi)]
#[openapi(
    info(
        title = "Fashion shop API",
        description = "The storefront's and the back office's API. Errors are `{ message, code }`; \
            calls marked with the bearer scheme need `Authorization: Bearer <token>` from \
            `POST /api/auth/login` or `POST /api/auth/register`.",
    ),
    components(schemas(crate::error::ErrorBody)),
)]
struct ApiDoc;

/// The one security scheme: a JWT in `Authorization: Bearer`.
struct BearerScheme;

impl Modify for BearerScheme {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "bearer",
            SecurityScheme::Http(HttpBuilder::new().scheme(HttpAuthScheme::Bearer).bearer_format("JWT").build()),
        );
    }
}

/// Which calls need the bearer token is said once, by the answers a handler names: a call
/// that can answer [`responses::SIGN_IN_REQUIRED`] (the [`responses::Unauthorized`] and
/// [`responses::RoleRequired`] sets) needs it; every other call is public, written
/// `security: []` (needs no credentials). A handler never writes `security(...)` itself.
struct SecurityFromAnswers;

impl Modify for SecurityFromAnswers {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        use utoipa::openapi::security::SecurityRequirement;
        use utoipa::openapi::RefOr;
        for item in openapi.paths.paths.values_mut() {
            for op in operations_mut(item) {
                let signed_in = matches!(
                    op.responses.responses.get("401"),
                    Some(RefOr::T(answer)) if answer.description == responses::SIGN_IN_REQUIRED
                );
                op.security =
                    Some(if signed_in { vec![SecurityRequirement::new("bearer", Vec::<String>::new())] } else { Vec::new() });
            }
        }
    }
}

fn operations_mut(item: &mut utoipa::openapi::PathItem) -> impl Iterator<Item = &mut utoipa::openapi::path::Operation> {
    [&mut item.get, &mut item.put, &mut item.post, &mut item.delete, &mut item.patch, &mut item.head, &mut item.options]
        .into_iter()
        .filter_map(|o| o.as_mut())
}

/// The document, collected once from the `/api` scope the server registers.
pub fn document() -> &'static utoipa::openapi::OpenApi {
    static DOCUMENT: OnceLock<utoipa::openapi::OpenApi> = OnceLock::new();
    DOCUMENT.get_or_init(|| {
        let (_, mut doc) =
            actix_web::App::new().into_utoipa_app().openapi(ApiDoc::openapi()).service(crate::api()).split_for_parts();
        BearerScheme.modify(&mut doc);
        SecurityFromAnswers.modify(&mut doc);
        doc
    })
}

/// Does the request path `/api/addresses/3f…` fit the route pattern `/api/addresses/{id}`?
fn fits(pattern: &str, path: &str) -> bool {
    let (pattern, path): (Vec<&str>, Vec<&str>) = (pattern.split('/').collect(), path.split('/').collect());
    pattern.len() == path.len()
        && pattern.iter().zip(&path).all(|(p, s)| if p.starts_with('{') { !s.is_empty() } else { p == s })
}

/// One route pattern of the document (`/api/addresses/{id}`) with its operations: each
/// method (upper case) and whether it needs the bearer token (its `security`, which the
/// handler's answers decide, above). Read from the document once.
struct Route {
    pattern: String,
    operations: Vec<(String, bool)>,
}

fn routes() -> &'static [Route] {
    static ROUTES: OnceLock<Vec<Route>> = OnceLock::new();
    ROUTES.get_or_init(|| {
        let doc = serde_json::to_value(document()).unwrap_or_default();
        let paths = doc["paths"].as_object().into_iter().flatten();
        paths
            .map(|(pattern, item)| {
                let operations = item.as_object().into_iter().flatten().map(|(m, op)| (m.to_uppercase(), op));
                let operations = operations
                    .filter(|(m, _)| METHODS.contains(&m.as_str()))
                    .map(|(m, op)| (m, op["security"].as_array().is_some_and(|s| !s.is_empty())));
                Route { pattern: pattern.clone(), operations: operations.collect() }
            })
            .collect()
    })
}

/// The methods the API answers at a request path (`/api/addresses/3f…` → `DELETE, PUT`), for a
/// 405's `Allow` header; `None` when no route has the path.
pub fn allowed_methods(path: &str) -> Option<String> {
    // A literal pattern is registered before the patterns with parameters it also fits
    // (`/api/products/search` before `/api/products/{idOrSlug}`) and answers alone.
    let literal = routes().iter().filter(|r| r.pattern == path);
    let fitting: Vec<&Route> = match literal.clone().next() {
        Some(_) => literal.collect(),
        None => routes().iter().filter(|r| fits(&r.pattern, path)).collect(),
    };
    let mut methods: BTreeSet<&str> = fitting.iter().flat_map(|r| r.operations.iter().map(|(m, _)| m.as_str())).collect();
    // HEAD is answered wherever GET is (a HEAD is routed as a GET at the app's edge).
    if methods.contains("GET") {
        methods.insert("HEAD");
    }
    (!methods.is_empty()).then(|| methods.into_iter().collect::<Vec<_>>().join(", "))
}

/// Does the operation at a route pattern (`/api/orders/{id}/status`) need the bearer token?
/// A HEAD is asked as its GET.
pub fn needs_sign_in(method: &actix_web::http::Method, pattern: &str) -> bool {
    let method = if method == actix_web::http::Method::HEAD { "GET" } else { method.as_str() };
    routes()
        .iter()
        .find(|r| r.pattern == pattern)
        .is_some_and(|r| r.operations.iter().any(|(m, signed_in)| *signed_in && m == method))
}

const METHODS: [&str; 7] = ["GET", "PUT", "POST", "DELETE", "PATCH", "HEAD", "OPTIONS"];

/// `/api/openapi.json` and the Swagger UI page at `/api/docs/`.
pub fn swagger_ui() -> SwaggerUi {
    SwaggerUi::new(format!("{DOCS_PATH}/{{_:.*}}")).url(DOCUMENT_PATH, document().clone())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn allow_lists_the_methods_of_a_pattern() {
        let id = "3f1c1a52-8a4e-4d1e-9c53-0c8d1f2b7a10";
        assert_eq!(allowed_methods(&format!("/api/addresses/{id}")).as_deref(), Some("DELETE, PUT"));
        assert_eq!(allowed_methods(&format!("/api/wishlist/{id}")).as_deref(), Some("DELETE, POST"));
        assert_eq!(allowed_methods("/api/legal-pages").as_deref(), Some("GET, HEAD, POST"));
        // A literal path answers alone, though `search` would fit a product's `{idOrSlug}`.
        assert_eq!(allowed_methods("/api/products/search").as_deref(), Some("GET, HEAD"));
        assert_eq!(allowed_methods("/api/products/kurta").as_deref(), Some("DELETE, GET, HEAD, PUT"));
        assert_eq!(allowed_methods("/api/nothing"), None);
        assert_eq!(allowed_methods("/api/addresses/"), None);
    }

    fn json() -> serde_json::Value {
        serde_json::to_value(document()).unwrap_or_default()
    }

    #[test]
    fn every_operation_states_its_security_and_its_answers() {
        let doc = json();
        assert_eq!(doc["openapi"].as_str().map(|v| v.starts_with("3.")), Some(true));
        assert_eq!(doc["components"]["securitySchemes"]["bearer"]["scheme"], "bearer");
        assert_eq!(doc["components"]["securitySchemes"]["bearer"]["bearerFormat"], "JWT");
        assert!(doc["components"]["schemas"]["ErrorBody"]["properties"]["code"].is_object());
        for (path, item) in doc["paths"].as_object().into_iter().flatten() {
            for (method, op) in item.as_object().into_iter().flatten() {
                let what = format!("{method} {path}");
                let security = op["security"].as_array().unwrap_or_else(|| panic!("{what}: no security"));
                let responses = op["responses"].as_object().unwrap_or_else(|| panic!("{what}: no responses"));
                assert!(responses.keys().any(|k| k.starts_with('2')), "{what}: no success answer");
                if security.is_empty() {
                    // Only sign-in answers 401 without a token: wrong credentials.
                    let wrong_credentials = path == "/api/auth/login";
                    assert!(wrong_credentials || !responses.contains_key("401"), "{what}: public but documents 401");
                } else {
                    assert_eq!(security, &vec![serde_json::json!({ "bearer": [] })], "{what}");
                    assert!(responses.contains_key("401"), "{what}: needs a token but documents no 401");
                }
                for (status, answer) in responses {
                    if !status.starts_with('2') {
                        // ErrorBody, or a schema with its `message` and `code` and more (a
                        // refused import lists its lines).
                        let reference = answer["content"]["application/json"]["schema"]["$ref"].as_str().unwrap_or_default();
                        let name = reference.strip_prefix("#/components/schemas/").unwrap_or_default();
                        let properties = &doc["components"]["schemas"][name]["properties"];
                        assert!(
                            properties["message"].is_object() && properties["code"].is_object(),
                            "{what} {status}: errors are ErrorBody or carry its message and code ({reference})"
                        );
                    }
                }
                if op.get("requestBody").is_some() && !["get", "delete"].contains(&method.as_str()) {
                    let content = op["requestBody"]["content"].as_object().map(|c| c.keys().cloned().collect::<Vec<_>>());
                    let content = content.unwrap_or_default();
                    let expected = if content.iter().any(|c| c == "multipart/form-data") { "415" } else { "400" };
                    assert!(responses.contains_key(expected) && responses.contains_key("413"), "{what}: body limits undocumented");
                }
            }
        }
    }

    #[test]
    fn admin_calls_document_403_and_uploads_are_multipart() {
        let doc = json();
        for (method, path) in [("post", "/api/products"), ("put", "/api/categories/{id}"), ("put", "/api/company-details")] {
            let op = &doc["paths"][path][method];
            assert!(op["responses"]["403"].is_object(), "{method} {path}");
            let form = &op["requestBody"]["content"]["multipart/form-data"]["schema"]["$ref"];
            assert!(form.as_str().is_some_and(|r| r.ends_with("Form")), "{method} {path}: {form}");
        }
        let product_form = &doc["components"]["schemas"]["ProductForm"]["properties"]["images"];
        assert_eq!(product_form["items"]["format"], "binary", "{product_form}");
        for (method, path) in [("post", "/api/auth/login"), ("post", "/api/auth/register"), ("post", "/api/orders/place"), ("get", "/api/products/search")] {
            let throttled = &doc["paths"][path][method]["responses"]["429"];
            assert!(throttled["headers"]["Retry-After"].is_object(), "{method} {path}: {throttled}");
        }
    }
}
