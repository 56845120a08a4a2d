//! Golden invoices: every figure below was computed apart from this code (rate / (1 + rate)
//! of each line, halves rounded up, to the paisa) and is compared exactly.
// Amounts are written as rupees_paise.
#![allow(clippy::inconsistent_digit_grouping)]

use chrono::{TimeZone, Utc};
use kernel::Money;

use super::credit::{credit_lines, credit_note, replacement_invoice, Pieces, Replacement};
use super::*;
use crate::models::{AddressSnapshot, CustomerSnapshot, OrderItem, PaymentStatus};

fn paise(p: i64) -> Money {
    Money::from_paise(p)
}

/// 25 November 2026, 18:00 in India.
fn at() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 25, 12, 30, 0).single().expect("an instant")
}

fn supplier() -> Supplier {
    Supplier {
        name: "Kapda Private Limited".into(),
        address: "21 Residency Road, Bengaluru 560025".into(),
        gstin: "29AAGCB7383J1Z4".into(),
        state: "Karnataka".into(),
        invoice_prefix: "KP".into(),
    }
}

/// An order of `(name, price in paise, quantity)` delivered to `state`.
fn order(state: &str, lines: &[(&str, i64, i32)]) -> Order {
    let items: Vec<OrderItem> = lines
        .iter()
        .enumerate()
        .map(|(i, (name, price, quantity))| OrderItem {
            id: format!("item-{i}"),
            product_id: Some(format!("p{i}")),
            variant_id: Some(format!("v{i}")),
            product_name: name.to_string(),
            size: "M".into(),
            color: "Indigo".into(),
            image_url: None,
            quantity: *quantity,
            price_at_purchase: paise(*price),
            mrp: paise(*price),
        })
        .collect();
    let total = paise(items.iter().map(|i| i.line_total().paise()).sum());
    Order {
        id: "order-1".into(),
        user_id: "u1".into(),
        customer: CustomerSnapshot { first_name: "Asha".into(), last_name: "Rao".into(), email: "asha@example.in".into() },
        items,
        payment_method: "COD".into(),
        payment_status: PaymentStatus::Pending,
        delivery_status: DeliveryStatus::Pending,
        subtotal: total,
        discount: paise(0),
        total,
        address: AddressSnapshot {
            // Bought by Asha, delivered to Ravi: the invoice names the recipient.
            full_name: "Ravi Kumar".into(),
            phone: Some("9876543210".into()),
            landmark: None,
            address_line1: "4 Lake View".into(),
            address_line2: None,
            city: "Pune".into(),
            state: state.into(),
            postal_code: "411001".into(),
        },
        expected_delivery_date: at().date_naive(),
        delivered_on: None,
        created_at: at(),
        updated_at: at(),
        history: vec![],
        invoice: None,
        credit_note: None,
    }
}

/// Each line as (rate in basis points, taxable, cgst, sgst, igst) in paise.
fn figures(doc: &TaxDocument) -> Vec<(u32, i64, i64, i64, i64)> {
    doc.lines
        .iter()
        .map(|l| (l.rate.as_basis_points(), l.split.taxable.paise(), l.split.cgst.paise(), l.split.sgst.paise(), l.split.igst.paise()))
        .collect()
}

fn invoice(state: &str, lines: &[(&str, i64, i32)], hsn: &[&str]) -> TaxDocument {
    let hsn: Vec<Option<String>> = hsn.iter().map(|h| Some(h.to_string())).collect();
    build_invoice(&order(state, lines), &supplier(), &RateTable::defaults(), &hsn, at(), 7).expect("an invoice")
}

#[test]
fn within_the_state_each_slab_edge_is_split_into_cgst_and_sgst() {
    let doc = invoice(
        "Karnataka",
        &[("Tee", 999_00, 1), ("Kurta", 2_625_00, 2), ("Gown", 2_625_01, 1), ("Lehenga", 2_950_00, 1), ("Sherwani", 2_950_01, 3)],
        &["6109", "6211", "6204", "6204", "6203"],
    );
    assert_eq!(
        figures(&doc),
        vec![
            (500, 951_42, 23_79, 23_79, 0),
            (500, 5_000_00, 125_00, 125_00, 0),
            (1800, 2_224_59, 200_21, 200_21, 0),
            (1800, 2_500_00, 225_00, 225_00, 0),
            (1800, 7_500_03, 675_00, 675_00, 0),
        ]
    );
    let total: i64 = 999_00 + 2 * 2_625_00 + 2_625_01 + 2_950_00 + 3 * 2_950_01;
    assert_eq!(doc.total, paise(total));
    assert_eq!(doc.totals.taxable.paise() + doc.totals.tax().paise(), total, "the invoice adds up to the order");
    assert_eq!(doc.totals.cgst, doc.totals.sgst);
    assert_eq!((doc.number.as_str(), doc.place_of_supply.as_str(), doc.place_of_supply_code.as_str()), ("KP/26-27/7", "Karnataka", "29"));
    assert!(!doc.place_assumed);
}

#[test]
fn to_another_state_the_same_lines_pay_igst() {
    let doc = invoice(
        "Maharashtra",
        &[("Tee", 999_00, 1), ("Kurta", 2_625_00, 2), ("Gown", 2_625_01, 1), ("Lehenga", 2_950_00, 1), ("Sherwani", 2_950_01, 3)],
        &["6109", "6211", "6204", "6204", "6203"],
    );
    assert_eq!(
        figures(&doc),
        vec![
            (500, 951_43, 0, 0, 47_57),
            (500, 5_000_00, 0, 0, 250_00),
            (1800, 2_224_58, 0, 0, 400_43),
            (1800, 2_500_00, 0, 0, 450_00),
            (1800, 7_500_03, 0, 0, 1_350_00),
        ]
    );
    assert_eq!((doc.recipient.state.as_str(), doc.recipient.state_code.as_str()), ("Maharashtra", "27"));
    assert_eq!(doc.recipient.name, "Ravi Kumar");
    assert_eq!(doc.totals.taxable.paise() + doc.totals.tax().paise(), doc.total.paise());
}

#[test]
fn one_order_may_mix_rates_and_quantities() {
    let doc = invoice("Kerala", &[("Tee", 999_00, 3), ("Tote bag", 1_500_00, 1)], &["6109", "42022210"]);
    assert_eq!(figures(&doc), vec![(500, 2_854_29, 0, 0, 142_71), (1800, 1_271_19, 0, 0, 228_81)]);
    assert_eq!((doc.totals.taxable, doc.totals.igst, doc.total), (paise(4_125_48), paise(371_52), paise(4_497_00)));
    assert_eq!(doc.lines[1].unit, "PCS");
    let intra = invoice("Karnataka", &[("Tee", 999_00, 3), ("Tote bag", 1_500_00, 1)], &["6109", "42022210"]);
    assert_eq!(figures(&intra), vec![(500, 2_854_28, 71_36, 71_36, 0), (1800, 1_271_18, 114_41, 114_41, 0)]);
}

#[test]
fn an_unknown_delivery_state_is_taken_as_the_suppliers_own() {
    let doc = invoice("Mysore State", &[("Tee", 999_00, 1)], &["6109"]);
    assert!(doc.place_assumed);
    assert_eq!((doc.place_of_supply.as_str(), doc.totals.cgst), ("Karnataka", paise(23_79)));
}

#[test]
fn missing_codes_and_rates_name_the_product() {
    let o = order("Karnataka", &[("Silver ring", 999_00, 1)]);
    let none = build_invoice(&o, &supplier(), &RateTable::defaults(), &[None], at(), 1).err().map(|e| e.to_string());
    assert_eq!(none.as_deref(), Some("Silver ring has no HSN code: give it or its category one before shipping, the tax invoice needs it"));
    let unknown = build_invoice(&o, &supplier(), &RateTable::defaults(), &[Some("7113".into())], at(), 1).err().map(|e| e.to_string());
    assert_eq!(unknown.as_deref(), Some("No GST rate is known for HSN code 7113 (Silver ring)"));
}

#[test]
fn the_series_starts_again_on_the_first_of_april_in_india() {
    // 31 March 2027 18:29 UTC is 23:59 in India; 18:30 UTC is already 1 April.
    let before = Utc.with_ymd_and_hms(2027, 3, 31, 18, 29, 59).single().expect("an instant");
    let after = Utc.with_ymd_and_hms(2027, 3, 31, 18, 30, 0).single().expect("an instant");
    assert_eq!((financial_year(before).start_year, financial_year(after).start_year), (2026, 2027));
    let o = order("Karnataka", &[("Tee", 999_00, 1)]);
    let doc = build_invoice(&o, &Supplier { invoice_prefix: String::new(), ..supplier() }, &RateTable::defaults(), &[Some("6109".into())], after, 1).expect("an invoice");
    assert_eq!(doc.number, "INV/27-28/1");
}

#[test]
fn a_credit_note_cites_its_invoice_and_has_its_own_series() {
    let inv = invoice("Goa", &[("Tee", 999_00, 2)], &["6109"]);
    let later = Utc.with_ymd_and_hms(2027, 4, 2, 6, 0, 0).single().expect("an instant");
    let note = credit_note(&inv, credit_lines(&inv, &[], None), None, later, 1).expect("a credit note");
    assert_eq!((note.kind, note.number.as_str()), (DocumentKind::CreditNote, "CN/27-28/1"));
    assert_eq!(note.cites, Some((inv.number.clone(), inv.issued_on)));
    assert_eq!((figures(&note), note.totals, note.total), (figures(&inv), inv.totals, inv.total));
    assert_eq!(note.lines[0].credits_line, Some(0));
    assert_ne!(note.id, inv.id);
}

/// A line of 3 tees at Rs 333.33 (5 %, within Karnataka): Rs 999.99, of which 23.81 CGST
/// and 23.81 SGST; one tee is Rs 333.33 with 7.94 + 7.94 (rounded up from 7.936).
#[test]
fn partial_credit_notes_take_the_invoice_prices_and_never_exceed_a_line() {
    let inv = invoice("Karnataka", &[("Tee", 333_33, 3), ("Kurta", 999_00, 1)], &["6109", "6211"]);
    assert_eq!(figures(&inv)[0], (500, 952_37, 23_81, 23_81, 0));
    let one = |line| Pieces { line, quantity: 1 };
    let first = credit_note(&inv, credit_lines(&inv, &[], Some(&[one(0)])), Some("r1"), at(), 1).expect("a credit note");
    assert_eq!(figures(&first), vec![(500, 317_45, 7_94, 7_94, 0)]);
    assert_eq!((first.total, first.return_id.as_deref(), first.lines[0].credits_line), (paise(333_33), Some("r1"), Some(0)));
    let second = credit_note(&inv, credit_lines(&inv, std::slice::from_ref(&first), Some(&[one(0)])), Some("r2"), at(), 2).expect("a credit note");
    assert_eq!(figures(&second), vec![(500, 317_45, 7_94, 7_94, 0)]);
    // The last tee takes what is left: the three add up to the invoice line exactly.
    let earlier = [first.clone(), second.clone()];
    let third = credit_lines(&inv, &earlier, Some(&[Pieces { line: 0, quantity: 5 }, one(1)]));
    assert_eq!(third.iter().map(|l| (l.quantity, l.split.cgst.paise(), l.split.taxable.paise())).collect::<Vec<_>>(), vec![(1, 7_93, 317_47), (1, 23_79, 951_42)]);
    let everything = [first, second, credit_note(&inv, third, Some("r3"), at(), 3).expect("a credit note")];
    assert!(credit_lines(&inv, &everything, None).is_empty(), "nothing is left to credit");
    assert!(credit_lines(&inv, &everything, Some(&[one(0)])).is_empty());
}

#[test]
fn an_exchange_invoices_the_replacement_at_the_price_paid() {
    let inv = invoice("Goa", &[("Tee", 999_00, 2)], &["6109"]);
    let swap = Replacement { line: 0, quantity: 1, product_name: "Tee".into(), size: "L".into(), color: "Indigo".into() };
    let new = replacement_invoice(&inv, &supplier(), &RateTable::defaults(), &[swap], "r1", at(), 8).expect("an invoice");
    let note = credit_note(&inv, credit_lines(&inv, &[], Some(&[Pieces { line: 0, quantity: 1 }])), Some("r1"), at(), 1).expect("a credit note");
    assert_eq!((new.number.as_str(), new.kind, new.lines[0].description.as_str()), ("KP/26-27/8", DocumentKind::Invoice, "Tee (L, Indigo)"));
    assert_eq!((figures(&new), new.total, new.recipient.clone()), (figures(&note), note.total, inv.recipient.clone()));
    assert_eq!(new.lines[0].split.igst, paise(47_57));
    assert_eq!((new.cites.clone(), new.return_id.as_deref(), new.order_id.as_str()), (None, Some("r1"), inv.order_id.as_str()));
    assert_ne!(new.id, inv.id);
}

#[test]
fn which_changes_issue_documents() {
    assert_eq!(Documents::for_change(DeliveryStatus::Shipped), Documents::Invoice);
    assert_eq!(Documents::for_change(DeliveryStatus::Delivered), Documents::Invoice);
    assert_eq!(Documents::for_change(DeliveryStatus::Canceled), Documents::CreditNote);
    assert_eq!(Documents::for_change(DeliveryStatus::Pending), Documents::None);
}
