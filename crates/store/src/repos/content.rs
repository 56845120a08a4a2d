use chrono::{NaiveDateTime, Utc};
use crate::versions::ChangeKind;
use content::{CompanyDetails, CompanyFields, ContentRepository, LegalPage, LegalWrite};
use diesel::prelude::*;
use kernel::{StoreError, StoredFile};

use crate::db::Db;
use crate::errors::store_error;
use super::uploads::{delete_uploads, insert_upload};
use crate::schema::{company_details, legal_pages, uploads};

/// The company details live in one row with this id.
const COMPANY_ROW: &str = "company";

#[derive(Clone)]
pub struct DieselContentRepo {
    db: Db,
}

impl DieselContentRepo {
    pub fn new(db: Db) -> Self {
        DieselContentRepo { db }
    }
}

#[derive(Queryable)]
struct LegalRow {
    id: String,
    slug: String,
    title: String,
    content: String,
    created_at: NaiveDateTime,
    updated_at: NaiveDateTime,
}

impl From<LegalRow> for LegalPage {
    fn from(r: LegalRow) -> Self {
        LegalPage {
            id: r.id,
            slug: r.slug,
            title: r.title,
            content: r.content,
            created_at: r.created_at.and_utc(),
            updated_at: r.updated_at.and_utc(),
        }
    }
}

impl ContentRepository for DieselContentRepo {
    fn company(&self) -> Result<Option<CompanyDetails>, StoreError> {
        let mut conn = self.db.conn()?;
        type Four = (String, String, String, String);
        type Row = (String, String, String, String, String, Option<String>, NaiveDateTime, Four, Four);
        let row: Option<Row> = company_details::table
            .left_join(uploads::table.on(company_details::logo_upload_id.eq(uploads::id.nullable())))
            .filter(company_details::id.eq(COMPANY_ROW))
            .select((
                company_details::name,
                company_details::email,
                company_details::phone,
                company_details::address,
                company_details::pincode,
                uploads::filename.nullable(),
                company_details::updated_at,
                (
                    company_details::legal_name,
                    company_details::gstin,
                    company_details::state,
                    company_details::invoice_prefix,
                ),
                (
                    company_details::grievance_officer,
                    company_details::grievance_designation,
                    company_details::grievance_email,
                    company_details::grievance_phone,
                ),
            ))
            .first(&mut *conn)
            .optional()
            .map_err(store_error)?;
        Ok(row.map(|(name, email, phone, address, pincode, logo_filename, updated_at, gst, grievance)| CompanyDetails {
            fields: CompanyFields {
                name,
                email,
                phone,
                address,
                pincode,
                legal_name: gst.0,
                gstin: gst.1,
                state: gst.2,
                invoice_prefix: gst.3,
                grievance_officer: grievance.0,
                grievance_designation: grievance.1,
                grievance_email: grievance.2,
                grievance_phone: grievance.3,
            },
            logo_filename,
            updated_at: Some(updated_at.and_utc()),
        }))
    }

    fn save_company(&self, f: &CompanyFields, logo: Option<&StoredFile>) -> Result<Option<String>, StoreError> {
        let now = Utc::now().naive_utc();
        self.db.write_changing(ChangeKind::Content, |conn| {
            let current: Option<Option<String>> = company_details::table
                .find(COMPANY_ROW)
                .select(company_details::logo_upload_id)
                .first(conn)
                .optional()
                .map_err(store_error)?;
            if let Some(file) = logo {
                insert_upload(conn, file, now)?;
            }
            let old_logo = current.clone().flatten();
            let logo_id = logo.map(|l| l.id.clone()).or(old_logo.clone());
            let values = (
                company_details::name.eq(&f.name),
                company_details::email.eq(&f.email),
                company_details::phone.eq(&f.phone),
                company_details::address.eq(&f.address),
                company_details::pincode.eq(&f.pincode),
                company_details::logo_upload_id.eq(logo_id),
                company_details::updated_at.eq(now),
                company_details::legal_name.eq(&f.legal_name),
                company_details::gstin.eq(&f.gstin),
                company_details::state.eq(&f.state),
                company_details::invoice_prefix.eq(&f.invoice_prefix),
                (
                    company_details::grievance_officer.eq(&f.grievance_officer),
                    company_details::grievance_designation.eq(&f.grievance_designation),
                    company_details::grievance_email.eq(&f.grievance_email),
                    company_details::grievance_phone.eq(&f.grievance_phone),
                ),
            );
            if current.is_some() {
                diesel::update(company_details::table.find(COMPANY_ROW)).set(values).execute(conn).map_err(store_error)?;
            } else {
                diesel::insert_into(company_details::table)
                    .values((company_details::id.eq(COMPANY_ROW), values))
                    .execute(conn)
                    .map_err(store_error)?;
            }
            match (logo, old_logo) {
                (Some(_), Some(old_id)) => Ok(delete_uploads(conn, &[old_id])?.into_iter().next()),
                _ => Ok(None),
            }
        })
    }

    fn legal_pages(&self) -> Result<Vec<LegalPage>, StoreError> {
        let mut conn = self.db.conn()?;
        legal_pages::table
            .order(legal_pages::slug)
            .load::<LegalRow>(&mut *conn)
            .map(|rows| rows.into_iter().map(LegalPage::from).collect())
            .map_err(store_error)
    }

    fn save_legal_page(&self, page: &LegalWrite) -> Result<LegalPage, StoreError> {
        let now = Utc::now().naive_utc();
        self.db.write_changing(ChangeKind::Content, |conn| {
            let existing: Option<String> = legal_pages::table
                .filter(legal_pages::slug.eq(&page.slug))
                .select(legal_pages::id)
                .first(conn)
                .optional()
                .map_err(store_error)?;
            let id = match existing {
                Some(id) => {
                    diesel::update(legal_pages::table.find(&id))
                        .set((legal_pages::title.eq(&page.title), legal_pages::content.eq(&page.content), legal_pages::updated_at.eq(now)))
                        .execute(conn)
                        .map_err(store_error)?;
                    id
                }
                None => {
                    let id = kernel::new_id();
                    diesel::insert_into(legal_pages::table)
                        .values((
                            legal_pages::id.eq(&id),
                            legal_pages::slug.eq(&page.slug),
                            legal_pages::title.eq(&page.title),
                            legal_pages::content.eq(&page.content),
                            legal_pages::created_at.eq(now),
                            legal_pages::updated_at.eq(now),
                        ))
                        .execute(conn)
                        .map_err(store_error)?;
                    id
                }
            };
            legal_pages::table.find(&id).first::<LegalRow>(conn).map(LegalPage::from).map_err(store_error)
        })
    }
}
