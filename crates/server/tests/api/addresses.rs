use serde_json::json;

use crate::helpers::{count, TestApp};

fn body(line1: &str, is_default: bool) -> serde_json::Value {
    json!({ "fullName": "Asha Rao", "phone": "98765 43210", "addressLine1": line1, "addressLine2": "",
            "city": "Pune", "state": "Maharashtra", "postalCode": "411001", "isDefault": is_default })
}

#[actix_web::test]
async fn addresses_keep_exactly_one_default_and_the_default_cannot_be_deleted() {
    for app in TestApp::all() {
        let (asha, user) = app.customer("asha").await;
        let first = app.post("/api/addresses", Some(&asha), body("1 MG Road", false)).await.expect(201);
        assert_eq!(first.message(), "Address added");
        let a = &first.body["data"];
        assert_eq!((a["isDefault"].as_bool(), a["userId"].as_str()), (Some(true), user["id"].as_str()));
        assert_eq!((a["addressLine1"].as_str(), a["city"].as_str(), a["state"].as_str(), a["postalCode"].as_str()), (Some("1 MG Road"), Some("Pune"), Some("Maharashtra"), Some("411001")));
        let a_id = a["id"].as_str().unwrap_or_default().to_string();
        let b_id = app.address(&asha, "2 MG Road").await;
        let c = app.post("/api/addresses", Some(&asha), body("3 MG Road", true)).await.expect(201);
        let c_id = c.body["data"]["id"].as_str().unwrap_or_default().to_string();

        let list = app.get("/api/addresses", Some(&asha)).await.expect(200);
        let flags: Vec<(String, bool)> = list.body["data"]
            .as_array()
            .into_iter()
            .flatten()
            .map(|x| (x["id"].as_str().unwrap_or("").to_string(), x["isDefault"].as_bool().unwrap_or(false)))
            .collect();
        assert_eq!(flags, vec![(c_id.clone(), true), (a_id.clone(), false), (b_id.clone(), false)], "default first");

        let updated = app.put(&format!("/api/addresses/{b_id}"), Some(&asha), body("2A MG Road", true)).await.expect(200);
        assert_eq!((updated.message(), updated.body["data"]["addressLine1"].as_str(), updated.body["data"]["isDefault"].as_bool()), ("Address updated", Some("2A MG Road"), Some(true)));
        let defaults = app.get("/api/addresses", Some(&asha)).await.body["data"]
            .as_array()
            .map(|l| l.iter().filter(|x| x["isDefault"] == true).count());
        assert_eq!(defaults, Some(1));

        let refused = app.delete(&format!("/api/addresses/{b_id}"), Some(&asha)).await.expect(409);
        assert_eq!(refused.message(), "Default address cannot be deleted!");
        assert_eq!(count(&app, "addresses"), 3);
        let deleted = app.delete(&format!("/api/addresses/{a_id}"), Some(&asha)).await.expect(200);
        assert_eq!(deleted.message(), "Address deleted");
        assert_eq!(deleted.body["data"].as_array().map(Vec::len), Some(2));
    }
}

#[actix_web::test]
async fn invalid_addresses_are_refused_with_a_message_and_nothing_is_stored() {
    for app in TestApp::all() {
        let (asha, _) = app.customer("asha").await;
        let base = || json!({ "fullName": "Asha Rao", "phone": "9876543210", "addressLine1": "1 MG Road",
                              "city": "Pune", "state": "Maharashtra", "postalCode": "411001" });
        let without = |field: &str| {
            let mut b = base();
            b.as_object_mut().map(|o| o.remove(field));
            b
        };
        let with = |field: &str, value: serde_json::Value| {
            let mut b = base();
            b[field] = value;
            b
        };
        let cases = [
            (without("addressLine1"), "Address line 1 is required"),
            (without("city"), "City is required"),
            (without("state"), "State is required"),
            (without("fullName"), "Full name is required"),
            (without("phone"), "Phone number is required"),
            (with("phone", json!("5876543210")), "Mobile number must be a valid 10-digit Indian number"),
            (with("phone", json!("98765 4321")), "Mobile number must be a valid 10-digit Indian number"),
            (with("state", json!("MH")), "Please choose a state or union territory from the list"),
            (with("postalCode", json!("011001")), "PIN code must be 6 digits and cannot start with 0"),
            (with("postalCode", json!("41100")), "PIN code must be 6 digits and cannot start with 0"),
            (with("addressLine1", json!("x".repeat(201))), "Address line 1 may hold up to 200 characters"),
            // Printed on the parcel and the tax invoice: a right-to-left override would make
            // the name read otherwise, a zero-width space hides in it, a halant sits on nothing.
            (with("fullName", json!("Asha\u{202e}oaR")), "Full name may hold only printable characters"),
            (with("fullName", json!("A\u{200b}B")), "Full name may hold only printable characters"),
            (with("fullName", json!("\u{094d}\u{0905}")), "Full name may hold only printable characters"),
            (with("city", json!("Pune\u{2066}")), "City may hold only printable characters"),
        ];
        for (input, message) in cases {
            let reply = app.post("/api/addresses", Some(&asha), input).await.expect(422);
            assert_eq!(reply.message(), message);
        }
        assert_eq!(count(&app, "addresses"), 0);
        // A PIN code sent as a number is read as text.
        app.post("/api/addresses", Some(&asha), with("postalCode", json!(411001))).await.expect(201);
        // Indian names keep their marks and joiners: halant, nukta, a zero-width joiner after a halant.
        for name in ["अर्जुन शर्मा", "ड़ॉली", "क्\u{200d}ष मूर्ति", "முருகன்"] {
            let saved = app.post("/api/addresses", Some(&asha), with("fullName", json!(name))).await.expect(201);
            assert_eq!(saved.body["data"]["fullName"].as_str(), Some(name));
        }
        app.get("/api/addresses", None).await.expect(401);
    }
}

#[actix_web::test]
async fn the_owner_comes_from_the_token_and_other_customers_get_404() {
    for app in TestApp::all() {
        let (asha, asha_user) = app.customer("asha").await;
        let (ravi, ravi_user) = app.customer("ravi").await;
        let a_id = app.address(&asha, "1 MG Road").await;
        let b_id = app.address(&asha, "2 MG Road").await;
        // A userId in the body is ignored.
        let mut spoof = body("9 Park Street", false);
        spoof["userId"] = asha_user["id"].clone();
        let created = app.post("/api/addresses", Some(&ravi), spoof).await.expect(201);
        assert_eq!(created.body["data"]["userId"], ravi_user["id"]);

        for id in [&a_id, &b_id] {
            let reply = app.put(&format!("/api/addresses/{id}"), Some(&ravi), body("hacked", true)).await.expect(404);
            assert_eq!(reply.message(), "Address not found");
            app.delete(&format!("/api/addresses/{id}"), Some(&ravi)).await.expect(404);
        }
        let mine = app.get("/api/addresses", Some(&asha)).await.expect(200);
        let lines: Vec<_> = mine.body["data"].as_array().into_iter().flatten().map(|x| x["addressLine1"].as_str().unwrap_or("").to_string()).collect();
        assert_eq!(lines, vec!["1 MG Road", "2 MG Road"]);
        assert_eq!(app.get("/api/addresses", Some(&ravi)).await.body["data"].as_array().map(Vec::len), Some(1));
    }
}

#[actix_web::test]
async fn an_address_names_its_recipient_and_their_mobile_stored_as_ten_digits() {
    for app in TestApp::all() {
        let (asha, _) = app.customer("asha").await;
        let created = app
            .post(
                "/api/addresses",
                Some(&asha),
                json!({ "fullName": " Ravi Kumar ", "phone": "+91 98765-43210", "landmark": "Opposite the fire station",
                        "addressLine1": "12 Residency Road", "city": "Bengaluru", "state": "Karnataka", "postalCode": "560025" }),
            )
            .await
            .expect(201);
        let a = &created.body["data"];
        assert_eq!(
            (a["fullName"].as_str(), a["phone"].as_str(), a["landmark"].as_str(), a["state"].as_str()),
            (Some("Ravi Kumar"), Some("9876543210"), Some("Opposite the fire station"), Some("Karnataka"))
        );
        let id = created.id();
        for (phone, stored) in [("09876543210", "9876543210"), ("919123456789", "9123456789"), ("6000000000", "6000000000")] {
            let mut b = body("1 MG Road", false);
            b["phone"] = json!(phone);
            let updated = app.put(&format!("/api/addresses/{id}"), Some(&asha), b).await.expect(200);
            assert_eq!(updated.body["data"]["phone"].as_str(), Some(stored), "{phone}");
        }
        // The landmark is optional: an update without one clears it.
        let listed = app.get("/api/addresses", Some(&asha)).await.expect(200);
        assert_eq!(listed.body["data"][0]["landmark"], serde_json::Value::Null);
    }
}

#[actix_web::test]
async fn a_pin_code_of_another_state_is_refused_with_422_naming_the_state() {
    for app in TestApp::all() {
        let (asha, _) = app.customer("asha").await;
        for (state, pin) in [("Tamil Nadu", "560001"), ("Maharashtra", "403001"), ("Haryana", "110001")] {
            let mut b = body("1 MG Road", false);
            b["state"] = json!(state);
            b["postalCode"] = json!(pin);
            let reply = app.post("/api/addresses", Some(&asha), b).await.expect(422);
            assert_eq!(reply.error(), (422, "pin_not_in_state", Some("postalCode")));
            assert_eq!(reply.message(), format!("This PIN code is not in {state}"));
        }
        // PIN codes from 9 belong to no state: the Army Postal Service's field post offices.
        let mut b = body("1 MG Road", false);
        b["state"] = json!("Delhi");
        b["postalCode"] = json!("900001");
        let reply = app.post("/api/addresses", Some(&asha), b).await.expect(422);
        assert_eq!(reply.error(), (422, "pin_not_in_state", Some("postalCode")));
        assert_eq!(reply.message(), "This is an Army Postal Service PIN code: we deliver only to civil addresses");
        assert_eq!(count(&app, "addresses"), 0);
        // An edit is held to the same rule, and the stored address does not change.
        let id = app.address(&asha, "1 MG Road").await;
        let mut b = body("1 MG Road", false);
        b["postalCode"] = json!("600001");
        app.put(&format!("/api/addresses/{id}"), Some(&asha), b).await.expect(422);
        let listed = app.get("/api/addresses", Some(&asha)).await.expect(200);
        assert_eq!(listed.body["data"][0]["postalCode"].as_str(), Some("411001"));
        // Where a prefix serves two territories, both are accepted.
        for (state, pin) in [("Chandigarh", "160017"), ("Punjab", "160055"), ("Puducherry", "605001"), ("Goa", "403001")] {
            let mut b = body("2 Beach Road", false);
            b["state"] = json!(state);
            b["postalCode"] = json!(pin);
            app.post("/api/addresses", Some(&asha), b).await.expect(201);
        }
    }
}

#[actix_web::test]
async fn a_pin_code_written_as_india_post_prints_it_is_accepted_and_stored_as_six_digits() {
    for app in TestApp::all() {
        let (asha, _) = app.customer("asha").await;
        let mut b = body("1 Marine Drive", false);
        b["state"] = json!("Maharashtra");
        b["postalCode"] = json!(" 400 001 ");
        let created = app.post("/api/addresses", Some(&asha), b).await.expect(201);
        assert_eq!(created.body["data"]["postalCode"].as_str(), Some("400001"));
        // One space between the third and fourth digits only: other splits stay refused.
        for bad in ["4000 01", "400  001", "40 0001", "400-001"] {
            let mut b = body("2 Marine Drive", false);
            b["state"] = json!("Maharashtra");
            b["postalCode"] = json!(bad);
            let reply = app.post("/api/addresses", Some(&asha), b).await.expect(422);
            assert_eq!(reply.message(), "PIN code must be 6 digits and cannot start with 0", "{bad}");
        }
    }
}
