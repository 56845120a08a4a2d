//! Hands the memory a catalogue build freed back to the system, called by the catalogue
//! after each full load and search-engine build (a system concern, so it lives here and not
//! in the catalogue's domain, which depends on no system library). Loading 100,000 products
//! frees as much as it keeps (rows, maps by product id, the vocabulary's word list), spread
//! over the arenas of the threads that built it; glibc's malloc keeps it resident, and the
//! threads that serve requests cannot reuse another arena's free memory, so without this
//! it stays in the shop's RSS for good (docs/SEARCH.md, "Memory").

/// Releases the free pages of every malloc arena (glibc's `malloc_trim`); nothing elsewhere.
pub fn give_back() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: `malloc_trim` takes no pointer and only returns free memory to the system;
    // glibc allows it from any thread at any time.
    unsafe {
        libc::malloc_trim(0);
    }
}
