use actix_multipart::Multipart;
use actix_web::{delete, get, post, put, web, HttpRequest, HttpResponse};
use utoipa_actix_web::service_config::ServiceConfig;
use catalog::{CategoryInput, ParentChoice};

use crate::answers;
use crate::auth::AdminUser;
use crate::cache::{key_of, respond};
use crate::dto::catalog::CategoryDto;
use crate::dto::data_with_message;
use crate::error::ApiError;
use super::{created, ok, Id};
use crate::multipart::{read_form, Form, FormLimits, SPARE_FILES};
use crate::state::AppState;
use crate::dto::docs::{CategoryForm, DeletedCategory, DeletedCategoryAnswer};
use crate::dto::Envelope;
use crate::openapi::responses::{Conflict, FormBody, Invalid, NotFound, RoleRequired, Unprocessable};
use kernel::CategoryId;

pub fn routes(cfg: &mut ServiceConfig) {
    cfg.service(list).service(create).service(update).service(delete);
}

/// The catalogue's image rules and count.
const LIMITS: FormLimits = FormLimits::files(&catalog::IMAGE_RULES, catalog::MAX_CATEGORY_IMAGES + SPARE_FILES);

#[utoipa::path(
    tag = "categories",
    responses((status = 200, description = "The category tree", body = Envelope<Vec<CategoryDto>>))
)]
#[get("/categories")]
async fn list(req: HttpRequest, state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    let snapshot = state.catalog.snapshot();
    let cached = state.responses.get_or_build(snapshot.version, &key_of(&req), || Ok(answers::category_tree(&snapshot)))?;
    Ok(respond(&req, &cached))
}

fn input(form: &Form, on_update: bool) -> CategoryInput {
    let parent = match form.text("parentId").map(|p| p.trim().to_string()) {
        None if on_update => ParentChoice::Keep,
        None => ParentChoice::TopLevel,
        Some(p) if p.is_empty() || p == "null" => ParentChoice::TopLevel,
        Some(p) => ParentChoice::Under(p),
    };
    CategoryInput {
        name: form.text("name"),
        description: form.text("description"),
        parent,
        hsn_code: form.text("hsnCode"),
        files: form.files(&["media", "image", "images"]),
        deleted_upload_ids: Vec::new(),
    }
}

#[utoipa::path(
    tag = "categories",
    request_body(content = CategoryForm, content_type = "multipart/form-data"),
    responses((status = 201, description = "Category saved", body = Envelope<CategoryDto>), FormBody, RoleRequired, NotFound, Conflict, Unprocessable)
)]
#[post("/categories")]
async fn create(state: web::Data<AppState>, _admin: AdminUser, payload: Multipart) -> Result<HttpResponse, ApiError> {
    let form = read_form(payload, LIMITS).await?;
    let input = input(&form, false);
    let category = state.run(move |s| s.catalog.create_category(input)).await?;
    created(data_with_message(CategoryDto::from_category(&category), "Category saved successfully!"))
}

#[utoipa::path(
    tag = "categories",
    params(("id" = uuid::Uuid, Path, description = "Category id")),
    request_body(content = CategoryForm, content_type = "multipart/form-data"),
    responses((status = 200, description = "Category updated", body = Envelope<CategoryDto>), FormBody, RoleRequired, NotFound, Conflict, Unprocessable)
)]
#[put("/categories/{id}")]
async fn update(
    state: web::Data<AppState>,
    _admin: AdminUser,
    Id(id): Id<CategoryId>,
    payload: Multipart,
) -> Result<HttpResponse, ApiError> {
    let form = read_form(payload, LIMITS).await?;
    let mut input = input(&form, true);
    input.deleted_upload_ids = form.id_list("deletedUploadIds")?;
    let category = state.run(move |s| s.catalog.update_category(&id, input)).await?;
    ok(data_with_message(CategoryDto::from_category(&category), "Category updated successfully!"))
}

#[utoipa::path(
    tag = "categories",
    params(("id" = uuid::Uuid, Path, description = "Category id")),
    responses((status = 200, description = "Category deleted", body = DeletedCategoryAnswer), Invalid, RoleRequired, NotFound, Conflict)
)]
#[delete("/categories/{id}")]
async fn delete(state: web::Data<AppState>, _admin: AdminUser, Id(id): Id<CategoryId>) -> Result<HttpResponse, ApiError> {
    let category = state.run(move |s| s.catalog.delete_category(&id)).await?;
    let message = format!("Deleted category: {}", category.name);
    ok(DeletedCategoryAnswer { data: DeletedCategory { id: category.id, name: category.name }, message })
}
