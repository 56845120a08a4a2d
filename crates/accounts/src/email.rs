//! The password reset e-mail: plain text and HTML with the same link.

use kernel::{escape_html, OutgoingEmail};

use crate::models::User;

/// The link's page: `<shop>/reset-password?token=...`.
pub fn reset_link(public_url: &str, token: &str) -> String {
    format!("{}/reset-password?token={token}", public_url.trim_end_matches('/'))
}

/// The e-mail with the reset link, to the account's own address.
pub fn password_reset(user: &User, link: &str, valid_minutes: i64) -> OutgoingEmail {
    let name = &user.first_name;
    let text = format!(
        "Hello {name},\n\nSomeone (we hope you) asked to reset the password of your\n\
         account {username}. Open this link to choose a new password:\n\n{link}\n\n\
         The link works once, for {valid_minutes} minutes.\n\n\
         If you did not ask for this, ignore this e-mail: your password\nstays as it is.\n",
        username = user.username,
    );
    let html = format!(
        "<!DOCTYPE html>\n<html>\n<head>\n<meta charset=\"utf-8\">\n<title>Reset your password</title>\n</head>\n\
<body style=\"font-family:Arial,sans-serif;color:#222\">\n\
<p>Hello {name_html},</p>\n\
<p>Someone (we hope you) asked to reset the password of your account\n<strong>{username_html}</strong>.</p>\n\
<p><a href=\"{link_html}\">Choose a new password</a></p>\n\
<p>The link works once, for {valid_minutes} minutes.</p>\n\
<p>If you did not ask for this, ignore this e-mail: your password stays as it is.</p>\n\
</body>\n</html>\n",
        name_html = escape_html(name),
        username_html = escape_html(&user.username),
        link_html = escape_html(link),
    );
    OutgoingEmail::new(user.email.clone(), "Reset your password", text, html)
}
