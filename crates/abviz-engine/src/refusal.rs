//! What a request may be refused for: the option at fault ([`Opt`], by what it means, not how a
//! front end spells it) and a message that front ends word ([`RequestError`]). Below the
//! request and the error type, so both can name it.

use crate::game::registry::OptionKind;
use crate::search::Algorithm;

/// An option of a search or of its input, by what it means; front ends spell it their own way.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Opt {
    /// The algorithm.
    Algorithm,
    /// The node budget.
    MaxNodes,
    /// The time limit, in seconds.
    Time,
    /// Whether each node's position is recorded.
    Positions,
    /// Whether a minimax search is counted beside, where it is cheap.
    MinimaxReference,
    /// Whether a minimax search is counted beside, whatever it costs.
    CompareMinimax,
    /// How many never-searched nodes of a tree are recorded, to draw them faded.
    PrunedSubtrees,
    /// MCTS: whether every playout's moves are recorded.
    RecordPlayouts,
    /// MTD(f) and aspiration: the first guess.
    Guess,
    /// Aspiration: the window's half-width.
    Window,
    /// Iterative deepening: the move-ordering heuristics.
    Heuristics,
    /// A quiescence search beyond the depth limit.
    Quiescence,
    /// Whether a cutoff fires on a tie (α = β).
    Ties,
    /// *-minimax: the bounds of every leaf value.
    Bounds,
    /// MCTS: the iterations.
    Iterations,
    /// MCTS: the exploration constant of UCT.
    Exploration,
    /// MCTS: the seed of the playouts.
    Seed,
    /// MCTS: the longest playout, in moves.
    PlayoutLimit,
    /// An explicit tree, in the notation or JSON.
    Tree,
    /// An explicit tree read from a file.
    TreeFile,
    /// A random tree's shape, `B,D[,SEED]`.
    Random,
    /// A random tree's leaf values, `LO..HI`.
    Values,
    /// A game, by name.
    Game,
    /// A game's position.
    Position,
    /// The depth limit.
    Depth,
    /// How a tree's children are reordered by value.
    Ordering,
    /// Who moves at a tree's root.
    Root,
    /// The most nodes an explicit tree may have.
    MaxTreeNodes,
    /// A comparison's algorithms, a list.
    Algorithms,
    /// A comparison's random trees of each shape.
    Samples,
    /// A comparison's branching factors.
    Branching,
    /// A comparison of chance trees.
    Chance,
    /// Counting a search without recording it.
    StatsOnly,
    /// Exercises chosen by their cutoffs.
    Difficulty,
    /// What a comparison's charts and wide table count: nodes, leaves or both.
    Measure,
    /// How a comparison's table is laid out: a line per algorithm, or the algorithms as columns.
    Layout,
    /// A comparison's output format.
    Format,
    /// One of a game's own options (`eval`, `order`, `size`, …).
    GameOption(OptionKind),
}

impl Opt {
    /// Every option but the games' own ones ([`Opt::GameOption`]), in the order messages list
    /// them.
    pub const ALL: &'static [Opt] = &[
        Opt::Algorithm,
        Opt::MaxNodes,
        Opt::Time,
        Opt::Positions,
        Opt::MinimaxReference,
        Opt::CompareMinimax,
        Opt::PrunedSubtrees,
        Opt::RecordPlayouts,
        Opt::Guess,
        Opt::Window,
        Opt::Heuristics,
        Opt::Quiescence,
        Opt::Ties,
        Opt::Bounds,
        Opt::Iterations,
        Opt::Exploration,
        Opt::Seed,
        Opt::PlayoutLimit,
        Opt::Tree,
        Opt::TreeFile,
        Opt::Random,
        Opt::Values,
        Opt::Game,
        Opt::Position,
        Opt::Depth,
        Opt::Ordering,
        Opt::Root,
        Opt::MaxTreeNodes,
        Opt::Algorithms,
        Opt::Samples,
        Opt::Branching,
        Opt::Chance,
        Opt::StatsOnly,
        Opt::Difficulty,
        Opt::Measure,
        Opt::Layout,
        Opt::Format,
    ];

    /// Its name in snake case (`max_nodes`, `playout_limit`; a game option's own word): what
    /// Python's keywords and a page's JSON call it, and the name in the library's own messages.
    pub fn key(self) -> &'static str {
        match self {
            Opt::Algorithm => "algorithm",
            Opt::MaxNodes => "max_nodes",
            Opt::Time => "time",
            Opt::Positions => "positions",
            Opt::MinimaxReference => "minimax_reference",
            Opt::CompareMinimax => "compare_minimax",
            Opt::PrunedSubtrees => "pruned_subtrees",
            Opt::RecordPlayouts => "record_playouts",
            Opt::Guess => "guess",
            Opt::Window => "window",
            Opt::Heuristics => "heuristics",
            Opt::Quiescence => "quiescence",
            Opt::Ties => "ties",
            Opt::Bounds => "bounds",
            Opt::Iterations => "iterations",
            Opt::Exploration => "exploration",
            Opt::Seed => "seed",
            Opt::PlayoutLimit => "playout_limit",
            Opt::Tree => "tree",
            Opt::TreeFile => "tree_file",
            Opt::Random => "random",
            Opt::Values => "values",
            Opt::Game => "game",
            Opt::Position => "position",
            Opt::Depth => "depth",
            Opt::Ordering => "ordering",
            Opt::Root => "root",
            Opt::MaxTreeNodes => "max_tree_nodes",
            Opt::Algorithms => "algorithms",
            Opt::Samples => "samples",
            Opt::Branching => "branching",
            Opt::Chance => "chance",
            Opt::StatsOnly => "stats_only",
            Opt::Difficulty => "difficulty",
            Opt::Measure => "measure",
            Opt::Layout => "layout",
            Opt::Format => "format",
            Opt::GameOption(kind) => kind.word(),
        }
    }

    /// The option called `key` ([`Opt::key`]), games' options included.
    pub fn from_key(key: &str) -> Option<Opt> {
        Opt::ALL
            .iter()
            .copied()
            .find(|o| o.key() == key)
            .or_else(|| OptionKind::ALL.into_iter().find(|k| k.word() == key).map(Opt::GameOption))
    }
}

/// A request the engine refuses: the option at fault, the value given (as it is shown back) and
/// what is wrong with it.
///
/// The message is a template: `{self}` stands for the option with its value, `{KEY}` for
/// another option ([`Opt::key`]: `{algorithm}`, `{game}`), so each front end can spell them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RequestError {
    /// The option at fault.
    pub option: Opt,
    /// The value given, as it is shown back (texts quoted, `'3,x'`), if it is part of the
    /// message.
    pub value: Option<String>,
    /// What is wrong, as a template.
    pub template: String,
}

impl RequestError {
    /// A refusal of `option` (with `value` where the message shows it) worded by `template`.
    pub fn new(option: Opt, value: Option<String>, template: impl Into<String>) -> RequestError {
        RequestError { option, value, template: template.into() }
    }

    /// `option`'s `value` is not one it takes: "{self}: give {takes}".
    pub(crate) fn invalid(option: Opt, value: impl Shown, takes: &str) -> RequestError {
        RequestError::new(option, Some(value.shown()), format!("{{self}}: give {takes}"))
    }

    /// `option` (a text) could not be read: "{self}: {why}".
    pub(crate) fn unreadable(option: Opt, text: &str, why: impl std::fmt::Display) -> RequestError {
        RequestError::new(option, Some(quoted(text)), format!("{{self}}: {}", literal(&why.to_string())))
    }

    /// `option` is not one `algo` takes; the algorithms `takers` do.
    pub(crate) fn not_for(
        option: Opt,
        algo: Algorithm,
        takers: impl Iterator<Item = Algorithm>,
    ) -> RequestError {
        let names: Vec<&str> = takers.map(|a| a.name()).collect();
        let takes =
            if names.is_empty() { "no algorithm".to_string() } else { abviz_core::text::list(&names, "and") };
        RequestError::new(
            option,
            None,
            format!("{{self}} applies to {{algorithm}} {takes}, not to {{algorithm}} {algo}"),
        )
    }

    /// The message with each option spelled by `spell` (the option, and its value where the
    /// message shows it): `--time 0` and `--algo` on the command line, `time=0` and
    /// `algorithm` in Python. `{{` and `}}` in the template are braces of the text.
    pub fn worded(&self, spell: impl Fn(Opt, Option<&str>) -> String) -> String {
        let mut out = String::new();
        let mut rest = self.template.as_str();
        while let Some(at) = rest.find(['{', '}']) {
            out.push_str(&rest[..at]);
            let (brace, after) = (&rest[at..at + 1], &rest[at + 1..]);
            if after.starts_with(brace) {
                out.push_str(brace);
                rest = &after[1..];
                continue;
            }
            let name = (brace == "{").then(|| after.find('}').map(|close| &after[..close])).flatten();
            let spelled = match name {
                Some("self") => Some(spell(self.option, self.value.as_deref())),
                Some(key) => Opt::from_key(key).map(|o| spell(o, None)),
                None => None,
            };
            match (spelled, name) {
                (Some(text), Some(key)) => {
                    out.push_str(&text);
                    rest = &after[key.len() + 1..];
                }
                _ => {
                    out.push_str(brace);
                    rest = after;
                }
            }
        }
        out.push_str(rest);
        out
    }
}

/// `text` (a user's, or a message that holds one) as it stands in a template: its braces
/// doubled, so none reads as an option.
pub(crate) fn literal(text: &str) -> String {
    text.replace('{', "{{").replace('}', "}}")
}

impl std::fmt::Display for RequestError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.worded(|o, value| match value {
            Some(v) => format!("{} {v}", o.key()),
            None => o.key().to_string(),
        }))
    }
}

impl std::error::Error for RequestError {}

/// A value as messages show it back.
pub(crate) trait Shown {
    /// The value as a message shows it.
    fn shown(&self) -> String;
}

impl Shown for u64 {
    fn shown(&self) -> String {
        self.to_string()
    }
}

impl Shown for f64 {
    /// As written (`0`, `-1`, `2.5`), in exponent form where that is shorter (`1e300`, `1e-9`).
    fn shown(&self) -> String {
        let x = *self;
        if x == 0.0 || !x.is_finite() || (1e-4..1e15).contains(&x.abs()) {
            format!("{x}")
        } else {
            format!("{x:?}")
        }
    }
}

/// A text as messages show it back: in single quotes, safe for a terminal.
pub(crate) fn quoted(text: &str) -> String {
    format!("'{}'", crate::safe_text::for_terminal(text))
}
