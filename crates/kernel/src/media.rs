//! The port for uploaded images, shared by the catalogue and the company details.
//! The adapter checks every file by its content, never by its name or declared type.

/// What an upload may be.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ImageFormat {
    Png,
    Jpeg,
    Svg,
}

impl ImageFormat {
    pub fn extension(self) -> &'static str {
        match self {
            ImageFormat::Png => "png",
            ImageFormat::Jpeg => "jpg",
            ImageFormat::Svg => "svg",
        }
    }

    pub fn content_type(self) -> &'static str {
        match self {
            ImageFormat::Png => "image/png",
            ImageFormat::Jpeg => "image/jpeg",
            ImageFormat::Svg => "image/svg+xml",
        }
    }
}

/// A file as it arrived: the bytes only. Its name and declared type are not kept on
/// purpose: nothing may depend on them.
#[derive(Clone)]
pub struct IncomingFile {
    pub bytes: Vec<u8>,
}

impl std::fmt::Debug for IncomingFile {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "IncomingFile({} bytes)", self.bytes.len())
    }
}

/// A stored, verified image.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredFile {
    pub id: String,
    /// Made by the server: `<uuid>.<ext>`.
    pub filename: String,
    pub format: ImageFormat,
    pub width: u32,
    pub height: u32,
    pub byte_size: u64,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MediaError {
    /// Not one of the allowed formats, or not an image at all.
    #[error("{0}")]
    UnsupportedType(String),
    /// Larger than allowed, in bytes or in pixels.
    #[error("{0}")]
    TooLarge(String),
    /// An allowed format whose content is broken or unsafe.
    #[error("{0}")]
    Invalid(String),
    #[error("could not store the file: {0}")]
    Storage(String),
}

/// Limits a caller sets per kind of upload.
#[derive(Debug, Clone, Copy)]
pub struct MediaRules {
    pub allowed: &'static [ImageFormat],
    pub max_bytes: usize,
    /// What the size message calls this upload, e.g. "Each image" or "The logo".
    pub label: &'static str,
}

pub trait MediaStore: Send + Sync {
    /// Checks the bytes (magic number, a real decode within pixel limits, SVG safety) and
    /// writes them under a server-made name.
    fn store(&self, file: &IncomingFile, rules: &MediaRules) -> Result<StoredFile, MediaError>;
    /// Removes a stored file and anything derived from it; a missing file is not an error.
    fn remove(&self, filename: &str);
    /// A file already in the store under a name it made (`<uuid>.<ext>`), checked as an upload
    /// would be, described for a new upload record (its id is the name's uuid); `None` when
    /// there is no such file. Used by the catalogue import to show files of a copied uploads
    /// folder. Stores without lookup find nothing.
    fn find(&self, filename: &str, rules: &MediaRules) -> Result<Option<StoredFile>, MediaError> {
        let _ = (filename, rules);
        Ok(None)
    }
}

/// Where the shop serves a stored file: the one place that knows the `/uploads` path. This
/// is the form that is kept (an order line keeps its picture's); answers go through
/// [`public_upload_url`] or [`public_url_of`].
pub fn upload_url(filename: &str) -> String {
    format!("/uploads/{filename}")
}

/// SHOP_UPLOADS_PUBLIC_URL (a CDN in front of the object store), without a trailing slash.
/// Configuration set once at start-up and the same on every instance, never changed while
/// serving; unset, answers keep the shop's own `/uploads/...` addresses.
static PUBLIC_UPLOADS: std::sync::OnceLock<String> = std::sync::OnceLock::new();

/// Makes answers point browsers at `base/<file name>`; false when a base was already set.
pub fn serve_uploads_from(base: &str) -> bool {
    PUBLIC_UPLOADS.set(base.trim_end_matches('/').to_owned()).is_ok()
}

/// The address a browser loads a stored file from.
pub fn public_upload_url(filename: &str) -> String {
    match PUBLIC_UPLOADS.get() {
        Some(base) => format!("{base}/{filename}"),
        None => upload_url(filename),
    }
}

/// The browser's address for an address [`upload_url`] made and something kept.
pub fn public_url_of(kept: &str) -> String {
    match kept.strip_prefix("/uploads/") {
        Some(filename) => public_upload_url(filename),
        None => kept.to_owned(),
    }
}

/// Widths of the thumbnails made beside every PNG or JPEG upload that is wider.
pub const THUMBNAIL_WIDTHS: [u32; 2] = [400, 800];

/// The thumbnails of a stored image, as (width, file name): `<uuid>-w400.jpg`, ... Only
/// for raster images wider than the thumbnail; SVG scales by itself.
pub fn thumbnails(filename: &str, width: u32) -> Vec<(u32, String)> {
    let Some((stem, ext)) = filename.rsplit_once('.') else { return Vec::new() };
    if !matches!(ext, "png" | "jpg") {
        return Vec::new();
    }
    THUMBNAIL_WIDTHS
        .iter()
        .filter(|w| **w < width)
        .map(|w| (*w, format!("{stem}-w{w}.jpg")))
        .collect()
}

/// For a thumbnail name, the stem of its original and the thumbnail width.
pub fn thumbnail_source(name: &str) -> Option<(&str, u32)> {
    let stem = name.strip_suffix(".jpg")?;
    let (uuid, width) = stem.rsplit_once("-w")?;
    let width: u32 = width.parse().ok()?;
    (THUMBNAIL_WIDTHS.contains(&width) && is_stored_name(name)).then_some((uuid, width))
}

/// True for names the media store makes (`<uuid>.<ext>`, or `<uuid>-w<width>.jpg` for a
/// thumbnail). Anything else (a path, `..`, another extension) is never served or removed.
pub fn is_stored_name(name: &str) -> bool {
    let Some((stem, ext)) = name.rsplit_once('.') else { return false };
    let (uuid, suffix) = match stem.split_once("-w") {
        Some((u, width)) if ext == "jpg" => (u, Some(width)),
        _ => (stem, None),
    };
    let uuid_ok = uuid.len() == 36 && uuid.chars().all(|c| c.is_ascii_hexdigit() || c == '-') && crate::ids::is_uuid(uuid);
    let suffix_ok = suffix.is_none_or(|w| !w.is_empty() && w.len() <= 5 && w.bytes().all(|b| b.is_ascii_digit()));
    uuid_ok && suffix_ok && matches!(ext, "png" | "jpg" | "svg" | "webp")
}

#[cfg(test)]
mod tests {
    use super::is_stored_name;

    #[test]
    fn only_server_made_names_pass() {
        assert!(is_stored_name("0b6f1c3e-4d2a-4f8e-9a51-7c2d9e0f1a2b.png"));
        assert!(is_stored_name("0b6f1c3e-4d2a-4f8e-9a51-7c2d9e0f1a2b-w400.jpg"));
        for bad in [
            "../etc/passwd",
            "0b6f1c3e-4d2a-4f8e-9a51-7c2d9e0f1a2b.html",
            "0b6f1c3e-4d2a-4f8e-9a51-7c2d9e0f1a2b/..png",
            "x.png",
            "0b6f1c3e-4d2a-4f8e-9a51-7c2d9e0f1a2b-w400.png",
            "0b6f1c3e-4d2a-4f8e-9a51-7c2d9e0f1a2b-w400.svg",
            "",
        ] {
            assert!(!is_stored_name(bad), "{bad}");
        }
    }

    #[test]
    fn thumbnails_are_named_after_their_original() {
        let name = "0b6f1c3e-4d2a-4f8e-9a51-7c2d9e0f1a2b.png";
        let thumbs = super::thumbnails(name, 1200);
        assert_eq!(thumbs, vec![
            (400, "0b6f1c3e-4d2a-4f8e-9a51-7c2d9e0f1a2b-w400.jpg".to_string()),
            (800, "0b6f1c3e-4d2a-4f8e-9a51-7c2d9e0f1a2b-w800.jpg".to_string()),
        ]);
        assert_eq!(super::thumbnails(name, 480).len(), 1);
        assert!(super::thumbnails(name, 300).is_empty());
        assert!(super::thumbnails("0b6f1c3e-4d2a-4f8e-9a51-7c2d9e0f1a2b.svg", 2000).is_empty());
        assert_eq!(super::thumbnail_source(&thumbs[1].1), Some(("0b6f1c3e-4d2a-4f8e-9a51-7c2d9e0f1a2b", 800)));
        assert_eq!(super::thumbnail_source("0b6f1c3e-4d2a-4f8e-9a51-7c2d9e0f1a2b-w500.jpg"), None);
    }
}
