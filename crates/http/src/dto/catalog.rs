use catalog::query::{Facets, Listing};
use catalog::{CategoryNode, ImageRef, Product, Variant};
use super::timestamp;
use serde::Serialize;
use kernel::Price;

use kernel::public_upload_url as upload_url;

/// `srcset` for an image with thumbnails (`… 400w, … 800w, original 1200w`); `None` when
/// there is only the original.
pub fn srcset(filename: &str, width: u32) -> Option<String> {
    let thumbs = kernel::thumbnails(filename, width);
    if thumbs.is_empty() {
        return None;
    }
    let mut parts: Vec<String> = thumbs.iter().map(|(w, name)| format!("{} {w}w", upload_url(name))).collect();
    parts.push(format!("{} {width}w", upload_url(filename)));
    Some(parts.join(", "))
}

/// The smallest thumbnail, or the original when there is none.
pub fn thumb_url(filename: &str, width: u32) -> String {
    kernel::thumbnails(filename, width)
        .first()
        .map(|(_, name)| upload_url(name))
        .unwrap_or_else(|| upload_url(filename))
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct UploadDto {
    pub id: String,
    pub filename: String,
    pub url: String,
}

impl From<&ImageRef> for UploadDto {
    fn from(i: &ImageRef) -> Self {
        UploadDto { id: i.upload_id.clone(), filename: i.filename.clone(), url: upload_url(&i.filename) }
    }
}

#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CategoryDto {
    pub id: String,
    pub name: String,
    pub slug: String,
    pub description: String,
    pub parent_id: Option<String>,
    /// The HSN code of the goods in it (4 to 8 digits); its products and subcategories
    /// without a code of their own take it.
    pub hsn_code: Option<String>,
    pub image_url: Option<String>,
    /// Smaller versions of the image for `<img srcset>`.
    pub image_srcset: Option<String>,
    pub uploads: Vec<UploadDto>,
    #[schema(no_recursion)]
    pub sub_categories: Vec<CategoryDto>,
    /// Products in this category and all below it.
    pub product_count: usize,
}

impl CategoryDto {
    pub fn from_node(node: &CategoryNode, count: &dyn Fn(&str) -> usize) -> CategoryDto {
        let c = &node.category;
        CategoryDto {
            id: c.id.clone(),
            name: c.name.clone(),
            slug: c.slug.clone(),
            description: c.description.clone(),
            parent_id: c.parent_id.clone(),
            hsn_code: c.hsn_code.clone(),
            image_url: c.image.as_ref().map(|i| upload_url(&i.filename)),
            image_srcset: c.image.as_ref().and_then(|i| srcset(&i.filename, i.width)),
            uploads: c.image.iter().map(UploadDto::from).collect(),
            sub_categories: node.children.iter().map(|n| CategoryDto::from_node(n, count)).collect(),
            product_count: count(&c.id),
        }
    }

    pub fn from_category(c: &catalog::Category) -> CategoryDto {
        CategoryDto::from_node(&CategoryNode { category: c.clone(), children: Vec::new() }, &|_| 0)
    }
}

#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ImageDto {
    pub id: String,
    pub upload_id: String,
    pub url: String,
    /// The smallest version, for cards.
    pub thumb_url: String,
    /// For `<img srcset>`: thumbnails and the original with their widths.
    pub srcset: Option<String>,
    pub width: u32,
    pub height: u32,
    /// The colour the picture shows: one of the product's variant colours (as the variants
    /// spell it), or null. The product page shows a colour's pictures first.
    pub color: Option<String>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VariantDto {
    pub id: String,
    pub size: String,
    pub color: String,
    pub color_hex_code: String,
    pub stock: i32,
    /// What the shopper pays, in rupees.
    pub original_price: f64,
    /// The saving against the MRP, in rupees.
    pub discount_price: f64,
    /// The struck-through price: `originalPrice + discountPrice`.
    pub mrp: f64,
    /// The saving as a whole percentage of the MRP, rounded half up; 0 without a saving.
    pub percent_off: u32,
    /// The shop's own code for the variant (unique across the shop), if it has one.
    pub sku: Option<String>,
}

impl VariantDto {
    /// The variant's figures, all from `kernel::Price`: the web app only formats them.
    pub fn new(id: String, size: String, color: String, color_hex_code: String, stock: i32, price: Price) -> Self {
        VariantDto {
            id,
            size,
            color,
            color_hex_code,
            stock,
            original_price: price.pay().to_rupees(),
            discount_price: price.saving().to_rupees(),
            mrp: price.mrp().to_rupees(),
            percent_off: price.percent_off(),
            sku: None,
        }
    }
}

impl From<&Variant> for VariantDto {
    fn from(v: &Variant) -> Self {
        VariantDto {
            sku: v.sku.clone(),
            ..VariantDto::new(v.id.clone(), v.size.clone(), v.color.clone(), v.color_hex.clone(), v.stock, v.price)
        }
    }
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct CategoryRefDto {
    pub id: String,
    pub name: String,
}

#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProductDto {
    pub id: String,
    pub name: String,
    pub slug: String,
    pub description: String,
    pub is_best_seller: bool,
    pub category: CategoryRefDto,
    pub category_id: String,
    /// The product's own HSN code; `null`: its category's.
    pub hsn_code: Option<String>,
    pub images: Vec<ImageDto>,
    pub variants: Vec<VariantDto>,
    pub created_at: String,
    pub updated_at: String,
}

impl From<&Product> for ProductDto {
    fn from(p: &Product) -> Self {
        ProductDto {
            id: p.id.clone(),
            name: p.name.clone(),
            slug: p.slug.clone(),
            description: p.description.clone(),
            is_best_seller: p.is_best_seller,
            category: CategoryRefDto { id: p.category_id.clone(), name: p.category_name.clone() },
            category_id: p.category_id.clone(),
            hsn_code: p.hsn_code.clone(),
            images: p
                .images
                .iter()
                .map(|i| ImageDto {
                    id: i.id.clone(),
                    upload_id: i.image.upload_id.clone(),
                    url: upload_url(&i.image.filename),
                    thumb_url: thumb_url(&i.image.filename, i.image.width),
                    srcset: srcset(&i.image.filename, i.image.width),
                    width: i.image.width,
                    height: i.image.height,
                    color: i.color.clone(),
                })
                .collect(),
            variants: p.variants.iter().map(VariantDto::from).collect(),
            created_at: timestamp(p.created_at),
            updated_at: timestamp(p.updated_at),
        }
    }
}

#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PaginationDto {
    pub total_items: u64,
    pub current_page: u32,
    pub limit: u32,
    pub total_pages: u64,
}

impl PaginationDto {
    /// Where `request` stands among `total` items: every paged list answers this.
    pub fn new(total: u64, request: kernel::PageRequest) -> Self {
        PaginationDto {
            total_items: total,
            current_page: request.page,
            limit: request.limit,
            total_pages: total.div_ceil(u64::from(request.limit.max(1))),
        }
    }
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct PriceRangeDto {
    pub min: f64,
    pub max: f64,
}

#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ColorFacetDto {
    pub color: String,
    pub color_hex_code: String,
    pub count: usize,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct SizeFacetDto {
    pub size: String,
    pub count: usize,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct CategoryFacetDto {
    pub id: String,
    pub name: String,
    pub count: usize,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct FacetsDto {
    pub price: PriceRangeDto,
    pub colors: Vec<ColorFacetDto>,
    pub sizes: Vec<SizeFacetDto>,
    pub categories: Vec<CategoryFacetDto>,
}

impl From<&Facets> for FacetsDto {
    fn from(f: &Facets) -> Self {
        FacetsDto {
            price: PriceRangeDto { min: f.min_price.to_rupees(), max: f.max_price.to_rupees() },
            colors: f
                .colors
                .iter()
                .map(|c| ColorFacetDto { color: c.color.clone(), color_hex_code: c.color_hex.clone(), count: c.count })
                .collect(),
            sizes: f.sizes.iter().map(|s| SizeFacetDto { size: s.value.clone(), count: s.count }).collect(),
            categories: f
                .categories
                .iter()
                .map(|c| CategoryFacetDto { id: c.value.clone(), name: c.label.clone(), count: c.count })
                .collect(),
        }
    }
}

/// The answer to a search: the products found and, when none is, the query with its
/// unknown words replaced by the catalogue's closest words.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SearchDto {
    pub data: Vec<ProductDto>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub did_you_mean: Option<String>,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct ListingDto {
    pub data: Vec<ProductDto>,
    pub pagination: PaginationDto,
    pub facets: FacetsDto,
}

impl From<&Listing> for ListingDto {
    fn from(l: &Listing) -> Self {
        ListingDto {
            data: l.page.items.iter().map(|p| ProductDto::from(p.as_ref())).collect(),
            pagination: PaginationDto::new(l.page.total_items, l.page.request),
            facets: FacetsDto::from(&l.facets),
        }
    }
}

/// The back office's product list: a page of products, without facets.
#[derive(Serialize, utoipa::ToSchema)]
pub struct AdminProductListDto {
    pub data: Vec<ProductDto>,
    pub pagination: PaginationDto,
}

impl From<&kernel::Page<std::sync::Arc<Product>>> for AdminProductListDto {
    fn from(page: &kernel::Page<std::sync::Arc<Product>>) -> Self {
        AdminProductListDto {
            data: page.items.iter().map(|p| ProductDto::from(p.as_ref())).collect(),
            pagination: PaginationDto::new(page.total_items, page.request),
        }
    }
}
