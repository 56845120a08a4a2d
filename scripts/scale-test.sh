#!/usr/bin/env bash
# Several shop instances on one PostgreSQL with S3-compatible object storage, behind nginx
# (issue 14). Installs what it needs: nginx from Debian (apt, as root) when missing, and
# moto's S3 server plus requests, pinned, in a venv under target/. Starts its OWN
# PostgreSQL cluster on a private port in a temporary folder (the machine's shared
# PostgreSQL is never touched), a moto S3 server, 3 debug-build `shop` instances and nginx,
# then runs scripts/scale_test.py. Exits non-zero on any failure.
set -euo pipefail
cd "$(dirname "$0")/.."

MOTO_VERSION=5.2.5
REQUESTS_VERSION=2.32.3
VENV=${SCALE_VENV:-target/scale-venv}

if ! command -v nginx >/dev/null 2>&1 && [ ! -x /usr/sbin/nginx ]; then
	if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
		echo "scale-test: installing nginx (Debian)"
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx-light >/dev/null \
			|| DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx >/dev/null
	else
		echo "scale-test: nginx is missing; please run: sudo apt-get install -y nginx"; exit 1
	fi
fi
if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
	if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
		echo "scale-test: installing PostgreSQL (Debian)"
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
	else
		echo "scale-test: PostgreSQL's server programs are missing; please run: sudo apt-get install -y postgresql"; exit 1
	fi
fi
if ! "$VENV/bin/python" -c "import moto, requests; assert moto.__version__ == '$MOTO_VERSION'" 2>/dev/null; then
	python3 -m venv --clear "$VENV"
	"$VENV/bin/pip" install -q --disable-pip-version-check "moto[server]==$MOTO_VERSION" "requests==$REQUESTS_VERSION"
fi
cargo build -q -p server
# The storage port's tests, run against the moto server by scale_test.py.
cargo test -q -p media --lib --no-run
exec "$VENV/bin/python" scripts/scale_test.py
