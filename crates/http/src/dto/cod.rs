//! Cash-on-delivery settings and the storefront's questions about them.

use kernel::{CodRules, CodSettings};
use orders::{CodSettingsChange, CodVerdict, PincodeCheck};
use serde::{Deserialize, Deserializer, Serialize};

/// The owner's cash-on-delivery rules. Amounts in rupees; null: no limit.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CodSettingsDto {
    /// Orders below this total cannot be paid on delivery (null: no minimum).
    pub cod_min_order_value: Option<f64>,
    /// Orders above this total cannot be paid on delivery (null: no maximum).
    pub cod_max_order_value: Option<f64>,
    /// PIN codes that get no cash on delivery, sorted.
    pub blocked_pincodes: Vec<String>,
    /// Orders PENDING or SHIPPED one customer may have at once.
    pub max_open_cod_orders: u32,
    /// Pieces one line of an order (one size of one product) may hold.
    pub max_units_per_line: u32,
}

impl From<CodSettings> for CodSettingsDto {
    fn from(s: CodSettings) -> Self {
        CodSettingsDto {
            cod_min_order_value: s.rules.min_order_value.map(|m| m.to_rupees()),
            cod_max_order_value: s.rules.max_order_value.map(|m| m.to_rupees()),
            blocked_pincodes: s.blocked_pincodes,
            max_open_cod_orders: s.rules.max_open_orders,
            max_units_per_line: s.rules.max_units_per_line,
        }
    }
}

/// The rules a shopper may read (no PIN list).
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CodRulesDto {
    pub cod_min_order_value: Option<f64>,
    pub cod_max_order_value: Option<f64>,
    pub max_open_cod_orders: u32,
    pub max_units_per_line: u32,
}

impl From<CodRules> for CodRulesDto {
    fn from(r: CodRules) -> Self {
        CodRulesDto {
            cod_min_order_value: r.min_order_value.map(|m| m.to_rupees()),
            cod_max_order_value: r.max_order_value.map(|m| m.to_rupees()),
            max_open_cod_orders: r.max_open_orders,
            max_units_per_line: r.max_units_per_line,
        }
    }
}

/// Present (even as null) is `Some`; absent is `None`.
fn present<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Option<f64>>, D::Error> {
    Option::<f64>::deserialize(d).map(Some)
}

/// A change of the settings: a field left out keeps its value; null clears a limit on the
/// order value.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CodSettingsRequest {
    /// Rupees, at most two decimals; null: no minimum.
    #[serde(default, deserialize_with = "present")]
    #[schema(value_type = Option<f64>, minimum = 0, maximum = 10000000)]
    pub cod_min_order_value: Option<Option<f64>>,
    /// Rupees, at most two decimals; null: no maximum.
    #[serde(default, deserialize_with = "present")]
    #[schema(value_type = Option<f64>, minimum = 0, maximum = 10000000)]
    pub cod_max_order_value: Option<Option<f64>>,
    /// Replaces the whole list (each a 6-digit PIN code; repeats are kept once).
    #[schema(max_items = 20000)]
    pub blocked_pincodes: Option<Vec<Pincode>>,
    #[schema(minimum = 1, maximum = 1000)]
    #[serde(default, deserialize_with = "super::whole_number")]
    pub max_open_cod_orders: Option<i64>,
    #[schema(minimum = 1, maximum = 1000)]
    #[serde(default, deserialize_with = "super::whole_number")]
    pub max_units_per_line: Option<i64>,
}

/// A 6-digit PIN code, the first digit 1 to 9.
#[derive(Debug, Deserialize)]
pub struct Pincode(pub String);

impl utoipa::PartialSchema for Pincode {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        use utoipa::openapi::schema::{ObjectBuilder, Type};
        ObjectBuilder::new().schema_type(Type::String).pattern(Some(r"^\s*[1-9][0-9]{2} ?[0-9]{3}\s*$")).into()
    }
}

impl utoipa::ToSchema for Pincode {}

impl From<CodSettingsRequest> for CodSettingsChange {
    fn from(r: CodSettingsRequest) -> Self {
        CodSettingsChange {
            min_order_value: r.cod_min_order_value,
            max_order_value: r.cod_max_order_value,
            blocked_pincodes: r.blocked_pincodes.map(|list| list.into_iter().map(|p| p.0).collect()),
            max_open_orders: r.max_open_cod_orders,
            max_units_per_line: r.max_units_per_line,
        }
    }
}

/// The product page's PIN check.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PincodeCheckDto {
    pub pincode: String,
    /// The state or union territory of the PIN code; null where the shop does not deliver.
    pub state: Option<&'static str>,
    pub delivery: bool,
    /// Cash on delivery (the shop's one way to pay) is available there.
    pub cod: bool,
    /// 'Delivery available, cash on delivery available', or why not.
    pub message: String,
    pub rules: CodRulesDto,
}

impl From<PincodeCheck> for PincodeCheckDto {
    fn from(c: PincodeCheck) -> Self {
        PincodeCheckDto { pincode: c.pincode, state: c.state, delivery: c.delivery, cod: c.cod, message: c.message, rules: c.rules.into() }
    }
}

/// Whether the checkout's order would be accepted for cash on delivery.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CodCheckDto {
    pub available: bool,
    /// The refusal's error code (as placing the order would answer), null when available.
    pub code: Option<&'static str>,
    /// The sentence to show before Place Order.
    pub message: String,
    pub rules: CodRulesDto,
}

impl From<CodVerdict> for CodCheckDto {
    fn from(v: CodVerdict) -> Self {
        CodCheckDto { available: v.available, code: v.code, message: v.message, rules: v.rules.into() }
    }
}
