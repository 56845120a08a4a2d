//! The GST rate table as the back office reads and replaces it.

use gst::{Rate, RateRule, Slab};
use kernel::Money;
use serde::{Deserialize, Serialize};

use super::whole_number;
use crate::error::ApiError;

/// The largest limit of a slab, in rupees.
const MAX_LIMIT_RUPEES: f64 = 10_000_000.0;

/// One slab of a rule: its rate while the value per piece before tax is at most `upTo`.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GstSlabDto {
    /// The value per piece before tax, in rupees, up to which the slab applies; null on the
    /// last slab (every higher value).
    pub up_to: Option<f64>,
    /// 500 is 5%.
    pub rate_basis_points: u32,
    /// As printed on an invoice ("5%").
    pub rate: String,
}

/// A rate rule: the slabs of goods whose HSN code starts with `hsnPrefix`, for documents
/// issued (India's date) from `effectiveFrom` until a later rule of the prefix takes over.
/// Of several prefixes of a code the longest applies.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GstRateRuleDto {
    pub hsn_prefix: String,
    #[schema(format = Date)]
    pub effective_from: String,
    pub slabs: Vec<GstSlabDto>,
}

impl From<RateRule> for GstRateRuleDto {
    fn from(rule: RateRule) -> Self {
        GstRateRuleDto {
            hsn_prefix: rule.hsn_prefix,
            effective_from: rule.effective_from.format("%Y-%m-%d").to_string(),
            slabs: rule
                .slabs
                .into_iter()
                .map(|s| GstSlabDto {
                    up_to: s.up_to.map(Money::to_rupees),
                    rate_basis_points: s.rate.as_basis_points(),
                    rate: s.rate.label(),
                })
                .collect(),
        }
    }
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GstSlabInput {
    /// Rupees (at most two decimals) per piece before tax; null or left out on the last
    /// slab only, and ascending from slab to slab.
    #[serde(default)]
    #[schema(exclusive_minimum = 0, maximum = 10000000)]
    pub up_to: Option<f64>,
    /// The rate in basis points: 500 is 5%.
    #[serde(default, deserialize_with = "whole_number")]
    #[schema(value_type = u32, required = true, minimum = 0, maximum = 2800)]
    pub rate_basis_points: Option<i64>,
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GstRateRuleInput {
    /// The leading 2 to 8 digits of the HSN codes the rule covers.
    #[schema(pattern = r"^[0-9]{2,8}$")]
    pub hsn_prefix: String,
    /// The first day (India's date) the rule applies to, YYYY-MM-DD.
    #[schema(format = Date, pattern = r"^[0-9]{4}-[0-9]{2}-[0-9]{2}$")]
    pub effective_from: String,
    /// In ascending order of their limits; only the last has none.
    #[schema(min_items = 1, max_items = 10)]
    pub slabs: Vec<GstSlabInput>,
}

/// The whole table as it is to be: rules left out are deleted, new ones added. A change
/// that would alter the rule of an already issued invoice is refused (422).
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GstRatesRequest {
    #[schema(max_items = 1000)]
    pub rules: Vec<GstRateRuleInput>,
}

impl GstRatesRequest {
    pub fn try_into_domain(self) -> Result<Vec<RateRule>, ApiError> {
        self.rules
            .into_iter()
            .map(|rule| {
                let effective_from = chrono::NaiveDate::parse_from_str(&rule.effective_from, "%Y-%m-%d")
                    .ok()
                    .filter(|_| rule.effective_from.len() == 10)
                    .ok_or_else(|| {
                        ApiError::unprocessable("invalid_value", "An effective date is a day as YYYY-MM-DD").on("effectiveFrom")
                    })?;
                let slabs = rule
                    .slabs
                    .into_iter()
                    .map(|slab| {
                        let rate = slab
                            .rate_basis_points
                            .and_then(|bp| u32::try_from(bp).ok())
                            .filter(|bp| *bp <= orders::rates::MAX_RATE_BASIS_POINTS)
                            .ok_or_else(|| {
                                ApiError::unprocessable("invalid_value", "A rate is 0 to 2800 basis points (28%)").on("rateBasisPoints")
                            })?;
                        let up_to = slab
                            .up_to
                            .map(|rupees| {
                                if !(rupees > 0.0 && rupees <= MAX_LIMIT_RUPEES) {
                                    return Err(ApiError::unprocessable("invalid_value",
                                        "A slab's limit is above zero and at most ₹1,00,00,000.00",
                                    )
                                    .on("upTo"));
                                }
                                Money::from_rupees(rupees).map_err(|e| {
                                    ApiError::unprocessable("invalid_amount", format!("The slab's limit {e}")).on("upTo")
                                })
                            })
                            .transpose()?;
                        Ok(Slab { up_to, rate: Rate::basis_points(rate) })
                    })
                    .collect::<Result<Vec<_>, ApiError>>()?;
                Ok(RateRule { hsn_prefix: rule.hsn_prefix, effective_from, slabs })
            })
            .collect()
    }
}
