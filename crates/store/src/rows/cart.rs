use chrono::NaiveDateTime;
use diesel::prelude::*;

use crate::schema::cart_items;

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
