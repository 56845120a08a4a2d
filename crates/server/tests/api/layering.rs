//! The layering rules, checked on the manifests: domain crates depend only on kernel and
//! small pure crates (thiserror, chrono, uuid, rustc-hash, for search fst and
//! levenshtein_automata, for listings roaring bitmaps: data structures, no I/O, and `gst`, India's tax and PIN rules as
//! pure functions over the kernel), never on diesel, actix, lettre or each other; the
//! adapters at the edges depend inwards, never on each other.

fn dependencies(manifest: &str) -> Vec<String> {
    let mut in_section = false;
    let mut names = Vec::new();
    for line in manifest.lines() {
        let line = line.trim();
        if line.starts_with('[') {
            in_section = line == "[dependencies]";
            continue;
        }
        if in_section && !line.is_empty() && !line.starts_with('#') {
            if let Some((name, _)) = line.split_once(['=', '.']) {
                names.push(name.trim().to_string());
            }
        }
    }
    names
}

#[test]
fn domain_crates_depend_only_on_the_kernel() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    for domain in ["accounts", "catalog", "cart", "orders", "content", "gst", "audit"] {
        let manifest = std::fs::read_to_string(root.join(domain).join("Cargo.toml")).unwrap_or_default();
        assert!(!manifest.is_empty(), "{domain}/Cargo.toml not found");
        for dependency in dependencies(&manifest) {
            assert!(
                matches!(
                    dependency.as_str(),
                    "kernel" | "thiserror" | "chrono" | "uuid" | "rustc-hash" | "fst" | "levenshtein_automata" | "roaring"
                ) || (dependency == "gst" && domain != "gst"),
                "the {domain} domain must not depend on {dependency}"
            );
        }
    }
}

#[test]
fn the_edges_depend_inwards_only() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    // The JSON API and the database adapter never see each other (the server wires them); the
    // pages build on the API's answers and never reach past it.
    // The password adapters serve the accounts' ports and know nothing of the API or storage.
    for (krate, never) in [
        ("http", &["store", "web", "server", "passwords", "invoice-pdf"][..]),
        ("store", &["http", "web", "server", "passwords"][..]),
        ("web", &["store", "server", "passwords"][..]),
        ("passwords", &["http", "store", "web", "server"][..]),
        // The PDF printer serves the orders' port: it prints what it is given.
        ("invoice-pdf", &["http", "store", "web", "server"][..]),
    ] {
        let manifest = std::fs::read_to_string(root.join(krate).join("Cargo.toml")).unwrap_or_default();
        assert!(!manifest.is_empty(), "{krate}/Cargo.toml not found");
        let dependencies = dependencies(&manifest);
        for forbidden in never {
            assert!(!dependencies.iter().any(|d| d == forbidden), "{krate} must not depend on {forbidden}");
        }
    }
}
