"""Several shop instances on one PostgreSQL and one S3-compatible store, behind nginx
(issue 14). Run by scripts/scale-test.sh (`make scale-test`), which installs nginx and a
venv with moto's S3 server and requests.

Starts, all on loopback and in a temporary folder: a PostgreSQL cluster of its own
(initdb/pg_ctl, a private port; the machine's shared PostgreSQL is never touched), moto's
S3 server with one bucket, 3 `shop` instances (the debug build) with SHOP_UPLOADS_URL
pointing at it, and nginx in front of them. Then:

1. admin writes through one instance (category, product with image, price, company
   details, legal page): every instance serves each change; propagation delay p50/p99;
2. 50 buyers spread over the 3 instances race for the last piece: exactly 1 order,
   stock exact;
3. SIGKILL one instance in the middle of an order burst through nginx: no partial order,
   stock conserved, every buyer's order answered 2xx (a request cut with the killed
   instance is retried with its Idempotency-Key), nginx's answers after the kill all 2xx;
4. restart PostgreSQL: every instance recovers by itself (the listener reconnects) and
   serves no stale catalogue (a product change and an order's stock) after the poll
   interval;
5. an image uploaded through one instance is served by each of the others, from the
   object store;
6. SIGTERM drains: a request in flight when the signal comes is answered, then the
   instance exits 0.

Exits non-zero on the first failure, with the logs' tails.
"""
import glob
import json
import os
import pwd
import shutil
import signal
import socket
import statistics
import struct
import subprocess
import sys
import tempfile
import threading
import time
import zlib

import requests

INSTANCES = 3
BUYERS = 50
POLL_MS = int(os.environ.get("SCALE_POLL_MS", "500"))
START_TIMEOUT = float(os.environ.get("SHOP_START_TIMEOUT", "300"))
# How long a change may take to reach another instance before the run fails (the issue
# asks for 1 s; a debug build on a busy 2-core machine gets some slack, and the figures
# printed say how far under it the run stayed).
PROPAGATION_LIMIT = float(os.environ.get("SCALE_PROPAGATION_LIMIT", "1.0"))
ADMIN_EMAIL = "scale-admin@shop.local"
ADMIN_PASSWORD = "scale-admin-pass-1"
BUYER_PASSWORD = "scale-buyer-pass-1"
BUCKET = "shop-media"
PREFIX = "scale"
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SHOP = os.path.join(ROOT, "target", "debug", "shop")


class Failure(Exception):
    pass


def check(condition, message):
    if not condition:
        raise Failure(message)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for(what, probe, timeout, interval=0.05):
    """Waits until probe() is truthy; fails naming `what` after `timeout` seconds."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            value = probe()
            if value:
                return value
        except (requests.RequestException, OSError):
            pass
        if time.monotonic() > deadline:
            raise Failure(f"{what}: not within {timeout:.0f} s")
        time.sleep(interval)


def percentile(values, p):
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(p / 100 * len(ordered) + 0.5) - 1))
    return ordered[index]


def png(width, height, seed):
    """A small valid PNG (stdlib only), different for each seed."""
    rows = b"".join(
        b"\x00" + b"".join(bytes(((x * 7 + seed) % 256, (y * 5 + seed) % 256, (x ^ y) % 256)) for x in range(width))
        for y in range(height)
    )

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")


# ---------------------------------------------------------------- the services


class Postgres:
    """A PostgreSQL cluster of this run's own, on a private port (never the shared one)."""

    def __init__(self, tmp):
        versions = sorted(glob.glob("/usr/lib/postgresql/*/bin"), key=lambda p: int(p.split("/")[-2]))
        check(versions, "no PostgreSQL server programs under /usr/lib/postgresql")
        self.bin = versions[-1]
        self.dir = os.path.join(tmp, "pg")
        self.port = free_port()
        self.log = os.path.join(tmp, "postgres.log")
        self.url = f"postgres://postgres@127.0.0.1:{self.port}/shop"
        # initdb and postgres refuse to run as root: then as the `postgres` user.
        self.user = None
        if os.geteuid() == 0:
            self.user = pwd.getpwnam("postgres")
            os.chmod(tmp, 0o755)
        os.makedirs(self.dir)
        open(self.log, "w").close()
        if self.user:
            os.chown(self.dir, self.user.pw_uid, self.user.pw_gid)
            os.chown(self.log, self.user.pw_uid, self.user.pw_gid)
        self.run("initdb", "-D", self.dir, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-locale")
        self.start()
        self.sql("CREATE DATABASE shop", db="postgres")

    def run(self, program, *args, check_ok=True):
        command = [os.path.join(self.bin, program), *args]
        preexec = None
        if self.user:
            uid, gid = self.user.pw_uid, self.user.pw_gid

            def preexec():
                os.setgid(gid)
                os.setuid(uid)
        done = subprocess.run(command, capture_output=True, text=True, preexec_fn=preexec, cwd="/")
        if check_ok and done.returncode != 0:
            raise Failure(f"{program} failed: {done.stdout}{done.stderr}")
        return done

    def start(self):
        options = f"-p {self.port} -c listen_addresses=127.0.0.1 -c unix_socket_directories='{self.dir}' -c max_connections=200"
        self.run("pg_ctl", "-D", self.dir, "-l", self.log, "-o", options, "-w", "-t", "60", "start")

    def stop(self):
        self.run("pg_ctl", "-D", self.dir, "-m", "fast", "-w", "-t", "60", "stop", check_ok=False)

    def sql(self, statement, db="shop"):
        done = subprocess.run(
            ["psql", "-h", "127.0.0.1", "-p", str(self.port), "-U", "postgres", "-d", db, "-tAX", "-v", "ON_ERROR_STOP=1",
             "-c", statement],
            capture_output=True, text=True)
        if done.returncode != 0:
            raise Failure(f"psql: {statement}: {done.stderr}")
        return done.stdout.strip()


class Moto:
    def __init__(self, tmp, venv_bin):
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log = open(os.path.join(tmp, "moto.log"), "wb")
        self.proc = subprocess.Popen([os.path.join(venv_bin, "moto_server"), "-H", "127.0.0.1", "-p", str(self.port)],
                                     stdout=self.log, stderr=subprocess.STDOUT)
        wait_for("moto answers", lambda: requests.get(self.url, timeout=1).status_code < 500, 60)
        check(requests.put(f"{self.url}/{BUCKET}", timeout=10).status_code == 200, "moto: cannot make the bucket")

    def keys(self):
        listing = requests.get(f"{self.url}/{BUCKET}?list-type=2&prefix={PREFIX}/", timeout=10).text
        return [part.split("</Key>")[0] for part in listing.split("<Key>")[1:]]

    def stop(self):
        self.proc.kill()
        self.proc.wait()


class Shop:
    """One `shop serve` process."""

    def __init__(self, tmp, number, pg, moto):
        self.number = number
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.data = os.path.join(tmp, f"shop{number}")
        self.uploads = os.path.join(self.data, "uploads")
        os.makedirs(self.uploads)
        self.log = os.path.join(tmp, f"shop{number}.log")
        self.env = dict(
            os.environ,
            DATABASE_URL=pg.url, SHOP_DATA_DIR=self.data, UPLOADS_DIR=self.uploads, SHOP_BIND=f"127.0.0.1:{self.port}",
            SHOP_STATIC_DIR=os.path.join(tmp, "none"), JWT_SECRET="scale-test-secret-scale-test-secret-0123",
            SHOP_ADMIN_EMAIL=ADMIN_EMAIL, SHOP_ADMIN_PASSWORD=ADMIN_PASSWORD, SHOP_BCRYPT_COST="4",
            SHOP_RATE_SIGN_IN="0", SHOP_RATE_REGISTER="0", SHOP_RATE_PASSWORD_RESET="0", SHOP_RATE_ORDERS="0",
            SHOP_RATE_ORDERS_PER_IP="0", SHOP_RATE_SEARCH="0", SHOP_TRUSTED_PROXIES="127.0.0.1",
            SHOP_SYNC_POLL_MS=str(POLL_MS), SHOP_UPLOADS_URL=f"s3://{BUCKET}/{PREFIX}", AWS_ENDPOINT_URL=moto.url,
            AWS_ACCESS_KEY_ID="scale", AWS_SECRET_ACCESS_KEY="scale-secret", AWS_REGION="ap-south-1",
            AWS_ALLOW_HTTP="true", RUST_LOG="error,server=info,store=info",
        )
        self.proc = None

    def start(self):
        with open(self.log, "ab") as out:
            self.proc = subprocess.Popen([SHOP, "serve"], env=self.env, stdout=out, stderr=subprocess.STDOUT, cwd=ROOT)
        deadline = time.monotonic() + START_TIMEOUT
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise Failure(f"shop #{self.number} exited ({self.proc.returncode}) before it was ready")
            try:
                if requests.get(self.base + "/api/health", timeout=1).status_code == 200:
                    return
            except requests.RequestException:
                pass
            time.sleep(0.1)
        raise Failure(f"shop #{self.number} was not ready after {START_TIMEOUT:.0f} s")

    def health(self):
        reply = requests.get(self.base + "/api/health", timeout=2)
        return reply.json() if reply.status_code == 200 else {}

    def kill(self, sig=signal.SIGKILL):
        if self.proc and self.proc.poll() is None:
            self.proc.send_signal(sig)

    def stop(self):
        if self.proc and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()


class Nginx:
    def __init__(self, tmp, shops):
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.dir = os.path.join(tmp, "nginx")
        os.makedirs(os.path.join(self.dir, "logs"))
        servers = "\n".join(f"        server 127.0.0.1:{s.port} max_fails=1 fail_timeout=5s;" for s in shops)
        user = "user root root;\n" if os.geteuid() == 0 else ""
        conf = f"""{user}worker_processes 1;
daemon off;
pid {self.dir}/nginx.pid;
error_log {self.dir}/logs/error.log warn;
events {{ worker_connections 1024; }}
http {{
    access_log off;
    client_body_temp_path {self.dir}/body;
    proxy_temp_path {self.dir}/proxy;
    fastcgi_temp_path {self.dir}/fastcgi;
    uwsgi_temp_path {self.dir}/uwsgi;
    scgi_temp_path {self.dir}/scgi;
    upstream shop {{
{servers}
        keepalive 32;
    }}
    server {{
        listen 127.0.0.1:{self.port};
        client_max_body_size 60m;
        location / {{
            proxy_pass http://shop;
            proxy_http_version 1.1;
            proxy_set_header Connection "";
            proxy_set_header Host $host;
            proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
            proxy_next_upstream error timeout http_502 http_503;
        }}
    }}
}}
"""
        self.conf = os.path.join(self.dir, "nginx.conf")
        with open(self.conf, "w") as f:
            f.write(conf)
        binary = shutil.which("nginx") or "/usr/sbin/nginx"
        self.log = open(os.path.join(self.dir, "logs", "stderr.log"), "wb")
        self.proc = subprocess.Popen([binary, "-p", self.dir, "-c", self.conf], stdout=self.log, stderr=subprocess.STDOUT)
        wait_for("nginx answers", lambda: requests.get(self.base + "/api/health", timeout=1).status_code == 200, 30)

    def stop(self):
        self.proc.terminate()
        self.proc.wait()


# ---------------------------------------------------------------- the API


def login(base, identifier, password):
    reply = requests.post(base + "/api/auth/login", json={"identifier": identifier, "password": password}, timeout=30)
    check(reply.status_code == 200, f"sign-in of {identifier}: {reply.status_code} {reply.text[:200]}")
    body = reply.json()
    return body.get("token") or body["data"]["token"]


def auth(token):
    return {"Authorization": f"Bearer {token}"}


def variant(size, stock, price):
    return {"size": size, "color": "Red", "stock": stock, "originalPrice": price, "discountPrice": 0}


def form(base, method, path, token, fields, files=None, expect=(200, 201)):
    # Always multipart/form-data, as the back office sends it.
    parts = {name: (None, str(value)) for name, value in fields.items()}
    parts.update(files or {})
    reply = requests.request(method, base + path, headers=auth(token), files=parts, timeout=60)
    check(reply.status_code in expect, f"{method} {path}: {reply.status_code} {reply.text[:300]}")
    return reply.json()


def buyer(base, name, variant_id, quantity):
    reply = requests.post(base + "/api/auth/register",
                          json={"username": name, "email": f"{name}@scale.example", "password": BUYER_PASSWORD}, timeout=30)
    check(reply.status_code == 201, f"register {name}: {reply.status_code} {reply.text[:200]}")
    body = reply.json()
    token = body.get("token") or body["data"]["token"]
    reply = requests.post(base + "/api/addresses", headers=auth(token), timeout=30, json={
        "fullName": "Scale Shopper", "phone": "9876543210",
        "addressLine1": "12 Residency Road", "addressLine2": "Near the temple", "city": "Pune", "state": "Maharashtra",
        "postalCode": "411001", "isDefault": True})
    check(reply.status_code == 201, f"address of {name}: {reply.status_code} {reply.text[:200]}")
    address = reply.json()["data"]["id"]
    fill_cart(base, token, variant_id, quantity)
    return {"name": name, "token": token, "address": address}


def fill_cart(base, token, variant_id, quantity):
    reply = requests.post(base + "/api/cart/add", headers=auth(token), timeout=30,
                          json={"productVariantId": variant_id, "quantity": quantity})
    check(reply.status_code == 201, f"cart: {reply.status_code} {reply.text[:200]}")


def place(base, person, key=None, timeout=60):
    headers = auth(person["token"])
    if key:
        headers["Idempotency-Key"] = key
    return requests.post(base + "/api/orders/place", headers=headers, timeout=timeout,
                         json={"addressId": person["address"], "paymentMethod": "COD"})


def product(base, product_id):
    reply = requests.get(f"{base}/api/products/{product_id}", timeout=5)
    return reply.json().get("data") if reply.status_code == 200 else None


def stock_of(data, size):
    if not data:
        return None
    return next((v["stock"] for v in data["variants"] if v["size"] == size), None)


def variant_id(data, size):
    return next(v["id"] for v in data["variants"] if v["size"] == size)


# ---------------------------------------------------------------- the scenarios


def propagation(shops, admin, delays):
    """Writes through shop #1 and times until every other instance serves each change."""
    a, others = shops[0], shops[1:]

    def watch(label, probe):
        """Times, from now, until every other instance answers `probe(base)` truthily."""
        started = time.monotonic()
        results = {}

        def poll(shop):
            session = requests.Session()
            deadline = started + 10
            while time.monotonic() < deadline:
                try:
                    if probe(session, shop.base):
                        results[shop.number] = time.monotonic() - started
                        return
                except (requests.RequestException, ValueError, KeyError, TypeError):
                    pass
            results[shop.number] = None

        threads = [threading.Thread(target=poll, args=(s,)) for s in others]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        for number, delay in results.items():
            check(delay is not None, f"{label}: shop #{number} did not serve it within 10 s")
            delays.append((label, delay))
        return results

    rounds = int(os.environ.get("SCALE_PROPAGATION_ROUNDS", "4"))
    product_id = None
    for r in range(rounds):
        name = f"Scale Category {r}"
        created = form(a.base, "POST", "/api/categories", admin, {"name": name, "description": "Made by the scale test"},
                       {"media": ("c.png", png(32, 32, r), "image/png")})
        category = created["data"]["id"]
        watch("a new category", lambda s, b: category in s.get(b + "/api/categories", timeout=5).text)

        created = form(a.base, "POST", "/api/products", admin, {
            "productName": f"Scale Kurta {r}", "categoryId": category, "description": "Cotton",
            "productVariants": json.dumps([variant("M", 10, 1000 + r)])}, {"images": ("p.png", png(48, 48, r), "image/png")})
        product_id = created["data"]["id"]
        image = created["data"]["images"][0] if created["data"].get("images") else None
        watch("a new product with its image",
              lambda s, b: s.get(f"{b}/api/products/{product_id}", timeout=5).json()["data"]["images"] == created["data"]["images"])
        check(image is not None, f"the product has no image: {created}")

        price = 1500 + r
        form(a.base, "PUT", f"/api/products/{product_id}", admin, {
            "productName": f"Scale Kurta {r}", "productVariants": json.dumps([variant("M", 10, price)])})
        watch("a new price",
              lambda s, b: s.get(f"{b}/api/products/{product_id}", timeout=5).json()["data"]["variants"][0]["originalPrice"] == price)

        company = f"Kapda Ghar {r}"
        form(a.base, "PUT", "/api/company-details", admin, {"name": company})
        watch("the company details", lambda s, b: s.get(b + "/api/company-details", timeout=5).json()["data"]["name"] == company)

        terms = f"Be kind, round {r}."
        reply = requests.post(a.base + "/api/legal-pages", headers=auth(admin), timeout=30,
                              json={"slug": "terms-conditions", "content": terms})
        check(reply.status_code in (200, 201), f"legal page: {reply.status_code} {reply.text[:200]}")
        watch("a legal page", lambda s, b: terms in s.get(b + "/api/legal-pages", timeout=5).text)
    return product_id


def race(shops, admin, category):
    """50 buyers spread over the instances race for the last piece."""
    a = shops[0]
    created = form(a.base, "POST", "/api/products", admin, {
        "productName": "Last Piece Saree", "categoryId": category, "description": "Silk",
        "productVariants": json.dumps([variant("Free", 1, 4999)])}, {"images": ("p.png", png(40, 40, 99), "image/png")})
    pid = created["data"]["id"]
    vid = variant_id(created["data"], "Free")
    for s in shops:
        wait_for(f"shop #{s.number} has the saree", lambda s=s: stock_of(product(s.base, pid), "Free") == 1, 10)
    people = [buyer(shops[i % len(shops)].base, f"racer{i}", vid, 1) for i in range(BUYERS)]
    barrier = threading.Barrier(BUYERS)
    answers = [None] * BUYERS

    def go(i):
        barrier.wait()
        try:
            answers[i] = place(shops[i % len(shops)].base, people[i]).status_code
        except requests.RequestException as e:
            answers[i] = str(e)

    threads = [threading.Thread(target=go, args=(i,)) for i in range(BUYERS)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    placed = answers.count(201)
    refused = answers.count(409)
    check(placed == 1 and refused == BUYERS - 1, f"race: {placed} placed, {refused} refused, answers {sorted(map(str, answers))}")
    check(pid_stock_sql(PG, vid) == 0, "race: the stock is not 0")
    orders = int(PG.sql(f"SELECT count(DISTINCT order_id) FROM order_items WHERE variant_id = '{vid}'"))
    check(orders == 1, f"race: {orders} orders hold the last piece")
    for s in shops:
        wait_for(f"shop #{s.number} shows the saree sold out", lambda s=s: stock_of(product(s.base, pid), "Free") == 0, 10)
    RESULTS["race"] = {"buyers": BUYERS, "instances": len(shops), "orders": placed, "refused": refused}
    print(f"  race: {BUYERS} buyers over {len(shops)} instances: 1 order (201), {refused} refused (409), stock 0")


def pid_stock_sql(pg, vid):
    return int(pg.sql(f"SELECT stock FROM variants WHERE id = '{vid}'"))


def kill_mid_burst(shops, nginx, admin, category):
    """Orders through nginx; one instance is SIGKILLed when a quarter of them are answered."""
    a = shops[0]
    initial = 500
    created = form(a.base, "POST", "/api/products", admin, {
        "productName": "Burst Kurta", "categoryId": category, "description": "Cotton",
        "productVariants": json.dumps([variant("M", initial, 799), variant("L", initial, 799)])},
        {"images": ("p.png", png(40, 40, 7), "image/png")})
    pid = created["data"]["id"]
    m, l = variant_id(created["data"], "M"), variant_id(created["data"], "L")
    people = []
    for i in range(BUYERS):
        person = buyer(shops[i % len(shops)].base, f"burst{i}", m, 1 + i % 3)
        fill_cart(shops[i % len(shops)].base, person["token"], l, 1 + i % 2)
        people.append(person)
    victim = shops[-1]
    answers = [[] for _ in range(BUYERS)]
    lock = threading.Lock()
    done = [0]
    killed = threading.Event()
    barrier = threading.Barrier(BUYERS)

    def go(i):
        barrier.wait()
        key = f"burst-{i}"
        for _attempt in range(3):
            try:
                status = place(nginx.base, people[i], key=key).status_code
            except requests.RequestException as e:
                status = f"error: {e.__class__.__name__}"
            answers[i].append(status)
            if status in (200, 201):
                break
            # Cut with the killed instance: the buyer's browser tries again, same key.
        with lock:
            done[0] += 1
            if done[0] >= BUYERS // 4 and not killed.is_set():
                victim.kill(signal.SIGKILL)
                killed.set()

    threads = [threading.Thread(target=go, args=(i,)) for i in range(BUYERS)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    check(killed.is_set(), "the instance was never killed")
    victim.proc.wait()
    failed = [(people[i]["name"], a_) for i, a_ in enumerate(answers) if a_[-1] not in (200, 201)]
    check(not failed, f"burst: buyers without an order: {failed}")
    retried = sum(1 for a_ in answers if len(a_) > 1)
    cut = {}
    for a_ in answers:
        for status in a_[:-1]:
            cut[str(status)] = cut.get(str(status), 0) + 1
    # The database's story: one order per buyer, none without items, stock conserved.
    per_buyer = PG.sql(
        "SELECT max(n) FROM (SELECT count(*) AS n FROM orders o JOIN users u ON u.id = o.user_id "
        "WHERE u.username LIKE 'burst%' GROUP BY o.user_id) t")
    check(per_buyer == "1", f"burst: a buyer has {per_buyer} orders")
    buyers_with_orders = int(PG.sql(
        "SELECT count(DISTINCT o.user_id) FROM orders o JOIN users u ON u.id = o.user_id WHERE u.username LIKE 'burst%'"))
    check(buyers_with_orders == BUYERS, f"burst: {buyers_with_orders} of {BUYERS} buyers have an order")
    empty = int(PG.sql("SELECT count(*) FROM orders o WHERE NOT EXISTS (SELECT 1 FROM order_items i WHERE i.order_id = o.id)"))
    check(empty == 0, f"burst: {empty} orders without items")
    for vid, size in ((m, "M"), (l, "L")):
        sold = int(PG.sql(
            f"SELECT coalesce(sum(i.quantity), 0) FROM order_items i JOIN orders o ON o.id = i.order_id "
            f"WHERE i.variant_id = '{vid}' AND o.delivery_status <> 'CANCELED'"))
        left = pid_stock_sql(PG, vid)
        check(left + sold == initial, f"burst: size {size}: {left} left + {sold} sold != {initial}")
        for s in shops[:-1]:
            wait_for(f"shop #{s.number} shows size {size}'s stock", lambda s=s: stock_of(product(s.base, pid), size) == left, 10)
    # With the instance dead, nginx answers through the others.
    statuses = [requests.get(nginx.base + f"/api/products/{pid}", timeout=10).status_code for _ in range(30)]
    statuses += [my_orders_status(nginx, people[i]) for i in range(6)]
    check(all(200 <= s < 300 for s in statuses), f"nginx after the kill: {sorted(set(statuses))}")
    print(f"  kill: SIGKILL of shop #{victim.number} after {BUYERS // 4} of {BUYERS} orders answered: "
          f"{BUYERS} orders, 1 each ({retried} cut with the killed instance, answered {cut}, then retried with their "
          f"Idempotency-Key), none without items, stock conserved; {len(statuses)} requests through nginx afterwards all 2xx")
    RESULTS["kill"] = {"buyers": BUYERS, "orders": BUYERS, "cut_then_retried": retried, "after_kill_2xx": len(statuses)}
    return pid


def my_orders_status(nginx, person):
    return requests.get(nginx.base + "/api/orders/my-orders", headers=auth(person["token"]), timeout=10).status_code


def restart_postgres(shops, admin, pg, pid):
    """Restarts PostgreSQL: every instance recovers by itself and serves no stale catalogue."""
    a = shops[0]
    pg.stop()
    pg.start()
    # A change right away, before the listeners are back (they wait up to 5 s between tries).
    name = "Kurta After Restart"
    reply = wait_for("shop #1 writes again after the restart", lambda: requests.put(
        f"{a.base}/api/products/{pid}", headers=auth(admin), timeout=10,
        files={"productName": (None, name)}), 30)
    check(reply.status_code == 200, f"rename after restart: {reply.status_code} {reply.text[:200]}")
    written = time.monotonic()
    listening_then = [s.health().get("listener") for s in shops[1:]]
    lags = []
    for s in shops[1:]:
        wait_for(f"shop #{s.number} serves the rename after the restart",
                 lambda s=s: (product(s.base, pid) or {}).get("name") == name, 30, interval=0.01)
        lags.append(time.monotonic() - written)
    limit = POLL_MS / 1000 + 1.5
    check(max(lags) <= limit, f"after the restart the rename took {max(lags):.2f} s (poll {POLL_MS} ms)")
    for s in shops:
        wait_for(f"shop #{s.number}'s listener is back", lambda s=s: s.health().get("listener") == "ok", 30)
    # Notifications flow again: a stock change (an order) and a rename reach everyone fast.
    person = buyer(a.base, "after-restart", variant_id(product(a.base, pid), "M"), 2)
    before = stock_of(product(a.base, pid), "M")
    check(place(a.base, person).status_code == 201, "order after the restart")
    started = time.monotonic()
    for s in shops[1:]:
        wait_for(f"shop #{s.number} shows the stock after the restart",
                 lambda s=s: stock_of(product(s.base, pid), "M") == before - 2, 5, interval=0.01)
    stock_lag = time.monotonic() - started
    RESULTS["restart"] = {"poll_ms": POLL_MS, "rename_served_ms": max(lags) * 1000, "stock_after_ms": stock_lag * 1000}
    print(f"  postgres restart: every instance served a rename made while its listener was "
          f"{'/'.join(str(x) for x in listening_then)} within {max(lags) * 1000:.0f} ms (poll {POLL_MS} ms); "
          f"listeners back; an order's stock then reached the others in {stock_lag * 1000:.0f} ms")


def image_across(shops, moto, admin, category):
    """An image uploaded through #1 is served by each of the others, from the object store."""
    a = shops[0]
    picture = png(900, 500, 42)
    created = form(a.base, "POST", "/api/products", admin, {
        "productName": "Picture Dupatta", "categoryId": category, "description": "Chiffon",
        "productVariants": json.dumps([variant("Free", 3, 599)])}, {"images": ("d.png", picture, "image/png")})
    url = created["data"]["images"][0]
    url = url if isinstance(url, str) else url.get("url") or url.get("imageUrl")
    check(url.startswith("/uploads/"), f"image url {url}")
    name = url.rsplit("/", 1)[1]
    check(f"{PREFIX}/{name}" in moto.keys(), f"{name} is not in the bucket: {moto.keys()[:5]}")
    for s in shops:
        check(not os.listdir(s.uploads), f"shop #{s.number} wrote to its local folder: {os.listdir(s.uploads)}")
    for s in shops[1:]:
        reply = requests.get(s.base + url, timeout=10)
        check(reply.status_code == 200, f"shop #{s.number} {url}: {reply.status_code}")
        check(reply.content == picture, f"shop #{s.number} served other bytes for {url}")
        check(reply.headers.get("content-type") == "image/png", f"content type {reply.headers.get('content-type')}")
    print(f"  image: {url} uploaded through shop #1 is in the bucket and served, byte for byte, by shops "
          + ", ".join(f"#{s.number}" for s in shops[1:]))


def sigterm_drains(shop, admin):
    """A request in flight when SIGTERM comes is answered; then the instance exits 0."""
    check(shop.health(), "health before SIGTERM")
    body = json.dumps({"slug": "privacy-policy", "content": "Drained, not dropped."}).encode()
    head = (f"POST /api/legal-pages HTTP/1.1\r\nHost: 127.0.0.1:{shop.port}\r\n"
            f"Authorization: Bearer {admin}\r\nContent-Type: application/json\r\n"
            f"Content-Length: {len(body)}\r\nExpect: 100-continue\r\n\r\n").encode()
    conn = socket.create_connection(("127.0.0.1", shop.port), timeout=30)
    conn.sendall(head)
    # The interim "100 Continue" proves the server read the head and called the handler: from
    # then on the request is in flight (a head still unread in the socket when the signal
    # comes is not, and actix closes that connection; an earlier version of this test raced
    # with it).
    interim = read_until(conn, b"\r\n\r\n")
    check(interim.startswith(b"HTTP/1.1 100"), f"expected 100 Continue, got {interim[:80]!r}")
    shop.kill(signal.SIGTERM)
    # The listening socket closes first: a new connection is refused, the open one is not.
    wait_for("SIGTERM stops new connections", lambda: refused(shop.port), 10)
    conn.sendall(body)
    answer = read_until(conn, b"\r\n\r\n")
    conn.close()
    status = int(answer.split(b" ", 2)[1])
    check(status in (200, 201), f"the request in flight at SIGTERM answered {status}")
    try:
        code = shop.proc.wait(timeout=30)
    except subprocess.TimeoutExpired:
        raise Failure("the instance did not exit within 30 s of SIGTERM")
    check(code == 0, f"the instance exited {code} after SIGTERM")
    print(f"  sigterm: shop #{shop.number} stopped taking connections, answered the request in flight "
          f"({status}) and exited 0")


def read_until(conn, marker):
    """Bytes from the socket up to and including `marker` (fails if the peer closes first)."""
    data = b""
    while marker not in data:
        chunk = conn.recv(4096)
        check(chunk, f"the connection closed after {data[:120]!r}")
        data += chunk
    return data[:data.index(marker) + len(marker)]


def storage_tests(moto):
    """The storage port's own tests (crates/media) against moto's S3 server."""
    env = dict(os.environ, SHOP_TEST_S3_URL=f"s3://{BUCKET}/storage-tests", AWS_ENDPOINT_URL=moto.url,
               AWS_ACCESS_KEY_ID="scale", AWS_SECRET_ACCESS_KEY="scale-secret", AWS_REGION="ap-south-1",
               AWS_ALLOW_HTTP="true")
    done = subprocess.run(["cargo", "test", "-q", "-p", "media", "--lib", "--", "s3_server"], env=env, cwd=ROOT,
                          capture_output=True, text=True)
    output = done.stdout + done.stderr
    check(done.returncode == 0 and "2 passed" in output, f"the storage tests on moto failed:\n{output[-3000:]}")
    print("  storage: the Blobs port's contract and uploads with thumbnails hold on moto's S3 server (2 tests)")


def refused(port):
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=1):
            return False
    except ConnectionRefusedError:
        return True


# ---------------------------------------------------------------- the run


PG = None
# The figures, written to bench-results/scale.json when SCALE_RECORD=1 (docs/PERFORMANCE.md).
RESULTS = {}


def main():
    global PG
    venv_bin = os.path.dirname(sys.executable)
    tmp = tempfile.mkdtemp(prefix="shop-scale-")
    services = []
    shops = []
    started = time.monotonic()
    try:
        PG = Postgres(tmp)
        services.append(PG)
        moto = Moto(tmp, venv_bin)
        services.append(moto)
        storage_tests(moto)
        shops = [Shop(tmp, n + 1, PG, moto) for n in range(INSTANCES)]
        # One at a time: the first runs the migrations.
        for s in shops:
            s.start()
        nginx = Nginx(tmp, shops)
        services.append(nginx)
        print(f"scale test: PostgreSQL {PG.bin.split('/')[-2]} on :{PG.port}, moto S3 on :{moto.port}, "
              f"{INSTANCES} debug-build instances on :{', :'.join(str(s.port) for s in shops)}, nginx on :{nginx.port}, "
              f"SHOP_SYNC_POLL_MS={POLL_MS}")
        for s in shops:
            wait_for(f"shop #{s.number} listens", lambda s=s: s.health().get("listener") == "ok", 30)
        admin = login(nginx.base, ADMIN_EMAIL, ADMIN_PASSWORD)

        labelled = []
        propagation(shops, admin, labelled)
        delays = [d for _, d in labelled]
        p50, p99 = percentile(delays, 50), percentile(delays, 99)
        print(f"  propagation: {len(delays)} changes seen by another instance (category, product with image, price, "
              f"company, legal page): p50 {p50 * 1000:.1f} ms, p99 {p99 * 1000:.1f} ms, max {max(delays) * 1000:.1f} ms")
        by_kind = {}
        for label in dict.fromkeys(l for l, _ in labelled):
            mine = [d for l, d in labelled if l == label]
            by_kind[label] = {"median_ms": statistics.median(mine) * 1000, "max_ms": max(mine) * 1000}
            print(f"    {label}: median {statistics.median(mine) * 1000:.1f} ms, max {max(mine) * 1000:.1f} ms; "
                  f"in order: {', '.join(f'{d * 1000:.0f}' for d in mine)} ms")
        RESULTS["propagation"] = {"samples": len(delays), "p50_ms": p50 * 1000, "p99_ms": p99 * 1000,
                                  "max_ms": max(delays) * 1000, "by_kind": by_kind}
        check(p99 <= PROPAGATION_LIMIT, f"propagation p99 {p99:.3f} s is over {PROPAGATION_LIMIT} s")

        category = form(shops[0].base, "POST", "/api/categories", admin, {"name": "Scale Test", "description": "Scale"},
                        {"media": ("c.png", png(32, 32, 1), "image/png")})["data"]["id"]
        race(shops, admin, category)
        image_across(shops, moto, admin, category)
        pid = kill_mid_burst(shops, nginx, admin, category)
        shops[-1].start()
        wait_for(f"shop #{shops[-1].number} listens again", lambda: shops[-1].health().get("listener") == "ok", 30)
        restart_postgres(shops, admin, PG, pid)
        sigterm_drains(shops[-1], admin)
        print(f"scale test: passed in {time.monotonic() - started:.0f} s")
        if os.environ.get("SCALE_RECORD") == "1":
            RESULTS["date"] = time.strftime("%Y-%m-%d")
            RESULTS["seconds"] = round(time.monotonic() - started)
            with open(os.path.join(ROOT, "bench-results", "scale.json"), "w") as f:
                json.dump(RESULTS, f, indent=1)
                f.write("\n")
        print("7 passed, 0 failed")
        return 0
    except Exception as e:  # noqa: BLE001 - any failure ends the run with the logs
        print(f"scale test FAILED: {e.__class__.__name__}: {e}")
        for path in sorted(glob.glob(os.path.join(tmp, "*.log"))) + [os.path.join(tmp, "nginx", "logs", "error.log")]:
            if os.path.exists(path):
                with open(path, errors="replace") as f:
                    tail = f.readlines()[-25:]
                print(f"--- {os.path.basename(path)} (last lines)\n{''.join(tail)}")
        print(f"scale test FAILED: {e.__class__.__name__}: {e}")
        return 1
    finally:
        for s in shops:
            s.stop()
        for service in reversed(services):
            try:
                service.stop()
            except Exception as e:  # noqa: BLE001 - cleaning up must go on
                print(f"cleanup: {e}")
        if os.environ.get("SCALE_KEEP_TMP"):
            print(f"kept {tmp}")
        else:
            shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
