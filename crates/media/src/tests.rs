use std::io::Cursor;

use image::{ImageBuffer, Rgb};
use kernel::{ImageFormat, IncomingFile, MediaError, MediaRules, MediaStore};

use super::LocalMediaStore;

const PHOTOS: MediaRules = MediaRules { allowed: &[ImageFormat::Png, ImageFormat::Jpeg], max_bytes: 5 * 1024 * 1024, label: "Each image" };
const LOGO: MediaRules = MediaRules { allowed: &[ImageFormat::Png, ImageFormat::Jpeg, ImageFormat::Svg], max_bytes: 2 * 1024 * 1024, label: "The logo" };

pub fn encoded(width: u32, height: u32, format: image::ImageFormat) -> Vec<u8> {
    let img = ImageBuffer::from_fn(width, height, |x, y| Rgb([(x % 256) as u8, (y % 256) as u8, 128]));
    let mut out = Cursor::new(Vec::new());
    img.write_to(&mut out, format).unwrap();
    out.into_inner()
}

/// A tiny PNG whose header claims 50000 × 50000 pixels (with a valid checksum).
fn png_claiming_huge_size() -> Vec<u8> {
    png_claiming(50_000, 50_000)
}

/// A tiny PNG whose header claims the given size (with a valid checksum).
fn png_claiming(width: u32, height: u32) -> Vec<u8> {
    let mut png = encoded(2, 2, image::ImageFormat::Png);
    // IHDR data starts at byte 16: width (4), height (4); its CRC follows the 13 data bytes.
    png[16..20].copy_from_slice(&width.to_be_bytes());
    png[20..24].copy_from_slice(&height.to_be_bytes());
    let crc = crc32fast::hash(&png[12..29]);
    png[29..33].copy_from_slice(&crc.to_be_bytes());
    png
}

fn store() -> (tempfile::TempDir, LocalMediaStore) {
    let dir = tempfile::tempdir().unwrap();
    let store = LocalMediaStore::new(dir.path()).unwrap();
    (dir, store)
}

fn files_in(dir: &tempfile::TempDir) -> usize {
    std::fs::read_dir(dir.path()).map(|d| d.count()).unwrap_or(0)
}

#[test]
fn real_png_and_jpeg_are_stored_under_server_made_names() {
    let (dir, store) = store();
    for (format, ext) in [(image::ImageFormat::Png, "png"), (image::ImageFormat::Jpeg, "jpg")] {
        let stored = store.store(&IncomingFile { bytes: encoded(40, 30, format) }, &PHOTOS).unwrap();
        assert_eq!((stored.width, stored.height), (40, 30));
        assert!(stored.filename.ends_with(ext) && kernel::is_stored_name(&stored.filename));
        assert!(dir.path().join(&stored.filename).is_file());
        store.remove(&stored.filename);
        assert!(!dir.path().join(&stored.filename).exists());
    }
}

#[test]
fn content_decides_not_the_name() {
    let (dir, store) = store();
    let html = IncomingFile { bytes: b"<html><script>alert(1)</script></html>".to_vec() };
    assert_eq!(store.store(&html, &PHOTOS), Err(MediaError::UnsupportedType("Only PNG, JPG and JPEG images are allowed".into())));
    let mut truncated = encoded(40, 30, image::ImageFormat::Png);
    truncated.truncate(truncated.len() / 2);
    assert!(matches!(store.store(&IncomingFile { bytes: truncated }, &PHOTOS), Err(MediaError::Invalid(_))));
    let gif = IncomingFile { bytes: b"GIF89a\x01\x00\x01\x00".to_vec() };
    assert!(matches!(store.store(&gif, &PHOTOS), Err(MediaError::UnsupportedType(_))));
    assert_eq!(files_in(&dir), 0, "nothing refused reaches the disk");
}

/// A JPEG cut short (an upload that broke off) decodes leniently into a grey band: it is
/// refused like a cut PNG, at every length; a whole JPEG with bytes after its end passes.
#[test]
fn a_truncated_jpeg_is_damaged() {
    let (dir, store) = store();
    let whole = encoded(120, 90, image::ImageFormat::Jpeg);
    for cut in [whole.len() / 4, whole.len() / 2, whole.len() - 2] {
        let refused = store.store(&IncomingFile { bytes: whole[..cut].to_vec() }, &PHOTOS);
        assert_eq!(refused, Err(MediaError::Invalid("The image file is damaged and cannot be read".into())), "cut at {cut}");
    }
    assert_eq!(files_in(&dir), 0);
    let mut trailing = whole.clone();
    trailing.extend_from_slice(b"\0\0camera trailer");
    assert!(store.store(&IncomingFile { bytes: trailing }, &PHOTOS).is_ok());
}

#[test]
fn huge_dimensions_are_refused_before_decoding() {
    let (dir, store) = store();
    let result = store.store(&IncomingFile { bytes: png_claiming_huge_size() }, &PHOTOS);
    assert!(matches!(&result, Err(MediaError::TooLarge(m)) if m.contains("50000")), "{result:?}");
    // 25 megapixels is the cap: just above is refused with the limit named, at the cap the
    // header passes (this one then fails to decode: it only claims the size).
    let above = store.store(&IncomingFile { bytes: png_claiming(5001, 5000) }, &PHOTOS);
    assert_eq!(above, Err(MediaError::TooLarge("Images may be at most 25 megapixels and 8000 pixels on a side (this one is 5001 × 5000, 25.0 megapixels)".into())));
    assert!(matches!(store.store(&IncomingFile { bytes: png_claiming(5000, 5000) }, &PHOTOS), Err(MediaError::Invalid(_))));
    assert!(matches!(store.store(&IncomingFile { bytes: png_claiming(8001, 100) }, &PHOTOS), Err(MediaError::TooLarge(_))));
    let oversized = IncomingFile { bytes: vec![0u8; 5 * 1024 * 1024 + 1] };
    assert_eq!(store.store(&oversized, &PHOTOS), Err(MediaError::TooLarge("Each image must be at most 5 MB".into())));
    assert_eq!(files_in(&dir), 0);
}

#[test]
fn svg_logos_must_be_inert() {
    let (_dir, store) = store();
    let clean = br##"<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40"><rect width="120" height="40" fill="#c00"/><path d="M0 0L10 10" fill="url(#g)"/></svg>"##;
    let stored = store.store(&IncomingFile { bytes: clean.to_vec() }, &LOGO).unwrap();
    assert_eq!((stored.format, stored.width, stored.height), (ImageFormat::Svg, 120, 40));
    let hostile: [&[u8]; 6] = [
        br#"<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>"#,
        br#"<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>"#,
        br#"<svg xmlns="http://www.w3.org/2000/svg"><a href="javascript:alert(1)"><text>x</text></a></svg>"#,
        br#"<svg xmlns="http://www.w3.org/2000/svg"><image href="https://evil.example/x.png"/></svg>"#,
        br#"<svg xmlns="http://www.w3.org/2000/svg"><rect style="fill:url(https://evil.example/x)"/></svg>"#,
        br#"<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg>&x;</svg>"#,
    ];
    for svg in hostile {
        let result = store.store(&IncomingFile { bytes: svg.to_vec() }, &LOGO);
        assert!(matches!(result, Err(MediaError::Invalid(_))), "{}", String::from_utf8_lossy(svg));
    }
    // SVG is only for logos.
    assert!(matches!(store.store(&IncomingFile { bytes: clean.to_vec() }, &PHOTOS), Err(MediaError::UnsupportedType(_))));
}

#[test]
fn remove_ignores_names_it_did_not_make() {
    let (dir, store) = store();
    let outside = dir.path().join("keep.txt");
    std::fs::write(&outside, b"x").unwrap();
    store.remove("keep.txt");
    store.remove("../keep.txt");
    assert!(outside.exists());
}

#[test]
fn wide_images_get_jpeg_thumbnails_which_go_with_them() {
    let (dir, store) = store();
    for format in [image::ImageFormat::Png, image::ImageFormat::Jpeg] {
        let stored = store.store(&IncomingFile { bytes: encoded(1000, 500, format) }, &PHOTOS).unwrap();
        let thumbs = kernel::thumbnails(&stored.filename, stored.width);
        assert_eq!(thumbs.len(), 2);
        for (width, name) in &thumbs {
            let bytes = std::fs::read(dir.path().join(name)).unwrap_or_else(|e| panic!("{name}: {e}"));
            let thumb = image::load_from_memory(&bytes).unwrap();
            assert_eq!((thumb.width(), thumb.height()), (*width, width / 2));
            assert_eq!(image::guess_format(&bytes).ok(), Some(image::ImageFormat::Jpeg));
        }
        store.remove(&stored.filename);
    }
    assert_eq!(files_in(&dir), 0, "thumbnails are removed with their original");
    // A small image has no thumbnail.
    let small = store.store(&IncomingFile { bytes: encoded(300, 300, image::ImageFormat::Png) }, &PHOTOS).unwrap();
    assert!(kernel::thumbnails(&small.filename, small.width).is_empty());
    assert_eq!(files_in(&dir), 1);
}

#[test]
fn a_missing_thumbnail_is_made_on_demand() {
    let (dir, store) = store();
    let stored = store.store(&IncomingFile { bytes: encoded(900, 300, image::ImageFormat::Png) }, &PHOTOS).unwrap();
    let (_, name) = kernel::thumbnails(&stored.filename, stored.width).remove(1);
    std::fs::remove_file(dir.path().join(&name)).unwrap();
    let folder = super::LocalBlobs::new(dir.path()).unwrap();
    assert!(super::ensure_thumbnail(&folder, &name));
    assert!(dir.path().join(&name).is_file());
    assert!(!super::ensure_thumbnail(&folder, "../../etc/passwd-w400.jpg"));
}

fn refusal(svg: &str) -> String {
    let (_dir, store) = store();
    match store.store(&IncomingFile { bytes: svg.as_bytes().to_vec() }, &LOGO) {
        Err(MediaError::Invalid(message)) => message,
        other => panic!("{svg} was not refused as invalid: {other:?}"),
    }
}

#[test]
fn svg_logos_are_parsed_and_only_allowed_features_pass() {
    let (_dir, store) = store();
    let ns = r#"xmlns="http://www.w3.org/2000/svg""#;
    let accepted = [
        format!(r##"<svg {ns} xml:space="preserve" width="10.5px" height="20"><defs><linearGradient id="a"/></defs><rect data-name="box" fill="url( '#a' )" style="fill: rgb(1, 2, 3); width: calc((10px + 2px) * 2)"/></svg>"##),
        format!(r##"<svg {ns} xmlns:xlink="http://www.w3.org/1999/xlink"><path id="p" d="M0 0"/><use xlink:href="#p"/><use href="#p"/><style><![CDATA[ .a {{ fill: #fff }} /* url(http://x) in a comment */ ]]></style></svg>"##),
    ];
    let dims: Vec<(u32, u32)> = accepted
        .iter()
        .map(|svg| store.store(&IncomingFile { bytes: svg.as_bytes().to_vec() }, &LOGO).map(|s| (s.width, s.height)).unwrap_or_else(|e| panic!("{svg}: {e}")))
        .collect();
    assert_eq!(dims, vec![(10, 20), (0, 0)]);

    let cases = [
        (format!(r#"<svg {ns} xmlns:i="http://ns.adobe.com/Extensibility/1.0/"><rect i:extraneous="self"/></svg>"#), "<rect> has the attribute i:extraneous"),
        (format!(r#"<svg {ns}><sodipodi:namedview xmlns:sodipodi="http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd"/></svg>"#), "it contains <sodipodi:namedview>"),
        (format!(r#"<svg {ns}><rect style="background: image-set('https://evil.example/x.png' 1x)"/></svg>"#), "the style of <rect> calls image-set()"),
        (format!(r#"<svg {ns}><rect style="fill: u\72l(https://evil.example/x)"/></svg>"#), "the style of <rect> uses escapes"),
        (format!(r#"<svg {ns}><style>@font-face {{ font-family: x; src: local(x) }}</style></svg>"#), "its <style> element uses an at-rule"),
        (format!(r#"<svg {ns}><style><g/></style></svg>"#), "its <style> element holds more than text"),
        (format!(r#"<svg {ns}><use href="data:image/svg+xml,&lt;svg/&gt;"/></svg>"#), "<use> points outside the file (data:image/svg+xml,<svg/>)"),
        (format!(r#"<svg {ns}><a xlink:href="javascript&#58;alert(1)" xmlns:xlink="http://www.w3.org/1999/xlink"/></svg>"#), "it contains <a>"),
        (format!(r#"<svg {ns}><set attributeName="fill" to="red"/></svg>"#), "it contains <set>"),
        (r#"<svg><rect/></svg>"#.to_string(), "its root element must be <svg xmlns="),
        (format!(r#"<svg {ns}><rect ONLOAD="alert(1)"/></svg>"#), "<rect> has the attribute ONLOAD"),
    ];
    for (svg, named) in cases {
        let message = refusal(&svg);
        assert!(message.starts_with("This SVG cannot be used as a logo: ") && message.contains(named), "{svg}: {message}");
    }
    assert_eq!(refusal(&format!("<svg {ns}><rect></svg>")), "The SVG file is damaged and cannot be read");
}

/// Uploads and their thumbnails go through the port to `blobs`, and leave with their image.
fn uploads_and_thumbnails_go_through(blobs: std::sync::Arc<dyn super::Blobs>) {
    let store = super::MediaFiles::on(blobs.clone());
    let bytes = encoded(1000, 500, image::ImageFormat::Png);
    let stored = store.store(&IncomingFile { bytes: bytes.clone() }, &PHOTOS).unwrap();
    assert_eq!(blobs.get(&stored.filename), Ok(Some(bytes)));
    let thumbs = kernel::thumbnails(&stored.filename, 1000);
    assert_eq!(thumbs.len(), 2);
    for (_, name) in &thumbs {
        assert!(matches!(blobs.get(name), Ok(Some(b)) if b.starts_with(&[0xFF, 0xD8, 0xFF])), "{name} is a JPEG in the store");
    }
    store.remove(&stored.filename);
    assert_eq!(blobs.get(&stored.filename), Ok(None));
    assert!(thumbs.iter().all(|(_, name)| blobs.get(name) == Ok(None)), "thumbnails go with their image");
}

#[test]
fn uploads_and_thumbnails_go_to_the_storage_port() {
    uploads_and_thumbnails_go_through(std::sync::Arc::new(
        super::ObjectBlobs::new(std::sync::Arc::new(object_store::memory::InMemory::new()), "").unwrap(),
    ));
    let dir = tempfile::tempdir().unwrap();
    uploads_and_thumbnails_go_through(std::sync::Arc::new(super::LocalBlobs::new(dir.path()).unwrap()));
}

/// On a real S3-compatible server when `SHOP_TEST_S3_URL` (`s3://BUCKET[/PREFIX]`, with
/// the `AWS_*` variables) names one: `make scale-test` runs it against moto's server.
#[test]
fn uploads_and_thumbnails_go_to_an_s3_server() {
    let Some(url) = super::blobs::tests::s3_test_url() else {
        eprintln!("SHOP_TEST_S3_URL is not set: no S3 server to test against");
        return;
    };
    uploads_and_thumbnails_go_through(std::sync::Arc::new(super::ObjectBlobs::from_url(&url).unwrap()));
}
