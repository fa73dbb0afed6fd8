//! [`Score`]: a game value with −∞ and +∞, from MAX's point of view unless said otherwise.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::ops::Neg;

/// A game value: a whole number or an exact decimal, with two extra points, −∞ and +∞.
///
/// Inside, a value is an `i32` count of units of 10^−`decimals` (`decimals` from 0 to
/// [`Score::MAX_DECIMALS`]): `4.99` is 499 hundredths, `3` is 3 units, `4.50` is 450 hundredths and
/// prints as typed, `4.50`. Values compare, hash and test equal by what they are worth (`4.5 ==
/// 4.50`, `3 < 3.01`), never through binary floating point; a value prints with exactly its own
/// decimals, so a tree's numbers come out as the user typed them. Whole numbers (every game's
/// values) have no decimals and behave exactly as a plain `i32`.
///
/// Finite values lie strictly between [`Score::NEG_INF`] and [`Score::INF`], so negation
/// (used by negamax) never overflows: `-Score::INF == Score::NEG_INF`.
///
/// ```
/// use abviz_core::Score;
/// assert_eq!(Score::from(3).max(Score::NEG_INF), Score::from(3));
/// assert_eq!(-Score::INF, Score::NEG_INF);
/// assert_eq!(Score::INF.to_string(), "+∞");
/// assert_eq!(Score::NEG_INF.ascii(), "-inf");
/// let d = Score::parse("-3.01").unwrap();
/// assert_eq!((d.to_string(), d < Score::from(-3)), ("−3.01".to_string(), true));
/// assert_eq!(Score::parse("4.50"), Score::parse("4.5"));
/// assert_eq!(Score::parse("4.50").unwrap().to_string(), "4.50");
/// ```
#[derive(Clone, Copy, Default)]
pub struct Score {
    /// Three fields in one word, so that a score moves, and is stored, as one number (as a
    /// struct of an `i32`, a `u8` and a `bool` it moved field by field):
    /// - bits 0–31, the units: the value in units of 10^−decimals (±`i32::MAX` for ±∞, whose
    ///   decimals are 0);
    /// - bits 32–39, the decimals: how many the value has (and prints with);
    /// - bit 40, rounded: an expected value that is not a decimal of at most
    ///   [`Score::MAX_DECIMALS`] decimals, rounded to this one (printed `≈7.67`); never part of
    ///   equality or order.
    bits: u64,
}

/// 10^k for k up to [`Score::MAX_DECIMALS`].
const POW10: [i64; 10] =
    [1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000, 1_000_000_000];

impl Score {
    /// +∞: larger than every finite value.
    pub const INF: Score = Score::pack(i32::MAX, 0, false);
    /// −∞: smaller than every finite value.
    pub const NEG_INF: Score = Score::pack(-i32::MAX, 0, false);
    /// The largest finite value.
    pub const MAX_FINITE: i32 = i32::MAX - 1;
    /// The most decimals a value may have.
    pub const MAX_DECIMALS: u8 = 9;

    /// A finite score, or `None` when `v` is outside the finite range.
    pub fn finite(v: i64) -> Option<Score> {
        Self::decimal(v, 0)
    }

    /// The finite value `units` × 10^−`decimals` (printed with `decimals` decimals), or `None`
    /// when `units` is outside the finite range or `decimals` exceeds [`Score::MAX_DECIMALS`].
    ///
    /// ```
    /// use abviz_core::Score;
    /// assert_eq!(Score::decimal(-301, 2).unwrap().to_string(), "−3.01");
    /// assert_eq!(Score::decimal(1, 10), None);
    /// ```
    pub fn decimal(units: i64, decimals: u8) -> Option<Score> {
        (units.unsigned_abs() <= Self::MAX_FINITE as u64 && decimals <= Self::MAX_DECIMALS)
            .then_some(Score::pack(units as i32, decimals, false))
    }

    /// The raw value: units of 10^−[`Score::decimals`] (±`i32::MAX` for ±∞). For a whole
    /// number (every game's values) the number itself.
    #[inline(always)]
    pub const fn raw(self) -> i32 {
        self.units()
    }

    /// How many decimals the value has (0 for whole numbers and ±∞).
    #[inline(always)]
    pub const fn decimals(self) -> u8 {
        (self.bits >> 32) as u8
    }

    /// The score of `units` × 10^−`decimals`, rounded or not (the caller keeps `decimals` at
    /// most [`Score::MAX_DECIMALS`]).
    #[inline(always)]
    const fn pack(units: i32, decimals: u8, rounded: bool) -> Score {
        Score { bits: units as u32 as u64 | (decimals as u64) << 32 | (rounded as u64) << 40 }
    }

    /// Whether two scores have as many decimals (then their units compare as they are).
    #[inline(always)]
    const fn same_decimals(self, other: Score) -> bool {
        ((self.bits ^ other.bits) >> 32) as u8 == 0
    }

    /// The units: the value in units of 10^−decimals (±`i32::MAX` for ±∞).
    #[inline(always)]
    const fn units(self) -> i32 {
        self.bits as u32 as i32
    }

    /// The same value written with `decimals` decimals (`4.5` as `4.50`), or `None` when it
    /// does not fit (too large, or fewer decimals than it needs). ±∞ stay as they are.
    pub fn with_decimals(self, decimals: u8) -> Option<Score> {
        if self.is_infinite() {
            return Some(self);
        }
        if decimals >= self.decimals() {
            let scaled =
                i64::from(self.units()).checked_mul(*POW10.get(usize::from(decimals - self.decimals()))?)?;
            Score::decimal(scaled, decimals)
        } else {
            let div = POW10[usize::from(self.decimals() - decimals)];
            let u = i64::from(self.units());
            (u % div == 0).then(|| Score::pack((u / div) as i32, decimals, false))
        }
    }

    /// The value as a float, for statistics and charts (never for a value that is shown).
    pub fn to_f64(self) -> f64 {
        match self {
            s if s == Self::INF => f64::INFINITY,
            s if s == Self::NEG_INF => f64::NEG_INFINITY,
            s => f64::from(s.units()) / POW10[usize::from(s.decimals())] as f64,
        }
    }

    /// The value in units of 10^−9 (±∞ beyond every finite value): how values of different
    /// decimals compare.
    #[inline(always)]
    fn nanos(self) -> i64 {
        i64::from(self.units()) * POW10[usize::from(Self::MAX_DECIMALS - self.decimals())]
    }

    /// Whether this is ±∞.
    pub fn is_infinite(self) -> bool {
        self == Self::INF || self == Self::NEG_INF
    }

    /// ASCII form: `inf`, `-inf` or the number (with its decimals).
    pub fn ascii(self) -> String {
        match self {
            s if s == Self::INF => "inf".into(),
            s if s == Self::NEG_INF => "-inf".into(),
            s => s.number().replace('≈', "~"),
        }
    }

    /// The value as the trace files and the JSON write it (ASCII minus, a rounded value's
    /// mark kept): `12`, `-3.01`, `≈7.67`, `inf`, `-inf`. [`Score::parse`] reads it back.
    pub fn text(self) -> String {
        match self {
            s if s == Self::INF => "inf".into(),
            s if s == Self::NEG_INF => "-inf".into(),
            s => s.number(),
        }
    }

    /// A finite value's digits: `-3.01`, `12`.
    fn number(self) -> String {
        let mark = if self.is_rounded() { "≈" } else { "" };
        if self.decimals() == 0 {
            return format!("{mark}{}", self.units());
        }
        let d = usize::from(self.decimals());
        let digits = format!("{:0width$}", self.units().unsigned_abs(), width = d + 1);
        let (whole, frac) = digits.split_at(digits.len() - d);
        format!("{mark}{}{whole}.{frac}", if self.units() < 0 { "-" } else { "" })
    }

    /// The same value marked as rounded: an expected value that is no short decimal, shown
    /// to a few decimals (`≈7.67`; see [`crate::Exact::to_score`]).
    pub fn rounded(self) -> Score {
        Score::pack(self.units(), self.decimals(), !self.is_infinite())
    }

    /// Whether the value was rounded (see [`Score::rounded`]).
    #[inline(always)]
    pub const fn is_rounded(self) -> bool {
        self.bits >> 40 & 1 == 1
    }

    /// The next value up, one unit of the value's last decimal: the upper end of the null
    /// window [v, v + 1] (+∞ stays +∞, and −∞ + 1 is the least finite value). A search over
    /// decimal values steps at the game's finest decimal: see [`Score::with_decimals`].
    pub fn next_up(self) -> Score {
        Score::pack(
            self.units().saturating_add(1),
            if self == Self::INF { 0 } else { self.decimals() },
            false,
        )
    }

    /// The next value down, one unit of the value's last decimal (−∞ stays −∞, and +∞ − 1 is
    /// the largest finite value).
    pub fn next_down(self) -> Score {
        Score::pack(
            self.units().saturating_sub(1).max(-i32::MAX),
            if self == Self::NEG_INF { 0 } else { self.decimals() },
            false,
        )
    }

    /// The same value with at least `decimals` decimals (`4.5` at 2 is `4.50`), so that
    /// [`Score::next_up`] steps by 10^−`decimals`; the value itself when it already has as many,
    /// or cannot hold more.
    pub fn at_least(self, decimals: u8) -> Score {
        if decimals > self.decimals() { self.with_decimals(decimals).unwrap_or(self) } else { self }
    }

    /// `v + d` (whole units) for a finite `v`, kept finite (an infinite value stays what it
    /// is); a decimal keeps its decimals.
    pub fn plus(self, d: i32) -> Score {
        if self.is_infinite() {
            return self;
        }
        let max = i64::from(Self::MAX_FINITE);
        let d = i64::from(d) * POW10[usize::from(self.decimals())];
        Score::pack((i64::from(self.units()) + d).clamp(-max, max) as i32, self.decimals(), false)
    }

    /// Parses the ASCII or Unicode forms: `12`, `-3`, `4.99`, `−3.01`, `inf`, `+inf`, `-inf`,
    /// `∞`, `+∞`, `-∞`, `−∞`. A decimal keeps the decimals it was written with (at most
    /// [`Score::MAX_DECIMALS`], with digits on both sides of the point). A leading `≈` or `~`
    /// marks a rounded value ([`Score::rounded`]).
    pub fn parse(s: &str) -> Option<Score> {
        if let Some(rest) = s.strip_prefix(['≈', '~']) {
            return Score::parse(rest).filter(|v| !v.is_infinite() && !v.is_rounded()).map(Score::rounded);
        }
        match s {
            "inf" | "+inf" | "∞" | "+∞" | "Infinity" => Some(Self::INF),
            "-inf" | "-∞" | "−∞" | "-Infinity" => Some(Self::NEG_INF),
            _ => {
                let (negative, t) = match s.strip_prefix(['-', '−']) {
                    Some(r) => (true, r),
                    None => (false, s.strip_prefix('+').unwrap_or(s)),
                };
                let (whole, frac) = t.split_once('.').unwrap_or((t, ""));
                let digits = |p: &str| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit());
                if !digits(whole)
                    || (t.contains('.') && !digits(frac))
                    || frac.len() > usize::from(Self::MAX_DECIMALS)
                {
                    return None;
                }
                let whole: i64 = whole.parse().ok()?;
                let frac_v: i64 = if frac.is_empty() { 0 } else { frac.parse().ok()? };
                let units = whole.checked_mul(POW10[frac.len()])?.checked_add(frac_v)?;
                Score::decimal(if negative { -units } else { units }, frac.len() as u8)
            }
        }
    }
}

// The searches compare values at every node: `inline(always)`, since a plain `#[inline]` left
// these (and `max`, `min`) out-of-line calls in the recorder's hot path (callgrind).
impl PartialEq for Score {
    #[inline(always)]
    fn eq(&self, other: &Score) -> bool {
        if self.same_decimals(*other) { self.units() == other.units() } else { self.nanos() == other.nanos() }
    }
}

impl Eq for Score {}

impl PartialOrd for Score {
    #[inline(always)]
    fn partial_cmp(&self, other: &Score) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Score {
    #[inline(always)]
    fn cmp(&self, other: &Score) -> std::cmp::Ordering {
        if self.same_decimals(*other) {
            self.units().cmp(&other.units())
        } else {
            self.nanos().cmp(&other.nanos())
        }
    }

    /// As [`Ord::max`] (the second of two equal values), inlined.
    #[inline(always)]
    fn max(self, other: Score) -> Score {
        if self.cmp(&other) == std::cmp::Ordering::Greater { self } else { other }
    }

    /// As [`Ord::min`] (the first of two equal values), inlined.
    #[inline(always)]
    fn min(self, other: Score) -> Score {
        if self.cmp(&other) == std::cmp::Ordering::Greater { other } else { self }
    }
}

impl std::hash::Hash for Score {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        // By worth, as equality is: 4.5 and 4.50 hash alike.
        self.nanos().hash(state);
    }
}

impl From<i32> for Score {
    /// Clamps `i32::MIN` and `i32::MAX` to the infinities.
    #[inline]
    fn from(v: i32) -> Score {
        Score::pack(v.max(-i32::MAX), 0, false)
    }
}

impl Neg for Score {
    type Output = Score;
    #[inline(always)]
    fn neg(self) -> Score {
        Score::pack(-self.units(), self.decimals(), self.is_rounded())
    }
}

impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            s if s == Self::INF => f.pad("+∞"),
            s if s == Self::NEG_INF => f.pad("−∞"),
            // One minus sign in every view a person reads: "−3" as "−∞" (U+2212). The
            // machine layouts write ASCII: trace files and JSON through `text`, CSV and the tree
            // notation through `ascii`.
            // Whole numbers without padding (the views' common case) are written straight out.
            s if s.decimals() == 0 && !s.is_rounded() && f.width().is_none() => {
                if s.units() < 0 {
                    f.write_str("−")?;
                }
                write!(f, "{}", s.units().unsigned_abs())
            }
            s => f.pad(&s.number().replacen('-', "−", 1)),
        }
    }
}

impl fmt::Debug for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.ascii())
    }
}

impl Serialize for Score {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match *self {
            v if v == Self::INF => s.serialize_str("inf"),
            v if v == Self::NEG_INF => s.serialize_str("-inf"),
            v if v.decimals() == 0 && !v.is_rounded() => s.serialize_i32(v.units()),
            // A decimal is written as its exact text (as ±∞ are), so no reader rounds it
            // through binary floating point: "4.50" reads back as 4.50.
            v => s.serialize_str(&v.number()),
        }
    }
}

impl<'de> Deserialize<'de> for Score {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Score, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Repr {
            Num(i64),
            Float(f64),
            Text(String),
        }
        match Repr::deserialize(d)? {
            Repr::Num(n) => {
                Score::finite(n).ok_or_else(|| serde::de::Error::custom(format!("value {n} is out of range")))
            }
            // A JSON number with a fraction: its shortest decimal text is what was written.
            Repr::Float(f) => Score::parse(&format!("{f}")).ok_or_else(|| {
                serde::de::Error::custom(format!("value {f} is not an exact decimal in range"))
            }),
            Repr::Text(t) => Score::parse(&t).ok_or_else(|| {
                serde::de::Error::custom(format!("expected a number, \"inf\" or \"-inf\", found {t:?}"))
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_word_keeps_every_field() {
        for units in [-i32::MAX, -Score::MAX_FINITE, -301, -1, 0, 1, 450, Score::MAX_FINITE, i32::MAX] {
            for decimals in 0..=Score::MAX_DECIMALS {
                for rounded in [false, true] {
                    let s = Score::pack(units, decimals, rounded);
                    assert_eq!((s.raw(), s.decimals(), s.is_rounded()), (units, decimals, rounded));
                    // Negation changes the units only; equality and order ignore the mark.
                    let n = -s;
                    assert_eq!((n.raw(), n.decimals(), n.is_rounded()), (-units, decimals, rounded));
                    assert_eq!(s, Score::pack(units, decimals, !rounded));
                    assert_eq!(s.cmp(&Score::pack(units, decimals, !rounded)), std::cmp::Ordering::Equal);
                }
                // Values of different decimals compare by worth, a unit of the last decimal apart.
                if decimals < Score::MAX_DECIMALS && units.unsigned_abs() < 1000 {
                    let s = Score::pack(units, decimals, false);
                    let finer = Score::pack(units * 10 + 1, decimals + 1, false);
                    assert!(s < finer, "{s} < {finer}");
                    assert_eq!(finer.cmp(&s), std::cmp::Ordering::Greater);
                    assert_ne!(s, finer);
                    assert_eq!(s, Score::pack(units * 10, decimals + 1, true));
                }
            }
        }
    }

    #[test]
    fn null_window_steps_stay_in_range() {
        assert_eq!(Score::from(3).next_up(), Score::from(4));
        assert_eq!(Score::INF.next_up(), Score::INF);
        assert_eq!(Score::NEG_INF.next_up(), Score::from(-Score::MAX_FINITE));
        assert_eq!(Score::from(Score::MAX_FINITE).next_up(), Score::INF);
        assert_eq!(Score::NEG_INF.next_down(), Score::NEG_INF);
        assert_eq!(Score::INF.next_down(), Score::from(Score::MAX_FINITE));
        assert_eq!(Score::from(5).plus(-25), Score::from(-20));
        assert_eq!(Score::INF.plus(-25), Score::INF);
        assert_eq!(Score::from(Score::MAX_FINITE).plus(3), Score::from(Score::MAX_FINITE));
    }

    #[test]
    fn parses_every_spelling() {
        for s in ["inf", "+inf", "∞", "+∞"] {
            assert_eq!(Score::parse(s), Some(Score::INF), "{s}");
        }
        for s in ["-inf", "-∞", "−∞"] {
            assert_eq!(Score::parse(s), Some(Score::NEG_INF), "{s}");
        }
        assert_eq!(Score::parse("-12"), Some(Score::from(-12)));
        assert_eq!(Score::parse("+7"), Some(Score::from(7)));
        assert_eq!(Score::parse("−4"), Some(Score::from(-4)));
        assert_eq!(Score::parse("1.5"), Score::decimal(15, 1));
        assert_eq!(Score::parse("−3.01").map(Score::ascii).as_deref(), Some("-3.01"));
        assert_eq!(Score::parse("0.05").map(|s| s.to_string()).as_deref(), Some("0.05"));
        assert_eq!(Score::parse("-0.5").map(|s| s.to_string()).as_deref(), Some("−0.5"));
        for bad in [
            "",
            "-",
            "3x",
            "99999999999",
            "2147483647",
            "--1",
            "1.",
            ".5",
            "1.2.3",
            "1.0000000001",
            "21474836.48",
        ] {
            assert_eq!(Score::parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn decimals_compare_by_worth() {
        let d = |t: &str| Score::parse(t).unwrap();
        assert!(d("-3.01") < d("-3") && d("-3") < d("4.99") && d("4.99") < d("5"));
        assert_eq!(d("4.5"), d("4.50"));
        assert_eq!(d("4.50").to_string(), "4.50");
        assert!(d("21474836.46") < Score::INF && Score::NEG_INF < d("-21474836.46"));
        assert_eq!((-d("4.99")).to_string(), "−4.99");
        assert_eq!(d("4.5").with_decimals(3).unwrap().to_string(), "4.500");
        assert_eq!(d("4.50").with_decimals(1).unwrap().to_string(), "4.5");
        assert_eq!(d("4.55").with_decimals(1), None);
        assert_eq!(d("4.99").with_decimals(2).unwrap().next_up().to_string(), "5.00");
        let mut h = std::collections::HashSet::new();
        h.insert(d("4.5"));
        assert!(h.contains(&d("4.500")));
    }

    #[test]
    fn json_round_trip() {
        let v = vec![Score::INF, Score::NEG_INF, Score::from(-3)];
        let s = serde_json::to_string(&v).unwrap();
        assert_eq!(s, r#"["inf","-inf",-3]"#);
        let back: Vec<Score> = serde_json::from_str(&s).unwrap();
        assert_eq!(back, v);
        let v = vec![Score::parse("4.50").unwrap(), Score::parse("-3.01").unwrap()];
        let s = serde_json::to_string(&v).unwrap();
        assert_eq!(s, r#"["4.50","-3.01"]"#);
        let back: Vec<Score> = serde_json::from_str(&s).unwrap();
        assert_eq!(back.iter().map(|s| s.to_string()).collect::<Vec<_>>(), ["4.50", "−3.01"]);
        let read: Vec<Score> = serde_json::from_str("[4.99, -0.5]").unwrap();
        assert_eq!(read.iter().map(|s| s.to_string()).collect::<Vec<_>>(), ["4.99", "−0.5"]);
    }
}
