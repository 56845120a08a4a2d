//! Tax invoices and credit notes as PDF, with the fields of CGST Rules 2017, rule 46 (and
//! rule 53 for credit notes): the supplier's name, address and GSTIN; the number and date;
//! the recipient's name, address, state and state code; the place of supply; per line the
//! description, HSN code, quantity, unit, taxable value, rate and CGST/SGST or IGST; the
//! totals; "Authorised signatory". Drawn with `printpdf` in DejaVu Sans (embedded, it has
//! the rupee sign; licence in `fonts/`).

use orders::{DocumentKind, DocumentPrinter, TaxDocument};
use printpdf::{IndirectFontRef, Line, Mm, PdfDocument, PdfLayerReference, Point};

/// DejaVu Sans 2.37 (Debian's fonts-dejavu-core): Bitstream Vera licence, see fonts/.
const FONT: &[u8] = include_bytes!("../fonts/DejaVuSans.ttf");

const PAGE_W: f32 = 210.0;
const PAGE_H: f32 = 297.0;
const MARGIN: f32 = 12.0;
/// Where a page's table rows stop and the next page begins.
const BOTTOM: f32 = 40.0;
/// One point in millimetres.
const PT: f32 = 0.352_778;

/// The PDF adapter of the orders' [`DocumentPrinter`] port.
#[derive(Debug, Default, Clone, Copy)]
pub struct PdfPrinter;

impl DocumentPrinter for PdfPrinter {
    fn pdf(&self, document: &TaxDocument) -> Result<Vec<u8>, String> {
        render(document)
    }
}

/// Text widths from the font's own advances, to right-align figures.
struct Metrics<'a> {
    face: ttf_parser::Face<'a>,
}

impl Metrics<'_> {
    fn width_mm(&self, text: &str, size: f32) -> f32 {
        let units = f32::from(self.face.units_per_em());
        let advance: f32 = text
            .chars()
            .map(|c| {
                self.face.glyph_index(c).and_then(|g| self.face.glyph_hor_advance(g)).map(f32::from).unwrap_or(units / 2.0)
            })
            .sum();
        advance / units * size * PT
    }
}

struct Pen<'a> {
    layer: PdfLayerReference,
    font: &'a IndirectFontRef,
    metrics: &'a Metrics<'a>,
}

impl Pen<'_> {
    fn text(&self, text: &str, size: f32, x: f32, y: f32) {
        self.layer.use_text(text, size, Mm(x), Mm(y), self.font);
    }

    /// Text whose right edge is at `right`.
    fn right(&self, text: &str, size: f32, right: f32, y: f32) {
        self.text(text, size, right - self.metrics.width_mm(text, size), y);
    }

    fn rule(&self, y: f32) {
        self.layer.add_line(Line {
            points: vec![(Point::new(Mm(MARGIN), Mm(y)), false), (Point::new(Mm(PAGE_W - MARGIN), Mm(y)), false)],
            is_closed: false,
        });
    }
}

/// Rupees as the invoice prints them: `₹1,23,456.00`.
fn inr(m: kernel::Money) -> String {
    m.format_inr()
}

fn date(d: chrono::NaiveDate) -> String {
    d.format("%d-%m-%Y").to_string()
}

/// Splits `text` into lines of at most `width` millimetres at `size`.
fn wrap(metrics: &Metrics<'_>, text: &str, size: f32, width: f32) -> Vec<String> {
    let mut lines = Vec::new();
    let mut current = String::new();
    for word in text.split_whitespace() {
        let candidate = if current.is_empty() { word.to_string() } else { format!("{current} {word}") };
        if metrics.width_mm(&candidate, size) <= width || current.is_empty() {
            current = candidate;
        } else {
            lines.push(std::mem::replace(&mut current, word.to_string()));
        }
    }
    if !current.is_empty() {
        lines.push(current);
    }
    lines
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
    let font = pdf.add_external_font(FONT).map_err(|e| e.to_string())?;
    let face = ttf_parser::Face::parse(FONT, 0).map_err(|e| e.to_string())?;
    let metrics = Metrics { face };
    let mut pen = Pen { layer: pdf.get_page(page).get_layer(layer), font: &font, metrics: &metrics };

    let mut y = PAGE_H - MARGIN - 4.0;
    pen.text(doc.kind.title(), 16.0, MARGIN, y);
    pen.right("Original for recipient", 8.0, PAGE_W - MARGIN, y);
    y -= 9.0;

    // Supplier (left) and the document's number and date (right).
    let right_x = 120.0;
    pen.text(&doc.supplier.name, 11.0, MARGIN, y);
    pen.text(&format!("{} No: {}", doc.kind.title(), doc.number), 9.0, right_x, y);
    let mut left = y - 5.0;
    for line in wrap(&metrics, &doc.supplier.address, 9.0, 100.0) {
        pen.text(&line, 9.0, MARGIN, left);
        left -= 4.5;
    }
    pen.text(&format!("GSTIN: {}", doc.supplier.gstin), 9.0, MARGIN, left);
    left -= 4.5;
    pen.text(&format!("State: {}, Code: {}", doc.supplier.state, doc.supplier.state_code), 9.0, MARGIN, left);
    let mut right = y - 5.0;
    pen.text(&format!("Date: {}", date(doc.issued_on)), 9.0, right_x, right);
    right -= 4.5;
    if let Some((number, issued_on)) = &doc.cites {
        pen.text(&format!("Against invoice {number} of {}", date(*issued_on)), 9.0, right_x, right);
        right -= 4.5;
    }
    pen.text("Reverse charge: No", 9.0, right_x, right);
    y = left.min(right) - 8.0;

    // Recipient and place of supply.
    pen.text("Bill to / Ship to", 8.0, MARGIN, y);
    y -= 5.0;
    pen.text(&doc.recipient.name, 10.0, MARGIN, y);
    y -= 4.5;
    for line in wrap(&metrics, &doc.recipient.address, 9.0, 120.0) {
        pen.text(&line, 9.0, MARGIN, y);
        y -= 4.5;
    }
    pen.text(&format!("State: {}, Code: {}", doc.recipient.state, doc.recipient.state_code), 9.0, MARGIN, y);
    y -= 4.5;
    pen.text(&format!("Place of supply: {} ({})", doc.place_of_supply, doc.place_of_supply_code), 9.0, MARGIN, y);
    y -= 4.5;
    if doc.place_assumed {
        pen.text("The delivery address names no GST state: the supplier's state is taken as the place of supply.", 7.5, MARGIN, y);
        y -= 4.5;
    }
    y -= 6.0;

    // Lines.
    y = table_head(&pen, y);
    for (n, line) in doc.lines.iter().enumerate() {
        let description = wrap(&metrics, &line.description, 8.0, COLUMNS[1].1 - column_left(1) - 1.0);
        let height = 4.0 * description.len().max(1) as f32 + 2.0;
        if y - height < BOTTOM {
            let (next_page, next_layer) = pdf.add_page(Mm(PAGE_W), Mm(PAGE_H), "page");
            pen = Pen { layer: pdf.get_page(next_page).get_layer(next_layer), ..pen };
            y = table_head(&pen, PAGE_H - MARGIN - 4.0);
        }
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
    pen.rule(y + 3.0);

    // Totals.
    y -= 2.0;
    let label_x = 120.0;
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
    pen.text("Prices include GST: the tax shown is inside the total, not added to it.", 7.5, MARGIN, y);

    // Signature.
    pen.right(&format!("For {}", doc.supplier.name), 9.0, PAGE_W - MARGIN, 28.0);
    pen.right("Authorised signatory", 9.0, PAGE_W - MARGIN, 16.0);
    pdf.save_to_bytes().map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests;
