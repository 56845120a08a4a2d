//! The confirmation e-mail's content: plain text and HTML with the same facts, amounts in
//! rupees with Indian digit grouping.

use crate::models::{Order, OutgoingEmail};

/// The first 8 characters of the id, as the shop shows order numbers.
pub fn short_id(order: &Order) -> String {
    order.id.chars().take(8).collect::<String>().to_uppercase()
}

fn address_lines(order: &Order) -> Vec<String> {
    let a = &order.address;
    let mut lines = Vec::new();
    if !a.full_name.is_empty() {
        lines.push(a.full_name.clone());
    }
    lines.push(a.address_line1.clone());
    if let Some(line2) = a.address_line2.as_deref().filter(|l| !l.is_empty()) {
        lines.push(line2.to_string());
    }
    if let Some(landmark) = a.landmark.as_deref().filter(|l| !l.is_empty()) {
        lines.push(format!("Landmark: {landmark}"));
    }
    lines.push(format!("{}, {} {}", a.city, a.state, a.postal_code));
    if let Some(phone) = a.phone.as_deref() {
        lines.push(format!("Phone: {}", kernel::MobileNumber::display(phone)));
    }
    lines
}

pub use kernel::escape_html;

/// The order confirmation, addressed to `to` (always the account's own address).
///
/// Lines stay short (under 76 bytes for typical names) so the message can travel as
/// readable 8-bit text instead of quoted-printable.
pub fn confirmation(order: &Order, to: &str) -> OutgoingEmail {
    let number = short_id(order);
    // The day in India, as the order page, the invoice and the GST report date it.
    let placed = kernel::india_day(order.created_at).format("%d %b %Y").to_string();
    let expected = order.expected_delivery_date.format("%d %b %Y").to_string();
    let name = &order.customer.first_name;

    let mut text = format!(
        "Hello {name},\n\nThank you for your order {number}, placed on {placed}.\n\
         Payment: Cash on Delivery.\nExpected delivery: {expected}.\n\nItems:\n"
    );
    for item in &order.items {
        text.push_str(&format!(
            "- {}\n  size {}, colour {}: {} x {} = {}\n",
            item.product_name,
            item.size,
            item.color,
            item.quantity,
            item.price_at_purchase.format_inr(),
            item.line_total().format_inr()
        ));
    }
    text.push_str(&format!(
        "\nSubtotal: {}\nDiscount: -{}\nTotal to pay on delivery: {}\n\nDelivery address:\n{}\n\n\
         You can follow your order, or cancel it while it is pending,\nunder My Account > Orders.\n",
        order.subtotal.format_inr(),
        order.discount.format_inr(),
        order.total.format_inr(),
        address_lines(order).join("\n")
    ));

    let mut rows = String::new();
    for item in &order.items {
        rows.push_str(&format!(
            "<tr>\n<td>{}</td>\n<td>{}</td>\n<td>{}</td>\n<td align=\"right\">{}</td>\n\
             <td align=\"right\">{}</td>\n<td align=\"right\">{}</td>\n</tr>\n",
            escape_html(&item.product_name),
            escape_html(&item.size),
            escape_html(&item.color),
            item.quantity,
            item.price_at_purchase.format_inr(),
            item.line_total().format_inr()
        ));
    }
    let address_html = address_lines(order).iter().map(|l| escape_html(l)).collect::<Vec<_>>().join("<br>\n");
    let html = format!(
        "<!DOCTYPE html>\n<html>\n<head>\n<meta charset=\"utf-8\">\n<title>Order {number}</title>\n</head>\n\
<body style=\"font-family:Arial,sans-serif;color:#222\">\n\
<h2>Thank you for your order, {name_html}!</h2>\n\
<p>Order <strong>{number}</strong> placed on {placed}.<br>\n\
Payment: Cash on Delivery.<br>\nExpected delivery: {expected}.</p>\n\
<table cellpadding=\"6\" cellspacing=\"0\" border=\"1\"\n style=\"border-collapse:collapse\">\n\
<tr>\n<th align=\"left\">Item</th>\n<th align=\"left\">Size</th>\n<th align=\"left\">Colour</th>\n\
<th>Qty</th>\n<th>Price</th>\n<th>Amount</th>\n</tr>\n\
{rows}</table>\n\
<p>Subtotal: {subtotal}<br>\nDiscount: -{discount}<br>\n\
<strong>Total to pay on delivery: {total}</strong></p>\n\
<h3>Delivery address</h3>\n<p>{address_html}</p>\n</body>\n</html>\n",
        name_html = escape_html(name),
        subtotal = order.subtotal.format_inr(),
        discount = order.discount.format_inr(),
        total = order.total.format_inr(),
    );
    OutgoingEmail {
        to: to.to_string(),
        subject: format!("Your order {number} is confirmed"),
        text,
        html,
    }
}
