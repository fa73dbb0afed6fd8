//! `abviz step`: walk through a recorded search one event at a time, in the terminal.
//!
//! Two front ends read the same [`Timeline`] of a [`Trace`]:
//! - [`tui`]: a full-screen view (ratatui) with the tree, the α/β stack, the narration, the
//!   pseudocode and the counts so far;
//! - [`plain`]: one numbered line per event, driven by commands on standard input, for pipes,
//!   scripts, screen readers and ssh sessions.
//!
//! Both narrate with [`crate::trace::narration::narrate`] (the sentence the HTML stepper shows too)
//! and never re-run the search: everything comes from the trace's events and its timeline.
//!
//! ```
//! use abviz::input::{Input, RunOptions};
//! use abviz::search::Algorithm;
//! use abviz::step::plain;
//! use abviz::trace::Timeline;
//!
//! let input = Input::from_tree_text("A:(B:(3 12 8) C:(2 4 6) D:(14 5 2))", None).unwrap();
//! let trace = input.trace(Algorithm::AlphaBeta, &RunOptions::default()).unwrap();
//! let replay = Timeline::new(&trace);
//! let cut = replay.next_cutoff(0).unwrap();
//! let line = plain::line(&replay, cut, false);
//! assert!(line.starts_with("22  C (MIN) [3, 2]  At C (MIN) the child value 2 ≤ α = 3 set at A: α-cutoff"));
//! ```

// The full-screen stepper (ratatui) comes with the `cli` feature; the plain mode always.
#[cfg(feature = "cli")]
pub mod keys;
#[cfg(feature = "cli")]
mod outline;
pub mod plain;
#[cfg(feature = "cli")]
pub mod terminal;
#[cfg(feature = "cli")]
mod theme;
#[cfg(feature = "cli")]
pub mod tui;
#[cfg(feature = "cli")]
mod view;

use crate::game::Player;
use crate::trace::{Frame, NodeId, Timeline, Trace};
use std::str::FromStr;

/// How far `--until` runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Until {
    /// To the first cutoff.
    Cutoff,
    /// To the last step.
    End,
    /// To step N (1-based, as shown).
    Step(usize),
}

impl FromStr for Until {
    type Err = String;
    fn from_str(s: &str) -> Result<Until, String> {
        match s.trim().to_ascii_lowercase().as_str() {
            "cutoff" | "cut" => Ok(Until::Cutoff),
            "end" | "last" => Ok(Until::End),
            t => match t.parse::<usize>() {
                Ok(n) if n >= 1 => Ok(Until::Step(n)),
                _ => Err(format!("--until takes cutoff, end or a step number (1, 2, ...), not '{s}'")),
            },
        }
    }
}

impl Until {
    /// The 0-based step it stands for in `replay`, or why it cannot be reached.
    pub fn resolve(self, replay: &Timeline) -> Result<usize, String> {
        match self {
            Until::End => Ok(replay.last()),
            Until::Cutoff => replay.cutoff_steps().first().map(|&s| s as usize).ok_or_else(|| {
                let algo = &replay.trace().algorithm();
                if algo.has_window() {
                    "--until cutoff: this search has no cutoff".to_string()
                } else {
                    format!("--until cutoff: {} never cuts; try --algo alphabeta", algo.name())
                }
            }),
            Until::Step(n) if n <= replay.len() => Ok(n - 1),
            Until::Step(n) => Err(format!("--until {n}: this search has only {} steps", replay.len())),
        }
    }
}

/// Whether to colour the output (`--color`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum ColorChoice {
    /// Colour when writing to a terminal and `NO_COLOR` is not set.
    #[default]
    Auto,
    /// Always colour (overrides `NO_COLOR`).
    Always,
    /// Never colour.
    Never,
}

impl ColorChoice {
    /// Decides, given whether the output is a terminal and the value of `NO_COLOR`
    /// (<https://no-color.org>: any non-empty value turns colour off).
    pub fn enabled(self, is_terminal: bool, no_color: Option<&std::ffi::OsStr>) -> bool {
        match self {
            ColorChoice::Always => true,
            ColorChoice::Never => false,
            ColorChoice::Auto => is_terminal && no_color.is_none_or(|v| v.is_empty()),
        }
    }
}

/// A short name for a node in a list or a stack: its own name, "root", its move (games), or for
/// an unnamed tree node the path of child numbers; escaped where it could drive the terminal.
pub fn short_name(trace: &Trace, id: NodeId) -> String {
    let name = match trace.name(id) {
        Some(n) => n.to_string(),
        None if trace.parent(id).is_none() => "root".into(),
        None if trace.input().kind.is_game() => trace.move_label(id).to_string(),
        None => trace.display_name(id),
    };
    crate::safe_text::for_terminal(&name).into_owned()
}

/// "▲" for MAX, "▼" for MIN.
pub fn triangle(player: Player) -> &'static str {
    match player {
        Player::Max => "▲",
        Player::Min => "▼",
    }
}

/// A stack frame's state as text: "[α, β]" for windowed searches, "best v" (or "best –" before any
/// child reported) for minimax and negamax.
pub fn window_text(replay: &Timeline, frame: &Frame) -> String {
    if replay.trace().algorithm().has_window() {
        format!("[{}, {}]", frame.alpha, frame.beta)
    } else {
        match replay.best_so_far(frame) {
            Some(v) => format!("best {v}"),
            None => "best –".into(),
        }
    }
}

/// A stack frame's state after `step` as text: [`window_text`]; for MCTS its visits and mean
/// result so far ("N 3 · W/N 0.333", "N 0" before its first backpropagation); at a chance node
/// of a window-less search its expected value so far ("Σ ≈4.33").
pub fn frame_text(replay: &Timeline, step: usize, frame: &Frame) -> String {
    if replay.trace().is_chance(frame.node) && !replay.trace().algorithm().has_window() {
        // A chance node has no best: its outcomes so far, weighted by their probabilities.
        return match replay.expected_so_far(frame.node, step) {
            Some(v) => format!("Σ {v}"),
            None => "Σ –".into(),
        };
    }
    if !replay.trace().algorithm().features.mcts {
        return window_text(replay, frame);
    }
    mcts_text(replay, frame.node, step).unwrap_or_else(|| "N 0".into())
}

/// An MCTS node's visits and mean result after `step` ("N 3 · W/N 0.333"), `None` before its
/// first backpropagation.
pub fn mcts_text(replay: &Timeline, node: crate::trace::NodeId, step: usize) -> Option<String> {
    let (n, w) = replay.mcts_at(node, step)?;
    Some(format!("N {n} · W/N {}", crate::trace::narration::number(w / f64::from(n.max(1)))))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::ffi::OsStr;

    #[test]
    fn no_color_and_the_flag() {
        let set = Some(OsStr::new("1"));
        assert!(ColorChoice::Auto.enabled(true, None));
        assert!(!ColorChoice::Auto.enabled(true, set));
        assert!(ColorChoice::Auto.enabled(true, Some(OsStr::new(""))), "an empty NO_COLOR does not count");
        assert!(!ColorChoice::Auto.enabled(false, None));
        assert!(ColorChoice::Always.enabled(false, set));
        assert!(!ColorChoice::Never.enabled(true, None));
    }

    #[test]
    fn until_parses_and_resolves() {
        use crate::input::{Input, RunOptions};
        let trace = Input::from_tree_text("A:(B:(3 12 8) C:(2 4 6) D:(14 5 2))", None)
            .unwrap()
            .trace(crate::search::Algorithm::AlphaBeta, &RunOptions::default())
            .unwrap();
        let replay = Timeline::new(&trace);
        assert_eq!("cutoff".parse::<Until>().unwrap().resolve(&replay), Ok(21));
        assert_eq!("END".parse::<Until>().unwrap().resolve(&replay), Ok(40));
        assert_eq!("41".parse::<Until>().unwrap().resolve(&replay), Ok(40));
        assert!("42".parse::<Until>().unwrap().resolve(&replay).unwrap_err().contains("only 41 steps"));
        assert!("0".parse::<Until>().is_err());
        assert!("later".parse::<Until>().is_err());
    }
}
