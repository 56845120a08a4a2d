//! The outgoing e-mail port shared by every domain that writes to people (order
//! confirmations, password resets). The domains compose the message; an adapter (SMTP, a
//! file outbox) only transports it.

/// A ready-to-send e-mail: plain text and HTML with the same content.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OutgoingEmail {
    pub to: String,
    pub subject: String,
    pub text: String,
    pub html: String,
    /// The sender's name the inbox shows: the shop's, once [`OutgoingEmail::signed`];
    /// `None`: the configured sender's own name.
    pub sender: Option<String>,
}

impl OutgoingEmail {
    /// An e-mail from the configured sender (the shop's name is added when it is signed).
    pub fn new(to: impl Into<String>, subject: impl Into<String>, text: String, html: String) -> OutgoingEmail {
        OutgoingEmail { to: to.into(), subject: subject.into(), text, html, sender: None }
    }

    /// The message signed by the shop: its name (when the company details give one) and its
    /// address, after the standard "-- " signature line in the text and before `</body>` in
    /// the HTML, so that every e-mail says who sent it and links back to the shop; the name is
    /// the sender's name in the inbox too.
    pub fn signed(&self, shop: &str, url: &str) -> OutgoingEmail {
        let (shop, url) = (shop.trim(), url.trim().trim_end_matches('/'));
        let mut text = format!("{}\n\n-- \n", self.text.trim_end());
        let mut html = String::from("<p style=\"color:#555\">");
        if !shop.is_empty() {
            text.push_str(&format!("{shop}\n"));
            html.push_str(&format!("{}<br>\n", escape_html(shop)));
        }
        text.push_str(&format!("{url}\n"));
        html.push_str(&format!("<a href=\"{0}\">{0}</a></p>\n", escape_html(url)));
        let at = self.html.rfind("</body>").unwrap_or(self.html.len());
        let sender = if shop.is_empty() { self.sender.clone() } else { Some(shop.to_string()) };
        OutgoingEmail { text, html: format!("{}{html}{}", &self.html[..at], &self.html[at..]), sender, ..self.clone() }
    }
}

/// Why an e-mail could not be handed over.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct MailError(pub String);

/// Outbound port: hands a finished e-mail to SMTP, a file outbox, ...
pub trait Mailer: Send + Sync {
    fn send(&self, email: &OutgoingEmail) -> Result<(), MailError>;
}

impl<M: Mailer + ?Sized> Mailer for std::sync::Arc<M> {
    fn send(&self, email: &OutgoingEmail) -> Result<(), MailError> {
        (**self).send(email)
    }
}

impl<M: Mailer + ?Sized> Mailer for Box<M> {
    fn send(&self, email: &OutgoingEmail) -> Result<(), MailError> {
        (**self).send(email)
    }
}

/// Escapes text for HTML element content and attribute values.
pub fn escape_html(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            _ => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::OutgoingEmail;

    fn email() -> OutgoingEmail {
        let html = "<html>\n<body>\n<p>Hello,</p>\n</body>\n</html>\n".to_string();
        OutgoingEmail::new("asha@example.in", "Hi", "Hello,\n\n".into(), html)
    }

    #[test]
    fn a_signature_names_the_shop_and_links_to_it_in_both_parts() {
        let signed = email().signed("Kapda & Co", "https://kapda.in/");
        assert_eq!(signed.text, "Hello,\n\n-- \nKapda & Co\nhttps://kapda.in\n");
        assert_eq!(
            signed.html,
            "<html>\n<body>\n<p>Hello,</p>\n<p style=\"color:#555\">Kapda &amp; Co<br>\n<a href=\"https://kapda.in\">https://kapda.in</a></p>\n</body>\n</html>\n"
        );
        assert_eq!((signed.to.as_str(), signed.subject.as_str()), ("asha@example.in", "Hi"));
    }

    #[test]
    fn a_shop_without_a_name_signs_with_its_address_alone() {
        let signed = email().signed("  ", "https://kapda.in");
        assert!(signed.text.ends_with("\n-- \nhttps://kapda.in\n"), "{}", signed.text);
        assert!(signed.html.contains("<p style=\"color:#555\"><a href=\"https://kapda.in\">"), "{}", signed.html);
    }

    #[test]
    fn escapes_markup_and_quotes() {
        assert_eq!(super::escape_html(r#"<a href="x">Tom & 'Jo'</a>"#), "&lt;a href=&quot;x&quot;&gt;Tom &amp; &#39;Jo&#39;&lt;/a&gt;");
    }
}
