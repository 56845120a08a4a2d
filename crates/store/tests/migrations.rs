//! What the migrations do to rows that were there before them, on every backend this run
//! can reach.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use common::{each_backend, exec, user, AT};
use diesel::prelude::*;
use diesel::sql_types::{Nullable, Text};

#[derive(QueryableByName, Debug, PartialEq)]
struct Row {
    #[diesel(sql_type = Text)]
    full_name: String,
    #[diesel(sql_type = Nullable<Text>)]
    phone: Option<String>,
    #[diesel(sql_type = Text)]
    state: String,
}

fn address(t: &store::testing::TestDb, user: &str, state: &str) -> String {
    let id = kernel::new_id();
    exec(
        t,
        &format!(
            "INSERT INTO addresses (id, user_id, address_line1, city, state, postal_code, is_default, created_at, updated_at) \
             VALUES ('{id}', '{user}', '1 MG Road', 'Pune', '{state}', '411001', FALSE, '{AT}', '{AT}')"
        ),
    );
    id
}

fn read(t: &store::testing::TestDb, id: &str) -> Row {
    let mut conn = t.db.conn().unwrap();
    diesel::sql_query(format!("SELECT full_name, phone, state FROM addresses WHERE id = '{id}'"))
        .get_result(&mut *conn)
        .unwrap()
}

#[test]
fn existing_addresses_get_the_account_holder_their_mobile_and_a_listed_state() {
    each_backend(|t| {
        let (asha, ravi) = (user(&t, "asha"), user(&t, "ravi"));
        exec(&t, &format!("UPDATE users SET mobile = '9876543210' WHERE id = '{asha}'"));
        // Mobiles that are no Indian mobile number (10 digits, the first 6 to 9) are not copied.
        let odd: Vec<String> = ["5876543210", "98765 4321", "98765432101"].iter().enumerate().map(|(i, mobile)| {
            let id = user(&t, &format!("odd{i}"));
            exec(&t, &format!("UPDATE users SET mobile = '{mobile}' WHERE id = '{id}'"));
            id
        }).collect();
        store::migrations::revert_through(&t.db, "2026-11-26-200000").unwrap();
        let cases = [
            (address(&t, &asha, " maharashtra "), "Maharashtra"),
            (address(&t, &asha, "Jammu & Kashmir"), "Jammu and Kashmir"),
            (address(&t, &asha, "Orissa"), "Odisha"),
            (address(&t, &ravi, "MH"), "MH"),
        ];
        let odd_addresses: Vec<String> = odd.iter().map(|id| address(&t, id, "Goa")).collect();
        store::migrations::run_pending(&t.db).unwrap();
        for (id, state) in &cases[..3] {
            assert_eq!(read(&t, id), Row { full_name: "asha Verma".into(), phone: Some("9876543210".into()), state: state.to_string() });
        }
        // No mobile on the account: the address must be completed before it takes an order;
        // a state that is no listed name is kept as typed.
        assert_eq!(read(&t, &cases[3].0), Row { full_name: "ravi Verma".into(), phone: None, state: "MH".into() });
        for id in &odd_addresses {
            assert_eq!(read(&t, id).phone, None);
        }
    });
}

/// An order with an invoice and its cancellation's credit note of one line each, as issued
/// before returns had documents of their own; returns the order id.
fn invoiced_and_cancelled(t: &store::testing::TestDb, user: &str) -> String {
    let order = order_of(t, user, "CANCELED");
    for (kind, number, series, cites) in [("INVOICE", "KP/25-26/1", "KP", "NULL"), ("CREDIT_NOTE", "CN/25-26/1", "CN", "'KP/25-26/1'")] {
        let document = kernel::new_id();
        exec(
            t,
            &format!(
                "INSERT INTO tax_documents (id, order_id, kind, number, series, financial_year, sequence, issued_on, issued_at, cites_number, \
                 supplier_name, supplier_address, supplier_gstin, supplier_state, supplier_state_code, recipient_name, recipient_address, \
                 recipient_state, recipient_state_code, place_of_supply, place_of_supply_code, place_assumed, taxable_paise, cgst_paise, \
                 sgst_paise, igst_paise, total_paise) VALUES ('{document}', '{order}', '{kind}', '{number}', '{series}', 2025, 1, '2026-01-01', \
                 '{AT}', {cites}, 'Kapda', 'Bengaluru', '29AAGCB7383J1Z4', 'Karnataka', '29', 'Asha', 'Pune', 'Maharashtra', '27', \
                 'Maharashtra', '27', FALSE, 95143, 0, 0, 4757, 99900)"
            ),
        );
        exec(
            t,
            &format!(
                "INSERT INTO tax_document_lines (id, document_id, position, description, hsn_code, quantity, unit, unit_price_paise, \
                 rate_basis_points, taxable_paise, cgst_paise, sgst_paise, igst_paise, total_paise) VALUES ('{}', '{document}', 0, \
                 'Kurta (M, Indigo)', '6211', 1, 'PCS', 99900, 500, 95143, 0, 0, 4757, 99900)",
                kernel::new_id()
            ),
        );
    }
    order
}

#[derive(QueryableByName, Debug, PartialEq)]
struct DocumentRow {
    #[diesel(sql_type = Text)]
    number: String,
    #[diesel(sql_type = Nullable<Text>)]
    return_id: Option<String>,
    #[diesel(sql_type = Nullable<diesel::sql_types::Integer>)]
    invoice_line: Option<i32>,
}

#[test]
fn documents_issued_before_returns_had_their_own_are_kept_and_one_order_may_hold_several() {
    each_backend(|t| {
        let asha = user(&t, "asha");
        store::migrations::revert_through(&t.db, "2026-11-28-200000").unwrap();
        let order = invoiced_and_cancelled(&t, &asha);
        store::migrations::run_pending(&t.db).unwrap();
        let rows: Vec<DocumentRow> = {
            let mut conn = t.db.conn().unwrap();
            diesel::sql_query(
                "SELECT d.number, d.return_id, l.invoice_line FROM tax_documents d JOIN tax_document_lines l ON l.document_id = d.id ORDER BY d.number",
            )
            .load(&mut *conn)
            .unwrap()
        };
        assert_eq!(
            rows,
            vec![
                DocumentRow { number: "CN/25-26/1".into(), return_id: None, invoice_line: Some(0) },
                DocumentRow { number: "KP/25-26/1".into(), return_id: None, invoice_line: None },
            ],
            "every document and line kept; the cancellation's credit note credits the invoice line by line"
        );
        // Still one invoice of the order's own, but return requests may add credit notes.
        let copy = |id: &str, number: &str, sequence: i64, return_id: &str| {
            format!(
                "INSERT INTO tax_documents (id, order_id, kind, number, series, financial_year, sequence, issued_on, issued_at, cites_number, \
                 cites_date, supplier_name, supplier_address, supplier_gstin, supplier_state, supplier_state_code, recipient_name, \
                 recipient_address, recipient_state, recipient_state_code, place_of_supply, place_of_supply_code, place_assumed, \
                 taxable_paise, cgst_paise, sgst_paise, igst_paise, total_paise, return_id) \
                 SELECT '{id}', order_id, kind, '{number}', series, financial_year, {sequence}, issued_on, issued_at, cites_number, cites_date, \
                 supplier_name, supplier_address, supplier_gstin, supplier_state, supplier_state_code, recipient_name, recipient_address, \
                 recipient_state, recipient_state_code, place_of_supply, place_of_supply_code, place_assumed, taxable_paise, cgst_paise, \
                 sgst_paise, igst_paise, total_paise, {return_id} FROM tax_documents WHERE number = 'KP/25-26/1'"
            )
        };
        let second_own = copy(&kernel::new_id(), "KP/25-26/2", 2, "NULL");
        let mut conn = t.db.conn().unwrap();
        assert!(diesel::connection::SimpleConnection::batch_execute(&mut *conn, &second_own).is_err(), "one invoice per order");
        drop(conn);
        let request = kernel::new_id();
        exec(
            &t,
            &format!(
                "INSERT INTO return_requests (id, order_id, user_id, kind, reason, status, created_at, updated_at) \
                 VALUES ('{request}', '{order}', '{asha}', 'EXCHANGE', 'SIZE_TOO_SMALL', 'EXCHANGE_SHIPPED', '{AT}', '{AT}')"
            ),
        );
        exec(&t, &copy(&kernel::new_id(), "KP/25-26/3", 3, &format!("'{request}'")));
        assert_eq!(common::count(&t, "tax_documents"), 3);
    });
}

/// An order of `user` in `status`, written straight into the table; returns its id.
fn order_of(t: &store::testing::TestDb, user: &str, status: &str) -> String {
    let order = kernel::new_id();
    exec(
        t,
        &format!(
            "INSERT INTO orders (id, user_id, customer_first_name, customer_last_name, customer_email, payment_method, payment_status, \
             delivery_status, subtotal_paise, discount_paise, total_paise, address_line1, city, state, postal_code, expected_delivery_date, \
             created_at, updated_at) VALUES ('{order}', '{user}', 'asha', 'Verma', 'asha@example.in', 'COD', 'PENDING', '{status}', \
             99900, 0, 99900, '1 MG Road', 'Pune', 'Maharashtra', '411001', '2026-01-08', '{AT}', '{AT}')"
        ),
    );
    order
}

#[derive(QueryableByName, Debug, PartialEq)]
struct CustomerCount {
    #[diesel(sql_type = Text)]
    user_id: String,
    #[diesel(sql_type = Text)]
    delivery_status: String,
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    order_count: i64,
}

fn customer_counts(t: &store::testing::TestDb) -> Vec<CustomerCount> {
    let mut conn = t.db.conn().unwrap();
    diesel::sql_query(
        "SELECT user_id, delivery_status, order_count FROM order_customer_counts WHERE order_count <> 0 ORDER BY user_id, delivery_status",
    )
    .load(&mut *conn)
    .unwrap()
}

#[test]
fn orders_placed_before_the_customer_counts_are_counted_and_every_later_change_is_followed() {
    each_backend(|t| {
        let (asha, ravi) = (user(&t, "asha"), user(&t, "ravi"));
        let row = |user: &str, status: &str, n: i64| CustomerCount { user_id: user.into(), delivery_status: status.into(), order_count: n };
        let sorted = |mut rows: Vec<CustomerCount>| {
            rows.sort_by(|a, b| (&a.user_id, &a.delivery_status).cmp(&(&b.user_id, &b.delivery_status)));
            rows
        };
        store::migrations::revert_through(&t.db, "2026-11-29-100000").unwrap();
        let first = order_of(&t, &asha, "PENDING");
        order_of(&t, &asha, "PENDING");
        let delivered = order_of(&t, &ravi, "DELIVERED");
        store::migrations::run_pending(&t.db).unwrap();
        assert_eq!(customer_counts(&t), sorted(vec![row(&asha, "PENDING", 2), row(&ravi, "DELIVERED", 1)]), "the orders already there");

        // A new order, a status change, an order moved to another account, a deleted order.
        order_of(&t, &ravi, "PENDING");
        exec(&t, &format!("UPDATE orders SET delivery_status = 'SHIPPED' WHERE id = '{first}'"));
        exec(&t, &format!("UPDATE orders SET user_id = '{ravi}' WHERE id = '{first}'"));
        exec(&t, &format!("DELETE FROM orders WHERE id = '{delivered}'"));
        assert_eq!(
            customer_counts(&t),
            sorted(vec![row(&asha, "PENDING", 1), row(&ravi, "PENDING", 1), row(&ravi, "SHIPPED", 1)]),
            "each change followed"
        );
    });
}

#[derive(QueryableByName, Debug, PartialEq)]
struct ReturnRow {
    #[diesel(sql_type = Text)]
    id: String,
    #[diesel(sql_type = Text)]
    status: String,
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    changes: i64,
}

fn returns_with_history(t: &store::testing::TestDb) -> Vec<ReturnRow> {
    let mut conn = t.db.conn().unwrap();
    diesel::sql_query(
        "SELECT r.id, r.status, COUNT(h.id) AS changes FROM return_requests r \
         JOIN return_status_history h ON h.return_id = r.id GROUP BY r.id, r.status ORDER BY r.id",
    )
    .load(&mut *conn)
    .unwrap()
}

/// A refund request of `user`'s `order` as the returns migration left the table, with its
/// first history entry; its id.
fn request_with_history(t: &store::testing::TestDb, order: &str, user: &str, reason: &str, status: &str) -> String {
    let id = kernel::new_id();
    exec(t, &format!(
        "INSERT INTO return_requests (id, order_id, user_id, kind, reason, status, created_at, updated_at) \
         VALUES ('{id}', '{order}', '{user}', 'REFUND', '{reason}', '{status}', '{AT}', '{AT}')"
    ));
    exec(t, &format!(
        "INSERT INTO return_status_history (id, return_id, from_status, to_status, changed_by, changed_at) \
         VALUES ('{}', '{id}', NULL, 'REQUESTED', '{user}', '{AT}')",
        kernel::new_id()
    ));
    id
}

fn attempt(t: &store::testing::TestDb, statement: &str) -> Result<(), String> {
    use diesel::connection::SimpleConnection;
    t.db.conn().unwrap().batch_execute(statement).map_err(|e| e.to_string())
}

/// SQLite changes a CHECK constraint only by rebuilding the table, which the return lines,
/// the history and the tax documents point at: every row and every link stays, the
/// constraints still hold, and going back turns a withdrawn request into a rejected one.
#[test]
fn the_withdrawn_status_keeps_every_return_request_and_its_links() {
    each_backend(|t| {
        let asha = user(&t, "asha");
        store::migrations::revert_through(&t.db, "2026-12-05-100000").unwrap();
        let order = order_of(&t, &asha, "DELIVERED");
        let requests: Vec<String> = ["APPROVED", "REQUESTED"].iter().map(|status| request_with_history(&t, &order, &asha, "CHANGED_MY_MIND", status)).collect();

        store::migrations::run_pending(&t.db).unwrap();
        exec(&t, &format!("UPDATE return_requests SET status = 'WITHDRAWN' WHERE id = '{}'", requests[0]));
        let row = |id: &String, status: &str| ReturnRow { id: id.clone(), status: status.into(), changes: 1 };
        let mut expected = vec![row(&requests[0], "WITHDRAWN"), row(&requests[1], "REQUESTED")];
        expected.sort_by(|a, b| a.id.cmp(&b.id));
        assert_eq!(returns_with_history(&t), expected);
        assert!(attempt(&t, "UPDATE return_requests SET status = 'LOST'").is_err(), "other statuses are still refused");
        let dangling = format!(
            "INSERT INTO return_status_history (id, return_id, to_status, changed_by, changed_at) VALUES ('{}', 'no-such-request', 'REQUESTED', '{asha}', '{AT}')",
            kernel::new_id()
        );
        assert!(attempt(&t, &dangling).is_err(), "the history still points at the requests");
        assert!(attempt(&t, &format!("DELETE FROM orders WHERE id = '{order}'")).is_err(), "the requests still point at their order");

        store::migrations::revert_through(&t.db, "2026-12-05-100000").unwrap();
        assert_eq!(returns_with_history(&t).iter().find(|r| r.id == requests[0]).map(|r| r.status.as_str()), Some("REJECTED"));
        store::migrations::run_pending(&t.db).unwrap();
    });
}

fn reasons(t: &store::testing::TestDb) -> Vec<(String, String)> {
    #[derive(QueryableByName)]
    struct Reason {
        #[diesel(sql_type = Text)]
        id: String,
        #[diesel(sql_type = Text)]
        reason: String,
    }
    let mut conn = t.db.conn().unwrap();
    let rows: Vec<Reason> = diesel::sql_query("SELECT id, reason FROM return_requests ORDER BY id").load(&mut *conn).unwrap();
    rows.into_iter().map(|r| (r.id, r.reason)).collect()
}

/// "Delivered late" widens the reasons' CHECK (a table rebuild on SQLite): every request, its
/// history and its links stay; going back turns a late-delivery request into a "not as
/// described" one, which older code reads and still refunds.
#[test]
fn the_late_delivery_reason_keeps_every_return_request_and_its_links() {
    each_backend(|t| {
        let asha = user(&t, "asha");
        store::migrations::revert_through(&t.db, "2026-12-07-100000").unwrap();
        let order = order_of(&t, &asha, "DELIVERED");
        let mut requests: Vec<String> =
            ["SIZE_TOO_SMALL", "NOT_AS_DESCRIBED"].iter().map(|reason| request_with_history(&t, &order, &asha, reason, "REQUESTED")).collect();

        store::migrations::run_pending(&t.db).unwrap();
        exec(&t, &format!("UPDATE return_requests SET reason = 'DELIVERED_LATE' WHERE id = '{}'", requests[0]));
        let mut expected = vec![(requests[0].clone(), "DELIVERED_LATE".to_string()), (requests[1].clone(), "NOT_AS_DESCRIBED".to_string())];
        expected.sort();
        assert_eq!(reasons(&t), expected);
        requests.sort();
        assert_eq!(returns_with_history(&t).iter().map(|r| r.id.clone()).collect::<Vec<_>>(), requests, "each request keeps its history");
        assert!(attempt(&t, "UPDATE return_requests SET reason = 'TOO_EXPENSIVE'").is_err(), "other reasons are still refused");
        assert!(attempt(&t, &format!("DELETE FROM orders WHERE id = '{order}'")).is_err(), "the requests still point at their order");

        store::migrations::revert_through(&t.db, "2026-12-07-100000").unwrap();
        assert!(reasons(&t).iter().all(|(_, reason)| reason == "NOT_AS_DESCRIBED"), "the late request reads as not as described");
        store::migrations::run_pending(&t.db).unwrap();
    });
}
