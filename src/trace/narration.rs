//! One sentence per event, for students: the HTML stepper and the terminal stepper both use
//! [`narrate`].

use crate::game::Player;
use crate::trace::{Bound, CutKind, EventKind, NONE, NodeId, Status, Trace};

fn who(trace: &Trace, id: NodeId) -> String {
    let n = trace.node(id);
    format!("{} ({})", trace.display_name(id), n.player.upper())
}

/// A list of names: "C2", "C2 and C3", "C2, C3 and C4".
fn name_list(names: &[String]) -> String {
    match names {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

/// The sentence for event number `step` (0-based index into [`Trace::events`]).
pub fn narrate(trace: &Trace, step: usize) -> String {
    let Some(e) = trace.events.get(step) else { return String::new() };
    let windowed = trace.algorithm.has_window();
    let node = trace.node(e.node);
    match e.kind {
        EventKind::Enter => {
            let name = trace.display_name(e.node);
            let what = if e.node == Trace::ROOT && trace.name(e.node).is_none() {
                // Unnamed, the root is just "the root (MAX)", not "the root root (MAX)".
                format!("Start at the root ({})", node.player.upper())
            } else if e.node == Trace::ROOT {
                format!("Start at the root {}", who(trace, e.node))
            } else if node.is_leaf() {
                format!("Visit the leaf {name}")
            } else {
                format!("Enter {}", who(trace, e.node))
            };
            if windowed {
                format!("{what} with α = {}, β = {}.", node.alpha_in, node.beta_in)
            } else {
                format!("{what}.")
            }
        }
        EventKind::Eval => {
            let name = trace.display_name(e.node);
            if node.status == Status::Terminal {
                format!("{name} is a finished game: its value is {}.", node.value)
            } else if trace.input.kind.is_game() {
                format!("The depth limit is reached at {name}: its static evaluation is {}.", node.value)
            } else {
                format!("Evaluate the leaf {name}: {}.", node.value)
            }
        }
        EventKind::Update => {
            let Some(p) = trace.parent(e.node) else { return String::new() };
            let parent = trace.node(p);
            let v = node.value;
            let head = format!("{} returns {v} to {}", trace.display_name(e.node), who(trace, p));
            // The parent's window before this child reported: after the previous child, or on entry.
            let siblings = trace.children(p);
            let before = siblings[..(node.index as usize).min(siblings.len())]
                .iter()
                .rev()
                .map(|&s| trace.node(s))
                .find(|s| s.visited())
                .map_or((parent.alpha_in, parent.beta_in), |s| (s.parent_alpha, s.parent_beta));
            let (alpha, beta) = (node.parent_alpha, node.parent_beta);
            let first = before == (parent.alpha_in, parent.beta_in) && node.index == 0;
            match (windowed, parent.player) {
                (true, Player::Max) if alpha != before.0 => {
                    format!("{head}: α rises to {alpha}, window [{alpha}, {beta}].")
                }
                (true, Player::Max) => format!("{head}: {v} is not above α = {alpha}, so α stays."),
                (true, Player::Min) if beta != before.1 => {
                    format!("{head}: β falls to {beta}, window [{alpha}, {beta}].")
                }
                (true, Player::Min) => format!("{head}: {v} is not below β = {beta}, so β stays."),
                (false, player) => {
                    let best = if player == Player::Max { alpha } else { beta };
                    if first || best == v {
                        format!("{head}: its best value so far is {best}.")
                    } else {
                        format!("{head}: its best value so far stays {best}.")
                    }
                }
            }
        }
        EventKind::Cutoff => {
            let Some(c) = trace.cutoff(e.node) else { return String::new() };
            let children = trace.children(e.node);
            let child_value =
                children.get(c.child as usize).map(|&ch| trace.node(ch).value).unwrap_or(node.value);
            let source = if c.bound_from == NONE {
                "of the root's initial window".to_string()
            } else if c.bound_from == e.node {
                "set here".to_string()
            } else {
                format!("set at {}", trace.display_name(c.bound_from))
            };
            let test = match c.kind {
                CutKind::Alpha => format!("the child value {child_value} ≤ α = {} {source}", c.alpha),
                CutKind::Beta => format!("the child value {child_value} ≥ β = {} {source}", c.beta),
            };
            // In a game the pruned children are moves from the node just named: their moves say
            // it, and a long list is cut short (a xiangqi cutoff can prune 40 moves).
            let game = trace.input.kind.is_game();
            let pruned: Vec<String> = children
                .iter()
                .filter(|&&ch| trace.node(ch).status == Status::Pruned)
                .map(|&ch| if game { trace.move_label(ch).to_string() } else { trace.display_name(ch) })
                .collect();
            let what = if game { "moves" } else { "children" };
            let tail = match pruned.len() {
                0 => "it was the last child, so nothing is pruned".to_string(),
                1 if game => format!("the move {} is never searched", pruned[0]),
                1 => format!("{} is never searched", pruned[0]),
                n if n > 5 => format!(
                    "the remaining {n} {what} ({}, {}, {}, …, {}) are never searched",
                    pruned[0],
                    pruned[1],
                    pruned[2],
                    pruned[n - 1]
                ),
                _ if game => format!("the moves {} are never searched", name_list(&pruned)),
                _ => format!("{} are never searched", name_list(&pruned)),
            };
            format!("At {} {test}: {}, {tail}.", who(trace, e.node), c.kind.name())
        }
        EventKind::Exit => {
            let bound = match node.bound {
                Bound::Exact => String::new(),
                Bound::Lower => format!(" (a lower bound: its true value is at least {})", node.value),
                Bound::Upper => format!(" (an upper bound: its true value is at most {})", node.value),
            };
            if node.is_leaf() {
                format!("{} is done.", trace.display_name(e.node))
            } else if e.node == Trace::ROOT {
                let best = match &trace.result.best_move {
                    Some(m) => format!("; the best move is {m}"),
                    None => String::new(),
                };
                format!("The root's value is {}{best}. Search complete.", node.value)
            } else {
                format!("{} is done: value {}{bound}.", who(trace, e.node), node.value)
            }
        }
    }
}
