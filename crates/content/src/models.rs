use chrono::{DateTime, Utc};
use kernel::{Email, IncomingFile, Named, PostalCode};

use crate::error::ContentError;

/// The company as stored: its checked fields (read through, `details.name`), its logo and
/// when it was saved.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct CompanyDetails {
    pub fields: CompanyFields,
    /// The stored logo's file name.
    pub logo_filename: Option<String>,
    pub updated_at: Option<DateTime<Utc>>,
}

impl std::ops::Deref for CompanyDetails {
    type Target = CompanyFields;

    fn deref(&self) -> &CompanyFields {
        &self.fields
    }
}

#[derive(Debug, Clone, Default)]
pub struct CompanyInput {
    pub name: Option<String>,
    pub email: Option<String>,
    pub phone: Option<String>,
    pub address: Option<String>,
    pub pincode: Option<String>,
    pub legal_name: Option<String>,
    pub gstin: Option<String>,
    pub state: Option<String>,
    pub invoice_prefix: Option<String>,
    pub grievance_officer: Option<String>,
    pub grievance_designation: Option<String>,
    pub grievance_email: Option<String>,
    pub grievance_phone: Option<String>,
    pub logo: Option<IncomingFile>,
}

/// The checked fields of a company form: what the company details hold.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct CompanyFields {
    pub name: String,
    pub email: String,
    pub phone: String,
    pub address: String,
    pub pincode: String,
    /// The registered (legal) name printed on tax invoices; empty: `name`.
    pub legal_name: String,
    /// Empty until the company is registered for GST; checked: format, check character and
    /// the state's code.
    pub gstin: String,
    /// One of `gst::STATES` by name, or empty.
    pub state: String,
    /// The tax invoices' series prefix (`INV` when empty).
    pub invoice_prefix: String,
    /// The grievance officer every storefront page names, with their designation and contact
    /// (Consumer Protection (E-Commerce) Rules, 2020, rule 4(4)). Empty until set; an empty
    /// e-mail or phone means the company's.
    pub grievance_officer: String,
    pub grievance_designation: String,
    pub grievance_email: String,
    pub grievance_phone: String,
}

/// The prefix of the credit notes' own series; an invoice series may not use it.
pub const CREDIT_NOTE_PREFIX: &str = "CN";

/// What the tax invoices print must read as typed ([`kernel::text::is_printable`]).
fn printable(text: &str, field: &'static str, label: &str) -> Result<(), ContentError> {
    if kernel::text::is_printable(text) {
        Ok(())
    } else {
        Err(ContentError::invalid(field, format!("{label} may hold only printable characters")))
    }
}

fn trimmed(v: &Option<String>) -> &str {
    v.as_deref().map(str::trim).unwrap_or("")
}

/// Empty, or an e-mail address, lower-cased.
fn optional_email(typed: &str, field: &'static str) -> Result<String, ContentError> {
    match typed {
        "" => Ok(String::new()),
        e => Ok(Email::parse(e).map_err(|e| ContentError::invalid(field, e.0))?.into_string()),
    }
}

/// Empty, or an Indian phone number kept as its 10 digits.
fn optional_phone(typed: &str, field: &'static str) -> Result<String, ContentError> {
    match typed {
        "" => Ok(String::new()),
        typed => kernel::national_phone(typed).ok_or_else(|| ContentError::invalid(field, "Phone number must be 10 digits")),
    }
}

/// A one-line name of at most 100 characters that reads as typed.
fn short_name(text: &str, field: &'static str, label: &str) -> Result<String, ContentError> {
    if text.chars().count() > 100 {
        return Err(ContentError::invalid(field, format!("{label} must be at most 100 characters")));
    }
    printable(text, field, label)?;
    Ok(text.to_string())
}

impl CompanyInput {
    pub fn check(&self) -> Result<CompanyFields, ContentError> {
        let name = trimmed(&self.name);
        if name.is_empty() {
            return Err(ContentError::invalid("name", "Company name is required"));
        }
        let name = short_name(name, "name", "Company name")?;
        let email = optional_email(trimmed(&self.email), "email")?;
        let phone = optional_phone(trimmed(&self.phone), "phone")?;
        let pincode = match trimmed(&self.pincode) {
            "" => String::new(),
            p => PostalCode::parse(p).map_err(|e| ContentError::invalid("pincode", e.0))?.as_str().to_string(),
        };
        let address = trimmed(&self.address);
        if address.chars().count() > 300 {
            return Err(ContentError::invalid("address", "Address must be at most 300 characters"));
        }
        // The address may run over lines.
        printable(&address.replace(['\r', '\n'], " "), "address", "Address")?;
        let legal_name = short_name(trimmed(&self.legal_name), "legalName", "Legal name")?;
        let state = match trimmed(&self.state) {
            "" => None,
            s => Some(gst::State::by_name(s).ok_or_else(|| {
                ContentError::rule("unknown_state", "state", "Choose one of India's 36 states and union territories")
            })?),
        };
        let gstin = match (trimmed(&self.gstin), state) {
            ("", _) => String::new(),
            (_, None) => {
                return Err(ContentError::rule("state_required", "state", "Choose the state the GSTIN is registered in"))
            }
            (g, Some(state)) => gst::Gstin::parse_for(g, state)
                .map_err(|e| ContentError::rule("invalid_gstin", "gstin", e.to_string()))?
                .as_str()
                .to_string(),
        };
        let invoice_prefix = match trimmed(&self.invoice_prefix) {
            "" => String::new(),
            p => {
                let prefix = gst::SeriesPrefix::parse(p)
                    .map_err(|e| ContentError::rule("invalid_prefix", "invoicePrefix", e.to_string()))?;
                if prefix.as_str() == CREDIT_NOTE_PREFIX {
                    return Err(ContentError::rule("invalid_prefix", "invoicePrefix", "CN is the credit notes' prefix: choose another"));
                }
                prefix.as_str().to_string()
            }
        };
        let grievance_officer = short_name(trimmed(&self.grievance_officer), "grievanceOfficer", "Grievance officer")?;
        let grievance_designation = short_name(trimmed(&self.grievance_designation), "grievanceDesignation", "Designation")?;
        let grievance_email = optional_email(trimmed(&self.grievance_email), "grievanceEmail")?;
        let grievance_phone = optional_phone(trimmed(&self.grievance_phone), "grievancePhone")?;
        if grievance_officer.is_empty() && !(grievance_designation.is_empty() && grievance_email.is_empty() && grievance_phone.is_empty()) {
            return Err(ContentError::invalid("grievanceOfficer", "Name the grievance officer whose designation or contact this is"));
        }
        Ok(CompanyFields {
            name,
            email,
            phone,
            address: address.to_string(),
            pincode,
            legal_name,
            gstin,
            state: state.map(|s| s.name.to_string()).unwrap_or_default(),
            invoice_prefix,
            grievance_officer,
            grievance_designation,
            grievance_email,
            grievance_phone,
        })
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct LegalPage {
    pub id: String,
    pub slug: String,
    pub title: String,
    pub content: String,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

kernel::named_enum!(
    /// The legal pages the shop has; the names are their slugs.
    pub enum LegalSlug {
        PrivacyPolicy = "privacy-policy",
        TermsConditions = "terms-conditions",
    }
);

impl LegalSlug {
    /// The title a page gets when the owner gives none.
    pub fn default_title(self) -> &'static str {
        match self {
            LegalSlug::PrivacyPolicy => "Privacy Policy",
            LegalSlug::TermsConditions => "Terms and Conditions",
        }
    }
}

pub const MAX_LEGAL_CHARS: usize = 100_000;

#[derive(Debug, Clone, Default)]
pub struct LegalInput {
    pub slug: Option<String>,
    pub title: Option<String>,
    pub content: Option<String>,
}

/// A checked legal page to save.
#[derive(Debug, Clone, PartialEq)]
pub struct LegalWrite {
    pub slug: String,
    pub title: String,
    pub content: String,
}

impl LegalInput {
    pub fn check(&self) -> Result<LegalWrite, ContentError> {
        let slug = trimmed(&self.slug);
        let Some(slug) = LegalSlug::parse(slug) else {
            let names: Vec<_> = LegalSlug::names().collect();
            return Err(ContentError::invalid("slug", format!("Unknown legal page: use {}", names.join(" or "))));
        };
        let content = self.content.as_deref().unwrap_or("").trim();
        if content.is_empty() {
            return Err(ContentError::invalid("content", "Content is required"));
        }
        if content.chars().count() > MAX_LEGAL_CHARS {
            return Err(ContentError::TooLong { field: "content", message: format!("Content must be at most {MAX_LEGAL_CHARS} characters") });
        }
        let title = match trimmed(&self.title) {
            "" => slug.default_title().to_string(),
            t if t.chars().count() > 200 => return Err(ContentError::invalid("title", "Title must be at most 200 characters")),
            t => t.to_string(),
        };
        Ok(LegalWrite { slug: slug.as_str().to_string(), title, content: content.to_string() })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn company(name: &str, phone: &str, pincode: &str) -> CompanyInput {
        CompanyInput { name: Some(name.into()), phone: Some(phone.into()), pincode: Some(pincode.into()), ..CompanyInput::default() }
    }

    fn message<T>(r: Result<T, ContentError>) -> String {
        r.err().map(|e| e.to_string()).unwrap_or_default()
    }

    #[test]
    fn company_rules() {
        assert!(company("Kapda Co", "98765 43210", "560001").check().is_ok());
        assert_eq!(message(company("", "", "").check()), "Company name is required");
        assert_eq!(message(company("Kapda", "12345", "").check()), "Phone number must be 10 digits");
        assert_eq!(message(company("Kapda", "", "5600").check()), kernel::PostalCode::MESSAGE);
        let bad_email = CompanyInput { email: Some("nope".into()), ..company("Kapda", "", "") };
        assert_eq!(message(bad_email.check()), "Please enter a valid email address");
    }

    #[test]
    fn gst_fields() {
        let gst = |gstin: &str, state: &str, prefix: &str| CompanyInput {
            gstin: Some(gstin.into()),
            state: Some(state.into()),
            invoice_prefix: Some(prefix.into()),
            ..company("Kapda", "", "")
        };
        let ok = gst(" 27aapfu0939f1zv ", "maharashtra", "kc").check().expect("valid");
        assert_eq!((ok.gstin.as_str(), ok.state.as_str(), ok.invoice_prefix.as_str()), ("27AAPFU0939F1ZV", "Maharashtra", "KC"));
        let field = |r: Result<CompanyFields, ContentError>| match r {
            Err(ContentError::Rule { field, .. }) => field,
            other => panic!("expected a rule error, got {other:?}"),
        };
        assert_eq!(field(gst("27AAPFU0939F1ZV", "Karnataka", "").check()), "gstin");
        assert_eq!(field(gst("27AAPFU0939F1ZW", "Maharashtra", "").check()), "gstin");
        assert_eq!(field(gst("27AAPFU0939F1ZV", "", "").check()), "state");
        assert_eq!(field(gst("", "Madras", "").check()), "state");
        assert_eq!(field(gst("", "", "SHOP1").check()), "invoicePrefix");
        assert_eq!(field(gst("", "", "cn").check()), "invoicePrefix");
    }

    #[test]
    fn legal_rules() {
        let page = |slug: &str, content: &str| LegalInput { slug: Some(slug.into()), title: None, content: Some(content.into()) };
        assert_eq!(page("privacy-policy", "We keep little.").check().map(|w| w.title).ok().as_deref(), Some("Privacy Policy"));
        assert_eq!(message(page("cookies", "x").check()), "Unknown legal page: use privacy-policy or terms-conditions");
        assert_eq!(message(page("terms-conditions", " ").check()), "Content is required");
        assert!(matches!(page("terms-conditions", &"x".repeat(MAX_LEGAL_CHARS + 1)).check(), Err(ContentError::TooLong { .. })));
    }
}
