//! GST rates keyed by HSN prefix. A rule says from which date it applies and its slabs: a
//! slab applies while the value per piece before tax stays within its limit. Prices in the
//! shop include GST, so the value before tax is the price / (1 + rate) and a price is
//! tested against each slab at that slab's own rate.

use chrono::NaiveDate;
use kernel::Money;

use crate::hsn::HsnCode;

/// A rate in basis points: 500 is 5 %.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Rate(u32);

impl Rate {
    pub const fn basis_points(bp: u32) -> Rate {
        Rate(bp)
    }

    pub const fn percent(p: u32) -> Rate {
        Rate(p * 100)
    }

    pub const fn as_basis_points(self) -> u32 {
        self.0
    }

    /// "5%", "18%", "0.25%": as printed on an invoice.
    pub fn label(self) -> String {
        let (whole, part) = (self.0 / 100, self.0 % 100);
        match part {
            0 => format!("{whole}%"),
            p if p % 10 == 0 => format!("{whole}.{}%", p / 10),
            p => format!("{whole}.{p:02}%"),
        }
    }
}

/// One slab: `rate` while the value per piece before tax is at most `up_to`; the last slab
/// of a rule has no limit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Slab {
    pub up_to: Option<Money>,
    pub rate: Rate,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RateRule {
    /// Leading digits of the HSN codes the rule covers ("61", "4202").
    pub hsn_prefix: String,
    /// The first day (India time) the rule applies to.
    pub effective_from: NaiveDate,
    /// In ascending order of their limits, the last without one.
    pub slabs: Vec<Slab>,
}

/// The rate a price per piece gets, and whether the price fell between two slabs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SlabChoice {
    pub rate: Rate,
    /// The price is too high for the lower slab at the lower rate, yet its value before tax
    /// at the higher rate is within the lower slab's limit: no slab fits consistently. The
    /// shop then applies the higher rate, which never pays too little tax, and the back
    /// office warns the owner (a price at or below the lower slab's top avoids it).
    pub between_slabs: bool,
}

impl RateRule {
    /// The slab for a GST-inclusive price per piece.
    pub fn choose(&self, price_per_piece: Money) -> Option<SlabChoice> {
        let price = i128::from(price_per_piece.paise());
        let mut previous_limit: Option<i128> = None;
        for slab in &self.slabs {
            let grossed_up = |limit: i128| limit * (10_000 + i128::from(slab.rate.0));
            match slab.up_to {
                // value before tax = price × 10000 / (10000 + bp) ≤ limit, in integers.
                Some(limit) if price * 10_000 <= grossed_up(i128::from(limit.paise())) => {
                    return Some(SlabChoice { rate: slab.rate, between_slabs: false });
                }
                Some(limit) => previous_limit = Some(i128::from(limit.paise())),
                None => {
                    let between_slabs =
                        previous_limit.is_some_and(|limit| price * 10_000 <= grossed_up(limit));
                    return Some(SlabChoice { rate: slab.rate, between_slabs });
                }
            }
        }
        None
    }

    /// The highest GST-inclusive price per piece that stays within the last limited slab
    /// below `price_per_piece`, with that slab's rate: what the back office suggests for a
    /// price between two slabs. `None` when no limited slab lies below it.
    pub fn highest_price_below(&self, price_per_piece: Money) -> Option<(Rate, Money)> {
        self.slabs
            .iter()
            .filter_map(|slab| {
                let limit = i128::from(slab.up_to?.paise());
                let top = limit * (10_000 + i128::from(slab.rate.0)) / 10_000;
                Some((slab.rate, Money::from_paise(i64::try_from(top).ok()?)))
            })
            .rfind(|(_, top)| *top < price_per_piece)
    }
}

/// Every rate rule the shop knows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RateTable {
    pub rules: Vec<RateRule>,
}

impl RateTable {
    /// The rule for an HSN code on a day: the longest matching prefix, and of those the one
    /// that took effect last on or before that day. `None` when no rule covers the code.
    pub fn rule_for(&self, hsn: &HsnCode, on: NaiveDate) -> Option<&RateRule> {
        self.rules
            .iter()
            .filter(|r| hsn.as_str().starts_with(&r.hsn_prefix) && r.effective_from <= on)
            .max_by_key(|r| (r.hsn_prefix.len(), r.effective_from))
    }

    /// The rate for one piece of goods of this HSN code at this GST-inclusive price.
    pub fn choose(&self, hsn: &HsnCode, on: NaiveDate, price_per_piece: Money) -> Option<SlabChoice> {
        self.rule_for(hsn, on)?.choose(price_per_piece)
    }

    /// The defaults a new shop starts with (docs/INDIA.md gives their sources). Since
    /// 22 September 2025 apparel (chapters 61, 62), made-up textiles (63) and footwear (64)
    /// pay 5 % up to Rs 2,500 per piece before tax and 18 % above; bags and similar
    /// containers (4202) pay 18 %.
    pub fn defaults() -> RateTable {
        let since = NaiveDate::from_ymd_opt(2025, 9, 22).unwrap_or_default();
        let two_slabs = |prefix: &str| RateRule {
            hsn_prefix: prefix.to_owned(),
            effective_from: since,
            slabs: vec![
                Slab { up_to: Some(Money::from_paise(2_500_00)), rate: Rate::percent(5) },
                Slab { up_to: None, rate: Rate::percent(18) },
            ],
        };
        let mut rules: Vec<RateRule> = ["61", "62", "63", "64"].into_iter().map(two_slabs).collect();
        rules.push(RateRule {
            hsn_prefix: "4202".to_owned(),
            effective_from: since,
            slabs: vec![Slab { up_to: None, rate: Rate::percent(18) }],
        });
        RateTable { rules }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rupees(r: &str) -> Money {
        Money::parse_rupees(r).expect("a price")
    }

    fn day(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).expect("a day")
    }

    fn choose(hsn: &str, price: &str) -> Option<SlabChoice> {
        let hsn = HsnCode::parse(hsn).expect("an HSN code");
        RateTable::defaults().choose(&hsn, day(2026, 11, 25), rupees(price))
    }

    #[test]
    fn apparel_at_the_edges_of_the_two_slabs() {
        let five = Some(SlabChoice { rate: Rate::percent(5), between_slabs: false });
        let gap = Some(SlabChoice { rate: Rate::percent(18), between_slabs: true });
        let eighteen = Some(SlabChoice { rate: Rate::percent(18), between_slabs: false });
        assert_eq!(choose("6109", "999"), five);
        assert_eq!(choose("6204", "2625.00"), five, "2625 / 1.05 = 2500 exactly");
        assert_eq!(choose("6204", "2625.01"), gap);
        assert_eq!(choose("6403", "2950.00"), gap, "2950 / 1.18 = 2500: not above the slab");
        assert_eq!(choose("6302", "2950.01"), eighteen);
    }

    #[test]
    fn other_goods_at_their_own_rate_and_unknown_goods_have_none() {
        assert_eq!(choose("42022210", "500").map(|c| c.rate), Some(Rate::percent(18)));
        assert_eq!(choose("7113", "500"), None);
    }

    #[test]
    fn a_later_rule_takes_over_on_its_effective_day_and_longer_prefixes_win() {
        let mut table = RateTable::defaults();
        table.rules.push(RateRule {
            hsn_prefix: "61".into(),
            effective_from: day(2027, 4, 1),
            slabs: vec![Slab { up_to: None, rate: Rate::percent(12) }],
        });
        table.rules.push(RateRule {
            hsn_prefix: "6109".into(),
            effective_from: day(2025, 9, 22),
            slabs: vec![Slab { up_to: None, rate: Rate::percent(3) }],
        });
        let shirt = HsnCode::parse("6105").expect("hsn");
        let tee = HsnCode::parse("610910").expect("hsn");
        let price = rupees("999");
        assert_eq!(table.choose(&shirt, day(2027, 3, 31), price).map(|c| c.rate), Some(Rate::percent(5)));
        assert_eq!(table.choose(&shirt, day(2027, 4, 1), price).map(|c| c.rate), Some(Rate::percent(12)));
        assert_eq!(table.choose(&tee, day(2027, 4, 1), price).map(|c| c.rate), Some(Rate::percent(3)));
        assert_eq!(table.choose(&shirt, day(2025, 9, 21), price), None, "before any rule");
    }

    #[test]
    fn a_price_between_slabs_is_told_the_top_of_the_lower_one() {
        let rule = &RateTable::defaults().rules[0];
        assert_eq!(rule.highest_price_below(rupees("2625.01")), Some((Rate::percent(5), rupees("2625.00"))));
        assert_eq!(rule.highest_price_below(rupees("2625.00")), None);
    }

    #[test]
    fn rates_print_as_on_an_invoice() {
        assert_eq!(Rate::percent(5).label(), "5%");
        assert_eq!(Rate::basis_points(250).label(), "2.5%");
        assert_eq!(Rate::basis_points(25).label(), "0.25%");
    }
}
