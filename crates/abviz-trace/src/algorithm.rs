//! How an algorithm describes itself to the views: name, title, point of view, what it can do
//! and its pseudocode listing with the role of each line. The search module owns one descriptor
//! per algorithm; a trace stores a copy as data (so this module needs nothing from the search
//! module), and traces read from files bring their own.

use abviz_core::Ties;
use serde::{Deserialize, Serialize};
use std::borrow::Cow;

/// Whose point of view the algorithm reports values and windows in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum Perspective {
    /// MAX's (minimax, alpha-beta).
    #[default]
    Max,
    /// The mover's (the negamax family): the recorder converts to MAX's view.
    Mover,
}

/// What a pseudocode line does, so that events can find the line that did them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum LineRole {
    /// The function header: entering a node.
    Header,
    /// The static evaluation of a leaf.
    Leaf,
    /// The header of a listing's own MIN function (AIMA's MIN-VALUE): entering a MIN node.
    MinHeader,
    /// The static evaluation of a leaf in a listing's own MIN function.
    MinLeaf,
    /// The loop over MAX's children (or the only loop of a negamax listing).
    MaxLoop,
    /// MAX folds a child's value in.
    MaxUpdate,
    /// The cutoff test at MAX (β-cutoff) that breaks out of the loop.
    MaxCut,
    /// The cutoff test at MAX that returns at once (fail-hard: the exit happens on this line).
    MaxCutReturn,
    /// MAX returns.
    MaxReturn,
    /// The loop over MIN's children.
    MinLoop,
    /// MIN folds a child's value in.
    MinUpdate,
    /// The cutoff test at MIN (α-cutoff) that breaks out of the loop.
    MinCut,
    /// The cutoff test at MIN that returns at once.
    MinCutReturn,
    /// MIN returns.
    MinReturn,
    /// A null-window probe of a later child.
    Probe,
    /// The re-search of a child whose probe failed high.
    Research,
    /// A root search begins (iteration, probe, aspiration window).
    PassStart,
    /// A root search ends.
    PassEnd,
    /// The transposition table is looked up.
    TtProbe,
    /// A stored result is used.
    TtHit,
    /// A result is stored.
    TtStore,
    /// MCTS: an iteration begins.
    Iteration,
    /// MCTS: selection by UCT.
    Select,
    /// MCTS: expansion.
    Expand,
    /// MCTS: a playout.
    Simulate,
    /// MCTS: backpropagation.
    Backprop,
    /// Quiescence search: the header, entering a node beyond the depth limit.
    QuiesceHeader,
    /// Quiescence search: a finished game's value.
    QuiesceLeaf,
    /// Quiescence search: the static value stands pat.
    StandPat,
    /// Quiescence search: the stand-pat value reaches β, and the node returns.
    StandPatCut,
    /// Quiescence search: the loop over the captures.
    QuiesceLoop,
    /// Quiescence search: a capture's value folded in.
    QuiesceUpdate,
    /// Quiescence search: the cutoff test that returns at once.
    QuiesceCut,
    /// Quiescence search: the node returns.
    QuiesceReturn,
    /// The loop over a chance node's outcomes.
    ChanceLoop,
    /// A chance node adds an outcome's value, weighted by its probability.
    ChanceUpdate,
    /// *-minimax's test at a chance node that returns at once (its value cannot reach α).
    ChanceCut,
    /// *-minimax's other test (its value cannot fall to β).
    ChanceCutHigh,
    /// Star2's probe of an outcome: its first move only, for a bound.
    StarProbe,
    /// A chance node returns its expected value.
    ChanceReturn,
    /// Any other line.
    Other,
}

/// One line of a listing.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CodeLine {
    /// What the line does.
    pub role: LineRole,
    /// The text, indented with spaces.
    pub text: Cow<'static, str>,
}

impl CodeLine {
    /// A line (for the descriptors' constant listings).
    pub const fn new(role: LineRole, text: &'static str) -> CodeLine {
        CodeLine { role, text: Cow::Borrowed(text) }
    }
}

/// What an algorithm does beyond plain minimax, so views know what to show.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Features {
    /// It searches with an [α, β] window and can cut.
    pub window: bool,
    /// It may search a child again with a new window.
    #[serde(default)]
    pub researches: bool,
    /// It makes several root searches (passes).
    #[serde(default)]
    pub passes: bool,
    /// It uses a transposition table.
    #[serde(default)]
    pub transpositions: bool,
    /// It is a Monte Carlo tree search (visits and results instead of windows).
    #[serde(default)]
    pub mcts: bool,
    /// It searches chance nodes (expectimax, *-minimax).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub chance: bool,
}

/// An algorithm as data: what the trace knows about the search that made it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AlgorithmInfo {
    /// The command-line name ("alphabeta").
    pub name: Cow<'static, str>,
    /// A short human title ("Alpha-beta (fail-hard)").
    pub title: Cow<'static, str>,
    /// Whose point of view the search reports in.
    pub perspective: Perspective,
    /// What it can do.
    pub features: Features,
    /// Its pseudocode.
    pub listing: Cow<'static, [CodeLine]>,
    /// The cutoff test's rule for ties the search ran with (`"ties": "keep"` in a trace file;
    /// absent: the default, cut when α ≥ β).
    #[serde(default, skip_serializing_if = "Ties::is_default")]
    pub ties: Ties,
}

impl Default for AlgorithmInfo {
    fn default() -> Self {
        AlgorithmInfo {
            name: Cow::Borrowed("unknown"),
            title: Cow::Borrowed("Unknown algorithm"),
            perspective: Perspective::Max,
            features: Features::default(),
            listing: Cow::Borrowed(&[]),
            ties: Ties::Prune,
        }
    }
}

impl AlgorithmInfo {
    /// The command-line name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The human title.
    pub fn title(&self) -> &str {
        &self.title
    }

    /// Whether it searches with a window (and so can cut).
    pub fn has_window(&self) -> bool {
        self.features.window
    }

    /// Its point of view.
    pub fn perspective(&self) -> Perspective {
        self.perspective
    }

    /// The listing's lines as text.
    pub fn lines(&self) -> Vec<&str> {
        self.listing.iter().map(|l| l.text.as_ref()).collect()
    }

    /// The first line (0-based) whose role is one of `roles`, tried in order.
    pub fn line_of(&self, roles: &[LineRole]) -> Option<usize> {
        roles.iter().find_map(|r| self.listing.iter().position(|l| l.role == *r))
    }
}
