//! The OpenAPI 3 document, derived from the handlers' `#[utoipa::path]` annotations and the
//! DTOs' `ToSchema` derives, served at `/api/openapi.json` with Swagger UI at `/api/docs`
//! (its assets are compiled into the binary: nothing is loaded from the internet).

use utoipa::openapi::security::{HttpAuthScheme, HttpBuilder, SecurityScheme};
use utoipa::{Modify, OpenApi};
use utoipa_swagger_ui::SwaggerUi;

use crate::handlers;

pub const DOCUMENT_PATH: &str = "/api/openapi.json";
pub const DOCS_PATH: &str = "/api/docs";

#[derive(OpenApi)]
#[openapi(
    info(
        title = "Fashion shop API",
        description = "The storefront's and the back office's API. Errors are `{ message, code }`; \
            calls marked with the bearer scheme need `Authorization: Bearer <token>` from \
            `POST /api/auth/login` or `POST /api/auth/register`.",
    ),
    paths(
        handlers::health::health,
        handlers::auth::register,
        handlers::auth::login,
        handlers::auth::me,
        handlers::auth::logout,
        handlers::auth::logout_all,
        handlers::auth::forgot_password,
        handlers::auth::reset_password,
        handlers::users::update_profile,
        handlers::users::change_password,
        handlers::categories::list,
        handlers::categories::create,
        handlers::categories::update,
        handlers::categories::delete,
        handlers::products::list,
        handlers::products::search,
        handlers::products::by_category,
        handlers::products::one,
        handlers::products::create_or_update,
        handlers::products::update,
        handlers::products::delete,
        handlers::content::company,
        handlers::content::update_company,
        handlers::content::legal_pages,
        handlers::content::save_legal_page,
        handlers::addresses::list,
        handlers::addresses::create,
        handlers::addresses::update,
        handlers::addresses::delete,
        handlers::cart::view,
        handlers::cart::add,
        handlers::cart::update_quantity,
        handlers::cart::remove,
        handlers::wishlist::view,
        handlers::wishlist::add,
        handlers::wishlist::remove,
        handlers::orders::place,
        handlers::orders::my_orders,
        handlers::orders::all_orders,
        handlers::orders::pending_count,
        handlers::orders::send_confirmation,
        handlers::orders::cancel,
        handlers::orders::set_status,
    ),
    components(schemas(crate::error::ErrorBody)),
    modifiers(&BearerScheme, &PublicMeansNoSecurity),
)]
pub struct ApiDoc;

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

/// `security(())` on a handler gives `[{}]` ("anonymous allowed"); a public call is written
/// `security: []`, which says plainly that it needs no credentials.
struct PublicMeansNoSecurity;

impl Modify for PublicMeansNoSecurity {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        for item in openapi.paths.paths.values_mut() {
            for op in operations_mut(item) {
                if let Some(security) = op.security.as_mut() {
                    let empty = utoipa::openapi::security::SecurityRequirement::default();
                    security.retain(|s| *s != empty);
                }
            }
        }
    }
}

fn operations_mut(item: &mut utoipa::openapi::PathItem) -> impl Iterator<Item = &mut utoipa::openapi::path::Operation> {
    [&mut item.get, &mut item.put, &mut item.post, &mut item.delete, &mut item.patch, &mut item.head, &mut item.options]
        .into_iter()
        .filter_map(|o| o.as_mut())
}

/// `{anything}` → `{}`: a route pattern's shape, whatever its parameters are called.
fn shape(path: &str) -> String {
    let mut out = String::new();
    let mut depth = 0usize;
    for c in path.chars() {
        match c {
            '{' => {
                depth += 1;
                out.push('{');
            }
            '}' => {
                depth = depth.saturating_sub(1);
                out.push('}');
            }
            _ if depth > 0 => {}
            _ => out.push(c),
        }
    }
    out
}

/// The methods a route pattern (`/api/addresses/{id}`) answers, for a 405's `Allow`
/// header: read from the document, which a test keeps equal to the route table.
pub fn allowed_methods(pattern: &str) -> Option<String> {
    static TABLE: std::sync::OnceLock<std::collections::HashMap<String, String>> = std::sync::OnceLock::new();
    let table = TABLE.get_or_init(|| {
        let doc = serde_json::to_value(document()).unwrap_or_default();
        doc["paths"]
            .as_object()
            .into_iter()
            .flatten()
            .map(|(path, item)| {
                let methods: Vec<String> =
                    item.as_object().into_iter().flatten().map(|(m, _)| m.to_uppercase()).collect();
                (shape(path), methods.join(", "))
            })
            .collect()
    });
    table.get(&shape(pattern)).cloned()
}

/// The document, built once.
pub fn document() -> utoipa::openapi::OpenApi {
    ApiDoc::openapi()
}

/// `/api/openapi.json` and the Swagger UI page at `/api/docs/`.
pub fn swagger_ui() -> SwaggerUi {
    SwaggerUi::new(format!("{DOCS_PATH}/{{_:.*}}")).url(DOCUMENT_PATH, document())
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use super::*;

    /// Every handler file, as the route table is written in them.
    const SOURCES: &[&str] = &[
        include_str!("handlers/addresses.rs"),
        include_str!("handlers/auth.rs"),
        include_str!("handlers/cart.rs"),
        include_str!("handlers/categories.rs"),
        include_str!("handlers/content.rs"),
        include_str!("handlers/health.rs"),
        include_str!("handlers/orders.rs"),
        include_str!("handlers/products.rs"),
        include_str!("handlers/users.rs"),
        include_str!("handlers/wishlist.rs"),
    ];

    #[test]
    fn allow_lists_the_methods_of_a_pattern() {
        assert_eq!(allowed_methods("/api/addresses/{id}").as_deref(), Some("DELETE, PUT"));
        assert_eq!(allowed_methods("/api/wishlist/{product_id}").as_deref(), Some("DELETE, POST"));
        assert_eq!(allowed_methods("/api/nothing"), None);
    }

    /// (METHOD, /api/path) for every `web::resource("...").get(..).post(..)` in the handlers.
    fn registered_routes() -> BTreeSet<(String, String)> {
        let mut routes = BTreeSet::new();
        for source in SOURCES {
            let code = source.split("#[cfg(test)]").next().unwrap_or("");
            for chunk in code.split("web::resource(\"").skip(1) {
                let Some((path, rest)) = chunk.split_once('"') else { continue };
                // The chain ends at the service call's closing `)` followed by a `.service` or `;`.
                let chain = rest.split(".service(").next().unwrap_or(rest);
                let chain = chain.split(";\n").next().unwrap_or(chain);
                for method in ["get", "post", "put", "delete", "patch", "head"] {
                    if chain.contains(&format!(".{method}(")) {
                        routes.insert((method.to_uppercase(), shape(&format!("/api{path}"))));
                    }
                }
            }
        }
        routes
    }

    fn documented_routes(doc: &serde_json::Value) -> BTreeSet<(String, String)> {
        let mut routes = BTreeSet::new();
        for (path, item) in doc["paths"].as_object().into_iter().flatten() {
            for method in item.as_object().into_iter().flatten().map(|(m, _)| m) {
                routes.insert((method.to_uppercase(), shape(path)));
            }
        }
        routes
    }

    fn json() -> serde_json::Value {
        serde_json::to_value(document()).unwrap_or_default()
    }

    #[test]
    fn the_document_lists_exactly_the_registered_routes() {
        let registered = registered_routes();
        assert!(registered.len() >= 39, "route scan found only {registered:?}");
        let documented = documented_routes(&json());
        let missing: Vec<_> = registered.difference(&documented).collect();
        let extra: Vec<_> = documented.difference(&registered).collect();
        assert!(missing.is_empty(), "routes without documentation: {missing:?}");
        assert!(extra.is_empty(), "documented routes that are not registered: {extra:?}");
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
                        assert_eq!(
                            answer["content"]["application/json"]["schema"]["$ref"], "#/components/schemas/ErrorBody",
                            "{what} {status}: errors are ErrorBody"
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
