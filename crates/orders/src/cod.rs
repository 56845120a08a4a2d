//! Cash-on-delivery settings and the answers the storefront shows before an order: whether a
//! PIN code gets deliveries and cash on delivery, and whether the checkout's order would be
//! accepted. The rules themselves are `kernel::cod` (the cart applies them too); placing an
//! order checks every one of them inside its transaction (`service::build_order`).

use chrono::Duration;
use gst::{pin_belongs_to, State, STATES};
use kernel::cod::MAX_COD_COUNT;
use kernel::{AddressId, CodRules, CodSettings, Money, PostalCode, StoreError, UserId};

use crate::error::OrdersError;
use crate::models::{Checkout, PlaceRequest, ORDER_LIMIT_WINDOW_SECONDS};
use crate::service::build_order;

/// The most PIN codes the blocked list may hold.
pub const MAX_BLOCKED_PINCODES: usize = 20_000;

/// A change of the settings as the owner sends it: a field left out keeps its value;
/// `Some(None)` clears a limit on the order value.
#[derive(Debug, Clone, Default)]
pub struct CodSettingsChange {
    pub min_order_value: Option<Option<f64>>,
    pub max_order_value: Option<Option<f64>>,
    pub blocked_pincodes: Option<Vec<String>>,
    pub max_open_orders: Option<i64>,
    pub max_units_per_line: Option<i64>,
}

/// What the product page's PIN check answers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PincodeCheck {
    pub pincode: String,
    /// The state or union territory India Post gives the PIN's leading digits (the first
    /// of two where a prefix serves two), `None` when the shop does not deliver there.
    pub state: Option<&'static str>,
    pub delivery: bool,
    pub cod: bool,
    pub message: String,
    /// The limits on the order value and the pieces a line may hold, for the page to show.
    pub rules: CodRules,
}

/// Whether the checkout's order would be accepted for cash on delivery, and if not why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CodVerdict {
    pub available: bool,
    pub code: Option<&'static str>,
    pub message: String,
    pub rules: CodRules,
}

/// Inbound port: the owner's settings (admin, guarded by the HTTP layer) and the shopper's
/// questions.
pub trait CodApi: Send + Sync {
    fn settings(&self) -> Result<CodSettings, OrdersError>;
    /// Errors: `Invalid` (a PIN code of the wrong form, a count out of 1 to 1000),
    /// `Rule` (an amount with more than two decimals, a minimum above the maximum), `Storage`.
    fn update(&self, change: CodSettingsChange) -> Result<CodSettings, OrdersError>;
    /// Errors: `Invalid` (not a 6-digit PIN code), `Storage`.
    fn pincode(&self, raw: &str) -> Result<PincodeCheck, OrdersError>;
    /// Judges the customer's cart, sent to their address `address_id`, as placing it would.
    /// Errors: `AddressNotFound`, `AccountNotFound`, `Storage`.
    fn checkout(&self, user_id: &UserId, address_id: &AddressId) -> Result<CodVerdict, OrdersError>;
}

/// Outbound port: where the settings live (the database, so every instance shares them).
pub trait CodStore: Send + Sync {
    fn settings(&self) -> Result<CodSettings, StoreError>;
    /// The rules alone (without the PIN list, which may be long).
    fn rules(&self) -> Result<CodRules, StoreError>;
    /// ONE transaction: reads the settings, calls `change` with them, stores its answer.
    fn update(&self, change: &dyn Fn(CodSettings) -> Result<CodSettings, OrdersError>) -> Result<CodSettings, OrdersError>;
    fn is_blocked(&self, pincode: &str) -> Result<bool, StoreError>;
    /// What placing an order would read (`OrderStore::place`), read without placing it.
    fn checkout(&self, request: &PlaceRequest) -> Result<Checkout, OrdersError>;
}

pub struct CodService<S> {
    store: S,
    clock: kernel::Clock,
}

impl<S: CodStore> CodService<S> {
    pub fn new(store: S) -> Self {
        CodService { store, clock: kernel::Clock::system() }
    }

    /// The same service reading the shop's time from `clock`.
    pub fn with_clock(mut self, clock: kernel::Clock) -> Self {
        self.clock = clock;
        self
    }
}

fn amount(field: &'static str, value: Option<f64>) -> Result<Option<Money>, OrdersError> {
    value
        .map(|v| {
            Money::from_rupees(v).map_err(|e| OrdersError::rule(field, "invalid_amount", format!("The amount {e}")))
        })
        .transpose()
}

fn count(field: &'static str, value: i64, what: &str) -> Result<u32, OrdersError> {
    u32::try_from(value)
        .ok()
        .filter(|v| (1..=MAX_COD_COUNT).contains(v))
        .ok_or_else(|| OrdersError::invalid(field, format!("{what} must be between 1 and {MAX_COD_COUNT}")))
}

/// The owner's change applied to the current settings, every rule checked.
pub fn apply(current: CodSettings, change: &CodSettingsChange) -> Result<CodSettings, OrdersError> {
    let mut rules = current.rules;
    if let Some(min) = change.min_order_value {
        rules.min_order_value = amount("codMinOrderValue", min)?;
    }
    if let Some(max) = change.max_order_value {
        rules.max_order_value = amount("codMaxOrderValue", max)?;
    }
    if let Some(n) = change.max_open_orders {
        rules.max_open_orders = count("maxOpenCodOrders", n, "The open orders per customer")?;
    }
    if let Some(n) = change.max_units_per_line {
        rules.max_units_per_line = count("maxUnitsPerLine", n, "The pieces per line")?;
    }
    if let (Some(min), Some(max)) = (rules.min_order_value, rules.max_order_value) {
        if min > max {
            return Err(OrdersError::rule(
                "codMinOrderValue",
                "cod_min_above_max",
                format!(
                    "The smallest order ({}) cannot be above the largest ({})",
                    kernel::cod::rs(min),
                    kernel::cod::rs(max)
                ),
            ));
        }
    }
    let blocked_pincodes = match &change.blocked_pincodes {
        None => current.blocked_pincodes,
        Some(list) => {
            if list.len() > MAX_BLOCKED_PINCODES {
                return Err(OrdersError::invalid(
                    "blockedPincodes",
                    format!("At most {MAX_BLOCKED_PINCODES} PIN codes can be blocked"),
                ));
            }
            let mut pins = list
                .iter()
                .map(|raw| {
                    PostalCode::parse(raw).map(|p| p.as_str().to_string()).map_err(|_| {
                        OrdersError::invalid("blockedPincodes", format!("'{}' is not a 6-digit PIN code", raw.trim()))
                    })
                })
                .collect::<Result<Vec<_>, _>>()?;
            pins.sort();
            pins.dedup();
            pins
        }
    };
    Ok(CodSettings { rules, blocked_pincodes })
}

/// The state a PIN code's leading digits belong to, if the shop delivers there.
pub fn state_of(pin: &PostalCode) -> Option<State> {
    STATES.iter().copied().find(|s| pin_belongs_to(pin, *s))
}

impl<S: CodStore> CodApi for CodService<S> {
    fn settings(&self) -> Result<CodSettings, OrdersError> {
        Ok(self.store.settings()?)
    }

    fn update(&self, change: CodSettingsChange) -> Result<CodSettings, OrdersError> {
        self.store.update(&|current| apply(current, &change))
    }

    fn pincode(&self, raw: &str) -> Result<PincodeCheck, OrdersError> {
        let pin = PostalCode::parse(raw).map_err(|e| OrdersError::invalid("pincode", e.0))?;
        let state = state_of(&pin).map(|s| s.name);
        let blocked = state.is_some() && self.store.is_blocked(pin.as_str())?;
        let (delivery, cod) = (state.is_some(), state.is_some() && !blocked);
        let message = match (delivery, cod) {
            (true, true) => "Delivery available, cash on delivery available".to_string(),
            (true, false) => format!("Delivery available, but cash on delivery is not available for PIN code {}", pin.as_str()),
            _ => format!("Sorry, we do not deliver to PIN code {} yet", pin.as_str()),
        };
        Ok(PincodeCheck { pincode: pin.as_str().to_string(), state, delivery, cod, message, rules: self.store.rules()? })
    }

    fn checkout(&self, user_id: &UserId, address_id: &AddressId) -> Result<CodVerdict, OrdersError> {
        if !address_id.is_uuid() {
            return Err(OrdersError::AddressNotFound);
        }
        let now = self.clock.now();
        let request = PlaceRequest {
            user_id: user_id.clone(),
            address_id: address_id.clone(),
            idempotency_key: None,
            expected_total: None,
            recent_since: now - Duration::seconds(ORDER_LIMIT_WINDOW_SECONDS),
        };
        let checkout = self.store.checkout(&request)?;
        let rules = checkout.cod.rules;
        let refused = |code: Option<&'static str>, message: String| CodVerdict { available: false, code, message, rules };
        Ok(match build_order("preview", &request, checkout, now) {
            Ok(_) => CodVerdict {
                available: true,
                code: None,
                message: match rules.max_order_value {
                    Some(max) => format!("Cash on delivery available for this order (up to {})", kernel::cod::rs(max)),
                    None => "Cash on delivery available for this order".to_string(),
                },
                rules,
            },
            Err(OrdersError::Cod(refusal)) => refused(Some(refusal.code()), refusal.to_string()),
            Err(e @ OrdersError::IncompleteAddress(_)) => refused(Some("incomplete_address"), e.to_string()),
            Err(e @ (OrdersError::EmptyCart | OrdersError::TotalTooLarge)) => refused(None, e.to_string()),
            Err(e) => return Err(e),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_change_keeps_what_it_leaves_out_and_checks_the_rest() {
        let current = CodSettings::default();
        let changed = apply(
            current.clone(),
            &CodSettingsChange {
                min_order_value: Some(Some(299.5)),
                blocked_pincodes: Some(vec![" 560001".into(), "110001".into(), "560001".into()]),
                ..Default::default()
            },
        )
        .unwrap();
        assert_eq!(changed.rules.min_order_value, Some(Money::from_paise(29_950)));
        assert_eq!(changed.rules.max_order_value, current.rules.max_order_value);
        assert_eq!(changed.blocked_pincodes, vec!["110001", "560001"]);
        let cleared = apply(changed, &CodSettingsChange { max_order_value: Some(None), ..Default::default() }).unwrap();
        assert_eq!(cleared.rules.max_order_value, None);

        let refused = |change: CodSettingsChange| apply(CodSettings::default(), &change).unwrap_err().to_string();
        assert_eq!(
            refused(CodSettingsChange { min_order_value: Some(Some(20_000.0)), ..Default::default() }),
            "The smallest order (Rs 20,000.00) cannot be above the largest (Rs 10,000.00)"
        );
        assert_eq!(
            refused(CodSettingsChange { blocked_pincodes: Some(vec!["012345".into()]), ..Default::default() }),
            "'012345' is not a 6-digit PIN code"
        );
        assert_eq!(
            refused(CodSettingsChange { max_units_per_line: Some(0), ..Default::default() }),
            "The pieces per line must be between 1 and 1000"
        );
    }

    #[test]
    fn a_pin_lies_in_a_state_or_nowhere() {
        assert_eq!(state_of(&PostalCode::parse("560001").unwrap()).map(|s| s.name), Some("Karnataka"));
        assert_eq!(state_of(&PostalCode::parse("900001").unwrap()), None);
    }
}
