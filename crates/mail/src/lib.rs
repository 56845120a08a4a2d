//! E-mail adapters for the kernel's [`Mailer`] port (order confirmations, password resets), built on lettre:
//! [`SmtpMailer`] hands messages to an SMTP server (`SMTP_URL`), [`OutboxMailer`] writes
//! them as `.eml` files into a folder (the default when no SMTP server is configured).
//!
//! Both are synchronous; the HTTP layer already runs domain calls on a blocking pool.

use std::path::{Path, PathBuf};
use std::time::Duration;

use lettre::message::header::{ContentTransferEncoding, ContentType};
use lettre::message::{Body, Mailbox, MultiPart, SinglePart};
use lettre::{Message, SmtpTransport, Transport};
use kernel::{MailError, Mailer, OutgoingEmail};

/// The sender when none is configured.
pub const DEFAULT_FROM: &str = "Fashion Shop <no-reply@shop.local>";
/// How long one SMTP conversation may take before the send counts as failed.
const SMTP_TIMEOUT: Duration = Duration::from_secs(15);

fn mailbox(text: &str) -> Result<Mailbox, MailError> {
    text.parse::<Mailbox>().map_err(|e| MailError(format!("invalid address {text:?}: {e}")))
}

/// 8-bit text keeps "₹" readable in the raw message; quoted-printable only when a line
/// would be too long for 8-bit.
fn body(text: &str) -> Body {
    Body::new_with_encoding(text.to_string(), ContentTransferEncoding::EightBit)
        .unwrap_or_else(|_| Body::new(text.to_string()))
}

/// The MIME message: multipart/alternative with the plain text first and the HTML second,
/// from the configured address under the e-mail's sender name when it names one.
pub fn build_message(from: &Mailbox, email: &OutgoingEmail) -> Result<Message, MailError> {
    let from = Mailbox::new(email.sender.clone().or_else(|| from.name.clone()), from.email.clone());
    let alternative = MultiPart::alternative()
        .singlepart(SinglePart::builder().header(ContentType::TEXT_PLAIN).body(body(&email.text)))
        .singlepart(SinglePart::builder().header(ContentType::TEXT_HTML).body(body(&email.html)));
    Message::builder()
        .from(from)
        .to(mailbox(&email.to)?)
        .subject(email.subject.clone())
        .multipart(alternative)
        .map_err(|e| MailError(e.to_string()))
}

/// Sends through an SMTP server named by a URL: `smtp://host:port` (plain),
/// `smtp://host?tls=required` (STARTTLS), `smtps://user:pass@host` (TLS).
pub struct SmtpMailer {
    transport: SmtpTransport,
    from: Mailbox,
}

impl SmtpMailer {
    pub fn from_url(url: &str, from: &str) -> Result<SmtpMailer, MailError> {
        let transport = SmtpTransport::from_url(url)
            .map_err(|e| MailError(format!("SMTP_URL: {e}")))?
            .timeout(Some(SMTP_TIMEOUT))
            .build();
        Ok(SmtpMailer { transport, from: mailbox(from)? })
    }
}

impl Mailer for SmtpMailer {
    fn send(&self, email: &OutgoingEmail) -> Result<(), MailError> {
        let message = build_message(&self.from, email)?;
        self.transport.send(&message).map(|_| ()).map_err(|e| MailError(e.to_string()))
    }
}

/// Writes each e-mail as `<UTC time>-<random>.eml` into a folder: nothing leaves the machine.
pub struct OutboxMailer {
    dir: PathBuf,
    from: Mailbox,
}

impl OutboxMailer {
    pub fn new(dir: impl Into<PathBuf>, from: &str) -> Result<OutboxMailer, MailError> {
        Ok(OutboxMailer { dir: dir.into(), from: mailbox(from)? })
    }

    pub fn dir(&self) -> &Path {
        &self.dir
    }
}

impl Mailer for OutboxMailer {
    fn send(&self, email: &OutgoingEmail) -> Result<(), MailError> {
        let message = build_message(&self.from, email)?;
        let io = |e: std::io::Error| MailError(format!("outbox {}: {e}", self.dir.display()));
        std::fs::create_dir_all(&self.dir).map_err(io)?;
        let name = format!("{}-{}", chrono::Utc::now().format("%Y%m%dT%H%M%S%.6fZ"), kernel::new_id());
        // Written under a temporary name and renamed: a reader never sees half a message.
        let temp = self.dir.join(format!(".{name}.tmp"));
        std::fs::write(&temp, message.formatted()).map_err(io)?;
        std::fs::rename(&temp, self.dir.join(format!("{name}.eml"))).map_err(io)?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn email() -> OutgoingEmail {
        OutgoingEmail::new("asha@example.in", "Your order ABCD1234 is confirmed", "Total: ₹1,23,456.00\n".into(), "<p>Total: ₹1,23,456.00</p>\n".into())
    }

    #[test]
    fn outbox_writes_a_readable_multipart_message() {
        let dir = tempfile::tempdir().unwrap();
        let mailer = OutboxMailer::new(dir.path().join("outbox"), DEFAULT_FROM).unwrap();
        mailer.send(&email()).unwrap();
        let files: Vec<_> = std::fs::read_dir(mailer.dir())
            .map(|d| d.filter_map(Result::ok).map(|e| e.path()).collect())
            .unwrap_or_default();
        assert_eq!(files.len(), 1);
        assert!(files[0].extension().is_some_and(|e| e == "eml"));
        let text = std::fs::read_to_string(&files[0]).unwrap_or_default();
        for expected in ["To: asha@example.in", "multipart/alternative", "text/plain", "text/html", "₹1,23,456.00"] {
            assert!(text.contains(expected), "{expected} missing in {text}");
        }
    }

    #[test]
    fn a_closed_smtp_port_is_an_error_not_a_panic() {
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .map(|a| a.port())
            .unwrap_or(1);
        let mailer = SmtpMailer::from_url(&format!("smtp://127.0.0.1:{port}"), DEFAULT_FROM).unwrap();
        assert!(mailer.send(&email()).is_err());
    }

    #[test]
    fn bad_urls_and_addresses_are_reported() {
        assert!(SmtpMailer::from_url("not a url", DEFAULT_FROM).is_err());
        assert!(OutboxMailer::new("x", "not an address").is_err());
    }
}
