//! Text in several fonts: DejaVu Sans for Latin, figures and the rupee sign, and one Noto Sans
//! font per Indic script. A string is cut into runs of one font each; Indic runs are shaped
//! with rustybuzz (conjuncts, reordered matras, reph, mark positions) and their glyphs are
//! drawn one by one where the shaper puts them, so the PDF viewer's own advances never matter.

use printpdf::lopdf::{self, content::Operation, Object, StringFormat};
use printpdf::{IndirectFontRef, Mm, PdfDocumentReference, PdfLayerReference, Pt, TextMatrix};
use rustybuzz::ttf_parser;
use unicode_segmentation::UnicodeSegmentation;

use std::cell::RefCell;
use std::sync::LazyLock;

/// One point in millimetres.
const PT: f32 = 0.352_778;

/// DejaVu Sans 2.37 (Debian's fonts-dejavu-core): Bitstream Vera licence, see fonts/.
const DEJAVU: &[u8] = include_bytes!("../fonts/DejaVuSans.ttf");

/// An Indic script: its Unicode blocks and its Noto Sans font.
struct Script {
    blocks: &'static [(char, char)],
    font: &'static [u8],
}

/// The Noto Sans fonts (regular, TrueType) from Debian's package fonts-noto-core 20201225-1
/// (bookworm), usr/share/fonts/truetype/noto/, unmodified: SIL Open Font License 1.1, see
/// fonts/LICENSE-Noto.txt. DejaVu Sans has none of these scripts.
const SCRIPTS: [Script; 9] = [
    Script {
        // With Devanagari Extended and the Vedic extensions.
        blocks: &[('\u{0900}', '\u{097F}'), ('\u{A8E0}', '\u{A8FF}'), ('\u{1CD0}', '\u{1CFF}')],
        font: include_bytes!("../fonts/NotoSansDevanagari-Regular.ttf"),
    },
    Script { blocks: &[('\u{0980}', '\u{09FF}')], font: include_bytes!("../fonts/NotoSansBengali-Regular.ttf") },
    Script { blocks: &[('\u{0A00}', '\u{0A7F}')], font: include_bytes!("../fonts/NotoSansGurmukhi-Regular.ttf") },
    Script { blocks: &[('\u{0A80}', '\u{0AFF}')], font: include_bytes!("../fonts/NotoSansGujarati-Regular.ttf") },
    Script { blocks: &[('\u{0B00}', '\u{0B7F}')], font: include_bytes!("../fonts/NotoSansOriya-Regular.ttf") },
    Script {
        // With the Tamil Supplement (fractions, old signs).
        blocks: &[('\u{0B80}', '\u{0BFF}'), ('\u{11FC0}', '\u{11FFF}')],
        font: include_bytes!("../fonts/NotoSansTamil-Regular.ttf"),
    },
    Script { blocks: &[('\u{0C00}', '\u{0C7F}')], font: include_bytes!("../fonts/NotoSansTelugu-Regular.ttf") },
    Script { blocks: &[('\u{0C80}', '\u{0CFF}')], font: include_bytes!("../fonts/NotoSansKannada-Regular.ttf") },
    Script { blocks: &[('\u{0D00}', '\u{0D7F}')], font: include_bytes!("../fonts/NotoSansMalayalam-Regular.ttf") },
];

/// The danda and double danda sit in the Devanagari block but end sentences in Bengali,
/// Gurmukhi, Oriya, ... too: they go with the script around them.
fn is_shared(c: char) -> bool {
    matches!(c, '\u{0964}' | '\u{0965}')
}

/// The script whose block holds `c`, unless `c` is shared between scripts.
fn script_of(c: char) -> Option<usize> {
    if is_shared(c) {
        return None;
    }
    SCRIPTS.iter().position(|s| s.blocks.iter().any(|(lo, hi)| (*lo..=*hi).contains(&c)))
}

/// Joiners and selectors: they belong to the character before them, whatever font that is.
fn joins(c: char) -> bool {
    matches!(c, '\u{200C}' | '\u{200D}' | '\u{FE00}'..='\u{FE0F}')
}

/// Invisible format characters that may be left out of a Latin run whose font lacks them.
fn ignorable(c: char) -> bool {
    matches!(c, '\u{00AD}' | '\u{200B}'..='\u{200F}' | '\u{2060}' | '\u{FE00}'..='\u{FE0F}' | '\u{FEFF}')
}

/// The virama of each script: a cluster goes on after it (a conjunct), so never break there.
fn is_virama(c: char) -> bool {
    matches!(
        c,
        '\u{094D}' | '\u{09CD}' | '\u{0A4D}' | '\u{0ACD}' | '\u{0B4D}' | '\u{0BCD}' | '\u{0C4D}' | '\u{0CCD}' | '\u{0D4D}'
    )
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum FontId {
    Latin,
    Indic(usize),
}

/// A piece of text in one font.
#[derive(Debug, Clone, Copy)]
struct Run<'t> {
    font: FontId,
    text: &'t str,
}

/// One shaped glyph, in font units.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Glyph {
    pub(crate) id: u16,
    pub(crate) x_advance: i32,
    pub(crate) x_offset: i32,
    pub(crate) y_offset: i32,
}

/// The faces, parsed once for the process (read-only, shared by every document).
struct Faces {
    latin: ttf_parser::Face<'static>,
    indic: Vec<rustybuzz::Face<'static>>,
}

static FACES: LazyLock<Result<Faces, String>> = LazyLock::new(|| {
    let latin = ttf_parser::Face::parse(DEJAVU, 0).map_err(|e| e.to_string())?;
    let indic = SCRIPTS
        .iter()
        .map(|script| rustybuzz::Face::from_slice(script.font, 0).ok_or_else(|| "an unreadable Noto font".to_string()))
        .collect::<Result<_, _>>()?;
    Ok(Faces { latin, indic })
});

/// A document's fonts: the shared faces for measuring and shaping, and their PDF references.
pub(crate) struct Fonts<'d> {
    faces: &'static Faces,
    pdf: &'d PdfDocumentReference,
    latin_ref: IndirectFontRef,
    /// A Noto font is added to the document when a run of its script is first drawn: most
    /// documents are all Latin, and adding a font copies and parses the whole file.
    indic_refs: RefCell<Vec<Option<IndirectFontRef>>>,
}

impl<'d> Fonts<'d> {
    /// Adds DejaVu Sans to `pdf` (every document uses it); printpdf embeds the fonts a page
    /// uses, cut down to their glyphs.
    pub(crate) fn new(pdf: &'d PdfDocumentReference) -> Result<Self, String> {
        let faces = FACES.as_ref().map_err(Clone::clone)?;
        let latin_ref = pdf.add_external_font(DEJAVU).map_err(|e| e.to_string())?;
        Ok(Self { faces, pdf, latin_ref, indic_refs: RefCell::new(vec![None; SCRIPTS.len()]) })
    }

    /// The document's reference to a script's font, added on first use (`None`: it could not be
    /// added, which the bundled fonts never give: see the tests).
    fn indic_ref(&self, script: usize) -> Option<IndirectFontRef> {
        let mut refs = self.indic_refs.borrow_mut();
        if refs[script].is_none() {
            refs[script] = self.pdf.add_external_font(SCRIPTS[script].font).ok();
        }
        refs[script].clone()
    }

    fn has_glyph(&self, font: FontId, c: char) -> bool {
        match font {
            FontId::Latin => self.faces.latin.glyph_index(c).is_some(),
            FontId::Indic(i) => self.faces.indic[i].glyph_index(c).is_some(),
        }
    }

    /// The font for `c` after a run in `current`: its script's font; else the current Indic
    /// font when it has the digit, space or punctuation; else DejaVu; else any Noto font that
    /// has it (a danda after Latin text).
    fn font_for(&self, c: char, current: Option<FontId>) -> FontId {
        if let Some(i) = script_of(c) {
            return FontId::Indic(i);
        }
        if let Some(current) = current {
            if joins(c) || (matches!(current, FontId::Indic(_)) && !c.is_alphabetic() && self.has_glyph(current, c)) {
                return current;
            }
        }
        if self.has_glyph(FontId::Latin, c) {
            return FontId::Latin;
        }
        (0..self.faces.indic.len()).map(FontId::Indic).find(|f| self.has_glyph(*f, c)).unwrap_or(FontId::Latin)
    }

    /// `text` cut into runs of one font each.
    fn runs<'t>(&self, text: &'t str) -> Vec<Run<'t>> {
        let mut runs: Vec<Run<'t>> = Vec::new();
        let mut start = 0;
        let mut current: Option<FontId> = None;
        for (at, c) in text.char_indices() {
            let font = self.font_for(c, current);
            if let Some(previous) = current.filter(|f| *f != font) {
                runs.push(Run { font: previous, text: &text[start..at] });
                start = at;
            }
            current = Some(font);
        }
        if let Some(font) = current {
            runs.push(Run { font, text: &text[start..] });
        }
        runs
    }

    /// The runs of `text` as `font:text`, `font` being `Latin` or the script's number.
    #[cfg(test)]
    pub(crate) fn runs_for_test(&self, text: &str) -> Vec<String> {
        let name = |f: FontId| match f {
            FontId::Latin => "Latin".to_string(),
            FontId::Indic(i) => i.to_string(),
        };
        self.runs(text).into_iter().map(|r| format!("{}:{}", name(r.font), r.text)).collect()
    }

    /// What DejaVu draws of a Latin run: characters it lacks become U+FFFD (visibly missing,
    /// never silently dropped); line breaks and tabs become spaces; invisible format and
    /// control characters are left out.
    fn latin_text(&self, text: &str) -> String {
        text.chars()
            .filter_map(|c| match self.faces.latin.glyph_index(c) {
                Some(_) => Some(c),
                None if c.is_whitespace() => Some(' '),
                None if ignorable(c) || c.is_control() => None,
                None => Some('\u{FFFD}'),
            })
            .collect()
    }

    fn latin_width_mm(&self, text: &str, size: f32) -> f32 {
        let units = f32::from(self.faces.latin.units_per_em());
        let advance: f32 = text
            .chars()
            .filter_map(|c| self.faces.latin.glyph_index(c))
            .filter_map(|g| self.faces.latin.glyph_hor_advance(g))
            .map(f32::from)
            .sum();
        advance / units * size * PT
    }

    /// The glyphs of an Indic run as the shaper orders and places them.
    pub(crate) fn shape(&self, script: usize, text: &str) -> Vec<Glyph> {
        let mut buffer = rustybuzz::UnicodeBuffer::new();
        buffer.push_str(text);
        buffer.guess_segment_properties();
        let shaped = rustybuzz::shape(&self.faces.indic[script], &[], buffer);
        shaped
            .glyph_infos()
            .iter()
            .zip(shaped.glyph_positions())
            .map(|(info, at)| Glyph {
                // TrueType glyph ids are 16 bits; anything else would be no glyph of this font.
                id: u16::try_from(info.glyph_id).unwrap_or(0),
                x_advance: at.x_advance,
                x_offset: at.x_offset,
                y_offset: at.y_offset,
            })
            .collect()
    }

    /// Millimetres per font unit of an Indic font at `size` points.
    fn indic_scale(&self, script: usize, size: f32) -> f32 {
        size * PT / self.faces.indic[script].units_per_em() as f32
    }

    fn run_width_mm(&self, run: Run<'_>, size: f32) -> f32 {
        match run.font {
            FontId::Latin => self.latin_width_mm(&self.latin_text(run.text), size),
            FontId::Indic(i) => {
                let units: i32 = self.shape(i, run.text).iter().map(|g| g.x_advance).sum();
                units as f32 * self.indic_scale(i, size)
            }
        }
    }

    /// The width of `text` as [`Fonts::draw`] draws it: DejaVu's advances for Latin runs, the
    /// shaped advances for Indic ones.
    pub(crate) fn width_mm(&self, text: &str, size: f32) -> f32 {
        self.runs(text).into_iter().map(|run| self.run_width_mm(run, size)).sum()
    }

    /// Draws `text` with its baseline starting at (`x`, `y`) millimetres.
    pub(crate) fn draw(&self, layer: &PdfLayerReference, text: &str, size: f32, x: f32, y: f32) {
        let mut x = x;
        for run in self.runs(text) {
            match run.font {
                FontId::Latin => {
                    let latin = self.latin_text(run.text);
                    layer.use_text(latin.as_str(), size, Mm(x), Mm(y), &self.latin_ref);
                    x += self.latin_width_mm(&latin, size);
                }
                FontId::Indic(i) => match self.indic_ref(i) {
                    Some(font) => x += self.draw_indic(layer, i, &font, run.text, size, x, y),
                    // Visibly missing (U+FFFD), never dropped.
                    None => {
                        let missing = self.latin_text(run.text);
                        layer.use_text(missing.as_str(), size, Mm(x), Mm(y), &self.latin_ref);
                        x += self.latin_width_mm(&missing, size);
                    }
                },
            }
        }
    }

    /// Draws a shaped Indic run glyph by glyph, each placed absolutely (text matrix) at the
    /// shaper's position, inside an ActualText span so that readers that honour it copy the
    /// logical text rather than the glyphs' visual order. Returns the run's width.
    #[allow(clippy::too_many_arguments)]
    fn draw_indic(&self, layer: &PdfLayerReference, script: usize, font: &IndirectFontRef, text: &str, size: f32, x: f32, y: f32) -> f32 {
        let scale = self.indic_scale(script, size);
        let mut pen = 0i32;
        layer.add_operation(actual_text(text));
        layer.begin_text_section();
        layer.set_font(font, size);
        for glyph in self.shape(script, text) {
            let gx = x + (pen + glyph.x_offset) as f32 * scale;
            let gy = y + glyph.y_offset as f32 * scale;
            layer.set_text_matrix(TextMatrix::Translate(Pt::from(Mm(gx)), Pt::from(Mm(gy))));
            // A Tj per glyph: printpdf's subsetting keeps (and renumbers) the glyphs it finds there.
            layer.write_codepoints([glyph.id]);
            pen += glyph.x_advance;
        }
        layer.end_text_section();
        layer.add_operation(Operation::new("EMC", Vec::new()));
        pen as f32 * scale
    }

    /// Splits `text` into lines of at most `width` millimetres at `size`: at spaces, and inside
    /// a word only when the word alone is wider than a line.
    pub(crate) fn wrap(&self, text: &str, size: f32, width: f32) -> Vec<String> {
        let mut lines = Vec::new();
        let mut current = String::new();
        for word in text.split_whitespace() {
            let candidate = if current.is_empty() { word.to_string() } else { format!("{current} {word}") };
            if self.width_mm(&candidate, size) <= width {
                current = candidate;
                continue;
            }
            if !current.is_empty() {
                lines.push(std::mem::take(&mut current));
            }
            let mut pieces = self.break_word(word, size, width);
            current = pieces.pop().unwrap_or_default();
            lines.extend(pieces);
        }
        if !current.is_empty() {
            lines.push(current);
        }
        lines
    }

    /// A word cut into pieces no wider than `width`, between clusters (one cluster alone may be wider).
    fn break_word(&self, word: &str, size: f32, width: f32) -> Vec<String> {
        let mut pieces = Vec::new();
        let mut current = String::new();
        for cluster in clusters(word) {
            let candidate = format!("{current}{cluster}");
            if !current.is_empty() && self.width_mm(&candidate, size) > width {
                pieces.push(std::mem::replace(&mut current, cluster.to_string()));
            } else {
                current = candidate;
            }
        }
        if !current.is_empty() {
            pieces.push(current);
        }
        pieces
    }
}

/// The places a word may be broken: extended grapheme clusters, joined again where one ends
/// in a virama or joiner (Unicode keeps Tamil, Gurmukhi and Kannada conjuncts apart).
fn clusters(word: &str) -> Vec<&str> {
    let mut out: Vec<&str> = Vec::new();
    let mut start = 0;
    let mut end = 0;
    for (at, grapheme) in word.grapheme_indices(true) {
        let glued = word[start..end].chars().last().is_some_and(|c| is_virama(c) || joins(c));
        if end > start && !glued {
            out.push(&word[start..end]);
            start = at;
        }
        end = at + grapheme.len();
    }
    if end > start {
        out.push(&word[start..end]);
    }
    out
}

/// `/Span << /ActualText (text) >> BDC`: the run's text in UTF-16BE, for copy and paste.
fn actual_text(text: &str) -> Operation {
    let mut utf16 = vec![0xFE, 0xFF];
    utf16.extend(text.encode_utf16().flat_map(u16::to_be_bytes));
    let properties = lopdf::Dictionary::from_iter(vec![("ActualText", Object::String(utf16, StringFormat::Hexadecimal))]);
    Operation::new("BDC", vec![Object::Name(b"Span".to_vec()), Object::Dictionary(properties)])
}
