//! The GST rate table as data: the owner keeps it in the back office, every instance reads
//! it from the database (an invoice reads it inside its own transaction), and a change of
//! law is a new rule with a later effective date. A change never alters what an issued
//! invoice was charged: invoices keep their rates, and a change that would give any issued
//! invoice's line another rule than the one it was issued under is refused.

use chrono::NaiveDate;
use gst::{HsnCode, Rate, RateRule, RateTable, SlabChoice};
use kernel::{Clock, Money, StoreError};

use crate::error::OrdersError;

/// The highest rate a slab may have (28 %), in basis points.
pub const MAX_RATE_BASIS_POINTS: u32 = 2800;
/// The most rules the table may hold.
pub const MAX_RULES: usize = 1000;
/// The most slabs one rule may have.
pub const MAX_SLABS: usize = 10;

/// What the product form is told about one price per piece.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RateAnswer {
    /// `None` when no rule covers the HSN code today.
    pub choice: Option<SlabChoice>,
    /// For a price between two slabs: the lower slab's rate and the highest price that
    /// stays in it.
    pub keep_below: Option<(Rate, Money)>,
}

/// One line of an issued tax invoice, as the rate table chose its rate.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IssuedUse {
    pub hsn_code: String,
    pub issued_on: NaiveDate,
    /// The invoice's number (one of them, when several share the code and day).
    pub number: String,
}

/// Inbound port: the owner's table (admin, guarded by the HTTP layer) and the product form's
/// question.
pub trait GstRatesApi: Send + Sync {
    /// Every rule, by HSN prefix, then effective date.
    fn rules(&self) -> Result<Vec<RateRule>, OrdersError>;
    /// Replaces the whole table. Errors: `Invalid` (what the API document states: a prefix
    /// of 2 to 8 digits, 1 to 10 slabs, rates up to 2800 basis points, a limit above
    /// zero), `Rule` (slabs not ascending or not ending unlimited, two rules of one prefix
    /// and date, a change an issued invoice was charged under), `Storage`.
    fn replace(&self, rules: Vec<RateRule>) -> Result<Vec<RateRule>, OrdersError>;
    /// The rate of one piece of goods `hsn` at this GST-inclusive price today (India time).
    fn rate(&self, hsn: &HsnCode, price_per_piece: Money) -> Result<RateAnswer, OrdersError>;
}

/// Reads the invoice lines issued on or after a day (an adapter over the open transaction).
pub type IssuedSince<'a> = dyn FnMut(NaiveDate) -> Result<Vec<IssuedUse>, StoreError> + 'a;

/// Outbound port: where the table lives (the database, so every instance shares it).
pub trait GstRateStore: Send + Sync {
    fn table(&self) -> Result<RateTable, StoreError>;
    /// ONE transaction, serialised with other changes of the table and with invoices being
    /// issued: reads the table, calls `change` with it and a reader of the invoices issued
    /// since a day, stores its answer.
    fn replace(
        &self,
        change: &dyn Fn(&RateTable, &mut IssuedSince<'_>) -> Result<RateTable, OrdersError>,
    ) -> Result<RateTable, OrdersError>;
}

pub struct GstRatesService<S> {
    store: S,
    clock: Clock,
}

impl<S: GstRateStore> GstRatesService<S> {
    pub fn new(store: S) -> Self {
        GstRatesService { store, clock: Clock::system() }
    }

    /// The clock "today" is read from (tests move it).
    pub fn with_clock(mut self, clock: Clock) -> Self {
        self.clock = clock;
        self
    }
}

/// A day as the owner reads it: "1 April 2027".
pub fn day_text(day: NaiveDate) -> String {
    day.format("%-d %B %Y").to_string()
}

fn describe(rule: &RateRule) -> String {
    format!("the rule for HSN {} from {}", rule.hsn_prefix, day_text(rule.effective_from))
}

/// Checks one rule on its own.
fn check_rule(rule: &RateRule) -> Result<(), OrdersError> {
    let prefix = &rule.hsn_prefix;
    if !(2..=8).contains(&prefix.len()) || !prefix.bytes().all(|b| b.is_ascii_digit()) {
        return Err(OrdersError::invalid("hsnPrefix", format!("An HSN prefix has 2 to 8 digits ('{prefix}' has not)")));
    }
    if rule.slabs.is_empty() || rule.slabs.len() > MAX_SLABS {
        return Err(OrdersError::invalid("slabs", format!("A rule has 1 to {MAX_SLABS} slabs")));
    }
    for slab in &rule.slabs {
        if slab.rate.as_basis_points() > MAX_RATE_BASIS_POINTS {
            return Err(OrdersError::invalid("rateBasisPoints", "A rate is at most 2800 basis points (28%)"));
        }
        if slab.up_to.is_some_and(|limit| limit.paise() <= 0) {
            return Err(OrdersError::invalid("upTo", "A slab's limit must be above zero"));
        }
    }
    let slabs = |message: String| Err(OrdersError::rule("slabs", "invalid_slabs", message));
    let Some((last, lower)) = rule.slabs.split_last() else {
        return Err(OrdersError::invalid("slabs", format!("A rule has 1 to {MAX_SLABS} slabs")));
    };
    if last.up_to.is_some() {
        return slabs(format!("The last slab of {} must have no limit: it takes every higher value", describe(rule)));
    }
    let mut previous: Option<Money> = None;
    for slab in lower {
        let Some(limit) = slab.up_to else {
            return slabs(format!("Only the last slab of {} may have no limit", describe(rule)));
        };
        if previous.is_some_and(|p| limit <= p) {
            return slabs(format!("The slabs of {} must have ascending limits", describe(rule)));
        }
        previous = Some(limit);
    }
    Ok(())
}

/// The owner's table, each rule checked, sorted by prefix then date.
pub fn checked(mut rules: Vec<RateRule>) -> Result<RateTable, OrdersError> {
    if rules.len() > MAX_RULES {
        return Err(OrdersError::invalid("rules", format!("The table holds at most {MAX_RULES} rules")));
    }
    for rule in &rules {
        check_rule(rule)?;
    }
    rules.sort_by(|a, b| (&a.hsn_prefix, a.effective_from).cmp(&(&b.hsn_prefix, b.effective_from)));
    if let Some(pair) = rules.windows(2).find(|w| w[0].hsn_prefix == w[1].hsn_prefix && w[0].effective_from == w[1].effective_from) {
        return Err(OrdersError::rule(
            "effectiveFrom",
            "duplicate_rule",
            format!(
                "There are two rules for HSN {} from {}: keep one",
                pair[0].hsn_prefix,
                day_text(pair[0].effective_from)
            ),
        ));
    }
    Ok(RateTable { rules })
}

/// The earliest effective date among the rules one table has and the other has not (or has
/// otherwise): no invoice issued before it can be affected by the change.
pub fn earliest_change(current: &RateTable, next: &RateTable) -> Option<NaiveDate> {
    let only_in = |a: &RateTable, b: &RateTable| {
        a.rules.iter().filter(|r| !b.rules.contains(r)).map(|r| r.effective_from).collect::<Vec<_>>()
    };
    only_in(current, next).into_iter().chain(only_in(next, current)).min()
}

/// Refuses a change that would give a line of an issued invoice another rule than the one
/// it was issued under (the current table's, since every earlier change passed this too).
pub fn check_not_retroactive(current: &RateTable, next: &RateTable, issued: &[IssuedUse]) -> Result<(), OrdersError> {
    for used in issued {
        let Ok(hsn) = HsnCode::parse(&used.hsn_code) else { continue };
        let (before, after) = (current.rule_for(&hsn, used.issued_on), next.rule_for(&hsn, used.issued_on));
        if before != after {
            let under = before.map(describe).unwrap_or_else(|| "no rule".to_string());
            return Err(OrdersError::rule(
                "effectiveFrom",
                "rule_in_use",
                format!(
                    "Invoice {} of {} (HSN {}) was issued under {under}: this change would apply to it retroactively. \
                     Add a rule with a later effective date instead; changes apply to documents issued from their effective date.",
                    used.number,
                    day_text(used.issued_on),
                    used.hsn_code
                ),
            ));
        }
    }
    Ok(())
}

impl<S: GstRateStore> GstRatesApi for GstRatesService<S> {
    fn rules(&self) -> Result<Vec<RateRule>, OrdersError> {
        Ok(self.store.table()?.rules)
    }

    fn replace(&self, rules: Vec<RateRule>) -> Result<Vec<RateRule>, OrdersError> {
        let next = checked(rules)?;
        let saved = self.store.replace(&|current, issued_since| {
            if let Some(since) = earliest_change(current, &next) {
                check_not_retroactive(current, &next, &issued_since(since)?)?;
            }
            Ok(next.clone())
        })?;
        Ok(saved.rules)
    }

    fn rate(&self, hsn: &HsnCode, price_per_piece: Money) -> Result<RateAnswer, OrdersError> {
        let table = self.store.table()?;
        let rule = table.rule_for(hsn, self.clock.india_today());
        let choice = rule.and_then(|r| r.choose(price_per_piece));
        let keep_below = match (rule, choice) {
            (Some(rule), Some(c)) if c.between_slabs => rule.highest_price_below(price_per_piece),
            _ => None,
        };
        Ok(RateAnswer { choice, keep_below })
    }
}

#[cfg(test)]
mod tests {
    use gst::Slab;

    use super::*;

    fn day(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).expect("a day")
    }

    fn flat(prefix: &str, from: NaiveDate, percent: u32) -> RateRule {
        RateRule { hsn_prefix: prefix.into(), effective_from: from, slabs: vec![Slab { up_to: None, rate: Rate::percent(percent) }] }
    }

    fn refused(rules: Vec<RateRule>) -> (String, String) {
        match checked(rules) {
            Err(OrdersError::Rule { code, message, .. }) => (code.to_string(), message),
            Err(OrdersError::Invalid { field, message }) => (format!("invalid {field}"), message),
            other => panic!("not refused: {other:?}"),
        }
    }

    #[test]
    fn a_table_is_checked_and_sorted() {
        let april = day(2027, 4, 1);
        let mut rules = RateTable::defaults().rules;
        rules.push(flat("61", april, 12));
        let table = checked(rules).expect("a valid table");
        assert_eq!(table.rules.iter().map(|r| (r.hsn_prefix.as_str(), r.effective_from)).take(3).collect::<Vec<_>>(), vec![
            ("4202", day(2025, 9, 22)),
            ("61", day(2025, 9, 22)),
            ("61", april)
        ]);

        assert_eq!(refused(vec![flat("6", april, 5)]).0, "invalid hsnPrefix");
        assert_eq!(refused(vec![flat("61a", april, 5)]).0, "invalid hsnPrefix");
        assert_eq!(refused(vec![flat("61", april, 29)]).0, "invalid rateBasisPoints");
        assert_eq!(refused(vec![flat("61", april, 5), flat("61", april, 12)]), (
            "duplicate_rule".into(),
            "There are two rules for HSN 61 from 1 April 2027: keep one".into()
        ));
        let slabs = |slabs: Vec<Slab>| vec![RateRule { hsn_prefix: "62".into(), effective_from: april, slabs }];
        let slab = |up_to: Option<i64>, percent| Slab { up_to: up_to.map(Money::from_paise), rate: Rate::percent(percent) };
        assert_eq!(refused(slabs(vec![slab(Some(100), 5)])).1, "The last slab of the rule for HSN 62 from 1 April 2027 must have no limit: it takes every higher value");
        assert_eq!(refused(slabs(vec![slab(None, 5), slab(None, 18)])).1, "Only the last slab of the rule for HSN 62 from 1 April 2027 may have no limit");
        assert_eq!(refused(slabs(vec![slab(Some(500), 5), slab(Some(100), 12), slab(None, 18)])).1, "The slabs of the rule for HSN 62 from 1 April 2027 must have ascending limits");
        assert_eq!(refused(slabs(vec![slab(Some(0), 5), slab(None, 18)])).0, "invalid upTo");
    }

    #[test]
    fn a_change_an_issued_invoice_was_charged_under_is_refused() {
        let current = checked(RateTable::defaults().rules).expect("defaults");
        let issued = vec![IssuedUse { hsn_code: "6109".into(), issued_on: day(2026, 11, 25), number: "KP/26-27/1".into() }];
        let with = |extra: RateRule| {
            let mut rules = current.rules.clone();
            rules.push(extra);
            checked(rules).expect("a valid table")
        };
        // A later law: the November invoice keeps its rule.
        let later = with(flat("61", day(2027, 4, 1), 12));
        assert_eq!(earliest_change(&current, &later), Some(day(2027, 4, 1)));
        assert!(check_not_retroactive(&current, &later, &issued).is_ok());
        // A rule from before the invoice would have changed its rate.
        let earlier = with(flat("6109", day(2026, 11, 1), 12));
        let err = check_not_retroactive(&current, &earlier, &issued).expect_err("retroactive").to_string();
        assert!(err.starts_with("Invoice KP/26-27/1 of 25 November 2026 (HSN 6109) was issued under the rule for HSN 61 from 22 September 2025"), "{err}");
        // Removing the rule it used: refused; a rule of other goods: allowed.
        let without = checked(current.rules.iter().filter(|r| r.hsn_prefix != "61").cloned().collect()).expect("valid");
        assert!(check_not_retroactive(&current, &without, &issued).is_err());
        let bags = checked(current.rules.iter().filter(|r| r.hsn_prefix != "4202").cloned().collect()).expect("valid");
        assert!(check_not_retroactive(&current, &bags, &issued).is_ok());
        assert_eq!(earliest_change(&current, &current), None);
    }
}
