//! The shop's one price rule. Every figure a shopper sees (the struck-through MRP, the
//! percent off, a line's amounts, a cart's or an order's totals) is computed here and
//! sent by the API; the web app only formats it.
//!
//! A price has two parts, as the back office enters them: what the shopper pays (the
//! API's `originalPrice`) and the saving shown against the MRP (`discountPrice`). The MRP
//! is their sum. Prices include GST, so tax is never added on top.

use crate::money::{Money, MoneyError};

/// A variant's price: what the shopper pays and the saving against the MRP.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Price {
    pay: Money,
    saving: Money,
}

impl Price {
    pub const fn new(pay: Money, saving: Money) -> Price {
        Price { pay, saving }
    }

    /// What the shopper pays for one piece (the API's `originalPrice`).
    pub const fn pay(self) -> Money {
        self.pay
    }

    /// The saving against the MRP for one piece (the API's `discountPrice`).
    pub const fn saving(self) -> Money {
        self.saving
    }

    /// The struck-through price: what the shopper pays plus the saving. Both parts are at
    /// most one crore rupees when entered (`Money::parse_rupees`), so the sum never comes
    /// near the limit of an `i64`; it saturates rather than wraps should it ever.
    pub fn mrp(self) -> Money {
        Money::from_paise(self.pay.paise().saturating_add(self.saving.paise()))
    }

    /// The saving as a whole percentage of the MRP, rounded half up (12.5 → 13); 0 when
    /// there is no saving. The one place the shop rounds a percentage.
    pub fn percent_off(self) -> u32 {
        let (saving, mrp) = (i128::from(self.saving.paise()), i128::from(self.mrp().paise()));
        if saving <= 0 || mrp <= 0 {
            return 0;
        }
        // round(saving / mrp × 100) in integers: (200·saving + mrp) / (2·mrp).
        let percent = (200 * saving + mrp) / (2 * mrp);
        u32::try_from(percent).unwrap_or(u32::MAX)
    }

    /// The amounts of `quantity` pieces at this price.
    pub fn line(self, quantity: i64) -> Result<LineAmounts, MoneyError> {
        Ok(LineAmounts {
            pay: self.pay.checked_times(quantity)?,
            mrp: self.mrp().checked_times(quantity)?,
            saving: self.saving.checked_times(quantity)?,
        })
    }
}

/// What one line (a price times a quantity) comes to.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct LineAmounts {
    /// What the shopper pays for the line.
    pub pay: Money,
    /// The line at MRP.
    pub mrp: Money,
    /// The line's saving.
    pub saving: Money,
}

/// A cart's or an order's totals: subtotal = Σ MRP × qty, discount = Σ saving × qty,
/// total = Σ price × qty (what is charged), tax 0 (prices include GST).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Totals {
    pub subtotal: Money,
    pub discount: Money,
    pub tax: Money,
    pub total: Money,
}

impl Totals {
    /// The totals of lines given as (price, quantity); `TooLarge` when a sum overflows.
    pub fn of(lines: impl IntoIterator<Item = (Price, i64)>) -> Result<Totals, MoneyError> {
        lines.into_iter().try_fold(Totals::default(), |sum, (price, quantity)| {
            let line = price.line(quantity)?;
            Ok(Totals {
                subtotal: sum.subtotal.checked_add(line.mrp)?,
                discount: sum.discount.checked_add(line.saving)?,
                tax: Money::ZERO,
                total: sum.total.checked_add(line.pay)?,
            })
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn price(pay: i64, saving: i64) -> Price {
        Price::new(Money::from_paise(pay), Money::from_paise(saving))
    }

    #[test]
    fn mrp_is_price_plus_saving() {
        assert_eq!(price(79_900, 20_000).mrp(), Money::from_paise(99_900));
        assert_eq!(price(129_950, 20_025).mrp(), Money::from_paise(149_975));
        assert_eq!(price(i64::MAX, 1).mrp(), Money::from_paise(i64::MAX));
    }

    #[test]
    fn percent_off_rounds_half_up_on_the_mrp() {
        assert_eq!(price(80_000, 20_000).percent_off(), 20);
        assert_eq!(price(200, 100).percent_off(), 33);
        assert_eq!(price(100, 200).percent_off(), 67);
        assert_eq!(price(700, 100).percent_off(), 13, "12.5 % rounds up");
        assert_eq!(price(50_000, 0).percent_off(), 0);
        assert_eq!(price(0, 0).percent_off(), 0);
        assert_eq!(price(1_000_000_000, 1).percent_off(), 0);
    }

    #[test]
    fn totals_sum_lines_at_mrp_saving_and_price() {
        let totals = Totals::of([(price(79_900, 20_000), 2), (price(3_000, 0), 3)]).unwrap();
        assert_eq!(totals.subtotal, Money::from_paise(2 * 99_900 + 3 * 3_000));
        assert_eq!(totals.discount, Money::from_paise(2 * 20_000));
        assert_eq!(totals.total, Money::from_paise(2 * 79_900 + 3 * 3_000));
        assert_eq!(totals.tax, Money::ZERO);
        assert_eq!(Totals::of([]), Ok(Totals::default()));
    }

    #[test]
    fn totals_refuse_to_overflow() {
        let dear = price(i64::MAX / 2, 0);
        assert_eq!(Totals::of([(dear, 1), (dear, 1), (dear, 1)]), Err(MoneyError::TooLarge));
        assert_eq!(price(100, 0).line(-1), Err(MoneyError::Negative));
    }
}
