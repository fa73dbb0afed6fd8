//! Chance: the [`Probability`] of a chance move and [`Exact`], the exact arithmetic expected
//! values are computed in.
//!
//! Probabilities and expected values are rationals (an `i128` numerator over a positive
//! denominator, always reduced), never binary floats: a uniform chance node of three children
//! has probabilities of exactly 1/3, and the average of 3, 12 and 8 is exactly 23/3. A value
//! leaves the search as a [`Score`]: exactly when it is a decimal of at most
//! [`Score::MAX_DECIMALS`] decimals (`0.25 × 3 + 0.75 × 5 = 4.5`), otherwise rounded to two
//! decimals more than the inputs had and marked as rounded (`≈7.67`), see [`Exact::to_score`].
//! The searches compare and prune on the exact values.

use crate::Score;
use std::cmp::Ordering;
use std::fmt;

/// The probability of one outcome of a chance node: a fraction in (0, 1], held exactly.
///
/// ```
/// use abviz_core::Probability;
/// let third = Probability::parse("1/3").unwrap();
/// assert_eq!(third, Probability::uniform(3));
/// assert_eq!(third.to_string(), "1/3");
/// assert_eq!(Probability::parse("0.25").unwrap().to_string(), "0.25");
/// assert_eq!(Probability::parse("2/8").unwrap().to_string(), "0.25");
/// assert!(Probability::parse("1.5").is_none() && Probability::parse("0").is_none());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Probability {
    num: u64,
    den: u64,
}

/// The largest denominator a probability may have (so that sums and products of a node's
/// probabilities stay exact in 128 bits).
pub const MAX_DENOMINATOR: u64 = 1_000_000_000_000;

fn gcd(mut a: u128, mut b: u128) -> u128 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

impl Probability {
    /// Certainty, 1.
    pub const ONE: Probability = Probability { num: 1, den: 1 };

    /// `num / den`, reduced; `None` unless 0 < `num` ≤ `den` ≤ [`MAX_DENOMINATOR`] (after
    /// reduction).
    pub fn new(num: u64, den: u64) -> Option<Probability> {
        if num == 0 || den == 0 || num > den {
            return None;
        }
        let g = gcd(u128::from(num), u128::from(den)) as u64;
        let (num, den) = (num / g, den / g);
        (den <= MAX_DENOMINATOR).then_some(Probability { num, den })
    }

    /// 1/`n`: each of `n` outcomes equally likely (`n` ≥ 1; 0 is taken as 1).
    pub fn uniform(n: usize) -> Probability {
        let n = (n.max(1) as u64).min(MAX_DENOMINATOR);
        Probability { num: 1, den: n }
    }

    /// The numerator (reduced).
    pub fn numerator(self) -> u64 {
        self.num
    }

    /// The denominator (reduced).
    pub fn denominator(self) -> u64 {
        self.den
    }

    /// Parses `1/6`, `0.25`, `1` (a fraction or a decimal, in (0, 1]).
    pub fn parse(text: &str) -> Option<Probability> {
        let digits = |p: &str| !p.is_empty() && p.len() <= 18 && p.bytes().all(|b| b.is_ascii_digit());
        if let Some((n, d)) = text.split_once('/') {
            if !digits(n) || !digits(d) {
                return None;
            }
            return Probability::new(n.parse().ok()?, d.parse().ok()?);
        }
        let (whole, frac) = text.split_once('.').unwrap_or((text, ""));
        if !digits(whole) || (text.contains('.') && !digits(frac)) || frac.len() > 12 {
            return None;
        }
        let den = 10u64.pow(frac.len() as u32);
        let num = whole.parse::<u64>().ok()?.checked_mul(den)?.checked_add(if frac.is_empty() {
            0
        } else {
            frac.parse().ok()?
        })?;
        Probability::new(num, den)
    }

    /// The probability as a float, for drawing (never for a value that is shown).
    pub fn to_f64(self) -> f64 {
        self.num as f64 / self.den as f64
    }

    /// As an [`Exact`] value.
    pub fn exact(self) -> Exact {
        Exact::Finite(Ratio::new(i128::from(self.num), i128::from(self.den)).unwrap_or(Ratio::ZERO))
    }

    /// Whether `probs` sum to exactly 1.
    pub fn sum_to_one(probs: impl IntoIterator<Item = Probability>) -> bool {
        let mut sum = Some(Ratio::ZERO);
        for p in probs {
            sum = sum.and_then(|s| s.checked_add(Ratio { num: i128::from(p.num), den: i128::from(p.den) }));
        }
        sum == Some(Ratio::ONE)
    }

    /// The sum of `probs`, written as a fraction or a decimal (for error messages).
    pub fn sum_text(probs: impl IntoIterator<Item = Probability>) -> String {
        let mut sum = Some(Ratio::ZERO);
        for p in probs {
            sum = sum.and_then(|s| s.checked_add(Ratio { num: i128::from(p.num), den: i128::from(p.den) }));
        }
        sum.map_or_else(|| "too fine to add up exactly".to_string(), |s| s.to_string())
    }
}

impl fmt::Display for Probability {
    /// A decimal when the fraction is one (at most 12 decimals: `0.25`), otherwise the
    /// fraction (`1/3`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(&Ratio { num: i128::from(self.num), den: i128::from(self.den) }.to_string())
    }
}

/// An exact rational: a numerator over a positive denominator, reduced.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Ratio {
    num: i128,
    den: i128,
}

/// Denominators stay below this so that products of two never overflow.
const MAX_RATIO_DEN: i128 = 1 << 62;

impl Ratio {
    /// 0.
    pub const ZERO: Ratio = Ratio { num: 0, den: 1 };
    /// 1.
    pub const ONE: Ratio = Ratio { num: 1, den: 1 };

    /// `num / den` reduced; `None` when `den` is 0 or the result is too fine to hold.
    pub fn new(num: i128, den: i128) -> Option<Ratio> {
        if den == 0 {
            return None;
        }
        let (num, den) = if den < 0 { (num.checked_neg()?, den.checked_neg()?) } else { (num, den) };
        let g = gcd(num.unsigned_abs(), den as u128) as i128;
        let (num, den) = if g > 1 { (num / g, den / g) } else { (num, den) };
        (den < MAX_RATIO_DEN && num.unsigned_abs() < (1u128 << 100)).then_some(Ratio { num, den })
    }

    /// `self + o`, or `None` when it cannot be held exactly.
    pub fn checked_add(self, o: Ratio) -> Option<Ratio> {
        let num = self.num.checked_mul(o.den)?.checked_add(o.num.checked_mul(self.den)?)?;
        Ratio::new(num, self.den.checked_mul(o.den)?)
    }

    /// `self × o`, or `None`.
    pub fn checked_mul(self, o: Ratio) -> Option<Ratio> {
        Ratio::new(self.num.checked_mul(o.num)?, self.den.checked_mul(o.den)?)
    }

    /// `self ÷ o` (`o` ≠ 0), or `None`.
    pub fn checked_div(self, o: Ratio) -> Option<Ratio> {
        Ratio::new(self.num.checked_mul(o.den)?, self.den.checked_mul(o.num)?)
    }
}

impl std::ops::Neg for Ratio {
    type Output = Ratio;
    /// `−self`.
    fn neg(self) -> Ratio {
        Ratio { num: -self.num, den: self.den }
    }
}

impl PartialOrd for Ratio {
    fn partial_cmp(&self, o: &Ratio) -> Option<Ordering> {
        Some(self.cmp(o))
    }
}

impl Ord for Ratio {
    fn cmp(&self, o: &Ratio) -> Ordering {
        // Compared as whole part and remainder: remainders stay below the denominators
        // (< 2^62), so the cross products fit in 128 bits.
        let (q1, r1) = (self.num.div_euclid(self.den), self.num.rem_euclid(self.den));
        let (q2, r2) = (o.num.div_euclid(o.den), o.num.rem_euclid(o.den));
        q1.cmp(&q2).then_with(|| (r1 * o.den).cmp(&(r2 * self.den)))
    }
}

impl fmt::Display for Ratio {
    /// A decimal when it is one with at most 12 decimals (`-4.5`, `3`), otherwise the
    /// fraction (`23/3`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.decimal_places(12) {
            Some(d) => f.write_str(&self.decimal_text(d)),
            None => write!(f, "{}/{}", self.num, self.den),
        }
    }
}

impl Ratio {
    /// The fewest decimals (at most `max`) that write this value exactly, if any.
    fn decimal_places(self, max: u32) -> Option<u32> {
        let mut d = self.den;
        let mut places = 0;
        for (p, _) in [(2, ()), (5, ())] {
            let mut k = 0;
            while d % p == 0 {
                d /= p;
                k += 1;
            }
            places = places.max(k);
        }
        (d == 1 && places <= max).then_some(places)
    }

    /// The value written with `places` decimals, exactly (the caller checked that it is one).
    fn decimal_text(self, places: u32) -> String {
        let scale = 10i128.pow(places);
        let units = self.num * (scale / self.den);
        if places == 0 {
            return units.to_string();
        }
        let digits = format!("{:0width$}", units.unsigned_abs(), width = places as usize + 1);
        let (whole, frac) = digits.split_at(digits.len() - places as usize);
        format!("{}{whole}.{frac}", if units < 0 { "-" } else { "" })
    }

    /// `self × 10^places` rounded half away from zero.
    fn rounded_units(self, places: u32) -> Option<i128> {
        let scaled = self.num.checked_mul(10i128.checked_pow(places)?)?;
        let (q, r) = (scaled / self.den, scaled % self.den);
        let up = r.unsigned_abs() * 2 >= self.den as u128;
        Some(if up { q + scaled.signum() } else { q })
    }
}

/// An exact value of a chance search: −∞, a rational, or +∞.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Exact {
    /// −∞.
    NegInf,
    /// A finite value.
    Finite(Ratio),
    /// +∞.
    Inf,
}

impl Exact {
    /// 0.
    pub const ZERO: Exact = Exact::Finite(Ratio::ZERO);

    /// The value of a [`Score`] (±∞ stay infinite).
    pub fn from_score(s: Score) -> Exact {
        if s == Score::INF {
            Exact::Inf
        } else if s == Score::NEG_INF {
            Exact::NegInf
        } else {
            let den = 10i128.pow(u32::from(s.decimals()));
            Exact::Finite(Ratio::new(i128::from(s.raw()), den).unwrap_or(Ratio::ZERO))
        }
    }

    /// The value as a [`Score`]: exact when it is a decimal of at most [`Score::MAX_DECIMALS`]
    /// decimals that fits, otherwise rounded (half away from zero) to `decimals` + 2 decimals
    /// and marked [`Score::is_rounded`]; `None` when even that does not fit.
    ///
    /// ```
    /// use abviz_core::{Exact, Probability, Score};
    /// let third = Probability::uniform(3);
    /// let v = [3, 12, 8].iter().fold(Some(Exact::ZERO), |s, &x| {
    ///     s?.checked_add(Exact::from_score(Score::from(x)).times(third)?)
    /// });
    /// let s = v.unwrap().to_score(0).unwrap();
    /// assert_eq!((s.to_string(), s.is_rounded()), ("≈7.67".to_string(), true));
    /// ```
    pub fn to_score(self, decimals: u8) -> Option<Score> {
        match self {
            Exact::NegInf => Some(Score::NEG_INF),
            Exact::Inf => Some(Score::INF),
            Exact::Finite(r) => match r.decimal_places(u32::from(Score::MAX_DECIMALS)) {
                Some(d) => {
                    let units = r.num * (10i128.pow(d) / r.den);
                    Score::decimal(i64::try_from(units).ok()?, d as u8)
                }
                None => {
                    let d = decimals.saturating_add(2).min(Score::MAX_DECIMALS);
                    let units = r.rounded_units(u32::from(d))?;
                    Score::decimal(i64::try_from(units).ok()?, d).map(Score::rounded)
                }
            },
        }
    }

    /// `self + o`; `None` for ∞ − ∞ or a sum too fine to hold exactly.
    pub fn checked_add(self, o: Exact) -> Option<Exact> {
        match (self, o) {
            (Exact::Finite(a), Exact::Finite(b)) => a.checked_add(b).map(Exact::Finite),
            (Exact::Inf, Exact::NegInf) | (Exact::NegInf, Exact::Inf) => None,
            (Exact::Inf, _) | (_, Exact::Inf) => Some(Exact::Inf),
            (Exact::NegInf, _) | (_, Exact::NegInf) => Some(Exact::NegInf),
        }
    }

    /// `self − o`.
    pub fn checked_sub(self, o: Exact) -> Option<Exact> {
        self.checked_add(-o)
    }

    /// `self × p`.
    pub fn times(self, p: Probability) -> Option<Exact> {
        match self {
            Exact::Finite(r) => {
                r.checked_mul(Ratio { num: i128::from(p.num), den: i128::from(p.den) }).map(Exact::Finite)
            }
            inf => Some(inf),
        }
    }

    /// `self ÷ p`.
    pub fn over(self, p: Probability) -> Option<Exact> {
        match self {
            Exact::Finite(r) => {
                r.checked_div(Ratio { num: i128::from(p.num), den: i128::from(p.den) }).map(Exact::Finite)
            }
            inf => Some(inf),
        }
    }

    /// `self × r` for an exact fraction `r` ≥ 0 (the probability mass of several outcomes).
    pub fn times_ratio(self, r: Ratio) -> Option<Exact> {
        match self {
            Exact::Finite(a) => a.checked_mul(r).map(Exact::Finite),
            _ if r == Ratio::ZERO => Some(Exact::ZERO),
            inf => Some(inf),
        }
    }
}

impl std::ops::Neg for Exact {
    type Output = Exact;
    /// `−self`.
    fn neg(self) -> Exact {
        match self {
            Exact::NegInf => Exact::Inf,
            Exact::Inf => Exact::NegInf,
            Exact::Finite(r) => Exact::Finite(-r),
        }
    }
}

impl fmt::Display for Exact {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Exact::NegInf => f.write_str("−∞"),
            Exact::Inf => f.write_str("+∞"),
            Exact::Finite(r) => fmt::Display::fmt(r, f),
        }
    }
}

impl Probability {
    /// As a [`Ratio`].
    pub fn ratio(self) -> Ratio {
        Ratio { num: i128::from(self.num), den: i128::from(self.den) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn e(v: i32) -> Exact {
        Exact::from_score(Score::from(v))
    }

    #[test]
    fn probabilities_parse_exactly() {
        assert_eq!(Probability::parse("1/6"), Probability::new(1, 6));
        assert_eq!(Probability::parse("0.5"), Probability::new(1, 2));
        assert_eq!(Probability::parse("1"), Some(Probability::ONE));
        for bad in ["", "0", "0.0", "2/1", "1/0", "-0.5", ".5", "1.", "1//2", "a", "1.5"] {
            assert_eq!(Probability::parse(bad), None, "{bad}");
        }
        let sixths = [Probability::uniform(6); 6];
        assert!(Probability::sum_to_one(sixths));
        let p = |t| Probability::parse(t).unwrap();
        assert!(Probability::sum_to_one([p("0.1"), p("0.2"), p("0.7")]));
        assert!(!Probability::sum_to_one([p("0.33"), p("0.33"), p("0.33")]));
        assert_eq!(Probability::sum_text([p("0.33"), p("0.33"), p("0.33")]), "0.99");
        assert_eq!(Probability::sum_text([p("1/3"), p("1/3")]), "2/3");
    }

    #[test]
    fn expected_values_are_exact_or_marked_rounded() {
        let half = Probability::new(1, 2).unwrap();
        let v = e(3).times(half).unwrap().checked_add(e(6).times(half).unwrap()).unwrap();
        assert_eq!(v.to_score(0).unwrap().to_string(), "4.5");
        assert!(!v.to_score(0).unwrap().is_rounded());
        let third = Probability::uniform(3);
        let v = e(-1).times(third).unwrap();
        assert_eq!(v.to_score(0).unwrap().to_string(), "≈−0.33");
        assert_eq!(v.to_score(2).unwrap().to_string(), "≈−0.3333");
        assert_eq!(v.to_string(), "-1/3");
        // Ordered exactly: 23/3 < 7.67.
        let a = e(23).times(third).unwrap();
        let b = Exact::from_score(Score::parse("7.67").unwrap());
        assert!(a < b && Exact::NegInf < a && b < Exact::Inf);
        assert_eq!(Exact::Inf.checked_add(Exact::NegInf), None);
        assert_eq!(e(5).over(third), Some(e(15)));
    }
}
