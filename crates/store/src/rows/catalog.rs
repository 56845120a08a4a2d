use cart::VariantView;
use chrono::NaiveDateTime;
use diesel::prelude::*;
use kernel::Money;

use crate::schema::{cart_items, variants};

/// A variant as the storefront reads it.
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
}

impl VariantRow {
    pub fn into_view(self) -> VariantView {
        VariantView {
            id: self.id,
            size: self.size,
            color: self.color,
            color_hex: self.color_hex,
            stock: self.stock,
            original_price: Money::from_paise(self.original_price_paise),
            discount_price: Money::from_paise(self.discount_price_paise),
        }
    }
}

#[derive(Insertable)]
#[diesel(table_name = cart_items)]
pub struct NewCartItemRow<'a> {
    pub id: &'a str,
    pub user_id: &'a str,
    pub variant_id: &'a str,
    pub quantity: i32,
    pub created_at: NaiveDateTime,
    pub updated_at: NaiveDateTime,
}
