//! Chunk preloads from Vite's build manifest (`.vite/manifest.json`): a page's route module and
//! what it imports statically, so the browser fetches them alongside the entry script instead
//! of after it has run.

use std::collections::BTreeSet;

use serde_json::Value;

use crate::html::Element;

/// `<link rel="modulepreload">` for the chunk built from `module` and every chunk it imports
/// statically, and `<link rel="preload" as="style">` for their CSS, leaving out the entry and
/// what `already_loaded` says index.html names.
pub fn preload_links(manifest: &Value, module: &str, already_loaded: impl Fn(&str) -> bool) -> String {
    let mut scripts = BTreeSet::new();
    let mut styles = BTreeSet::new();
    let mut seen = BTreeSet::new();
    let mut stack = vec![module.to_string()];
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
        for css in strings(chunk, "css") {
            styles.insert(css.to_string());
        }
        stack.extend(strings(chunk, "imports").map(str::to_string));
    }
    // Only plain asset names: a manifest is the build's output, but nothing odd gets into a tag.
    let wanted = |file: &&String, ext: &str| {
        file.ends_with(ext)
            && file.bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.' | b'/'))
            && !already_loaded(file)
    };
    let mut links = String::new();
    for file in scripts.iter().filter(|f| wanted(f, ".js")) {
        links.push_str(&Element::new("link").attr("rel", "modulepreload").flag("crossorigin").attr("href", &format!("/{file}")).void());
    }
    for file in styles.iter().filter(|f| wanted(f, ".css")) {
        links.push_str(&Element::new("link").attr("rel", "preload").attr("as", "style").flag("crossorigin").attr("href", &format!("/{file}")).void());
    }
    links
}

fn strings<'a>(chunk: &'a Value, field: &str) -> impl Iterator<Item = &'a str> {
    chunk.get(field).and_then(Value::as_array).into_iter().flatten().filter_map(Value::as_str)
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
            "_odd-5.js": { "file": "assets/odd\"><script>.js" },
            "src/app/routes/shop.tsx": { "file": "assets/shop-4.js", "isDynamicEntry": true, "imports": ["index.html", "_card-3.js", "_shared-2.js", "_odd-5.js"] }
        });
        let index = r#"<script type="module" src="/assets/index-1.js"></script><link rel="modulepreload" href="/assets/shared-2.js">"#;
        let links = preload_links(&manifest, "src/app/routes/shop.tsx", |f| index.contains(f));
        assert_eq!(
            links,
            r#"<link rel="modulepreload" crossorigin href="/assets/card-3.js"><link rel="modulepreload" crossorigin href="/assets/shop-4.js"><link rel="preload" as="style" crossorigin href="/assets/card-3.css">"#
        );
        assert_eq!(preload_links(&Value::Null, "src/app/routes/shop.tsx", |_| false), "");
        assert_eq!(preload_links(&manifest, "src/app/routes/missing.tsx", |_| false), "");
    }
}
