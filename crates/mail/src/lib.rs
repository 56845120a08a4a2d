//! mail
