//! GST: the company's registration, HSN codes in the catalogue, tax invoices and credit
//! notes issued with the order's status changes, their PDFs, the GST report.
// Amounts in paise are written as rupees_paise (`2_625_01` is Rs 2,625.01).
#![allow(clippy::inconsistent_digit_grouping)]

use crate::helpers::{text, TestApp};

#[actix_web::test]
async fn company_gst_details_are_checked_and_kept() {
    for app in TestApp::all() {
        let admin = app.admin().await;
        let gst = |gstin: &str, state: &str, prefix: &str| {
            vec![
                text("name", "Kapda"),
                text("legalName", "Kapda Private Limited"),
                text("gstin", gstin),
                text("state", state),
                text("invoicePrefix", prefix),
            ]
        };
        let refused = [
            (gst("27AAPFU0939F1ZV", "Karnataka", "KP"), "invalid_gstin", "gstin", "This GSTIN's first two digits (27) are not the code of Karnataka"),
            (gst("29AAGCB7383J1Z5", "Karnataka", "KP"), "invalid_gstin", "gstin", "This GSTIN's check character is wrong: please check it for a typing mistake"),
            (gst("29AAGCB7383J1Z", "Karnataka", "KP"), "invalid_gstin", "gstin", "A GSTIN has 15 characters: the state code, the PAN, the entity number, Z and a check character"),
            (gst("29AAGCB7383J1Z4", "", "KP"), "state_required", "state", "Choose the state the GSTIN is registered in"),
            (gst("", "Mysore", "KP"), "unknown_state", "state", "Choose one of India's 36 states and union territories"),
            (gst("", "Karnataka", "KAPDA"), "invalid_prefix", "invoicePrefix", "An invoice prefix has 1 to 4 letters, digits or hyphens"),
        ];
        for (parts, code, field, message) in refused {
            let reply = app.form("PUT", "/api/company-details", Some(&admin), parts).await;
            assert_eq!((reply.error(), reply.message()), ((422, code, Some(field)), message));
        }
        assert_eq!(app.get("/api/company-details", None).await.body["data"]["gstin"], "", "nothing refused was kept");

        app.form("PUT", "/api/company-details", Some(&admin), gst(" 29aagcb7383j1z4 ", "karnataka", "kp")).await.expect(200);
        let saved = app.get("/api/company-details", None).await.expect(200).body["data"].clone();
        assert_eq!(
            (&saved["legalName"], &saved["gstin"], &saved["state"], &saved["invoicePrefix"]),
            (&"Kapda Private Limited".into(), &"29AAGCB7383J1Z4".into(), &"Karnataka".into(), &"KP".into())
        );
    }
}

use catalog::{CategoryInput, ParentChoice, ProductInput, VariantInput};
use futures_util::future::join_all;
use kernel::IncomingFile;
use serde_json::{json, Value};
use store::testing::TestDb;

use crate::helpers::{count, number, pdf_text, png, register_gst, set_clock, Reply, KARNATAKA_GSTIN};

/// Maharashtra (27): the test addresses are in Pune.
const MAHARASHTRA_GSTIN: &str = "27AAPFU0939F1ZV";

/// A product of one size in a category with this HSN code (`None`: no code), priced in
/// paise; returns the variant id.
fn goods(app: &TestApp, name: &str, hsn: Option<&str>, price_paise: i64, stock: i32) -> String {
    let picture = || vec![IncomingFile { bytes: png() }];
    let category = app
        .catalog
        .create_category(CategoryInput {
            name: Some(format!("{name} {}", &kernel::new_id()[..8])),
            description: None,
            parent: ParentChoice::TopLevel,
            hsn_code: hsn.map(str::to_string),
            files: picture(),
            deleted_upload_ids: Vec::new(),
        })
        .expect("a category");
    let product = app
        .catalog
        .create_product(ProductInput {
            name: Some(name.to_string()),
            category_id: Some(category.id),
            description: Some("Cotton".into()),
            variants: Some(vec![VariantInput {
                id: None,
                size: Some("M".into()),
                color: Some("Indigo".into()),
                color_hex: Some("#3F51B5".into()),
                stock: Some(stock.to_string()),
                original_price: Some(format!("{}.{:02}", price_paise / 100, price_paise % 100)),
                discount_price: Some("0".into()),
                sku: None,
                expected_stock: None,
            }]),
            files: picture(),
            ..ProductInput::default()
        })
        .expect("a product");
    product.variants[0].id.clone()
}

/// A new customer's order of these `(variant, quantity)` lines, delivered in Pune
/// (Maharashtra); returns (customer token, order id).
async fn order(app: &TestApp, name: &str, lines: &[(&str, i64)]) -> (String, String) {
    let (token, _) = app.customer(name).await;
    let address = app.address(&token, "4 Lake View").await;
    for (variant, quantity) in lines {
        app.add_to_cart(&token, variant, *quantity).await.expect(201);
    }
    let placed = app.post("/api/orders/place", Some(&token), json!({ "addressId": address, "paymentMethod": "COD" })).await.expect(201);
    (token, placed.id())
}

async fn set_status(app: &TestApp, admin: &str, id: &str, to: &str) -> Reply {
    app.put(&format!("/api/orders/{id}/status"), Some(admin), json!({ "deliveryStatus": to })).await
}

fn paise(app: &TestApp, column: &str, order_id: &str) -> i64 {
    number(app, &format!("SELECT CAST({column} AS BIGINT) AS n FROM tax_documents WHERE order_id = '{order_id}' AND kind = 'INVOICE'"))
}

fn shop_on(backend: store::Backend) -> (TestApp, kernel::Clock) {
    let clock = kernel::Clock::system();
    // 25 November 2026, noon in India: financial year 2026-27.
    set_clock(&clock, 2026, 11, 25, 6, 30);
    (TestApp::builder().backend(backend).clock(clock.clone()).spawn(), clock)
}

/// A shop of `shop_on` that is GST-registered in Karnataka and sells a Cotton Tee (HSN 6109).
struct Till {
    app: TestApp,
    clock: kernel::Clock,
    admin: String,
    tee: String,
}

impl Till {
    async fn open(backend: store::Backend, tee_paise: i64) -> Till {
        let (app, clock) = shop_on(backend);
        let admin = app.admin().await;
        register_gst(&app, &admin, KARNATAKA_GSTIN, "Karnataka").await;
        let tee = goods(&app, "Cotton Tee", Some("6109"), tee_paise, 100);
        Till { app, clock, admin, tee }
    }

    /// The till where asha, ravi and meera ordered a tee each, and their order ids.
    async fn with_three_orders(backend: store::Backend, tee_paise: i64) -> (Till, [String; 3]) {
        let till = Till::open(backend, tee_paise).await;
        let mut ids = Vec::new();
        for name in ["asha", "ravi", "meera"] {
            ids.push(order(&till.app, name, &[(&till.tee, 1)]).await.1);
        }
        let ids = [ids[0].clone(), ids[1].clone(), ids[2].clone()];
        (till, ids)
    }

    /// The till (its tee at Rs 999) where Asha ordered `tees` tees and one piece of the
    /// `(name, HSN code, paise)` goods, and Ravi one tee: (till, (asha's token, her order),
    /// (ravi's token, his order)).
    async fn with_two_orders(backend: store::Backend, other: (&str, &str, i64), tees: i64) -> (Till, (String, String), (String, String)) {
        let till = Till::open(backend, 999_00).await;
        let (name, hsn, paise) = other;
        let other = goods(&till.app, name, Some(hsn), paise, 10);
        let asha = order(&till.app, "asha", &[(&till.tee, tees), (&other, 1)]).await;
        let ravi = order(&till.app, "ravi", &[(&till.tee, 1)]).await;
        (till, asha, ravi)
    }
}

#[actix_web::test]
async fn shipping_issues_one_tax_invoice_that_adds_up_to_the_order() {
    for backend in TestDb::backends() {
        let (Till { app, admin, .. }, (asha, id), (ravi, _)) = Till::with_two_orders(backend, ("Silk Gown", "6204", 2_625_01), 2).await;
        let path = format!("/api/orders/{id}/invoice.pdf");
        assert_eq!(pdf_text(&app, &path, &asha).await.0, 404, "no invoice before the order ships");

        let shipped = set_status(&app, &admin, &id, "SHIPPED").await.expect(200);
        assert_eq!(shipped.body["data"]["invoice"]["number"], "KP/26-27/1");
        assert_eq!(shipped.body["data"]["invoice"]["issuedOn"], "2026-11-25");
        set_status(&app, &admin, &id, "DELIVERED").await.expect(200);
        assert_eq!(count(&app, "tax_documents"), 1, "issued once, when first shipped");
        let mine: Value = app.get("/api/orders/my-orders", Some(&asha)).await.expect(200).body["data"][0].clone();
        assert_eq!(mine["invoice"]["number"], "KP/26-27/1");

        // Delivered to Maharashtra from Karnataka: IGST. 999 × 2 at 5 % and 2,625.01 at 18 %.
        let total = 2 * 999_00 + 2_625_01;
        assert_eq!(paise(&app, "total_paise", &id), total);
        assert_eq!(
            (paise(&app, "taxable_paise", &id), paise(&app, "cgst_paise", &id), paise(&app, "igst_paise", &id)),
            (1_902_86 + 2_224_58, 0, 95_14 + 400_43)
        );

        let (status, text) = pdf_text(&app, &path, &asha).await;
        assert_eq!(status, 200);
        for wanted in [KARNATAKA_GSTIN, "KP/26-27/1", "6109", "6204", "IGST", "₹95.14", "₹400.43", "₹4,623.01", "Place of supply: Maharashtra (27)", "Authorised signatory"] {
            assert!(text.contains(wanted), "{wanted:?} is not in the invoice:\n{text}");
        }
        assert_eq!(pdf_text(&app, &path, &admin).await.0, 200, "the admin gets it too");
        assert_eq!(pdf_text(&app, &path, &ravi).await.0, 404, "another customer does not");
        assert_eq!(pdf_text(&app, &format!("/api/orders/{id}/credit-note.pdf"), &asha).await.0, 404);
    }
}

#[actix_web::test]
async fn within_the_companys_state_the_invoice_splits_cgst_and_sgst() {
    for app in TestApp::all() {
        let admin = app.admin().await;
        register_gst(&app, &admin, MAHARASHTRA_GSTIN, "Maharashtra").await;
        let dress = goods(&app, "Linen Dress", Some("6204"), 2_950_01, 10);
        let (_, id) = order(&app, "asha", &[(&dress, 3)]).await;
        set_status(&app, &admin, &id, "SHIPPED").await.expect(200);
        // 8,850.03 at 18 %: 675.00 each of CGST and SGST, taxable 7,500.03.
        assert_eq!(
            (paise(&app, "taxable_paise", &id), paise(&app, "cgst_paise", &id), paise(&app, "sgst_paise", &id), paise(&app, "igst_paise", &id)),
            (7_500_03, 675_00, 675_00, 0)
        );
    }
}

#[actix_web::test]
async fn thirty_orders_shipped_at_once_get_thirty_consecutive_numbers() {
    for backend in TestDb::backends() {
        let Till { app, admin, tee, .. } = Till::open(backend, 499_00).await;
        let mut ids = Vec::new();
        for i in 0..30 {
            ids.push(order(&app, &format!("shopper{i}"), &[(&tee, 1)]).await.1);
        }
        let replies = join_all(ids.iter().map(|id| set_status(&app, &admin, id, "SHIPPED"))).await;
        let mut numbers: Vec<i64> = replies
            .into_iter()
            .map(|r| {
                let r = r.expect(200);
                let number = r.body["data"]["invoice"]["number"].as_str().unwrap_or_default().to_string();
                number.strip_prefix("KP/").and_then(|n| n.split('/').nth(1)).and_then(|n| n.parse().ok()).unwrap_or(0)
            })
            .collect();
        numbers.sort_unstable();
        assert_eq!(numbers, (1..=30).collect::<Vec<i64>>(), "{:?}", app.backend);
        assert_eq!(count(&app, "tax_documents"), 30);
    }
}

#[actix_web::test]
async fn the_invoice_series_starts_again_on_the_first_of_april_in_india() {
    for backend in TestDb::backends() {
        let (Till { app, clock, admin, .. }, [first, second, third]) = Till::with_three_orders(backend, 499_00).await;
        set_status(&app, &admin, &first, "SHIPPED").await.expect(200);
        // 31 March 2027, 23:59 in India (18:29 UTC): still 2026-27. Months on, the owner signs
        // in again (a session lasts 7 days).
        set_clock(&clock, 2027, 3, 31, 18, 29);
        let admin = app.sign_in("owner@shop.in").await;
        let march = set_status(&app, &admin, &second, "SHIPPED").await.expect(200);
        assert_eq!((march.body["data"]["invoice"]["number"].as_str(), march.body["data"]["invoice"]["issuedOn"].as_str()), (Some("KP/26-27/2"), Some("2027-03-31")));
        // Two minutes later it is 1 April in India, though still 31 March in UTC.
        set_clock(&clock, 2027, 3, 31, 18, 31);
        let april = set_status(&app, &admin, &third, "SHIPPED").await.expect(200);
        assert_eq!((april.body["data"]["invoice"]["number"].as_str(), april.body["data"]["invoice"]["issuedOn"].as_str()), (Some("KP/27-28/1"), Some("2027-04-01")));
    }
}

#[actix_web::test]
async fn cancelling_an_invoiced_order_issues_a_credit_note_of_its_own_series() {
    for backend in TestDb::backends() {
        let Till { app, admin, tee, .. } = Till::open(backend, 999_00).await;
        let (asha, shipped) = order(&app, "asha", &[(&tee, 2)]).await;
        let (_, pending) = order(&app, "ravi", &[(&tee, 1)]).await;
        set_status(&app, &admin, &shipped, "SHIPPED").await.expect(200);
        let cancelled = set_status(&app, &admin, &shipped, "CANCELED").await.expect(200);
        assert_eq!(cancelled.body["data"]["creditNote"]["number"], "CN/26-27/1");
        assert_eq!(cancelled.body["data"]["invoice"]["number"], "KP/26-27/1", "the invoice stays");
        // A pending order has no invoice, so its cancellation needs no credit note, and it may
        // be re-opened.
        set_status(&app, &admin, &pending, "CANCELED").await.expect(200);
        // An invoice cancelled by a credit note stays cancelled: re-opened, the goods would
        // go out against an invoice whose tax the credit note took back.
        for to in ["SHIPPED", "DELIVERED", "PENDING"] {
            let refused = set_status(&app, &admin, &shipped, to).await;
            assert_eq!(refused.error(), (409, "invalid_state", None), "{to}");
            assert_eq!(
                refused.message(),
                "This order's invoice KP/26-27/1 was cancelled by credit note CN/26-27/1, so the order cannot be re-opened: the customer can place a new order",
                "{to}"
            );
        }
        assert_eq!(count(&app, "tax_documents"), 2);
        set_status(&app, &admin, &pending, "PENDING").await.expect(200);
        set_status(&app, &admin, &pending, "SHIPPED").await.expect(200);
        assert_eq!(count(&app, "tax_documents"), 3, "the re-opened order's own invoice");

        let (status, text) = pdf_text(&app, &format!("/api/orders/{shipped}/credit-note.pdf"), &asha).await;
        assert_eq!(status, 200);
        for wanted in ["Credit Note", "CN/26-27/1", "Against invoice KP/26-27/1 of 25-11-2026", KARNATAKA_GSTIN, "₹1,998.00"] {
            assert!(text.contains(wanted), "{wanted:?} is not in the credit note:\n{text}");
        }
    }
}

#[actix_web::test]
async fn an_unregistered_shop_ships_without_invoices_and_a_registered_one_needs_hsn_codes() {
    for app in TestApp::all() {
        let admin = app.admin().await;
        let plain = goods(&app, "Silver Ring", None, 999_00, 10);
        let (_, first) = order(&app, "asha", &[(&plain, 1)]).await;
        let shipped = set_status(&app, &admin, &first, "SHIPPED").await.expect(200);
        assert!(shipped.body["data"]["invoice"].is_null(), "no GSTIN: no invoice");

        register_gst(&app, &admin, KARNATAKA_GSTIN, "Karnataka").await;
        let (_, second) = order(&app, "ravi", &[(&plain, 1)]).await;
        let refused = set_status(&app, &admin, &second, "SHIPPED").await;
        assert_eq!(
            (refused.error(), refused.message()),
            ((409, "gst_setup", None), "Silver Ring has no HSN code: give it or its category one before shipping, the tax invoice needs it")
        );
        let order: Value = app.get("/api/orders/all", Some(&admin)).await.body["data"].clone();
        assert!(order.as_array().is_some_and(|o| o.iter().any(|o| o["id"] == second.as_str() && o["deliveryStatus"] == "PENDING")), "nothing changed");
        assert_eq!(count(&app, "tax_documents"), 0);
        assert_eq!(number(&app, "SELECT CAST(COUNT(*) AS BIGINT) AS n FROM document_counters"), 0, "no number was used up");
    }
}

#[actix_web::test]
async fn the_back_office_reads_states_and_the_rate_a_price_gets() {
    for app in TestApp::all() {
        let states = app.get("/api/gst/states", None).await.expect(200);
        let list = states.body["data"].as_array().cloned().unwrap_or_default();
        assert_eq!(list.len(), 36);
        assert_eq!((&list[26]["code"], &list[26]["name"]), (&json!("29"), &json!("Karnataka")));

        let admin = app.admin().await;
        let rate = |hsn: &'static str, price: &'static str| {
            let admin = admin.clone();
            let app = &app;
            async move { app.get(&format!("/api/gst/rate?hsnCode={hsn}&price={price}"), Some(&admin)).await }
        };
        let five = rate("6109", "2625.00").await.expect(200);
        assert_eq!((&five.body["data"]["rate"], &five.body["data"]["betweenSlabs"], &five.body["data"]["warning"]), (&json!("5%"), &json!(false), &Value::Null));
        let gap = rate("6109", "2625.01").await.expect(200);
        assert_eq!((&gap.body["data"]["rate"], &gap.body["data"]["betweenSlabs"]), (&json!("18%"), &json!(true)));
        assert_eq!(gap.body["data"]["warning"], "₹2,625.01 falls between two GST slabs: the shop charges 18% on it. A price of at most ₹2,625.00 keeps the 5% slab.");
        assert_eq!(rate("6109", "2950.01").await.expect(200).body["data"]["betweenSlabs"], false);
        assert_eq!(rate("7113", "500").await.expect(200).body["data"]["rate"], Value::Null);
        assert_eq!(rate("61", "500").await.error(), (422, "invalid_value", Some("hsnCode")));
        let (customer, _) = app.customer("asha").await;
        assert_eq!(app.get("/api/gst/rate?hsnCode=6109&price=100", Some(&customer)).await.status.as_u16(), 403);
    }
}

#[actix_web::test]
async fn hsn_codes_are_kept_on_categories_and_products() {
    use crate::helpers::file;
    for app in TestApp::all() {
        let admin = app.admin().await;
        let category = |hsn: &'static str| {
            vec![text("name", format!("Tees {hsn}")), text("hsnCode", hsn), file("media", "c.png", png())]
        };
        let refused = app.form("POST", "/api/categories", Some(&admin), category("61")).await;
        assert_eq!((refused.error(), refused.message()), ((422, "invalid_value", Some("hsnCode")), "An HSN code has 4 to 8 digits"));
        let tees = app.form("POST", "/api/categories", Some(&admin), category(" 6109 ")).await.expect(201);
        assert_eq!(tees.body["data"]["hsnCode"], "6109");
        let tree = app.get("/api/categories", None).await.expect(200);
        assert!(tree.body["data"].as_array().is_some_and(|c| c.iter().any(|c| c["hsnCode"] == "6109")));

        let product = app.product(&admin, "Polo", &tees.id(), json!([{ "size": "M", "color": "Red", "stock": 3, "originalPrice": 999, "discountPrice": 0 }])).await;
        assert_eq!(product["hsnCode"], Value::Null, "a product without a code takes its category's");
        let id = product["id"].as_str().unwrap_or_default().to_string();
        let own = app.form("PUT", &format!("/api/products/{id}"), Some(&admin), vec![text("hsnCode", "61051000")]).await.expect(200);
        assert_eq!(own.body["data"]["hsnCode"], "61051000");
        assert_eq!(app.get(&format!("/api/products/{id}"), None).await.body["data"]["hsnCode"], "61051000");
        let kept = app.form("PUT", &format!("/api/products/{id}"), Some(&admin), vec![text("productName", "Polo Tee")]).await.expect(200);
        assert_eq!(kept.body["data"]["hsnCode"], "61051000", "a form without the field keeps it");
        let cleared = app.form("PUT", &format!("/api/products/{id}"), Some(&admin), vec![text("hsnCode", "")]).await.expect(200);
        assert_eq!(cleared.body["data"]["hsnCode"], Value::Null);
    }
}

#[actix_web::test]
async fn the_gst_report_nets_credit_notes_against_invoices() {
    for backend in TestDb::backends() {
        let (Till { app, admin, .. }, (_, kept), (_, returned)) = Till::with_two_orders(backend, ("Tote Bag", "42022210", 1_500_00), 3).await;
        for id in [&kept, &returned] {
            set_status(&app, &admin, id, "SHIPPED").await.expect(200);
        }
        set_status(&app, &admin, &returned, "CANCELED").await.expect(200);

        let bearer = format!("Bearer {admin}");
        let (status, headers, bytes) = app
            .get_raw("/api/reports/gst?from=2026-11-25&to=2026-11-25", &[("Authorization", &bearer), ("Accept-Encoding", "identity")])
            .await;
        assert_eq!(status, 200);
        assert!(headers.get("content-type").and_then(|v| v.to_str().ok()).is_some_and(|t| t.starts_with("text/csv")));
        let text = String::from_utf8(bytes).expect("UTF-8");
        let rows: Vec<Vec<&str>> = text.lines().map(|l| l.split(',').collect()).collect();
        let kinds: Vec<(&str, &str, &str)> = rows.iter().filter(|r| r[0] == "invoice" || r[0] == "credit note").map(|r| (r[0], r[1], r[7])).collect();
        assert_eq!(
            kinds,
            vec![("credit note", "CN/26-27/1", "5%"), ("invoice", "KP/26-27/1", "5%"), ("invoice", "KP/26-27/1", "18%"), ("invoice", "KP/26-27/2", "5%")]
        );
        let total = rows.iter().find(|r| r[0] == "total").expect("a total row");
        let signed = |column: &str| {
            number(&app, &format!("SELECT CAST(SUM(CASE WHEN kind = 'INVOICE' THEN {column} ELSE -{column} END) AS BIGINT) AS n FROM tax_documents"))
        };
        let rupees = |paise: i64| format!("{}.{:02}", paise / 100, paise % 100);
        assert_eq!(
            total[8..13].to_vec(),
            vec![rupees(signed("taxable_paise")), rupees(signed("cgst_paise")), rupees(signed("sgst_paise")), rupees(signed("igst_paise")), rupees(signed("total_paise"))]
        );
        // The kept order alone: 999 × 3 + 1,500.00.
        assert_eq!(total[12], "4497.00");
        let hsn: Vec<(&str, &str)> = rows.iter().filter(|r| r[0] == "hsn").map(|r| (r[1], r[2])).collect();
        assert_eq!(hsn, vec![("42022210", "1"), ("6109", "3")], "net quantities: the returned tee is taken off");

        let reversed = app.get("/api/reports/gst?from=2026-11-26&to=2026-11-25", Some(&admin)).await;
        assert_eq!(reversed.error(), (422, "invalid_period", Some("from")));
        assert_eq!(app.get("/api/reports/gst?from=25-11-2026&to=2026-11-25", Some(&admin)).await.error(), (400, "invalid_query", Some("from")));
        let (customer, _) = app.customer("meera").await;
        assert_eq!(app.get("/api/reports/gst?from=2026-11-25&to=2026-11-25", Some(&customer)).await.status.as_u16(), 403);
    }
}

/// The rate (basis points) of the first line of the order's document of this kind.
fn line_rate(app: &TestApp, order_id: &str, kind: &str) -> i64 {
    number(
        app,
        &format!(
            "SELECT CAST(l.rate_basis_points AS BIGINT) AS n FROM tax_document_lines l JOIN tax_documents d ON d.id = l.document_id \
             WHERE d.order_id = '{order_id}' AND d.kind = '{kind}' AND l.position = 0"
        ),
    )
}

/// The table as the back office reads it, ready to be sent back.
async fn rate_rules(app: &TestApp, admin: &str) -> Vec<Value> {
    let table = app.get("/api/gst/rates", Some(admin)).await.expect(200);
    table.body["data"]
        .as_array()
        .cloned()
        .unwrap_or_default()
        .into_iter()
        .map(|rule| {
            let slabs: Vec<Value> = rule["slabs"]
                .as_array()
                .cloned()
                .unwrap_or_default()
                .into_iter()
                .map(|s| json!({ "upTo": s["upTo"], "rateBasisPoints": s["rateBasisPoints"] }))
                .collect();
            json!({ "hsnPrefix": rule["hsnPrefix"], "effectiveFrom": rule["effectiveFrom"], "slabs": slabs })
        })
        .collect()
}

#[actix_web::test]
async fn a_new_rate_rule_applies_to_invoices_issued_from_its_effective_date() {
    for backend in TestDb::backends() {
        let (Till { app, clock, admin, .. }, [november, march, april]) = Till::with_three_orders(backend, 999_00).await;

        // The seeded table: today's law.
        let seeded = app.get("/api/gst/rates", Some(&admin)).await.expect(200).body["data"].clone();
        let prefixes: Vec<&str> = seeded.as_array().map(|r| r.iter().filter_map(|r| r["hsnPrefix"].as_str()).collect()).unwrap_or_default();
        assert_eq!(prefixes, vec!["4202", "61", "62", "63", "64"]);
        assert_eq!(seeded[1]["effectiveFrom"], "2025-09-22");
        assert_eq!(
            seeded[1]["slabs"],
            json!([{ "upTo": 2500.0, "rateBasisPoints": 500, "rate": "5%" }, { "upTo": null, "rateBasisPoints": 1800, "rate": "18%" }])
        );

        set_status(&app, &admin, &november, "SHIPPED").await.expect(200);
        assert_eq!(line_rate(&app, &november, "INVOICE"), 500);

        // A new law for chapter 61 from 1 April 2027: 12 % at any price.
        let mut rules = rate_rules(&app, &admin).await;
        rules.push(json!({ "hsnPrefix": "61", "effectiveFrom": "2027-04-01", "slabs": [{ "upTo": null, "rateBasisPoints": 1200 }] }));
        let saved = app.put("/api/gst/rates", Some(&admin), json!({ "rules": rules })).await.expect(200);
        assert_eq!(saved.message(), "GST rates saved: changes apply to documents issued from their effective date");
        assert_eq!(saved.body["data"].as_array().map(Vec::len), Some(6));
        let rate_now = |instance_get: Reply| instance_get.expect(200).body["data"]["rate"].clone();
        assert_eq!(rate_now(app.get("/api/gst/rate?hsnCode=6109&price=999", Some(&admin)).await), "5%", "not yet in force");

        // 31 March 2027, 23:59 in India: the old rule still applies. (Months on: signed in again.)
        set_clock(&clock, 2027, 3, 31, 18, 29);
        let admin = app.sign_in("owner@shop.in").await;
        set_status(&app, &admin, &march, "SHIPPED").await.expect(200);
        assert_eq!(line_rate(&app, &march, "INVOICE"), 500);
        // 1 April 2027 in India: the new one, on this instance and on another one.
        set_clock(&clock, 2027, 3, 31, 18, 31);
        set_status(&app, &admin, &april, "SHIPPED").await.expect(200);
        assert_eq!(line_rate(&app, &april, "INVOICE"), 1200);
        assert_eq!(paise(&app, "igst_paise", &april), 107_04, "999 at 12 %: taxable 891.96");
        let other = app.second_instance();
        assert_eq!(rate_now(other.get("/api/gst/rate?hsnCode=6109&price=999", Some(&admin)).await), "12%");

        // Issued documents keep their rates: the November invoice's credit note, issued now,
        // credits 5 %, and the report still shows 5 % for it.
        set_status(&app, &admin, &november, "CANCELED").await.expect(200);
        assert_eq!((line_rate(&app, &november, "INVOICE"), line_rate(&app, &november, "CREDIT_NOTE")), (500, 500));

        // A rule an issued invoice was charged under cannot change any more.
        let without_april: Vec<Value> = rules.iter().filter(|r| r["effectiveFrom"] != "2027-04-01").cloned().collect();
        let refused = app.put("/api/gst/rates", Some(&admin), json!({ "rules": without_april })).await;
        assert_eq!(refused.error(), (422, "rule_in_use", Some("effectiveFrom")));
        assert!(
            refused.message().starts_with("Invoice KP/27-28/1 of 1 April 2027 (HSN 6109) was issued under the rule for HSN 61 from 1 April 2027"),
            "{}",
            refused.message()
        );
        let kept = rate_rules(&app, &admin).await;
        let mut changed = kept.clone();
        changed[1]["slabs"][0]["rateBasisPoints"] = json!(300);
        let refused = app.put("/api/gst/rates", Some(&admin), json!({ "rules": changed })).await;
        assert_eq!(refused.error(), (422, "rule_in_use", Some("effectiveFrom")));
        assert!(refused.message().starts_with("Invoice KP/26-27/1 of 25 November 2026 (HSN 6109)"), "{}", refused.message());
        assert_eq!(rate_rules(&app, &admin).await, kept, "nothing refused was kept");
    }
}

#[actix_web::test]
async fn the_rate_table_is_checked_and_only_the_admin_reads_or_changes_it() {
    for backend in TestDb::backends() {
        let (app, _clock) = shop_on(backend);
        let admin = app.admin().await;
        let rules = rate_rules(&app, &admin).await;
        let with = |rule: Value| {
            let mut all = rules.clone();
            all.push(rule);
            json!({ "rules": all })
        };
        let rule = |prefix: &str, from: &str, slabs: Value| json!({ "hsnPrefix": prefix, "effectiveFrom": from, "slabs": slabs });
        let flat = |bp: i64| json!([{ "upTo": null, "rateBasisPoints": bp }]);
        let refused = [
            (with(rule("6", "2027-04-01", flat(500))), (400, "invalid_input", Some("hsnPrefix")), "An HSN prefix has 2 to 8 digits ('6' has not)"),
            (with(rule("61a", "2027-04-01", flat(500))), (400, "invalid_input", Some("hsnPrefix")), "An HSN prefix has 2 to 8 digits ('61a' has not)"),
            (with(rule(" 61", "2027-04-01", flat(500))), (400, "invalid_input", Some("hsnPrefix")), "An HSN prefix has 2 to 8 digits (' 61' has not)"),
            (with(rule("61", "2027-02-30", flat(500))), (422, "invalid_value", Some("effectiveFrom")), "An effective date is a day as YYYY-MM-DD"),
            (with(rule("61", "2027-04-01", flat(2801))), (422, "invalid_value", Some("rateBasisPoints")), "A rate is 0 to 2800 basis points (28%)"),
            (with(rule("61", "2027-04-01", json!([]))), (400, "invalid_input", Some("slabs")), "A rule has 1 to 10 slabs"),
            (
                with(rule("61", "2027-04-01", json!([{ "upTo": 1000, "rateBasisPoints": 500 }]))),
                (422, "invalid_slabs", Some("slabs")),
                "The last slab of the rule for HSN 61 from 1 April 2027 must have no limit: it takes every higher value",
            ),
            (
                with(rule("61", "2027-04-01", json!([{ "upTo": 3000, "rateBasisPoints": 500 }, { "upTo": 1000, "rateBasisPoints": 1200 }, { "rateBasisPoints": 1800 }]))),
                (422, "invalid_slabs", Some("slabs")),
                "The slabs of the rule for HSN 61 from 1 April 2027 must have ascending limits",
            ),
            (
                with(rule("61", "2025-09-22", flat(1200))),
                (422, "duplicate_rule", Some("effectiveFrom")),
                "There are two rules for HSN 61 from 22 September 2025: keep one",
            ),
            (
                with(rule("61", "2027-04-01", json!([{ "upTo": 2500.005, "rateBasisPoints": 500 }, { "rateBasisPoints": 1800 }]))),
                (422, "invalid_amount", Some("upTo")),
                "The slab's limit must have at most two decimals",
            ),
        ];
        for (body, error, message) in refused {
            let reply = app.put("/api/gst/rates", Some(&admin), body).await;
            assert_eq!((reply.error(), reply.message()), (error, message));
        }
        assert_eq!(rate_rules(&app, &admin).await, rules, "nothing refused was kept");

        // Jewellery (7113) at 3 % from today: no invoice used the table for it yet.
        app.put("/api/gst/rates", Some(&admin), with(rule("7113", "2026-11-25", flat(300)))).await.expect(200);
        let ring = app.get("/api/gst/rate?hsnCode=711319&price=500", Some(&admin)).await.expect(200);
        assert_eq!(ring.body["data"]["rate"], "3%");
        // and removed again, as nothing was issued under it.
        app.put("/api/gst/rates", Some(&admin), json!({ "rules": rules })).await.expect(200);
        assert_eq!(app.get("/api/gst/rate?hsnCode=711319&price=500", Some(&admin)).await.body["data"]["rate"], Value::Null);

        let (customer, _) = app.customer("asha").await;
        assert_eq!(app.get("/api/gst/rates", None).await.status.as_u16(), 401);
        assert_eq!(app.get("/api/gst/rates", Some(&customer)).await.status.as_u16(), 403);
        assert_eq!(app.put("/api/gst/rates", None, json!({ "rules": rules })).await.status.as_u16(), 401);
        assert_eq!(app.put("/api/gst/rates", Some(&customer), json!({ "rules": [] })).await.status.as_u16(), 403);
        assert_eq!(rate_rules(&app, &admin).await, rules);
    }
}
