//! The catalogue as a CSV file (admin): export, and an all-or-nothing import. The format:
//! UTF-8 with a byte-order mark (so Excel reads Devanagari and emoji), one row per variant,
//! the columns of `catalog::transfer::COLUMNS`; a cell starting with `=`, `+`, `-`, `@`, a tab,
//! a carriage return or `'` is written with a leading `'` (so no spreadsheet runs it as a
//! formula), and a leading `'` is taken off again on import.

use actix_web::{get, post, web, HttpResponse};
use catalog::transfer::{self, CatalogRow, ImportRow, RowError};
use futures_util::StreamExt;
use serde::Serialize;
use utoipa_actix_web::service_config::ServiceConfig;

use crate::auth::AdminUser;
use crate::dto::Envelope;
use crate::error::{blocking, ApiError};
use crate::openapi::responses::RoleRequired;
use crate::state::AppState;

pub fn routes(cfg: &mut ServiceConfig) {
    cfg.service(export).service(import);
}

/// The largest file an import takes.
pub const MAX_IMPORT_BYTES: usize = 32 * 1024 * 1024;
pub(crate) const BOM: &str = "\u{feff}";

/// A cell as written: formula starters neutralised.
pub(crate) fn neutralised(cell: &str) -> String {
    match cell.chars().next() {
        Some('=' | '+' | '-' | '@' | '\t' | '\r' | '\'') => format!("'{cell}"),
        _ => cell.to_string(),
    }
}

/// A cell as read: the export's leading `'` taken off.
fn restored(cell: &str) -> String {
    cell.strip_prefix('\'').unwrap_or(cell).to_string()
}

/// The catalogue file's text.
pub fn write_csv(rows: &[CatalogRow]) -> Result<String, ApiError> {
    let mut csv = csv::Writer::from_writer(Vec::new());
    csv.write_record(transfer::COLUMNS).map_err(ApiError::internal)?;
    for row in rows {
        csv.write_record(row.cells().iter().map(|c| neutralised(c))).map_err(ApiError::internal)?;
    }
    let bytes = csv.into_inner().map_err(|e| ApiError::internal(e.to_string()))?;
    let text = String::from_utf8(bytes).map_err(ApiError::internal)?;
    Ok(format!("{BOM}{text}"))
}

/// The line a record starts on, as a text editor or spreadsheet numbers it, counted from
/// the record's byte offset. (The csv crate's own count is one short after a line that
/// ends in CRLF, as Excel writes every line: a record then "starts" on the `\n` before it.)
struct LineCounter<'a> {
    bytes: &'a [u8],
    at: usize,
    line: u64,
}

impl LineCounter<'_> {
    /// Offsets only grow, so the whole file is counted once.
    fn line_at(&mut self, byte: u64) -> u64 {
        let mut start = usize::try_from(byte).unwrap_or(usize::MAX).min(self.bytes.len());
        while self.bytes.get(start).is_some_and(|b| matches!(b, b'\r' | b'\n')) {
            start += 1;
        }
        if start > self.at {
            self.line += self.bytes[self.at..start].iter().filter(|&&b| b == b'\n').count() as u64;
            self.at = start;
        }
        self.line
    }
}

/// The rows of a file, with their line numbers; or every line that cannot be read.
pub fn read_csv(bytes: &[u8]) -> Result<Vec<ImportRow>, Vec<RowError>> {
    let bytes = bytes.strip_prefix(BOM.as_bytes()).unwrap_or(bytes);
    let mut reader = csv::ReaderBuilder::new().has_headers(false).flexible(true).from_reader(bytes);
    let mut lines = LineCounter { bytes, at: 0, line: 1 };
    let mut rows = Vec::new();
    let mut errors = Vec::new();
    let mut header = true;
    // Files of the layout before `exported_stock` are read too.
    let mut columns = transfer::COLUMNS.len();
    for record in reader.byte_records() {
        let position = match &record {
            Ok(r) => r.position(),
            Err(e) => e.position(),
        };
        let line = position.map_or(0, |p| lines.line_at(p.byte()));
        let record = match record {
            Ok(r) => r,
            Err(e) => {
                errors.push(RowError { line, message: format!("This line cannot be read as CSV: {e}") });
                break;
            }
        };
        let Ok(cells) = record.iter().map(|c| std::str::from_utf8(c).map(str::to_string)).collect::<Result<Vec<String>, _>>() else {
            errors.push(RowError { line, message: "This line is not UTF-8 text (save the file as CSV UTF-8)".into() });
            continue;
        };
        if header {
            header = false;
            let names: Vec<String> = cells.iter().map(|c| c.trim().to_lowercase()).collect();
            columns = names.len();
            if names != transfer::COLUMNS && names != transfer::COLUMNS[..transfer::OLD_COLUMNS] {
                errors.push(RowError { line, message: format!("The first line must name the columns: {}", transfer::COLUMNS.join(",")) });
                break;
            }
            continue;
        }
        if cells.iter().all(|c| c.trim().is_empty()) {
            continue;
        }
        if cells.len() > columns {
            errors.push(RowError { line, message: format!("This line has {} cells; a row has {columns}", cells.len()) });
            continue;
        }
        if rows.len() >= transfer::MAX_ROWS {
            errors.push(RowError { line, message: format!("A file may hold at most {} rows", transfer::MAX_ROWS) });
            break;
        }
        let cells: Vec<String> = cells.iter().map(|c| restored(c)).collect();
        rows.push(ImportRow { line, row: CatalogRow::from_cells(&cells) });
    }
    if errors.is_empty() { Ok(rows) } else { Err(errors) }
}

#[utoipa::path(
    tag = "products",
    responses(
        (status = 200, description = "The catalogue as CSV (UTF-8 with a byte-order mark), one row per variant, products by slug (admin)", content_type = "text/csv", body = String),
        RoleRequired
    )
)]
#[get("/admin/catalog/export")]
async fn export(state: web::Data<AppState>, _admin: AdminUser) -> Result<HttpResponse, ApiError> {
    let snapshot = state.catalog.snapshot();
    let text = blocking(move || write_csv(&transfer::export_rows(&snapshot))).await?;
    let day = kernel::india_day(chrono::Utc::now()).format("%Y-%m-%d");
    Ok(super::attachment("text/csv; charset=utf-8", &format!("catalogue-{day}.csv")).body(text))
}

/// One line of a refused file.
#[derive(Serialize, utoipa::ToSchema)]
pub struct RowErrorDto {
    pub line: u64,
    pub message: String,
}

/// A refused import: every bad line with its reason; nothing was changed.
#[derive(Serialize, utoipa::ToSchema)]
pub struct ImportRefusal {
    pub message: String,
    pub code: String,
    pub errors: Vec<RowErrorDto>,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct ImportReportDto {
    pub created: usize,
    pub updated: usize,
    /// Products the file names exactly as they are: left alone, not marked modified.
    pub unchanged: usize,
    pub variants: usize,
    /// Categories created for paths the catalogue did not have (every missing level).
    pub categories: usize,
}

fn refusal(errors: Vec<RowError>) -> HttpResponse {
    let count = errors.iter().map(|e| e.line).collect::<std::collections::BTreeSet<_>>().len();
    HttpResponse::UnprocessableEntity().json(ImportRefusal {
        message: format!(
            "{count} line{} of the file cannot be imported; nothing was changed",
            if count == 1 { "" } else { "s" }
        ),
        code: "invalid_rows".into(),
        errors: errors.into_iter().map(|e| RowErrorDto { line: e.line, message: e.message }).collect(),
    })
}

#[utoipa::path(
    tag = "products",
    request_body(content = String, content_type = "text/csv", description = "A catalogue file as the export writes it (at most 32 MB)"),
    responses(
        (status = 200, description = "Every row imported in one transaction: products created or updated by `product_slug`, and the categories of paths that did not exist created (admin)", body = Envelope<ImportReportDto>),
        (status = 400, description = "The upload broke off and could not be read", body = crate::error::ErrorBody),
        (status = 413, description = "The file is larger than 32 MB", body = crate::error::ErrorBody),
        RoleRequired,
        (status = 409, description = "A SKU was taken, or a category of the file created, meanwhile", body = crate::error::ErrorBody),
        (status = 422, description = "Bad rows, each with its line and reason; nothing was changed", body = ImportRefusal)
    )
)]
#[post("/admin/catalog/import")]
async fn import(state: web::Data<AppState>, _admin: AdminUser, mut payload: web::Payload) -> Result<HttpResponse, ApiError> {
    let mut body = web::BytesMut::new();
    while let Some(chunk) = payload.next().await {
        let chunk = chunk.map_err(|_| ApiError::bad_request("invalid_input", "The file could not be read"))?;
        if body.len() + chunk.len() > MAX_IMPORT_BYTES {
            return Err(ApiError::new(actix_web::http::StatusCode::PAYLOAD_TOO_LARGE, "payload_too_large", "The file must be at most 32 MB"));
        }
        body.extend_from_slice(&chunk);
    }
    let rows = match read_csv(&body) {
        Ok(rows) => rows,
        Err(errors) => return Ok(refusal(errors)),
    };
    let catalog = state.catalog.clone();
    match web::block(move || catalog.import_catalog(rows)).await.map_err(ApiError::internal)? {
        Err(catalog::CatalogError::Import(errors)) => Ok(refusal(errors)),
        Ok(report) => {
            let products = report.created + report.updated + report.unchanged;
            let mut message = format!(
                "Imported {products} product{}: {} new, {} updated",
                if products == 1 { "" } else { "s" },
                report.created,
                report.updated
            );
            if report.unchanged > 0 {
                message.push_str(&format!(", {} unchanged", report.unchanged));
            }
            if report.categories > 0 {
                message.push_str(&format!(
                    "; {} new categor{}",
                    report.categories,
                    if report.categories == 1 { "y" } else { "ies" }
                ));
            }
            Ok(HttpResponse::Ok().json(crate::dto::data_with_message(
                ImportReportDto {
                    created: report.created,
                    updated: report.updated,
                    unchanged: report.unchanged,
                    variants: report.variants,
                    categories: report.categories,
                },
                message,
            )))
        }
        Err(e) => Err(e.into()),
    }
}
