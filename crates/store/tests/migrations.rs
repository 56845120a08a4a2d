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
        store::migrations::revert_through(&t.db, "2026-11-26-200000").unwrap();
        let cases = [
            (address(&t, &asha, " maharashtra "), "Maharashtra"),
            (address(&t, &asha, "Jammu & Kashmir"), "Jammu and Kashmir"),
            (address(&t, &asha, "Orissa"), "Odisha"),
            (address(&t, &ravi, "MH"), "MH"),
        ];
        store::migrations::run_pending(&t.db).unwrap();
        for (id, state) in &cases[..3] {
            assert_eq!(read(&t, id), Row { full_name: "asha Verma".into(), phone: Some("9876543210".into()), state: state.to_string() });
        }
        // No mobile on the account: the address must be completed before it takes an order;
        // a state that is no listed name is kept as typed.
        assert_eq!(read(&t, &cases[3].0), Row { full_name: "ravi Verma".into(), phone: None, state: "MH".into() });
    });
}
