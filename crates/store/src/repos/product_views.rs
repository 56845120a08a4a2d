//! Products as the shopping repositories (cart, wishlist, orders) show them: a product's
//! summary, read the same way for all three (the cart and placement read a line's pictures
//! with the line itself).

use std::collections::HashMap;

use cart::{ProductImage, ProductSummary};
use kernel::{upload_url, StoreError};

use crate::conn::DbConn;

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
