#!/usr/bin/env bash
# Fuzzes the real server against its own OpenAPI document with schemathesis (pinned),
# every check on, a fixed seed, as three identities: two customers and an admin.
# Expectation: 0 server errors, 0 schema violations, 0 ignored authentication and no
# customer reaching another's addresses, cart lines or orders (scripts/fuzz_hooks.py).
set -euo pipefail
cd "$(dirname "$0")/.."

SCHEMATHESIS_VERSION=4.32.5
VENV=${FUZZ_VENV:-target/fuzz-venv}
PORT=${FUZZ_PORT:-18089}
# 20 examples per operation and identity (about 2,800 cases each) keep `make test` within 30
# minutes on a 2-core machine; FUZZ_MAX_EXAMPLES=100 for a deeper run.
MAX_EXAMPLES=${FUZZ_MAX_EXAMPLES:-20}
SEED=${FUZZ_SEED:-20261122}
BASE="http://127.0.0.1:$PORT"

if ! "$VENV/bin/schemathesis" --version 2>/dev/null | grep -q "$SCHEMATHESIS_VERSION"; then
	python3 -m venv --clear "$VENV"
	"$VENV/bin/pip" install -q --disable-pip-version-check "schemathesis==$SCHEMATHESIS_VERSION"
fi
cargo build -q --workspace --tests
tmp=$(mktemp -d)
server_pid=
cleanup() {
	if [ -n "$server_pid" ]; then kill "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; fi
	rm -rf "$tmp"
}
trap cleanup EXIT

ADMIN_EMAIL=fuzz-admin@shop.local
ADMIN_PASSWORD=fuzz-admin-pass-1
SHOP_DATA_DIR="$tmp/data" UPLOADS_DIR="$tmp/uploads" SHOP_BIND="127.0.0.1:$PORT" SHOP_STATIC_DIR="$tmp/none" \
	SHOP_DEMO=1 SHOP_BCRYPT_COST=4 SHOP_ADMIN_EMAIL=$ADMIN_EMAIL SHOP_ADMIN_PASSWORD=$ADMIN_PASSWORD \
	SHOP_RATE_SIGN_IN=0 SHOP_RATE_REGISTER=0 SHOP_RATE_PASSWORD_RESET=0 SHOP_RATE_ORDERS=0 SHOP_RATE_ORDERS_PER_IP=0 SHOP_RATE_SEARCH=0 \
	RUST_LOG=warn target/debug/shop serve >"$tmp/server.log" 2>&1 &
server_pid=$!
# A debug build seeding the demo on a slow machine takes a while: wait minutes, not seconds,
# but stop at once, with the shop's log, if it exits.
deadline=$((SECONDS + ${SHOP_START_TIMEOUT:-300}))
until curl -fs --max-time 5 "$BASE/api/health" >/dev/null 2>&1; do
	if ! kill -0 "$server_pid" 2>/dev/null; then
		echo "api-fuzz: the shop exited before it was ready:"; cat "$tmp/server.log"; exit 1
	fi
	if [ $SECONDS -ge $deadline ]; then
		echo "api-fuzz: the shop was not ready after ${SHOP_START_TIMEOUT:-300} s:"; cat "$tmp/server.log"; exit 1
	fi
	sleep 0.2
done

token() { python3 -c 'import json,sys; d=json.load(sys.stdin); print(d.get("token") or d["data"]["token"])'; }
register() {
	curl -fs -H 'Content-Type: application/json' "$BASE/api/auth/register" \
		-d "{\"username\":\"$1\",\"email\":\"$1@fuzz.example\",\"password\":\"fuzz-pass-123\"}" | token
}
export FUZZ_BASE=$BASE
export FUZZ_TOKEN_A=$(register fuzzasha)
export FUZZ_TOKEN_B=$(register fuzzravi)
export FUZZ_TOKEN_ADMIN=$(curl -fs -H 'Content-Type: application/json' "$BASE/api/auth/login" \
	-d "{\"identifier\":\"$ADMIN_EMAIL\",\"password\":\"$ADMIN_PASSWORD\"}" | token)
# Customer A owns an address, a cart line and an order, for B to try to reach.
python3 scripts/fuzz_seed.py

status=0
# Signing out would end the identity's own token half-way through its run (every later call
# a 401): those two calls are proved by the API tests (sessions.rs) instead.
for who in A B ADMIN; do
	token_var="FUZZ_TOKEN_$who"
	echo "== schemathesis as $who"
	FUZZ_IDENTITY=$who SCHEMATHESIS_HOOKS=fuzz_hooks PYTHONPATH=scripts \
		"$VENV/bin/schemathesis" run "$BASE/api/openapi.json" \
		--checks all --seed "$SEED" --max-examples "$MAX_EXAMPLES" --workers 2 \
		--exclude-path /api/auth/logout --exclude-path /api/auth/logout-all \
		--header "Authorization: Bearer ${!token_var}" \
		--generation-deterministic --no-color --suppress-health-check all \
		|| status=1
done
if grep -E "panicked|internal error" "$tmp/server.log"; then status=1; fi
if [ $status -ne 0 ]; then echo "api-fuzz: FAILED"; tail -50 "$tmp/server.log"; fi
exit $status
