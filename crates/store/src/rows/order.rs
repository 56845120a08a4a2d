use chrono::{NaiveDate, NaiveDateTime};
use diesel::prelude::*;
use kernel::Money;
use ::orders::{
    AddressSnapshot, CustomerSnapshot, DeliveryStatus, Order, OrderItem, PaymentStatus, StatusChange,
};

use crate::schema::{order_items, order_status_history, orders};

/// A time as JSON for PostgreSQL, cut to the microseconds it keeps (as diesel's own binding
/// cuts it; PostgreSQL would round the nanoseconds instead).
fn micros<S: serde::Serializer>(at: &NaiveDateTime, s: S) -> Result<S::Ok, S::Error> {
    s.collect_str(&at.format("%Y-%m-%d %H:%M:%S%.6f"))
}

fn optional_micros<S: serde::Serializer>(at: &Option<NaiveDateTime>, s: S) -> Result<S::Ok, S::Error> {
    match at {
        Some(at) => micros(at, s),
        None => s.serialize_none(),
    }
}

#[derive(Queryable, Selectable, Insertable, serde::Serialize)]
#[diesel(table_name = orders)]
pub struct OrderRow {
    pub id: String,
    pub user_id: String,
    pub customer_first_name: String,
    pub customer_last_name: String,
    pub customer_email: String,
    pub payment_method: String,
    pub payment_status: String,
    pub delivery_status: String,
    pub subtotal_paise: i64,
    pub discount_paise: i64,
    pub total_paise: i64,
    pub address_line1: String,
    pub address_line2: Option<String>,
    pub city: String,
    pub state: String,
    pub postal_code: String,
    pub idempotency_key: Option<String>,
    pub expected_delivery_date: NaiveDate,
    #[serde(serialize_with = "optional_micros")]
    pub delivered_on: Option<NaiveDateTime>,
    #[serde(serialize_with = "micros")]
    pub created_at: NaiveDateTime,
    #[serde(serialize_with = "micros")]
    pub updated_at: NaiveDateTime,
    pub recipient_name: String,
    pub recipient_phone: Option<String>,
    pub landmark: Option<String>,
}

impl OrderRow {
    pub fn from_domain(o: &Order, idempotency_key: Option<&str>) -> OrderRow {
        OrderRow {
            id: o.id.clone(),
            user_id: o.user_id.clone(),
            customer_first_name: o.customer.first_name.clone(),
            customer_last_name: o.customer.last_name.clone(),
            customer_email: o.customer.email.clone(),
            payment_method: o.payment_method.clone(),
            payment_status: o.payment_status.as_str().to_string(),
            delivery_status: o.delivery_status.as_str().to_string(),
            subtotal_paise: o.subtotal.paise(),
            discount_paise: o.discount.paise(),
            total_paise: o.total.paise(),
            address_line1: o.address.address_line1.clone(),
            address_line2: o.address.address_line2.clone(),
            city: o.address.city.clone(),
            state: o.address.state.clone(),
            postal_code: o.address.postal_code.clone(),
            idempotency_key: idempotency_key.map(str::to_string),
            expected_delivery_date: o.expected_delivery_date,
            delivered_on: o.delivered_on.map(|d| d.naive_utc()),
            created_at: o.created_at.naive_utc(),
            updated_at: o.updated_at.naive_utc(),
            recipient_name: o.address.full_name.clone(),
            recipient_phone: o.address.phone.clone(),
            landmark: o.address.landmark.clone(),
        }
    }

    pub fn into_domain(self, items: Vec<OrderItem>, history: Vec<StatusChange>) -> Order {
        Order {
            id: self.id,
            user_id: self.user_id,
            customer: CustomerSnapshot {
                first_name: self.customer_first_name,
                last_name: self.customer_last_name,
                email: self.customer_email,
            },
            items,
            payment_method: self.payment_method,
            payment_status: PaymentStatus::from_stored(&self.payment_status),
            delivery_status: DeliveryStatus::from_stored(&self.delivery_status),
            subtotal: Money::from_paise(self.subtotal_paise),
            discount: Money::from_paise(self.discount_paise),
            total: Money::from_paise(self.total_paise),
            address: AddressSnapshot {
                full_name: self.recipient_name,
                phone: self.recipient_phone,
                landmark: self.landmark,
                address_line1: self.address_line1,
                address_line2: self.address_line2,
                city: self.city,
                state: self.state,
                postal_code: self.postal_code,
            },
            expected_delivery_date: self.expected_delivery_date,
            delivered_on: self.delivered_on.map(|d| d.and_utc()),
            created_at: self.created_at.and_utc(),
            updated_at: self.updated_at.and_utc(),
            history,
            invoice: None,
            credit_note: None,
        }
    }
}

#[derive(Queryable, Selectable, Insertable, serde::Serialize)]
#[diesel(table_name = order_items)]
pub struct OrderItemRow {
    pub id: String,
    pub order_id: String,
    pub product_id: Option<String>,
    pub variant_id: Option<String>,
    pub product_name: String,
    pub size: String,
    pub color: String,
    pub image_url: Option<String>,
    pub quantity: i32,
    pub price_at_purchase_paise: i64,
    pub mrp_paise: i64,
    pub position: i32,
}

impl OrderItemRow {
    pub fn from_domain(order_id: &str, position: i32, i: &OrderItem) -> OrderItemRow {
        OrderItemRow {
            id: i.id.clone(),
            order_id: order_id.to_string(),
            product_id: i.product_id.clone(),
            variant_id: i.variant_id.clone(),
            product_name: i.product_name.clone(),
            size: i.size.clone(),
            color: i.color.clone(),
            image_url: i.image_url.clone(),
            quantity: i.quantity,
            price_at_purchase_paise: i.price_at_purchase.paise(),
            mrp_paise: i.mrp.paise(),
            position,
        }
    }

    pub fn into_domain(self) -> OrderItem {
        OrderItem {
            id: self.id,
            product_id: self.product_id,
            variant_id: self.variant_id,
            product_name: self.product_name,
            size: self.size,
            color: self.color,
            image_url: self.image_url,
            quantity: self.quantity,
            price_at_purchase: Money::from_paise(self.price_at_purchase_paise),
            mrp: Money::from_paise(self.mrp_paise),
        }
    }
}

#[derive(Queryable, Selectable, Insertable, serde::Serialize)]
#[diesel(table_name = order_status_history)]
pub struct HistoryRow {
    pub id: String,
    pub order_id: String,
    pub from_status: Option<String>,
    pub to_status: String,
    pub changed_by: String,
    #[serde(serialize_with = "micros")]
    pub changed_at: NaiveDateTime,
}

impl HistoryRow {
    pub fn from_domain(order_id: &str, c: &StatusChange) -> HistoryRow {
        HistoryRow {
            id: kernel::new_id(),
            order_id: order_id.to_string(),
            from_status: c.from.map(|s| s.as_str().to_string()),
            to_status: c.to.as_str().to_string(),
            changed_by: c.changed_by.clone(),
            changed_at: c.changed_at.naive_utc(),
        }
    }

    pub fn into_domain(self, changed_by_name: Option<String>) -> StatusChange {
        StatusChange {
            from: self.from_status.as_deref().map(DeliveryStatus::from_stored),
            to: DeliveryStatus::from_stored(&self.to_status),
            changed_by: self.changed_by,
            changed_by_name,
            changed_at: self.changed_at.and_utc(),
        }
    }
}
