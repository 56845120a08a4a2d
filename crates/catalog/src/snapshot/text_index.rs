//! Which products' texts can hold a word: the products per three-byte piece (trigram) of
//! their lower-case text. A text holding a word holds each of its trigrams, so intersecting
//! the word's trigram sets gives a few candidates that search then tests as before (a
//! substring of the text): the answer is the same, and a search reads the texts of the
//! candidates only, not of every product.

use std::collections::HashMap;

use roaring::RoaringBitmap;

use super::compact::Entry;

#[derive(Debug, Default)]
pub struct TextIndex {
    /// Each trigram (its three bytes in a `u32`) with the position of its set.
    ids: HashMap<u32, u32, rustc_hash::FxBuildHasher>,
    sets: Vec<RoaringBitmap>,
}

fn key(piece: &[u8]) -> u32 {
    piece.iter().fold(0, |k, b| k << 8 | u32::from(*b))
}

fn folded_key(piece: &[u8]) -> u32 {
    piece.iter().fold(0, |k, b| k << 8 | u32::from(b.to_ascii_lowercase()))
}

impl TextIndex {
    /// The index of these entries' texts, by position.
    pub fn of<'a>(entries: impl Iterator<Item = &'a Entry>) -> TextIndex {
        let mut index = TextIndex::default();
        let mut pieces: Vec<u32> = Vec::new();
        // Postings are gathered as plain lists for a block of positions and then added to
        // the sets in one go (appending to a roaring bitmap one value at a time is slow).
        let mut block: Vec<Vec<u32>> = Vec::new();
        let block_size = u32::try_from(super::listing_index::Pieces::current().block).unwrap_or(u32::MAX);
        let mut block_end = block_size;
        for (p, entry) in entries.enumerate() {
            let Ok(p) = u32::try_from(p) else { break };
            if p >= block_end {
                index.add_block(&mut block);
                block_end = block_end.saturating_add(block_size);
            }
            // Each trigram of a text once: one lookup per distinct trigram, not per byte.
            pieces.clear();
            // ASCII letters folded: the pieces of the text lower-cased (see `Entry::search_text`).
            pieces.extend(entry.search_text().as_bytes().windows(3).map(folded_key));
            pieces.sort_unstable();
            pieces.dedup();
            for piece in &pieces {
                let next = u32::try_from(index.sets.len()).unwrap_or(u32::MAX);
                let id = *index.ids.entry(*piece).or_insert(next) as usize;
                if id == index.sets.len() {
                    index.sets.push(RoaringBitmap::new());
                }
                if block.len() <= id {
                    block.resize_with(id + 1, Vec::new);
                }
                block[id].push(p);
            }
        }
        index.add_block(&mut block);
        index
    }

    fn add_block(&mut self, block: &mut [Vec<u32>]) {
        for (set, list) in self.sets.iter_mut().zip(block.iter_mut()) {
            if !list.is_empty() {
                *set |= RoaringBitmap::from_sorted_iter(list.drain(..)).unwrap_or_default();
            }
        }
    }

    /// Roughly how many bytes the index holds (figures only).
    pub fn approximate_bytes(&self) -> usize {
        self.sets.iter().map(RoaringBitmap::serialized_size).sum::<usize>() + self.ids.capacity() * 12 + self.sets.capacity() * 32
    }

    /// The products whose text may hold `word`: `None` when the word is too short to say
    /// (under three bytes: every product may).
    pub fn may_hold(&self, word: &str) -> Option<RoaringBitmap> {
        let bytes = word.as_bytes();
        if bytes.len() < 3 {
            return None;
        }
        let mut sets = Vec::with_capacity(bytes.len() - 2);
        for piece in bytes.windows(3) {
            match self.ids.get(&key(piece)).and_then(|id| self.sets.get(*id as usize)) {
                Some(set) => sets.push(set),
                None => return Some(RoaringBitmap::new()),
            }
        }
        sets.sort_by_key(|s| s.len());
        let mut found = sets.first().map(|s| (*s).clone()).unwrap_or_default();
        for set in sets.iter().skip(1) {
            if found.is_empty() {
                break;
            }
            found &= *set;
        }
        Some(found)
    }

    /// The products whose text may hold, for every word, one of its alternatives; `None`
    /// when no word narrows anything.
    pub fn may_match<'a, W, A>(&self, words: W) -> Option<RoaringBitmap>
    where
        W: Iterator<Item = A>,
        A: Iterator<Item = &'a str>,
    {
        let mut found: Option<RoaringBitmap> = None;
        'words: for alternatives in words {
            let mut any = RoaringBitmap::new();
            for alternative in alternatives {
                match self.may_hold(alternative) {
                    Some(set) => any |= set,
                    // A short alternative may be anywhere: this word narrows nothing.
                    None => continue 'words,
                }
            }
            found = Some(match found {
                Some(f) => f & any,
                None => any,
            });
        }
        found
    }
}
