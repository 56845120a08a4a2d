//! The printed text, read back from the PDF as a reader's copy-and-paste would.
#![allow(clippy::inconsistent_digit_grouping)]

use chrono::{NaiveDate, TimeZone, Utc};
use gst::{Rate, TaxSplit};
use kernel::Money;
use orders::{DocumentLine, Party, TaxDocument};

use super::*;

fn paise(p: i64) -> Money {
    Money::from_paise(p)
}

fn invoice(lines: usize) -> TaxDocument {
    let line = DocumentLine {
        description: "Block Print Cotton Kurti (M, Indigo) with a long name that has to wrap".into(),
        hsn_code: "6211".into(),
        quantity: 2,
        unit: "PCS".into(),
        unit_price: paise(999_00),
        rate: Rate::percent(5),
        split: TaxSplit { taxable: paise(1_902_86), cgst: paise(47_57), sgst: paise(47_57), igst: paise(0) },
        total: paise(1_998_00),
        credits_line: None,
    };
    let day = NaiveDate::from_ymd_opt(2026, 11, 25).expect("a day");
    let n = i64::try_from(lines).expect("few");
    TaxDocument {
        id: "d1".into(),
        order_id: "o1".into(),
        kind: DocumentKind::Invoice,
        number: "KP/26-27/42".into(),
        series: "KP".into(),
        financial_year: 2026,
        sequence: 42,
        issued_on: day,
        issued_at: Utc.with_ymd_and_hms(2026, 11, 25, 6, 0, 0).single().expect("an instant"),
        cites: None,
        supplier: Party { name: "Kapda Private Limited".into(), address: "21 Residency Road, Bengaluru 560025".into(), gstin: "29AAGCB7383J1Z4".into(), state: "Karnataka".into(), state_code: "29".into() },
        recipient: Party { name: "Asha Rao".into(), address: "4 Lake View, Mysuru, Karnataka, 570001".into(), gstin: String::new(), state: "Karnataka".into(), state_code: "29".into() },
        place_of_supply: "Karnataka".into(),
        place_of_supply_code: "29".into(),
        place_assumed: false,
        lines: vec![line; lines],
        totals: TaxSplit { taxable: paise(1_902_86 * n), cgst: paise(47_57 * n), sgst: paise(47_57 * n), igst: paise(0) },
        total: paise(1_998_00 * n),
        return_id: None,
    }
}

fn text(document: &TaxDocument) -> String {
    let bytes = render(document).expect("a PDF");
    pdf_extract::extract_text_from_mem(&bytes).expect("readable text")
}

#[test]
fn the_rule_46_fields_are_in_the_text() {
    let text = text(&invoice(1));
    for wanted in [
        "Tax Invoice",
        "Kapda Private Limited",
        "GSTIN: 29AAGCB7383J1Z4",
        "KP/26-27/42",
        "25-11-2026",
        "Asha Rao",
        "State: Karnataka, Code: 29",
        "Place of supply: Karnataka (29)",
        "6211",
        "2 PCS",
        "₹1,902.86",
        "5%",
        "₹47.57",
        "₹1,998.00",
        "Authorised signatory",
    ] {
        assert!(text.contains(wanted), "{wanted:?} missing from:\n{text}");
    }
}

/// Defect: no document named its order, so a shopper or an accountant matching a PDF to an
/// order had to compare amounts; and an exchange's replacement invoice showed a total with no
/// word that nothing was to be paid for it (the shopper had paid with the first order).
#[test]
fn every_document_names_its_order_and_a_replacement_invoice_says_nothing_is_due() {
    let mut doc = invoice(1);
    doc.order_id = "3f9a2c1e-5b7d-4e2a-9c3f-1a2b3c4d5e6f".into();
    let printed = text(&doc);
    assert!(printed.contains("Order: 3F9A2C1E"), "{printed}");
    assert!(!printed.contains("nothing to pay"), "{printed}");
    doc.return_id = Some("r1".into());
    let printed = text(&doc);
    assert!(printed.contains("Replacement pieces of an exchange: nothing to pay"), "{printed}");
    doc.kind = DocumentKind::CreditNote;
    assert!(!text(&doc).contains("nothing to pay"));
}

#[test]
fn many_lines_go_on_to_more_pages() {
    let text = text(&invoice(40));
    assert!(text.contains("₹79,920.00"), "the total of 40 lines:\n{text}");
    assert!(text.matches("Taxable value").count() >= 2, "the table's head again on the next page");
}

/// A document in Devanagari and Tamil: the supplier in Hindi, the recipient with a Hindi
/// name and a Tamil address, and lines in Hindi, Tamil and English.
fn indic_invoice() -> TaxDocument {
    let mut doc = invoice(3);
    doc.supplier.name = "कपड़ा कलेक्टिव प्राइवेट लिमिटेड".into();
    doc.supplier.address = "१२३, मरीन ड्राइव, मुंबई ४००००२। महाराष्ट्र".into();
    doc.recipient.name = "राम".into();
    doc.recipient.address = "௧௨ அண்ணா சாலை, சென்னை ௬௦௦௦௦௨".into();
    doc.lines[0].description = "कुर्ता (सूती, नीला) अर्जुन शर्मा के लिए".into();
    doc.lines[1].description = "பருத்தி புடவை".into();
    doc.lines[2].description = "Block Print Cotton Kurti ₹ Latin line".into();
    doc
}

/// The family names of the fonts embedded in the PDF, read from the font programs themselves
/// (printpdf names every font "F0", "F1", ... in the PDF).
fn embedded_fonts(bytes: &[u8]) -> Vec<String> {
    let pdf = pdf_extract::Document::load_mem(bytes).expect("a PDF");
    let mut families = Vec::new();
    for object in pdf.objects.values() {
        let Ok(descriptor) = object.as_dict() else { continue };
        let Ok(file) = descriptor.get(b"FontFile2").and_then(|f| f.as_reference()) else { continue };
        let stream = pdf.get_object(file).and_then(|s| s.as_stream()).expect("a font stream");
        let program = stream.decompressed_content().unwrap_or_else(|_| stream.content.clone());
        let face = rustybuzz::ttf_parser::Face::parse(&program, 0).expect("a TrueType font");
        let family = face
            .names()
            .into_iter()
            .filter(|n| n.name_id == rustybuzz::ttf_parser::name_id::FAMILY)
            .find_map(|n| n.to_string())
            .expect("a family name");
        families.push(family);
    }
    families.sort();
    families
}

#[test]
fn indic_text_is_drawn_in_noto_fonts() {
    let bytes = render(&indic_invoice()).expect("a PDF");
    if let Ok(dir) = std::env::var("INVOICE_PDF_SAMPLE_DIR") {
        std::fs::write(std::path::Path::new(&dir).join("indic.pdf"), &bytes).expect("the sample written");
    }
    let families = embedded_fonts(&bytes);
    assert_eq!(families, ["DejaVu Sans", "Noto Sans Devanagari", "Noto Sans Tamil"], "only the fonts the text needs");
}

#[test]
fn indic_text_reads_back() {
    let text = text(&indic_invoice());
    // Characters that are glyphs of their own map back through the fonts' ToUnicode maps:
    // names, Devanagari and Tamil digits, the danda. Conjuncts (प्र, क्टि, ண்), reph and the
    // matras drawn before their consonant (ि, ை) are glyphs that no character maps to, or come
    // in visual order, so pdf-extract, which reads ToUnicode only, cannot give them back; the
    // PDF also carries each Indic run as /ActualText (see `indic_runs_carry_their_text`).
    for wanted in ["राम", "१२३", "मरीन", "४००००२।", "௧௨", "சா", "௬௦௦௦௦௨", "Block Print Cotton Kurti ₹ Latin"] {
        assert!(text.contains(wanted), "{wanted:?} missing from:\n{text}");
    }
}

/// The /ActualText of every marked-content span on the document's pages.
fn actual_texts(bytes: &[u8]) -> Vec<String> {
    let pdf = pdf_extract::Document::load_mem(bytes).expect("a PDF");
    let mut texts = Vec::new();
    for page in pdf.get_pages().values() {
        let content = pdf.get_and_decode_page_content(*page).expect("a page's content");
        for op in content.operations.iter().filter(|op| op.operator == "BDC") {
            let Some(Ok(properties)) = op.operands.get(1).map(|p| p.as_dict()) else { continue };
            let Ok(utf16be) = properties.get(b"ActualText").and_then(|t| t.as_str()) else { continue };
            let units: Vec<u16> = utf16be.chunks_exact(2).skip(1).map(|b| u16::from_be_bytes([b[0], b[1]])).collect();
            texts.push(String::from_utf16(&units).expect("UTF-16"));
        }
    }
    texts
}

#[test]
fn indic_runs_carry_their_text() {
    // What a reader that honours /ActualText (Acrobat, poppler's pdftotext) copies.
    let texts = actual_texts(&render(&indic_invoice()).expect("a PDF"));
    for wanted in [
        "कपड़ा कलेक्टिव प्राइवेट लिमिटेड",
        "१२३, मरीन ड्राइव, मुंबई ४००००२। महाराष्ट्र",
        "राम",
        "௧௨ அண்ணா சாலை, சென்னை ௬௦௦௦௦௨",
        "कुर्ता (सूती, नीला) अर्जुन शर्मा के लिए",
        "பருத்தி புடவை",
    ] {
        assert!(texts.iter().any(|t| t == wanted), "{wanted:?} not among {texts:?}");
    }
}

#[test]
fn indic_text_is_shaped() {
    let pdf = PdfDocument::empty("shaping");
    let fonts = text::Fonts::new(&pdf).expect("the fonts");
    const DEVANAGARI: usize = 0;
    // र् before ज becomes a reph mark over it: two glyphs, not र ् ज.
    assert_eq!(fonts.shape(DEVANAGARI, "र्ज").len(), 2);
    // The i-matra comes first, drawn before the consonant it follows in the text.
    let ka = fonts.shape(DEVANAGARI, "क")[0].id;
    let ki: Vec<u16> = fonts.shape(DEVANAGARI, "कि").iter().map(|g| g.id).collect();
    assert_eq!((ki.len(), ki[1]), (2, ka), "{ki:?}");
    // Widths are the shaped ones: a conjunct is narrower than its letters side by side.
    assert!(fonts.width_mm("क्ष", 10.0) < fonts.width_mm("क्", 10.0) + fonts.width_mm("ष", 10.0));
}

#[test]
fn scripts_get_their_fonts_and_neighbours_stay_with_them() {
    let pdf = PdfDocument::empty("runs");
    let fonts = text::Fonts::new(&pdf).expect("the fonts");
    // One run per script; the digits, comma, space, danda and rupee sign inside an Indic run
    // stay in it (Noto Sans Devanagari has them); Latin letters go back to DejaVu.
    assert_eq!(
        fonts.runs_for_test("Asha अर्जुन १२३, मुंबई। ₹10 Kurta"),
        ["Latin:Asha ", "0:अर्जुन १२३, मुंबई। ₹10 ", "Latin:Kurta"]
    );
    for (script, text) in ["कुर्ता", "কুর্তা", "ਕੁੜਤਾ", "કુર્તા", "କୁର୍ତ୍ତା", "குர்தா", "కుర్తా", "ಕುರ್ತಾ", "കുർത്ത"].iter().enumerate() {
        assert_eq!(fonts.runs_for_test(text), [format!("{script}:{text}")]);
        assert!(fonts.shape(script, text).iter().all(|g| g.id != 0), "{text}: no .notdef");
    }
    // A danda after Latin text still finds a font that has it; ZWJ/ZWNJ stay with their cluster.
    assert_eq!(fonts.runs_for_test("Ok।"), ["Latin:Ok", "0:।"]);
    assert_eq!(fonts.runs_for_test("क्\u{200D}ष"), ["0:क्\u{200D}ष"]);
}

/// Each bundled Noto font is added to a document the first time its script is drawn, and
/// only then: an all-Latin document carries DejaVu alone, one with every script all ten.
#[test]
fn a_script_font_joins_the_document_when_its_script_is_drawn() {
    let words = ["कुर्ता", "কুর্তা", "ਕੁੜਤਾ", "કુર્તા", "କୁର୍ତ୍ତା", "குர்தா", "కుర్తా", "ಕುರ್ತಾ", "കുർത്ത"];
    let drawn = |texts: &[&str]| {
        let (pdf, page, layer) = PdfDocument::new("scripts", Mm(PAGE_W), Mm(PAGE_H), "page");
        let fonts = text::Fonts::new(&pdf).expect("the fonts");
        let layer = pdf.get_page(page).get_layer(layer);
        for (i, text) in texts.iter().enumerate() {
            fonts.draw(&layer, text, 10.0, MARGIN, TOP - 6.0 * i as f32);
        }
        drop(fonts);
        embedded_fonts(&pdf.save_to_bytes().expect("a PDF"))
    };
    assert_eq!(drawn(&["Kurta, ₹999"]), ["DejaVu Sans"]);
    let all = drawn(&[&["Kurta"][..], &words[..]].concat());
    assert_eq!(all.len(), 10, "{all:?}");
    assert!(all.iter().filter(|f| f.starts_with("Noto Sans")).count() == 9, "{all:?}");
}

#[test]
fn words_break_between_clusters_only() {
    let pdf = PdfDocument::empty("wrap");
    let fonts = text::Fonts::new(&pdf).expect("the fonts");
    let word = "प्रतिष्ठान".repeat(6);
    let lines = fonts.wrap(&word, 9.0, 20.0);
    assert!(lines.len() > 1, "{lines:?}");
    assert_eq!(lines.concat(), word);
    for line in &lines {
        assert!(fonts.width_mm(line, 9.0) <= 20.0, "{line:?}");
        // The clusters are प्र, ति, ष्ठा and न: a line starts with one of them, never inside.
        assert!(["प्र", "ति", "ष्ठा", "न"].iter().any(|c| line.starts_with(c)), "{line:?} starts inside a cluster");
    }
}

/// Every string a page shows, with where it starts and ends (points from the left edge).
#[derive(Default)]
struct Placed {
    words: Vec<(String, f64, f64)>,
}

impl pdf_extract::OutputDev for Placed {
    fn begin_page(&mut self, _: u32, _: &pdf_extract::MediaBox, _: Option<(f64, f64, f64, f64)>) -> Result<(), pdf_extract::OutputError> {
        Ok(())
    }
    fn end_page(&mut self) -> Result<(), pdf_extract::OutputError> {
        Ok(())
    }
    fn output_character(&mut self, trm: &pdf_extract::Transform, width: f64, _: f64, size: f64, c: &str) -> Result<(), pdf_extract::OutputError> {
        let (x, scale) = (trm.m31, (trm.m11 * trm.m22).abs().sqrt());
        if let Some(word) = self.words.last_mut() {
            word.0.push_str(c);
            word.1 = word.1.min(x);
            word.2 = word.2.max(x + width * size * scale);
        }
        Ok(())
    }
    fn begin_word(&mut self) -> Result<(), pdf_extract::OutputError> {
        self.words.push((String::new(), f64::MAX, f64::MIN));
        Ok(())
    }
    fn end_word(&mut self) -> Result<(), pdf_extract::OutputError> {
        Ok(())
    }
    fn end_line(&mut self) -> Result<(), pdf_extract::OutputError> {
        Ok(())
    }
}

fn placed(document: &TaxDocument) -> Vec<(String, f64, f64)> {
    let bytes = render(document).expect("a PDF");
    let pdf = pdf_extract::Document::load_mem(&bytes).expect("a PDF");
    let mut placed = Placed::default();
    pdf_extract::output_doc(&pdf, &mut placed).expect("readable text");
    placed.words.into_iter().filter(|w| !w.0.is_empty()).collect()
}

fn points(mm: f32) -> f64 {
    f64::from(mm) / 25.4 * 72.0
}

#[test]
fn long_words_are_broken_inside_their_column() {
    let mut doc = invoice(1);
    doc.supplier.address = "SuperLongTowerNameWithoutAnySpaces".repeat(5);
    let product = "HandBlockPrintedCottonAnarkaliKurtaWithMirrorWork".repeat(3)[..120].to_string();
    doc.lines[0].description = product.clone();
    let words = placed(&doc);
    for (text, _, right) in &words {
        assert!(*right <= points(PAGE_W - MARGIN) + 0.01, "{text:?} runs past the right margin to {right}pt");
    }
    // The description column: every piece of the product name ends before the HSN column.
    let description: Vec<_> = words.iter().filter(|w| (w.1 - points(column_left(1))).abs() < 0.5).collect();
    for (text, _, right) in &description {
        assert!(*right <= points(COLUMNS[1].1) + 0.01, "{text:?} runs into the HSN column");
    }
    let joined: String = description.iter().filter(|w| w.0 != "Description").map(|w| w.0.as_str()).collect();
    assert_eq!(joined, product, "the whole name, in pieces");
    let address: String = words.iter().filter(|w| w.0.starts_with("SuperLong") || w.0.contains("Spaces")).map(|w| w.0.as_str()).collect();
    assert_eq!(address, "SuperLongTowerNameWithoutAnySpaces".repeat(5));
}

#[test]
fn every_page_is_numbered_and_continuation_pages_name_the_document() {
    let bytes = render(&invoice(20)).expect("a PDF");
    let pages = pdf_extract::extract_text_from_mem_by_pages(&bytes).expect("readable text");
    assert_eq!(pages.len(), 2, "20 lines fill two pages");
    assert!(pages[0].contains("Page 1 of 2"), "{}", pages[0]);
    assert!(pages[1].contains("Page 2 of 2"), "{}", pages[1]);
    assert!(pages[1].contains("Tax Invoice KP/26-27/42"), "the title and number again:\n{}", pages[1]);
}
