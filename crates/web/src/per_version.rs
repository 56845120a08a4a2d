//! Values worked out from one catalogue version and kept until the next: a cached answer is
//! bytes, and working something out of it again (a page's first picture, its plain HTML) would
//! mean building the answer again. Bounded like the response cache: when full it starts over.

use std::collections::HashMap;
use std::sync::Mutex;

/// At most this many values per version.
const MAX_VALUES: usize = 4096;

pub struct PerVersion<T> {
    memo: Mutex<Memo<T>>,
}

struct Memo<T> {
    version: u64,
    by_key: HashMap<String, T>,
}

impl<T> Default for PerVersion<T> {
    fn default() -> Self {
        PerVersion { memo: Mutex::new(Memo { version: 0, by_key: HashMap::new() }) }
    }
}

impl<T: Clone> PerVersion<T> {
    /// Keeps `value` for `key` at `version` (unless a newer version is kept already) and
    /// hands it back.
    pub fn keep(&self, version: u64, key: &str, value: T) -> T {
        let mut memo = self.memo.lock().unwrap_or_else(|e| e.into_inner());
        if memo.version > version {
            return value;
        }
        if memo.version < version || memo.by_key.len() >= MAX_VALUES {
            *memo = Memo { version, by_key: HashMap::new() };
        }
        memo.by_key.insert(key.to_string(), value.clone());
        value
    }

    /// The value kept for `key` at `version`, or `make`'s (then kept).
    pub fn get_or(&self, version: u64, key: &str, make: impl FnOnce() -> T) -> T {
        {
            let memo = self.memo.lock().unwrap_or_else(|e| e.into_inner());
            if memo.version == version {
                if let Some(value) = memo.by_key.get(key) {
                    return value.clone();
                }
            }
        }
        self.keep(version, key, make())
    }
}
