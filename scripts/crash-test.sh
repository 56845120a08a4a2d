#!/usr/bin/env bash
# Crash safety: N rounds of (start the shop, burst of concurrent order placements, SIGKILL
# mid-burst, restart) on one SQLite database, then the invariants. See crash_test.py.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build -q --workspace --tests
exec python3 scripts/crash_test.py "${CRASH_ROUNDS:-5}"
