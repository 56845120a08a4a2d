"""make bench, PostgreSQL rows: the order write mix on PostgreSQL (beside SQLite's row), a
catalogue read through nginx with one and with two instances, and how long a back-office
change takes to reach the other instance.

On 2 cores every shop process and nginx share CPU 0 and the load generator has CPU 1, as in
the SQLite rows: two instances cannot add throughput here, so the 2-instance row shows what
the load balancer and a second process cost, not how the shop scales (docs/PERFORMANCE.md).
"""
import json, os, shutil, statistics, subprocess, tempfile, time, urllib.request
from pathlib import Path

PG_URL = os.environ.get("BENCH_PG_URL", "postgres://postgres@127.0.0.1:5432/postgres")
PG_DB = "shop_bench"
LB_PORT = 18193
SECOND_PORT = 18192
ADMIN = {"SHOP_ADMIN_EMAIL": "bench-pg@shop.in", "SHOP_ADMIN_PASSWORD": "bench-pg-admin-pass-77"}
# Both instances sign tokens with one secret, as a real deployment must.
SHARED = {"JWT_SECRET": "bench-shared-secret-of-at-least-32-bytes", **ADMIN}


def database_url(name):
    return PG_URL.rsplit("/", 1)[0] + "/" + name


def psql(sql, db="postgres"):
    out = subprocess.run(["psql", database_url(db), "-At", "-F", "\t", "-v", "ON_ERROR_STOP=1", "-c", sql],
                         capture_output=True, text=True, check=True).stdout
    return [line.split("\t") for line in out.splitlines() if line]


def fresh_database():
    psql(f"drop database if exists {PG_DB} with (force)")
    psql(f"create database {PG_DB}")
    return database_url(PG_DB)


def request(base, path, method="GET", token=None, body=None):
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    data = json.dumps(body).encode() if body is not None else None
    with urllib.request.urlopen(urllib.request.Request(base + path, data=data, method=method, headers=headers), timeout=30) as r:
        return json.loads(r.read() or b"null")


def propagation(a, b, rounds=30):
    """Milliseconds from the answer to a legal-page save on `a` to `b` serving the new text."""
    token = request(a, "/api/auth/login", "POST", body={"identifier": ADMIN["SHOP_ADMIN_EMAIL"],
                                                         "password": ADMIN["SHOP_ADMIN_PASSWORD"]})["token"]
    delays = []
    for i in range(rounds):
        marker = f"Bench terms, version {i} of {time.monotonic_ns()}."
        request(a, "/api/legal-pages", "POST", token, {"slug": "terms-conditions", "title": "Terms", "content": marker})
        saved = time.monotonic()
        while marker not in json.dumps(request(b, "/api/legal-pages")):
            if time.monotonic() - saved > 10:
                raise SystemExit("the second instance never served the change")
        delays.append((time.monotonic() - saved) * 1000)
    delays.sort()
    return {"rounds": rounds, "p50_ms": statistics.median(delays), "p99_ms": delays[min(len(delays) - 1, int(len(delays) * 0.99))]}


class Balancer:
    """nginx on CPU 0 in front of the given instances (round robin, kept-alive upstreams)."""

    def __init__(self, ports):
        self.dir = Path(tempfile.mkdtemp(prefix="bench-lb-"))
        servers = "".join(f"server 127.0.0.1:{p};" for p in ports)
        (self.dir / "nginx.conf").write_text(f"""
worker_processes 1; daemon off; pid {self.dir}/nginx.pid; error_log {self.dir}/error.log;
events {{ worker_connections 1024; }}
http {{
  access_log off; keepalive_requests 1000000;
  client_body_temp_path {self.dir}; proxy_temp_path {self.dir}; fastcgi_temp_path {self.dir};
  uwsgi_temp_path {self.dir}; scgi_temp_path {self.dir};
  upstream shop {{ {servers} keepalive 64; }}
  server {{ listen 127.0.0.1:{LB_PORT};
    location / {{ proxy_pass http://shop; proxy_http_version 1.1; proxy_set_header Connection ""; }} }}
}}""")
        self.proc = subprocess.Popen(["taskset", "-c", "0", "nginx", "-c", str(self.dir / "nginx.conf")], stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 10
        while True:
            try:
                request(f"http://127.0.0.1:{LB_PORT}", "/api/health")
                return
            except Exception:
                if time.monotonic() > deadline:
                    raise SystemExit(f"nginx in front of {ports} did not answer")

    def stop(self):
        self.proc.terminate()
        self.proc.wait(timeout=10)
        shutil.rmtree(self.dir, ignore_errors=True)


def through_balancer(bench, ports, path):
    lb = Balancer(ports)
    try:
        url = f"http://127.0.0.1:{LB_PORT}{path}"
        bench.wrk(url, 32, 1)  # warm-up: every instance's response cache
        runs = [bench.wrk(url, 32, bench.SECONDS) for _ in range(bench.RUNS)]
        return {"rps": bench.median_of(runs, "rps"), "p99_ms": bench.median_of(runs, "p99_ms"),
                "errors": sum(r["errors"] for r in runs)}
    finally:
        lb.stop()


def rows(bench):
    url = fresh_database()
    extra = {"DATABASE_URL": url, **SHARED}
    first_dir = Path(tempfile.mkdtemp(prefix="bench-pg-a-"))
    second_dir = Path(tempfile.mkdtemp(prefix="bench-pg-b-"))
    seed_s = bench.seed(first_dir, bench.PRODUCTS, extra)
    print(f"  seeded {bench.PRODUCTS} products into PostgreSQL in {seed_s:.1f} s", flush=True)
    first = bench.Shop(first_dir, bench.PORT, extra)
    second = None
    try:
        writes = bench.write_benchmark(first.base, lambda sql: psql(sql, PG_DB))
        second = bench.Shop(second_dir, SECOND_PORT, extra)
        delay = propagation(first.base, second.base)
        print(f"  change reaches the other instance  p50 {delay['p50_ms']:6.1f} ms  p99 {delay['p99_ms']:6.1f} ms", flush=True)
        listing = "/api/products?page=1&limit=20"
        one = through_balancer(bench, [bench.PORT], listing)
        two = through_balancer(bench, [bench.PORT, SECOND_PORT], listing)
        print(f"  product list via nginx, c=32      1 instance {one['rps']:8.0f} req/s   2 instances {two['rps']:8.0f} req/s", flush=True)
        return {"seed_s": seed_s, "writes": writes, "propagation": delay, "nginx_one": one, "nginx_two": two}
    finally:
        for shop in (first, second):
            if shop:
                shop.stop()
        shutil.rmtree(first_dir, ignore_errors=True)
        shutil.rmtree(second_dir, ignore_errors=True)
        psql(f"drop database if exists {PG_DB} with (force)")
