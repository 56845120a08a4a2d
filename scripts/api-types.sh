#!/usr/bin/env bash
# The web app's API types, frontend/src/lib/api-schema.d.ts, generated with openapi-typescript
# from the OpenAPI document the shop serves (`shop openapi` prints it without a running shop).
#   scripts/api-types.sh           regenerate the file (make api-types)
#   scripts/api-types.sh --check   fail when the committed file is not what the document gives
# SHOP_BIN picks the binary; by default the debug build, built when needed.
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=frontend/src/lib/api-schema.d.ts
if [ -z "${SHOP_BIN:-}" ]; then
	# The build `cargo test --workspace` makes (features unified as for the tests): after the
	# Rust tests it is already there, where `-p server` alone would build the dependencies again.
	cargo build -q --workspace --tests
	SHOP_BIN=target/debug/shop
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
RUST_LOG=error "$SHOP_BIN" openapi "$tmp/openapi.json"
(cd frontend && npx --no-install openapi-typescript "$tmp/openapi.json" --output "$tmp/api-schema.d.ts" >/dev/null 2>"$tmp/log") \
	|| { cat "$tmp/log" >&2; exit 1; }
if [ "${1:-}" = "--check" ]; then
	if ! cmp -s "$tmp/api-schema.d.ts" "$OUT"; then
		echo "$OUT is not what the API's OpenAPI document gives: run make api-types" >&2
		diff -u "$OUT" "$tmp/api-schema.d.ts" | head -40 >&2 || true
		exit 1
	fi
	echo "$OUT is current"
else
	cp "$tmp/api-schema.d.ts" "$OUT"
	echo "wrote $OUT"
fi
