//! Test data written straight into the tables, as the catalogue would have left it.
#![allow(dead_code)]

use diesel::connection::SimpleConnection;
use store::testing::TestDb;

pub const AT: &str = "2026-01-01 10:00:00";

pub fn each_backend(test: impl Fn(TestDb)) {
    for backend in TestDb::backends() {
        test(TestDb::new(backend));
    }
}

pub fn exec(t: &TestDb, statement: &str) {
    let mut conn = t.db.conn().unwrap();
    conn.batch_execute(statement).unwrap_or_else(|e| panic!("{statement}: {e}"));
}

/// A customer; returns the id.
pub fn user(t: &TestDb, name: &str) -> String {
    let id = kernel::new_id();
    exec(
        t,
        &format!(
            "INSERT INTO users (id, username, email, password_hash, user_type, first_name, last_name, created_at, updated_at) \
             VALUES ('{id}', '{name}', '{name}@example.in', 'x', 'CUSTOMER', '{name}', 'Verma', '{AT}', '{AT}')"
        ),
    );
    id
}

/// A product in a new category with two images (positions 1 and 0) and the given variants
/// `(size, colour, stock, price paise, saving paise)`; returns (product id, variant ids).
pub fn product(t: &TestDb, name: &str, variants: &[(&str, &str, i32, i64, i64)]) -> (String, Vec<String>) {
    let category = kernel::new_id();
    let product = kernel::new_id();
    let slug = format!("{}-{}", name.to_lowercase().replace(' ', "-"), &product[..8]);
    exec(
        t,
        &format!(
            "INSERT INTO categories (id, name, slug, description, parent_id, parent_key, upload_id, created_at, updated_at) \
             VALUES ('{category}', 'Cat {product}', 'cat-{product}', '', NULL, '', NULL, '{AT}', '{AT}');
             INSERT INTO products (id, name, slug, description, category_id, is_best_seller, created_at, updated_at) \
             VALUES ('{product}', '{name}', '{slug}', 'Soft cotton', '{category}', TRUE, '{AT}', '{AT}');"
        ),
    );
    for (position, file) in [(1, "back"), (0, "front")] {
        let upload = kernel::new_id();
        exec(
            t,
            &format!(
                "INSERT INTO uploads (id, filename, content_type, width, height, byte_size, created_at) \
                 VALUES ('{upload}', '{file}-{upload}.jpg', 'image/jpeg', 10, 10, 100, '{AT}');
                 INSERT INTO product_images (id, product_id, upload_id, position) VALUES ('{}', '{product}', '{upload}', {position});",
                kernel::new_id()
            ),
        );
    }
    let mut ids = Vec::new();
    for (position, (size, color, stock, price, saving)) in variants.iter().enumerate() {
        let id = kernel::new_id();
        exec(
            t,
            &format!(
                "INSERT INTO variants (id, product_id, size, color, color_hex, stock, original_price_paise, discount_price_paise, position, created_at, updated_at) \
                 VALUES ('{id}', '{product}', '{size}', '{color}', '#112233', {stock}, {price}, {saving}, {position}, '{AT}', '{AT}')"
            ),
        );
        ids.push(id);
    }
    (product, ids)
}

pub fn stock(t: &TestDb, variant: &str) -> i32 {
    use diesel::prelude::*;
    use store::schema::variants;
    let mut conn = t.db.conn().unwrap();
    variants::table.find(variant).select(variants::stock).first(&mut *conn).unwrap_or(-1)
}

pub fn count(t: &TestDb, table: &str) -> i64 {
    use diesel::prelude::*;
    use diesel::sql_types::BigInt;
    #[derive(QueryableByName)]
    struct N {
        #[diesel(sql_type = BigInt)]
        n: i64,
    }
    let mut conn = t.db.conn().unwrap();
    diesel::sql_query(format!("SELECT CAST(COUNT(*) AS BIGINT) AS n FROM {table}"))
        .get_result::<N>(&mut *conn)
        .map(|r| r.n)
        .unwrap_or(-1)
}
