//! The storefront's pages: the built web app (Vite's `dist/`) served with, for each client
//! route, the web app's index.html carrying what that page's first render needs.
//!
//! - [`contract`]: the page contract shared with the web app (which page asks for what first);
//! - [`page`]: which URL is which page;
//! - [`first_paint`]: the page's first API answers and picture preload;
//! - [`manifest`]: the route's JavaScript chunks to preload, from Vite's manifest;
//! - [`html`]: index.html cut once where a page adds to it, and what a page adds;
//! - [`plain`]: the page in plain HTML for browsers without JavaScript;
//! - [`first_screen`]: the first screen of the home, shop and product pages, painted before
//!   the app has loaded;
//! - [`meta`]: each page's title, description, canonical URL, link-preview tags and JSON-LD;
//! - [`sitemap`]: `/sitemap.xml` and `/robots.txt` from the catalogue.
//!
//! The JSON API is `http`'s; this crate only reads through its public answers and cache.

pub mod contract;
pub mod first_paint;
pub mod first_screen;
pub mod html;
pub mod manifest;
pub mod meta;
pub mod page;
pub mod per_version;
pub mod plain;
pub mod sitemap;

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::SystemTime;

use actix_files::Files;
use actix_web::http::header;
use actix_web::middleware::DefaultHeaders;
use actix_web::{web, HttpRequest, HttpResponse};
use http::AppState;
use serde_json::Value;

use crate::contract::contract;
use crate::first_paint::{FirstPaint, Pictures};
use crate::html::{PageHtml, Template};
use crate::page::Page;

/// Serves the web app built into `dir` (which has an index.html): its hashed files under
/// `/assets`, its other files, and index.html for every other path (client routes), so that a
/// deep link or a reload works. Register it after the API and the uploads: `/api` and
/// `/uploads` keep their own 404s.
pub fn routes(dir: PathBuf, public_url: &str) -> impl FnOnce(&mut web::ServiceConfig) {
    let origin = Origin(public_url.trim_end_matches('/').to_string());
    move |cfg| {
        cfg.app_data(web::Data::new(Site::new(dir.clone())))
            .app_data(web::Data::new(origin))
            // Vite names every built asset after its content hash: a name never changes
            // content, so browsers may keep them for a year.
            .service(
                web::scope("/assets")
                    .wrap(DefaultHeaders::new().add((header::CACHE_CONTROL, "public, max-age=31536000, immutable")))
                    .service(Files::new("", dir.join("assets"))),
            )
            .configure(sitemap::routes)
            // The home page is a client route too: it gets its first-paint data like the others.
            .service(web::resource("/").route(web::get().to(page)))
            // The file itself is the template, not a page: its address is the home page's.
            .service(web::resource("/index.html").route(web::get().to(|| async {
                HttpResponse::MovedPermanently().insert_header((header::LOCATION, "/")).finish()
            })))
            .service(Files::new("/", &dir).default_handler(web::to(page)));
    }
}

/// A client route: index.html with the page's first-paint data, picture preload and chunk
/// preloads.
async fn page(
    req: HttpRequest,
    site: web::Data<Site>,
    state: web::Data<AppState>,
    origin: web::Data<Origin>,
) -> actix_web::Result<HttpResponse> {
    let (site, state) = (site.into_inner(), state.into_inner());
    let (path, query) = (req.path().to_string(), req.query_string().to_string());
    let origin = origin.0.clone();
    let (html, found) = web::block(move || site.page(&state, &origin, &path, &query))
        .await
        .map_err(actix_web::error::ErrorInternalServerError)?
        .map_err(|e| actix_web::error::ErrorNotFound(e.to_string()))?;
    // The web app draws its not-found screen either way; the status tells crawlers.
    let mut answer = if found { HttpResponse::Ok() } else { HttpResponse::NotFound() };
    Ok(answer
        .content_type("text/html; charset=utf-8")
        // The page names hashed assets and carries catalogue data: always revalidated, so a
        // new release or an edited product shows at once.
        .insert_header((header::CACHE_CONTROL, "no-cache"))
        .body(html))
}

/// The page for a storefront address the web app's files refused (`/product/%3E`,
/// `/product/.env`: characters no file name has): the web app's page for it, with the status
/// it earns, instead of the file server's plain-text error. `None` without a web app.
pub async fn page_for(req: HttpRequest) -> Option<HttpResponse> {
    let site = req.app_data::<web::Data<Site>>()?.clone();
    let state = req.app_data::<web::Data<AppState>>()?.clone();
    let origin = req.app_data::<web::Data<Origin>>()?.clone();
    page(req, site, state, origin).await.ok()
}

/// The shop's public address (`SHOP_PUBLIC_URL`, without a trailing slash): canonical URLs,
/// link previews and the sitemap are absolute, and never built from a request's `Host`,
/// which a client chooses.
#[derive(Debug, Clone)]
pub struct Origin(pub String);

/// The longest path and query whose plain HTML is kept.
const MAX_KEPT_KEY: usize = 512;

/// The built web app as pages are made from it.
struct Site {
    dir: PathBuf,
    loaded: Mutex<Option<Arc<Loaded>>>,
    pictures: Pictures,
    /// The main part of each page's plain HTML.
    plain: plain::Memo,
}

/// index.html and, per contract page, the tags that preload its chunks; read again when
/// index.html changes (a new release).
struct Loaded {
    modified: Option<SystemTime>,
    template: Template,
    chunk_links: HashMap<String, String>,
}

impl Site {
    fn new(dir: PathBuf) -> Site {
        Site { dir, loaded: Mutex::new(None), pictures: Pictures::default(), plain: plain::memo() }
    }

    /// The HTML for `path` requested with `query`, and whether the web app shows a page there
    /// (not its not-found screen). Blocking: reads files when index.html changed.
    fn page(&self, state: &AppState, origin: &str, path: &str, query: &str) -> std::io::Result<(String, bool)> {
        let loaded = self.load()?;
        let contract = contract();
        let page = Page::of(contract, path);
        let mut html = PageHtml::default();
        let shop = state.content.company().name.clone();
        let snapshot = state.catalog.snapshot();
        let meta = meta::Meta::of(&snapshot, contract, &shop, origin, page, path, query);
        meta.add_to(&mut html);
        if page.def().is_some() {
            let make = || plain::main(&snapshot, page, query).map(Arc::from);
            // Keys are the shopper's path: a long one is worked out, not kept.
            let key = format!("{path}?{query}");
            let main = if key.len() <= MAX_KEPT_KEY { self.plain.get_or(snapshot.version, &key, make) } else { make() };
            if let Some(main) = main {
                plain::add_to(&mut html, &shop, &main);
            }
            first_screen::add_for(&mut html, state, &snapshot, page, query);
        }
        FirstPaint::of(state, &self.pictures, contract, page, query).add_to(&mut html, &contract.data_element_id);
        if let Some(links) = page.def().and_then(|def| loaded.chunk_links.get(&def.name)) {
            html.preload(links);
        }
        Ok((loaded.template.render(&html), !meta.not_found))
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
        let template = Template::new(std::fs::read_to_string(&index)?);
        let manifest = std::fs::read(self.dir.join(".vite/manifest.json"))
            .ok()
            .and_then(|bytes| serde_json::from_slice::<Value>(&bytes).ok())
            .unwrap_or(Value::Null);
        let chunk_links = contract()
            .pages
            .iter()
            .map(|def| (def.name.clone(), manifest::preload_links(&manifest, &def.module, |file| template.names(file))))
            .collect();
        let loaded = Arc::new(Loaded { modified, template, chunk_links });
        *guard = Some(loaded.clone());
        Ok(loaded)
    }
}
