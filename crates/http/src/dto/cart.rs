use cart::{Cart, ImageRef, PricedLine, ProductImage, ProductSummary, VariantView, Wishlist};
use serde::{Deserialize, Serialize};

/// The catalogue's variant shape, also for cart lines and wishlist products.
pub use super::catalog::VariantDto;

impl From<VariantView> for VariantDto {
    fn from(v: VariantView) -> Self {
        VariantDto::new(v.id, v.size, v.color, v.color_hex, v.stock, v.price)
    }
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = CartImage)]
pub struct ImageDto {
    pub id: String,
    pub url: String,
}

impl From<ImageRef> for ImageDto {
    fn from(i: ImageRef) -> Self {
        ImageDto { id: i.id, url: kernel::public_url_of(&i.url) }
    }
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct CartProductDto {
    pub id: String,
    pub name: String,
    pub slug: String,
    pub images: Vec<ImageDto>,
    pub variant: VariantDto,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CartItemDto {
    pub id: String,
    pub quantity: i32,
    pub product: CartProductDto,
    /// What the line comes to: price × quantity, in rupees.
    pub line_total: f64,
    /// The line at MRP: MRP × quantity.
    pub line_mrp: f64,
    /// The line's saving: saving × quantity.
    pub line_discount: f64,
}

impl From<PricedLine> for CartItemDto {
    fn from(PricedLine { line: l, amounts }: PricedLine) -> Self {
        CartItemDto {
            id: l.id,
            quantity: l.quantity,
            line_total: amounts.pay.to_rupees(),
            line_mrp: amounts.mrp.to_rupees(),
            line_discount: amounts.saving.to_rupees(),
            product: CartProductDto {
                id: l.product.id,
                name: l.product.name,
                slug: l.product.slug,
                images: l.product.images.into_iter().map(ImageDto::from).collect(),
                variant: l.variant.into(),
            },
        }
    }
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SummaryDto {
    pub subtotal: f64,
    pub discount: f64,
    pub tax: f64,
    pub total: f64,
    pub item_count: i64,
}

/// A line the cart lost because the owner deleted the product or removed the size.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RemovedLineDto {
    pub product_name: String,
    pub size: String,
    pub color: String,
    pub quantity: i32,
    #[schema(format = DateTime)]
    pub removed_at: String,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct CartDto {
    pub items: Vec<CartItemDto>,
    pub summary: SummaryDto,
    /// Lines the owner took out (product deleted or size removed), oldest first; named
    /// until the shopper dismisses them (`DELETE /api/cart/removed`) or places an order,
    /// and for 30 days at the most.
    pub removed: Vec<RemovedLineDto>,
}

impl From<Cart> for CartDto {
    fn from(c: Cart) -> Self {
        let (s, totals) = (c.summary, c.summary.totals);
        CartDto {
            items: c.lines.into_iter().map(CartItemDto::from).collect(),
            summary: SummaryDto {
                subtotal: totals.subtotal.to_rupees(),
                discount: totals.discount.to_rupees(),
                tax: totals.tax.to_rupees(),
                total: totals.total.to_rupees(),
                item_count: s.item_count,
            },
            removed: c
                .removed
                .into_iter()
                .map(|r| RemovedLineDto { product_name: r.product_name, size: r.size, color: r.color, quantity: r.quantity, removed_at: super::timestamp(r.removed_at) })
                .collect(),
        }
    }
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AddToCartRequest {
    /// The variant (size and colour) to add.
    #[schema(value_type = uuid::Uuid, required = true)]
    pub product_variant_id: Option<String>,
    /// Pieces to add (1 when absent); the line holds at most 1,000 and never more than the stock.
    #[schema(minimum = 1, maximum = 1000)]
    #[serde(default, deserialize_with = "super::whole_number")]
    pub quantity: Option<i64>,
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UpdateQuantityRequest {
    /// The cart line (the caller's own).
    #[schema(value_type = uuid::Uuid, required = true)]
    pub cart_item_id: Option<String>,
    /// The line's new quantity, never more than the stock.
    #[schema(value_type = i64, required = true, minimum = 1, maximum = 1000)]
    #[serde(default, deserialize_with = "super::whole_number")]
    pub new_quantity: Option<i64>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = CartCategoryRef)]
pub struct CategoryRefDto {
    pub id: String,
    pub name: String,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProductImageDto {
    pub id: String,
    pub upload_id: String,
    pub url: String,
}

impl From<ProductImage> for ProductImageDto {
    fn from(i: ProductImage) -> Self {
        ProductImageDto { id: i.id, upload_id: i.upload_id, url: kernel::public_url_of(&i.url) }
    }
}

/// The catalogue's product shape.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = CartProduct)]
#[serde(rename_all = "camelCase")]
pub struct ProductDto {
    pub id: String,
    pub name: String,
    pub slug: String,
    pub description: String,
    pub is_best_seller: bool,
    pub category: CategoryRefDto,
    pub category_id: String,
    pub images: Vec<ProductImageDto>,
    pub variants: Vec<VariantDto>,
}

impl From<ProductSummary> for ProductDto {
    fn from(p: ProductSummary) -> Self {
        ProductDto {
            id: p.id,
            name: p.name,
            slug: p.slug,
            description: p.description,
            is_best_seller: p.is_best_seller,
            category: CategoryRefDto { id: p.category_id.clone(), name: p.category_name },
            category_id: p.category_id,
            images: p.images.into_iter().map(ProductImageDto::from).collect(),
            variants: p.variants.into_iter().map(VariantDto::from).collect(),
        }
    }
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WishlistItemDto {
    pub product_id: String,
    pub product: ProductDto,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WishlistDto {
    pub id: String,
    pub user_id: String,
    pub items: Vec<WishlistItemDto>,
}

/// `{ wishlist: { id, userId, items } }`
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct WishlistData {
    pub wishlist: WishlistDto,
}

impl From<Wishlist> for WishlistData {
    fn from(w: Wishlist) -> Self {
        WishlistData {
            wishlist: WishlistDto {
                id: w.user_id.clone(),
                user_id: w.user_id,
                items: w
                    .items
                    .into_iter()
                    .map(|i| WishlistItemDto { product_id: i.product_id, product: i.product.into() })
                    .collect(),
            },
        }
    }
}
