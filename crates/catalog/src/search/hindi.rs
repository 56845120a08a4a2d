//! A word typed in Devanagari, read as the Latin spellings shops in India give the same
//! word ("कुर्ता" is "kurta", "साड़ी" is "sari", "लहंगा" is "lehanga"), so a shopper typing in
//! Hindi finds products named in English letters: each spelling then goes through the
//! synonyms and the typing-mistake tolerance like a word typed in Latin letters.
//!
//! Written here rather than taken from a transliteration crate: those follow Sanskrit
//! conventions (every inherent vowel kept: "salavāra"), while shop names follow Hindi speech,
//! which drops the inherent vowel at the end of a word and between a vowel-consonant and a
//! consonant-vowel ("salwar"; the schwa-deletion rule of Hindi phonology), says "a" before
//! "h" as "e" ("lehenga") and spells long vowels and व in two ways ("kurti"/"kameez",
//! "salvar"/"salwar"). The table is the script's letters; the rules are the shop's.

/// One letter group of the word: a consonant (or none, for a vowel written on its own), its
/// vowel (`None` after a virama) and what follows it in the same syllable (a nasal mark).
#[derive(Debug, Clone)]
struct Syllable {
    consonant: String,
    vowel: Option<Vowel>,
    coda: &'static str,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Vowel {
    /// The inherent vowel of a consonant, which Hindi may drop.
    Inherent,
    /// A vowel written with its own sign: (short spelling, long spelling).
    Written(&'static str, &'static str),
}

/// How a long vowel and व are spelt: each word is read every way, the catalogue decides.
#[derive(Debug, Clone, Copy)]
struct Spelling {
    long_vowels: bool,
    w_for_v: bool,
}

fn consonant(c: char) -> Option<&'static str> {
    Some(match c {
        'क' => "k", 'ख' => "kh", 'ग' => "g", 'घ' => "gh", 'ङ' => "n",
        'च' => "ch", 'छ' => "chh", 'ज' => "j", 'झ' => "jh", 'ञ' => "n",
        'ट' => "t", 'ठ' => "th", 'ड' => "d", 'ढ' => "dh", 'ण' => "n",
        'त' => "t", 'थ' => "th", 'द' => "d", 'ध' => "dh", 'न' | '\u{0929}' => "n",
        'प' => "p", 'फ' => "ph", 'ब' => "b", 'भ' => "bh", 'म' => "m",
        'य' | '\u{095F}' => "y", 'र' | '\u{0931}' => "r", 'ल' | 'ळ' | '\u{0934}' => "l", 'व' => "v",
        'श' | 'ष' => "sh", 'स' => "s", 'ह' => "h",
        // The letters with a nukta written as one character (text normalised to NFC writes
        // them as the letter and a nukta sign, read by `with_nukta`).
        '\u{0958}' => "k", '\u{0959}' => "kh", '\u{095A}' => "g", '\u{095B}' => "z", '\u{095C}' => "r", '\u{095D}' => "rh", '\u{095E}' => "f",
        _ => return None,
    })
}

/// A consonant with a nukta written after it: the sound it then stands for.
fn with_nukta(latin: &str) -> &str {
    match latin {
        "j" => "z",
        "d" => "r",
        "dh" => "rh",
        "ph" => "f",
        other => other,
    }
}

/// A vowel written on its own (`independent`) or as a sign on a consonant.
fn vowel(c: char) -> Option<Vowel> {
    let (short, long) = match c {
        'अ' => return Some(Vowel::Written("a", "a")),
        'आ' | 'ा' => ("a", "a"),
        'इ' | 'ि' => ("i", "i"),
        'ई' | 'ी' => ("i", "ee"),
        'उ' | 'ु' => ("u", "u"),
        'ऊ' | 'ू' => ("u", "oo"),
        'ऋ' | 'ृ' => ("ri", "ri"),
        'ए' | 'े' | 'ऍ' | 'ॅ' => ("e", "e"),
        'ऐ' | 'ै' => ("ai", "ai"),
        'ओ' | 'ो' | 'ऑ' | 'ॉ' => ("o", "o"),
        'औ' | 'ौ' => ("au", "au"),
        _ => return None,
    };
    Some(Vowel::Written(short, long))
}

fn is_vowel_sign(c: char) -> bool {
    ('\u{093E}'..='\u{094C}').contains(&c)
}

const VIRAMA: char = '\u{094D}';
const NUKTA: char = '\u{093C}';

fn is_devanagari(c: char) -> bool {
    ('\u{0900}'..='\u{097F}').contains(&c)
}

/// The Latin spellings of a word with Devanagari letters in it, most likely first; empty
/// for a word without any (nothing to do).
pub(super) fn romanised(word: &str) -> Vec<String> {
    if !word.chars().any(is_devanagari) {
        return Vec::new();
    }
    let syllables = syllables(word);
    let mut out: Vec<String> = Vec::new();
    for (long_vowels, w_for_v) in [(false, false), (false, true), (true, true), (true, false)] {
        let spelt = spell(&syllables, Spelling { long_vowels, w_for_v });
        if !spelt.is_empty() && !out.contains(&spelt) {
            out.push(spelt);
        }
    }
    out
}

/// The word's letter groups, with the vowels Hindi does not say already dropped.
fn syllables(word: &str) -> Vec<Syllable> {
    let mut out: Vec<Syllable> = Vec::new();
    // A Latin letter or a digit stands as it is, as a consonant without a vowel; anything
    // else (a joiner, a danda) is left out.
    for c in word.chars() {
        if let Some(latin) = consonant(c) {
            out.push(Syllable { consonant: latin.to_string(), vowel: Some(Vowel::Inherent), coda: "" });
        } else if c == NUKTA {
            if let Some(last) = out.last_mut() {
                last.consonant = with_nukta(&last.consonant).to_string();
            }
        } else if c == VIRAMA {
            if let Some(last) = out.last_mut() {
                last.vowel = None;
            }
        } else if let Some(v) = vowel(c) {
            match out.last_mut() {
                Some(last) if is_vowel_sign(c) => last.vowel = Some(v),
                _ => out.push(Syllable { consonant: String::new(), vowel: Some(v), coda: "" }),
            }
        } else if matches!(c, '\u{0901}' | '\u{0902}') {
            // Chandrabindu and anusvara: a nasal after the vowel.
            if let Some(last) = out.last_mut() {
                last.coda = "n";
            }
        } else if c == '\u{0903}' {
            if let Some(last) = out.last_mut() {
                last.coda = "h";
            }
        } else if let Some(digit) = c.to_digit(10).or_else(|| devanagari_digit(c)) {
            out.push(Syllable { consonant: digit.to_string(), vowel: None, coda: "" });
        } else if c.is_ascii_alphabetic() {
            out.push(Syllable { consonant: c.to_string(), vowel: None, coda: "" });
        }
    }
    drop_unsaid_vowels(&mut out);
    out
}

/// A Devanagari digit's value (० to ९).
fn devanagari_digit(c: char) -> Option<u32> {
    ('\u{0966}'..='\u{096F}').contains(&c).then(|| c as u32 - 0x0966)
}

/// Hindi's schwa deletion: the inherent vowel of a word's last consonant is not said
/// ("kurta", not "kurata"; "salwar", not "salwara"), nor one between a vowel-consonant and a
/// consonant-vowel ("salwar", not "salawar"), read left to right, never two in a row.
fn drop_unsaid_vowels(syllables: &mut [Syllable]) {
    let has_vowel = |s: &Syllable| s.vowel.is_some();
    let count = syllables.len();
    if count > 1 {
        if let Some(last) = syllables.last_mut() {
            if last.vowel == Some(Vowel::Inherent) && last.coda.is_empty() && !last.consonant.is_empty() {
                last.vowel = None;
            }
        }
    }
    for i in 1..count.saturating_sub(1) {
        let droppable = syllables[i].vowel == Some(Vowel::Inherent) && syllables[i].coda.is_empty();
        let before = &syllables[i - 1];
        let after = &syllables[i + 1];
        if droppable && has_vowel(before) && !after.consonant.is_empty() && has_vowel(after) {
            syllables[i].vowel = None;
        }
    }
}

fn spell(syllables: &[Syllable], spelling: Spelling) -> String {
    let mut out = String::new();
    for (i, s) in syllables.iter().enumerate() {
        out.push_str(if s.consonant == "v" && spelling.w_for_v { "w" } else { &s.consonant });
        match s.vowel {
            // "a" before a voiced "h" is said "e": "lehenga", "pehenna".
            Some(Vowel::Inherent) => {
                let before_h = syllables.get(i + 1).is_some_and(|next| next.consonant == "h" && next.vowel != Some(Vowel::Written("a", "a")));
                out.push(if before_h && !s.consonant.is_empty() && i + 2 < syllables.len() { 'e' } else { 'a' });
            }
            Some(Vowel::Written(short, long)) => out.push_str(if spelling.long_vowels { long } else { short }),
            None => {}
        }
        out.push_str(s.coda);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn garment_words_read_as_shops_spell_them() {
        for (hindi, spelt) in [
            ("कुर्ता", "kurta"),
            ("कुर्ती", "kurti"),
            ("साड़ी", "sari"),
            ("सलवार", "salwar"),
            ("लहंगा", "lehanga"),
            ("दुपट्टा", "dupatta"),
            ("चोली", "choli"),
            ("चप्पल", "chappal"),
            ("शेरवानी", "sherwani"),
            ("कमीज़", "kameez"),
            ("जींस", "jeens"),
            ("धोती", "dhoti"),
            ("पायजामा", "payjama"),
        ] {
            let read = romanised(hindi);
            assert!(read.iter().any(|r| r == spelt), "{hindi}: {read:?}");
        }
    }

    #[test]
    fn a_word_without_devanagari_is_left_alone_and_other_letters_stay() {
        assert!(romanised("kurta").is_empty());
        assert!(romanised("").is_empty());
        assert_eq!(romanised("टी२").first().map(String::as_str), Some("ti2"));
        assert_eq!(romanised("xl-कुर्ता").first().map(String::as_str), Some("xlkurta"));
        // A nukta letter as one character or as the letter and the nukta sign.
        assert_eq!(romanised("सा\u{095C}ी").first(), romanised("सा\u{0921}\u{093C}ी").first());
        assert_eq!(romanised("सा\u{095C}ी").first().map(String::as_str), Some("sari"));
    }
}
