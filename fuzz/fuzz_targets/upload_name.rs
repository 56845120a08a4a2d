//! A name the uploads folder accepts can never leave it or name another kind of file.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|name: &str| {
    if kernel::is_stored_name(name) {
        assert!(!name.contains('/') && !name.contains('\\') && !name.contains(".."));
        assert!(name.is_ascii());
        let ext = name.rsplit('.').next().unwrap_or("");
        assert!(matches!(ext, "png" | "jpg" | "svg" | "webp"));
    }
    if let Some((stem, width)) = kernel::thumbnail_source(name) {
        assert!(kernel::THUMBNAIL_WIDTHS.contains(&width));
        assert!(kernel::is_uuid(stem));
    }
});
