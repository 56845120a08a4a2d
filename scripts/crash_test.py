"""Kills the shop with SIGKILL in the middle of bursts of concurrent order placements and
checks, after every restart, that the database tells one consistent story:

- PRAGMA integrity_check is ok;
- no order exists without its items;
- for every variant: stock + units in non-cancelled orders = its initial stock;
- orders really grew across the rounds (a run that placed nothing fails).
"""
import http.client
import json
import os
import random
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request

ROUNDS = int(sys.argv[1]) if len(sys.argv) > 1 else 5
CUSTOMERS = 16
PORT = int(os.environ.get("CRASH_PORT", "18090"))
BASE = f"http://127.0.0.1:{PORT}"
# A debug build seeding the demo on a slow, busy machine takes a while: minutes, not seconds.
START_TIMEOUT = float(os.environ.get("SHOP_START_TIMEOUT", "300"))
rng = random.Random(20261122)


def call(method, path, token=None, body=None, timeout=10):
    data = json.dumps(body).encode() if body is not None else None
    req = urllib.request.Request(BASE + path, data=data, method=method)
    if token:
        req.add_header("Authorization", f"Bearer {token}")
    if data is not None:
        req.add_header("Content-Type", "application/json")
    try:
        with urllib.request.urlopen(req, timeout=timeout) as res:
            return res.status, json.load(res)
    except urllib.error.HTTPError as e:
        return e.code, None


class NotStarted(Exception):
    pass


def log_tail(path, lines=60):
    with open(path, errors="replace") as f:
        return "".join(f.readlines()[-lines:])


def start(tmp):
    """Starts the shop and waits for /api/health; stops at once, with the shop's log, if it exits."""
    env = dict(os.environ, SHOP_DATA_DIR=f"{tmp}/data", UPLOADS_DIR=f"{tmp}/uploads", SHOP_BIND=f"127.0.0.1:{PORT}",
               SHOP_STATIC_DIR=f"{tmp}/none", SHOP_DEMO="1", SHOP_BCRYPT_COST="4", RUST_LOG="warn",
               SHOP_RATE_SIGN_IN="0", SHOP_RATE_REGISTER="0", SHOP_RATE_ORDERS="0", SHOP_RATE_ORDERS_PER_IP="0")
    log = f"{tmp}/shop.log"
    with open(log, "ab") as out:
        proc = subprocess.Popen(["target/debug/shop", "serve"], env=env, stdout=out, stderr=subprocess.STDOUT)
    deadline = time.monotonic() + START_TIMEOUT
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise NotStarted(f"the shop exited ({proc.returncode}) before it was ready; its log:\n{log_tail(log)}")
        try:
            if call("GET", "/api/health", timeout=1)[0] == 200:
                return proc
        except OSError:
            pass
        time.sleep(0.1)
    proc.kill()
    proc.wait()
    raise NotStarted(f"the shop was not ready after {START_TIMEOUT:.0f} s; its log:\n{log_tail(log)}")


def check(db, initial, round_no):
    conn = sqlite3.connect(db)
    try:
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok", "integrity_check failed"
        orphans = conn.execute("SELECT COUNT(*) FROM orders o WHERE NOT EXISTS (SELECT 1 FROM order_items i WHERE i.order_id = o.id)").fetchone()[0]
        assert orphans == 0, f"{orphans} orders without items"
        sold = dict(conn.execute(
            "SELECT i.variant_id, SUM(i.quantity) FROM order_items i JOIN orders o ON o.id = i.order_id "
            "WHERE o.delivery_status <> 'CANCELED' AND i.variant_id IS NOT NULL GROUP BY i.variant_id").fetchall())
        for variant, stock in conn.execute("SELECT id, stock FROM variants"):
            if variant in initial:
                assert stock + sold.get(variant, 0) == initial[variant], \
                    f"round {round_no}: variant {variant}: stock {stock} + sold {sold.get(variant, 0)} != {initial[variant]}"
        return conn.execute("SELECT COUNT(*) FROM orders").fetchone()[0]
    finally:
        conn.close()


def main():
    tmp = tempfile.mkdtemp(prefix="shop-crash-")
    db = f"{tmp}/data/shop.db"
    proc = start(tmp)
    try:
        products = call("GET", "/api/products?limit=50")[1]["data"]
        variants = [v["id"] for p in products for v in p["variants"] if v["stock"] > 0][:12]
        conn = sqlite3.connect(db)
        initial = dict(conn.execute("SELECT id, stock FROM variants").fetchall())
        # Each shopper places an order every round: the cash-on-delivery limits (at most 3 open
        # orders, Rs 10,000 an order) are not what this test is about.
        conn.execute("UPDATE cod_settings SET max_order_paise = NULL, max_open_orders = 1000, max_units_per_line = 1000")
        conn.commit()
        conn.close()
        shoppers = []
        for i in range(CUSTOMERS):
            status, body = call("POST", "/api/auth/register", body={"username": f"crash{i}", "email": f"crash{i}@example.in", "password": "crash-pass-1"})
            assert status == 201, status
            token = body["data"]["token"]
            address = call("POST", "/api/addresses", token, {"fullName": "Crash Shopper", "phone": "9876543210", "addressLine1": "1 MG Road", "city": "Pune", "state": "Maharashtra", "postalCode": "411001"})[1]["data"]["id"]
            shoppers.append((token, address))
        counts = [check(db, initial, 0)]
        interrupted = 0
        for round_no in range(1, ROUNDS + 1):
            if proc is None:
                proc = start(tmp)
            for token, _ in shoppers:
                call("POST", "/api/cart/add", token, {"productVariantId": rng.choice(variants), "quantity": rng.randint(1, 2)})
            placed = []
            answered = threading.Condition()

            def place(token, address):
                try:
                    status = call("POST", "/api/orders/place", token, {"addressId": address, "paymentMethod": "COD"}, timeout=30)[0]
                except (OSError, http.client.HTTPException):
                    status = "killed"
                with answered:
                    placed.append(status)
                    answered.notify_all()

            # The kill lands after a random number of answers, while the rest of the burst is still
            # being placed (SQLite writes one order at a time). A fixed delay was a race: on a fast
            # machine the whole burst was answered before it and the round killed an idle shop.
            kill_after = rng.randint(1, CUSTOMERS // 2)
            threads = [threading.Thread(target=place, args=s) for s in shoppers]
            for t in threads:
                t.start()
            with answered:
                answered.wait_for(lambda: len(placed) >= kill_after, timeout=START_TIMEOUT)
            proc.send_signal(signal.SIGKILL)
            proc.wait()
            proc = None
            for t in threads:
                t.join()
            # Restart on the same database: migrations and the WAL recovery run here.
            proc = start(tmp)
            count = check(db, initial, round_no)
            counts.append(count)
            interrupted += "killed" in placed
            print(f"round {round_no}: answers {sorted(map(str, placed))}, orders now {count}", flush=True)
        assert counts[-1] > counts[0], f"no order was placed in {ROUNDS} rounds: the test tested nothing"
        assert interrupted > 0, "the kill never landed mid-burst: the test tested nothing"
        print(f"crash-test: {ROUNDS} rounds, {counts[-1]} orders, invariants hold")
        shutil.rmtree(tmp, ignore_errors=True)
    finally:
        if proc is not None:
            proc.kill()
            proc.wait()


if __name__ == "__main__":
    try:
        main()
    except (AssertionError, NotStarted) as e:
        print(f"crash-test FAILED: {e}")
        sys.exit(1)
