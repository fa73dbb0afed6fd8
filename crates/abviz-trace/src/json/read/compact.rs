//! Reading the compact layout (docs/trace-format.md, "Compact layout"): the node columns and the
//! event codes, streamed into the trace's own records.

use super::Reading;
use crate::event::{Decoder, Source};
use crate::json::write::{MAX_CHAR, MIN_CHAR};
use crate::{NONE, Node, NodeId};
use abviz_core::Player;
use abviz_core::Score;
use serde::de::{self, DeserializeSeed, IgnoredAny, MapAccess, SeqAccess, Visitor};
use std::fmt;
use std::marker::PhantomData;

/// One value of a compact column: a number, a string ("inf", "-inf", "nan") or null.
#[derive(Clone, Debug, PartialEq)]
enum Token {
    Uint(u64),
    Int(i64),
    Float(f64),
    Str(String),
    Null,
}

impl fmt::Display for Token {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            Token::Uint(v) => write!(f, "{v}"),
            Token::Int(v) => write!(f, "{v}"),
            Token::Float(v) => write!(f, "{v}"),
            Token::Str(s) => write!(f, "{s:?}"),
            Token::Null => f.write_str("null"),
        }
    }
}

impl<'de> de::Deserialize<'de> for Token {
    fn deserialize<D: de::Deserializer<'de>>(d: D) -> Result<Token, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Token;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a number, \"inf\", \"-inf\", \"nan\" or null")
            }
            fn visit_u64<E>(self, v: u64) -> Result<Token, E> {
                Ok(Token::Uint(v))
            }
            fn visit_i64<E>(self, v: i64) -> Result<Token, E> {
                Ok(if v >= 0 { Token::Uint(v as u64) } else { Token::Int(v) })
            }
            fn visit_f64<E>(self, v: f64) -> Result<Token, E> {
                Ok(Token::Float(v))
            }
            fn visit_str<E>(self, v: &str) -> Result<Token, E> {
                Ok(Token::Str(v.to_string()))
            }
            fn visit_unit<E>(self) -> Result<Token, E> {
                Ok(Token::Null)
            }
        }
        d.deserialize_any(V)
    }
}

/// A score: an integer, or a string: "inf" / "-inf" or a decimal's exact text ("4.50").
fn token_score(t: &Token) -> Option<Score> {
    match t {
        Token::Uint(v) => Score::finite(i64::try_from(*v).ok()?),
        Token::Int(v) => Score::finite(*v),
        Token::Str(s) => Score::parse(s),
        _ => None,
    }
}

/// The numbers of the events, pulled from the `codes` array one at a time; the first problem is
/// kept (the decoder's reads cannot fail) and reported after the event.
struct Tokens<'s, A> {
    seq: &'s mut A,
    problem: Option<String>,
}

impl<'de, A: SeqAccess<'de>> Tokens<'_, A> {
    fn next(&mut self, what: &str) -> Option<Token> {
        if self.problem.is_some() {
            return None;
        }
        match self.seq.next_element::<Token>() {
            Ok(Some(t)) => Some(t),
            Ok(None) => {
                self.problem = Some(format!("the codes end where {what} should follow"));
                None
            }
            Err(e) => {
                self.problem = Some(format!("{e}"));
                None
            }
        }
    }
    fn bad(&mut self, what: &str, t: &Token) {
        self.problem.get_or_insert_with(|| format!("expected {what}, found {t}"));
    }
}

impl<'de, A: SeqAccess<'de>> Source for Tokens<'_, A> {
    fn num(&mut self) -> u64 {
        match self.next("a count") {
            Some(Token::Uint(v)) => v,
            Some(t) => {
                self.bad("a count", &t);
                0
            }
            None => 0,
        }
    }
    fn id(&mut self) -> NodeId {
        match self.next("a node id") {
            Some(Token::Uint(v)) if v < NONE as u64 => v as NodeId,
            Some(t) => {
                self.bad("a node id", &t);
                0
            }
            None => 0,
        }
    }
    fn score(&mut self) -> Score {
        match self.next("a score") {
            Some(t) => token_score(&t).unwrap_or_else(|| {
                self.bad("a score (an integer, \"inf\" or \"-inf\")", &t);
                Score::default()
            }),
            None => Score::default(),
        }
    }
    fn float(&mut self) -> f64 {
        match self.next("a number") {
            Some(Token::Uint(v)) => v as f64,
            Some(Token::Int(v)) => v as f64,
            Some(Token::Float(v)) => v,
            Some(Token::Str(s)) if s == "inf" => f64::INFINITY,
            Some(Token::Str(s)) if s == "-inf" => f64::NEG_INFINITY,
            Some(Token::Str(s)) if s == "nan" => f64::NAN,
            Some(t) => {
                self.bad("a number", &t);
                0.0
            }
            None => 0.0,
        }
    }
    fn opt(&mut self) -> Option<NodeId> {
        match self.next("a node id or null") {
            Some(Token::Null) | None => None,
            Some(Token::Uint(v)) if v < NONE as u64 => Some(v as NodeId),
            Some(t) => {
                self.bad("a node id or null", &t);
                None
            }
        }
    }
    fn opt_num(&mut self) -> Option<u32> {
        match self.next("a count or null") {
            Some(Token::Null) | None => None,
            Some(Token::Uint(v)) => Some(v.min(u32::MAX as u64) as u32),
            Some(t) => {
                self.bad("a count or null", &t);
                None
            }
        }
    }
}

/// Reads one column of a JSON array element by element, handing each to `f` with its index.
struct Column<'r, T, F> {
    r: &'r mut Reading,
    name: &'static str,
    f: F,
    element: PhantomData<T>,
}

fn column<'r, T, F: FnMut(&mut Reading, usize, T)>(
    r: &'r mut Reading,
    name: &'static str,
    f: F,
) -> Column<'r, T, F> {
    Column { r, name, f, element: PhantomData }
}

impl<'de, T: de::Deserialize<'de>, F: FnMut(&mut Reading, usize, T)> DeserializeSeed<'de>
    for Column<'_, T, F>
{
    type Value = ();
    fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_seq(self)
    }
}

impl<'de, T: de::Deserialize<'de>, F: FnMut(&mut Reading, usize, T)> Visitor<'de> for Column<'_, T, F> {
    type Value = ();
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "the {} column (an array)", self.name)
    }
    fn visit_seq<A: SeqAccess<'de>>(mut self, mut seq: A) -> Result<(), A::Error> {
        let mut k = 0;
        while let Some(v) = seq.next_element::<T>()? {
            (self.f)(self.r, k, v);
            k += 1;
        }
        Ok(())
    }
}

impl Reading {
    /// The node `id`, created (with defaults) if this column is the first to reach it.
    fn compact_node(&mut self, id: usize) -> Option<&mut Node> {
        if id >= self.compact_count {
            self.fail(format!("a node column has more than the {} nodes of \"count\"", self.compact_count));
            return None;
        }
        if self.nodes.len() <= id {
            let blank =
                Node { parent: NONE, label: NONE, index: 0, depth: 0, player: Player::Max, pruned: false };
            self.nodes.resize(id + 1, blank);
        }
        Some(&mut self.nodes[id])
    }

    /// Checks the node columns and derives what they leave out: each node's index among its
    /// siblings (ids in order) and its depth (the parent's plus one, unless `depth` says).
    pub(super) fn finish_compact_nodes(&mut self, depths: &[(u64, u64)]) {
        let n = self.compact_count;
        if self.nodes.len() != n {
            return self
                .fail(format!("the node columns hold {} nodes, but \"count\" is {n}", self.nodes.len()));
        }
        let mut children = vec![0u32; n];
        for id in 0..n {
            let parent = self.nodes[id].parent;
            if parent == NONE {
                self.nodes[id].depth = 0;
                continue;
            }
            let p = parent as usize;
            self.nodes[id].index = children[p];
            children[p] += 1;
            self.nodes[id].depth = self.nodes[p].depth.saturating_add(1);
        }
        for &(id, depth) in depths {
            match (self.nodes.get_mut(id as usize), u16::try_from(depth)) {
                (Some(node), Ok(d)) => node.depth = d,
                _ => return self.fail(format!("the depth column names node {id} with depth {depth}")),
            }
        }
        if let Some(&label) =
            self.nodes.iter().map(|n| &n.label).find(|&&l| l != NONE && l as usize >= self.labels.len())
        {
            self.fail(format!(
                "a node's move or name is label {}, but there are {} labels",
                label + 1,
                self.labels.len()
            ));
        }
        if let Some(&name) = self.names.iter().find(|&&l| l != NONE && l as usize >= self.labels.len()) {
            self.fail(format!(
                "a node's name is label {}, but there are {} labels",
                name + 1,
                self.labels.len()
            ));
        }
    }
}

/// The `nodes` object of the compact layout.
pub(super) struct CompactNodes<'a>(pub(super) &'a mut Reading);

impl<'de> Visitor<'de> for CompactNodes<'_> {
    type Value = ();
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("the node columns (an object)")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        let r = self.0;
        let mut depths: Vec<(u64, u64)> = Vec::new();
        let mut have_count = false;
        while let Some(key) = map.next_key::<String>()? {
            if key != "count" && !have_count {
                return Err(de::Error::custom("in the compact layout the node columns start with \"count\""));
            }
            match key.as_str() {
                "count" => {
                    let n: u64 = map.next_value()?;
                    if n == 0 || n >= NONE as u64 {
                        return Err(de::Error::custom(format!("a trace of {n} nodes cannot be read")));
                    }
                    r.compact_count = n as usize;
                    have_count = true;
                }
                "parent" => {
                    map.next_value_seed(column(r, "parent", |r: &mut Reading, id, offset: u64| {
                        if offset > id as u64 {
                            return r.fail(format!(
                                "node {id} has parent offset {offset}, which is before node 0"
                            ));
                        }
                        if let Some(node) = r.compact_node(id) {
                            node.parent = if offset == 0 { NONE } else { (id as u64 - offset) as NodeId };
                        }
                    }))?
                }
                "player" => {
                    let players: String = map.next_value()?;
                    for (id, c) in players.bytes().enumerate() {
                        let player = match c {
                            MAX_CHAR => Player::Max,
                            MIN_CHAR => Player::Min,
                            _ => {
                                r.fail(format!(
                                    "node {id}'s player is {:?}; expected '+' (MAX) or '-' (MIN)",
                                    c as char
                                ));
                                break;
                            }
                        };
                        match r.compact_node(id) {
                            Some(node) => node.player = player,
                            None => break,
                        }
                    }
                }
                "chance" => {
                    let ids: Vec<u64> = map.next_value()?;
                    for id in ids {
                        if id >= r.compact_count as u64 {
                            r.fail(format!("the chance column names node {id}, past the last node"));
                            break;
                        }
                        let p = r.chance.get(id as usize).and_then(|c| c.p);
                        r.set_chance(id as usize, crate::NodeChance { chance: true, p });
                    }
                }
                "p" => {
                    let ps: Vec<(u64, String)> = map.next_value()?;
                    for (id, text) in ps {
                        if id >= r.compact_count as u64 {
                            r.fail(format!("the p column names node {id}, past the last node"));
                            break;
                        }
                        let Some(p) = abviz_core::Probability::parse(&text) else {
                            r.fail(format!(
                                "node {id} has probability {text:?}, which is not a fraction in (0, 1]"
                            ));
                            break;
                        };
                        let chance = r.chance.get(id as usize).is_some_and(|c| c.chance);
                        r.set_chance(id as usize, crate::NodeChance { chance, p: Some(p) });
                    }
                }
                "labels" => {
                    r.labels = map.next_value()?;
                    r.label_ids.clear();
                }
                "move" => map.next_value_seed(column(r, "move", |r: &mut Reading, id, label: u64| {
                    let label = label_id(label);
                    if let Some(node) = r.compact_node(id) {
                        node.label = label;
                    }
                }))?,
                "name" => map.next_value_seed(column(r, "name", |r: &mut Reading, id, label: u64| {
                    if id < r.compact_count {
                        r.names.resize(id + 1, NONE);
                        r.names[id] = label_id(label);
                    }
                }))?,
                "pruned" => {
                    let runs: Vec<u64> = map.next_value()?;
                    for run in runs.chunks(2) {
                        let &[start, count] = run else {
                            r.fail("the pruned column holds pairs (first id, count)".into());
                            break;
                        };
                        let end = start.saturating_add(count);
                        if end > r.compact_count as u64 {
                            r.fail(format!("the pruned run {start}+{count} goes past the last node"));
                            break;
                        }
                        for id in start..end {
                            if let Some(node) = r.compact_node(id as usize) {
                                node.pruned = true;
                            }
                        }
                    }
                }
                "depth" => depths = map.next_value()?,
                "pruned_values" => {
                    let pairs: Vec<Token> = map.next_value()?;
                    for pair in pairs.chunks(2) {
                        match (pair, pair.get(1).and_then(token_score)) {
                            ([Token::Uint(id), _], Some(v)) if *id < r.compact_count as u64 => {
                                r.pruned_values.push((*id as NodeId, v))
                            }
                            _ => {
                                r.fail("the pruned_values column holds pairs (node id, score)".into());
                                break;
                            }
                        }
                    }
                }
                "positions" => {
                    map.next_value_seed(column(r, "positions", |r: &mut Reading, _, text: String| {
                        r.any_position = true;
                        r.positions.push(&text);
                    }))?
                }
                _ => {
                    map.next_value::<IgnoredAny>()?;
                }
            }
        }
        if !have_count {
            return Err(de::Error::custom("the node columns have no \"count\""));
        }
        if r.any_position && r.positions.len() != r.compact_count {
            r.fail(format!(
                "the positions column holds {} texts for {} nodes",
                r.positions.len(),
                r.compact_count
            ));
        }
        r.finish_compact_nodes(&depths);
        Ok(())
    }
}

/// 0: none; k: label k − 1.
fn label_id(v: u64) -> u32 {
    if v == 0 { NONE } else { (v - 1).min(NONE as u64 - 1) as u32 }
}

/// The `events` object of the compact layout: its codes decoded straight into the event log.
pub(super) struct CompactEvents<'a>(pub(super) &'a mut Reading);

impl<'de> Visitor<'de> for CompactEvents<'_> {
    type Value = ();
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("the event codes (an object)")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        let r = self.0;
        let mut count = None;
        while let Some(key) = map.next_key::<String>()? {
            match key.as_str() {
                "count" => count = Some(map.next_value::<u64>()?),
                "codes" => {
                    if !r.has_nodes {
                        return Err(de::Error::custom(
                            "in the compact layout the nodes come before the events",
                        ));
                    }
                    map.next_value_seed(Codes(r))?
                }
                _ => {
                    map.next_value::<IgnoredAny>()?;
                }
            }
        }
        if let Some(c) = count
            && c != r.log.len() as u64
        {
            r.fail(format!("the events hold {} events, but \"count\" is {c}", r.log.len()));
        }
        Ok(())
    }
}

/// The `codes` array: each event's code, then its numbers.
struct Codes<'a>(&'a mut Reading);

impl<'de> DeserializeSeed<'de> for Codes<'_> {
    type Value = ();
    fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_seq(self)
    }
}

impl<'de> Visitor<'de> for Codes<'_> {
    type Value = ();
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("the event codes (an array)")
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        let r = self.0;
        let mut decoder = Decoder::default();
        while let Some(code) = seq.next_element::<Token>()? {
            let step = r.log.len() + 1;
            let byte = match code {
                Token::Uint(c) if c < 256 => c as u8,
                t => return Err(de::Error::custom(format!("event {step}: {t} is not an event code"))),
            };
            let mut tokens = Tokens { seq: &mut seq, problem: None };
            let event = decoder.next(byte, &r.nodes, &mut tokens);
            if let Some(problem) = tokens.problem {
                return Err(de::Error::custom(format!("event {step}: {problem}")));
            }
            let Some(event) = event else {
                return Err(de::Error::custom(format!("event {step}: {byte} is not an event code")));
            };
            r.log.push(&event, &r.nodes);
        }
        Ok(())
    }
}
