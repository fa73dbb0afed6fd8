//! One sentence per event, for students: the HTML stepper and the terminal stepper both use
//! [`narrate`].

use crate::Score;
use crate::trace::{Bound, CutKind, EventKind, NONE, NodeId, Status, Trace};

fn who(trace: &Trace, id: NodeId) -> String {
    let n = trace.node(id);
    format!("{} ({})", trace.display_name(id), n.player.upper())
}

fn window(alpha: Score, beta: Score) -> String {
    format!("[{alpha}, {beta}]")
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
            let what =
                if e.node == Trace::ROOT { "Start at the root".to_string() } else { "Enter".to_string() };
            if windowed {
                format!("{what} {} with α = {}, β = {}.", who(trace, e.node), node.alpha_in, node.beta_in)
            } else {
                format!("{what} {}.", who(trace, e.node))
            }
        }
        EventKind::Eval => {
            if node.status == Status::Terminal {
                format!("{} is a finished game: its value is {}.", trace.display_name(e.node), node.value)
            } else {
                format!("Evaluate the leaf {}: {}.", trace.display_name(e.node), node.value)
            }
        }
        EventKind::Update => {
            let Some(p) = trace.parent(e.node) else { return String::new() };
            let parent = trace.node(p);
            let head = format!("{} returns {} to {}", trace.display_name(e.node), node.value, who(trace, p));
            if windowed {
                let changed = match parent.player {
                    crate::game::Player::Max => format!("α = {}", node.parent_alpha),
                    crate::game::Player::Min => format!("β = {}", node.parent_beta),
                };
                format!("{head}: now {changed}, window {}.", window(node.parent_alpha, node.parent_beta))
            } else {
                let best = match parent.player {
                    crate::game::Player::Max => node.parent_alpha,
                    crate::game::Player::Min => node.parent_beta,
                };
                format!("{head}: its best value so far is {best}.")
            }
        }
        EventKind::Cutoff => {
            let Some(c) = trace.cutoff(e.node) else { return String::new() };
            let children = trace.children(e.node);
            let child_value =
                children.get(c.child as usize).map(|&ch| trace.node(ch).value).unwrap_or(node.value);
            let source = if c.bound_from == NONE {
                "the initial window".to_string()
            } else if c.bound_from == e.node {
                "here".to_string()
            } else {
                format!("at {}", trace.display_name(c.bound_from))
            };
            let test = match c.kind {
                CutKind::Alpha => format!("the child value {child_value} ≤ α = {} set {source}", c.alpha),
                CutKind::Beta => format!("the child value {child_value} ≥ β = {} set {source}", c.beta),
            };
            let pruned: Vec<String> = children
                .iter()
                .filter(|&&ch| trace.node(ch).status == Status::Pruned)
                .map(|&ch| trace.display_name(ch))
                .collect();
            let tail = match pruned.len() {
                0 => "it was the last child, so nothing is pruned".to_string(),
                1 => format!("{} is never searched", pruned[0]),
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
            if e.node == Trace::ROOT {
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
