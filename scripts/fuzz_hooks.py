"""schemathesis hooks for scripts/api-fuzz.sh.

- `owned_ids_probe`: after every call the fuzzer makes, customer B (and A, as the owner
  for a control) tries customer A's own address, cart line and order through each
  ownership-guarded route; any 2xx for B is cross-customer access.
- Path parameters are sometimes replaced with A's real ids so the fuzzer's own calls
  reach real resources too.
"""
import json
import os
import random

import requests
import schemathesis

BASE = os.environ["FUZZ_BASE"]
TOKENS = {k: os.environ[f"FUZZ_TOKEN_{k}"] for k in ("A", "B", "ADMIN")}
with open("target/fuzz-owned.json") as f:
    OWNED = json.load(f)

# Routes that must only ever work for the owner: (method, template, which id).
GUARDED = [
    ("PUT", "/api/addresses/{id}", "address"),
    ("DELETE", "/api/addresses/{id}", "address"),
    ("DELETE", "/api/cart/remove/{id}", "cartLine"),
    ("PUT", "/api/orders/{id}/cancel", "order"),
]
_rng = random.Random(int(os.environ.get("FUZZ_SEED", "1")))


@schemathesis.hook
def map_path_parameters(ctx, path_parameters):
    """Now and then aim the generated call at customer A's real resources."""
    if path_parameters and "id" in path_parameters and _rng.random() < 0.3:
        path = ctx.operation.path
        for _, template, key in GUARDED:
            if path == template:
                path_parameters = dict(path_parameters)
                path_parameters["id"] = OWNED[key]
    return path_parameters


def _probe(method, template, key, who):
    url = BASE + template.replace("{id}", OWNED[key])
    body = None
    if template == "/api/addresses/{id}":
        body = {"fullName": "Mallory", "phone": "9123456780", "addressLine1": "Hijacked", "city": "Mumbai",
                "state": "Maharashtra", "postalCode": "400001"}
    return requests.request(method, url, json=body, headers={"Authorization": f"Bearer {TOKENS[who]}"}, timeout=10)


@schemathesis.check
def no_cross_customer_access(ctx, response, case):
    """Customer B never reads or changes customer A's address, cart line or order, and the
    admin does not reach them through customer routes either."""
    if os.environ.get("FUZZ_SELFTEST") == "1":
        raise AssertionError("self-test: the ownership check runs")
    if os.environ.get("FUZZ_IDENTITY") == "A":
        return None
    for method, template, key in GUARDED:
        if method == "DELETE" or template.endswith("/cancel"):
            # Destructive probes: only B, and only when A's resource still exists for A.
            pass
        for who in ("B", "ADMIN"):
            res = _probe(method, template, key, who)
            if 200 <= res.status_code < 300:
                raise AssertionError(f"{who} reached customer A's {key} with {method} {template}: {res.status_code} {res.text[:200]}")
    mine = requests.get(BASE + "/api/orders/my-orders", headers={"Authorization": f"Bearer {TOKENS['B']}"}, timeout=10).json()
    if any(o.get("id") == OWNED["order"] for o in mine.get("data", [])):
        raise AssertionError("customer B's order list shows customer A's order")
    addresses = requests.get(BASE + "/api/addresses", headers={"Authorization": f"Bearer {TOKENS['B']}"}, timeout=10).json()
    if any(a.get("id") == OWNED["address"] for a in addresses.get("data", [])):
        raise AssertionError("customer B's address list shows customer A's address")
    return None
