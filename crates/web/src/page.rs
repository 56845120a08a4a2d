//! Which storefront page a URL shows: the one place both the first-paint data and the chunk
//! preloads follow.

use crate::contract::{at_or_below, BackOfficePage, Contract, PageDef};

/// What a path of the web app is.
#[derive(Debug, Clone, Copy)]
pub enum Page<'c, 'p> {
    /// A screen of the back office (the one the web app sends the path to): it loads its own
    /// data, behind sign-in.
    BackOffice(&'c BackOfficePage),
    /// A page of the contract, with the raw (still percent-encoded) `{slug}` segment when
    /// its path has one.
    Known { def: &'c PageDef, slug: Option<&'p str> },
    /// A path below a private page's first segment that no page has: the web app sends it on
    /// to one (`/myaccount` to the account dashboard).
    Forwarded,
    /// Any other path: the web app's not-found screen.
    NotFound,
}

impl<'c, 'p> Page<'c, 'p> {
    pub fn of(contract: &'c Contract, path: &'p str) -> Page<'c, 'p> {
        let path = path.strip_suffix('/').filter(|p| !p.is_empty()).unwrap_or(path);
        if at_or_below(path, &contract.back_office) {
            let screens = &contract.back_office_pages;
            let named = screens.iter().find(|s| s.paths.iter().any(|pattern| matches(pattern, path).is_some()));
            if let Some(screen) = named.or(screens.first()) {
                return Page::BackOffice(screen);
            }
        }
        for def in &contract.pages {
            for pattern in &def.paths {
                if let Some(slug) = matches(pattern, path) {
                    return Page::Known { def, slug };
                }
            }
        }
        if contract.is_private(path) { Page::Forwarded } else { Page::NotFound }
    }

    /// The page's contract entry, if it has one.
    pub fn def(&self) -> Option<&'c PageDef> {
        match self {
            Page::Known { def, .. } => Some(def),
            _ => None,
        }
    }
}

/// `Some(slug)` when `path` fits `pattern` (`{slug}` is one non-empty segment), `Some(None)`
/// for a pattern without a slug.
fn matches<'p>(pattern: &str, path: &'p str) -> Option<Option<&'p str>> {
    let mut slug = None;
    let mut segments = path.split('/');
    for expected in pattern.split('/') {
        let segment = segments.next()?;
        if expected == "{slug}" {
            if segment.is_empty() {
                return None;
            }
            slug = Some(segment);
        } else if expected != segment {
            return None;
        }
    }
    segments.next().is_none().then_some(slug)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::contract::contract;

    fn name(path: &str) -> String {
        match Page::of(contract(), path) {
            Page::BackOffice(screen) => format!("back office {}", screen.title),
            Page::Known { def, slug: Some(slug) } => format!("{} {slug}", def.name),
            Page::Known { def, slug: None } => def.name.clone(),
            Page::Forwarded => "forwarded".into(),
            Page::NotFound => "not found".into(),
        }
    }

    #[test]
    fn each_storefront_path_is_its_page() {
        for (path, page) in [
            ("/", "home"),
            ("/home", "home"),
            ("/home/", "home"),
            ("/shop", "shop"),
            ("/shop/", "shop"),
            ("/category/men-shirts", "category men-shirts"),
            ("/product/blue-kurta", "product blue-kurta"),
            ("/product/caf%C3%A9", "product caf%C3%A9"),
            ("/cart", "cart"),
            ("/myaccount/order", "accountOrders"),
            ("/myaccount", "forwarded"),
            ("/myaccount/orders", "forwarded"),
            ("/product/", "not found"),
            ("/product/a/b", "not found"),
            ("/shopping", "not found"),
            ("/admin", "back office Admin Dashboard"),
            ("/admin/", "back office Admin Dashboard"),
            ("/admin/product", "back office Products"),
            ("/admin/order/7f1c/packing-slip", "back office Packing slip"),
            ("/admin/customers/7f1c", "back office Customer"),
            ("/admin/no-such-screen", "back office Admin Dashboard"),
            ("/administrator", "not found"),
        ] {
            assert_eq!(name(path), page, "{path}");
        }
    }
}
