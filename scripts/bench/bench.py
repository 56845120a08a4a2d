#!/usr/bin/env python3
"""make bench: reproducible speed figures for the shop (see docs/PERFORMANCE.md).

The shop runs pinned to CPU 0, the load generator to CPU 1. Every catalogue read is
measured beside nginx serving the very same response bytes as a static file on the same
core: nginx is the physical limit, and shop/nginx is the figure. Medians of RUNS runs.
"""
import json, os, shutil, signal, sqlite3, statistics, subprocess, sys, tempfile, time, urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SHOP = ROOT / "target/release/shop"
XTASK = ROOT / "target/release/xtask"  # seed-bench and order-mix (xtask/)
LUA = Path(__file__).with_name("report.lua")
PORT, NGINX_PORT = 18190, 18191
RUNS = int(os.environ.get("BENCH_RUNS", "3"))
SECONDS = int(os.environ.get("BENCH_SECONDS", "4"))
PRODUCTS = int(os.environ.get("BENCH_PRODUCTS", "10000"))
BIG = int(os.environ.get("BENCH_BIG_PRODUCTS", "100000"))
BASE = f"http://127.0.0.1:{PORT}"
LH_RUNS = int(os.environ.get("BENCH_LIGHTHOUSE_RUNS", "3"))
# A folder to keep every Lighthouse report in (to read an audit such as the LCP element); unset: none kept.
LH_KEEP = os.environ.get("BENCH_LIGHTHOUSE_KEEP")


def sh(*cmd, **kw):
    return subprocess.run(cmd, check=True, **kw)


def ensure_tools():
    missing = [p for p, b in (("wrk", "wrk"), ("nginx", "nginx")) if not shutil.which(b) and not Path(f"/usr/sbin/{b}").exists()]
    if missing:
        sh("apt-get", "update", "-qq")
        sh("apt-get", "install", "-y", "-qq", *missing, env={**os.environ, "DEBIAN_FRONTEND": "noninteractive"})
    sh("cargo", "build", "--release", "-q", "-p", "server", "--bins", cwd=ROOT)
    # A build of its own: built together, the load generator's HTTP client would add
    # features (HTTP/2, websockets) to the shop that `make run` does not have.
    sh("cargo", "build", "--release", "-q", "-p", "xtask", cwd=ROOT)


def get(path, headers=None, base=BASE):
    req = urllib.request.Request(base + path, headers=headers or {})
    with urllib.request.urlopen(req, timeout=30) as r:
        return r.read()


class Shop:
    """The release server on a data folder, pinned to CPU 0 (SQLite in the folder unless
    `extra` names a DATABASE_URL)."""

    def __init__(self, data, port=PORT, extra=None):
        self.data = data
        self.base = f"http://127.0.0.1:{port}"
        env = {**os.environ, "SHOP_DATA_DIR": str(data / "data"), "UPLOADS_DIR": str(data / "uploads"),
               "SHOP_STATIC_DIR": str(ROOT / "frontend/dist"), "SHOP_BIND": f"127.0.0.1:{port}",
               "SHOP_BCRYPT_COST": "4", "RUST_LOG": "warn",
               # The bench measures throughput: abuse limits are lifted for it (0 = no limit).
               "SHOP_RATE_SIGN_IN": "0", "SHOP_RATE_REGISTER": "0", "SHOP_RATE_ORDERS": "0",
               "SHOP_RATE_ORDERS_PER_IP": "0", "SHOP_RATE_SEARCH": "0", **(extra or {})}
        started = time.monotonic()
        self.proc = subprocess.Popen(["taskset", "-c", "0", str(SHOP), "serve"], env=env,
                                     stdout=subprocess.DEVNULL, stderr=open(data / "shop.log", "ab"))
        while True:
            if self.proc.poll() is not None or time.monotonic() - started > 120:
                raise SystemExit(f"the shop did not start: see {data / 'shop.log'}")
            try:
                get("/api/health", base=self.base)
                break
            except Exception:
                time.sleep(0.005)
        self.startup_s = time.monotonic() - started

    def rss_mb(self):
        status = Path(f"/proc/{self.proc.pid}/status").read_text()
        fields = dict(line.split(":", 1) for line in status.splitlines() if ":" in line)
        return int(fields["VmHWM"].split()[0]) / 1024, int(fields["VmRSS"].split()[0]) / 1024

    def stop(self):
        self.proc.send_signal(signal.SIGTERM)
        self.proc.wait(timeout=30)


class Nginx:
    def __init__(self, root):
        self.dir = Path(tempfile.mkdtemp(prefix="bench-nginx-"))
        conf = self.dir / "nginx.conf"
        conf.write_text(f"""
worker_processes 1; daemon off; pid {self.dir}/nginx.pid; error_log {self.dir}/error.log;
events {{ worker_connections 1024; }}
http {{
  access_log off; sendfile on; tcp_nopush on; keepalive_requests 1000000;
  types {{ application/json json; }}
  client_body_temp_path {self.dir}; proxy_temp_path {self.dir}; fastcgi_temp_path {self.dir};
  uwsgi_temp_path {self.dir}; scgi_temp_path {self.dir};
  server {{ listen 127.0.0.1:{NGINX_PORT}; root {root}; }}
}}""")
        self.proc = subprocess.Popen(["taskset", "-c", "0", "nginx", "-c", str(conf)], stderr=subprocess.DEVNULL)
        for _ in range(400):
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{NGINX_PORT}/", timeout=1)
            except urllib.error.HTTPError:
                return
            except Exception:
                time.sleep(0.01)

    def stop(self):
        self.proc.terminate()
        self.proc.wait(timeout=10)


def wrk(url, connections, seconds, paths=None, unique=False):
    env = {**os.environ}
    if paths:
        env["WRK_PATHS"] = "|".join(paths)
    if unique:
        env["WRK_UNIQUE"] = "1"
    out = subprocess.run(["taskset", "-c", "1", "wrk", "-t1", f"-c{connections}", f"-d{seconds}s", "-s", str(LUA), url],
                         env=env, capture_output=True, text=True, check=True).stdout
    line = next(l for l in out.splitlines() if l.startswith("JSON"))
    return json.loads(line[4:])


def median_of(runs, key):
    return statistics.median(r[key] for r in runs)


def read_benchmarks(shop, www):
    tree = json.loads(get("/api/categories"))["data"]
    top = tree[0]["id"]
    slug = json.loads(get("/api/products?limit=1&page=50"))["data"][0]["slug"]
    reads = [
        ("product list (limit 20)", ["/api/products?page=1&limit=20"]),
        ("category listing", [f"/api/products/category/{top}?page=1&limit=20"]),
        ("product by slug", [f"/api/products/{slug}"]),
        ("categories tree", ["/api/categories"]),
        ("company details", ["/api/company-details"]),
        ("filtered listing with facets", [f"/api/products?categoryId={top}&colors=Navy%20Blue&sizes=M&minPrice=500&maxPrice=1500&inStock=true&sort=price_asc&limit=20"]),
        ("search (hits and misses)", ["/api/products/search?q=shirt", "/api/products/search?q=linen%20kurta", "/api/products/search?q=navy",
                                      "/api/products/search?q=premium%20dress", "/api/products/search?q=tuxedo", "/api/products/search?q=zzzz"]),
    ]
    results = []
    nginx = Nginx(www)
    try:
        for name, paths in reads:
            static = f"/{len(results)}.json"
            (www / static[1:]).write_bytes(get(paths[0]))
            row = {"name": name, "bytes": len(get(paths[0])), "paths": paths}
            for c in (1, 32):
                shop_runs, static_runs = [], []
                for _ in range(RUNS):
                    wrk(BASE + paths[0], c, 1, paths)  # warm-up
                    shop_runs.append(wrk(BASE + paths[0], c, SECONDS, paths))
                    wrk(f"http://127.0.0.1:{NGINX_PORT}{static}", c, 1)
                    static_runs.append(wrk(f"http://127.0.0.1:{NGINX_PORT}{static}", c, SECONDS))
                row[f"c{c}"] = {
                    "rps": median_of(shop_runs, "rps"), "p50_ms": median_of(shop_runs, "p50_ms"),
                    "p95_ms": median_of(shop_runs, "p95_ms"), "p99_ms": median_of(shop_runs, "p99_ms"),
                    "errors": sum(r["errors"] for r in shop_runs),
                    "nginx_rps": median_of(static_runs, "rps"), "nginx_p99_ms": median_of(static_runs, "p99_ms"),
                }
                row[f"c{c}"]["ratio"] = row[f"c{c}"]["rps"] / row[f"c{c}"]["nginx_rps"]
                print(f"  {name:32} c={c:<3} {row[f'c{c}']['rps']:9.0f} req/s  p99 {row[f'c{c}']['p99_ms']:6.2f} ms  "
                      f"nginx {row[f'c{c}']['nginx_rps']:9.0f}  ratio {row[f'c{c}']['ratio']:.2f}", flush=True)
            results.append(row)
    finally:
        nginx.stop()
    return results


def initial_stock(product_index, variant_index):
    # The rule of crates/catalog/src/bench.rs (initial_stock).
    return 0 if (product_index + variant_index) % 9 == 0 else 1000


STOCK_QUERIES = {
    "sold": """select oi.variant_id, sum(oi.quantity) from order_items oi join orders o on o.id = oi.order_id
               where o.delivery_status != 'CANCELED' group by oi.variant_id""",
    "stock": "select id, stock from variants",
    "orders_without_items": "select count(*) from orders o where not exists (select 1 from order_items i where i.order_id = o.id)",
    "orders": "select count(*) from orders",
}


def stock_check(query):
    """Every variant's stock plus what orders took equals the seeded stock; `query(sql)` gives rows."""
    sold = {vid: int(n) for vid, n in query(STOCK_QUERIES["sold"])}
    bad = checked = 0
    for vid, stock in query(STOCK_QUERIES["stock"]):
        p, v = int(vid[-12:]), int(vid.split("-")[3])
        checked += 1
        if int(stock) + sold.get(vid, 0) != initial_stock(p, v):
            bad += 1
    return {"variants_checked": checked, "variants_wrong": bad, "orders": int(query(STOCK_QUERIES["orders"])[0][0]),
            "orders_without_items": int(query(STOCK_QUERIES["orders_without_items"])[0][0])}


def sqlite_query(db_path):
    return lambda sql: sqlite3.connect(db_path).execute(sql).fetchall()


def write_benchmark(base, query):
    runs = []
    for run in range(RUNS):
        out = subprocess.run(["taskset", "-c", "1", str(XTASK), "order-mix", "--base", base, "--customers", "32", "--seconds", str(max(SECONDS, 5)), "--run", str(run)],
                             capture_output=True, text=True, check=True).stdout
        runs.append(json.loads(out.strip().splitlines()[-1]))
        print(f"  place order (32 customers)         {runs[-1]['orders_per_sec']:9.0f} orders/s  p99 {runs[-1]['p99_ms']:6.2f} ms  errors {runs[-1]['errors']}", flush=True)
    check = stock_check(query)
    return {"orders_per_sec": median_of(runs, "orders_per_sec"), "p50_ms": median_of(runs, "p50_ms"),
            "p99_ms": median_of(runs, "p99_ms"), "errors": sum(r["errors"] for r in runs), "runs": runs, "stock_check": check}


# Listings and searches a shopper sends that the response cache cannot have: other pages,
# price ranges from the slider, colour and size choices, sorts, misspelt words.
UNCACHED_LISTINGS = [
    "/api/products?page=7&limit=24&sort=price_asc", "/api/products?minPrice=700&maxPrice=1900&limit=24",
    "/api/products?colors=Navy%20Blue,Maroon&sizes=M&limit=24", "/api/products?inStock=true&sort=price_desc&page=3&limit=24",
    "/api/products?sort=name&page=12&limit=24", "/api/products?q=cotton&minPrice=500&limit=24",
    # A top category with its subcategories; price with colour and size on one variant.
    "/api/products?category=category-3&sort=discount&page=2&limit=24",
    "/api/products?colors=Teal&sizes=XL&inStock=true&minPrice=600&maxPrice=900&sort=best_sellers&limit=24",
]
UNCACHED_SEARCHES = [
    "/api/products/search?q=shirt", "/api/products/search?q=kurtaa", "/api/products/search?q=sari",
    "/api/products/search?q=linen%20shrit", "/api/products/search?q=tuxedo", "/api/products/search?q=jeanz",
]


def uncached_rows():
    """One shopper at a time, every request a URL the cache has not seen (p50/p95/p99, req/s)."""
    rows = {}
    for name, paths in (("listings", UNCACHED_LISTINGS), ("searches", UNCACHED_SEARCHES)):
        wrk(BASE + paths[0], 1, 1, paths, unique=True)  # warm-up (and the search vocabulary)
        runs = [wrk(BASE + paths[0], 1, SECONDS, paths, unique=True) for _ in range(RUNS)]
        rows[name] = {key: median_of(runs, key) for key in ("rps", "p50_ms", "p95_ms", "p99_ms")}
        rows[name]["errors"] = sum(r["errors"] for r in runs)
        print(f"  uncached {name:9} c=1 {rows[name]['rps']:7.0f} req/s  p50 {rows[name]['p50_ms']:6.2f} ms  "
              f"p95 {rows[name]['p95_ms']:6.2f} ms  p99 {rows[name]['p99_ms']:6.2f} ms", flush=True)
    return rows


def seed(data, products, extra=None):
    started = time.monotonic()
    env = {**os.environ, "SHOP_DATA_DIR": str(data / "data"), "UPLOADS_DIR": str(data / "uploads"), "RUST_LOG": "warn", **(extra or {})}
    sh(str(XTASK), "seed-bench", "--products", str(products), env=env, stdout=subprocess.DEVNULL)
    return time.monotonic() - started


def big_catalogue():
    data = Path(tempfile.mkdtemp(prefix="bench-big-"))
    seconds = seed(data, BIG)
    print(f"seeded {BIG} products in {seconds:.1f} s", flush=True)
    shop = Shop(data)
    try:
        # The search engine is built on a thread of its own once the catalogue is loaded: the
        # first search, sent the moment the shop is healthy, waits for what is left of it.
        started = time.monotonic()
        get("/api/products/search?q=kurtaa")
        engine_wait_s = time.monotonic() - started
        searches = ["/api/products/search?q=shirt", "/api/products/search?q=linen%20kurta", "/api/products/search?q=tuxedo", "/api/products/search?q=navy"]
        search = [wrk(BASE + searches[0], c, SECONDS, searches) for c in (1, 32) for _ in range(RUNS)]
        listing = [wrk(BASE + "/api/products?page=1&limit=20", 32, SECONDS) for _ in range(RUNS)]
        uncached = uncached_rows()
        peak, now = shop.rss_mb()
        result = {"products": BIG, "seed_s": seconds, "startup_s": shop.startup_s, "engine_wait_s": engine_wait_s, "uncached": uncached,
                  "search_c1_p95_ms": median_of(search[:RUNS], "p95_ms"), "search_c32_p95_ms": median_of(search[RUNS:], "p95_ms"),
                  "list_c32_rps": median_of(listing, "rps"), "peak_rss_mb": peak, "rss_mb": now}
        print(f"  100k: startup {shop.startup_s:.2f} s, first search waits {engine_wait_s:.2f} s, search p95 {result['search_c1_p95_ms']:.2f} ms (c1) "
              f"{result['search_c32_p95_ms']:.2f} ms (c32), peak RSS {peak:.0f} MB", flush=True)
        return result
    finally:
        shop.stop()
        shutil.rmtree(data, ignore_errors=True)


ORDERS = int(os.environ.get("BENCH_ORDERS", "100000"))


def order_pages(data, database, extra=None):
    """Seeds ORDERS orders into a migrated shop database (a file or a URL), then times the
    filtered pages (scripts/bench/orders.py) on the release server."""
    sys.path.insert(0, str(Path(__file__).parent))
    import orders
    Shop(data, extra=extra).stop()  # migrates and makes the admin
    seed_s = orders.seed(database, ORDERS)
    shop = Shop(data, extra=extra)
    try:
        login = urllib.request.Request(BASE + "/api/auth/login", method="POST", headers={"Content-Type": "application/json"},
                                       data=json.dumps({"identifier": ORDER_ADMIN["SHOP_ADMIN_EMAIL"], "password": ORDER_ADMIN["SHOP_ADMIN_PASSWORD"]}).encode())
        with urllib.request.urlopen(login, timeout=30) as r:
            token = json.loads(r.read())["token"]
        pages = orders.time_pages(BASE, token)
    finally:
        shop.stop()
    for path, m in pages.items():
        print(f"  {path:72} p50 {m['p50_ms']:7.2f} ms  p95 {m['p95_ms']:7.2f} ms  ({m['matches']:,} match)", flush=True)
    return {"seed_s": seed_s, "pages": pages}


ORDER_ADMIN = {"SHOP_ADMIN_EMAIL": "bench@shop.in", "SHOP_ADMIN_PASSWORD": "bench-orders-admin-77"}


def order_list():
    """The back office's filtered order pages at ORDERS orders, on SQLite and (unless
    BENCH_POSTGRES=0) on a PostgreSQL database of the bench's own, dropped afterwards."""
    os.environ.update(ORDER_ADMIN)
    data = Path(tempfile.mkdtemp(prefix="bench-orders-"))
    try:
        print("  SQLite:", flush=True)
        result = {"orders": ORDERS, **order_pages(data, str(data / "data/shop.db"))}
        print(f"  seeded in {result['seed_s']:.1f} s", flush=True)
        if os.environ.get("BENCH_POSTGRES", "1") == "1":
            import scale_out
            name = "shop_bench_orders"
            scale_out.psql(f"drop database if exists {name} with (force)")
            scale_out.psql(f"create database {name}")
            shutil.rmtree(data, ignore_errors=True)
            data.mkdir()
            try:
                print("  PostgreSQL:", flush=True)
                url = scale_out.database_url(name)
                result["postgres"] = order_pages(data, url, {"DATABASE_URL": url})
                print(f"  seeded in {result['postgres']['seed_s']:.1f} s", flush=True)
            finally:
                scale_out.psql(f"drop database if exists {name} with (force)")
        return result
    finally:
        for key in ORDER_ADMIN:
            os.environ.pop(key, None)
        shutil.rmtree(data, ignore_errors=True)


def lighthouse():
    if not shutil.which("npm") or not Path("/usr/bin/chromium").exists():
        return {"skipped": "npm or /usr/bin/chromium missing"}
    tool = ROOT / "scripts/bench/lighthouse"
    if not (tool / "node_modules/.bin/lighthouse").exists():
        sh("npm", "install", "--no-audit", "--no-fund", "--silent", cwd=tool)
    sh("npm", "run", "build", "--silent", cwd=ROOT / "frontend", stdout=subprocess.DEVNULL)
    data = Path(tempfile.mkdtemp(prefix="bench-lh-"))
    env_demo = {**os.environ, "SHOP_DEMO": "1"}
    os.environ.update(env_demo)
    shop = Shop(data)
    os.environ.pop("SHOP_DEMO", None)
    try:
        slug = json.loads(get("/api/products?limit=1"))["data"][0]["slug"]
        pages = {"home": "/", "shop": "/shop", "product": f"/product/{slug}"}
        out = {}
        for name, path in pages.items():
            # Lighthouse's simulated throttling varies run to run: a page's row is the median of
            # LH_RUNS runs of each figure (taken apart, so one figure's median run need not be another's).
            runs = []
            for i in range(LH_RUNS):
                report = data / f"{name}-{i}.json"
                sh(str(tool / "node_modules/.bin/lighthouse"), BASE + path, "--only-categories=performance,seo", "--output=json",
                   f"--output-path={report}", "--quiet",
                   "--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --no-first-run --disable-sync",
                   env={**os.environ, "CHROME_PATH": "/usr/bin/chromium"})
                r = json.loads(report.read_text())
                runs.append({"score": round(r["categories"]["performance"]["score"] * 100),
                             "seo": round(r["categories"]["seo"]["score"] * 100),
                             "lcp_s": r["audits"]["largest-contentful-paint"]["numericValue"] / 1000,
                             "tbt_ms": r["audits"]["total-blocking-time"]["numericValue"],
                             "cls": r["audits"]["cumulative-layout-shift"]["numericValue"]})
                if LH_KEEP:
                    shutil.copy(report, Path(LH_KEEP) / report.name)
            out[name] = {key: median_of(runs, key) for key in runs[0]}
            out[name]["runs"] = len(runs)
            print(f"  lighthouse {name:8} score {out[name]['score']}  SEO {out[name]['seo']}  LCP {out[name]['lcp_s']:.2f} s"
                  f"  TBT {out[name]['tbt_ms']:.0f} ms  (medians of {len(runs)}; scores {[r['score'] for r in runs]})", flush=True)
        return out
    finally:
        shop.stop()
        shutil.rmtree(data, ignore_errors=True)


def home_js_kb():
    out = subprocess.run(["node", "scripts/bundle-size.mjs"], cwd=ROOT / "frontend", capture_output=True, text=True).stdout
    line = next((l for l in out.splitlines() if l.startswith("home page JS:")), "")
    return line.removeprefix("home page JS:").strip() or "unknown"


def main():
    ensure_tools()
    machine = {"cpus": os.cpu_count(), "cpu": next((l.split(":")[1].strip() for l in open("/proc/cpuinfo") if l.startswith("model name")), "?")}
    data = Path(tempfile.mkdtemp(prefix="bench-"))
    www = Path(tempfile.mkdtemp(prefix="bench-www-"))
    os.chmod(www, 0o755)
    print(f"seeding {PRODUCTS} products...", flush=True)
    seed_s = seed(data, PRODUCTS)
    shop = Shop(data)
    try:
        print(f"start-up to healthy: {shop.startup_s:.3f} s; reads ({RUNS} runs of {SECONDS} s, medians):", flush=True)
        reads = read_benchmarks(shop, www)
        print("uncached reads (one shopper, a new URL each time):", flush=True)
        uncached = uncached_rows()
        print("writes:", flush=True)
        writes = write_benchmark(BASE, sqlite_query(data / "data/shop.db"))
        peak, now = shop.rss_mb()
        startup = shop.startup_s
    finally:
        shop.stop()
    results = {"machine": machine, "runs": RUNS, "seconds_per_run": SECONDS, "products": PRODUCTS, "seed_s": seed_s,
               "startup_s": startup, "peak_rss_mb": peak, "reads": reads, "uncached": uncached, "writes": writes}
    if os.environ.get("BENCH_POSTGRES", "1") == "1":
        import scale_out
        print("PostgreSQL, one and two instances:", flush=True)
        results["postgres"] = scale_out.rows(sys.modules[__name__])
    if BIG:
        results["big"] = big_catalogue()
    if ORDERS:
        print(f"order list at {ORDERS:,} orders (1 request at a time):", flush=True)
        results["order_list"] = order_list()
    if os.environ.get("BENCH_LIGHTHOUSE", "1") == "1":
        results["lighthouse"] = lighthouse()
        results["home_js"] = home_js_kb()
    out_dir = ROOT / "bench-results"
    out_dir.mkdir(exist_ok=True)
    (out_dir / "latest.json").write_text(json.dumps(results, indent=2))
    sh(sys.executable, str(Path(__file__).with_name("render.py")), str(out_dir / "latest.json"), str(ROOT / "docs/PERFORMANCE.md"))
    shutil.rmtree(data, ignore_errors=True)
    shutil.rmtree(www, ignore_errors=True)


if __name__ == "__main__":
    main()
