#!/usr/bin/env bash
# What `make test` needs beyond what `make run` needs (Rust, Node.js, the OpenSSL headers):
# Chromium and a font for the browser suite (Debian's, never a downloaded one), Python's venv
# module for the API fuzzer's pinned schemathesis, and curl. On Debian or Ubuntu as root the
# missing ones are installed with apt; otherwise this says exactly what to install and fails.
set -euo pipefail

command -v npm >/dev/null 2>&1 || { echo "make test needs Node.js 20.19 or newer with npm"; exit 1; }
command -v python3 >/dev/null 2>&1 || { echo "make test needs Python 3 (Debian: apt-get install -y python3 python3-venv)"; exit 1; }

missing=() # Debian package names
if [ "${SKIP_E2E:-0}" != 1 ]; then
	if [ -n "${CHROMIUM_PATH:-}" ]; then
		[ -x "$CHROMIUM_PATH" ] || { echo "CHROMIUM_PATH=$CHROMIUM_PATH is not an executable Chromium"; exit 1; }
	elif [ ! -x /usr/bin/chromium ]; then
		missing+=(chromium fonts-liberation)
	fi
fi
python3 -c 'import ensurepip, venv' 2>/dev/null || missing+=(python3-venv)
command -v curl >/dev/null 2>&1 || missing+=(curl)
[ ${#missing[@]} -eq 0 ] && exit 0

if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
	echo "installing ${missing[*]} (needed by make test)"
	apt-get update -qq
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
elif command -v apt-get >/dev/null 2>&1; then
	echo "make test needs: sudo apt-get install -y --no-install-recommends ${missing[*]}"
	exit 1
else
	echo "make test needs (Debian package names): ${missing[*]}"
	echo "  chromium: Chromium or Chrome at /usr/bin/chromium or named by CHROMIUM_PATH (SKIP_E2E=1 skips the browser suite)"
	echo "  python3-venv: Python's venv module with ensurepip"
	exit 1
fi
