//! The tax inside a GST-inclusive line. Where the goods are delivered decides the kind of
//! tax: in the supplier's own state CGST and SGST, half the rate each; in another state
//! IGST. Each line is rounded to the paisa on its own and its parts always add up to the
//! line, so an invoice's total is the order's total.

use kernel::Money;

use crate::rates::Rate;

/// Where the supply takes place relative to the supplier.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Supply {
    /// Delivered in the supplier's own state: CGST + SGST.
    IntraState,
    /// Delivered in another state: IGST.
    InterState,
}

impl Supply {
    pub fn between(supplier_state: u8, delivery_state: u8) -> Supply {
        if supplier_state == delivery_state {
            Supply::IntraState
        } else {
            Supply::InterState
        }
    }
}

/// A line's GST-inclusive amount taken apart: taxable + cgst + sgst + igst = the line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct TaxSplit {
    pub taxable: Money,
    pub cgst: Money,
    pub sgst: Money,
    pub igst: Money,
}

impl TaxSplit {
    pub fn tax(&self) -> Money {
        Money::from_paise(self.cgst.paise() + self.sgst.paise() + self.igst.paise())
    }
}

/// `round(amount × numerator / denominator)`, halves up; amounts are never negative.
fn share(amount: i64, numerator: i128, denominator: i128) -> i64 {
    let exact2 = 2 * i128::from(amount) * numerator;
    i64::try_from((exact2 + denominator) / (2 * denominator)).unwrap_or(i64::MAX)
}

/// Takes a GST-inclusive line amount apart at `rate`. The tax is rate / (100 % + rate) of
/// the amount; within a state each half is rounded once, so CGST always equals SGST.
pub fn split_line(line: Money, rate: Rate, supply: Supply) -> TaxSplit {
    let amount = line.paise().max(0);
    let bp = i128::from(rate.as_basis_points());
    match supply {
        Supply::IntraState => {
            let half = share(amount, bp, 2 * (10_000 + bp));
            TaxSplit {
                taxable: Money::from_paise(amount - 2 * half),
                cgst: Money::from_paise(half),
                sgst: Money::from_paise(half),
                igst: Money::from_paise(0),
            }
        }
        Supply::InterState => {
            let igst = share(amount, bp, 10_000 + bp);
            TaxSplit {
                taxable: Money::from_paise(amount - igst),
                igst: Money::from_paise(igst),
                ..TaxSplit::default()
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn paise(p: i64) -> Money {
        Money::from_paise(p)
    }

    #[test]
    fn within_the_state_the_tax_is_halved_into_cgst_and_sgst() {
        // Rs 999 at 5 %: 999 / 1.05 = 951.428…, tax 47.571… → 23.79 each, taxable 951.42.
        let split = split_line(paise(999_00), Rate::percent(5), Supply::IntraState);
        assert_eq!(split, TaxSplit { taxable: paise(951_42), cgst: paise(23_79), sgst: paise(23_79), igst: paise(0) });
    }

    #[test]
    fn across_states_it_is_one_igst() {
        // Rs 3,000 × 2 at 18 %: 6000 / 1.18 = 5084.745…, tax 915.254… → 915.25.
        let split = split_line(paise(6_000_00), Rate::percent(18), Supply::InterState);
        assert_eq!(split, TaxSplit { taxable: paise(5_084_75), igst: paise(915_25), ..TaxSplit::default() });
    }

    #[test]
    fn the_parts_always_add_up_to_the_line() {
        for amount in [1, 2, 3, 99, 105, 999_99, 2_625_00, 2_625_01, 2_950_00, 2_950_01, 1_234_567_89] {
            for rate in [Rate::percent(5), Rate::percent(12), Rate::percent(18), Rate::basis_points(25)] {
                for supply in [Supply::IntraState, Supply::InterState] {
                    let s = split_line(paise(amount), rate, supply);
                    assert_eq!(s.taxable.paise() + s.tax().paise(), amount, "{amount} {rate:?} {supply:?}");
                    assert!(s.taxable.paise() >= 0 && s.cgst == s.sgst);
                }
            }
        }
    }

    #[test]
    fn the_supply_kind_follows_the_two_states() {
        assert_eq!(Supply::between(27, 27), Supply::IntraState);
        assert_eq!(Supply::between(27, 29), Supply::InterState);
    }
}
