"""Gives fuzz customer A an address, a cart line and an order, and records their ids in
target/fuzz-owned.json so the hooks can check that customer B never reaches them."""
import json
import os
import urllib.request

BASE = os.environ["FUZZ_BASE"]
A = os.environ["FUZZ_TOKEN_A"]


def call(method, path, token, body=None):
    data = json.dumps(body).encode() if body is not None else None
    req = urllib.request.Request(BASE + path, data=data, method=method)
    req.add_header("Authorization", f"Bearer {token}")
    if data is not None:
        req.add_header("Content-Type", "application/json")
    with urllib.request.urlopen(req) as res:
        return json.load(res)


products = json.load(urllib.request.urlopen(BASE + "/api/products?limit=5"))["data"]
variant = next(v["id"] for p in products for v in p["variants"] if v["stock"] > 2)
address = call("POST", "/api/addresses", A, {"fullName": "Asha Rao", "phone": "9876543210",
                                              "addressLine1": "12 Residency Road", "city": "Pune",
                                              "state": "Maharashtra", "postalCode": "411001", "isDefault": True})["data"]["id"]
call("POST", "/api/cart/add", A, {"productVariantId": variant, "quantity": 1})
order = call("POST", "/api/orders/place", A, {"addressId": address, "paymentMethod": "COD"})["data"]["id"]
cart = call("POST", "/api/cart/add", A, {"productVariantId": variant, "quantity": 1})["data"]["items"][0]["id"]
os.makedirs("target", exist_ok=True)
with open("target/fuzz-owned.json", "w") as f:
    json.dump({"address": address, "order": order, "cartLine": cart}, f)
print(f"seeded customer A: address {address}, order {order}, cart line {cart}")
