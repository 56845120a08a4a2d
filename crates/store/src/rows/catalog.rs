use cart::VariantView;
use catalog::{Category, ImageRef, Product, ProductImage, Variant};
use chrono::NaiveDateTime;
use diesel::prelude::*;
use kernel::{Money, Price};

use crate::schema::{categories, product_images, products, uploads, variants};

#[derive(Queryable, Selectable, Insertable, Clone)]
#[diesel(table_name = uploads)]
pub struct UploadRow {
    pub id: String,
    pub filename: String,
    pub content_type: String,
    pub width: i32,
    pub height: i32,
    pub byte_size: i64,
    pub created_at: NaiveDateTime,
}

/// The part of an upload an image link shows (no timestamp to parse: the catalogue load
/// reads hundreds of thousands of these).
#[derive(Queryable, Selectable)]
#[diesel(table_name = uploads)]
pub struct UploadRefRow {
    pub id: String,
    pub filename: String,
    pub width: i32,
    pub height: i32,
}

impl UploadRefRow {
    pub fn into_image_ref(self) -> ImageRef {
        ImageRef {
            upload_id: self.id,
            filename: self.filename,
            width: u32::try_from(self.width).unwrap_or(0),
            height: u32::try_from(self.height).unwrap_or(0),
        }
    }
}

impl UploadRow {
    pub fn image_ref(&self) -> ImageRef {
        UploadRefRow { id: self.id.clone(), filename: self.filename.clone(), width: self.width, height: self.height }
            .into_image_ref()
    }

    pub fn from_stored(file: &kernel::StoredFile, now: NaiveDateTime) -> UploadRow {
        UploadRow {
            id: file.id.clone(),
            filename: file.filename.clone(),
            content_type: file.format.content_type().to_string(),
            width: i32::try_from(file.width).unwrap_or(i32::MAX),
            height: i32::try_from(file.height).unwrap_or(i32::MAX),
            byte_size: i64::try_from(file.byte_size).unwrap_or(i64::MAX),
            created_at: now,
        }
    }
}

#[derive(Queryable, Selectable)]
#[diesel(table_name = categories)]
pub struct CategoryRow {
    pub id: String,
    pub name: String,
    pub slug: String,
    pub description: String,
    pub parent_id: Option<String>,
    pub hsn_code: Option<String>,
    pub created_at: NaiveDateTime,
}

impl CategoryRow {
    pub fn into_domain(self, image: Option<ImageRef>) -> Category {
        Category {
            id: self.id,
            name: self.name,
            slug: self.slug,
            description: self.description,
            parent_id: self.parent_id,
            hsn_code: self.hsn_code,
            image,
            created_at: self.created_at.and_utc(),
        }
    }
}

#[derive(Insertable)]
#[diesel(table_name = categories)]
pub struct NewCategoryRow<'a> {
    pub id: &'a str,
    pub name: &'a str,
    pub slug: &'a str,
    pub description: &'a str,
    pub parent_id: Option<&'a str>,
    pub parent_key: &'a str,
    pub upload_id: Option<&'a str>,
    pub hsn_code: Option<&'a str>,
    pub created_at: NaiveDateTime,
    pub updated_at: NaiveDateTime,
}

#[derive(Queryable, Selectable)]
#[diesel(table_name = products)]
pub struct ProductRow {
    pub id: String,
    pub name: String,
    pub slug: String,
    pub description: String,
    pub category_id: String,
    pub is_best_seller: bool,
    pub hsn_code: Option<String>,
    pub created_at: NaiveDateTime,
    pub updated_at: NaiveDateTime,
}

impl ProductRow {
    pub fn into_domain(self, category_name: String, images: Vec<ProductImage>, variants: Vec<Variant>) -> Product {
        Product {
            images,
            variants,
            id: self.id,
            name: self.name,
            slug: self.slug,
            description: self.description,
            is_best_seller: self.is_best_seller,
            category_id: self.category_id,
            category_name,
            hsn_code: self.hsn_code,
            created_at: self.created_at.and_utc(),
            updated_at: self.updated_at.and_utc(),
        }
    }
}

#[derive(Insertable, AsChangeset)]
#[diesel(table_name = products)]
// A product whose own HSN code is removed takes its category's again.
#[diesel(treat_none_as_null = true)]
pub struct ProductChanges<'a> {
    pub name: &'a str,
    pub slug: &'a str,
    pub description: &'a str,
    pub category_id: &'a str,
    pub is_best_seller: bool,
    pub hsn_code: Option<&'a str>,
    pub updated_at: NaiveDateTime,
}

#[derive(Insertable)]
#[diesel(table_name = products)]
pub struct NewProductRow<'a> {
    pub id: &'a str,
    #[diesel(embed)]
    pub fields: ProductChanges<'a>,
    pub created_at: NaiveDateTime,
}

#[derive(Queryable, Selectable)]
#[diesel(table_name = variants)]
pub struct VariantRow {
    pub id: String,
    pub product_id: String,
    pub size: String,
    pub color: String,
    pub color_hex: String,
    pub stock: i32,
    pub original_price_paise: i64,
    pub discount_price_paise: i64,
    pub position: i32,
    pub sku: Option<String>,
}

impl VariantRow {
    pub fn into_domain(self) -> Variant {
        Variant {
            id: self.id,
            size: self.size,
            color: self.color,
            color_hex: self.color_hex,
            stock: self.stock,
            price: Price::new(Money::from_paise(self.original_price_paise), Money::from_paise(self.discount_price_paise)),
            position: self.position,
            sku: self.sku,
        }
    }

    /// The variant as the cart and wishlist show it.
    pub fn into_view(self) -> VariantView {
        let Variant { id, size, color, color_hex, stock, price, .. } = self.into_domain();
        VariantView { id, size, color, color_hex, stock, price }
    }
}

#[derive(Insertable, AsChangeset)]
#[diesel(table_name = variants)]
pub struct VariantChanges<'a> {
    pub size: &'a str,
    pub color: &'a str,
    pub color_hex: &'a str,
    /// `None` leaves the stored stock as it is (an update whose form did not change it).
    pub stock: Option<i32>,
    pub original_price_paise: i64,
    pub discount_price_paise: i64,
    pub position: i32,
    pub updated_at: NaiveDateTime,
    /// `None` writes NULL (no SKU): the form always sends the whole variant.
    #[diesel(treat_none_as_null = true)]
    pub sku: Option<&'a str>,
}

#[derive(Insertable)]
#[diesel(table_name = variants)]
pub struct NewVariantRow<'a> {
    pub id: &'a str,
    pub product_id: &'a str,
    #[diesel(embed)]
    pub fields: VariantChanges<'a>,
    pub created_at: NaiveDateTime,
}

#[derive(Queryable, Selectable)]
#[diesel(table_name = product_images)]
pub struct ProductImageRow {
    pub id: String,
    pub product_id: String,
    pub position: i32,
    pub color: Option<String>,
}

impl ProductImageRow {
    pub fn into_domain(self, upload: &UploadRow) -> ProductImage {
        ProductImage { id: self.id, image: upload.image_ref(), position: self.position, color: self.color }
    }
}

#[derive(Insertable)]
#[diesel(table_name = product_images)]
pub struct NewProductImageRow<'a> {
    pub id: &'a str,
    pub product_id: &'a str,
    pub upload_id: &'a str,
    pub position: i32,
    pub color: Option<&'a str>,
}
