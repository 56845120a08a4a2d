#!/usr/bin/env python3
"""The back office's order list at volume (make bench, docs/PERFORMANCE.md).

Fills a migrated shop database with N orders (1,000 customers, one item each, a year of
dates, the statuses of a shop that mostly delivers) in SQL, then times the filtered pages
the orders screen asks for. Works on SQLite (a file) and PostgreSQL (a URL):

    python3 scripts/bench/orders.py seed DATABASE N
    python3 scripts/bench/orders.py time BASE_URL TOKEN
"""
import json, statistics, subprocess, sys, time, urllib.request

FIRST = ["Asha", "Ravi", "Priya", "Arjun", "Meera", "Kiran", "Divya", "Rahul", "Sneha", "Vikram"]
LAST = ["Rao", "Kumar", "Sharma", "Iyer", "Reddy", "Nair", "Patel", "Singh", "Das", "Menon"]
# The pages the screen asks for, at a year of orders: the first page, a tab, a tab over a
# week, searches by name (10 customers), e-mail and whole mobile number (1 customer), order
# number, a search with a tab and a week, the list by total, a deep page. Then the broad
# ones: the tab with most orders, the whole year, a first name 100 customers share, and a
# start every customer's mobile shares (every order matches), alone and within a month.
PAGES = [
    "/api/orders/all",
    "/api/orders/all?status=SHIPPED",
    "/api/orders/all?status=PENDING&from={week_ago}&to={today}",
    "/api/orders/all?q=asha%20rao",
    "/api/orders/all?q=bench420%40example.in",
    "/api/orders/all?q=9876500420",
    "/api/orders/all?q=%2300001",
    "/api/orders/all?q=asha%20rao&status=DELIVERED&from={month_ago}&to={today}",
    "/api/orders/all?sort=total_desc&page=50",
    "/api/orders/all?page=1000",
    "/api/orders/all?status=DELIVERED",
    "/api/orders/all?from={year_ago}&to={today}",
    "/api/orders/all?q=asha",
    "/api/orders/all?q=98765",
    "/api/orders/all?q=98765&status=PENDING&sort=oldest",
    "/api/orders/all?q=98765&from={month_ago}&to={today}",
]


def seed_sql(n, postgres):
    """One statement per table; the ids are UUID-shaped, the order ids' first 8 characters vary."""
    def hx(expr):
        return f"lpad(to_hex({expr}), 12, '0')" if postgres else f"printf('%012x', {expr})"

    def pick(names, expr):
        if postgres:
            return "(ARRAY[" + ",".join(f"'{x}'" for x in names) + f"])[({expr}) % {len(names)} + 1]"
        return f"CASE ({expr}) % {len(names)} " + " ".join(f"WHEN {k} THEN '{x}'" for k, x in enumerate(names)) + " END"

    if postgres:
        orders_from, users_from, pre, upre = f"generate_series(0, {n - 1}) AS i", "generate_series(0, 999) AS i", "", ""
        at = "(now() at time zone 'utc') - make_interval(secs => i * 315)"
        day = "(now() at time zone 'utc')::date"
        mobile = lambda expr: f"'98765' || lpad(({expr})::text, 5, '0')"
    else:
        orders_from, users_from = "n", "u"
        pre = f"WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < {n - 1}) "
        upre = "WITH RECURSIVE u(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM u WHERE i < 999) "
        at = "strftime('%Y-%m-%d %H:%M:%S', 'now', '-' || (i * 315) || ' seconds')"
        day = "date('now')"
        mobile = lambda expr: f"'98765' || substr('00000' || ({expr}), -5, 5)"
    status = "CASE WHEN i % 10 < 6 THEN 'DELIVERED' WHEN i % 10 < 8 THEN 'SHIPPED' WHEN i % 10 = 8 THEN 'PENDING' ELSE 'CANCELED' END"
    order_id = f"substr({hx('i')}, 5, 8) || '-0000-4000-9000-' || {hx('i')}"
    total = "100000 + (i * 7919) % 900000"
    return [
        upre + "INSERT INTO users (id, username, email, password_hash, user_type, first_name, last_name, mobile, "
        "created_at, updated_at, session_generation) "
        f"SELECT '00000000-0000-4000-8000-' || {hx('i')}, 'bench' || i, 'bench' || i || '@example.in', 'x', 'CUSTOMER', "
        f"{pick(FIRST, 'i')}, {pick(LAST, 'i / 10')}, {mobile('i')}, {at}, {at}, 0 FROM {users_from}",
        pre + "INSERT INTO orders (id, user_id, customer_first_name, customer_last_name, customer_email, payment_method, "
        "payment_status, delivery_status, subtotal_paise, discount_paise, total_paise, address_line1, address_line2, city, "
        "state, postal_code, recipient_phone, expected_delivery_date, created_at, updated_at) "
        f"SELECT {order_id}, '00000000-0000-4000-8000-' || {hx('i % 1000')}, {pick(FIRST, 'i % 1000')}, "
        f"{pick(LAST, '(i % 1000) / 10')}, 'bench' || (i % 1000) || '@example.in', 'COD', "
        f"CASE WHEN i % 10 < 6 THEN 'PAID' ELSE 'PENDING' END, {status}, {total}, 0, {total}, "
        # Delivered to the customer's own mobile, as an order placed from their address is.
        f"'12 Residency Road', NULL, 'Pune', 'Maharashtra', '411001', {mobile('i % 1000')}, {day}, {at}, {at} FROM {orders_from}",
        pre + "INSERT INTO order_items (id, order_id, product_id, variant_id, product_name, size, color, image_url, "
        "quantity, price_at_purchase_paise, mrp_paise, position) "
        f"SELECT '00000000-0000-4000-a000-' || {hx('i')}, {order_id}, NULL, NULL, 'Linen Shirt', 'M', 'White', NULL, 1, "
        f"{total}, {total}, 0 FROM {orders_from}",
        "ANALYZE",
    ]


def seed(database, n):
    postgres = database.startswith("postgres")
    started = time.monotonic()
    if postgres:
        for stmt in seed_sql(n, True):
            subprocess.run(["psql", "-q", "-v", "ON_ERROR_STOP=1", database, "-c", stmt], check=True)
    else:
        import sqlite3
        con = sqlite3.connect(database)
        for stmt in seed_sql(n, False):
            con.execute(stmt)
        con.commit()
        con.close()
    return time.monotonic() - started


def pages():
    today = time.strftime("%Y-%m-%d", time.gmtime(time.time() + 19800))
    week_ago = time.strftime("%Y-%m-%d", time.gmtime(time.time() + 19800 - 6 * 86400))
    month_ago = time.strftime("%Y-%m-%d", time.gmtime(time.time() + 19800 - 29 * 86400))
    year_ago = time.strftime("%Y-%m-%d", time.gmtime(time.time() + 19800 - 364 * 86400))
    return [p.format(today=today, week_ago=week_ago, month_ago=month_ago, year_ago=year_ago) for p in PAGES]


def time_pages(base, token, rounds=30):
    """Median and p95 milliseconds of each page, one request at a time (after a warm-up)."""
    out = {}
    for path in pages():
        samples = []
        for k in range(rounds + 3):
            req = urllib.request.Request(base + path, headers={"Authorization": f"Bearer {token}"})
            started = time.perf_counter()
            with urllib.request.urlopen(req, timeout=30) as r:
                body = r.read()
            if k >= 3:
                samples.append((time.perf_counter() - started) * 1000)
        total = json.loads(body)["pagination"]["totalItems"]
        samples.sort()
        out[path] = {"p50_ms": statistics.median(samples), "p95_ms": samples[int(len(samples) * 0.95) - 1], "matches": total}
    return out


if __name__ == "__main__":
    if sys.argv[1] == "seed":
        print(f"seeded {sys.argv[3]} orders in {seed(sys.argv[2], int(sys.argv[3])):.1f} s")
    else:
        print(json.dumps(time_pages(sys.argv[2], sys.argv[3]), indent=2))
