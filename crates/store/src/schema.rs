//! One portable schema for both backends: text ids, BigInt paise, Bool, Timestamp (UTC,
//! always set from Rust).

diesel::table! {
    users (id) {
        id -> Text,
        username -> Text,
        email -> Text,
        password_hash -> Text,
        user_type -> Text,
        first_name -> Text,
        last_name -> Text,
        mobile -> Nullable<Text>,
        dob -> Nullable<Date>,
        created_at -> Timestamp,
        updated_at -> Timestamp,
        session_generation -> BigInt,
    }
}

diesel::table! {
    revoked_tokens (token_id) {
        token_id -> Text,
        user_id -> Text,
        expires_at -> Timestamp,
    }
}

diesel::table! {
    password_resets (user_id) {
        user_id -> Text,
        token_digest -> Text,
        expires_at -> Timestamp,
        created_at -> Timestamp,
    }
}

diesel::table! {
    auth_attempts (id) {
        id -> Text,
        action -> Text,
        subject -> Text,
        address -> Text,
        attempted_at -> Timestamp,
    }
}

diesel::table! {
    uploads (id) {
        id -> Text,
        filename -> Text,
        content_type -> Text,
        width -> Integer,
        height -> Integer,
        byte_size -> BigInt,
        created_at -> Timestamp,
    }
}

diesel::table! {
    categories (id) {
        id -> Text,
        name -> Text,
        slug -> Text,
        description -> Text,
        parent_id -> Nullable<Text>,
        parent_key -> Text,
        upload_id -> Nullable<Text>,
        created_at -> Timestamp,
        updated_at -> Timestamp,
        hsn_code -> Nullable<Text>,
    }
}

diesel::table! {
    products (id) {
        id -> Text,
        name -> Text,
        slug -> Text,
        description -> Text,
        category_id -> Text,
        is_best_seller -> Bool,
        created_at -> Timestamp,
        updated_at -> Timestamp,
        hsn_code -> Nullable<Text>,
    }
}

diesel::table! {
    product_images (id) {
        id -> Text,
        product_id -> Text,
        upload_id -> Text,
        position -> Integer,
        color -> Nullable<Text>,
    }
}

diesel::table! {
    variants (id) {
        id -> Text,
        product_id -> Text,
        size -> Text,
        color -> Text,
        color_hex -> Text,
        stock -> Integer,
        original_price_paise -> BigInt,
        discount_price_paise -> BigInt,
        position -> Integer,
        created_at -> Timestamp,
        updated_at -> Timestamp,
        sku -> Nullable<Text>,
    }
}

diesel::table! {
    company_details (id) {
        id -> Text,
        name -> Text,
        email -> Text,
        phone -> Text,
        address -> Text,
        pincode -> Text,
        logo_upload_id -> Nullable<Text>,
        updated_at -> Timestamp,
        legal_name -> Text,
        gstin -> Text,
        state -> Text,
        invoice_prefix -> Text,
        grievance_officer -> Text,
        grievance_designation -> Text,
        grievance_email -> Text,
        grievance_phone -> Text,
    }
}

diesel::table! {
    legal_pages (id) {
        id -> Text,
        slug -> Text,
        title -> Text,
        content -> Text,
        created_at -> Timestamp,
        updated_at -> Timestamp,
    }
}

diesel::table! {
    addresses (id) {
        id -> Text,
        user_id -> Text,
        address_line1 -> Text,
        address_line2 -> Nullable<Text>,
        city -> Text,
        state -> Text,
        postal_code -> Text,
        is_default -> Bool,
        created_at -> Timestamp,
        updated_at -> Timestamp,
        full_name -> Text,
        phone -> Nullable<Text>,
        landmark -> Nullable<Text>,
    }
}

diesel::table! {
    cart_items (id) {
        id -> Text,
        user_id -> Text,
        variant_id -> Text,
        quantity -> Integer,
        created_at -> Timestamp,
        updated_at -> Timestamp,
    }
}

diesel::table! {
    cart_removals (id) {
        id -> Text,
        user_id -> Text,
        product_name -> Text,
        size -> Text,
        color -> Text,
        quantity -> Integer,
        removed_at -> Timestamp,
    }
}

diesel::table! {
    wishlist_items (id) {
        id -> Text,
        user_id -> Text,
        product_id -> Text,
        created_at -> Timestamp,
    }
}

diesel::table! {
    orders (id) {
        id -> Text,
        user_id -> Text,
        customer_first_name -> Text,
        customer_last_name -> Text,
        customer_email -> Text,
        payment_method -> Text,
        payment_status -> Text,
        delivery_status -> Text,
        subtotal_paise -> BigInt,
        discount_paise -> BigInt,
        total_paise -> BigInt,
        address_line1 -> Text,
        address_line2 -> Nullable<Text>,
        city -> Text,
        state -> Text,
        postal_code -> Text,
        idempotency_key -> Nullable<Text>,
        expected_delivery_date -> Date,
        delivered_on -> Nullable<Timestamp>,
        created_at -> Timestamp,
        updated_at -> Timestamp,
        recipient_name -> Text,
        recipient_phone -> Nullable<Text>,
        landmark -> Nullable<Text>,
    }
}

diesel::table! {
    order_items (id) {
        id -> Text,
        order_id -> Text,
        product_id -> Nullable<Text>,
        variant_id -> Nullable<Text>,
        product_name -> Text,
        size -> Text,
        color -> Text,
        image_url -> Nullable<Text>,
        quantity -> Integer,
        price_at_purchase_paise -> BigInt,
        mrp_paise -> BigInt,
        position -> Integer,
    }
}

diesel::table! {
    order_status_history (id) {
        id -> Text,
        order_id -> Text,
        from_status -> Nullable<Text>,
        to_status -> Text,
        changed_by -> Text,
        changed_at -> Timestamp,
    }
}

diesel::table! {
    confirmation_resends (id) {
        id -> Text,
        order_id -> Text,
        user_id -> Text,
        sent_at -> Timestamp,
    }
}

diesel::joinable!(categories -> uploads (upload_id));
diesel::joinable!(products -> categories (category_id));
diesel::joinable!(product_images -> products (product_id));
diesel::joinable!(product_images -> uploads (upload_id));
diesel::joinable!(variants -> products (product_id));
diesel::joinable!(revoked_tokens -> users (user_id));
diesel::joinable!(password_resets -> users (user_id));
diesel::joinable!(addresses -> users (user_id));
diesel::joinable!(cart_items -> users (user_id));
diesel::joinable!(cart_removals -> users (user_id));
diesel::joinable!(cart_items -> variants (variant_id));
diesel::joinable!(wishlist_items -> products (product_id));
diesel::joinable!(orders -> users (user_id));
diesel::joinable!(order_items -> orders (order_id));
diesel::joinable!(order_status_history -> orders (order_id));

diesel::allow_tables_to_appear_in_same_query!(
    users,
    revoked_tokens,
    password_resets,
    auth_attempts,
    uploads,
    categories,
    products,
    product_images,
    variants,
    company_details,
    legal_pages,
    addresses,
    cart_items,
    cart_removals,
    wishlist_items,
    orders,
    order_items,
    order_status_history,
    confirmation_resends,
    tax_documents,
    tax_document_lines,
);

diesel::table! {
    search_synonyms (id) {
        id -> Text,
        rules -> Text,
        updated_at -> Timestamp,
    }
}

diesel::table! {
    search_misses (query, day) {
        query -> Text,
        day -> Text,
        count -> BigInt,
    }
}

diesel::table! {
    change_versions (kind) {
        kind -> Text,
        version -> BigInt,
    }
}

diesel::table! {
    cod_settings (id) {
        id -> Integer,
        min_order_paise -> Nullable<BigInt>,
        max_order_paise -> Nullable<BigInt>,
        max_open_orders -> Integer,
        max_units_per_line -> Integer,
    }
}

diesel::table! {
    document_counters (series, financial_year) {
        series -> Text,
        financial_year -> Integer,
        last_number -> BigInt,
    }
}

diesel::table! {
    cod_blocked_pincodes (pincode) {
        pincode -> Text,
    }
}

diesel::table! {
    tax_documents (id) {
        id -> Text,
        order_id -> Text,
        kind -> Text,
        number -> Text,
        series -> Text,
        financial_year -> Integer,
        sequence -> BigInt,
        issued_on -> Date,
        issued_at -> Timestamp,
        cites_number -> Nullable<Text>,
        cites_date -> Nullable<Date>,
        supplier_name -> Text,
        supplier_address -> Text,
        supplier_gstin -> Text,
        supplier_state -> Text,
        supplier_state_code -> Text,
        recipient_name -> Text,
        recipient_address -> Text,
        recipient_state -> Text,
        recipient_state_code -> Text,
        place_of_supply -> Text,
        place_of_supply_code -> Text,
        place_assumed -> Bool,
        taxable_paise -> BigInt,
        cgst_paise -> BigInt,
        sgst_paise -> BigInt,
        igst_paise -> BigInt,
        total_paise -> BigInt,
        return_id -> Nullable<Text>,
    }
}

diesel::table! {
    tax_document_lines (id) {
        id -> Text,
        document_id -> Text,
        position -> Integer,
        description -> Text,
        hsn_code -> Text,
        quantity -> Integer,
        unit -> Text,
        unit_price_paise -> BigInt,
        rate_basis_points -> Integer,
        taxable_paise -> BigInt,
        cgst_paise -> BigInt,
        sgst_paise -> BigInt,
        igst_paise -> BigInt,
        total_paise -> BigInt,
        invoice_line -> Nullable<Integer>,
    }
}

diesel::joinable!(tax_documents -> orders (order_id));
diesel::joinable!(tax_document_lines -> tax_documents (document_id));

diesel::table! {
    return_requests (id) {
        id -> Text,
        order_id -> Text,
        user_id -> Text,
        kind -> Text,
        reason -> Text,
        status -> Text,
        restocked -> Nullable<Bool>,
        refund_paise -> Nullable<BigInt>,
        refund_method -> Nullable<Text>,
        refund_account_masked -> Nullable<Text>,
        created_at -> Timestamp,
        updated_at -> Timestamp,
    }
}

diesel::table! {
    return_lines (id) {
        id -> Text,
        return_id -> Text,
        order_item_id -> Text,
        quantity -> Integer,
        exchange_variant_id -> Nullable<Text>,
        exchange_size -> Nullable<Text>,
        exchange_color -> Nullable<Text>,
        position -> Integer,
    }
}

diesel::table! {
    return_status_history (id) {
        id -> Text,
        return_id -> Text,
        from_status -> Nullable<Text>,
        to_status -> Text,
        note -> Nullable<Text>,
        changed_by -> Text,
        changed_at -> Timestamp,
    }
}

diesel::joinable!(return_lines -> return_requests (return_id));
diesel::joinable!(return_status_history -> return_requests (return_id));
diesel::allow_tables_to_appear_in_same_query!(return_requests, return_lines, return_status_history);
diesel::allow_tables_to_appear_in_same_query!(order_customer_counts, users);

diesel::table! {
    gst_rate_rules (hsn_prefix, effective_from) {
        hsn_prefix -> Text,
        effective_from -> Date,
    }
}

diesel::table! {
    gst_rate_slabs (hsn_prefix, effective_from, position) {
        hsn_prefix -> Text,
        effective_from -> Date,
        position -> Integer,
        up_to_paise -> Nullable<BigInt>,
        rate_basis_points -> Integer,
    }
}

diesel::table! {
    audit_log (id) {
        id -> Text,
        at -> Timestamp,
        actor_id -> Text,
        actor_name -> Text,
        area -> Text,
        action -> Text,
        target -> Nullable<Text>,
        summary -> Text,
    }
}

diesel::table! {
    /// Orders per customer and status, kept by the database's triggers.
    order_customer_counts (user_id, delivery_status) {
        user_id -> Text,
        delivery_status -> Text,
        order_count -> BigInt,
    }
}

diesel::table! {
    /// Orders per India calendar day and status, kept by the database's triggers.
    order_day_counts (day, delivery_status) {
        day -> Date,
        delivery_status -> Text,
        order_count -> BigInt,
    }
}
