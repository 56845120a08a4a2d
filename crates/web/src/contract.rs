//! The page contract: which storefront page asks the API for what first, and which picture it
//! shows first with which `sizes`. It is one JSON file of the web app
//! (`frontend/src/lib/page-contract.json`), imported by its code and included here at build
//! time, so the server inlines exactly the URLs the web app requests.

use std::sync::LazyLock;

use indexmap::IndexMap;
use serde::Deserialize;

const SOURCE: &str = include_str!("../../../frontend/src/lib/page-contract.json");

/// The contract, read once. A file that does not read (the unit tests make sure it does)
/// leaves every page without first-paint data: the web app then asks the API itself.
pub fn contract() -> &'static Contract {
    static CONTRACT: LazyLock<Contract> = LazyLock::new(|| {
        Contract::parse(SOURCE).unwrap_or_else(|e| {
            tracing::error!("page contract: {e}");
            Contract::default()
        })
    });
    &CONTRACT
}

/// What a page sends for its first render, checked.
#[derive(Debug, Default)]
pub struct Contract {
    /// The id of the data block (`<script type="application/json" id=…>`).
    pub data_element_id: String,
    /// Paths at or under it are the back office: they get only what every page gets.
    pub back_office: String,
    /// The back office's screens, by path, with their titles; the first is where the web app
    /// sends a back-office path none of them has.
    pub back_office_pages: Vec<BackOfficePage>,
    /// The first segments of the private pages' paths (`/myaccount` for `/myaccount/order`),
    /// each once: everything below one is a shopper's own (the web app sends other paths there
    /// on to a page it has, `/myaccount` to the account dashboard).
    pub private_prefixes: Vec<String>,
    /// The shop's name in titles until the owner saves one.
    pub default_shop_name: String,
    /// The title of a path no page has (the web app's not-found screen).
    pub not_found_title: String,
    /// Requests every storefront page sends (the company details in the layout).
    pub every_page: Vec<Request>,
    pub pages: Vec<PageDef>,
}

/// One storefront page.
#[derive(Debug)]
pub struct PageDef {
    pub name: String,
    /// `/`, `/shop`, `/product/{slug}`...
    pub paths: Vec<String>,
    /// The route module's source file: its key in Vite's build manifest.
    pub module: String,
    pub requests: Vec<Request>,
    pub picture: Option<Picture>,
    /// Its URL's query string holds filters that change its requests: with one, the page
    /// gets only what every page gets.
    pub filters_in_query: bool,
    /// The words before ` | <shop name>` in its title; on a product page, those of a slug
    /// that names no product, on a category page those of the whole shop (`all-products`).
    pub title: String,
    /// It holds a shopper's own things: not to be indexed.
    pub private: bool,
}

/// A screen of the back office.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BackOfficePage {
    /// Under the back office; `{slug}` stands for one segment (an id).
    pub paths: Vec<String>,
    pub title: String,
}

/// A GET the web app sends first.
#[derive(Debug, Clone)]
pub struct Request {
    /// The path under the API, `{slug}` standing for the page's slug.
    pub path: String,
    /// The query string exactly as the web app writes it (without `?`), or empty.
    pub query: String,
    pub answer: Answer,
}

/// The API answer a request gets, by its path.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Answer {
    Company,
    CategoryTree,
    Listing,
    Product,
    LegalPages,
}

impl Answer {
    fn of_path(path: &str) -> Option<Answer> {
        Some(match path {
            "/company-details" => Answer::Company,
            "/categories" => Answer::CategoryTree,
            "/products" => Answer::Listing,
            "/products/{slug}" => Answer::Product,
            "/legal-pages" => Answer::LegalPages,
            _ => return None,
        })
    }
}

/// The picture a page shows first: the browser should fetch it before the JavaScript asks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum PictureKind {
    /// The first top-level category's picture, from the category tree.
    Hero,
    /// The first product card's picture (its small version), from a listing.
    Card,
    /// The product's first picture, from a product.
    Product,
}

impl PictureKind {
    /// The answer this picture is found in.
    pub fn source(self) -> Answer {
        match self {
            PictureKind::Hero => Answer::CategoryTree,
            PictureKind::Card => Answer::Listing,
            PictureKind::Product => Answer::Product,
        }
    }
}

#[derive(Debug, Clone)]
pub struct Picture {
    pub kind: PictureKind,
    /// The `sizes` of the page's `<img>`, so the preload fetches the same candidate.
    pub sizes: String,
    /// Which of the page's requests it is found in.
    pub request: usize,
}

// The file as written.

#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct File {
    #[serde(rename = "$comment")]
    _comment: Option<String>,
    data_element_id: String,
    back_office: String,
    back_office_pages: IndexMap<String, BackOfficePage>,
    default_shop_name: String,
    not_found_title: String,
    requests: IndexMap<String, FileRequest>,
    pictures: FilePictures,
    every_page: Vec<String>,
    pages: IndexMap<String, FilePage>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct FileRequest {
    path: String,
    #[serde(default)]
    params: IndexMap<String, Param>,
}

#[derive(Deserialize)]
#[serde(untagged)]
enum Param {
    Number(u64),
    Text(String),
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct FilePictures {
    hero: Sizes,
    card: Sizes,
    product: Sizes,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Sizes {
    sizes: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct FilePage {
    paths: Vec<String>,
    module: String,
    requests: Vec<String>,
    #[serde(default)]
    picture: Option<PictureKind>,
    #[serde(default)]
    filters_in_query: bool,
    title: String,
    #[serde(default)]
    private: bool,
}

/// Characters that read the same in a URL whether percent-encoded or not.
pub fn unreserved(text: &str) -> bool {
    !text.is_empty() && text.bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.' | b'~'))
}

impl Contract {
    pub fn parse(source: &str) -> Result<Contract, String> {
        let file: File = serde_json::from_str(source).map_err(|e| e.to_string())?;
        let request = |name: &String| -> Result<Request, String> {
            let def = file.requests.get(name).ok_or_else(|| format!("no request named {name}"))?;
            let answer = Answer::of_path(&def.path).ok_or_else(|| format!("{name}: the server cannot answer {}", def.path))?;
            if answer != Answer::Listing && !def.params.is_empty() {
                return Err(format!("{name}: only a listing takes parameters"));
            }
            let mut pairs = Vec::new();
            for (key, value) in &def.params {
                let value = match value {
                    Param::Number(n) => n.to_string(),
                    Param::Text(t) => t.clone(),
                };
                // The web app drops empty values and encodes the rest: keep to what needs no
                // encoding, so both sides write the same bytes.
                if !unreserved(key) || !unreserved(&value) {
                    return Err(format!("{name}: parameter {key}={value} needs encoding"));
                }
                pairs.push(format!("{key}={value}"));
            }
            let query = pairs.join("&");
            if answer == Answer::Listing {
                http::answers::listing_query(&query).map_err(|e| format!("{name}: {e}"))?;
            }
            Ok(Request { path: def.path.clone(), query, answer })
        };
        let every_page = file.every_page.iter().map(request).collect::<Result<Vec<_>, _>>()?;
        if every_page.iter().any(|r| r.path.contains("{slug}")) {
            return Err("a request of every page cannot name a slug".into());
        }
        let mut pages = Vec::new();
        for (name, def) in &file.pages {
            let requests = def.requests.iter().map(request).collect::<Result<Vec<_>, _>>()?;
            for path in &def.paths {
                let has_slug = path_pattern(path).map_err(|e| format!("{name}: {e}"))?;
                if !has_slug && requests.iter().any(|r| r.path.contains("{slug}")) {
                    return Err(format!("{name}: {path} has no slug for its requests"));
                }
            }
            let picture = match def.picture {
                None => None,
                Some(kind) => {
                    let mut fitting = requests.iter().enumerate().filter(|(_, r)| r.answer == kind.source());
                    let (Some((request, _)), None) = (fitting.next(), fitting.next()) else {
                        return Err(format!("{name}: the {kind:?} picture needs exactly one request that shows it"));
                    };
                    let sizes = match kind {
                        PictureKind::Hero => &file.pictures.hero.sizes,
                        PictureKind::Card => &file.pictures.card.sizes,
                        PictureKind::Product => &file.pictures.product.sizes,
                    };
                    Some(Picture { kind, sizes: sizes.clone(), request })
                }
            };
            pages.push(PageDef {
                name: name.clone(),
                paths: def.paths.clone(),
                module: def.module.clone(),
                requests,
                picture,
                filters_in_query: def.filters_in_query,
                title: def.title.clone(),
                private: def.private,
            });
        }
        let back_office_pages: Vec<BackOfficePage> = file.back_office_pages.into_values().collect();
        for path in back_office_pages.iter().flat_map(|p| &p.paths) {
            path_pattern(path).map_err(|e| format!("back office: {e}"))?;
            if !at_or_below(path, &file.back_office) {
                return Err(format!("back office: {path} is not under {}", file.back_office));
            }
        }
        if back_office_pages.is_empty() {
            return Err("back office: no screen".into());
        }
        // The first segments of the private pages' paths (`/myaccount` for `/myaccount/order`).
        let mut private_prefixes: Vec<String> = Vec::new();
        for path in pages.iter().filter(|p: &&PageDef| p.private).flat_map(|p| &p.paths) {
            let prefix = format!("/{}", path.split('/').nth(1).unwrap_or_default());
            if !private_prefixes.contains(&prefix) {
                private_prefixes.push(prefix);
            }
        }
        Ok(Contract {
            data_element_id: file.data_element_id,
            back_office: file.back_office,
            back_office_pages,
            private_prefixes,
            default_shop_name: file.default_shop_name,
            not_found_title: file.not_found_title,
            every_page,
            pages,
        })
    }

    pub fn page(&self, name: &str) -> Option<&PageDef> {
        self.pages.iter().find(|p| p.name == name)
    }

    /// Whether `path` is at or below a private page's first segment.
    pub fn is_private(&self, path: &str) -> bool {
        self.private_prefixes.iter().any(|prefix| at_or_below(path, prefix))
    }
}

/// Whether `path` is `prefix` or a path below it (`/admin/x` is below `/admin`, `/administrator`
/// is not).
pub fn at_or_below(path: &str, prefix: &str) -> bool {
    !prefix.is_empty() && path.strip_prefix(prefix).is_some_and(|rest| rest.is_empty() || rest.starts_with('/'))
}

/// Checks a page's path pattern (absolute, at most one `{slug}` segment and no other
/// placeholder); whether it has the slug.
fn path_pattern(path: &str) -> Result<bool, String> {
    let slugs = path.split('/').filter(|s| s.starts_with('{')).collect::<Vec<_>>();
    if !path.starts_with('/') || slugs.iter().any(|s| *s != "{slug}") || slugs.len() > 1 {
        return Err(format!("bad path {path}"));
    }
    Ok(!slugs.is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parsed() -> Contract {
        Contract::parse(SOURCE).unwrap()
    }

    #[test]
    fn the_web_apps_contract_reads_and_names_only_answers_the_server_has() {
        let contract = parsed();
        assert_eq!(contract.data_element_id, "shop-first-paint");
        assert!(!contract.pages.is_empty());
        assert!(contract.every_page.iter().any(|r| r.answer == Answer::Company));
        for page in &contract.pages {
            assert!(page.module.starts_with("src/") && page.module.ends_with(".tsx"), "{}: {}", page.name, page.module);
            assert!(!page.paths.is_empty(), "{}", page.name);
            assert!(!page.title.trim().is_empty(), "{}: a title", page.name);
        }
        assert!(!contract.default_shop_name.is_empty() && !contract.not_found_title.is_empty());
    }

    #[test]
    fn the_shoppers_own_pages_are_private_with_everything_below_them() {
        let contract = parsed();
        for path in ["/cart", "/checkout", "/wishlist", "/login", "/myaccount", "/myaccount/order", "/myaccount/anything"] {
            assert!(contract.is_private(path), "{path}");
        }
        for path in ["/", "/shop", "/myaccountant", "/product/cart", "/about"] {
            assert!(!contract.is_private(path), "{path}");
        }
        assert_eq!(contract.private_prefixes.iter().filter(|p| *p == "/myaccount").count(), 1);
    }

    #[test]
    fn parameters_are_written_in_the_order_the_file_gives_them() {
        let source = SOURCE.replace(r#""page": 1, "limit": 24, "sort": "newest""#, r#""sort": "price_asc", "limit": 24, "page": 2"#);
        let contract = Contract::parse(&source).unwrap();
        let shop = contract.page("shop").map(|p| p.requests[1].query.clone());
        assert_eq!(shop.as_deref(), Some("sort=price_asc&limit=24&page=2"));
    }

    #[test]
    fn a_contract_the_server_could_not_keep_is_refused() {
        let broken = [
            // A typo in a field name.
            SOURCE.replace(r#""params": { "page": 1, "limit": 10 }"#, r#""param": { "page": 1, "limit": 10 }"#),
            // A request the server has no answer for.
            SOURCE.replace(r#""path": "/categories""#, r#""path": "/categories/tree""#),
            // A parameter the API refuses, or one that would need encoding.
            SOURCE.replace(r#""sort": "newest""#, r#""sort": "cheapest""#),
            SOURCE.replace(r#""sort": "newest""#, r#""sort": "new est""#),
            // A page naming an unknown request, or a picture none of its requests shows.
            SOURCE.replace(r#""requests": ["product"]"#, r#""requests": ["products"]"#),
            SOURCE.replace(r#""picture": "card""#, r#""picture": "product""#),
            // A slug request on a page without a slug.
            SOURCE.replace(r#""paths": ["/product/{slug}"]"#, r#""paths": ["/product"]"#),
            // Not JSON.
            SOURCE.replace('{', "("),
        ];
        for source in broken {
            assert_ne!(source, SOURCE, "the replacement applies");
            assert!(Contract::parse(&source).is_err(), "{source}");
        }
    }
}
