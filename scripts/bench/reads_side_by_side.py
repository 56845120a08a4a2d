#!/usr/bin/env python3
"""The catalogue reads of `make bench` for two shop binaries side by side on one seeded
catalogue (10,000 products), to tell a change of code from a change of machine: `make bench`
compares each read with nginx on the machine it runs on, and machines here differ.

    python3 scripts/bench/reads_side_by_side.py BEFORE_BIN AFTER_BIN [rounds [BEFORE_NAME AFTER_NAME]]

Each round runs every binary once (alternating, each on a fresh copy of the seeded data
folder), so load drifts hit both alike; medians of the rounds are printed, with the ratio
after/before, and written to bench-results/side_by_side.json, which docs/PERFORMANCE.md shows
(render.py) with the names given (commits, say) and the day. BENCH_SECONDS and BENCH_PRODUCTS
apply as in bench.py. Figures only, not a check.
"""
import json, shutil, statistics, sys, tempfile, time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
import bench


def reads(binary, seeded):
    data = Path(tempfile.mkdtemp(prefix="bench-ab-"))
    shutil.copytree(seeded, data, dirs_exist_ok=True)
    bench.SHOP = Path(binary)
    shop = bench.Shop(data)
    try:
        top = bench.json.loads(bench.get("/api/categories"))["data"][0]["id"]
        slug = bench.json.loads(bench.get("/api/products?limit=1&page=50"))["data"][0]["slug"]
        rows = {
            "product list (limit 20)": ["/api/products?page=1&limit=20"],
            "category listing": [f"/api/products/category/{top}?page=1&limit=20"],
            "product by slug": [f"/api/products/{slug}"],
            "categories tree": ["/api/categories"],
            "search (hits and misses)": ["/api/products/search?q=shirt", "/api/products/search?q=navy", "/api/products/search?q=zzzz"],
        }
        out = {}
        for name, paths in rows.items():
            for c in (1, 32):
                bench.wrk(bench.BASE + paths[0], c, 1, paths)  # warm-up
                out[(name, c)] = bench.wrk(bench.BASE + paths[0], c, bench.SECONDS, paths)["rps"]
        return out
    finally:
        shop.stop()
        shutil.rmtree(data, ignore_errors=True)


def main():
    before, after = sys.argv[1:3]
    rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 3
    seeded = Path(tempfile.mkdtemp(prefix="bench-ab-seed-"))
    bench.seed(seeded, bench.PRODUCTS)
    runs = {before: [], after: []}
    for _ in range(rounds):
        for binary in (before, after):
            runs[binary].append(reads(binary, seeded))
    shutil.rmtree(seeded, ignore_errors=True)
    names = sys.argv[4:6] if len(sys.argv) > 5 else [before, after]
    print(f"req/s, medians of {rounds} rounds of {bench.SECONDS} s ({bench.PRODUCTS:,} products)")
    print(f"{'read':32} {'conns':>5} {'before':>9} {'after':>9} {'after/before':>12}")
    rows = []
    for key in runs[before][0]:
        b = statistics.median(r[key] for r in runs[before])
        a = statistics.median(r[key] for r in runs[after])
        rows.append({"read": key[0], "conns": key[1], "before_rps": b, "after_rps": a})
        print(f"{key[0]:32} {key[1]:>5} {b:9.0f} {a:9.0f} {a / b:12.2f}")
    cpu = next((l.split(":")[1].strip() for l in open("/proc/cpuinfo") if l.startswith("model name")), "?")
    out = {"day": time.strftime("%Y-%m-%d"), "cpu": cpu, "before": names[0], "after": names[1], "rounds": rounds,
           "seconds": bench.SECONDS, "products": bench.PRODUCTS, "rows": rows}
    (bench.ROOT / "bench-results/side_by_side.json").write_text(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
