use actix_multipart::Multipart;
use actix_web::{web, HttpResponse};
use content::{CompanyInput, LegalInput};

use crate::auth::AdminUser;
use crate::dto::content::{CompanyDto, LegalPageDto, LegalPageRequest};
use crate::dto::{data, data_with_message};
use crate::error::{blocking, ApiError};
use crate::multipart::{read_form, FormLimits};
use crate::state::AppState;
#[allow(unused_imports)]
use crate::dto::{docs::*, Envelope, MessageOnly};

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(web::resource("/company-details").get(company).put(update_company))
        .service(
            web::resource("/legal-pages")
                // A legal page may be long: allow more than the default JSON limit.
                .app_data(crate::limits::json_config().limit(512 * 1024))
                .get(legal_pages)
                .post(save_legal_page),
        );
}

/// The content rules' logo: one file.
const LOGO_LIMITS: FormLimits = FormLimits::files(&content::LOGO_RULES, 1);

#[utoipa::path(
    get,
    path = "/api/company-details",
    tag = "content",
    security(()),
    responses(
        (status = 200, description = "The company details", body = Envelope<CompanyDto>)
    )
)]
async fn company(state: web::Data<AppState>) -> HttpResponse {
    HttpResponse::Ok().json(crate::answers::company(&state.content.company()))
}

#[utoipa::path(
    put,
    path = "/api/company-details",
    tag = "content",
    request_body(content = CompanyForm, content_type = "multipart/form-data"),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "Company details saved", body = Envelope<CompanyDto>),
        (status = 400, description = "Invalid input", body = ErrorBody),
        (status = 401, description = "Not signed in, or the session has expired", body = ErrorBody),
        (status = 403, description = "Signed in without the right role", body = ErrorBody),
        (status = 413, description = "Body or file too large", body = ErrorBody),
        (status = 415, description = "Wrong content type", body = ErrorBody)
    )
)]
async fn update_company(state: web::Data<AppState>, _admin: AdminUser, payload: Multipart) -> Result<HttpResponse, ApiError> {
    let form = read_form(payload, LOGO_LIMITS).await?;
    let input = CompanyInput {
        name: form.text("name"),
        email: form.text("email"),
        phone: form.text("phone"),
        address: form.text("address"),
        pincode: form.text("pincode"),
        logo: form.files(&["logo"]).into_iter().next(),
    };
    let content = state.content.clone();
    let saved = blocking(move || content.update_company(input)).await?;
    Ok(HttpResponse::Ok().json(data_with_message(CompanyDto::from(saved.as_ref()), "Company details updated successfully!")))
}

#[utoipa::path(
    get,
    path = "/api/legal-pages",
    tag = "content",
    security(()),
    responses(
        (status = 200, description = "Every legal page", body = Envelope<Vec<LegalPageDto>>)
    )
)]
async fn legal_pages(state: web::Data<AppState>) -> HttpResponse {
    let pages = state.content.legal_pages();
    HttpResponse::Ok().json(data(pages.iter().map(LegalPageDto::from).collect::<Vec<_>>()))
}

#[utoipa::path(
    post,
    path = "/api/legal-pages",
    tag = "content",
    request_body = LegalPageRequest,
    security(("bearer" = [])),
    responses(
        (status = 200, description = "Page saved (created or replaced by slug)", body = Envelope<LegalPageDto>),
        (status = 400, description = "Invalid input", body = ErrorBody),
        (status = 401, description = "Not signed in, or the session has expired", body = ErrorBody),
        (status = 403, description = "Signed in without the right role", body = ErrorBody),
        (status = 413, description = "Body or file too large", body = ErrorBody),
        (status = 415, description = "Wrong content type", body = ErrorBody)
    )
)]
async fn save_legal_page(
    state: web::Data<AppState>,
    _admin: AdminUser,
    body: web::Json<LegalPageRequest>,
) -> Result<HttpResponse, ApiError> {
    let LegalPageRequest { slug, title, content } = body.into_inner();
    let input = LegalInput { slug, title, content };
    let service = state.content.clone();
    let page = blocking(move || service.save_legal_page(input)).await?;
    Ok(HttpResponse::Ok().json(data_with_message(LegalPageDto::from(&page), "Page saved successfully!")))
}
