//! What a shopper's words mean against the catalogue: each word with its spelling variants
//! (synonyms such as saree/sari) and, for longer words, the catalogue's own words within one
//! or two typing mistakes (insert, delete, substitute, or two neighbours swapped).
//!
//! The catalogue's words live in a finite-state set ([`Vocabulary`], `fst`), and the
//! mistakes are found by intersecting it with a Levenshtein automaton
//! (`levenshtein_automata`, the matcher Tantivy uses), so a misspelt word costs a walk of
//! the automaton, not a comparison with every product. Matching a product stays a substring
//! test of its lower-case text (ASCII letters folded per compare, see [`holds`]), so a word
//! typed half-way ("kur") still finds "kurta".

mod hindi;

use std::borrow::Cow;
use std::collections::BTreeMap;
use std::sync::OnceLock;

use fst::{IntoStreamer, Map, Streamer};
use levenshtein_automata::LevenshteinAutomatonBuilder;

/// The spelling variants a new shop starts with (the owner edits them in the back office):
/// words shoppers in India type for the same garment. Every word of a group finds the
/// products that use any other.
pub const SYNONYM_GROUPS: &[&[&str]] = &[
    &["saree", "sari"],
    &["kurti", "kurthi"],
    &["kurta", "kurtha"],
    &["lehenga", "lehnga", "lehanga"],
    &["dupatta", "chunni", "chunri"],
    &["pyjama", "pajama", "pyjamas", "pajamas"],
    &["tshirt", "t-shirt", "t shirt", "tee", "tees", "tshirts", "t-shirts", "t shirts"],
    &["salwar", "shalwar"],
    &["jeans", "denims"],
];

/// Words this long or longer tolerate one mistake.
const ONE_MISTAKE_FROM: usize = 5;
/// Words this long or longer tolerate two mistakes.
const TWO_MISTAKES_FROM: usize = 9;
/// At most this many corrections of one word are tried (the closest first).
const MAX_CORRECTIONS: usize = 8;
/// At most this many words of a query are read.
const MAX_WORDS: usize = 8;
/// Limits of the synonym list an owner can save.
pub const MAX_SYNONYM_LINES: usize = 500;
pub const MAX_SYNONYM_WORD: usize = 40;

/// The synonym list in the format search engines share (Solr's and Elasticsearch's): a line
/// `saree, sari` makes its words equivalent both ways; `chunni => dupatta` makes the words
/// left of the arrow also find those on its right, not the other way. Blank lines and lines
/// starting with `#` are comments. Words are compared without hyphens ("t-shirt" is "tshirt").
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Synonyms {
    /// Each word (without hyphens) with the words it also finds, as written.
    rules: BTreeMap<String, Vec<String>>,
    text: String,
    lines: usize,
}

/// A line of a synonym list that cannot be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SynonymError {
    pub line: usize,
    pub problem: &'static str,
}

impl std::fmt::Display for SynonymError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Line {}: {}", self.line, self.problem)
    }
}

impl Default for Synonyms {
    fn default() -> Self {
        let text: Vec<String> = SYNONYM_GROUPS.iter().map(|g| g.join(", ")).collect();
        Synonyms::parse(&text.join("\n")).unwrap_or(Synonyms { rules: BTreeMap::new(), text: String::new(), lines: 0 })
    }
}

impl Synonyms {
    pub fn parse(text: &str) -> Result<Synonyms, SynonymError> {
        let mut rules: BTreeMap<String, Vec<String>> = BTreeMap::new();
        let mut lines = 0;
        for (i, line) in text.lines().enumerate() {
            let line_no = i + 1;
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            lines += 1;
            if lines > MAX_SYNONYM_LINES {
                return Err(SynonymError { line: line_no, problem: "a list holds at most 500 rules" });
            }
            let words = |part: &str| -> Result<Vec<String>, SynonymError> {
                let list: Vec<String> = part.split(',').map(|w| w.trim().to_lowercase()).collect();
                if list.iter().any(|w| w.is_empty()) {
                    return Err(SynonymError { line: line_no, problem: "an empty word (two commas in a row, or one at an end)" });
                }
                if list.iter().any(|w| w.chars().count() > MAX_SYNONYM_WORD) {
                    return Err(SynonymError { line: line_no, problem: "a word is longer than 40 characters" });
                }
                if list.iter().any(|w| w.contains("=>") || w.chars().any(char::is_control)) {
                    return Err(SynonymError { line: line_no, problem: "a word holds an arrow or a control character" });
                }
                Ok(list)
            };
            let mut add = |from: &str, to: &str| {
                let key = unhyphenated(from);
                if key != unhyphenated(to) {
                    let list = rules.entry(key).or_default();
                    if !list.iter().any(|w| w == to) {
                        list.push(to.to_string());
                    }
                }
            };
            match line.split_once("=>") {
                Some((left, right)) => {
                    let (from, to) = (words(left)?, words(right)?);
                    for f in &from {
                        for t in &to {
                            add(f, t);
                        }
                    }
                }
                None => {
                    let group = words(line)?;
                    if group.len() < 2 {
                        return Err(SynonymError { line: line_no, problem: "a group needs at least two words, separated by commas" });
                    }
                    for a in &group {
                        for b in &group {
                            add(a, b);
                        }
                    }
                }
            }
        }
        Ok(Synonyms { rules, text: text.trim().to_string(), lines })
    }

    /// The list as the owner wrote it.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// How many rules (non-comment lines) the list holds.
    pub fn rules(&self) -> usize {
        self.lines
    }

    /// The words this word also finds, as written in the list.
    fn of(&self, word: &str) -> &[String] {
        self.rules.get(&unhyphenated(word)).map_or(&[], Vec::as_slice)
    }
}

fn unhyphenated(word: &str) -> String {
    word.chars().filter(|c| *c != '-').collect()
}

/// The words of the catalogue's texts: each lower-case token mapped to the form it has in
/// the text ("tshirt" to "t-shirt"), so a match can stay a substring test of that text.
#[derive(Debug)]
pub struct Vocabulary {
    /// Each token with 0 when the text has it as it is (nearly all), or with 1 + the position
    /// of its written form in `written`.
    words: Map<Vec<u8>>,
    written: Vec<Box<str>>,
}

impl Default for Vocabulary {
    fn default() -> Self {
        Vocabulary::of(std::iter::empty())
    }
}

impl Vocabulary {
    /// The vocabulary of these search texts (lower case, or with ASCII letters to fold: see
    /// [`crate::snapshot::Entry::search_text`]); its words are lower case.
    pub fn of<'a>(texts: impl Iterator<Item = &'a str>) -> Vocabulary {
        // Borrowed from the texts: a large catalogue has millions of words and about a
        // hundred thousand distinct ones, and only a hyphenated word's joined form, or a
        // word written with capitals, is made (once per distinct word).
        let mut found: BTreeMap<Cow<'a, str>, Cow<'a, str>> = BTreeMap::new();
        let mut folded = String::new();
        for text in texts {
            for (token, surface) in tokens(text) {
                if !surface.bytes().any(|b| b.is_ascii_uppercase()) {
                    found.entry(token).or_insert(Cow::Borrowed(surface));
                    continue;
                }
                folded.clear();
                folded.push_str(&token);
                folded.make_ascii_lowercase();
                if !found.contains_key(folded.as_str()) {
                    found.insert(Cow::Owned(folded.clone()), Cow::Owned(surface.to_ascii_lowercase()));
                }
            }
        }
        let mut written = Vec::new();
        let words = Map::from_iter(found.iter().map(|(token, surface)| {
            if token == surface {
                return (token.as_bytes(), 0);
            }
            written.push(Box::from(surface.as_ref()));
            (token.as_bytes(), written.len() as u64)
        }))
        .unwrap_or_else(|_| Map::default());
        Vocabulary { words, written }
    }

    pub fn len(&self) -> usize {
        self.words.len()
    }

    pub fn is_empty(&self) -> bool {
        self.words.is_empty()
    }

    /// The written form of `token` in the catalogue's texts, when they have it.
    fn surface<'t>(&'t self, token: &'t str) -> Option<&'t str> {
        self.words.get(token).map(|value| self.written_form(token, value))
    }

    fn written_form<'t>(&'t self, token: &'t str, value: u64) -> &'t str {
        match value.checked_sub(1).and_then(|i| self.written.get(i as usize)) {
            Some(written) => written,
            None => token,
        }
    }

    /// The catalogue's words within the mistakes a word of this length tolerates, closest
    /// first (then alphabetical), without the word itself.
    fn corrections(&self, word: &str) -> Vec<(u8, String)> {
        let length = word.chars().count();
        let distance = if length >= TWO_MISTAKES_FROM { 2 } else if length >= ONE_MISTAKE_FROM { 1 } else { return Vec::new() };
        let dfa = automaton_builder(distance).build_dfa(word);
        let mut stream = self.words.search_with_state(&dfa).into_stream();
        let mut found = Vec::new();
        while let Some((token, value, state)) = stream.next() {
            let levenshtein_automata::Distance::Exact(d) = dfa.distance(state) else { continue };
            if d == 0 {
                continue;
            }
            if let Ok(token) = std::str::from_utf8(token) {
                found.push((d, self.written_form(token, value).to_string()));
            }
        }
        found.sort();
        found.truncate(MAX_CORRECTIONS);
        found
    }
}

fn automaton_builder(distance: u8) -> &'static LevenshteinAutomatonBuilder {
    static ONE: OnceLock<LevenshteinAutomatonBuilder> = OnceLock::new();
    static TWO: OnceLock<LevenshteinAutomatonBuilder> = OnceLock::new();
    let cell = if distance == 1 { &ONE } else { &TWO };
    cell.get_or_init(|| LevenshteinAutomatonBuilder::new(distance, true))
}

/// The tokens of a lower-case text with the form each has in it: words split at blanks and
/// ASCII punctuation (letters of any script and their marks stay together), and a
/// hyphenated word also as one ("t-shirt" gives "t", "shirt" and "tshirt").
pub fn tokens(text: &str) -> Vec<(Cow<'_, str>, &str)> {
    let mut out = Vec::new();
    for chunk in text.split_whitespace() {
        let chunk = chunk.trim_matches(|c: char| c.is_ascii_punctuation());
        let mut parts = 0;
        for part in chunk.split(|c: char| c.is_ascii_punctuation()).filter(|p| !p.is_empty()) {
            out.push((Cow::Borrowed(part), part));
            parts += 1;
        }
        if parts > 1 {
            let joined: String = chunk.split(|c: char| c.is_ascii_punctuation()).collect();
            out.push((Cow::Owned(joined), chunk));
        }
    }
    out
}

/// How a product's text met one word of the query.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Fit {
    /// The word as typed, or one of its spelling variants.
    Exact,
    /// Only a correction of a typing mistake.
    Corrected,
}

/// One word of the query with everything it may stand for in a product's text.
#[derive(Debug, Clone)]
struct Word {
    exact: Vec<String>,
    corrected: Vec<String>,
}

/// A shopper's query, read once against a vocabulary and then tested against each product.
#[derive(Debug, Clone, Default)]
pub struct Matcher {
    words: Vec<Word>,
}

impl Matcher {
    pub fn new(query: &str, vocabulary: &Vocabulary, synonyms: &Synonyms) -> Matcher {
        let query = query.to_lowercase();
        let typed: Vec<&str> = query
            .split_whitespace()
            .map(|w| w.trim_matches(|c: char| c.is_ascii_punctuation()))
            .filter(|w| !w.is_empty())
            .take(MAX_WORDS)
            .collect();
        // Two words the synonym list knows as one ("t shirt") are one word: "t" alone is in
        // every text.
        let mut words = Vec::new();
        let mut i = 0;
        while i < typed.len() {
            let pair = typed.get(i + 1).map(|next| format!("{} {next}", typed[i]));
            match pair.filter(|p| !synonyms.of(p).is_empty()) {
                Some(phrase) => {
                    words.push(Word::read(&phrase, vocabulary, synonyms));
                    i += 2;
                }
                None => {
                    words.push(Word::read(typed[i], vocabulary, synonyms));
                    i += 1;
                }
            }
        }
        Matcher { words }
    }

    pub fn is_empty(&self) -> bool {
        self.words.is_empty()
    }

    /// Each word's alternatives (as typed, its spelling variants, its corrections): a text
    /// that [`Matcher::fit`]s holds one alternative of every word as a substring.
    pub fn alternatives(&self) -> impl Iterator<Item = impl Iterator<Item = &str>> {
        self.words.iter().map(|w| w.exact.iter().chain(&w.corrected).map(String::as_str))
    }

    /// How the product's search text ([`crate::snapshot::Entry::search_text`]) meets the
    /// whole query: `None` when a word is missing, `Corrected` when a word is there only as
    /// a correction.
    pub fn fit(&self, text: &str) -> Option<Fit> {
        let mut fit = Fit::Exact;
        for word in &self.words {
            if word.exact.iter().any(|w| holds_exact(text, w)) {
                continue;
            }
            if word.corrected.iter().any(|w| contains_word(text, w)) {
                fit = Fit::Corrected;
                continue;
            }
            return None;
        }
        Some(fit)
    }

    /// Whether every word is in this text as typed or as a spelling variant.
    pub fn all_exact_in(&self, text_lc: &str) -> bool {
        self.words.iter().all(|w| w.exact.iter().any(|e| text_lc.contains(e.as_str())))
    }

    /// Whether every word is in the text these parts make when joined with spaces, as typed
    /// or as a spelling variant. A variant without a space lies within one part, so the
    /// parts are read as they are; `joined` is built only for one with a space in it.
    pub fn all_exact_in_any(&self, parts: &[&str], joined: impl FnOnce() -> String) -> bool {
        let mut joined = Some(joined);
        let mut whole: Option<String> = None;
        self.words.iter().all(|w| {
            w.exact.iter().any(|e| {
                if !e.contains(' ') {
                    return parts.iter().any(|p| p.contains(e.as_str()));
                }
                let text = whole.get_or_insert_with(|| joined.take().map(|f| f()).unwrap_or_default());
                text.contains(e.as_str())
            })
        })
    }

    /// What "Did you mean" may offer, best first: the query with each word that the catalogue
    /// does not have replaced by its closest correction; then the same without the words the
    /// catalogue has nothing near ("tuxedo shrit": "tuxedo shirt", then "shirt"). Empty when no
    /// word is corrected or left out.
    pub fn suggestions(&self, vocabulary: &Vocabulary) -> Vec<String> {
        let (mut corrected, mut dropped) = (false, false);
        let (mut whole, mut known) = (Vec::new(), Vec::new());
        for w in &self.words {
            let typed = &w.exact[0];
            let (word, recognised) = match w.corrected.first() {
                Some(c) if vocabulary.surface(typed).is_none() => {
                    corrected = true;
                    (c.clone(), true)
                }
                _ => (typed.clone(), w.exact.iter().any(|e| vocabulary.surface(e).is_some())),
            };
            whole.push(word.clone());
            if recognised {
                known.push(word);
            } else {
                dropped = true;
            }
        }
        let mut offers = Vec::new();
        if corrected {
            offers.push(whole.join(" "));
        }
        if dropped && !known.is_empty() {
            offers.push(known.join(" "));
        }
        offers
    }
}

impl Word {
    fn read(typed: &str, vocabulary: &Vocabulary, synonyms: &Synonyms) -> Word {
        let joined: String = typed.chars().filter(|c| !c.is_ascii_punctuation()).collect();
        let mut exact = vec![typed.to_string()];
        let add = |list: &mut Vec<String>, w: &str| {
            if !w.is_empty() && !list.iter().any(|x| x == w) {
                list.push(w.to_string());
            }
        };
        // "tshirt" typed, "t-shirt" written: the vocabulary knows the written form.
        if let Some(surface) = vocabulary.surface(&joined) {
            add(&mut exact, surface);
        }
        for variant in synonyms.of(&joined) {
            add(&mut exact, variant);
            if let Some(surface) = vocabulary.surface(&unhyphenated(variant)) {
                add(&mut exact, surface);
            }
        }
        let mut corrected = Vec::new();
        // A word typed in Devanagari also stands for its Latin spellings, each read as if
        // typed so: with its spelling variants and its typing-mistake corrections.
        for spelt in hindi::romanised(&joined) {
            let latin = Word::read(&spelt, vocabulary, synonyms);
            latin.exact.iter().for_each(|w| add(&mut exact, w));
            latin.corrected.iter().for_each(|w| add(&mut corrected, w));
        }
        // A word the catalogue has as typed needs no correction: "silk" must not also find
        // "milk"; nor does a word of the synonym list ("tshirt" is not a mistake for "shirt").
        if vocabulary.surface(&joined).is_none() && synonyms.of(&joined).is_empty() {
            for (_, correction) in vocabulary.corrections(&joined) {
                if exact.contains(&correction) {
                    continue;
                }
                add(&mut corrected, &correction);
                for variant in synonyms.of(&correction) {
                    add(&mut corrected, variant);
                }
            }
        }
        corrected.retain(|c| !exact.contains(c));
        Word { exact, corrected }
    }
}


/// A correction counts only as a whole word of the text: "kurta" corrected from "kurtaa"
/// must not match inside a longer word by accident.
fn contains_word(text: &str, word: &str) -> bool {
    folded_matches(text, word).any(|at| {
        let before = text[..at].chars().next_back();
        let after = text[at + word.len()..].chars().next();
        let boundary = |c: Option<char>| c.is_none_or(|c| c.is_whitespace() || c.is_ascii_punctuation());
        boundary(before) && boundary(after)
    })
}

/// A word as typed or a spelling variant in the text: a word may be the start or a part of
/// one ("kur" finds "kurta"); a phrase ("t shirt") must begin a word, or "shirt shirts" would
/// hold it.
fn holds_exact(text: &str, needle: &str) -> bool {
    if !needle.contains(' ') {
        return holds(text, needle);
    }
    folded_matches(text, needle).any(|at| text[..at].chars().next_back().is_none_or(|c| c.is_whitespace() || c.is_ascii_punctuation()))
}

/// Whether `text` with its ASCII letters lower-cased holds `needle` (compared byte for byte
/// as it is): how a search text that keeps an ASCII description as written is read, with
/// the answer of the same text fully lower-cased (lower-casing ASCII changes no other byte,
/// and a non-ASCII description is kept lower-cased).
pub fn holds(text: &str, needle: &str) -> bool {
    needle.is_empty() || folded_matches(text, needle).next().is_some()
}

/// The byte positions where `needle` starts in `text` with its ASCII letters lower-cased,
/// overlapping ones left out (as `str::match_indices`).
fn folded_matches<'t>(text: &'t str, needle: &'t str) -> impl Iterator<Item = usize> + 't {
    let (text, needle) = (text.as_bytes(), needle.as_bytes());
    let mut from = 0;
    std::iter::from_fn(move || {
        let first = *needle.first()?;
        let last_start = text.len().checked_sub(needle.len())?;
        while from <= last_start {
            let at = from;
            from += 1;
            if text[at].to_ascii_lowercase() == first
                && text[at..at + needle.len()].iter().zip(needle).all(|(t, n)| t.to_ascii_lowercase() == *n)
            {
                from = at + needle.len();
                return Some(at);
            }
        }
        None
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_text_with_ascii_capitals_answers_as_its_lower_case() {
        let texts = ["Linen SHIRT, navy", "t-Shirt tee", "étoile Kurta", "aaa", "", "Kurtaa kurta"];
        let needles = ["shirt", "linen shirt", "t-shirt", "tshirt", "aa", "kurta", "étoile", "a", "SHIRT", "tee", "x"];
        for text in texts {
            let lower = text.to_lowercase();
            for needle in needles {
                assert_eq!(holds(text, needle), lower.contains(needle), "{text:?} holds {needle:?}");
                let word_in_lower = lower.match_indices(needle).any(|(at, _)| {
                    let boundary = |c: Option<char>| c.is_none_or(|c| c.is_whitespace() || c.is_ascii_punctuation());
                    boundary(lower[..at].chars().next_back()) && boundary(lower[at + needle.len()..].chars().next())
                });
                assert_eq!(contains_word(text, needle), word_in_lower, "{text:?} has the word {needle:?}");
            }
        }
        let mixed = Vocabulary::of(["Festive KURTA, T-Shirt", "kurta"].into_iter());
        let lower = Vocabulary::of(["festive kurta, t-shirt", "kurta"].into_iter());
        for word in ["festive", "kurta", "tshirt", "t", "shirt", "Kurta"] {
            assert_eq!(mixed.surface(word), lower.surface(word), "{word}");
        }
        assert_eq!(mixed.len(), lower.len());
    }

    fn vocabulary() -> Vocabulary {
        Vocabulary::of(
            ["cotton kurta set", "silk saree with zari", "graphic t-shirt", "slim jeans", "festive lehenga choli", "navy blue"]
                .into_iter(),
        )
    }

    #[test]
    fn a_hyphenated_word_is_also_one_token_with_its_written_form() {
        let found: Vec<(String, &str)> = tokens("graphic t-shirt, navy").into_iter().map(|(t, s)| (t.into_owned(), s)).collect();
        assert!(found.contains(&("tshirt".to_string(), "t-shirt")));
        assert!(found.contains(&("shirt".to_string(), "shirt")));
        assert!(found.contains(&("navy".to_string(), "navy")));
    }

    #[test]
    fn typing_mistakes_within_the_allowed_distance_are_corrected() {
        let v = vocabulary();
        for (typed, text) in [("kurtaa", "cotton kurta set"), ("saaree", "silk saree with zari"), ("lehnega", "festive lehenga choli")] {
            assert_eq!(Matcher::new(typed, &v, &Synonyms::default()).fit(text), Some(Fit::Corrected), "{typed}");
        }
        // Four letters tolerate no mistake; nine tolerate two.
        assert_eq!(Matcher::new("sikl", &v, &Synonyms::default()).fit("silk saree with zari"), None);
        assert_eq!(Matcher::new("slik", &v, &Synonyms::default()).fit("silk saree with zari"), None);
    }

    #[test]
    fn spelling_variants_are_exact_matches() {
        let v = vocabulary();
        assert_eq!(Matcher::new("sari", &v, &Synonyms::default()).fit("silk saree with zari"), Some(Fit::Exact));
        assert_eq!(Matcher::new("tshirt", &v, &Synonyms::default()).fit("graphic t-shirt"), Some(Fit::Exact));
        assert_eq!(Matcher::new("tee", &v, &Synonyms::default()).fit("graphic t-shirt"), Some(Fit::Exact));
        assert_eq!(Matcher::new("lehnga", &v, &Synonyms::default()).fit("festive lehenga choli"), Some(Fit::Exact));
    }

    #[test]
    fn every_word_must_be_there_and_a_partial_word_still_finds() {
        let v = vocabulary();
        assert_eq!(Matcher::new("silk kur", &v, &Synonyms::default()).fit("silk saree with zari"), None);
        assert_eq!(Matcher::new("kur", &v, &Synonyms::default()).fit("cotton kurta set"), Some(Fit::Exact));
    }

    #[test]
    fn an_owners_list_has_two_way_groups_and_one_way_rules() {
        let v = Vocabulary::of(["red dupatta", "cotton chunni", "silk stole"].into_iter());
        let list = Synonyms::parse("# shawls\nchunni => dupatta\n\nstole, shawl").expect("valid");
        assert_eq!(list.rules(), 2);
        assert_eq!(Matcher::new("chunni", &v, &list).fit("red dupatta"), Some(Fit::Exact));
        assert_eq!(Matcher::new("dupatta", &v, &list).fit("cotton chunni"), None, "one way only");
        assert_eq!(Matcher::new("shawl", &v, &list).fit("silk stole"), Some(Fit::Exact));
        for (bad, line) in [("saree, sari\nkurta", 2), ("a,,b", 1), ("x => ", 1)] {
            assert_eq!(Synonyms::parse(bad).map(|_| ()).map_err(|e| e.line), Err(line), "{bad}");
        }
        assert!(Synonyms::default().rules() >= 9, "the built-in groups");
    }

    #[test]
    fn a_synonym_typed_as_two_words_is_one_word_and_is_never_a_typing_mistake() {
        let v = Vocabulary::of(["pique polo t shirt", "oxford shirt", "graphic t-shirt", "shirt dress"].into_iter());
        let t_shirt = Matcher::new("t shirt", &v, &Synonyms::default());
        // "t" alone is in every text: as a word of its own it let every shirt in.
        assert_eq!(t_shirt.fit("oxford shirt"), None);
        assert_eq!(t_shirt.fit("shirt dress"), None);
        assert_eq!(t_shirt.fit("pique polo t shirt"), Some(Fit::Exact));
        assert_eq!(t_shirt.fit("graphic t-shirt"), Some(Fit::Exact));
        // A phrase begins a word: "linen shirt shirts" does not hold "t shirt".
        assert_eq!(t_shirt.fit("linen shirt shirts"), None);
        // "tshirt" is in the synonym list: not a mistake for "shirt".
        assert_eq!(Matcher::new("tshirt", &v, &Synonyms::default()).fit("oxford shirt"), None);
        assert_eq!(Matcher::new("blue t shirt", &v, &Synonyms::default()).alternatives().count(), 2);
    }

    #[test]
    fn words_typed_in_devanagari_find_products_named_in_latin_letters() {
        let v = Vocabulary::of(
            ["cotton kurta set", "silk saree with zari", "festive lehenga choli", "slim jeans", "cotton salwar suit", "oxford shirt"].into_iter(),
        );
        let s = Synonyms::default();
        for (typed, text, fit) in [
            ("कुर्ता", "cotton kurta set", Fit::Exact),
            // "sari", which the synonym list knows as "saree".
            ("साड़ी", "silk saree with zari", Fit::Exact),
            ("लहंगा चोली", "festive lehenga choli", Fit::Exact),
            ("सलवार", "cotton salwar suit", Fit::Exact),
            // "jeens" and "shart": one typing mistake away.
            ("जींस", "slim jeans", Fit::Corrected),
            ("शर्ट", "oxford shirt", Fit::Corrected),
        ] {
            assert_eq!(Matcher::new(typed, &v, &s).fit(text), Some(fit), "{typed}");
        }
        assert_eq!(Matcher::new("कुर्ता", &v, &s).fit("silk saree with zari"), None);
        assert_eq!(Matcher::new("शर्ट", &v, &s).suggestions(&v), vec!["shirt"], "did you mean: the Latin word");
    }

    #[test]
    fn did_you_mean_replaces_only_unknown_words() {
        let v = vocabulary();
        assert_eq!(Matcher::new("silk kurtaa", &v, &Synonyms::default()).suggestions(&v).first().map(String::as_str), Some("silk kurta"));
        assert_eq!(Matcher::new("silk saree", &v, &Synonyms::default()).suggestions(&v).first(), None);
        // Then without the words nothing in the catalogue is near.
        assert_eq!(Matcher::new("tuxedo silk kurtaa", &v, &Synonyms::default()).suggestions(&v), vec!["tuxedo silk kurta", "silk kurta"]);
        assert_eq!(Matcher::new("tuxedo silk", &v, &Synonyms::default()).suggestions(&v), vec!["silk"]);
        assert!(Matcher::new("tuxedo", &v, &Synonyms::default()).suggestions(&v).is_empty());
    }
}
