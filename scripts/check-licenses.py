#!/usr/bin/env python3
"""No dependency may be used only under a GPL, AGPL or LGPL licence.

Reads `cargo metadata` (the packages cargo already has; no network, nothing to install)
and checks each package's SPDX licence expression: a package passes when at least one of
its OR-alternatives holds no copyleft licence. A package without a licence expression
fails unless listed below with the reason it is fine. deny.toml states the same policy
for people who run `cargo deny check licenses`.
"""
import json, re, subprocess, sys

COPYLEFT = re.compile(r"\b(A?GPL|LGPL)-", re.IGNORECASE)
# Packages whose manifest names a licence file instead of an SPDX expression.
KNOWN = {
    "ring": "ISC-style and OpenSSL licences (permissive)",
}

meta = json.loads(subprocess.run(["cargo", "metadata", "--format-version", "1", "--locked"],
                                 check=True, capture_output=True, text=True).stdout)
workspace = set(meta["workspace_members"])
refused, unknown = [], []
for package in meta["packages"]:
    if package["id"] in workspace:
        continue
    expression = package.get("license")
    if not expression:
        if package["name"] not in KNOWN:
            unknown.append(package["name"])
        continue
    alternatives = [a.strip(" ()") for a in re.split(r"\bOR\b|/", expression)]
    if all(COPYLEFT.search(a) for a in alternatives):
        refused.append(f"{package['name']} {package['version']}: {expression}")

# Font files embedded in the binary (crates/*/fonts) must sit beside their licence.
import pathlib
root = pathlib.Path(__file__).resolve().parent.parent
for font in sorted(root.glob("crates/*/fonts/*")):
    if font.suffix.lower() in (".ttf", ".otf", ".woff", ".woff2") and not any(font.parent.glob("LICENSE*")):
        unknown.append(f"{font.relative_to(root)} (a font without a LICENSE file beside it)")

for line in refused:
    print(f"copyleft-only licence: {line}")
for name in unknown:
    print(f"no licence expression: {name}")
checked = len(meta["packages"]) - len(workspace)
if refused or unknown:
    print(f"licence check failed ({checked} dependencies checked)")
    sys.exit(1)
print(f"licence check: {checked} dependencies, none under GPL, AGPL or LGPL only")
