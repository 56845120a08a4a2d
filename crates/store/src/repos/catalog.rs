use std::collections::HashMap;

use crate::versions::ChangeKind;
use catalog::snapshot::{ImagesLoad, LoadedCatalog, ProductsLoad, VariantsLoad};
use catalog::{
    SearchMiss,
    CatalogRepository, Category, CategoryDelete, CategoryWrite, Product, ProductDelete, ProductWrite, VariantDraft, VariantUpdate,
    VariantUpdated,
};
use diesel::connection::DefaultLoadingMode;
use chrono::NaiveDateTime;
use diesel::prelude::*;
use kernel::{CategoryId, ProductId, StoreError};

use crate::conn::DbConn;
use crate::db::Db;
use crate::errors::store_error;
use super::uploads::{delete_uploads, insert_upload};
use crate::rows::catalog::{
    CategoryRow, NewCategoryRow, NewProductImageRow, NewProductRow, NewVariantRow, ProductChanges,
    ProductImageRow, ProductRow, UploadRefRow, UploadRow, VariantChanges, VariantRow,
};
use crate::schema::{
    categories, order_items, orders, product_images, products, return_lines, return_requests, search_misses, search_synonyms, uploads,
    variants,
};
use ::orders::DeliveryStatus;

/// The synonym list lives in one row with this id.
const SYNONYMS_ROW: &str = "shop";
/// The most rows of missed searches read for one report.
const MAX_MISS_ROWS: i64 = 200_000;

/// Catalogue storage on SQLite or PostgreSQL.
#[derive(Clone)]
pub struct DieselCatalogRepo {
    db: Db,
}

impl DieselCatalogRepo {
    pub fn new(db: Db) -> Self {
        DieselCatalogRepo { db }
    }
}

type Result<T> = std::result::Result<T, StoreError>;

fn load_categories(conn: &mut DbConn) -> Result<Vec<Category>> {
    let rows: Vec<(CategoryRow, Option<UploadRow>)> = categories::table
        .left_join(uploads::table)
        .select((CategoryRow::as_select(), Option::<UploadRow>::as_select()))
        .load(conn)
        .map_err(store_error)?;
    Ok(rows
        .into_iter()
        .map(|(c, upload)| c.into_domain(upload.as_ref().map(UploadRow::image_ref)))
        .collect())
}

type ProductRows = Vec<(ProductRow, String)>;
type ImageRows = Vec<(ProductImageRow, UploadRow)>;

fn product_rows(conn: &mut DbConn, ids: Option<&[String]>) -> Result<ProductRows> {
    let mut query = products::table
        .inner_join(categories::table)
        .select((ProductRow::as_select(), categories::name))
        .into_boxed();
    if let Some(ids) = ids {
        query = query.filter(products::id.eq_any(ids));
    }
    query.load(conn).map_err(store_error)
}

// No ORDER BY in the next two: sorting hundreds of thousands of rows in SQL costs more
// than sorting each product's few images and variants in Rust.
fn image_rows(conn: &mut DbConn, ids: Option<&[String]>) -> Result<ImageRows> {
    let mut query = product_images::table
        .inner_join(uploads::table)
        .select((ProductImageRow::as_select(), UploadRow::as_select()))
        .into_boxed();
    if let Some(ids) = ids {
        query = query.filter(product_images::product_id.eq_any(ids));
    }
    query.load(conn).map_err(store_error)
}

fn variant_rows(conn: &mut DbConn, ids: Option<&[String]>) -> Result<Vec<VariantRow>> {
    let mut query = variants::table.select(VariantRow::as_select()).into_boxed();
    if let Some(ids) = ids {
        query = query.filter(variants::product_id.eq_any(ids));
    }
    query.load(conn).map_err(store_error)
}

fn assemble(rows: ProductRows, images: ImageRows, variant_rows: Vec<VariantRow>) -> Vec<Product> {
    let mut images_by_product: HashMap<String, Vec<catalog::ProductImage>> = HashMap::with_capacity(rows.len());
    for (image, upload) in images {
        images_by_product.entry(image.product_id.clone()).or_default().push(image.into_domain(&upload));
    }
    let mut variants_by_product: HashMap<String, Vec<catalog::Variant>> = HashMap::with_capacity(rows.len());
    for v in variant_rows {
        variants_by_product.entry(v.product_id.clone()).or_default().push(v.into_domain());
    }
    rows.into_iter()
        .map(|(p, category_name)| {
            let mut images = images_by_product.remove(&p.id).unwrap_or_default();
            images.sort_by(|a, b| a.position.cmp(&b.position).then_with(|| a.id.cmp(&b.id)));
            let mut variants = variants_by_product.remove(&p.id).unwrap_or_default();
            variants.sort_by(|a, b| a.position.cmp(&b.position).then_with(|| a.id.cmp(&b.id)));
            p.into_domain(category_name, images, variants)
        })
        .collect()
}

/// Loads products with their category name, images and variants in three queries,
/// whatever the number of products. `ids: None` loads every product.
pub fn load_products(conn: &mut DbConn, ids: Option<&[String]>) -> Result<Vec<Product>> {
    let rows = product_rows(conn, ids)?;
    let images = image_rows(conn, ids)?;
    let variants = variant_rows(conn, ids)?;
    Ok(assemble(rows, images, variants))
}

fn variant_changes(v: &VariantDraft, position: usize, now: NaiveDateTime) -> VariantChanges<'_> {
    VariantChanges {
        size: &v.size,
        color: &v.color,
        color_hex: &v.color_hex,
        stock: Some(v.stock),
        original_price_paise: v.price.pay().paise(),
        discount_price_paise: v.price.saving().paise(),
        position: i32::try_from(position).unwrap_or(i32::MAX),
        updated_at: now,
        sku: v.sku.as_deref(),
    }
}

/// A saved variant as the product form sends it. With the stock the form showed
/// (`seen_stock`), an unchanged figure leaves the stock alone, and a new one is written only
/// while the variant still holds what the form showed: an order placed meanwhile is never
/// undone (else `Conflict` [`catalog::VARIANT_STOCK_CHANGED`], and the transaction rolls back).
fn update_variant_row(conn: &mut DbConn, id: &str, v: &VariantDraft, position: usize, now: NaiveDateTime) -> Result<()> {
    let mut changes = variant_changes(v, position, now);
    let guarded = match v.seen_stock {
        Some(seen) if seen != v.stock => seen,
        seen => {
            // No figure to guard: the stock as sent, or (shown and left as it was) not at all.
            if seen.is_some() {
                changes.stock = None;
            }
            return diesel::update(variants::table.find(id)).set(changes).execute(conn).map(|_| ()).map_err(store_error);
        }
    };
    let written = diesel::update(variants::table.find(id).filter(variants::stock.eq(guarded))).set(changes).execute(conn).map_err(store_error)?;
    if written == 0 {
        let now_held: i32 = variants::table.find(id).select(variants::stock).first(conn).map_err(store_error)?;
        return Err(StoreError::Conflict { constraint: format!("{}{id}:{now_held}", catalog::VARIANT_STOCK_CHANGED) });
    }
    Ok(())
}

/// A new variant of a product, at this position.
fn insert_variant(conn: &mut DbConn, product_id: &str, v: &VariantDraft, position: usize, now: NaiveDateTime) -> Result<()> {
    diesel::insert_into(variants::table)
        .values(NewVariantRow { id: &kernel::new_id(), product_id, fields: variant_changes(v, position, now), created_at: now })
        .execute(conn)
        .map(|_| ())
        .map_err(store_error)
}

/// The uploads of `ids` that nothing shows any more: no product image (a duplicate shares its
/// original's pictures: they go only with the last product showing them) and no placed order
/// (an order line keeps the address of its product's first picture).
fn unshared(conn: &mut DbConn, ids: Vec<String>) -> Result<Vec<String>> {
    if ids.is_empty() {
        return Ok(ids);
    }
    let still: Vec<String> = product_images::table
        .filter(product_images::upload_id.eq_any(&ids))
        .select(product_images::upload_id)
        .load(conn)
        .map_err(store_error)?;
    // Each candidate with the address an order line would keep of it.
    let candidates: Vec<(String, String)> = uploads::table
        .filter(uploads::id.eq_any(ids.iter().filter(|id| !still.contains(id))))
        .select((uploads::id, uploads::filename))
        .load::<(String, String)>(conn)
        .map_err(store_error)?
        .into_iter()
        .map(|(id, filename)| (id, kernel::upload_url(&filename)))
        .collect();
    let ordered: Vec<Option<String>> = order_items::table
        .filter(order_items::image_url.eq_any(candidates.iter().map(|(_, address)| address)))
        .select(order_items::image_url)
        .distinct()
        .load(conn)
        .map_err(store_error)?;
    Ok(candidates.into_iter().filter(|(_, address)| !ordered.contains(&Some(address.clone()))).map(|(id, _)| id).collect())
}

fn link_images(conn: &mut DbConn, product_id: &str, upload_ids: &[String], colors: &[Option<String>]) -> Result<()> {
    for (position, upload_id) in upload_ids.iter().enumerate() {
        diesel::insert_into(product_images::table)
            .values(NewProductImageRow {
                id: &kernel::new_id(),
                product_id,
                upload_id,
                position: i32::try_from(position).unwrap_or(i32::MAX),
                color: colors.get(position).and_then(|c| c.as_deref()),
            })
            .execute(conn)
            .map_err(store_error)?;
    }
    Ok(())
}

fn insert_product_rows(conn: &mut DbConn, p: &ProductWrite, now: NaiveDateTime) -> Result<()> {
    diesel::insert_into(products::table)
        .values(NewProductRow { id: &p.id, fields: product_changes(p), created_at: now })
        .execute(conn)
        .map_err(store_error)?;
    link_images(conn, &p.id, &p.shared_images, &p.shared_image_colors)?;
    add_images(conn, &p.id, &p.new_images, &p.new_image_colors, i32::try_from(p.shared_images.len()).unwrap_or(0), now)?;
    for (position, v) in p.variants.iter().enumerate() {
        insert_variant(conn, &p.id, v, position, now)?;
    }
    Ok(())
}

/// Ids per `IN (...)` list: well below both databases' limits on bound values.
const CHUNK: usize = 1_000;

/// A product's variant list as the write gives it: rows with a stored id are updated, the
/// others created, stored variants missing from it deleted.
fn write_variants(conn: &mut DbConn, p: &ProductWrite, now: NaiveDateTime) -> Result<()> {
    // Variants: update those with an id, create the others, delete the missing.
    let stored: Vec<String> = variants::table
        .filter(variants::product_id.eq(&p.id))
        .select(variants::id)
        .load(conn)
        .map_err(store_error)?;
    // SKUs may move between this product's variants in one save (the unique index
    // is checked per statement): cleared first, each row then writes its own.
    diesel::update(variants::table.filter(variants::product_id.eq(&p.id)))
        .set(variants::sku.eq(None::<String>))
        .execute(conn)
        .map_err(store_error)?;
    let kept: Vec<&str> = p.variants.iter().filter_map(|v| v.id.as_deref()).collect();
    let gone: Vec<&String> = stored.iter().filter(|id| !kept.contains(&id.as_str())).collect();
    if let Some(held) = held_by_open_returns(conn, &gone).map_err(store_error)? {
        return Err(StoreError::Conflict { constraint: format!("{}{held}", catalog::VARIANT_IN_OPEN_RETURNS) });
    }
    if !gone.is_empty() {
        let ids: Vec<String> = gone.iter().map(|id| id.to_string()).collect();
        super::cart::record_removed_lines(conn, &ids, now).map_err(store_error)?;
        diesel::delete(variants::table.filter(variants::id.eq_any(gone))).execute(conn).map_err(store_error)?;
    }
    for (position, v) in p.variants.iter().enumerate() {
        match v.id.as_deref().filter(|id| stored.iter().any(|s| s == id)) {
            Some(id) => update_variant_row(conn, id, v, position, now)?,
            None => insert_variant(conn, &p.id, v, position, now)?,
        }
    }
    Ok(())
}

fn product_changes(p: &ProductWrite) -> ProductChanges<'_> {
    ProductChanges {
        name: &p.name,
        slug: &p.slug,
        description: &p.description,
        category_id: &p.category_id,
        is_best_seller: p.is_best_seller,
        hsn_code: p.hsn_code.as_deref(),
        updated_at: p.now.naive_utc(),
    }
}

/// Adds a product's new pictures after `first_position`, each with its colour (`colors` in
/// the order of `files`).
fn add_images(
    conn: &mut DbConn,
    product_id: &str,
    files: &[kernel::StoredFile],
    colors: &[Option<String>],
    first_position: i32,
    now: NaiveDateTime,
) -> Result<()> {
    for (offset, file) in files.iter().enumerate() {
        insert_upload(conn, file, now)?;
        diesel::insert_into(product_images::table)
            .values(NewProductImageRow {
                id: &kernel::new_id(),
                product_id,
                upload_id: &file.id,
                position: first_position + i32::try_from(offset).unwrap_or(0),
                color: colors.get(offset).and_then(|c| c.as_deref()),
            })
            .execute(conn)
            .map_err(store_error)?;
    }
    Ok(())
}

/// Sizes the loading tables up front: growing them by doubling would briefly need twice
/// the memory, which is the start-up peak with a large catalogue.
fn product_count(conn: &mut DbConn) -> Result<usize> {
    let count: i64 = products::table.count().get_result(conn).map_err(store_error)?;
    Ok(usize::try_from(count).unwrap_or(0))
}

fn stream_products(conn: &mut DbConn) -> Result<ProductsLoad> {
    let mut out = ProductsLoad::with_capacity(product_count(conn)?);
    let rows = products::table.select(ProductRow::as_select()).load_iter::<ProductRow, DefaultLoadingMode>(conn);
    for row in rows.map_err(store_error)? {
        // The category's name comes from the snapshot's categories.
        out.push(row.map_err(store_error)?.into_domain(String::new(), Vec::new(), Vec::new()));
    }
    Ok(out)
}

fn stream_images(conn: &mut DbConn) -> Result<ImagesLoad> {
    let mut out = ImagesLoad::with_capacity(product_count(conn)?);
    let rows = product_images::table
        .inner_join(uploads::table)
        .select((ProductImageRow::as_select(), UploadRefRow::as_select()))
        .load_iter::<(ProductImageRow, UploadRefRow), DefaultLoadingMode>(conn);
    for row in rows.map_err(store_error)? {
        let (link, upload) = row.map_err(store_error)?;
        let image = catalog::ProductImage { id: link.id, image: upload.into_image_ref(), position: link.position, color: link.color };
        out.push(&link.product_id, &image);
    }
    Ok(out)
}

fn stream_variants(conn: &mut DbConn) -> Result<VariantsLoad> {
    let mut out = VariantsLoad::with_capacity(product_count(conn)?);
    let rows = variants::table.select(VariantRow::as_select()).load_iter::<VariantRow, DefaultLoadingMode>(conn);
    for row in rows.map_err(store_error)? {
        let variant = row.map_err(store_error)?;
        let product_id = variant.product_id.clone();
        out.push(&product_id, &variant.into_domain());
    }
    Ok(out)
}

/// Reads a whole table with `read`, then hands the connection's SQLite page cache (up to
/// 2 MB, full of rows the snapshot holds compacted now) back rather than keeping it while
/// the connection idles in the pool.
fn shrunk<T>(conn: &mut DbConn, read: fn(&mut DbConn) -> Result<T>) -> Result<T> {
    let read = read(conn);
    if let DbConn::Sqlite(sqlite) = conn {
        // Best effort: a cache that stays is only memory.
        let _ = diesel::connection::SimpleConnection::batch_execute(sqlite, "PRAGMA shrink_memory");
    }
    read
}

fn joined<T>(result: std::thread::Result<Result<T>>) -> Result<T> {
    result.unwrap_or_else(|_| Err(StoreError::Backend("a catalogue loading thread panicked".into())))
}

/// One category row (and its new image's upload), inside the caller's transaction.
fn insert_category_row(conn: &mut DbConn, c: &CategoryWrite) -> Result<()> {
    let now = c.now.naive_utc();
    if let Some(file) = &c.new_image {
        insert_upload(conn, file, now)?;
    }
    diesel::insert_into(categories::table)
        .values(NewCategoryRow {
            id: &c.id,
            name: &c.name,
            slug: &c.slug,
            description: &c.description,
            parent_id: c.parent_id.as_deref(),
            parent_key: c.parent_id.as_deref().unwrap_or(""),
            upload_id: c.new_image.as_ref().map(|f| f.id.as_str()),
            hsn_code: c.hsn_code.as_deref(),
            created_at: now,
            updated_at: now,
        })
        .execute(conn)
        .map(|_| ())
        .map_err(store_error)
}

impl CatalogRepository for DieselCatalogRepo {
    /// The whole catalogue: the three big tables are read side by side, each on its own
    /// connection and thread, and every row is compacted as it arrives (start-up time and
    /// peak memory with a large catalogue are mostly these reads).
    fn load_all(&self) -> Result<LoadedCatalog> {
        let (mut a, mut b, mut c) = (self.db.conn()?, self.db.conn()?, self.db.conn()?);
        let (products, images, variants) = std::thread::scope(|scope| {
            let images = scope.spawn(move || shrunk(&mut b, stream_images));
            let variants = scope.spawn(move || shrunk(&mut c, stream_variants));
            let products = shrunk(&mut a, stream_products);
            (products, joined(images.join()), joined(variants.join()))
        });
        let mut conn = self.db.conn()?;
        let categories = load_categories(&mut conn)?;
        let synonyms = search_synonyms::table
            .find(SYNONYMS_ROW)
            .select(search_synonyms::rules)
            .first::<String>(&mut *conn)
            .optional()
            .map_err(store_error)?;
        Ok(LoadedCatalog { categories, products: products?, images: images?, variants: variants?, synonyms })
    }

    fn load_products(&self, ids: &[String]) -> Result<Vec<Product>> {
        let mut conn = self.db.conn()?;
        load_products(&mut conn, Some(ids))
    }

    fn insert_category(&self, c: &CategoryWrite) -> Result<()> {
        self.db.write_changing(ChangeKind::Catalog, |conn| insert_category_row(conn, c))
    }

    fn update_category(&self, c: &CategoryWrite) -> Result<Option<Option<String>>> {
        let now = c.now.naive_utc();
        self.db.write_changing(ChangeKind::Catalog, |conn| {
            let current: Option<Option<String>> = categories::table
                .find(&c.id)
                .select(categories::upload_id)
                .first(conn)
                .optional()
                .map_err(store_error)?;
            let Some(current_upload) = current else { return Ok(None) };
            let replace = c.new_image.is_some() || c.clear_image;
            let upload_id = match (&c.new_image, replace) {
                (Some(file), _) => {
                    insert_upload(conn, file, now)?;
                    Some(file.id.clone())
                }
                (None, true) => None,
                (None, false) => current_upload.clone(),
            };
            diesel::update(categories::table.find(&c.id))
                .set((
                    categories::name.eq(&c.name),
                    categories::slug.eq(&c.slug),
                    categories::description.eq(&c.description),
                    categories::parent_id.eq(c.parent_id.as_deref()),
                    categories::parent_key.eq(c.parent_id.as_deref().unwrap_or("")),
                    categories::upload_id.eq(upload_id),
                    categories::hsn_code.eq(c.hsn_code.as_deref()),
                    categories::updated_at.eq(now),
                ))
                .execute(conn)
                .map_err(store_error)?;
            let old = match (replace, current_upload) {
                (true, Some(old_id)) => delete_uploads(conn, &[old_id])?.into_iter().next(),
                _ => None,
            };
            Ok(Some(old))
        })
    }

    fn delete_category(&self, id: &CategoryId) -> Result<CategoryDelete> {
        let id = id.as_str();
        self.db.write_changing(ChangeKind::Catalog, |conn| {
            let upload: Option<Option<String>> = categories::table
                .find(id)
                .select(categories::upload_id)
                .first(conn)
                .optional()
                .map_err(store_error)?;
            let Some(upload) = upload else { return Ok(CategoryDelete::NotFound) };
            let children: i64 = categories::table
                .filter(categories::parent_id.eq(id))
                .count()
                .get_result(conn)
                .map_err(store_error)?;
            if children > 0 {
                return Ok(CategoryDelete::HasSubcategories(usize::try_from(children).unwrap_or(usize::MAX)));
            }
            let product_count: i64 = products::table
                .filter(products::category_id.eq(id))
                .count()
                .get_result(conn)
                .map_err(store_error)?;
            if product_count > 0 {
                return Ok(CategoryDelete::HasProducts(usize::try_from(product_count).unwrap_or(usize::MAX)));
            }
            diesel::delete(categories::table.find(id)).execute(conn).map_err(store_error)?;
            let image_filename = match upload {
                Some(upload_id) => delete_uploads(conn, &[upload_id])?.into_iter().next(),
                None => None,
            };
            Ok(CategoryDelete::Deleted { image_filename })
        })
    }

    fn insert_product(&self, p: &ProductWrite) -> Result<()> {
        let now = p.now.naive_utc();
        self.db.write_changing(ChangeKind::Catalog, |conn| insert_product_rows(conn, p, now))
    }

    fn update_product(&self, p: &ProductWrite) -> Result<Option<Vec<String>>> {
        let now = p.now.naive_utc();
        self.db.write_changing(ChangeKind::Catalog, |conn| {
            let updated = diesel::update(products::table.find(&p.id))
                .set(product_changes(p))
                .execute(conn)
                .map_err(store_error)?;
            if updated == 0 {
                return Ok(None);
            }
            // Images: drop the removed ones, append the new ones after the last.
            let removed_uploads: Vec<String> = product_images::table
                .filter(product_images::product_id.eq(&p.id))
                .filter(product_images::id.eq_any(&p.removed_image_ids))
                .select(product_images::upload_id)
                .load(conn)
                .map_err(store_error)?;
            diesel::delete(
                product_images::table
                    .filter(product_images::product_id.eq(&p.id))
                    .filter(product_images::id.eq_any(&p.removed_image_ids)),
            )
            .execute(conn)
            .map_err(store_error)?;
            let unused = unshared(conn, removed_uploads)?;
            let removed_files = delete_uploads(conn, &unused)?;
            let last: Option<i32> = product_images::table
                .filter(product_images::product_id.eq(&p.id))
                .select(diesel::dsl::max(product_images::position))
                .first(conn)
                .map_err(store_error)?;
            // The kept pictures' colours (a product has at most ten).
            for (image_id, color) in &p.image_colors {
                diesel::update(product_images::table.filter(product_images::product_id.eq(&p.id)).filter(product_images::id.eq(image_id)))
                    .set(product_images::color.eq(color.as_deref()))
                    .execute(conn)
                    .map_err(store_error)?;
            }
            add_images(conn, &p.id, &p.new_images, &p.new_image_colors, last.map_or(0, |l| l + 1), now)?;

            write_variants(conn, p, now)?;
            Ok(Some(removed_files))
        })
    }

    fn delete_product(&self, id: &ProductId) -> Result<ProductDelete> {
        let id = id.as_str();
        self.db.write_changing(ChangeKind::Catalog, |conn| {
            // Its variants, read once for the checks and the carts below. On PostgreSQL their rows
            // are locked: an order being placed with one of them (it holds their rows) is waited
            // for, so it is counted below (SQLite's write transaction runs alone).
            let sizes = variants::table.filter(variants::product_id.eq(id)).select(variants::id);
            let variant_ids: Vec<String> = match &mut *conn {
                DbConn::Postgres(pg) => sizes.for_update().load(pg),
                other => sizes.load(other),
            }
            .map_err(store_error)?;
            let open: Vec<String> = order_items::table
                .inner_join(orders::table)
                .filter(order_items::product_id.eq(id))
                .filter(orders::delivery_status.eq_any(DeliveryStatus::OPEN.map(DeliveryStatus::as_str)))
                .select(orders::id)
                .distinct()
                .load(conn)
                .map_err(store_error)?;
            if !open.is_empty() {
                return Ok(ProductDelete::InOpenOrders(u64::try_from(open.len()).unwrap_or(u64::MAX)));
            }
            // Requests still on their way bring pieces back to its variants (and an approved
            // exchange holds one of them): the product waits for them.
            let requests = open_returns_of(conn, id, &variant_ids).map_err(store_error)?;
            if requests > 0 {
                return Ok(ProductDelete::InOpenReturns(requests));
            }
            let upload_ids: Vec<String> = product_images::table
                .filter(product_images::product_id.eq(id))
                .select(product_images::upload_id)
                .load(conn)
                .map_err(store_error)?;
            super::cart::record_removed_lines(conn, &variant_ids, chrono::Utc::now().naive_utc()).map_err(store_error)?;
            // Images, variants, cart lines and wishlist entries go with the product
            // (ON DELETE CASCADE); order items keep their own copy.
            let deleted = diesel::delete(products::table.find(id)).execute(conn).map_err(store_error)?;
            if deleted == 0 {
                return Ok(ProductDelete::NotFound);
            }
            let unused = unshared(conn, upload_ids)?;
            Ok(ProductDelete::Deleted { image_filenames: delete_uploads(conn, &unused)? })
        })
    }

    fn import_products(&self, adopted: &[kernel::StoredFile], plan: &catalog::transfer::ImportPlan) -> Result<Vec<String>> {
        let now = chrono::Utc::now().naive_utc();
        let (creates, updates) = (&plan.creates, &plan.updates);
        self.db.write_changing(ChangeKind::Catalog, |conn| {
            for file in adopted {
                insert_upload(conn, file, now)?;
            }
            for category in &plan.categories {
                insert_category_row(conn, category)?;
            }
            // The uploads the updated products show before: those no product shows after go.
            let mut before: Vec<String> = Vec::new();
            let ids: Vec<&String> = updates.iter().map(|p| &p.id).collect();
            for chunk in ids.chunks(CHUNK) {
                let found: Vec<String> = product_images::table
                    .filter(product_images::product_id.eq_any(chunk))
                    .select(product_images::upload_id)
                    .load(conn)
                    .map_err(store_error)?;
                before.extend(found);
            }
            before.sort();
            before.dedup();
            // A SKU may move from one product of the file to another.
            for chunk in ids.chunks(CHUNK) {
                diesel::update(variants::table.filter(variants::product_id.eq_any(chunk)))
                    .set(variants::sku.eq(None::<String>))
                    .execute(conn)
                    .map_err(store_error)?;
            }
            for p in creates {
                insert_product_rows(conn, p, p.now.naive_utc())?;
            }
            for p in updates {
                let updated = diesel::update(products::table.find(&p.id))
                    .set(product_changes(p))
                    .execute(conn)
                    .map_err(store_error)?;
                if updated != 1 {
                    // Deleted since the file was checked: created again, as the file says.
                    insert_product_rows(conn, p, p.now.naive_utc())?;
                    continue;
                }
                diesel::delete(product_images::table.filter(product_images::product_id.eq(&p.id)))
                    .execute(conn)
                    .map_err(store_error)?;
                link_images(conn, &p.id, &p.shared_images, &p.shared_image_colors)?;
                write_variants(conn, p, p.now.naive_utc())?;
            }
            let mut gone = Vec::new();
            for chunk in before.chunks(CHUNK) {
                gone.extend(unshared(conn, chunk.to_vec())?);
            }
            let mut files = Vec::new();
            for chunk in gone.chunks(CHUNK) {
                files.extend(delete_uploads(conn, chunk)?);
            }
            Ok(files)
        })
    }

    fn update_variant(&self, u: &VariantUpdate) -> Result<VariantUpdated> {
        /// Why the transaction is rolled back.
        enum Stop {
            Store(StoreError),
            Missing,
            Stock(i32),
        }
        impl From<StoreError> for Stop {
            fn from(e: StoreError) -> Self {
                Stop::Store(e)
            }
        }
        let now = u.now.naive_utc();
        let this = || variants::table.filter(variants::id.eq(&u.variant_id)).filter(variants::product_id.eq(&u.product_id));
        let outcome = self.db.write_changing(ChangeKind::Catalog, |conn| {
            if let Some((stock, expected)) = u.stock {
                // One guarded statement: an order taking stock at the same moment either
                // commits first (then the expected stock no longer holds) or waits.
                let written = match expected {
                    Some(expected) => diesel::update(this().filter(variants::stock.eq(expected)))
                        .set((variants::stock.eq(stock), variants::updated_at.eq(now)))
                        .execute(conn),
                    None => diesel::update(this()).set((variants::stock.eq(stock), variants::updated_at.eq(now))).execute(conn),
                }
                .map_err(store_error)?;
                if written != 1 {
                    let held: Option<i32> = this().select(variants::stock).first(conn).optional().map_err(store_error)?;
                    return Err(held.map_or(Stop::Missing, Stop::Stock));
                }
            }
            if let Some(sku) = &u.sku {
                let written = diesel::update(this())
                    .set((variants::sku.eq(sku.as_deref()), variants::updated_at.eq(now)))
                    .execute(conn)
                    .map_err(store_error)?;
                if written != 1 {
                    return Err(Stop::Missing);
                }
            }
            if let Some(price) = u.price {
                let written = diesel::update(this())
                    .set((
                        variants::original_price_paise.eq(price.pay().paise()),
                        variants::discount_price_paise.eq(price.saving().paise()),
                        variants::updated_at.eq(now),
                    ))
                    .execute(conn)
                    .map_err(store_error)?;
                if written != 1 {
                    return Err(Stop::Missing);
                }
            }
            // The variant is part of the product's page: its sitemap date moves with it.
            // (Orders taking stock do not touch the product row, so checkouts never queue on it.)
            if u.stock.is_some() || u.sku.is_some() || u.price.is_some() {
                diesel::update(products::table.find(&u.product_id))
                    .set(products::updated_at.eq(now))
                    .execute(conn)
                    .map_err(store_error)?;
            }
            Ok(())
        });
        match outcome {
            Ok(()) => Ok(VariantUpdated::Done),
            Err(Stop::Missing) => Ok(VariantUpdated::NotFound),
            Err(Stop::Stock(held)) => Ok(VariantUpdated::StockChanged(held)),
            Err(Stop::Store(e)) => Err(e),
        }
    }

    fn save_synonyms(&self, text: &str) -> Result<()> {
        let now = chrono::Utc::now().naive_utc();
        self.db.write_changing(ChangeKind::Catalog, |conn| {
            let updated = diesel::update(search_synonyms::table.find(SYNONYMS_ROW))
                .set((search_synonyms::rules.eq(text), search_synonyms::updated_at.eq(now)))
                .execute(conn)
                .map_err(store_error)?;
            if updated == 0 {
                diesel::insert_into(search_synonyms::table)
                    .values((search_synonyms::id.eq(SYNONYMS_ROW), search_synonyms::rules.eq(text), search_synonyms::updated_at.eq(now)))
                    .execute(conn)
                    .map_err(store_error)?;
            }
            Ok(())
        })
    }

    fn record_search_miss(&self, query: &str, day: chrono::NaiveDate) -> Result<()> {
        let day = day.format("%Y-%m-%d").to_string();
        // One statement, so two instances counting the same miss at once both count.
        let upsert = |placeholders: &str| {
            format!(
                "INSERT INTO search_misses (query, day, count) VALUES ({placeholders}, 1) \
                 ON CONFLICT (query, day) DO UPDATE SET count = search_misses.count + 1"
            )
        };
        let mut conn = self.db.conn()?;
        match &mut *conn {
            DbConn::Postgres(pg) => diesel::sql_query(upsert("$1, $2"))
                .bind::<diesel::sql_types::Text, _>(query)
                .bind::<diesel::sql_types::Text, _>(&day)
                .execute(pg),
            DbConn::Sqlite(lite) => diesel::sql_query(upsert("?, ?"))
                .bind::<diesel::sql_types::Text, _>(query)
                .bind::<diesel::sql_types::Text, _>(&day)
                .execute(lite),
        }
        .map(|_| ())
        .map_err(store_error)
    }

    fn search_misses(&self, since: chrono::NaiveDate, limit: usize) -> Result<Vec<SearchMiss>> {
        let mut conn = self.db.conn()?;
        let since = since.format("%Y-%m-%d").to_string();
        // Summed here rather than with SUM(), whose type differs between the two databases;
        // the rows are bounded by the search rate limit and the window.
        let rows: Vec<(String, String, i64)> = search_misses::table
            .filter(search_misses::day.ge(&since))
            .select((search_misses::query, search_misses::day, search_misses::count))
            .limit(MAX_MISS_ROWS)
            .load(&mut *conn)
            .map_err(store_error)?;
        let mut totals: HashMap<String, (i64, String)> = HashMap::new();
        for (query, day, count) in rows {
            let entry = totals.entry(query).or_insert((0, String::new()));
            entry.0 += count;
            if day > entry.1 {
                entry.1 = day;
            }
        }
        let mut misses: Vec<SearchMiss> = totals
            .into_iter()
            .filter_map(|(query, (count, day))| {
                let last_seen = chrono::NaiveDate::parse_from_str(&day, "%Y-%m-%d").ok()?;
                Some(SearchMiss { query, count, last_seen })
            })
            .collect();
        misses.sort_by(|a, b| b.count.cmp(&a.count).then_with(|| a.query.cmp(&b.query)));
        misses.truncate(limit);
        Ok(misses)
    }
}

/// The lines of return or exchange requests not yet finished, as (request, order line,
/// replacement variant): few, as requests finish within days, so they are read whole and an
/// order's lines are read only for them.
fn open_return_lines(conn: &mut DbConn) -> QueryResult<Vec<(String, String, Option<String>)>> {
    let finished = ::orders::returns::ReturnStatus::FINISHED.map(::orders::returns::ReturnStatus::as_str);
    return_lines::table
        .inner_join(return_requests::table)
        .filter(return_requests::status.ne_all(finished))
        .select((return_requests::id, return_lines::order_item_id, return_lines::exchange_variant_id))
        .load(conn)
}

/// How many return or exchange requests not yet finished name the product: a line of it
/// coming back, or one of its variants (`sizes`) as an exchange's replacement.
fn open_returns_of(conn: &mut DbConn, product_id: &str, sizes: &[String]) -> QueryResult<u64> {
    let open = open_return_lines(conn)?;
    let items: Vec<String> = order_items::table
        .filter(order_items::id.eq_any(open.iter().map(|(_, item, _)| item.clone()).collect::<Vec<_>>()))
        .filter(order_items::product_id.eq(product_id))
        .select(order_items::id)
        .load(conn)?;
    let requests: std::collections::HashSet<&String> = open
        .iter()
        .filter(|(_, item, target)| items.contains(item) || target.as_ref().is_some_and(|t| sizes.contains(t)))
        .map(|(request, _, _)| request)
        .collect();
    Ok(u64::try_from(requests.len()).unwrap_or(u64::MAX))
}

/// Of these variants, one that a request not yet finished holds: pieces of it coming back,
/// or it as an exchange's replacement. `None` when none is.
fn held_by_open_returns(conn: &mut DbConn, variant_ids: &[&String]) -> QueryResult<Option<String>> {
    if variant_ids.is_empty() {
        return Ok(None);
    }
    let open = open_return_lines(conn)?;
    if let Some(target) = open.iter().filter_map(|(_, _, target)| target.as_ref()).find(|t| variant_ids.contains(t)) {
        return Ok(Some(target.clone()));
    }
    let items: Vec<String> = open.into_iter().map(|(_, item, _)| item).collect();
    order_items::table
        .filter(order_items::id.eq_any(items))
        .filter(order_items::variant_id.eq_any(variant_ids))
        .select(order_items::variant_id)
        .first::<Option<String>>(conn)
        .optional()
        .map(Option::flatten)
}
