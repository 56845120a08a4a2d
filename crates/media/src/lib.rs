//! The local-disk media store. A file is accepted only when its bytes are a PNG or JPEG
//! that really decodes within pixel limits, or an SVG with nothing active in it. Its name
//! and declared type are never looked at.

mod svg;

use std::fs::{self, OpenOptions};
use std::io::{Cursor, Write};
use std::path::PathBuf;

use image::{ImageReader, Limits};
use kernel::{ImageFormat, IncomingFile, MediaError, MediaRules, MediaStore, StoredFile};

/// Largest width or height accepted, and largest pixel count: enough for any product
/// photo, small enough that decoding stays within a few hundred megabytes at worst.
pub const MAX_SIDE: u32 = 8000;
pub const MAX_PIXELS: u64 = 40_000_000;

pub struct LocalMediaStore {
    dir: PathBuf,
}

impl LocalMediaStore {
    pub fn new(dir: impl Into<PathBuf>) -> std::io::Result<Self> {
        let dir = dir.into();
        fs::create_dir_all(&dir)?;
        Ok(LocalMediaStore { dir })
    }
}

/// What the bytes say they are.
fn sniff(bytes: &[u8]) -> Option<ImageFormat> {
    if bytes.starts_with(b"\x89PNG\r\n\x1a\n") {
        Some(ImageFormat::Png)
    } else if bytes.starts_with(&[0xFF, 0xD8, 0xFF]) {
        Some(ImageFormat::Jpeg)
    } else if svg::looks_like_svg(bytes) {
        Some(ImageFormat::Svg)
    } else {
        None
    }
}

fn allowed_list(allowed: &[ImageFormat]) -> String {
    let names: Vec<&str> = allowed
        .iter()
        .map(|f| match f {
            ImageFormat::Png => "PNG",
            ImageFormat::Jpeg => "JPG and JPEG",
            ImageFormat::Svg => "SVG",
        })
        .collect();
    match names.split_last() {
        Some((last, [])) => last.to_string(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
        None => String::new(),
    }
    .replace("PNG and JPG and JPEG", "PNG, JPG and JPEG")
}

/// Reads the header for the size, refuses huge images before decoding them, then
/// decodes the whole image under an allocation limit to prove it is not damaged.
fn check_raster(bytes: &[u8], format: ImageFormat) -> Result<(u32, u32), MediaError> {
    let image_format = match format {
        ImageFormat::Png => image::ImageFormat::Png,
        _ => image::ImageFormat::Jpeg,
    };
    let damaged = || MediaError::Invalid("The image file is damaged and cannot be read".into());
    let (width, height) = ImageReader::with_format(Cursor::new(bytes), image_format)
        .into_dimensions()
        .map_err(|_| damaged())?;
    if width == 0 || height == 0 {
        return Err(damaged());
    }
    if width > MAX_SIDE || height > MAX_SIDE || u64::from(width) * u64::from(height) > MAX_PIXELS {
        return Err(MediaError::TooLarge(format!(
            "Images may be at most {MAX_SIDE} × {MAX_SIDE} pixels (this one is {width} × {height})"
        )));
    }
    let mut limits = Limits::default();
    limits.max_image_width = Some(MAX_SIDE);
    limits.max_image_height = Some(MAX_SIDE);
    limits.max_alloc = Some(MAX_PIXELS * 4 + 16 * 1024 * 1024);
    let mut reader = ImageReader::with_format(Cursor::new(bytes), image_format);
    reader.limits(limits);
    reader.decode().map_err(|_| damaged())?;
    Ok((width, height))
}

impl MediaStore for LocalMediaStore {
    fn store(&self, file: &IncomingFile, rules: &MediaRules) -> Result<StoredFile, MediaError> {
        let bytes = &file.bytes;
        if bytes.len() > rules.max_bytes {
            return Err(MediaError::TooLarge(format!(
                "{} must be at most {} MB",
                rules.label,
                rules.max_bytes / (1024 * 1024)
            )));
        }
        let unsupported = || MediaError::UnsupportedType(format!("Only {} images are allowed", allowed_list(rules.allowed)));
        let format = sniff(bytes).filter(|f| rules.allowed.contains(f)).ok_or_else(unsupported)?;
        let (width, height) = match format {
            ImageFormat::Svg => svg::check(bytes)?,
            raster => check_raster(bytes, raster)?,
        };
        let id = kernel::new_id();
        let filename = format!("{id}.{}", format.extension());
        let path = self.dir.join(&filename);
        let storage = |e: std::io::Error| MediaError::Storage(e.to_string());
        let mut out = OpenOptions::new().write(true).create_new(true).open(&path).map_err(storage)?;
        if let Err(e) = out.write_all(bytes).and_then(|()| out.sync_all()) {
            let _ = fs::remove_file(&path);
            return Err(storage(e));
        }
        Ok(StoredFile { id, filename, format, width, height, byte_size: bytes.len() as u64 })
    }

    fn remove(&self, filename: &str) {
        if !kernel::is_stored_name(filename) {
            tracing::warn!(filename, "refusing to remove a file the media store did not make");
            return;
        }
        if let Err(e) = fs::remove_file(self.dir.join(filename)) {
            if e.kind() != std::io::ErrorKind::NotFound {
                tracing::warn!(filename, error = %e, "could not remove an upload");
            }
        }
    }
}

#[cfg(test)]
mod tests;
