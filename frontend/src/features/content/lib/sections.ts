/** A part of a legal page's Markdown: under one heading, or the text before the first. */
export interface MarkdownSection {
  /** The anchor: the heading's `{#id}` when written, else its first word ('Contact Us' → contact). */
  id: string;
  title: string;
  markdown: string;
}

const HEADING = /^ {0,3}(#{1,2})[ \t]+(.+?)[ \t#]*$/;
const FENCE = /^ {0,3}(```|~~~)/;
const EXPLICIT_ID = /\s*\{#([a-z0-9-]+)\}$/i;

function firstWordId(title: string): string {
  const word = title
    .toLowerCase()
    .replace(/['’]s\b/g, '')
    .split(/[^a-z0-9]+/)
    .find((w) => w.length > 0);
  return word ?? 'section';
}

/**
 * Splits a legal page's Markdown at its top headings (`#` and `##`): the contents sidebar lists
 * them and each becomes a section. Text before the first heading is the `intro`. A text with no
 * heading (the plain texts saved before pages were Markdown) is all intro.
 */
export function splitSections(markdown: string): { intro: string; sections: MarkdownSection[] } {
  const lines = markdown.replace(/\r\n?/g, '\n').split('\n');
  const intro: string[] = [];
  const sections: { id: string; title: string; lines: string[] }[] = [];
  const used = new Set<string>();
  let fenced = false;
  for (const line of lines) {
    if (FENCE.test(line)) fenced = !fenced;
    const m = fenced ? null : HEADING.exec(line);
    if (m) {
      let title = m[2].trim();
      const explicit = EXPLICIT_ID.exec(title);
      if (explicit) title = title.slice(0, explicit.index).trim();
      const base = explicit ? explicit[1].toLowerCase() : firstWordId(title);
      let id = base;
      for (let n = 2; used.has(id); n++) id = `${base}-${n}`;
      used.add(id);
      sections.push({ id, title, lines: [] });
    } else if (sections.length) {
      sections[sections.length - 1].lines.push(line);
    } else {
      intro.push(line);
    }
  }
  return {
    intro: intro.join('\n').trim(),
    sections: sections.map((s) => ({ id: s.id, title: s.title, markdown: s.lines.join('\n').trim() })),
  };
}

/**
 * The sections each legal page must have (docs/PRODUCT.md), by their ids in the default texts: an
 * owner's text that lacks one still shows the default's (see `withRequiredSections`), so no
 * edit can take a required statement off the page.
 */
export const REQUIRED_SECTIONS = {
  privacy: ['interpretation', 'collecting', 'tracking', 'usage', 'retention', 'security', 'children', 'contact'],
  terms: ['eligibility', 'limitation', 'governing-law', 'changes', 'contact'],
} as const;

/**
 * `sections` (the owner's) with each `required` section of `defaults` that they lack: none has
 * its id or, whatever its id, its title ('## Governing Law' without `{#governing-law}` is the
 * same section). A missing section goes before the owner's first section that comes after it in
 * the defaults (so Contact Us stays last), else at the end.
 */
export function withRequiredSections(
  sections: MarkdownSection[],
  defaults: MarkdownSection[],
  required: readonly string[],
): MarkdownSection[] {
  const title = (s: MarkdownSection) => s.title.trim().toLowerCase();
  const place = (s: MarkdownSection) => defaults.findIndex((d) => d.id === s.id || title(d) === title(s));
  const out = [...sections];
  defaults.forEach((d, at) => {
    if (!required.includes(d.id) || sections.some((s) => place(s) === at)) return;
    const before = out.findIndex((s) => place(s) > at);
    out.splice(before < 0 ? out.length : before, 0, d);
  });
  return out;
}

/**
 * The privacy policy a shop shows until its owner saves one: every section docs/PRODUCT.md lists
 * (interpretation, collecting, tracking, usage, retention, security, children, contact).
 */
export function defaultPrivacyMarkdown(companyName: string, email: string): string {
  return `This Privacy Policy describes how ${companyName} collects, uses and discloses your information.

## Interpretation and Definitions

Words with an initial capital letter have the meanings defined here. "Company", "We", "Us" or "Our" refers to ${companyName}. "You" means the person using our website or services.

## Collecting Your Personal Data

While using our service we may ask you for personal data that can be used to contact or identify you:

- your e-mail address, first and last name and phone number;
- your delivery address (street, city, state and PIN code).

Usage data is collected automatically.

## Tracking Technologies and Cookies

We use browser storage to keep you signed in and to remember your cart and wishlist. We do not use tracking cookies from advertising networks.

## Usage of Your Personal Data

We use your data to provide and maintain the service, to manage your account, to deliver your orders, to contact you about your orders, and to answer your requests.

## Retention of Your Personal Data

We keep your personal data only as long as needed for the purposes set out in this policy, and as long as needed to comply with our legal obligations, resolve disputes and enforce our agreements.

## Security of Your Personal Data

The security of your personal data is important to us, but no method of transmission over the Internet or of electronic storage is 100% secure. We use commercially acceptable means to protect it.

## Children's Privacy

Our service does not address anyone under the age of 13. We do not knowingly collect personally identifiable information from anyone under the age of 13.

## Contact Us

If you have any questions about this Privacy Policy, you can contact us by e-mail: ${email || 'the address in the footer'}.
`;
}

/** The terms a shop shows until its owner saves its own: every statement docs/PRODUCT.md requires. */
export function defaultTermsMarkdown(companyName: string, email: string): string {
  return `Please read these terms carefully before using the services of ${companyName}.

## Acceptance of Terms

By using the website and services of ${companyName} you agree to these Terms and Conditions. If you do not agree, please do not use our services.

## Eligibility

You must be 18 years of age or over to use this website and to place orders.

## Accounts and Passwords

You are responsible for keeping your password confidential and for all activity under your account. Tell us at once about any unauthorised use.

## Orders and Payment

All orders are subject to availability. Prices are shown in Indian rupees (₹). Payment is cash on delivery.

## Intellectual Property {#intellectual-property}

The content of this website, including text, images and logos, belongs to ${companyName} and may not be used without our written permission.

## Limitation of Liability

To the extent permitted by law, the total liability of ${companyName} for any claim is limited to the amount you paid through the service, or 100 USD if you have not purchased anything.

## Governing Law {#governing-law}

These terms are governed by the laws of India and of the state in which ${companyName} is registered, and any dispute is subject to the jurisdiction of its courts.

## Changes to These Terms

We may revise these terms. For a material change we will give at least 30 days' notice before the new terms take effect.

## Contact Us

Questions about these terms can be sent to ${companyName} at ${email || 'the e-mail address in the footer'}.
`;
}

/** The return and refund policy: its tabs are its headings (overview, cancellation, conditions, process, gifts, contact). */
export function refundMarkdown(email: string): string {
  return `## Overview

Thank you for shopping with us. You have 7 days to cancel an order or return an item. Once we receive the returned goods, your refund is issued within 14 days of receipt.

Our services are not meant for children under 13; we do not knowingly sell to them.

## Cancellation

You can cancel an order within 7 days. A pending order can be cancelled from My Account → Order; after it has shipped, return it instead.

## Conditions

To be eligible for a return, the item must be unused, in its original packaging, and returned within 7 days.

Sale items are refunded only when they arrive damaged, defective, not as described or after the expected delivery date; otherwise you can exchange them for another size or colour.

## Process

Start a return or exchange from My Account → Orders within 7 days of delivery; we collect the item from your address.

You pay the shipping cost of returning your item; shipping costs are non-refundable. Your refund is issued within 14 days of receipt of the returned goods.

## Gifts

If the item was marked as a gift when bought and shipped to you, you will receive a gift credit for the value of your return.

## Contact

Questions about returns and refunds? Write to us at ${email || 'our support e-mail'}.
`;
}
