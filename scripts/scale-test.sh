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

missing=() # Debian package names
command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || missing+=(nginx-light)
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || missing+=(postgresql)
command -v psql >/dev/null 2>&1 || missing+=(postgresql-client)
python3 -c 'import ensurepip, venv' 2>/dev/null || missing+=(python3-venv)
if [ ${#missing[@]} -gt 0 ]; then
	if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
		echo "scale-test: installing ${missing[*]} (Debian)"
		apt-get update -qq
		# nginx-light is gone from newer Debian releases: then the full nginx.
		DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null \
			|| DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]/nginx-light/nginx}" >/dev/null
	else
		echo "scale-test needs: sudo apt-get install -y --no-install-recommends ${missing[*]}"; exit 1
	fi
fi
if ! "$VENV/bin/python" -c "import moto, requests; assert moto.__version__ == '$MOTO_VERSION'" 2>/dev/null; then
	python3 -m venv --clear "$VENV"
	"$VENV/bin/pip" install -q --disable-pip-version-check "moto[server]==$MOTO_VERSION" "requests==$REQUESTS_VERSION"
fi
cargo build -q --workspace --tests
# The storage port's tests, run against the moto server by scale_test.py.
cargo test -q -p media --lib --no-run
exec "$VENV/bin/python" scripts/scale_test.py
