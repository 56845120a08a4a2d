//! Cash-on-delivery rules: the limits the owner sets in the back office and the sentence a
//! shopper reads when one of them refuses an order. Shared by the cart (which refuses what
//! can never be ordered) and the orders (which check every rule when an order is placed).

use crate::money::Money;

/// The owner's limits on cash-on-delivery orders, without the list of blocked PIN codes
/// (which can be long: the store answers "is this PIN blocked" instead of reading it all).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CodRules {
    /// Orders below this total are refused; `None`: no minimum.
    pub min_order_value: Option<Money>,
    /// Orders above this total are refused; `None`: no maximum.
    pub max_order_value: Option<Money>,
    /// A customer may have at most this many orders PENDING or SHIPPED at once.
    pub max_open_orders: u32,
    /// One line of an order (one size of one product) holds at most this many pieces.
    pub max_units_per_line: u32,
}

impl Default for CodRules {
    /// The shop's defaults: no minimum, Rs 10,000 maximum, 3 open orders, 10 pieces a line.
    fn default() -> Self {
        CodRules {
            min_order_value: None,
            max_order_value: Some(Money::from_paise(10_000 * 100)),
            max_open_orders: 3,
            max_units_per_line: 10,
        }
    }
}

/// The highest value either limit on the open orders or the units per line may take.
pub const MAX_COD_COUNT: u32 = 1000;

/// The owner's settings: the rules and the blocked PIN codes (sorted, each once).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct CodSettings {
    pub rules: CodRules,
    pub blocked_pincodes: Vec<String>,
}

/// Why cash on delivery refuses an order or a cart line. The text is the shopper's sentence.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CodRefusal {
    #[error("Cash on delivery is available only for orders of {} or more", rs(*.min))]
    BelowMinimum { min: Money },
    #[error("Cash on delivery is not available for orders above {}", rs(*.max))]
    AboveMaximum { max: Money },
    #[error("Cash on delivery is not available for PIN code {pin}")]
    PincodeBlocked { pin: String },
    #[error("You already have {limit} cash on delivery {} on the way. Please wait for one to arrive before placing another.", if *.limit == 1 { "order" } else { "orders" })]
    TooManyOpenOrders { limit: u32 },
    #[error("You can order at most {limit} {} of {item}", if *.limit == 1 { "piece" } else { "pieces" })]
    TooManyUnits { limit: u32, item: String },
}

impl CodRefusal {
    /// The stable code a program reads.
    pub fn code(&self) -> &'static str {
        match self {
            CodRefusal::BelowMinimum { .. } => "cod_below_minimum",
            CodRefusal::AboveMaximum { .. } => "cod_above_maximum",
            CodRefusal::PincodeBlocked { .. } => "cod_pincode_blocked",
            CodRefusal::TooManyOpenOrders { .. } => "cod_open_orders",
            CodRefusal::TooManyUnits { .. } => "max_units_per_line",
        }
    }
}

/// `Rs 10,000.00`: the rupee amount in Indian digit grouping, written as shoppers read it
/// in a sentence.
pub fn rs(amount: Money) -> String {
    format!("Rs {}", amount.format_inr().trim_start_matches('₹'))
}

impl CodRules {
    /// One line of `quantity` pieces of `item` (a product name and size).
    pub fn check_units(&self, quantity: i64, item: &str) -> Result<(), CodRefusal> {
        if quantity > i64::from(self.max_units_per_line) {
            return Err(CodRefusal::TooManyUnits { limit: self.max_units_per_line, item: item.to_string() });
        }
        Ok(())
    }

    /// The upper limit alone: what a cart can be judged by before there is an address.
    pub fn check_maximum(&self, total: Money) -> Result<(), CodRefusal> {
        match self.max_order_value {
            Some(max) if total > max => Err(CodRefusal::AboveMaximum { max }),
            _ => Ok(()),
        }
    }

    /// Every rule for an order of `total` to `pin` by a customer who has `open_orders`
    /// orders PENDING or SHIPPED. `lines` are (pieces, item) per line.
    pub fn check_order<'a>(
        &self,
        lines: impl IntoIterator<Item = (i64, &'a str)>,
        total: Money,
        pin: &str,
        pin_blocked: bool,
        open_orders: u64,
    ) -> Result<(), CodRefusal> {
        for (quantity, item) in lines {
            self.check_units(quantity, item)?;
        }
        if pin_blocked {
            return Err(CodRefusal::PincodeBlocked { pin: pin.to_string() });
        }
        if let Some(min) = self.min_order_value {
            if total < min {
                return Err(CodRefusal::BelowMinimum { min });
            }
        }
        self.check_maximum(total)?;
        if open_orders >= u64::from(self.max_open_orders) {
            return Err(CodRefusal::TooManyOpenOrders { limit: self.max_open_orders });
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rupees(r: i64) -> Money {
        Money::from_paise(r * 100)
    }

    #[test]
    fn defaults_and_messages_in_indian_rupees() {
        let rules = CodRules::default();
        assert_eq!(rules.check_maximum(rupees(10_000)), Ok(()));
        let refused = rules.check_maximum(Money::from_paise(1_000_001)).unwrap_err();
        assert_eq!(refused.to_string(), "Cash on delivery is not available for orders above Rs 10,000.00");
        assert_eq!(rs(rupees(100_000)), "Rs 1,00,000.00");
    }

    #[test]
    fn every_rule_refuses_in_turn() {
        let rules = CodRules { min_order_value: Some(rupees(500)), ..CodRules::default() };
        let ok = |total, blocked, open| rules.check_order([(2, "Kurta (size M)")], total, "110001", blocked, open);
        assert_eq!(ok(rupees(500), false, 2), Ok(()));
        assert_eq!(
            ok(rupees(499), false, 0).unwrap_err().to_string(),
            "Cash on delivery is available only for orders of Rs 500.00 or more"
        );
        assert_eq!(ok(rupees(600), true, 0).unwrap_err().code(), "cod_pincode_blocked");
        assert_eq!(ok(rupees(600), false, 3).unwrap_err().code(), "cod_open_orders");
        let units = rules.check_order([(11, "Kurta (size M)")], rupees(600), "110001", false, 0).unwrap_err();
        assert_eq!(units.to_string(), "You can order at most 10 pieces of Kurta (size M)");
    }
}
