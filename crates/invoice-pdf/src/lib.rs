//! Tax invoices and credit notes as PDF, with the fields of CGST Rules 2017, rule 46 (and
//! rule 53 for credit notes): the supplier's name, address and GSTIN; the number and date;
//! the recipient's name, address, state and state code; the place of supply; per line the
//! description, HSN code, quantity, unit, taxable value, rate and CGST/SGST or IGST; the
//! totals; "Authorised signatory". Drawn with `printpdf`.
//!
//! Fonts (embedded, cut down to the glyphs a document uses; licences in `fonts/`): DejaVu Sans
//! for Latin text, figures and the rupee sign, and Noto Sans Devanagari, Bengali, Gurmukhi,
//! Gujarati, Oriya, Tamil, Telugu, Kannada and Malayalam, because names and addresses are
//! written in those scripts and rule 46 wants them on the invoice: DejaVu has none of them.
//! Every text is cut into runs by script (module `text`): Latin runs are written as they are; Indic
//! runs are shaped with `rustybuzz` (conjuncts such as र्ज, the i-matra drawn before its
//! consonant, reph, mark positions) and each glyph is placed where the shaper says. Widths for
//! right alignment and wrapping come from the same advances. Words wider than their column are
//! broken between grapheme clusters (never inside a conjunct); every page says "Page n of m",
//! and every page after the first repeats the document's title and number.

use orders::{DocumentKind, DocumentPrinter, TaxDocument};
use printpdf::{Line, Mm, PdfDocument, PdfDocumentReference, PdfLayerReference, Point};

mod text;
use text::Fonts;

const PAGE_W: f32 = 210.0;
const PAGE_H: f32 = 297.0;
const MARGIN: f32 = 12.0;
/// Where a page's table rows stop and the next page begins.
const BOTTOM: f32 = 40.0;
/// The baseline of "Page n of m".
const FOOTER: f32 = 7.0;
/// The baseline of "Authorised signatory"; the supplier's name stands above it.
const SIGNATORY: f32 = 16.0;
/// The first baseline of a page.
const TOP: f32 = PAGE_H - MARGIN - 4.0;

/// The PDF adapter of the orders' [`DocumentPrinter`] port.
#[derive(Debug, Default, Clone, Copy)]
pub struct PdfPrinter;

impl DocumentPrinter for PdfPrinter {
    fn pdf(&self, document: &TaxDocument) -> Result<Vec<u8>, String> {
        render(document)
    }
}

struct Pen<'a> {
    layer: PdfLayerReference,
    fonts: &'a Fonts<'a>,
}

impl Pen<'_> {
    fn text(&self, text: &str, size: f32, x: f32, y: f32) {
        self.fonts.draw(&self.layer, text, size, x, y);
    }

    /// Text whose right edge is at `right`.
    fn right(&self, text: &str, size: f32, right: f32, y: f32) {
        self.text(text, size, right - self.fonts.width_mm(text, size), y);
    }

    /// Wrapped text from `y` down; returns the baseline below its last line.
    fn paragraph(&self, text: &str, size: f32, x: f32, y: f32, width: f32, leading: f32) -> f32 {
        let mut y = y;
        for line in self.fonts.wrap(text, size, width) {
            self.text(&line, size, x, y);
            y -= leading;
        }
        y
    }

    fn rule(&self, y: f32) {
        self.layer.add_line(Line {
            points: vec![(Point::new(Mm(MARGIN), Mm(y)), false), (Point::new(Mm(PAGE_W - MARGIN), Mm(y)), false)],
            is_closed: false,
        });
    }
}

/// The pages drawn so far; a new page repeats the document's title and number.
struct Pages<'a> {
    pdf: &'a PdfDocumentReference,
    layers: Vec<PdfLayerReference>,
    current: PdfLayerReference,
    heading: String,
}

impl Pages<'_> {
    /// Starts a continuation page; returns the baseline below its heading.
    fn next(&mut self, fonts: &Fonts) -> f32 {
        let (page, layer) = self.pdf.add_page(Mm(PAGE_W), Mm(PAGE_H), "page");
        let layer = self.pdf.get_page(page).get_layer(layer);
        fonts.draw(&layer, &format!("{} (continued)", self.heading), 11.0, MARGIN, TOP);
        self.layers.push(layer.clone());
        self.current = layer;
        TOP - 9.0
    }

    fn pen<'f>(&self, fonts: &'f Fonts<'f>) -> Pen<'f> {
        Pen { layer: self.current.clone(), fonts }
    }

    /// "Page n of m" at the foot of every page, once m is known.
    fn number(&self, fonts: &Fonts) {
        let m = self.layers.len();
        for (n, layer) in self.layers.iter().enumerate() {
            let label = format!("Page {} of {m}", n + 1);
            let x = (PAGE_W - fonts.width_mm(&label, 8.0)) / 2.0;
            fonts.draw(layer, &label, 8.0, x, FOOTER);
        }
    }
}

/// Rupees as the invoice prints them: `₹1,23,456.00`.
fn inr(m: kernel::Money) -> String {
    m.format_inr()
}

fn date(d: chrono::NaiveDate) -> String {
    d.format("%d-%m-%Y").to_string()
}

/// The table's columns: title, right edge (mm) and whether figures align right.
const COLUMNS: [(&str, f32, bool); 10] = [
    ("#", 18.0, false),
    ("Description", 70.0, false),
    ("HSN", 88.0, false),
    ("Qty Unit", 106.0, false),
    ("Taxable value", 132.0, true),
    ("Rate", 144.0, true),
    ("CGST", 160.0, true),
    ("SGST", 176.0, true),
    ("IGST", 198.0, true),
    ("", 198.0, true),
];

fn column_left(i: usize) -> f32 {
    if i == 0 {
        MARGIN
    } else {
        COLUMNS[i - 1].1 + 1.5
    }
}

fn table_head(pen: &Pen<'_>, y: f32) -> f32 {
    pen.rule(y + 4.0);
    for (i, (title, right, figures)) in COLUMNS.iter().enumerate().take(9) {
        if *figures {
            pen.right(title, 8.0, *right, y);
        } else {
            pen.text(title, 8.0, column_left(i), y);
        }
    }
    pen.rule(y - 2.0);
    y - 7.0
}

pub fn render(doc: &TaxDocument) -> Result<Vec<u8>, String> {
    let title = format!("{} {}", doc.kind.title(), doc.number);
    let (pdf, page, layer) = PdfDocument::new(title.as_str(), Mm(PAGE_W), Mm(PAGE_H), "page");
    let fonts = Fonts::new(&pdf)?;
    let first = pdf.get_page(page).get_layer(layer);
    let mut pages = Pages { pdf: &pdf, layers: vec![first.clone()], current: first, heading: title };

    let y = parties(&pages.pen(&fonts), doc);
    let y = lines(&mut pages, &fonts, doc, y);
    totals(&mut pages, &fonts, doc, y);
    pages.number(&fonts);
    pdf.save_to_bytes().map_err(|e| e.to_string())
}

/// The heading, the supplier, the number and date, the recipient and the place of supply;
/// returns the baseline below them.
fn parties(pen: &Pen<'_>, doc: &TaxDocument) -> f32 {
    let mut y = TOP;
    pen.text(doc.kind.title(), 16.0, MARGIN, y);
    pen.right("Original for recipient", 8.0, PAGE_W - MARGIN, y);
    y -= 9.0;

    // Supplier (left, up to the right column) and the document's number and date (right).
    let right_x = 120.0;
    let mut left = pen.paragraph(&doc.supplier.name, 11.0, MARGIN, y, right_x - MARGIN - 4.0, 5.0);
    pen.text(&format!("{} No: {}", doc.kind.title(), doc.number), 9.0, right_x, y);
    left = pen.paragraph(&doc.supplier.address, 9.0, MARGIN, left, 100.0, 4.5);
    pen.text(&format!("GSTIN: {}", doc.supplier.gstin), 9.0, MARGIN, left);
    left -= 4.5;
    pen.text(&format!("State: {}, Code: {}", doc.supplier.state, doc.supplier.state_code), 9.0, MARGIN, left);
    let mut right = y - 5.0;
    pen.text(&format!("Date: {}", date(doc.issued_on)), 9.0, right_x, right);
    right -= 4.5;
    pen.text(&format!("Order: {}", doc.order_number()), 9.0, right_x, right);
    right -= 4.5;
    if let Some((number, issued_on)) = &doc.cites {
        pen.text(&format!("Against invoice {number} of {}", date(*issued_on)), 9.0, right_x, right);
        right -= 4.5;
    }
    pen.text("Reverse charge: No", 9.0, right_x, right);
    y = left.min(right) - 8.0;

    // Recipient and place of supply.
    let full = PAGE_W - 2.0 * MARGIN;
    pen.text("Bill to / Ship to", 8.0, MARGIN, y);
    y = pen.paragraph(&doc.recipient.name, 10.0, MARGIN, y - 5.0, full, 4.5);
    y = pen.paragraph(&doc.recipient.address, 9.0, MARGIN, y, 120.0, 4.5);
    y = pen.paragraph(&format!("State: {}, Code: {}", doc.recipient.state, doc.recipient.state_code), 9.0, MARGIN, y, full, 4.5);
    let place = format!("Place of supply: {} ({})", doc.place_of_supply, doc.place_of_supply_code);
    y = pen.paragraph(&place, 9.0, MARGIN, y, full, 4.5);
    if doc.place_assumed {
        let note = "The delivery address names no GST state: the supplier's state is taken as the place of supply.";
        y = pen.paragraph(note, 7.5, MARGIN, y, full, 4.5);
    }
    y - 6.0
}

/// The table of lines, going on to new pages as needed; returns the baseline below it.
fn lines(pages: &mut Pages<'_>, fonts: &Fonts, doc: &TaxDocument, y: f32) -> f32 {
    let mut y = table_head(&pages.pen(fonts), y);
    for (n, line) in doc.lines.iter().enumerate() {
        let description = fonts.wrap(&line.description, 8.0, COLUMNS[1].1 - column_left(1) - 1.0);
        let height = 4.0 * description.len().max(1) as f32 + 2.0;
        if y - height < BOTTOM {
            let top = pages.next(fonts);
            y = table_head(&pages.pen(fonts), top);
        }
        let pen = pages.pen(fonts);
        pen.text(&(n + 1).to_string(), 8.0, column_left(0), y);
        for (i, text) in description.iter().enumerate() {
            pen.text(text, 8.0, column_left(1), y - 4.0 * i as f32);
        }
        pen.text(&line.hsn_code, 8.0, column_left(2), y);
        pen.text(&format!("{} {}", line.quantity, line.unit), 8.0, column_left(3), y);
        pen.right(&inr(line.split.taxable), 8.0, COLUMNS[4].1, y);
        pen.right(&line.rate.label(), 8.0, COLUMNS[5].1, y);
        pen.right(&inr(line.split.cgst), 8.0, COLUMNS[6].1, y);
        pen.right(&inr(line.split.sgst), 8.0, COLUMNS[7].1, y);
        pen.right(&inr(line.split.igst), 8.0, COLUMNS[8].1, y);
        y -= height;
    }
    pages.pen(fonts).rule(y + 3.0);
    y
}

/// The totals, the GST note and the signature; on a new page when they would run into the
/// signature or the page number.
fn totals(pages: &mut Pages<'_>, fonts: &Fonts, doc: &TaxDocument, y: f32) {
    let label_x = 120.0;
    let signed = fonts.wrap(&format!("For {}", doc.supplier.name), 9.0, PAGE_W - MARGIN - label_x);
    // The signature block's top: one line per name line above "Authorised signatory".
    let signature_top = SIGNATORY + 12.0 + 4.5 * signed.len().saturating_sub(1) as f32 + 4.0;
    // The totals take 34 mm below `y` down to the GST note's descenders; a replacement
    // invoice's note two lines more.
    let height = if doc.is_replacement_invoice() { 43.0 } else { 34.0 };
    let mut y = if y - height < signature_top { pages.next(fonts) } else { y - 2.0 };
    let pen = pages.pen(fonts);
    let totals = [
        ("Total taxable value", doc.totals.taxable),
        ("Total CGST", doc.totals.cgst),
        ("Total SGST", doc.totals.sgst),
        ("Total IGST", doc.totals.igst),
    ];
    for (label, amount) in totals {
        pen.text(label, 9.0, label_x, y);
        pen.right(&inr(amount), 9.0, PAGE_W - MARGIN, y);
        y -= 5.0;
    }
    let total_label = match doc.kind {
        DocumentKind::Invoice => "Invoice total",
        DocumentKind::CreditNote => "Credit note total",
    };
    pen.text(total_label, 11.0, label_x, y);
    pen.right(&inr(doc.total), 11.0, PAGE_W - MARGIN, y);
    y -= 6.0;
    y = pen.paragraph("Prices include GST: the tax shown is inside the total, not added to it.", 7.5, MARGIN, y, PAGE_W - 2.0 * MARGIN, 4.0);
    if doc.is_replacement_invoice() {
        let note = "Replacement pieces of an exchange: nothing to pay. They were paid for with the order; the credit note for the returned pieces settles this invoice.";
        pen.paragraph(note, 7.5, MARGIN, y, PAGE_W - 2.0 * MARGIN, 4.0);
    }

    // Signature: the supplier's name (wrapped, upwards) 12 mm above "Authorised signatory".
    for (i, line) in signed.iter().rev().enumerate() {
        pen.right(line, 9.0, PAGE_W - MARGIN, SIGNATORY + 12.0 + 4.5 * i as f32);
    }
    pen.right("Authorised signatory", 9.0, PAGE_W - MARGIN, SIGNATORY);
}

#[cfg(test)]
mod tests;
