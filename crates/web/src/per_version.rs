//! Values worked out from one catalogue version and kept until the next: a cached answer is
//! bytes, and working something out of it again (a page's first picture, its plain HTML) would
//! mean building the answer again. Bounded like the response cache, by count and by bytes:
//! when full it starts over (cheaper than a recency list; what is asked for often is back
//! after one request).

use std::collections::HashMap;
use std::sync::Mutex;

/// At most this many values per version.
const MAX_VALUES: usize = 4096;
/// At most this many bytes per version, unless a memo is made with its own budget.
const DEFAULT_BYTES: usize = 1 << 20;

pub struct PerVersion<T> {
    memo: Mutex<Memo<T>>,
    max_bytes: usize,
    /// The heap bytes a value holds besides its own size (its text, for a page).
    weigh: fn(&T) -> usize,
}

struct Memo<T> {
    version: u64,
    by_key: HashMap<String, T>,
    /// Keys, values and what the values hold, in bytes.
    bytes: usize,
}

impl<T> Memo<T> {
    fn new(version: u64) -> Memo<T> {
        Memo { version, by_key: HashMap::new(), bytes: 0 }
    }
}

impl<T> Default for PerVersion<T> {
    /// Small values (pictures' addresses): counted by key and size only.
    fn default() -> Self {
        PerVersion::weighed(DEFAULT_BYTES, |_| 0)
    }
}

impl<T> PerVersion<T> {
    /// A memo of at most `max_bytes`, counting what `weigh` says each value holds.
    pub fn weighed(max_bytes: usize, weigh: fn(&T) -> usize) -> Self {
        PerVersion { memo: Mutex::new(Memo::new(0)), max_bytes, weigh }
    }

    fn cost(&self, key: &str, value: &T) -> usize {
        key.len() + std::mem::size_of::<String>() + std::mem::size_of::<T>() + (self.weigh)(value)
    }

    /// Values kept now, and their bytes.
    pub fn held(&self) -> (usize, usize) {
        let memo = self.memo.lock().unwrap_or_else(|e| e.into_inner());
        (memo.by_key.len(), memo.bytes)
    }
}

impl<T: Clone> PerVersion<T> {
    /// Keeps `value` for `key` at `version` (unless a newer version is kept already, or the
    /// value alone is over the budget) and hands it back.
    pub fn keep(&self, version: u64, key: &str, value: T) -> T {
        let cost = self.cost(key, &value);
        let mut memo = self.memo.lock().unwrap_or_else(|e| e.into_inner());
        if memo.version > version || cost > self.max_bytes {
            return value;
        }
        if memo.version < version || memo.by_key.len() >= MAX_VALUES || memo.bytes + cost > self.max_bytes {
            *memo = Memo::new(version);
        }
        if let Some(old) = memo.by_key.insert(key.to_string(), value.clone()) {
            memo.bytes -= self.cost(key, &old);
        }
        memo.bytes += cost;
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

#[cfg(test)]
mod tests {
    use super::*;

    fn page(bytes: usize) -> String {
        "x".repeat(bytes)
    }

    #[test]
    fn a_memo_never_holds_more_than_its_byte_budget() {
        let memo: PerVersion<String> = PerVersion::weighed(10_000, String::len);
        for i in 0..100 {
            memo.keep(1, &format!("/shop?page={i}"), page(1_000));
            let (_, bytes) = memo.held();
            assert!(bytes <= 10_000, "{bytes} bytes held after {i} pages");
        }
        let (values, bytes) = memo.held();
        assert!((1..10).contains(&values), "far fewer than the 4,096 values the count allows: {values}");
        assert!(bytes > 1_000);
        // The latest page is kept: asked again, it is not made again.
        assert_eq!(memo.get_or(1, "/shop?page=99", || page(1)), page(1_000));
    }

    #[test]
    fn a_value_over_the_whole_budget_is_answered_not_kept() {
        let memo: PerVersion<String> = PerVersion::weighed(10_000, String::len);
        memo.keep(1, "/small", page(10));
        assert_eq!(memo.get_or(1, "/huge", || page(20_000)).len(), 20_000);
        assert_eq!(memo.get_or(1, "/huge", || page(5)).len(), 5, "not kept: made again");
        assert_eq!(memo.get_or(1, "/small", || page(1)).len(), 10, "what was kept stays");
    }

    #[test]
    fn replacing_a_value_counts_its_bytes_once() {
        let memo: PerVersion<String> = PerVersion::weighed(10_000, String::len);
        for _ in 0..50 {
            memo.keep(1, "/same", page(1_000));
        }
        let (values, bytes) = memo.held();
        assert_eq!(values, 1);
        assert!(bytes < 2_000, "{bytes}");
    }
}
