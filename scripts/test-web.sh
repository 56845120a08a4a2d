#!/usr/bin/env bash
# Web app checks: lint (ESLint), type-check, unit tests (vitest) and, when present, the browser
# suite. Ends with one plain "N passed, N failed" line, because CI does not read vitest's output.
set -uo pipefail
cd "$(dirname "$0")/../frontend"
# The npm packages, installed when missing or older than package-lock.json (npm records what it
# installed in node_modules/.package-lock.json).
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
	npm ci --no-audit --no-fund || exit 1
fi

report=$(mktemp -d)
status=0
# The generated API types must be what the server's OpenAPI document gives (make api-types).
../scripts/api-types.sh --check || status=1
npm run --silent lint || status=1
npm run --silent typecheck || status=1
npx vitest run --reporter=default --reporter=json --outputFile="$report/vitest.json" || status=1
if [ -f playwright.config.ts ] && [ "${SKIP_E2E:-0}" != "1" ]; then
	# The browser suite runs the real `shop` binary (SHOP_BIN, else the newer of target/release/shop and
	# target/debug/shop; `make test` has just built the debug one) serving the built app in dist/.
	if [ -z "${SHOP_BIN:-}" ] && [ ! -x ../target/debug/shop ] && [ ! -x ../target/release/shop ]; then
		(cd .. && cargo build -q --workspace --tests) || status=1
	fi
	if npm run --silent build >"$report/build.log" 2>&1; then
		PLAYWRIGHT_JSON_OUTPUT_NAME="$report/e2e.json" npx playwright test --reporter=list,json || status=1
	else
		cat "$report/build.log" >&2
		echo "web app build failed: browser tests not run" >&2
		status=1
	fi
fi

node -e '
const fs = require("fs");
let passed = 0, failed = 0;
const read = f => { try { return JSON.parse(fs.readFileSync(f, "utf8")); } catch { return null; } };
const v = read(process.argv[1] + "/vitest.json");
if (v) { passed += v.numPassedTests || 0; failed += (v.numFailedTests || 0); }
const e = read(process.argv[1] + "/e2e.json");
if (e && e.stats) { passed += e.stats.expected || 0; failed += (e.stats.unexpected || 0) + (e.stats.flaky || 0); }
console.log(`${passed} passed, ${failed} failed`);
' "$report"
rm -rf "$report"
exit $status
