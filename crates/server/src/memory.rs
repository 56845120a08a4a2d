//! Giving memory back to the system after the catalogue is loaded.

/// Loading a large catalogue builds temporary tables (rows, per-product lists, lookup
/// maps) in between the entries that stay. glibc keeps the pages it gets back, so without
/// this the shop would sit at its loading peak for the rest of its life.
pub fn release_free_pages() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: malloc_trim only walks glibc's own free lists and takes no pointers.
    unsafe {
        libc::malloc_trim(0);
    }
}
