use content::{CompanyDetails, LegalPage};
use super::timestamp;
use serde::{Deserialize, Serialize};

use kernel::public_upload_url as upload_url;

#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CompanyDto {
    pub name: String,
    pub email: String,
    pub phone: String,
    pub address: String,
    pub pincode: String,
    /// The registered name printed on tax invoices (empty: `name` is used).
    pub legal_name: String,
    /// Empty until the company is registered for GST.
    pub gstin: String,
    /// One of the 36 states and union territories, or empty.
    pub state: String,
    /// The tax invoices' series prefix (empty: `INV`).
    pub invoice_prefix: String,
    /// The grievance officer the storefront names (Consumer Protection (E-Commerce) Rules,
    /// 2020, rule 4(4)); empty until set.
    pub grievance_officer: String,
    pub grievance_designation: String,
    /// Empty: `email`.
    pub grievance_email: String,
    /// 10 digits; empty: `phone`.
    pub grievance_phone: String,
    pub logo_url: Option<String>,
}

impl From<&CompanyDetails> for CompanyDto {
    fn from(c: &CompanyDetails) -> Self {
        CompanyDto {
            name: c.name.clone(),
            email: c.email.clone(),
            phone: c.phone.clone(),
            address: c.address.clone(),
            pincode: c.pincode.clone(),
            legal_name: c.legal_name.clone(),
            gstin: c.gstin.clone(),
            state: c.state.clone(),
            invoice_prefix: c.invoice_prefix.clone(),
            grievance_officer: c.grievance_officer.clone(),
            grievance_designation: c.grievance_designation.clone(),
            grievance_email: c.grievance_email.clone(),
            grievance_phone: c.grievance_phone.clone(),
            logo_url: c.logo_filename.as_deref().map(upload_url),
        }
    }
}

#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LegalPageDto {
    pub id: String,
    pub title: String,
    pub slug: String,
    pub content: String,
    pub created_at: String,
    pub updated_at: String,
}

impl From<&LegalPage> for LegalPageDto {
    fn from(p: &LegalPage) -> Self {
        LegalPageDto {
            id: p.id.clone(),
            title: p.title.clone(),
            slug: p.slug.clone(),
            content: p.content.clone(),
            created_at: timestamp(p.created_at),
            updated_at: timestamp(p.updated_at),
        }
    }
}

/// The web app sends the whole page back (id, createdAt, ...); only these fields count.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct LegalPageRequest {
    /// Which page: the shop has these two.
    #[schema(value_type = LegalSlug, required = true)]
    pub slug: Option<String>,
    /// The page's default title when absent or empty.
    #[schema(max_length = 200)]
    pub title: Option<String>,
    /// At most 100,000 characters (leading and trailing spaces aside).
    #[schema(value_type = String, required = true, min_length = 1, pattern = r"\S")]
    pub content: Option<String>,
}

crate::openapi::names::named_list_schema!(pub LegalSlug = content::LegalSlug, "The legal pages the shop has.");
