//! Products as the shopping repositories (cart, wishlist, orders) show them: a product's
//! images and its summary, read the same way for all three.

use std::collections::HashMap;

use cart::{ProductImage, ProductSummary};
use diesel::prelude::*;
use kernel::{upload_url, StoreError};

use crate::conn::DbConn;
use crate::schema::{product_images, uploads};

/// Every image of the given products, each list ordered by position.
pub(crate) fn images_for(conn: &mut DbConn, product_ids: &[String]) -> QueryResult<HashMap<String, Vec<ProductImage>>> {
    let mut map: HashMap<String, Vec<ProductImage>> = HashMap::new();
    if product_ids.is_empty() {
        return Ok(map);
    }
    let rows: Vec<(String, String, String, String)> = product_images::table
        .inner_join(uploads::table)
        .filter(product_images::product_id.eq_any(product_ids))
        .order((product_images::product_id, product_images::position, product_images::id))
        .select((product_images::product_id, product_images::id, product_images::upload_id, uploads::filename))
        .load(conn)?;
    for (product_id, id, upload_id, filename) in rows {
        map.entry(product_id).or_default().push(ProductImage { id, upload_id, url: upload_url(&filename) });
    }
    Ok(map)
}

/// Products in the catalogue's shape (category, images by position, variants by position),
/// in the order of `product_ids`; unknown ids are skipped. Read with the catalogue's own
/// loader, so a product is read the same way everywhere.
pub fn load_product_summaries(conn: &mut DbConn, product_ids: &[String]) -> Result<Vec<ProductSummary>, StoreError> {
    if product_ids.is_empty() {
        return Ok(Vec::new());
    }
    let mut by_id: HashMap<String, catalog::Product> =
        super::catalog::load_products(conn, Some(product_ids))?.into_iter().map(|p| (p.id.clone(), p)).collect();
    Ok(product_ids.iter().filter_map(|id| by_id.remove(id)).map(summary).collect())
}

fn summary(p: catalog::Product) -> ProductSummary {
    ProductSummary {
        images: p
            .images
            .into_iter()
            .map(|i| ProductImage { id: i.id, upload_id: i.image.upload_id, url: upload_url(&i.image.filename) })
            .collect(),
        variants: p
            .variants
            .into_iter()
            .map(|v| cart::VariantView {
                id: v.id,
                size: v.size,
                color: v.color,
                color_hex: v.color_hex,
                stock: v.stock,
                price: v.price,
            })
            .collect(),
        id: p.id,
        name: p.name,
        slug: p.slug,
        description: p.description,
        is_best_seller: p.is_best_seller,
        category_id: p.category_id,
        category_name: p.category_name,
    }
}
