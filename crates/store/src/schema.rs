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
    }
}
