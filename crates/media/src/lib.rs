//! The media store: a file is accepted only when its bytes are a PNG or JPEG that really
//! decodes within pixel limits, or an SVG with nothing active in it. Its name and declared
//! type are never looked at. Accepted files and their thumbnails go through the storage
//! port [`Blobs`]: the local folder or S3-compatible object storage.

pub mod blobs;
mod svg;

use std::io::Cursor;
use std::path::PathBuf;
use std::sync::Arc;

pub use blobs::{Blobs, LocalBlobs, ObjectBlobs};

use image::{DynamicImage, ImageReader, Limits};
use kernel::{ImageFormat, IncomingFile, MediaError, MediaRules, MediaStore, StoredFile};

/// Largest width or height accepted, and largest pixel count (25 megapixels): enough for
/// any product photo, small enough that one decode needs at most about 100 MB.
pub const MAX_SIDE: u32 = 8000;
pub const MAX_PIXELS: u64 = 25_000_000;

/// How many images are decoded at once in this process (uploads and thumbnails made on
/// demand alike); the others wait. Ten large uploads at once then cost the memory of two.
const DECODES_AT_ONCE: usize = 2;
static DECODES: async_lock::Semaphore = async_lock::Semaphore::new(DECODES_AT_ONCE);

/// The media store over one [`Blobs`] adapter.
pub struct MediaFiles {
    blobs: Arc<dyn Blobs>,
}

/// The media store on the local folder (the default).
pub type LocalMediaStore = MediaFiles;

impl MediaFiles {
    /// On the local folder `dir` (created when missing).
    pub fn new(dir: impl Into<PathBuf>) -> std::io::Result<Self> {
        Ok(MediaFiles { blobs: Arc::new(LocalBlobs::new(dir)?) })
    }

    /// On any storage adapter.
    pub fn on(blobs: Arc<dyn Blobs>) -> Self {
        MediaFiles { blobs }
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

/// A decoded image holding one of the few decoding places: its pixels, and the thumbnails
/// made from them, count against [`DECODES_AT_ONCE`] until it is dropped.
struct Decoded {
    image: DynamicImage,
    _place: async_lock::SemaphoreGuard<'static>,
}

/// Reads the header for the size, refuses huge images before decoding them, then waits for
/// a decoding place and decodes the whole image under an allocation limit to prove it is
/// not damaged.
fn check_raster(bytes: &[u8], format: ImageFormat) -> Result<Decoded, MediaError> {
    let image_format = match format {
        ImageFormat::Png => image::ImageFormat::Png,
        _ => image::ImageFormat::Jpeg,
    };
    let damaged = || MediaError::Invalid("The image file is damaged and cannot be read".into());
    if format == ImageFormat::Jpeg && !jpeg_reaches_its_end(bytes) {
        return Err(damaged());
    }
    let (width, height) = ImageReader::with_format(Cursor::new(bytes), image_format)
        .into_dimensions()
        .map_err(|_| damaged())?;
    if width == 0 || height == 0 {
        return Err(damaged());
    }
    let pixels = u64::from(width) * u64::from(height);
    if width > MAX_SIDE || height > MAX_SIDE || pixels > MAX_PIXELS {
        return Err(MediaError::TooLarge(format!(
            "Images may be at most {} megapixels and {MAX_SIDE} pixels on a side (this one is {width} × {height}, {:.1} megapixels)",
            MAX_PIXELS / 1_000_000,
            pixels as f64 / 1_000_000.0
        )));
    }
    let mut limits = Limits::default();
    limits.max_image_width = Some(MAX_SIDE);
    limits.max_image_height = Some(MAX_SIDE);
    limits.max_alloc = Some(MAX_PIXELS * 4 + 16 * 1024 * 1024);
    let mut reader = ImageReader::with_format(Cursor::new(bytes), image_format);
    reader.limits(limits);
    let place = DECODES.acquire_blocking();
    let image = reader.decode().map_err(|_| damaged())?;
    Ok(Decoded { image, _place: place })
}

/// Whether a JPEG's last scan is followed by its end-of-image marker. The decoder fills a
/// file cut short with grey rather than failing; scan data never holds `FF D9` (an `FF` in it
/// is followed by `00` or a restart marker), so a cut file has no end marker after its last
/// start-of-scan. Bytes a camera appends after the end are allowed.
fn jpeg_reaches_its_end(bytes: &[u8]) -> bool {
    let last_scan = bytes.windows(2).rposition(|m| m == [0xFF, 0xDA]);
    last_scan.is_some_and(|at| bytes[at..].windows(2).any(|m| m == [0xFF, 0xD9]))
}

/// Writes the JPEG thumbnails of an image; on failure removes those already written.
fn write_thumbnails(blobs: &dyn Blobs, filename: &str, image: &DynamicImage) -> Result<(), MediaError> {
    let mut written = Vec::new();
    for (width, name) in kernel::thumbnails(filename, image.width()) {
        match thumbnail(image, width).and_then(|bytes| blobs.put(&name, &bytes)) {
            Ok(()) => written.push(name),
            Err(e) => {
                for done in written {
                    let _ = blobs.delete(&done);
                }
                return Err(MediaError::Storage(e));
            }
        }
    }
    Ok(())
}

/// The JPEG thumbnail of `image`, `width` pixels wide.
fn thumbnail(image: &DynamicImage, width: u32) -> Result<Vec<u8>, String> {
    let height = (u64::from(image.height()) * u64::from(width) / u64::from(image.width().max(1))).max(1) as u32;
    // Thumbnails are JPEG: photos compress far better than in lossless formats. A
    // transparent PNG is flattened onto white. Area averaging needs no buffer the size of
    // the original (a filtered resize would add one in 32-bit floats).
    let small = image.thumbnail_exact(width, height);
    let mut canvas = image::RgbImage::from_pixel(width, height, image::Rgb([255, 255, 255]));
    for (x, y, px) in small.to_rgba8().enumerate_pixels() {
        let alpha = u16::from(px[3]);
        let blend = |c: u8| ((u16::from(c) * alpha + 255 * (255 - alpha)) / 255) as u8;
        canvas.put_pixel(x, y, image::Rgb([blend(px[0]), blend(px[1]), blend(px[2])]));
    }
    let mut bytes = Vec::new();
    image::codecs::jpeg::JpegEncoder::new_with_quality(&mut bytes, 82)
        .encode_image(&canvas)
        .map_err(|e| e.to_string())?;
    Ok(bytes)
}

/// Makes a missing thumbnail from its original (for images stored before thumbnails
/// existed). Returns true when the thumbnail exists afterwards.
pub fn ensure_thumbnail(blobs: &dyn Blobs, name: &str) -> bool {
    if matches!(blobs.get(name), Ok(Some(_))) {
        return true;
    }
    let Some((stem, width)) = kernel::thumbnail_source(name) else { return false };
    let original = [("png", ImageFormat::Png), ("jpg", ImageFormat::Jpeg)]
        .into_iter()
        .find_map(|(ext, format)| blobs.get(&format!("{stem}.{ext}")).ok().flatten().map(|bytes| (bytes, format)));
    let Some((bytes, format)) = original else { return false };
    match check_raster(&bytes, format) {
        Ok(decoded) if decoded.image.width() > width => {
            thumbnail(&decoded.image, width).and_then(|small| blobs.put(name, &small)).is_ok()
        }
        _ => false,
    }
}

impl MediaFiles {
    /// The storage adapter (the `/uploads` route serves from it).
    pub fn blobs(&self) -> Arc<dyn Blobs> {
        self.blobs.clone()
    }
}

impl MediaStore for MediaFiles {
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
        let (width, height, decoded) = match format {
            ImageFormat::Svg => {
                let (w, h) = svg::check(bytes)?;
                (w, h, None)
            }
            raster => {
                let decoded = check_raster(bytes, raster)?;
                (decoded.image.width(), decoded.image.height(), Some(decoded))
            }
        };
        let id = kernel::new_id();
        let filename = format!("{id}.{}", format.extension());
        self.blobs.put(&filename, bytes).map_err(MediaError::Storage)?;
        if let Some(decoded) = &decoded {
            if let Err(e) = write_thumbnails(self.blobs.as_ref(), &filename, &decoded.image) {
                let _ = self.blobs.delete(&filename);
                return Err(e);
            }
        }
        Ok(StoredFile { id, filename, format, width, height, byte_size: bytes.len() as u64 })
    }

    fn find(&self, filename: &str, rules: &MediaRules) -> Result<Option<StoredFile>, MediaError> {
        // Originals only: a thumbnail's name (`-w400`) is not a picture of its own.
        let Some((id, _)) = filename.rsplit_once('.').filter(|(stem, _)| kernel::is_stored_name(filename) && !stem.contains("-w")) else {
            return Ok(None);
        };
        let Some(bytes) = self.blobs.get(filename).map_err(MediaError::Storage)? else { return Ok(None) };
        let unsupported = || MediaError::UnsupportedType(format!("Only {} images are allowed", allowed_list(rules.allowed)));
        let format = sniff(&bytes).filter(|f| rules.allowed.contains(f)).ok_or_else(unsupported)?;
        let (width, height) = match format {
            ImageFormat::Svg => svg::check(&bytes)?,
            raster => {
                let decoded = check_raster(&bytes, raster)?;
                (decoded.image.width(), decoded.image.height())
            }
        };
        Ok(Some(StoredFile { id: id.to_string(), filename: filename.to_string(), format, width, height, byte_size: bytes.len() as u64 }))
    }

    fn remove(&self, filename: &str) {
        if !kernel::is_stored_name(filename) {
            tracing::warn!(filename, "refusing to remove a file the media store did not make");
            return;
        }
        let thumbs = kernel::THUMBNAIL_WIDTHS.iter().map(|w| {
            let stem = filename.rsplit_once('.').map_or(filename, |(s, _)| s);
            format!("{stem}-w{w}.jpg")
        });
        for name in std::iter::once(filename.to_string()).chain(thumbs) {
            if let Err(e) = self.blobs.delete(&name) {
                tracing::warn!(filename = %name, error = %e, "could not remove an upload");
            }
        }
    }
}

#[cfg(test)]
mod tests;
