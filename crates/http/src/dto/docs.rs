//! Small answers that have no domain type of their own, and the multipart forms as the
//! OpenAPI document describes them (the handlers read forms field by field). A form lists
//! every part it takes and no other (`additionalProperties: false`): a part the server does
//! not know is never read, and one a browser would never send (a name with control
//! characters, an empty name) breaks the form.

use serde::Serialize;
use utoipa::ToSchema;

pub use crate::error::ErrorBody;

/// `GET /api/health`
#[derive(Serialize, ToSchema)]
pub struct HealthDto {
    pub status: &'static str,
    pub database: &'static str,
    /// The change listener that keeps this instance's catalogue and content current with
    /// the other instances on one PostgreSQL database: `ok` (listening), `down` (not
    /// connected: the version rows are polled meanwhile), `off` (SQLite: one process).
    #[schema(example = "ok")]
    pub listener: &'static str,
}

#[derive(Serialize, ToSchema)]
pub struct DeletedCategory {
    pub id: String,
    pub name: String,
}

#[derive(Serialize, ToSchema)]
pub struct DeletedCategoryAnswer {
    pub data: DeletedCategory,
    pub message: String,
}

#[derive(Serialize, ToSchema)]
pub struct DeletedProduct {
    pub id: String,
    /// What it was called (the audit log names it; its id points at nothing any more).
    pub name: String,
}

#[derive(Serialize, ToSchema)]
pub struct DeletedProductAnswer {
    pub data: DeletedProduct,
    pub message: String,
}

#[derive(Serialize, ToSchema)]
pub struct CountDto {
    pub count: u64,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ConfirmationSent {
    pub message: String,
    pub email_sent: bool,
}

/// `multipart/form-data` for creating or changing a category.
#[derive(ToSchema)]
#[allow(dead_code)]
#[schema(rename_all = "camelCase")]
#[serde(deny_unknown_fields)]
pub struct CategoryForm {
    pub name: Option<String>,
    pub description: Option<String>,
    /// The parent category's id; empty or "null" for a top-level category.
    pub parent_id: Option<String>,
    /// The HSN code of the goods in it: 4 to 8 digits; empty removes it; absent keeps it.
    #[schema(pattern = r"^\s*([0-9]{4,8})?\s*$")]
    pub hsn_code: Option<String>,
    /// One image (PNG or JPEG, at most 5 MB); also accepted as `image` or `images`. A form
    /// with 2 or 3 files answers 422 `image_count`; more are not read.
    #[schema(value_type = Option<Vec<String>>, format = Binary, max_items = 3)]
    pub media: Option<Vec<Vec<u8>>>,
    /// On update: a JSON list of upload ids to remove, e.g. `["id1"]`.
    pub deleted_upload_ids: Option<String>,
}

/// `multipart/form-data` for creating or changing a product.
#[derive(ToSchema)]
#[allow(dead_code)]
#[schema(rename_all = "camelCase")]
#[serde(deny_unknown_fields)]
pub struct ProductForm {
    /// With `POST /products`: the id of the product to update instead of creating one.
    pub id: Option<String>,
    pub product_name: Option<String>,
    /// The deepest chosen subcategory.
    pub category_id: Option<String>,
    pub description: Option<String>,
    /// The product's own HSN code: 4 to 8 digits; empty removes it (the category's applies);
    /// absent keeps it.
    #[schema(pattern = r"^\s*([0-9]{4,8})?\s*$")]
    pub hsn_code: Option<String>,
    /// A JSON list of variants: `[{ "size", "color", "colorHexCode", "stock", "originalPrice", "discountPrice", "sku"?, "id"?, "expectedStock"? }]`;
    /// `sku`: up to 40 ASCII letters, digits, `-`, `_`, `.`, `/`, unique across the shop ignoring case (409 `sku_taken`).
    /// `expectedStock` (a saved variant): the stock the form showed. `stock` equal to it leaves
    /// the stock as it is now (an order placed meanwhile is not undone); a new figure is written
    /// only while the size still holds `expectedStock`, else 409 `stock_changed` and nothing is saved.
    pub product_variants: Option<String>,
    /// A JSON list of product image ids to remove.
    pub deleted_image_ids: Option<String>,
    /// The colour of each new image, a JSON list in the order of `images`: a colour of the
    /// product's variants, or `null` or `""` for none, e.g. `["Navy Blue", null]`. At most as
    /// many entries as images; a colour the variants lack is a 422 `image_colour`.
    pub new_image_colors: Option<String>,
    /// On update: a JSON object of kept image ids and their colour (`null` or `""` removes
    /// it), e.g. `{"id1": "Maroon"}`. Images not named keep theirs; an id of another
    /// product's image is a 422 `not_in_this_product`.
    pub image_colors: Option<String>,
    pub is_best_seller: Option<String>,
    /// Up to 10 images (PNG or JPEG, at most 5 MB each); 11 or 12 answer 422 `image_count`,
    /// more are not read.
    #[schema(value_type = Option<Vec<String>>, format = Binary, max_items = 12)]
    pub images: Option<Vec<Vec<u8>>>,
}

/// `multipart/form-data` for the company details.
#[derive(ToSchema)]
#[allow(dead_code)]
#[schema(rename_all = "camelCase")]
#[serde(deny_unknown_fields)]
pub struct CompanyForm {
    #[schema(value_type = String, required = true, min_length = 1, max_length = 100, pattern = r"\S")]
    pub name: Option<String>,
    /// Empty, or an e-mail address.
    pub email: Option<String>,
    /// Empty, or an Indian phone number: 10 digits (a mobile, or a landline with its STD
    /// code), spaces or dashes between them, `+91`, `91` or the trunk `0` in front; kept as
    /// the 10 digits.
    /// (The pattern is `kernel::PHONE_PATTERN`, written out: an attribute takes a literal;
    /// the OpenAPI tests compare the two.)
    #[schema(pattern = r"^ *(\+?9[ -]*1[ -]*|0[ -]*)?[1-9]([ -]*[0-9]){9}[ -]*$|^ *$")]
    pub phone: Option<String>,
    #[schema(max_length = 300)]
    pub address: Option<String>,
    /// Empty, or the 6-digit PIN code.
    #[schema(pattern = r"^\s*([1-9][0-9]{2} ?[0-9]{3})?\s*$")]
    pub pincode: Option<String>,
    /// The registered name printed on tax invoices.
    #[schema(max_length = 100)]
    pub legal_name: Option<String>,
    /// Empty, or a GSTIN (15 characters) whose check character is right and whose first
    /// two digits are the code of `state` (422 `invalid_gstin` otherwise).
    pub gstin: Option<String>,
    /// Empty, or one of the 36 states and union territories by name (422 `unknown_state`);
    /// required with a GSTIN (422 `state_required`).
    pub state: Option<String>,
    /// Empty, or 1 to 4 letters, digits or hyphens, not `CN` (422 `invalid_prefix`).
    pub invoice_prefix: Option<String>,
    /// The grievance officer's name (Consumer Protection (E-Commerce) Rules, 2020, rule
    /// 4(4)); required when a designation, e-mail or phone of theirs is given.
    #[schema(max_length = 100)]
    pub grievance_officer: Option<String>,
    #[schema(max_length = 100)]
    pub grievance_designation: Option<String>,
    /// Empty (the company's), or an e-mail address.
    pub grievance_email: Option<String>,
    /// Empty (the company's), or an Indian phone number as `phone`.
    #[schema(pattern = r"^ *(\+?9[ -]*1[ -]*|0[ -]*)?[1-9]([ -]*[0-9]){9}[ -]*$|^ *$")]
    pub grievance_phone: Option<String>,
    /// PNG, JPEG or SVG, at most 2 MB.
    #[schema(value_type = Option<String>, format = Binary)]
    pub logo: Option<Vec<u8>>,
}
