//! GST documents of returns and exchanges (issue 19): a refund of an invoiced order's pieces
//! gets a credit note for exactly those pieces, an exchange a credit note and an invoice
//! for the replacement; on SQLite and PostgreSQL.
// Amounts in paise are written as rupees_paise (`999_00` is Rs 999.00).
#![allow(clippy::inconsistent_digit_grouping)]

use futures_util::future::join_all;
use serde_json::{json, Value};
use store::testing::TestDb;

use crate::helpers::{count, number, pdf_text, register_gst, seed_product, set_clock, shop_with_clock, sql, Reply, TestApp, KARNATAKA_GSTIN};

/// A shop whose clock reads 1 December 2026, 23:00 in India (financial year 2026-27).
fn shop_on(backend: store::Backend) -> TestApp {
    let (app, clock) = shop_with_clock(backend);
    set_clock(&clock, 2026, 12, 1, 17, 30);
    app
}

/// A kurta (HSN 6211) in M and L at Rs 999; returns the variant ids (M, L).
fn kurta(app: &TestApp) -> (String, String) {
    let (product, v) = seed_product(app, "Cotton Kurta", &[("M", "Indigo", 50, 999, 0), ("L", "Indigo", 50, 999, 0)]);
    sql(app, &format!("UPDATE products SET hsn_code = '6211' WHERE id = '{product}'"));
    (v[0].clone(), v[1].clone())
}

/// A new customer's delivered order of `quantity` pieces of `variant`: (token, order id, item id).
async fn delivered(app: &TestApp, admin: &str, name: &str, variant: &str, quantity: i64) -> (String, String, String) {
    let (token, _) = app.customer(name).await;
    let address = app.address(&token, "4 Lake View").await;
    app.add_to_cart(&token, variant, quantity).await.expect(201);
    let id = app.post("/api/orders/place", Some(&token), json!({ "addressId": address, "paymentMethod": "COD" })).await.expect(201).id();
    for to in ["SHIPPED", "DELIVERED"] {
        app.put(&format!("/api/orders/{id}/status"), Some(admin), json!({ "deliveryStatus": to })).await.expect(200);
    }
    let order = app.get("/api/orders/my-orders", Some(&token)).await.expect(200).body["data"][0].clone();
    let item = order["items"][0]["id"].as_str().unwrap_or_default().to_string();
    (token, id, item)
}

/// A shop on 1 December 2026 (GST-registered in Karnataka when `registered`, the order then
/// invoiced as KP/26-27/1) where Asha's order of `pieces` kurtas in M was delivered.
struct Sale {
    app: TestApp,
    admin: String,
    asha: String,
    order: String,
    /// The order's one item.
    item: String,
    /// The kurta in L, to exchange for.
    large: String,
}

impl Sale {
    async fn delivered(backend: store::Backend, pieces: i64, registered: bool) -> Sale {
        let app = shop_on(backend);
        let admin = app.admin().await;
        if registered {
            register_gst(&app, &admin, KARNATAKA_GSTIN, "Karnataka").await;
        }
        let (m, large) = kurta(&app);
        let (asha, order, item) = delivered(&app, &admin, "asha", &m, pieces).await;
        Sale { app, admin, asha, order, item, large }
    }
}

/// Asks for the return and moves it up to RECEIVED; returns the request id.
async fn received(app: &TestApp, admin: &str, token: &str, order: &str, body: Value) -> String {
    let id = app.post(&format!("/api/orders/{order}/returns"), Some(token), body).await.expect(201).id();
    for step in ["APPROVED", "PICKED_UP", "RECEIVED"] {
        app.put(&format!("/api/returns/{id}/status"), Some(admin), json!({ "status": step })).await.expect(200);
    }
    id
}

fn refund(item: &str, quantity: i64) -> Value {
    json!({ "kind": "REFUND", "reason": "CHANGED_MY_MIND", "lines": [{ "orderItemId": item, "quantity": quantity }] })
}

fn exchange(item: &str, to: &str) -> Value {
    json!({ "kind": "EXCHANGE", "reason": "SIZE_TOO_SMALL", "lines": [{ "orderItemId": item, "quantity": 1, "exchangeVariantId": to }] })
}

async fn pay(app: &TestApp, admin: &str, id: &str) -> Reply {
    app.put(&format!("/api/returns/{id}/status"), Some(admin), json!({ "status": "REFUNDED", "refundMethod": "UPI", "upiId": "asha.rao@okaxis" })).await
}

/// One figure of the document with this number, in paise (or a count).
fn figure(app: &TestApp, column: &str, number_is: &str) -> i64 {
    number(app, &format!("SELECT CAST({column} AS BIGINT) AS n FROM tax_documents WHERE number = '{number_is}'"))
}

#[derive(diesel::QueryableByName)]
struct LineRow {
    #[diesel(sql_type = diesel::sql_types::Text)]
    a: String,
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    b: i64,
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    c: i64,
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    d: i64,
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    e: i64,
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    f: i64,
}

/// Each line of the document with this number: (description, quantity, total, igst, rate,
/// the invoice line it credits or -1).
fn lines(app: &TestApp, number_is: &str) -> Vec<(String, i64, i64, i64, i64, i64)> {
    use diesel::RunQueryDsl;
    let mut conn = app.db.db.conn().expect("a connection");
    let rows: Vec<LineRow> = diesel::sql_query(
        format!(
            "SELECT l.description AS a, CAST(l.quantity AS BIGINT) AS b, CAST(l.total_paise AS BIGINT) AS c, CAST(l.igst_paise AS BIGINT) AS d, \
             CAST(l.rate_basis_points AS BIGINT) AS e, CAST(COALESCE(l.invoice_line, -1) AS BIGINT) AS f \
             FROM tax_document_lines l JOIN tax_documents d ON d.id = l.document_id WHERE d.number = '{number_is}' ORDER BY l.position"
        ),
    )
    .load(&mut *conn)
    .expect("the lines");
    rows.into_iter().map(|r| (r.a, r.b, r.c, r.d, r.e, r.f)).collect()
}

/// What the credit notes of the order add up to on its invoice's line 0: (pieces, igst, total).
fn credited(app: &TestApp, order: &str) -> (i64, i64, i64) {
    let sum = |column: &str| {
        number(
            app,
            &format!(
                "SELECT CAST(COALESCE(SUM(l.{column}), 0) AS BIGINT) AS n FROM tax_document_lines l JOIN tax_documents d ON d.id = l.document_id \
                 WHERE d.order_id = '{order}' AND d.kind = 'CREDIT_NOTE' AND l.invoice_line = 0"
            ),
        )
    };
    (sum("quantity"), sum("igst_paise"), sum("total_paise"))
}

#[actix_web::test]
async fn refunds_of_an_invoiced_order_issue_credit_notes_for_exactly_the_returned_pieces() {
    for backend in TestDb::backends() {
        let Sale { app, admin, asha, order, item, .. } = Sale::delivered(backend, 3, true).await;
        let (ravi, _) = app.customer("ravi").await;
        // 3 × 999.00 to another state at 5 %: IGST 142.71 (2,997.00 × 5/105).
        assert_eq!((figure(&app, "total_paise", "KP/26-27/1"), figure(&app, "igst_paise", "KP/26-27/1")), (2_997_00, 142_71));

        let first = received(&app, &admin, &asha, &order, refund(&item, 1)).await;
        assert_eq!(pdf_text(&app, &format!("/api/returns/{first}/credit-note.pdf"), &asha).await.0, 404, "none before the refund");
        let paid = pay(&app, &admin, &first).await.expect(200);
        assert_eq!(paid.body["data"]["creditNote"], json!({ "number": "CN/26-27/1", "issuedOn": "2026-12-01" }));
        assert!(paid.body["data"]["replacementInvoice"].is_null());
        // One piece at the invoice's price and rate: 999.00, IGST 47.57 (999 × 5/105).
        assert_eq!(lines(&app, "CN/26-27/1"), vec![("Cotton Kurta (M, Indigo)".to_string(), 1, 999_00, 47_57, 500, 0)]);
        assert_eq!(
            (figure(&app, "taxable_paise", "CN/26-27/1"), figure(&app, "igst_paise", "CN/26-27/1"), figure(&app, "total_paise", "CN/26-27/1")),
            (951_43, 47_57, 999_00)
        );
        assert_eq!(number(&app, "SELECT CAST(COUNT(*) AS BIGINT) AS n FROM tax_documents WHERE cites_number = 'KP/26-27/1'"), 1);
        let mine = app.get("/api/returns/my", Some(&asha)).await.expect(200);
        assert_eq!(mine.body["data"][0]["creditNote"]["number"], "CN/26-27/1");
        let history = app.get("/api/orders/my-orders", Some(&asha)).await.expect(200).body["data"][0].clone();
        assert_eq!((history["invoice"]["number"].as_str(), history["creditNote"].is_null()), (Some("KP/26-27/1"), true), "the order itself is not cancelled");

        let path = format!("/api/returns/{first}/credit-note.pdf");
        let (status, text) = pdf_text(&app, &path, &asha).await;
        assert_eq!(status, 200);
        for wanted in ["Credit Note", "CN/26-27/1", "Against invoice KP/26-27/1", KARNATAKA_GSTIN, "₹47.57", "₹999.00"] {
            assert!(text.contains(wanted), "{wanted:?} is not in the credit note:\n{text}");
        }
        assert_eq!(pdf_text(&app, &path, &admin).await.0, 200, "the admin gets it too");
        assert_eq!(pdf_text(&app, &path, &ravi).await.0, 404, "another customer does not");
        let theirs = app.get(&path, Some(&ravi)).await.expect(404);
        assert_eq!(theirs.message(), "Return request not found");
        assert_eq!(pdf_text(&app, &format!("/api/returns/{first}/invoice.pdf"), &asha).await.0, 404, "a refund has no new invoice");

        // The other two pieces: a second credit note, and together never above the invoice.
        let second = received(&app, &admin, &asha, &order, refund(&item, 2)).await;
        let paid = pay(&app, &admin, &second).await.expect(200);
        assert_eq!(paid.body["data"]["creditNote"]["number"], "CN/26-27/2");
        assert_eq!(lines(&app, "CN/26-27/2"), vec![("Cotton Kurta (M, Indigo)".to_string(), 2, 1_998_00, 95_14, 500, 0)]);
        assert_eq!(credited(&app, &order), (3, 142_71, 2_997_00), "exactly the invoice line");

        // The GST report of the day nets them against the invoice.
        let bearer = format!("Bearer {admin}");
        let (status, _, bytes) = app
            .get_raw("/api/reports/gst?from=2026-12-01&to=2026-12-01", &[("Authorization", &bearer), ("Accept-Encoding", "identity")])
            .await;
        assert_eq!(status, 200);
        let csv = String::from_utf8(bytes).expect("UTF-8");
        let rows: Vec<Vec<&str>> = csv.lines().map(|l| l.split(',').collect()).collect();
        let kinds: Vec<(&str, &str)> = rows.iter().filter(|r| r[0] == "invoice" || r[0] == "credit note").map(|r| (r[0], r[1])).collect();
        assert_eq!(kinds, vec![("credit note", "CN/26-27/1"), ("credit note", "CN/26-27/2"), ("invoice", "KP/26-27/1")]);
        let total = rows.iter().find(|r| r[0] == "total").expect("a total row");
        assert_eq!(total[12], "0.00", "everything was credited");
        let hsn: Vec<(&str, &str)> = rows.iter().filter(|r| r[0] == "hsn").map(|r| (r[1], r[2])).collect();
        assert_eq!(hsn, vec![("6211", "0")]);
        // A day later the credit notes are not that day's.
        let (_, _, bytes) = app
            .get_raw("/api/reports/gst?from=2026-12-02&to=2026-12-02", &[("Authorization", &bearer), ("Accept-Encoding", "identity")])
            .await;
        assert!(!String::from_utf8(bytes).expect("UTF-8").contains("CN/26-27"));
    }
}

#[actix_web::test]
async fn shipping_an_exchange_credits_the_returned_piece_and_invoices_the_replacement() {
    for backend in TestDb::backends() {
        let Sale { app, admin, asha, order, item, large } = Sale::delivered(backend, 2, true).await;
        let id = received(&app, &admin, &asha, &order, exchange(&item, &large)).await;
        assert_eq!(count(&app, "tax_documents"), 1, "receiving issues nothing");

        let shipped = app.put(&format!("/api/returns/{id}/status"), Some(&admin), json!({ "status": "EXCHANGE_SHIPPED" })).await.expect(200);
        assert_eq!(shipped.body["data"]["creditNote"], json!({ "number": "CN/26-27/1", "issuedOn": "2026-12-01" }));
        assert_eq!(shipped.body["data"]["replacementInvoice"], json!({ "number": "KP/26-27/2", "issuedOn": "2026-12-01" }));
        assert_eq!(lines(&app, "CN/26-27/1"), vec![("Cotton Kurta (M, Indigo)".to_string(), 1, 999_00, 47_57, 500, 0)]);
        assert_eq!(lines(&app, "KP/26-27/2"), vec![("Cotton Kurta (L, Indigo)".to_string(), 1, 999_00, 47_57, 500, -1)]);
        // Same price, same tax: the two net to nothing.
        let net = number(
            &app,
            &format!("SELECT CAST(SUM(CASE WHEN kind = 'INVOICE' THEN total_paise ELSE -total_paise END) AS BIGINT) AS n FROM tax_documents WHERE return_id = '{id}'"),
        );
        assert_eq!(net, 0);
        let history = app.get("/api/orders/my-orders", Some(&asha)).await.expect(200).body["data"][0].clone();
        assert_eq!(history["invoice"]["number"], "KP/26-27/1", "the order's own invoice stays its invoice");

        let (status, text) = pdf_text(&app, &format!("/api/returns/{id}/invoice.pdf"), &asha).await;
        assert_eq!(status, 200);
        for wanted in ["Tax Invoice", "KP/26-27/2", KARNATAKA_GSTIN, "₹999.00", "Place of supply: Maharashtra (27)"] {
            assert!(text.contains(wanted), "{wanted:?} is not in the replacement's invoice:\n{text}");
        }
        assert_eq!(pdf_text(&app, &format!("/api/returns/{id}/credit-note.pdf"), &admin).await.0, 200);
    }
}

#[actix_web::test]
async fn cancelling_after_a_shipped_exchange_credits_the_replacement_invoice_too() {
    for backend in TestDb::backends() {
        let Sale { app, admin, asha, order, item, large } = Sale::delivered(backend, 2, true).await;
        let id = received(&app, &admin, &asha, &order, exchange(&item, &large)).await;
        app.put(&format!("/api/returns/{id}/status"), Some(&admin), json!({ "status": "EXCHANGE_SHIPPED" })).await.expect(200);
        // KP/26-27/1: 2 M; CN/26-27/1: the M sent back; KP/26-27/2: the L sent instead.
        let cancelled = app.put(&format!("/api/orders/{order}/status"), Some(&admin), json!({ "deliveryStatus": "CANCELED" })).await.expect(200);
        assert_eq!(cancelled.body["data"]["creditNote"]["number"], "CN/26-27/2", "the order's own credit note");
        assert_eq!(lines(&app, "CN/26-27/2"), vec![("Cotton Kurta (M, Indigo)".to_string(), 1, 999_00, 47_57, 500, 0)]);
        assert_eq!(lines(&app, "CN/26-27/3"), vec![("Cotton Kurta (L, Indigo)".to_string(), 1, 999_00, 47_57, 500, 0)]);
        assert_eq!(figure(&app, "COUNT(*)", "CN/26-27/3"), 1);
        // Every piece is back: what was invoiced for the order is credited to the paisa.
        let net = |column: &str| {
            number(
                &app,
                &format!("SELECT CAST(SUM(CASE WHEN kind = 'INVOICE' THEN {column} ELSE -{column} END) AS BIGINT) AS n FROM tax_documents WHERE order_id = '{order}'"),
            )
        };
        assert_eq!((net("total_paise"), net("taxable_paise"), net("igst_paise")), (0, 0, 0));
        assert_eq!(count(&app, "tax_documents"), 5);
    }
}

#[actix_web::test]
async fn an_order_without_an_invoice_gets_no_documents_for_its_returns() {
    for backend in TestDb::backends() {
        // Not GST-registered: the order ships without an invoice.
        let Sale { app, admin, asha, order, item, large } = Sale::delivered(backend, 2, false).await;
        let refunded = received(&app, &admin, &asha, &order, refund(&item, 1)).await;
        let paid = pay(&app, &admin, &refunded).await.expect(200);
        assert!(paid.body["data"]["creditNote"].is_null());
        let exchanged = received(&app, &admin, &asha, &order, exchange(&item, &large)).await;
        // Registering later does not invoice what was sold before.
        register_gst(&app, &admin, KARNATAKA_GSTIN, "Karnataka").await;
        let shipped = app.put(&format!("/api/returns/{exchanged}/status"), Some(&admin), json!({ "status": "EXCHANGE_SHIPPED" })).await.expect(200);
        assert!(shipped.body["data"]["creditNote"].is_null() && shipped.body["data"]["replacementInvoice"].is_null());
        assert_eq!(count(&app, "tax_documents"), 0);
        assert_eq!(pdf_text(&app, &format!("/api/returns/{refunded}/credit-note.pdf"), &asha).await.0, 404);
        assert_eq!(pdf_text(&app, &format!("/api/returns/{exchanged}/invoice.pdf"), &admin).await.0, 404);
    }
}

#[actix_web::test]
async fn cancelling_after_a_refund_credits_only_what_is_left() {
    for backend in TestDb::backends() {
        let Sale { app, admin, asha, order, item, .. } = Sale::delivered(backend, 3, true).await;
        let id = received(&app, &admin, &asha, &order, refund(&item, 1)).await;
        pay(&app, &admin, &id).await.expect(200);
        let cancelled = app.put(&format!("/api/orders/{order}/status"), Some(&admin), json!({ "deliveryStatus": "CANCELED" })).await.expect(200);
        assert_eq!(cancelled.body["data"]["creditNote"]["number"], "CN/26-27/2");
        assert_eq!(lines(&app, "CN/26-27/2"), vec![("Cotton Kurta (M, Indigo)".to_string(), 2, 1_998_00, 95_14, 500, 0)]);
        assert_eq!(credited(&app, &order), (3, 142_71, 2_997_00));
    }
}

#[actix_web::test]
async fn ten_refunds_of_one_order_at_once_get_ten_consecutive_credit_note_numbers() {
    for backend in TestDb::backends() {
        let Sale { app, admin, asha, order, item, .. } = Sale::delivered(backend, 10, true).await;
        let mut ids = Vec::new();
        for _ in 0..10 {
            ids.push(received(&app, &admin, &asha, &order, refund(&item, 1)).await);
        }
        let replies = join_all(ids.iter().map(|id| pay(&app, &admin, id))).await;
        let mut numbers: Vec<i64> = replies
            .into_iter()
            .map(|r| {
                let number = r.expect(200).body["data"]["creditNote"]["number"].as_str().unwrap_or_default().to_string();
                number.strip_prefix("CN/26-27/").and_then(|n| n.parse().ok()).unwrap_or(0)
            })
            .collect();
        numbers.sort_unstable();
        assert_eq!(numbers, (1..=10).collect::<Vec<i64>>(), "{:?}", app.backend);
        // Ten credit notes of one piece each add up to the invoice line, to the paisa.
        assert_eq!(credited(&app, &order), (10, figure(&app, "igst_paise", "KP/26-27/1"), 9_990_00));
        assert_eq!(count(&app, "tax_documents"), 11);
    }
}
