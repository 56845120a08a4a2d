#!/usr/bin/env python3
"""The 100k-product run of `make bench` (bench.py `big_catalogue()`), for two shop binaries
side by side, with VmHWM/VmRSS read after each phase (start, searches, listings, uncached
rows) to show where the peak comes from. Figures only, not a check.

    flock /tmp/bench.lock python3 scripts/bench/big_side_by_side.py BEFORE_BIN AFTER_BIN [rounds]

Each round runs every binary once (alternating), so load drifts hit both alike; medians of
the rounds are printed. BENCH_BIG_PRODUCTS, BENCH_RUNS and BENCH_SECONDS apply as in bench.py.
"""
import statistics, sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
import bench

phases = []
shops = []


class Traced(bench.Shop):
    def __init__(self, *a, **kw):
        super().__init__(*a, **kw)
        shops.append(self)
        phases.append(("start", *self.rss_mb()))


def traced_wrk(url, connections, seconds, paths=None, unique=False):
    out = real_wrk(url, connections, seconds, paths, unique)
    kind = ("uncached " if unique else "") + ("searches" if "search" in url else "listings")
    phases.append((kind, *shops[-1].rss_mb()))
    return out


real_wrk = bench.wrk
bench.Shop = Traced
bench.wrk = traced_wrk


def run(binary):
    bench.SHOP = Path(binary)
    phases.clear()
    result = bench.big_catalogue()
    # The highest water mark at the end of each phase (the last reading of each).
    marks = {}
    for kind, hwm, rss in phases:
        marks[kind] = (hwm, rss)
    return result, marks


def main():
    binaries = sys.argv[1:3]
    rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 1
    results = {b: [] for b in binaries}
    for _ in range(rounds):
        for b in binaries:
            results[b].append(run(b))
    for b in binaries:
        runs = results[b]
        med = lambda f: statistics.median(f(r) for r in runs)
        print(f"\n== {b} ({len(runs)} rounds, medians)")
        print(f"  startup {med(lambda r: r[0]['startup_s']):.2f} s   peak (VmHWM) {med(lambda r: r[0]['peak_rss_mb']):.1f} MB   "
              f"RSS at end {med(lambda r: r[0]['rss_mb']):.1f} MB")
        print(f"  uncached listings p95 {med(lambda r: r[0]['uncached']['listings']['p95_ms']):.2f} ms   "
              f"uncached searches p95 {med(lambda r: r[0]['uncached']['searches']['p95_ms']):.2f} ms   "
              f"search c32 p95 {med(lambda r: r[0]['search_c32_p95_ms']):.2f} ms")
        for kind in ("start", "searches", "listings", "uncached listings", "uncached searches"):
            if all(kind in r[1] for r in runs):
                print(f"  after {kind:18} VmHWM {med(lambda r: r[1][kind][0]):6.1f} MB  VmRSS {med(lambda r: r[1][kind][1]):6.1f} MB")


if __name__ == "__main__":
    main()
