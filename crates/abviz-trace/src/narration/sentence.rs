//! Sentence templates and how they are filled: the one wording of every event, rendered here for
//! the terminal stepper, the beamer steps and the tests, and by the page's small generic filler
//! (`assets/narration.js`, `abvizNarrator`) from the page's data.
//!
//! A template is text with slots in braces: `{name}`, `{format name}` or `{list format name}`.
//! `name` is one of the event's fields (as the event table names them) or an argument the
//! narration computed (a [`Sentence`]'s own). The formats of a node are `name` (the default:
//! [`Trace::display_name`]), `who` ("B (MIN)", or how a leaf is called), `Who` (the same starting
//! a sentence), `move` (the move that leads to it), `player` ("MAX"/"MIN") and `value` (the value
//! a figure writes in a leaf); a score is written as the views write it, a count in digits, a
//! number as [`super::number`] writes it, or with three decimals (`fixed`). The lists of nodes
//! are joined by `and` ("C2, C3 and C4"), cut short by `ends` ("a, b, c, …, z") or counted
//! (`count`).
//!
//! A template never holds user text: names, moves and numbers only ever come through slots, so
//! the page can keep each template once and fill it per step.

use super::{capital_who, figure_value, number, who};
use crate::{Event, NodeId, Timeline, Trace};
use abviz_core::Score;
use std::fmt::Write;

/// How an event kind's sentence is made (the event table says which).
#[derive(Clone, Copy)]
pub enum Narration {
    /// Always this template (its slots: the event's fields).
    Template(&'static str),
    /// A function that chooses the template (and computes what the fields do not say) from the
    /// event and the timeline.
    Chosen(fn(&Timeline<'_>, usize, &Event) -> Sentence),
}

/// A value a slot takes.
#[derive(Clone, Debug, PartialEq)]
pub enum Arg {
    /// A node.
    Node(NodeId),
    /// A list of nodes.
    Nodes(Vec<NodeId>),
    /// A score.
    Score(Score),
    /// A count.
    Num(u64),
    /// A number (an MCTS statistic).
    Float(f64),
    /// A word of the program's own.
    Str(&'static str),
    /// Text from the input (a move label, a list of playout moves).
    Text(String),
    /// Nothing (an absent optional field): written as "".
    Nothing,
}

/// The most pieces a sentence's template is made of.
const PIECES: usize = 6;

/// A sentence before its slots are filled: its template (a few pieces of the program's own
/// text, joined) and the arguments the narration computed for it.
#[derive(Clone, Debug)]
pub struct Sentence {
    pieces: [&'static str; PIECES],
    len: usize,
    args: Vec<(&'static str, Arg)>,
}

impl Sentence {
    /// A sentence with the template `piece`.
    pub fn new(piece: &'static str) -> Sentence {
        let mut pieces = [""; PIECES];
        pieces[0] = piece;
        Sentence { pieces, len: 1, args: Vec::new() }
    }

    /// The template continues with `piece`.
    ///
    /// # Panics
    /// If the template has [`PIECES`] pieces already.
    pub fn then(mut self, piece: &'static str) -> Sentence {
        assert!(self.len < PIECES, "a sentence of more than {PIECES} pieces");
        self.pieces[self.len] = piece;
        self.len += 1;
        self
    }

    /// The slot `name` takes `value`.
    pub fn with(mut self, name: &'static str, value: Arg) -> Sentence {
        self.args.push((name, value));
        self
    }

    /// The template's pieces, in order.
    pub fn pieces(&self) -> &[&'static str] {
        &self.pieces[..self.len]
    }

    /// The template as one string.
    pub fn template(&self) -> String {
        self.pieces().concat()
    }

    /// What the slot `name` takes: the sentence's own argument, else the event's field.
    pub fn resolve(&self, name: &str, event: &Event) -> Option<Arg> {
        match self.args.iter().find(|(n, _)| *n == name) {
            Some((_, v)) => Some(v.clone()),
            None => event.arg(name),
        }
    }

    /// The sentence, its slots filled (`event`'s fields, names from `trace`).
    pub fn render(&self, trace: &Trace, event: &Event) -> String {
        let mut out = String::new();
        for piece in self.pieces() {
            fill_into(&mut out, trace, piece, |name| self.resolve(name, event));
        }
        out
    }
}

/// `template` with its slots filled: `value` gives what the slot called `name` takes (names
/// from `trace`).
pub fn fill(trace: &Trace, template: &str, value: impl FnMut(&str) -> Option<Arg>) -> String {
    let mut out = String::new();
    fill_into(&mut out, trace, template, value);
    out
}

fn fill_into(out: &mut String, trace: &Trace, template: &str, mut value: impl FnMut(&str) -> Option<Arg>) {
    for part in parts(template) {
        match part {
            Part::Text(t) => out.push_str(t),
            Part::Slot(slot) => {
                let v = value(slot.name).unwrap_or(Arg::Nothing);
                write_slot(out, trace, &slot, &v);
            }
        }
    }
}

/// A piece of a template: text, or a slot.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Part<'a> {
    /// Text as it is.
    Text(&'a str),
    /// A slot.
    Slot(Slot<'a>),
}

/// A slot: `{list format name}`, the list operation and the format optional.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Slot<'a> {
    /// `and`, `ends` or `count`, for a list of nodes.
    pub list: Option<&'a str>,
    /// How a value is written (see the module documentation).
    pub format: Option<&'a str>,
    /// The field or argument.
    pub name: &'a str,
}

/// The list operations a slot may start with.
const LISTS: [&str; 3] = ["and", "ends", "count"];

/// The parts of `template`, in order.
pub fn parts(template: &str) -> impl Iterator<Item = Part<'_>> {
    let mut rest = template;
    std::iter::from_fn(move || {
        if rest.is_empty() {
            return None;
        }
        if let Some(inner) = rest.strip_prefix('{') {
            let end = inner.find('}').expect("a slot ends with '}'");
            rest = &inner[end + 1..];
            let mut words: Vec<&str> = inner[..end].split(' ').collect();
            let name = words.pop().unwrap_or_default();
            let list = words.first().copied().filter(|w| LISTS.contains(w));
            let format = words.get(usize::from(list.is_some())).copied();
            return Some(Part::Slot(Slot { list, format, name }));
        }
        let end = rest.find('{').unwrap_or(rest.len());
        let (text, tail) = rest.split_at(end);
        rest = tail;
        Some(Part::Text(text))
    })
}

/// `value` written as `slot` says.
pub fn slot_text(trace: &Trace, slot: &Slot, value: &Arg) -> String {
    let mut out = String::new();
    write_slot(&mut out, trace, slot, value);
    out
}

/// Writes `value` as `slot` says.
fn write_slot(out: &mut String, trace: &Trace, slot: &Slot, value: &Arg) {
    match value {
        Arg::Node(id) => out.push_str(&node_text(trace, slot.format, *id)),
        Arg::Nodes(ids) => {
            let items: Vec<String> = ids.iter().map(|&id| node_text(trace, slot.format, id)).collect();
            match slot.list {
                Some("count") => {
                    let _ = write!(out, "{}", items.len());
                }
                Some("ends") if items.len() > 4 => {
                    let _ = write!(
                        out,
                        "{}, {}, {}, …, {}",
                        items[0],
                        items[1],
                        items[2],
                        items[items.len() - 1]
                    );
                }
                _ => out.push_str(&name_list(&items)),
            }
        }
        Arg::Score(s) => {
            let _ = write!(out, "{s}");
        }
        Arg::Num(n) => {
            let _ = write!(out, "{n}");
        }
        Arg::Float(f) if slot.format == Some("fixed") => {
            let _ = write!(out, "{f:.3}");
        }
        Arg::Float(f) => out.push_str(&number(*f)),
        Arg::Str(s) => out.push_str(s),
        Arg::Text(s) => out.push_str(s),
        Arg::Nothing => {}
    }
}

/// A node written in `format` (see the module documentation).
pub fn node_text(trace: &Trace, format: Option<&str>, id: NodeId) -> String {
    match format {
        Some("who") => who(trace, id),
        Some("Who") => capital_who(trace, id),
        Some("player") if trace.is_chance(id) => "chance".to_string(),
        Some("player") => trace.node(id).player.upper().to_string(),
        Some("move") if !trace.move_label(id).is_empty() => trace.move_label(id).to_string(),
        Some("value") => figure_value(trace, id).map_or_else(String::new, |v| v.to_string()),
        _ => trace.display_name(id),
    }
}

/// A list of names: "C2", "C2 and C3", "C2, C3 and C4".
pub(crate) fn name_list(names: &[String]) -> String {
    abviz_core::text::list(names, "and")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn templates_split_into_text_and_slots() {
        let p: Vec<Part> = parts("At {who node} the value {value}: {and move pruned}.").collect();
        assert_eq!(
            p,
            [
                Part::Text("At "),
                Part::Slot(Slot { list: None, format: Some("who"), name: "node" }),
                Part::Text(" the value "),
                Part::Slot(Slot { list: None, format: None, name: "value" }),
                Part::Text(": "),
                Part::Slot(Slot { list: Some("and"), format: Some("move"), name: "pruned" }),
                Part::Text("."),
            ]
        );
        let p: Vec<Part> = parts("{count pruned}").collect();
        assert_eq!(p, [Part::Slot(Slot { list: Some("count"), format: None, name: "pruned" })]);
    }

    #[test]
    fn every_kind_has_a_sentence_whose_slots_it_can_fill() {
        // The templates the table gives a kind name only its fields.
        for &kind in crate::EventKind::ALL {
            if let Narration::Template(t) = kind.narration() {
                for part in parts(t) {
                    if let Part::Slot(s) = part {
                        assert!(
                            kind.fields().iter().any(|f| f.name == s.name),
                            "{}: the template names {}, which is no field",
                            kind.name(),
                            s.name
                        );
                    }
                }
            }
        }
    }
}
