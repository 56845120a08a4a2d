//! The built web app's index.html, as served for a client route: with the page's first API
//! answers and picture preload (`http::first_paint`), and with `modulepreload` links for the
//! route's own JavaScript chunks (read from Vite's `.vite/manifest.json`), so the browser
//! fetches them alongside the entry script instead of after it has run.

use std::collections::{BTreeSet, HashMap};
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::SystemTime;

use http::first_paint::{storefront_page, Page};
use serde_json::Value;

/// The screens whose chunks are worth preloading: the ones a shopper lands on.
const ROUTE_SOURCES: [(&str, &str); 4] = [
    ("home", "src/app/routes/home.tsx"),
    ("shop", "src/app/routes/shop.tsx"),
    ("category", "src/app/routes/category.tsx"),
    ("product", "src/app/routes/product.tsx"),
];

/// index.html and, per route, the tags that preload its chunks; reloaded when index.html
/// changes (a new release).
struct Loaded {
    modified: Option<SystemTime>,
    html: Arc<str>,
    route_links: HashMap<&'static str, Arc<str>>,
}

pub struct WebApp {
    dir: PathBuf,
    loaded: Mutex<Option<Arc<Loaded>>>,
}

/// Which route chunk a path needs, if any.
fn route_of(path: &str) -> Option<&'static str> {
    match storefront_page(path)? {
        Page::Home => Some("home"),
        Page::Shop => Some("shop"),
        Page::Category => Some("category"),
        Page::Product(_) => Some("product"),
        Page::Other => None,
    }
}

impl WebApp {
    pub fn new(dir: PathBuf) -> WebApp {
        WebApp { dir, loaded: Mutex::new(None) }
    }

    /// index.html for `path`, with `first_paint` (the picture's preload and the data block)
    /// before the app's script and the route's chunk preloads after it. Blocking: reads files
    /// when index.html changed.
    pub fn page(&self, path: &str, first_paint: &str) -> std::io::Result<String> {
        let loaded = self.load()?;
        let links = route_of(path).and_then(|r| loaded.route_links.get(r)).map_or("", |l| l.as_ref());
        Ok(http::first_paint::inject(&loaded.html, first_paint, links))
    }

    fn load(&self) -> std::io::Result<Arc<Loaded>> {
        let index = self.dir.join("index.html");
        let modified = std::fs::metadata(&index)?.modified().ok();
        let mut guard = self.loaded.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(loaded) = guard.as_ref() {
            if loaded.modified.is_some() && loaded.modified == modified {
                return Ok(loaded.clone());
            }
        }
        let html: Arc<str> = std::fs::read_to_string(&index)?.into();
        let manifest = std::fs::read(self.dir.join(".vite/manifest.json"))
            .ok()
            .and_then(|bytes| serde_json::from_slice::<Value>(&bytes).ok())
            .unwrap_or(Value::Null);
        let route_links = ROUTE_SOURCES
            .iter()
            .map(|(route, source)| (*route, Arc::from(preload_links(&manifest, source, &html))))
            .collect();
        let loaded = Arc::new(Loaded { modified, html, route_links });
        *guard = Some(loaded.clone());
        Ok(loaded)
    }
}

/// `<link rel="modulepreload">` for the chunk built from `source` and every chunk it imports
/// statically, and `<link rel="preload" as="style">` for their CSS, leaving out what
/// index.html already loads.
fn preload_links(manifest: &Value, source: &str, html: &str) -> String {
    let mut scripts = BTreeSet::new();
    let mut styles = BTreeSet::new();
    let mut seen = BTreeSet::new();
    let mut stack = vec![source.to_string()];
    while let Some(key) = stack.pop() {
        if !seen.insert(key.clone()) {
            continue;
        }
        let Some(chunk) = manifest.get(&key) else { continue };
        if chunk.get("isEntry").and_then(Value::as_bool) == Some(true) {
            continue;
        }
        if let Some(file) = chunk.get("file").and_then(Value::as_str) {
            scripts.insert(file.to_string());
        }
        for css in chunk.get("css").and_then(Value::as_array).into_iter().flatten().filter_map(Value::as_str) {
            styles.insert(css.to_string());
        }
        for import in chunk.get("imports").and_then(Value::as_array).into_iter().flatten().filter_map(Value::as_str) {
            stack.push(import.to_string());
        }
    }
    let safe = |file: &str| file.bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.' | b'/'));
    let mut links = String::new();
    for file in scripts.iter().filter(|f| safe(f) && f.ends_with(".js") && !html.contains(f.as_str())) {
        links.push_str(&format!(r#"<link rel="modulepreload" crossorigin href="/{file}">"#));
    }
    for file in styles.iter().filter(|f| safe(f) && f.ends_with(".css") && !html.contains(f.as_str())) {
        links.push_str(&format!(r#"<link rel="preload" as="style" crossorigin href="/{file}">"#));
    }
    links
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_route_preloads_its_chunks_and_their_css_but_not_the_entry() {
        let manifest = serde_json::json!({
            "index.html": { "file": "assets/index-1.js", "isEntry": true, "imports": ["_shared-2.js"] },
            "_shared-2.js": { "file": "assets/shared-2.js" },
            "_card-3.js": { "file": "assets/card-3.js", "css": ["assets/card-3.css"], "imports": ["_shared-2.js"] },
            "src/app/routes/shop.tsx": { "file": "assets/shop-4.js", "isDynamicEntry": true, "imports": ["index.html", "_card-3.js", "_shared-2.js"] }
        });
        let html = r#"<script type="module" src="/assets/index-1.js"></script><link rel="modulepreload" href="/assets/shared-2.js">"#;
        let links = preload_links(&manifest, "src/app/routes/shop.tsx", html);
        assert_eq!(
            links,
            r#"<link rel="modulepreload" crossorigin href="/assets/card-3.js"><link rel="modulepreload" crossorigin href="/assets/shop-4.js"><link rel="preload" as="style" crossorigin href="/assets/card-3.css">"#
        );
        assert_eq!(preload_links(&Value::Null, "src/app/routes/shop.tsx", html), "");
    }

    #[test]
    fn routes_by_path() {
        assert_eq!(route_of("/"), Some("home"));
        assert_eq!(route_of("/shop/"), Some("shop"));
        assert_eq!(route_of("/product/x"), Some("product"));
        assert_eq!(route_of("/cart"), None);
    }
}
