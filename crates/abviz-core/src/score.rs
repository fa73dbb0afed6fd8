//! [`Score`]: a game value with −∞ and +∞, from MAX's point of view unless said otherwise.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::ops::Neg;

/// A game value: an `i32` with two extra points, −∞ and +∞.
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
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Score(i32);

impl Score {
    /// +∞: larger than every finite value.
    pub const INF: Score = Score(i32::MAX);
    /// −∞: smaller than every finite value.
    pub const NEG_INF: Score = Score(-i32::MAX);
    /// The largest finite value.
    pub const MAX_FINITE: i32 = i32::MAX - 1;

    /// A finite score, or `None` when `v` is outside the finite range.
    pub fn finite(v: i64) -> Option<Score> {
        if v.unsigned_abs() <= Self::MAX_FINITE as u64 { Some(Score(v as i32)) } else { None }
    }

    /// The raw value (±`i32::MAX` for ±∞).
    pub const fn raw(self) -> i32 {
        self.0
    }

    /// Whether this is ±∞.
    pub fn is_infinite(self) -> bool {
        self == Self::INF || self == Self::NEG_INF
    }

    /// ASCII form: `inf`, `-inf` or the number.
    pub fn ascii(self) -> String {
        match self {
            Self::INF => "inf".into(),
            Self::NEG_INF => "-inf".into(),
            Score(v) => v.to_string(),
        }
    }

    /// The next value up, `v + 1`: the upper end of the null window [v, v + 1] (+∞ stays +∞,
    /// and −∞ + 1 is the least finite value).
    pub fn next_up(self) -> Score {
        Score(self.0.saturating_add(1))
    }

    /// The next value down, `v − 1` (−∞ stays −∞, and +∞ − 1 is the largest finite value).
    pub fn next_down(self) -> Score {
        Score(self.0.saturating_sub(1).max(-i32::MAX))
    }

    /// `v + d` for a finite `v`, kept finite (an infinite value stays what it is).
    pub fn plus(self, d: i32) -> Score {
        if self.is_infinite() {
            return self;
        }
        let max = i64::from(Self::MAX_FINITE);
        Score((i64::from(self.0) + i64::from(d)).clamp(-max, max) as i32)
    }

    /// Parses the ASCII or Unicode forms: `12`, `-3`, `inf`, `+inf`, `-inf`, `∞`, `+∞`, `-∞`, `−∞`.
    pub fn parse(s: &str) -> Option<Score> {
        match s {
            "inf" | "+inf" | "∞" | "+∞" | "Infinity" => Some(Self::INF),
            "-inf" | "-∞" | "−∞" | "-Infinity" => Some(Self::NEG_INF),
            _ => {
                let t = s.strip_prefix('−').map(|r| format!("-{r}"));
                let t = t.as_deref().unwrap_or(s);
                let t = t.strip_prefix('+').unwrap_or(t);
                if t.is_empty() || !t.trim_start_matches('-').bytes().all(|b| b.is_ascii_digit()) {
                    return None;
                }
                t.parse::<i64>().ok().and_then(Score::finite)
            }
        }
    }
}

impl From<i32> for Score {
    /// Clamps `i32::MIN` and `i32::MAX` to the infinities.
    fn from(v: i32) -> Score {
        Score(v.max(-i32::MAX))
    }
}

impl Neg for Score {
    type Output = Score;
    fn neg(self) -> Score {
        Score(-self.0)
    }
}

impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Self::INF => f.pad("+∞"),
            Self::NEG_INF => f.pad("−∞"),
            Score(v) => f.pad(&v.to_string()),
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
            Self::INF => s.serialize_str("inf"),
            Self::NEG_INF => s.serialize_str("-inf"),
            Score(v) => s.serialize_i32(v),
        }
    }
}

impl<'de> Deserialize<'de> for Score {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Score, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Repr {
            Num(i64),
            Text(String),
        }
        match Repr::deserialize(d)? {
            Repr::Num(n) => {
                Score::finite(n).ok_or_else(|| serde::de::Error::custom(format!("value {n} is out of range")))
            }
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
        for bad in ["", "-", "1.5", "3x", "99999999999", "2147483647", "--1"] {
            assert_eq!(Score::parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn json_round_trip() {
        let v = vec![Score::INF, Score::NEG_INF, Score::from(-3)];
        let s = serde_json::to_string(&v).unwrap();
        assert_eq!(s, r#"["inf","-inf",-3]"#);
        let back: Vec<Score> = serde_json::from_str(&s).unwrap();
        assert_eq!(back, v);
    }
}
