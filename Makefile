# The shop's commands. `make run` serves the shop; `make test` runs every test.
SHELL := /bin/bash
.DEFAULT_GOAL := help

CARGO ?= cargo
FRONTEND := frontend
# Local-only demo credentials: never use them on a shop that faces the internet.
DEMO_ADMIN_EMAIL ?= admin@shop.local
DEMO_ADMIN_PASSWORD ?= shop-demo-admin

.PHONY: help run build build-deps test-deps frontend test test-rust test-web licenses api-fuzz api-types crash-test scale-test bench fuzz clean

help:
	@echo "make run    build and start the shop on http://127.0.0.1:8080 (SQLite in data/, demo catalogue, demo admin)"
	@echo "make test   run every test (set TEST_DATABASE_URL to include PostgreSQL)"

# The web app is built when its sources are present and npm is available.
frontend:
	@if [ -f $(FRONTEND)/package.json ]; then \
		cd $(FRONTEND) && { [ -d node_modules ] || npm ci --no-audit --no-fund; } && npm run build; \
	fi

# The bundled PostgreSQL client and the SMTP client's TLS build against OpenSSL: make sure
# its headers and pkg-config are there (installed with apt when possible).
build-deps:
	@if ! pkg-config --exists openssl 2>/dev/null; then \
		if command -v apt-get >/dev/null 2>&1 && [ "$$(id -u)" = 0 ]; then \
			echo "installing libssl-dev and pkg-config (needed to build the shop)"; \
			apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libssl-dev pkg-config >/dev/null; \
		elif command -v apt-get >/dev/null 2>&1; then \
			echo "please run: sudo apt-get install -y libssl-dev pkg-config"; exit 1; \
		else \
			echo "please install the OpenSSL development headers and pkg-config"; exit 1; \
		fi; \
	fi

# What the tests need besides the build: Chromium, Python's venv module, curl (installed with
# apt when possible, else named exactly; scripts/test-deps.sh).
test-deps:
	@scripts/test-deps.sh

build: build-deps frontend
	$(CARGO) build --release -p server

run: build
	SHOP_DEMO=1 \
	SHOP_ADMIN_EMAIL=$${SHOP_ADMIN_EMAIL:-$(DEMO_ADMIN_EMAIL)} \
	SHOP_ADMIN_PASSWORD=$${SHOP_ADMIN_PASSWORD:-$(DEMO_ADMIN_PASSWORD)} \
	./target/release/shop serve

# The web tests run last: their closing "N passed, N failed" line is the summary CI reads.
test: build-deps test-deps test-rust licenses api-fuzz crash-test scale-test test-web

test-rust:
	$(CARGO) test --workspace --no-fail-fast

test-web:
	@if [ -f $(FRONTEND)/package.json ]; then scripts/test-web.sh; fi

# schemathesis (pinned, in a venv under target/) against the real server on a temporary
# SQLite shop with the demo catalogue, as two customers and an admin (about 2 minutes).
api-fuzz:
	scripts/api-fuzz.sh

# The web app's API types (frontend/src/lib/api-schema.d.ts) from the served OpenAPI document,
# with openapi-typescript; `make test` fails while the committed file is out of date.
api-types:
	@if [ ! -f $(FRONTEND)/node_modules/.package-lock.json ]; then cd $(FRONTEND) && npm ci --no-audit --no-fund; fi
	scripts/api-types.sh

# SIGKILL in the middle of concurrent order placements, N rounds, then the database's
# invariants (scripts/crash_test.py).
crash-test:
	scripts/crash-test.sh

# Three instances on a PostgreSQL cluster of the script's own, moto's S3 server and nginx
# in front: propagation delay, the last-piece race, SIGKILL mid-burst, a PostgreSQL restart,
# images across instances, SIGTERM draining (scripts/scale_test.py; installs nginx and a
# pinned moto itself).
scale-test:
	scripts/scale-test.sh

# No dependency may be used only under a GPL/AGPL/LGPL licence. The check reads
# `cargo metadata` and needs nothing installed; deny.toml states the same policy for
# `cargo deny check licenses`.
licenses:
	python3 scripts/check-licenses.py

clean:
	$(CARGO) clean
	rm -rf $(FRONTEND)/dist

# Speed and memory figures (docs/PERFORMANCE.md); never part of `make test`.
bench:
	python3 scripts/bench/bench.py

# Coverage-guided fuzzing of the hand-written parsers (nightly + cargo-fuzz), a bounded
# time per target. Findings are fixed and kept as unit tests beside the parser.
FUZZ_SECONDS ?= 30
fuzz:
	@command -v cargo-fuzz >/dev/null 2>&1 || $(CARGO) install cargo-fuzz --locked
	cd fuzz && for target in money contact upload_name colour; do \
		$(CARGO) +nightly fuzz run $$target -- -max_total_time=$(FUZZ_SECONDS) || exit 1; \
	done
