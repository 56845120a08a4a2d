//! Reads a multipart form into memory within limits: a file larger than allowed, too many
//! files or an oversized body stop the upload at once with 413, before it is all read.

use std::collections::HashMap;

use actix_multipart::Multipart;
use actix_web::http::StatusCode;
use futures_util::StreamExt;
use kernel::{IncomingFile, MediaRules};

use crate::error::ApiError;

#[derive(Debug, Clone, Copy)]
pub struct FormLimits {
    pub max_file_bytes: usize,
    pub max_files: usize,
    /// What the size message calls a file: "Each image", "The logo".
    pub file_label: &'static str,
}

impl FormLimits {
    /// Files as big as the domain's `rules` allow, named as they name them; at most `max_files`.
    pub const fn files(rules: &MediaRules, max_files: usize) -> FormLimits {
        FormLimits { max_file_bytes: rules.max_bytes, max_files, file_label: rules.label }
    }
}

/// Files read beyond a domain's count rule, so that rule answers with its own message
/// ("Maximum 10 images allowed.") instead of the form reader's generic one.
pub const SPARE_FILES: usize = 2;

/// Text fields are small: names, descriptions, JSON lists of variants.
const MAX_TEXT_BYTES: usize = 256 * 1024;
const MAX_FIELDS: usize = 64;

#[derive(Debug, Default)]
pub struct Form {
    texts: HashMap<String, String>,
    files: Vec<(String, IncomingFile)>,
}

impl Form {
    /// The value of a text field (the last one when sent twice).
    pub fn text(&self, name: &str) -> Option<String> {
        self.texts.get(name).cloned()
    }

    pub fn has(&self, name: &str) -> bool {
        self.texts.contains_key(name)
    }

    /// The files sent under any of these field names, in the order received.
    pub fn files(&self, names: &[&str]) -> Vec<IncomingFile> {
        self.files.iter().filter(|(n, _)| names.contains(&n.as_str())).map(|(_, f)| f.clone()).collect()
    }

    /// A field holding a JSON list of optional names (`newImageColors`): `null` and `""` are
    /// none; absent or empty means an empty list.
    pub fn name_list(&self, name: &str) -> Result<Vec<Option<String>>, ApiError> {
        let invalid = || ApiError::unprocessable("invalid_value", format!("{name} must be a JSON list of names or nulls"));
        match self.text(name).as_deref().map(str::trim) {
            None | Some("") => Ok(Vec::new()),
            Some(raw) => serde_json::from_str::<Vec<Option<String>>>(raw).map_err(|_| invalid()),
        }
    }

    /// A field holding a JSON object of ids and optional names (`imageColors`); absent or
    /// empty means none.
    pub fn name_map(&self, name: &str) -> Result<Vec<(String, Option<String>)>, ApiError> {
        let invalid = || ApiError::unprocessable("invalid_value", format!("{name} must be a JSON object of ids and names or nulls"));
        match self.text(name).as_deref().map(str::trim) {
            None | Some("") => Ok(Vec::new()),
            Some(raw) => serde_json::from_str::<std::collections::BTreeMap<String, Option<String>>>(raw)
                .map(|m| m.into_iter().collect())
                .map_err(|_| invalid()),
        }
    }

    /// A field holding a JSON list of ids (`deletedImageIds`); absent or empty means none.
    pub fn id_list(&self, name: &str) -> Result<Vec<String>, ApiError> {
        match self.text(name).as_deref().map(str::trim) {
            None | Some("") => Ok(Vec::new()),
            Some(raw) => serde_json::from_str::<Vec<serde_json::Value>>(raw)
                .map_err(|_| ApiError::unprocessable("invalid_value", format!("{name} must be a JSON list of ids")))?
                .into_iter()
                .map(|v| match v {
                    serde_json::Value::String(s) => Ok(s),
                    serde_json::Value::Number(n) => Ok(n.to_string()),
                    _ => Err(ApiError::unprocessable("invalid_value", format!("{name} must be a JSON list of ids"))),
                })
                .collect(),
        }
    }
}

fn too_large(message: String) -> ApiError {
    ApiError::new(StatusCode::PAYLOAD_TOO_LARGE, "payload_too_large", message)
}

fn unreadable() -> ApiError {
    ApiError::bad_request("invalid_form", "The form data could not be read")
}

pub async fn read_form(mut payload: Multipart, limits: FormLimits) -> Result<Form, ApiError> {
    let mut form = Form::default();
    let mut fields = 0usize;
    while let Some(item) = payload.next().await {
        let mut field = item.map_err(|_| unreadable())?;
        fields += 1;
        if fields > MAX_FIELDS {
            return Err(ApiError::bad_request("invalid_form", "The form has too many fields"));
        }
        let disposition = field.content_disposition().cloned();
        let name = disposition.as_ref().and_then(|d| d.get_name()).unwrap_or("").to_string();
        // The client's file name is read only to tell files from text; it is never used.
        let is_file = disposition.as_ref().and_then(|d| d.get_filename()).is_some();
        let limit = if is_file { limits.max_file_bytes } else { MAX_TEXT_BYTES };
        let mut bytes = Vec::new();
        while let Some(chunk) = field.next().await {
            let chunk = chunk.map_err(|_| unreadable())?;
            if bytes.len() + chunk.len() > limit {
                return Err(if is_file {
                    too_large(format!("{} must be at most {} MB", limits.file_label, limits.max_file_bytes / (1024 * 1024)))
                } else {
                    too_large(format!("The field {name} is too long"))
                });
            }
            bytes.extend_from_slice(&chunk);
        }
        if is_file {
            // A browser sends an empty part for a file input left empty.
            if bytes.is_empty() {
                continue;
            }
            if form.files.len() >= limits.max_files {
                return Err(ApiError::bad_request("too_many_files", format!("At most {} files can be sent at once", limits.max_files)));
            }
            form.files.push((name, IncomingFile { bytes }));
        } else {
            let text = String::from_utf8(bytes).map_err(|_| unreadable())?;
            form.texts.insert(name, text);
        }
    }
    Ok(form)
}
