//! One line of a search log: a JSON object with an `"event"` and its fields.
//!
//! Fields the reader does not know are ignored, so writers may add their own (a depth, a
//! position, a time). Values are whole numbers (`3`, `-12`, `4.0`) or `"inf"` / `"-inf"`.

use super::error::LogErrorKind;
use abviz_core::Score;
use serde::Deserialize;
use serde::de::{self, Deserializer, Visitor};
use std::borrow::Cow;
use std::fmt;

/// The kind of a log event.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EventKind {
    /// The search enters a node with a window.
    Enter,
    /// A node is evaluated statically (with `"value"`).
    Leaf,
    /// A node returns `"value"`.
    Exit,
    /// The cutoff test held at the open node: its other children are never searched.
    Cut,
    /// The next enter searches the child that just returned again (PVS, NegaScout).
    Research,
    /// A new root search begins (iterative deepening, MTD(f), aspiration windows).
    Pass,
}

impl EventKind {
    /// The name the log writes.
    pub fn name(self) -> &'static str {
        match self {
            EventKind::Enter => "enter",
            EventKind::Leaf => "leaf",
            EventKind::Exit => "exit",
            EventKind::Cut => "cut",
            EventKind::Research => "research",
            EventKind::Pass => "pass",
        }
    }

    fn parse(s: &str) -> Result<EventKind, LogErrorKind> {
        Ok(match s {
            "enter" => EventKind::Enter,
            "leaf" => EventKind::Leaf,
            "exit" => EventKind::Exit,
            "cut" => EventKind::Cut,
            "research" | "re-search" => EventKind::Research,
            "pass" => EventKind::Pass,
            other => return Err(LogErrorKind::UnknownEvent(cut_short(other))),
        })
    }
}

/// One parsed line.
#[derive(Debug, Clone, PartialEq)]
pub struct LineEvent<'a> {
    /// What happened.
    pub kind: EventKind,
    /// The node: its name in the tree, or its path of child indices (`"1.0"`, the root `""`).
    pub node: Option<Cow<'a, str>>,
    /// The move from the open node that leads to it, by its label (games).
    pub mv: Option<Cow<'a, str>>,
    /// α on entry.
    pub alpha: Option<Score>,
    /// β on entry.
    pub beta: Option<Score>,
    /// The value of a leaf or a returning node.
    pub value: Option<Score>,
}

#[derive(Deserialize)]
struct Raw<'a> {
    #[serde(borrow)]
    event: Option<Cow<'a, str>>,
    #[serde(default, borrow)]
    node: Option<Cow<'a, str>>,
    #[serde(default, borrow, rename = "move")]
    mv: Option<Cow<'a, str>>,
    #[serde(default)]
    alpha: Option<LogValue>,
    #[serde(default)]
    beta: Option<LogValue>,
    #[serde(default)]
    value: Option<LogValue>,
}

/// A value as the log writes it, or what was wrong with it (reported with the field's name).
enum LogValue {
    Ok(Score),
    Bad(String),
}

impl<'de> Deserialize<'de> for LogValue {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<LogValue, D::Error> {
        struct V;
        impl Visitor<'_> for V {
            type Value = LogValue;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a whole number, \"inf\" or \"-inf\"")
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<LogValue, E> {
                Ok(Score::finite(v).map_or_else(|| LogValue::Bad(v.to_string()), LogValue::Ok))
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<LogValue, E> {
                Ok(i64::try_from(v)
                    .ok()
                    .and_then(Score::finite)
                    .map_or_else(|| LogValue::Bad(v.to_string()), LogValue::Ok))
            }
            fn visit_f64<E: de::Error>(self, v: f64) -> Result<LogValue, E> {
                if v.fract() == 0.0 && v.abs() < f64::from(Score::MAX_FINITE) {
                    return Ok(LogValue::Ok(Score::from(v as i32)));
                }
                if v.is_infinite() {
                    return Ok(LogValue::Ok(if v > 0.0 { Score::INF } else { Score::NEG_INF }));
                }
                Ok(LogValue::Bad(v.to_string()))
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<LogValue, E> {
                Ok(Score::parse(v.trim())
                    .map_or_else(|| LogValue::Bad(format!("{:?}", cut_short(v))), LogValue::Ok))
            }
            fn visit_bool<E: de::Error>(self, v: bool) -> Result<LogValue, E> {
                Ok(LogValue::Bad(v.to_string()))
            }
            fn visit_unit<E: de::Error>(self) -> Result<LogValue, E> {
                Ok(LogValue::Bad("null".into()))
            }
        }
        d.deserialize_any(V)
    }
}

/// Parses one line; `Err` carries the column (from 1) when serde_json knows it.
pub fn parse_line(text: &str) -> Result<LineEvent<'_>, (LogErrorKind, Option<u32>)> {
    let raw: Raw = serde_json::from_str(text).map_err(|e| {
        let column = (e.column() > 0).then(|| e.column() as u32);
        (LogErrorKind::Json(json_reason(&e)), column)
    })?;
    let kind = match raw.event {
        Some(name) => EventKind::parse(&name).map_err(|k| (k, None))?,
        None => return Err((LogErrorKind::Missing { event: "log", field: "event" }, None)),
    };
    let score = |field: &'static str, v: Option<LogValue>| match v {
        None => Ok(None),
        Some(LogValue::Ok(s)) => Ok(Some(s)),
        Some(LogValue::Bad(found)) => Err((
            LogErrorKind::BadField { field, expected: "a whole number, \"inf\" or \"-inf\"", found },
            None,
        )),
    };
    let event = LineEvent {
        kind,
        node: raw.node,
        mv: raw.mv,
        alpha: score("alpha", raw.alpha)?,
        beta: score("beta", raw.beta)?,
        value: score("value", raw.value)?,
    };
    let needs = |field: &'static str, present: bool| {
        if present { Ok(()) } else { Err((LogErrorKind::Missing { event: kind.name(), field }, None)) }
    };
    match kind {
        EventKind::Enter => needs("node", event.node.is_some() || event.mv.is_some())?,
        EventKind::Leaf => {
            needs("node", event.node.is_some() || event.mv.is_some())?;
            needs("value", event.value.is_some())?;
        }
        // Without a node, an exit or a cut is the open node's.
        EventKind::Exit => needs("value", event.value.is_some())?,
        EventKind::Cut => {}
        EventKind::Research => needs("node", event.node.is_some() || event.mv.is_some())?,
        EventKind::Pass => {}
    }
    Ok(event)
}

/// serde_json's message without its " at line 1 column 7" tail (the log's line is ours).
fn json_reason(e: &serde_json::Error) -> String {
    let text = e.to_string();
    match text.rfind(" at line ") {
        Some(i) => text[..i].to_string(),
        None => text,
    }
}

/// At most 40 characters of `s`, with "…" when cut.
pub fn cut_short(s: &str) -> String {
    let mut out: String = s.chars().take(40).collect();
    if s.chars().nth(40).is_some() {
        out.push('…');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_minimum() {
        let e = parse_line(r#"{"event":"enter","node":"1.0","alpha":"-inf","beta":3}"#).unwrap();
        assert_eq!(e.kind, EventKind::Enter);
        assert_eq!(e.node.as_deref(), Some("1.0"));
        assert_eq!((e.alpha, e.beta), (Some(Score::NEG_INF), Some(Score::from(3))));
        let e = parse_line(r#"{"event":"leaf","node":"B","value":4.0,"depth":2}"#).unwrap();
        assert_eq!(e.value, Some(Score::from(4)));
    }

    #[test]
    fn says_what_is_wrong() {
        let err = |t| parse_line(t).unwrap_err().0.to_string();
        assert!(err(r#"{"event":"exit","node":"1"}"#).contains("needs \"value\""));
        assert!(err(r#"{"event":"enter","alpha":1}"#).contains("needs \"node\""));
        assert!(err(r#"{"event":"leave","node":"1"}"#).starts_with("unknown event \"leave\""));
        assert!(err(r#"{"event":"leaf","node":"1","value":2.5}"#).contains("not 2.5"));
        assert!(err(r#"{"event":"leaf","node":"1","value":"x"}"#).contains("not \"x\""));
        let (kind, column) = parse_line(r#"{"event":"leaf" "node":"1"}"#).unwrap_err();
        assert!(matches!(kind, LogErrorKind::Json(_)));
        assert_eq!(column, Some(17));
    }
}
