//! The parts of docs/trace-format.md written from the event table: the events with their fields
//! and meaning, and the compact layout's codes with the numbers each writes. A test in the root
//! package checks that the document holds them as written here (`ABVIZ_UPDATE_DOCS=1` rewrites
//! them).

use super::{EventKind, Implied, Short, Wire};

/// The marker lines around the generated block called `name` in the document.
pub fn markers(name: &str) -> (String, String) {
    (
        format!("<!-- {name}: written from the event table (crates/abviz-trace/src/event/events.table) -->"),
        format!("<!-- end of {name} -->"),
    )
}

/// The events table of the readable layout: kind, fields, what happened.
pub fn events_table() -> String {
    let mut out = String::from("| kind | fields | what happened |\n| --- | --- | --- |\n");
    for &kind in EventKind::ALL {
        let fields: Vec<String> = kind
            .fields()
            .iter()
            .map(|f| match f.values {
                [] => format!("`{}`", f.name),
                values => format!(
                    "`{}` ({})",
                    f.name,
                    values.iter().map(|v| format!("`{v}`")).collect::<Vec<_>>().join(", ")
                ),
            })
            .collect();
        out.push_str(&format!("| `{}` | {} | {} |\n", kind.name(), fields.join(", "), kind.docs()));
    }
    out
}

/// How a number is named in the codes table.
fn number_name(name: &str) -> &str {
    match name {
        "alpha" => "α",
        "beta" => "β",
        other => other,
    }
}

/// The numbers an event of `kind` writes after its code and nodes.
fn numbers(kind: EventKind) -> String {
    let mut parts = Vec::new();
    let mut open = false;
    for f in kind.fields() {
        let name = number_name(f.name);
        let part = match f.wire {
            Wire::Node(_) | Wire::Child(_) | Wire::Code => continue,
            Wire::OptId => format!("{name} (id or `null`)"),
            Wire::OptNum => format!("{name} (or `null`)"),
            Wire::Coded => {
                let values: Vec<String> =
                    f.values.iter().enumerate().map(|(i, v)| format!("{i} `{v}`")).collect();
                format!("{name} ({})", values.join(", "))
            }
            _ if f.short == Short::Last => format!("{name} (none when short: the last value)"),
            _ => name.to_string(),
        };
        open |= f.short == Short::Open;
        parts.push(part);
    }
    match (parts.is_empty(), open) {
        (true, _) => "—".to_string(),
        (false, true) => format!("{} — none when short (the window [−∞, +∞])", parts.join(", ")),
        (false, false) => parts.join(", "),
    }
}

/// "`a`", "`a` and `b`", "`a`, `b` and `c`".
fn kinds_list(kinds: &[EventKind]) -> String {
    let names: Vec<String> = kinds.iter().map(|k| format!("`{}`", k.name())).collect();
    abviz_core::text::list(&names, "and")
}

/// The kinds for which `f` holds.
fn kinds_where(f: impl Fn(EventKind) -> bool) -> Vec<EventKind> {
    EventKind::ALL.iter().copied().filter(|&k| f(k)).collect()
}

/// The implied node of a kind's events and of their child (`None`: it has none).
fn implied(kind: EventKind) -> (Option<Implied>, Option<Implied>) {
    let mut out = (None, None);
    for f in kind.fields() {
        match f.wire {
            Wire::Node(i) => out.0 = Some(i),
            Wire::Child(i) => out.1 = Some(i),
            _ => {}
        }
    }
    out
}

/// The nodes an event kind's node and child are implied to be (none: it has no such field).
type ImpliedPair = (Option<Implied>, Option<Implied>);

/// What the decoder keeps and which nodes the shape of the search implies, as a paragraph.
pub fn implied_nodes() -> String {
    let stack = |effects: &[&str], of: &str| {
        kinds_where(|k| {
            let (effect, target) = k.stack();
            effects.contains(&effect) && target == Some(of)
        })
    };
    let new_ids = kinds_where(|k| {
        let (node, child) = implied(k);
        node == Some(Implied::Next) || child == Some(Implied::Next)
    });
    let creates = kinds_where(|k| k.fields().iter().any(|f| f.creates));
    let keeps = kinds_where(|k| k.fields().iter().any(|f| f.keep));
    let pops = stack(&["pop", "pop_to_root"], "node");
    let clears = kinds_where(|k| k.stack().0 == "clear");
    let word = |i: Implied| match i {
        Implied::Top => "*top*",
        Implied::Next => "*next*",
        Implied::Last => "*last*",
        Implied::Never => "written out",
    };
    let mut groups: Vec<(ImpliedPair, Vec<EventKind>)> = Vec::new();
    for &k in EventKind::ALL {
        let key = implied(k);
        if matches!(key, (Some(Implied::Top), None) | (None, None)) {
            continue;
        }
        match groups.iter_mut().find(|(g, _)| *g == key) {
            Some((_, ks)) => ks.push(k),
            None => groups.push((key, vec![k])),
        }
    }
    let implied: Vec<String> = groups
        .into_iter()
        .map(|((node, child), ks)| {
            let what = match (node, child) {
                (Some(n), Some(Implied::Never)) => format!("{}, the child always written out", word(n)),
                (Some(n), Some(c)) => format!("{} and the child {}", word(n), word(c)),
                (Some(n), None) => word(n).to_string(),
                (None, Some(c)) => format!("the child {}", word(c)),
                (None, None) => String::new(),
            };
            format!("for {}, {what}", kinds_list(&ks))
        })
        .collect();
    format!(
        "Reading keeps four things: *next*, one more than the largest id an {} named so far plus the \
         `created` count of every {} since (0 at the start); *top*, the node executing (set to the node \
         by {}, to the child by {}, to the node's parent by {}, to none by {}); *last*, the node that \
         returned last ({}); and the *last value* (of the last {}). Implied are: {}; for every other \
         event, *top*.",
        kinds_list(&new_ids).replace(" and ", " or "),
        kinds_list(&creates),
        kinds_list(&stack(&["push", "restart"], "node")),
        kinds_list(&stack(&["push", "restart"], "child")),
        kinds_list(&pops),
        kinds_list(&clears),
        kinds_list(&pops),
        kinds_list(&keeps).replace(" and ", " or "),
        implied.join("; "),
    )
}

/// The compact layout's codes: code, event (with its variant), the numbers it writes.
pub fn codes_table() -> String {
    let mut out = String::from(
        "| code | event | numbers after the code and the written nodes |\n| --- | --- | --- |\n",
    );
    for (code, name, variant) in super::compact_codes() {
        let kind = *EventKind::ALL.iter().find(|k| k.name() == name).expect("a kind of the table");
        let event = if variant.is_empty() { format!("`{name}`") } else { format!("`{name}` ({variant})") };
        let numbers = if code == kind.code() { numbers(kind) } else { format!("as {}", kind.code()) };
        out.push_str(&format!("| {code} | {event} | {numbers} |\n"));
    }
    out
}

/// The whole generated block called `name` (`events`, `implied`, `codes`), markers included.
pub fn block(name: &str) -> Option<String> {
    let body = match name {
        "events" => events_table(),
        "implied" => implied_nodes() + "\n",
        "codes" => codes_table(),
        _ => return None,
    };
    let (start, end) = markers(name);
    Some(format!("{start}\n{body}{end}"))
}

/// `doc` with every generated block written anew (the blocks it has).
pub fn update(doc: &str) -> String {
    let mut out = doc.to_string();
    for name in ["events", "implied", "codes"] {
        let (start, end) = markers(name);
        if let (Some(a), Some(b)) = (out.find(&start), out.find(&end)) {
            let block = block(name).expect("a block name");
            out.replace_range(a..b + end.len(), &block);
        }
    }
    out
}
