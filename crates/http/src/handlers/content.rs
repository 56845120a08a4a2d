use actix_multipart::Multipart;
use actix_web::{get, post, put, web, HttpResponse};
use utoipa_actix_web::scope;
use utoipa_actix_web::service_config::ServiceConfig;
use content::{CompanyInput, LegalInput};

use crate::auth::AdminUser;
use crate::dto::content::{CompanyDto, LegalPageDto, LegalPageRequest};
use crate::dto::data_with_message;
use crate::error::{ApiError, ErrorBody};
use super::ok;
use crate::multipart::{read_form, FormLimits};
use crate::state::AppState;
use crate::dto::docs::CompanyForm;
use crate::dto::Envelope;
use crate::openapi::responses::{FormBody, JsonBody, RoleRequired, Unprocessable};

pub fn routes(cfg: &mut ServiceConfig) {
    cfg.service(company).service(update_company).service(
        scope("/legal-pages")
            // A legal page may be long: allow more than the default JSON limit.
            .app_data(crate::limits::json_config().limit(LEGAL_PAGE_LIMIT_BYTES))
            .service(legal_pages)
            .service(save_legal_page)
            // A scope does not inherit its parent's default service: the API's own 404/405.
            .default_service(web::to(super::not_found)),
    );
}

/// The largest legal page body.
const LEGAL_PAGE_LIMIT_BYTES: usize = 512 * 1024;

/// The content rules' logo: one file.
const LOGO_LIMITS: FormLimits = FormLimits::files(&content::LOGO_RULES, 1);

#[utoipa::path(
    tag = "content",
    responses((status = 200, description = "The company details", body = Envelope<CompanyDto>))
)]
#[get("/company-details")]
async fn company(state: web::Data<AppState>) -> HttpResponse {
    HttpResponse::Ok().json(crate::answers::company(&state.content.company()))
}

#[utoipa::path(
    tag = "content",
    request_body(content = CompanyForm, content_type = "multipart/form-data"),
    responses((status = 200, description = "Company details saved", body = Envelope<CompanyDto>), FormBody, Unprocessable, RoleRequired)
)]
#[put("/company-details")]
async fn update_company(state: web::Data<AppState>, _admin: AdminUser, payload: Multipart) -> Result<HttpResponse, ApiError> {
    let form = read_form(payload, LOGO_LIMITS).await?;
    let input = CompanyInput {
        name: form.text("name"),
        email: form.text("email"),
        phone: form.text("phone"),
        address: form.text("address"),
        pincode: form.text("pincode"),
        legal_name: form.text("legalName"),
        gstin: form.text("gstin"),
        state: form.text("state"),
        invoice_prefix: form.text("invoicePrefix"),
        grievance_officer: form.text("grievanceOfficer"),
        grievance_designation: form.text("grievanceDesignation"),
        grievance_email: form.text("grievanceEmail"),
        grievance_phone: form.text("grievancePhone"),
        logo: form.files(&["logo"]).into_iter().next(),
    };
    let saved = state.run(move |s| s.content.update_company(input)).await?;
    ok(data_with_message(CompanyDto::from(saved.as_ref()), "Company details updated successfully!"))
}

#[utoipa::path(
    tag = "content",
    responses((status = 200, description = "Every legal page", body = Envelope<Vec<LegalPageDto>>))
)]
#[get("")]
async fn legal_pages(state: web::Data<AppState>) -> HttpResponse {
    HttpResponse::Ok().json(crate::answers::legal_pages(&state.content.legal_pages()))
}

#[utoipa::path(
    tag = "content",
    request_body = LegalPageRequest,
    responses(
        (status = 200, description = "Page saved (created or replaced by slug)", body = Envelope<LegalPageDto>),
        JsonBody,
        (status = 413, description = "Body larger than 512 KB", body = ErrorBody),
        Unprocessable,
        RoleRequired
    )
)]
#[post("")]
async fn save_legal_page(
    state: web::Data<AppState>,
    _admin: AdminUser,
    body: web::Json<LegalPageRequest>,
) -> Result<HttpResponse, ApiError> {
    let LegalPageRequest { slug, title, content } = body.into_inner();
    let input = LegalInput { slug, title, content };
    let page = state.run(move |s| s.content.save_legal_page(input)).await?;
    ok(data_with_message(LegalPageDto::from(&page), "Page saved successfully!"))
}
