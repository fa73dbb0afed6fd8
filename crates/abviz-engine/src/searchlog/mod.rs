//! Search logs written by other programs: read one against its tree or game, record it as a
//! [`Trace`] (so that every view draws it), and check it against abviz's own search, node by
//! node ([`check`]). The format — JSON Lines, one event a line — is documented in
//! docs/search-log.md.
//!
//! ```
//! use abviz_engine::input::Input;
//! use abviz_engine::search::Algorithm;
//! use abviz_engine::searchlog::{CheckOptions, check, import};
//!
//! let input = Input::from_tree_text("A:(B:(3 12 8) C:(2 4 6) D:(14 5 2))", None).unwrap();
//! let log = br#"{"event":"enter","node":"A","alpha":"-inf","beta":"inf"}
//! {"event":"enter","node":"B","alpha":"-inf","beta":"inf"}
//! {"event":"leaf","node":"0.0","value":3}
//! {"event":"leaf","node":"0.1","value":12}
//! {"event":"leaf","node":"0.2","value":8}
//! {"event":"exit","node":"B","value":3}
//! {"event":"exit","node":"A","value":3}
//! "#;
//! let trace = import(&input, &log[..], None).unwrap();
//! assert_eq!(trace.result().value, 3.into());
//! let verdict = check(&input, log, &CheckOptions::new(Algorithm::AlphaBeta)).unwrap();
//! assert!(!verdict.agree());
//! assert_eq!(verdict.comparison.first_divergence.unwrap().line, 7);
//! ```

pub mod compare;
mod error;
pub mod figure;
pub mod leaves;
pub mod line;
mod record;
pub mod reference;
pub mod report;
pub mod steps;

pub use compare::{Comparison, Divergence, UnionNode, Visited};
pub use error::{LogError, LogErrorKind};
pub use leaves::Counting;

use crate::Error;
use crate::input::{GameTask, Input};
use abviz_core::{Game, Ties};
use abviz_search::{Algorithm, Settings};
use abviz_trace::{AlgorithmInfo, Features, InputInfo, Perspective, Recorder, Trace};
use std::borrow::Cow;
use std::io::BufRead;
use steps::{Reader, Step};

/// The descriptor of a log imported without naming its algorithm.
pub fn log_descriptor() -> AlgorithmInfo {
    AlgorithmInfo {
        name: Cow::Borrowed("log"),
        title: Cow::Borrowed("Search log"),
        perspective: Perspective::Max,
        features: Features { window: true, ..Features::default() },
        listing: Cow::Borrowed(&[]),
        ties: Ties::Prune,
    }
}

/// Reads `log` as a search of `input` and records it as a trace. With `algo`, the log's values
/// are in that algorithm's point of view (the mover's for negamax) and the trace shows its
/// pseudocode; without, they are MAX's.
pub fn import(input: &Input, log: impl BufRead, algo: Option<Algorithm>) -> Result<Trace, Error> {
    input.with_game(ImportTask { log, algo })
}

struct ImportTask<R> {
    log: R,
    algo: Option<Algorithm>,
}

impl<R: BufRead> GameTask for ImportTask<R> {
    type Output = Result<Trace, Error>;
    fn run<G: Game>(self, game: G, _depth: u32, info: InputInfo) -> Self::Output {
        let mut descriptor = self.algo.map_or_else(log_descriptor, |a| a.descriptor().clone());
        let mover_view = descriptor.perspective == Perspective::Mover;
        let steps = Reader::new(&game, mover_view).read_all(self.log)?;
        descriptor.features.researches |= steps.has(|s| matches!(s, Step::Research { .. }));
        descriptor.features.passes |= steps.has(|s| matches!(s, Step::Pass { .. }));
        let explicit = !game.leaves_are_game_ends();
        let rec = Recorder::new(&descriptor, u64::MAX)
            .with_positions(!explicit)
            .with_pruned_subtrees(if explicit { 100_000 } else { 0 });
        Ok(record::record(&steps, &game, rec, mover_view, info)?)
    }
}

/// How a log is checked.
#[derive(Clone, Debug)]
pub struct CheckOptions {
    /// The algorithm the log should follow.
    pub algo: Algorithm,
    /// Its settings.
    pub settings: Settings,
    /// The reference search's node budget.
    pub max_nodes: u64,
    /// What is compared: every node entered, or the static evaluations only.
    pub count: Counting,
}

impl CheckOptions {
    /// Checking against `algo` with the default settings, node by node.
    pub fn new(algo: Algorithm) -> CheckOptions {
        CheckOptions {
            algo,
            settings: Settings::default(),
            max_nodes: crate::input::DEFAULT_MAX_NODES,
            count: Counting::Nodes,
        }
    }
}

/// What [`check`] found.
#[derive(Clone, Debug)]
pub struct Verdict {
    /// The algorithm asked for.
    pub algo: Algorithm,
    /// The comparison with it.
    pub comparison: Comparison,
    /// The tie rule asked for.
    pub ties: Ties,
    /// What was compared: every node, or the evaluations only.
    pub count: Counting,
    /// The other conventions the log follows exactly (algorithm and tie rule), when it leaves
    /// the one asked for.
    pub matches: Vec<(Algorithm, Ties)>,
}

impl Verdict {
    /// Whether the log agrees with the algorithm asked for.
    pub fn agree(&self) -> bool {
        self.comparison.agree()
    }

    /// "this is fail-hard alpha-beta; you asked for fail-soft alpha-beta", when the log follows
    /// another convention.
    pub fn convention(&self) -> Option<String> {
        let names: Vec<String> = self.matches.iter().map(|&(a, t)| convention_words(a, t)).collect();
        (!names.is_empty()).then(|| {
            format!(
                "this is {}; you asked for {}",
                names.join(" or "),
                convention_words(self.algo, self.ties)
            )
        })
    }
}

/// The algorithms a log is tried against when it leaves the one asked for, the likeliest
/// mix-ups first (an order of this check's own, so a list here rather than in the registry).
const CONVENTIONS: [Algorithm; 5] = [
    Algorithm::AlphaBeta,
    Algorithm::AlphaBetaSoft,
    Algorithm::Minimax,
    Algorithm::NegamaxAb,
    Algorithm::Negamax,
];

/// An algorithm with its tie rule in sentences: "fail-hard alpha-beta with ties kept (cut only
/// when α > β)"; the default rule is not named.
pub fn convention_words(algo: Algorithm, ties: Ties) -> String {
    match ties {
        Ties::Keep if algo.has_window() => {
            format!("{} with ties kept (cut only when α > β)", algo_words(algo))
        }
        _ => algo_words(algo).to_string(),
    }
}

/// What an algorithm is called in sentences ([`Algorithm::in_words`]).
pub fn algo_words(algo: Algorithm) -> &'static str {
    algo.in_words()
}

/// Checks `log`, a search of `input`, against abviz's own search with `opts`.
pub fn check(input: &Input, log: &[u8], opts: &CheckOptions) -> Result<Verdict, Error> {
    if !reference::checkable(opts.algo) {
        return Err(Error::NotCheckable { algo: opts.algo });
    }
    if opts.count == Counting::Leaves && opts.algo.descriptor().features.researches {
        return Err(Error::EvaluationsCannotShowResearch { algo: opts.algo });
    }
    input.with_game(CheckTask { log, opts })
}

struct CheckTask<'a> {
    log: &'a [u8],
    opts: &'a CheckOptions,
}

impl GameTask for CheckTask<'_> {
    type Output = Result<Verdict, Error>;
    fn run<G: Game>(self, game: G, depth: u32, _info: InputInfo) -> Self::Output {
        let CheckTask { log, opts } = self;
        let by_leaves = opts.count == Counting::Leaves;
        let read = |mover: bool| -> Result<steps::Steps, LogError> {
            if !by_leaves {
                return Reader::new(&game, mover).read_all(log);
            }
            let evaluations = if leaves::leaves_only(log) {
                leaves::read(&game, log, mover)?
            } else {
                leaves::evaluations(&Reader::new(&game, mover).read_all(log)?)
            };
            Ok(leaves::steps(&evaluations))
        };
        let against = |algo: Algorithm, ties: Ties, steps: &steps::Steps| -> Result<Comparison, Error> {
            let settings = Settings { ties, ..opts.settings };
            let reference = reference::reference(algo, &game, depth, &settings, opts.max_nodes)?;
            let name = convention_words(algo, ties);
            let words = compare::Words {
                algo: &name,
                mover_view: algo.perspective() == Perspective::Mover,
                window: algo.has_window(),
                leaves: by_leaves,
            };
            Ok(compare::compare(&game, steps, &reference, &words))
        };
        let mover = opts.algo.perspective() == Perspective::Mover;
        let (steps, view_error) = match read(mover) {
            Ok(steps) => (steps, None),
            Err(e) if matches!(e.kind, LogErrorKind::LeafValue { .. }) => match read(!mover) {
                Ok(steps) => (steps, Some(e)),
                Err(_) => return Err(e.into()),
            },
            Err(e) => return Err(e.into()),
        };
        let asked = (opts.algo, opts.settings.ties);
        let mut comparison = against(opts.algo, asked.1, &steps)?;
        if let Some(e) = view_error {
            let (node, view) = match &e.kind {
                LogErrorKind::LeafValue { node, .. } => {
                    (node.clone(), if mover { "MAX's" } else { "the mover's" })
                }
                _ => (String::new(), ""),
            };
            comparison.first_divergence = Some(Divergence {
                node,
                line: e.line,
                reason: format!("{}: your values are from {view} point of view", e.kind),
            });
        }
        let mut matches = Vec::new();
        if !comparison.agree() {
            let rules =
                |a: Algorithm| if a.has_window() { vec![Ties::Prune, Ties::Keep] } else { vec![Ties::Prune] };
            let alternatives = CONVENTIONS
                .into_iter()
                .flat_map(|a| rules(a).into_iter().map(move |t| (a, t)))
                .filter(|&c| c != asked);
            for (alt, ties) in alternatives {
                let alt_mover = alt.perspective() == Perspective::Mover;
                let Ok(alt_steps) = read(alt_mover) else { continue };
                if against(alt, ties, &alt_steps).is_ok_and(|c| c.agree()) {
                    matches.push((alt, ties));
                }
            }
            // Where both tie rules fit (no tie decides a cut), the rule is not named.
            let both = |a: Algorithm| {
                matches.contains(&(a, Ties::Prune))
                    && (matches.contains(&(a, Ties::Keep)) || asked == (a, Ties::Keep))
            };
            let pruned: Vec<(Algorithm, Ties)> =
                matches.iter().copied().filter(|&(a, t)| !(t == Ties::Keep && both(a))).collect();
            matches = pruned;
        }
        Ok(Verdict { algo: opts.algo, ties: opts.settings.ties, count: opts.count, comparison, matches })
    }
}
