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
    #[test]
    fn escapes_markup_and_quotes() {
        assert_eq!(super::escape_html(r#"<a href="x">Tom & 'Jo'</a>"#), "&lt;a href=&quot;x&quot;&gt;Tom &amp; &#39;Jo&#39;&lt;/a&gt;");
    }
}
