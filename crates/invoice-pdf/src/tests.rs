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

#[test]
fn many_lines_go_on_to_more_pages() {
    let text = text(&invoice(40));
    assert!(text.contains("₹79,920.00"), "the total of 40 lines:\n{text}");
    assert!(text.matches("Taxable value").count() >= 2, "the table's head again on the next page");
}
