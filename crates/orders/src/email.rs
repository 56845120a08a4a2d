//! The confirmation e-mail's content: plain text and HTML with the same facts, amounts in
//! rupees with Indian digit grouping.

use crate::models::{Order, OutgoingEmail};

/// The first 8 characters of the id, as the shop shows order numbers.
pub fn short_id(order: &Order) -> String {
    crate::models::order_number(&order.id)
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

/// "Hello Asha," (or "Hello," without a first name): how every e-mail to a shopper starts.
pub fn greeting(first_name: &str) -> String {
    match first_name.trim() {
        "" => "Hello,".to_string(),
        name => format!("Hello {name},"),
    }
}

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
        "{}\n\nThank you for your order {number}, placed on {placed}.\n\
         Payment: Cash on Delivery.\nExpected delivery: {expected}.\n\nItems:\n",
        greeting(name)
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
    OutgoingEmail::new(to, format!("Your order {number} is confirmed"), text, html)
}

/// The e-mail telling the shopper that their order moved on: shipped, delivered or
/// cancelled. A re-opened order gets none (the shop arranges that with the shopper).
pub fn status_update(order: &Order) -> Option<OutgoingEmail> {
    use crate::models::{DeliveryStatus, PaymentStatus};
    let number = short_id(order);
    let total = order.total.format_inr();
    let (subject, mut news) = match order.delivery_status {
        DeliveryStatus::Pending => return None,
        DeliveryStatus::Shipped => {
            let mut news = vec![
                format!("Your order {number} is on its way."),
                format!("Expected delivery: {}.", order.expected_delivery_date.format("%d %b %Y")),
            ];
            if order.payment_status == PaymentStatus::Pending {
                news.push(format!("Please keep {total} ready: payment is cash on delivery."));
            }
            if let Some(invoice) = &order.invoice {
                news.push(format!("Your tax invoice {} is under My Account > Orders.", invoice.number));
            }
            (format!("Your order {number} has shipped"), news)
        }
        DeliveryStatus::Delivered => {
            let day = order.delivered_on.map(|at| kernel::india_day(at).format(" on %d %b %Y").to_string()).unwrap_or_default();
            let news = vec![
                format!("Your order {number} was delivered{day}."),
                format!(
                    "Not the right fit? You can ask for a return or an exchange within {} days of delivery under My Account > Orders.",
                    crate::returns::RETURN_WINDOW_DAYS
                ),
            ];
            (format!("Your order {number} was delivered"), news)
        }
        DeliveryStatus::Canceled => {
            let last = order.history.last();
            let who = if last.is_some_and(|change| change.changed_by == order.user_id) { "as you asked" } else { "by the shop" };
            let mut news = vec![format!("Your order {number} was cancelled {who}.")];
            // Cash on delivery: only a delivered order was paid for.
            if last.is_some_and(|change| change.from == Some(DeliveryStatus::Delivered)) {
                news.push(format!("The shop will contact you about the refund of the {total} you paid."));
            } else {
                news.push("Nothing is due for it.".to_string());
            }
            if let (Some(note), Some(invoice)) = (&order.credit_note, &order.invoice) {
                news.push(format!("Credit note {} cancels tax invoice {}; both are under My Account > Orders.", note.number, invoice.number));
            }
            (format!("Your order {number} is cancelled"), news)
        }
    };
    let greeting = greeting(&order.customer.first_name);
    let items: Vec<String> = order.items.iter().map(|i| format!("{} (size {}, colour {}) x {}", i.product_name, i.size, i.color, i.quantity)).collect();
    news.push("You can follow your orders under My Account > Orders.".to_string());
    let text = format!("{greeting}\n\n{}\n\nItems:\n{}\n", news.join("\n"), items.iter().map(|i| format!("- {i}\n")).collect::<String>());
    let html = format!(
        "<!DOCTYPE html>\n<html>\n<head>\n<meta charset=\"utf-8\">\n<title>Order {number}</title>\n</head>\n\
<body style=\"font-family:Arial,sans-serif;color:#222\">\n<p>{}</p>\n{}<ul>\n{}</ul>\n</body>\n</html>\n",
        escape_html(&greeting),
        news.iter().map(|n| format!("<p>{}</p>\n", escape_html(n))).collect::<String>(),
        items.iter().map(|i| format!("<li>{}</li>\n", escape_html(i))).collect::<String>(),
    );
    Some(OutgoingEmail::new(order.customer.email.clone(), subject, text, html))
}

/// The shop's notice of a new order, to its contact address: what to pack, for whom, where,
/// and the cash the courier collects.
pub fn new_order_notice(order: &Order, to: &str) -> OutgoingEmail {
    let number = short_id(order);
    let placed = order.created_at.with_timezone(&kernel::INDIA).format("%d %b %Y, %H:%M").to_string();
    let c = &order.customer;
    let buyer = format!("{} {}", c.first_name, c.last_name).trim().to_string();
    let mut facts = vec![
        format!("New order {number}, placed on {placed} (India time) by {buyer} <{}>.", c.email),
        format!("Payment: Cash on Delivery, {} to collect.", order.total.format_inr()),
        format!("Expected delivery: {}.", order.expected_delivery_date.format("%d %b %Y")),
    ];
    facts.push("Items:".to_string());
    for item in &order.items {
        facts.push(format!(
            "- {} (size {}, colour {}) x {} = {}",
            item.product_name,
            item.size,
            item.color,
            item.quantity,
            item.line_total().format_inr()
        ));
    }
    facts.push("Deliver to:".to_string());
    facts.extend(address_lines(order));
    facts.push("It waits under Orders in the back office.".to_string());
    shop_notice(to, format!("New order {number}"), &facts)
}

/// A notice to the shop itself: its lines as they are, in the text and the HTML alike.
pub fn shop_notice(to: &str, subject: String, lines: &[String]) -> OutgoingEmail {
    let text = format!("{}\n", lines.join("\n"));
    let html = format!(
        "<!DOCTYPE html>\n<html>\n<head>\n<meta charset=\"utf-8\">\n<title>{}</title>\n</head>\n\
<body style=\"font-family:Arial,sans-serif;color:#222\">\n<p>{}</p>\n</body>\n</html>\n",
        escape_html(&subject),
        lines.iter().map(|l| escape_html(l)).collect::<Vec<_>>().join("<br>\n")
    );
    OutgoingEmail::new(to, subject, text, html)
}
