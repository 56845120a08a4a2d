//! The catalogue as rows of text, one per variant (the CSV export and import): what a row
//! holds, the rows of a snapshot, and the checks that turn a whole file into writes. The
//! file format itself (CSV, quoting, formula cells) belongs to the HTTP adapter.

use std::collections::{HashMap, HashSet};

use chrono::{DateTime, Utc};

use crate::models::{
    category_name, category_slug, check_variants_at, description, parse_variant, product_name, sku_key, slugify, Product,
    VariantDraft, VariantInput,
};
use crate::ports::{CategoryWrite, ProductWrite};
use crate::snapshot::CatalogSnapshot;

/// The columns, in order. `product_slug` is the key: a row whose slug a product has updates
/// that product, any other creates one (an empty slug is made from the name). The last,
/// `exported_stock`, is the stock when the file was exported: a file may leave it out (the
/// first [`OLD_COLUMNS`] only), as files written before it did.
pub const COLUMNS: [&str; 15] = [
    "product_slug",
    "product_name",
    "category",
    "description",
    "hsn_code",
    "best_seller",
    "images",
    "size",
    "color",
    "color_hex",
    "stock",
    "price",
    "discount",
    "sku",
    "exported_stock",
];

/// How many columns a file of the layout before `exported_stock` has.
pub const OLD_COLUMNS: usize = 14;

/// Between the names of a category path (`Men > Shirts`): category names hold letters,
/// digits and spaces only, so it never appears in one.
pub const PATH_SEPARATOR: &str = " > ";
/// Between image file names.
pub const IMAGE_SEPARATOR: &str = " | ";
/// The most rows one import takes.
pub const MAX_ROWS: usize = 200_000;
/// The most levels a path may have when the import creates categories for it.
pub const MAX_NEW_PATH_LEVELS: usize = 10;
/// The most row errors one refused import lists.
pub const MAX_ERRORS: usize = 500;

/// One variant with its product's columns, as text.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CatalogRow {
    pub slug: String,
    pub name: String,
    pub category: String,
    pub description: String,
    pub hsn_code: String,
    pub best_seller: String,
    pub images: String,
    pub size: String,
    pub color: String,
    pub color_hex: String,
    pub stock: String,
    pub price: String,
    pub discount: String,
    pub sku: String,
    /// The stock when the file was exported (empty in a file without the column): a row whose
    /// `stock` is still this leaves the variant's stock as the shop has it now.
    pub exported_stock: String,
}

impl CatalogRow {
    pub fn cells(&self) -> [&str; 15] {
        [
            &self.slug,
            &self.name,
            &self.category,
            &self.description,
            &self.hsn_code,
            &self.best_seller,
            &self.images,
            &self.size,
            &self.color,
            &self.color_hex,
            &self.stock,
            &self.price,
            &self.discount,
            &self.sku,
            &self.exported_stock,
        ]
    }

    /// A row from its cells in [`COLUMNS`] order (missing cells are empty).
    pub fn from_cells(cells: &[String]) -> CatalogRow {
        let cell = |i: usize| cells.get(i).cloned().unwrap_or_default();
        CatalogRow {
            slug: cell(0),
            name: cell(1),
            category: cell(2),
            description: cell(3),
            hsn_code: cell(4),
            best_seller: cell(5),
            images: cell(6),
            size: cell(7),
            color: cell(8),
            color_hex: cell(9),
            stock: cell(10),
            price: cell(11),
            discount: cell(12),
            sku: cell(13),
            exported_stock: cell(14),
        }
    }

    fn product_cells(&self) -> [(&'static str, &str); 7] {
        [
            ("product_name", &self.name),
            ("category", &self.category),
            ("description", &self.description),
            ("hsn_code", &self.hsn_code),
            ("best_seller", &self.best_seller),
            ("images", &self.images),
            ("product_slug", &self.slug),
        ]
    }
}

/// A row of a file with its line number (the header is line 1).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ImportRow {
    pub line: u64,
    pub row: CatalogRow,
}

/// Why one line of a file cannot be imported.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RowError {
    pub line: u64,
    pub message: String,
}

/// What an import did.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct ImportReport {
    pub created: usize,
    pub updated: usize,
    /// Products the file names exactly as they are: left alone, not even marked modified.
    pub unchanged: usize,
    pub variants: usize,
    /// Categories the file's paths named that did not exist.
    pub categories: usize,
}

/// `Men > Shirts > Formal`: the category's names from the top.
pub fn category_path(snapshot: &CatalogSnapshot, id: &str) -> String {
    let mut names = Vec::new();
    let mut next = snapshot.category(id);
    while let Some(c) = next {
        names.push(c.name.as_str());
        if names.len() > 100 {
            break;
        }
        next = c.parent_id.as_deref().and_then(|p| snapshot.category(p));
    }
    names.reverse();
    names.join(PATH_SEPARATOR)
}

/// The lower-case path of every category, to its id.
fn category_paths(snapshot: &CatalogSnapshot) -> HashMap<String, String> {
    snapshot.categories.iter().map(|c| (path_key(&category_path(snapshot, &c.id)), c.id.clone())).collect()
}

/// Paths compare ignoring case and the spaces around `>`.
fn path_key(path: &str) -> String {
    path.split('>').map(|n| n.split_whitespace().collect::<Vec<_>>().join(" ").to_lowercase()).collect::<Vec<_>>().join(">")
}

fn yes_no(value: bool) -> String {
    if value { "yes" } else { "no" }.to_string()
}

/// Every product of the catalogue as rows, ordered by slug, its variants in their order.
pub fn export_rows(snapshot: &CatalogSnapshot) -> Vec<CatalogRow> {
    let mut products: Vec<_> = snapshot.entries.iter().map(|e| snapshot.expand(e)).collect();
    products.sort_by(|a, b| a.slug.cmp(&b.slug));
    let mut rows = Vec::with_capacity(products.iter().map(|p| p.variants.len()).sum());
    for p in &products {
        rows.extend(product_rows(snapshot, p));
    }
    rows
}

fn product_rows(snapshot: &CatalogSnapshot, p: &Product) -> Vec<CatalogRow> {
    let category = category_path(snapshot, &p.category_id);
    let images = p.images.iter().map(|i| i.image.filename.as_str()).collect::<Vec<_>>().join(IMAGE_SEPARATOR);
    let mut variants: Vec<_> = p.variants.iter().collect();
    variants.sort_by_key(|v| v.position);
    variants
        .into_iter()
        .map(|v| CatalogRow {
            slug: p.slug.clone(),
            name: p.name.clone(),
            category: category.clone(),
            description: p.description.clone(),
            hsn_code: p.hsn_code.clone().unwrap_or_default(),
            best_seller: yes_no(p.is_best_seller),
            images: images.clone(),
            size: v.size.clone(),
            color: v.color.clone(),
            color_hex: v.color_hex.clone(),
            stock: v.stock.to_string(),
            price: v.price.pay().to_rupees_text(),
            discount: v.price.saving().to_rupees_text(),
            sku: v.sku.clone().unwrap_or_default(),
            exported_stock: v.stock.to_string(),
        })
        .collect()
}

/// The image file names a file names, each once, in order of appearance.
pub fn image_names(rows: &[ImportRow]) -> Vec<String> {
    let mut seen = HashSet::new();
    let mut out = Vec::new();
    for r in rows {
        for name in split_images(&r.row.images) {
            if seen.insert(name.to_string()) {
                out.push(name.to_string());
            }
        }
    }
    out
}

fn split_images(text: &str) -> impl Iterator<Item = &str> {
    text.split('|').map(str::trim).filter(|s| !s.is_empty())
}

/// What a valid file writes.
#[derive(Debug, Clone, Default)]
pub struct ImportPlan {
    /// Categories to create first, each after its parent.
    pub categories: Vec<CategoryWrite>,
    pub creates: Vec<ProductWrite>,
    pub updates: Vec<ProductWrite>,
    /// Products the file names exactly as they are (see [`leaves_as_is`]).
    pub unchanged: usize,
}

impl ImportPlan {
    pub fn report(&self) -> ImportReport {
        ImportReport {
            created: self.creates.len(),
            updated: self.updates.len(),
            unchanged: self.unchanged,
            variants: self.creates.iter().chain(&self.updates).map(|p| p.variants.len()).sum(),
            categories: self.categories.len(),
        }
    }
}

/// The categories of a file's paths: those the catalogue has, and those the import creates
/// (every missing level of a path, under the deepest one that exists).
struct CategoryPaths<'a> {
    snapshot: &'a CatalogSnapshot,
    /// Path key to category id, existing and new.
    ids: HashMap<String, String>,
    /// Slugs of the new categories (the snapshot knows the others).
    new_slugs: HashSet<String>,
    /// Slug of each new category, by id.
    new_slug_of: HashMap<String, String>,
    created: Vec<CategoryWrite>,
    now: DateTime<Utc>,
}

impl<'a> CategoryPaths<'a> {
    fn new(snapshot: &'a CatalogSnapshot, now: DateTime<Utc>) -> Self {
        CategoryPaths {
            snapshot,
            ids: category_paths(snapshot),
            new_slugs: HashSet::new(),
            new_slug_of: HashMap::new(),
            created: Vec::new(),
            now,
        }
    }

    /// The id of the category at `path`, creating the levels it lacks. Error: why the path
    /// cannot name a category (nothing is created then).
    fn resolve(&mut self, path: &str) -> Result<String, String> {
        if path.trim().is_empty() {
            return Err("category is required (for example Men > Shirts)".to_string());
        }
        if let Some(id) = self.ids.get(&path_key(path)) {
            return Ok(id.clone());
        }
        // Every name is checked before any level is planned.
        let names = path
            .split('>')
            .map(|name| category_name(Some(name)).map_err(|e| format!("Category {}: {e}", path.trim())))
            .collect::<Result<Vec<String>, String>>()?;
        if names.len() > MAX_NEW_PATH_LEVELS {
            return Err(format!("Category {}: a new category path may have at most {MAX_NEW_PATH_LEVELS} levels", path.trim()));
        }
        let mut parent: Option<String> = None;
        for depth in 1..=names.len() {
            let key = path_key(&names[..depth].join(PATH_SEPARATOR));
            let id = match self.ids.get(&key) {
                Some(id) => id.clone(),
                None => {
                    let id = self.create(&names[depth - 1], parent.as_deref());
                    self.ids.insert(key, id.clone());
                    id
                }
            };
            parent = Some(id);
        }
        parent.ok_or_else(|| "category is required (for example Men > Shirts)".to_string())
    }

    fn create(&mut self, name: &str, parent: Option<&str>) -> String {
        let parent_slug = parent.map(|p| {
            self.new_slug_of.get(p).cloned().or_else(|| self.snapshot.category(p).map(|c| c.slug.clone())).unwrap_or_default()
        });
        let slug = category_slug(parent_slug.as_deref(), name, |s| {
            self.new_slugs.contains(s) || self.snapshot.category_slug_taken(s)
        });
        let id = kernel::new_id();
        self.new_slugs.insert(slug.clone());
        self.new_slug_of.insert(id.clone(), slug.clone());
        self.created.push(CategoryWrite {
            id: id.clone(),
            name: name.to_string(),
            slug,
            description: String::new(),
            parent_id: parent.map(str::to_string),
            hsn_code: None,
            new_image: None,
            clear_image: false,
            now: self.now,
        });
        id
    }
}

struct Group<'a> {
    first: &'a ImportRow,
    rows: Vec<&'a ImportRow>,
}

/// Whether writing `w` would leave `p` as it is: the same fields, the same pictures in the
/// same order, the same variants (ids, sizes, colours, stock, prices, SKUs) in the same order.
/// A row's stock against the variant's `now`, by what the file says it was when exported: the
/// same figure leaves the stock as it is now (orders placed since stay taken); a new figure is
/// taken only while the variant still holds what was exported (and the store checks it again
/// as it writes). Without `exported_stock` the row's stock is taken as it is.
fn keep_sold_stock(draft: &mut VariantDraft, now: i32, exported: &str) -> Result<(), String> {
    let Some(exported) = crate::models::seen_stock(Some(exported)).map_err(|_| "exported_stock must be a whole number of 0 or more".to_string())? else {
        return Ok(());
    };
    if draft.stock == exported {
        draft.stock = now;
        draft.seen_stock = Some(now);
    } else if now != exported {
        return Err(format!(
            "The stock of size {} ({}) changed since the file was exported: {now} left now. Export the catalogue again, or leave its stock as exported.",
            draft.size, draft.color
        ));
    } else {
        draft.seen_stock = Some(exported);
    }
    Ok(())
}

fn leaves_as_is(w: &ProductWrite, p: &Product) -> bool {
    w.name == p.name
        && w.description == p.description
        && w.category_id == p.category_id
        && w.hsn_code == p.hsn_code
        && w.is_best_seller == p.is_best_seller
        && w.shared_images.iter().eq(p.images.iter().map(|i| &i.image.upload_id))
        && w.variants.len() == p.variants.len()
        && w.variants.iter().zip(&p.variants).all(|(draft, stored)| VariantDraft { seen_stock: None, ..draft.clone() } == VariantDraft::from(stored))
}

/// Checks every row against the catalogue's rules and turns the file into writes; nothing is
/// written here. `uploads` gives the upload id of each image file name the shop knows.
/// Every row is checked: the answer lists each bad line (up to [`MAX_ERRORS`]), in order.
pub fn plan(
    snapshot: &CatalogSnapshot,
    rows: &[ImportRow],
    uploads: &HashMap<String, String>,
    now: DateTime<Utc>,
) -> Result<ImportPlan, Vec<RowError>> {
    let mut errors: Vec<RowError> = Vec::new();
    if rows.is_empty() {
        return Err(vec![RowError { line: 2, message: "The file has no product rows".into() }]);
    }
    // Group by product, in order of first appearance.
    let mut order: Vec<String> = Vec::new();
    let mut groups: HashMap<String, Group> = HashMap::new();
    for r in rows {
        let slug = r.row.slug.trim();
        let key = if slug.is_empty() { slugify(r.row.name.trim()) } else { slug.to_string() };
        match groups.get_mut(&key) {
            Some(g) => g.rows.push(r),
            None => {
                order.push(key.clone());
                groups.insert(key, Group { first: r, rows: vec![r] });
            }
        }
    }
    let mut paths = CategoryPaths::new(snapshot, now);
    let in_file: HashSet<String> =
        order.iter().filter_map(|slug| snapshot.entry(slug).filter(|e| e.slug() == slug).map(|e| e.id.to_string())).collect();
    let mut skus: HashMap<String, u64> = HashMap::new();
    let owners = snapshot.sku_index();
    let mut plan = ImportPlan::default();
    for slug in &order {
        let Some(group) = groups.get(slug) else { continue };
        let first = &group.first.row;
        let line = group.first.line;
        let before = errors.len();
        // The product's columns: on its later rows, empty or the same as on its first.
        for r in group.rows.iter().skip(1) {
            for ((column, value), (_, expected)) in r.row.product_cells().iter().zip(first.product_cells().iter()) {
                if !value.trim().is_empty() && value.trim() != expected.trim() {
                    errors.push(RowError { line: r.line, message: format!("{column} differs from line {line} of the same product") });
                }
            }
        }
        if slugify(slug) != *slug {
            errors.push(RowError { line, message: format!("product_slug {slug} must be lower-case letters, digits and hyphens") });
        }
        let name = product_name(Some(&first.name)).map_err(|e| e.to_string());
        let category = paths.resolve(&first.category);
        let description = description(Some(&first.description)).map_err(|e| e.to_string());
        let hsn = match first.hsn_code.trim() {
            "" => Ok(None),
            code => gst::HsnCode::parse(code).map(|h| Some(h.as_str().to_string())).map_err(|e| e.to_string()),
        };
        let best_seller = match first.best_seller.trim().to_lowercase().as_str() {
            "" | "no" | "false" | "0" => Ok(false),
            "yes" | "true" | "1" => Ok(true),
            other => Err(format!("best_seller must be yes or no, not {other}")),
        };
        let mut images = Vec::new();
        let mut repeated = Vec::new();
        for file in split_images(&first.images) {
            match uploads.get(file) {
                Some(id) if !images.contains(id) => images.push(id.clone()),
                // Said once, however often the picture is repeated.
                Some(id) if !repeated.contains(&id) => {
                    repeated.push(id);
                    errors.push(RowError { line, message: format!("Image {file} is listed twice") });
                }
                Some(_) => {}
                None => errors.push(RowError { line, message: format!("Image {file} is not in the shop's uploads") }),
            }
        }
        if split_images(&first.images).next().is_none() {
            errors.push(RowError { line, message: "images: please name at least 1 image".into() });
        }
        if images.len() > crate::MAX_PRODUCT_IMAGES {
            errors.push(RowError { line, message: format!("images: at most {} images", crate::MAX_PRODUCT_IMAGES) });
        }
        for e in [name.as_ref().err(), category.as_ref().err(), description.as_ref().err(), hsn.as_ref().err(), best_seller.as_ref().err()]
            .into_iter()
            .flatten()
        {
            errors.push(RowError { line, message: e.clone() });
        }
        let existing = snapshot.entry(slug).filter(|e| e.slug() == slug).map(|e| snapshot.expand(e));
        let mut drafts: Vec<VariantDraft> = Vec::new();
        for r in &group.rows {
            let input = VariantInput {
                id: None,
                size: Some(r.row.size.clone()),
                color: Some(r.row.color.clone()),
                color_hex: Some(r.row.color_hex.clone()),
                stock: Some(r.row.stock.clone()),
                original_price: Some(r.row.price.clone()),
                discount_price: Some(r.row.discount.clone()),
                sku: Some(r.row.sku.clone()),
                expected_stock: None,
            };
            match parse_variant(&input) {
                Ok(mut draft) => {
                    // The same size and colour keeps its variant (and the carts holding it).
                    let kept = existing.as_ref().and_then(|p| {
                        p.variants.iter().find(|v| v.size.eq_ignore_ascii_case(&draft.size) && v.color.eq_ignore_ascii_case(&draft.color))
                    });
                    draft.id = kept.map(|v| v.id.clone());
                    if let Some(kept) = kept {
                        if let Err(message) = keep_sold_stock(&mut draft, kept.stock, &r.row.exported_stock) {
                            errors.push(RowError { line: r.line, message });
                        }
                    }
                    if let Some(sku) = &draft.sku {
                        if let Some(at) = skus.insert(sku_key(sku), r.line) {
                            errors.push(RowError { line: r.line, message: format!("SKU {sku} is already used on line {at}") });
                        } else if let Some((_, _, owner)) =
                            owners.get(&sku_key(sku)).into_iter().flatten().find(|(p, _, _)| !in_file.contains(p))
                        {
                            errors.push(RowError { line: r.line, message: format!("SKU {sku} is already used by {owner}") });
                        }
                    }
                    drafts.push(draft);
                }
                Err(e) => errors.push(RowError { line: r.line, message: e.to_string() }),
            }
        }
        if drafts.len() == group.rows.len() {
            if let Err((at, e)) = check_variants_at(&drafts) {
                errors.push(RowError { line: group.rows[at].line, message: e.to_string() });
            }
        }
        if errors.len() > before {
            continue;
        }
        let (Ok(name), Ok(category_id), Ok(description), Ok(hsn_code), Ok(is_best_seller)) =
            (name, category, description, hsn, best_seller)
        else {
            continue;
        };
        // The file names pictures, not their colours: a picture the product already shows
        // keeps the colour the back office gave it.
        let shared_image_colors = images
            .iter()
            .map(|upload| {
                let shown = existing.as_ref().and_then(|p| p.images.iter().find(|i| &i.image.upload_id == upload));
                shown.and_then(|i| i.color.clone())
            })
            .collect();
        let write = ProductWrite {
            id: existing.as_ref().map_or_else(kernel::new_id, |p| p.id.clone()),
            name,
            slug: slug.clone(),
            description,
            category_id,
            hsn_code,
            is_best_seller,
            new_images: Vec::new(),
            new_image_colors: Vec::new(),
            shared_images: images,
            shared_image_colors,
            removed_image_ids: Vec::new(),
            image_colors: Vec::new(),
            variants: drafts,
            now,
        };
        if existing.as_ref().is_some_and(|p| leaves_as_is(&write, p)) {
            // Re-importing an exported file must not mark every product modified.
            plan.unchanged += 1;
        } else if existing.is_some() {
            plan.updates.push(write);
        } else {
            plan.creates.push(write);
        }
    }
    if errors.is_empty() {
        plan.categories = paths.created;
        Ok(plan)
    } else {
        errors.sort_by_key(|e| e.line);
        errors.truncate(MAX_ERRORS);
        Err(errors)
    }
}
