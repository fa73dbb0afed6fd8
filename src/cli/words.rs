//! The library's errors worded for the command line: the library says what is wrong with
//! fields and without naming flags; here each is said with the flag that set it and what to
//! try instead.

use abviz::Error;
use abviz::game::GameError;
use abviz::game::registry::OptionKind;
use abviz::request::{self, Opt, RequestError};
use abviz::trace::Stop;

/// The command-line flag of a game option: `--eval`, `--size`.
pub fn flag(kind: OptionKind) -> String {
    format!("--{}", kind.word())
}

/// "--order applies to xiangqi (--game xiangqi)", "--eval applies to games (--game NAME)".
pub fn applies_to(kind: OptionKind) -> String {
    let refusal = RequestError {
        option: Opt::GameOption(kind),
        value: None,
        template: request::applies_to_games(kind),
    };
    refusal.worded(spell)
}

/// An option of the engine's request as the command line spells it (`--uct-c`, `--algo`,
/// `--eval`), with its value where a message shows it (`--time 0`).
pub fn spell(option: Opt, value: Option<&str>) -> String {
    let flag = match option {
        Opt::Algorithm => "--algo".to_string(),
        Opt::Exploration => "--uct-c".to_string(),
        Opt::Heuristics => "--ordering-heuristics".to_string(),
        Opt::Algorithms => "--algos".to_string(),
        Opt::GameOption(kind) => flag(kind),
        other => format!("--{}", other.key().replace('_', "-")),
    };
    match value {
        Some(v) => format!("{flag} {v}"),
        None => flag,
    }
}

/// What a stopped search says on the command line: the budget's flag and what to try.
fn stopped(stop: &Stop) -> String {
    match stop {
        Stop::NodeBudget { limit } => format!(
            "the search was stopped after {limit} nodes (the --max-nodes budget); try a smaller --depth or a smaller tree, or raise --max-nodes if you really want this search"
        ),
        Stop::TimeLimit { seconds } => format!(
            "the search was stopped after {seconds} s (the --time limit); try a smaller --depth or more time"
        ),
        Stop::OutOfBounds { value, low, high } => format!(
            "the leaf value {value} lies outside the leaf bounds [{low}, {high}] that *-minimax prunes with; give bounds that hold every leaf with --bounds=L..U (or the tree's own bounds L..U)"
        ),
        Stop::ChanceNodes { algorithm } => format!(
            "this input has chance nodes (a tree's chance nodes, a game's dice), which {algorithm} cannot search: use --algo expectimax (or expectiminimax), star1 or star2"
        ),
        other => other.to_string(),
    }
}

/// `e` as the command line says it: errors that a flag caused name the flag; the others keep
/// the library's words (and their carets).
pub fn report(e: Error) -> miette::Report {
    let say = |text: String| miette::Report::msg(text);
    match e {
        Error::Request(refusal) => say(refusal.worded(spell)),
        Error::Game(GameError::UnknownGame { name, known }) => say(format!(
            "unknown game '{}': abviz knows {known} (see `abviz games`)",
            abviz::safe_text::for_terminal(&name)
        )),
        Error::Game(GameError::OptionNotTaken { option, game, .. }) => {
            say(format!("{}, not to {game}", applies_to(option)))
        }
        Error::Game(GameError::OutOfRange { option, game, value, min, max, meaning }) => say(format!(
            "{} takes a whole number from {min} to {max} for {game} ({meaning}), not '{}'",
            flag(option),
            abviz::safe_text::for_terminal(&value)
        )),
        Error::RootDisagrees { tree, given } => say(format!(
            "the tree text says its root is {} but --root says {}; remove one of them",
            tree.upper(),
            given.upper()
        )),
        Error::QuiescenceNeedsDepth { algo } => say(format!(
            "--quiescence extends a depth-limited search; --algo {algo} plays out to the end instead"
        )),
        Error::NoStaticValue { node, depth, iterative } => {
            let node = abviz::safe_text::for_terminal(&node);
            say(if iterative {
                let fewer = match depth {
                    0 | 1 => String::new(),
                    d => format!(", or stop the passes above it with --depth {}", d - 1),
                };
                format!(
                    "--algo id searches one pass per depth, and pass {depth} evaluates {node} (depth \
                     {depth}) by its static value, which the tree does not give: write the interior \
                     nodes with static values, as A=10:(…) (=10:(…) without a name){fewer}; to search \
                     a tree without them use another algorithm, e.g. --algo alphabeta"
                )
            } else {
                format!(
                    "--depth {depth} evaluates {node} at depth {depth} by its static value, which the \
                     tree does not give: write it as {node_eg}=10:(…), or search to the leaves without --depth",
                    node_eg = if node.starts_with("root") || node.starts_with("the root") {
                        ""
                    } else {
                        node.as_ref()
                    }
                )
            })
        }
        Error::QuiescenceNeedsCaptures { tree } => say(format!(
            "--quiescence searches captures beyond the depth limit, and {}: use it with --game xiangqi",
            if tree { "a tree has no captures" } else { "this game defines no captures" }
        )),
        Error::FolderNeedsPath => {
            say("this output is a folder (a page, index.html, and the pictures it shows): give -o DIR".into())
        }
        Error::BinaryToTerminal { bytes } => say(format!(
            "this output is binary data ({bytes} bytes) and would garble the terminal: give -o FILE or pipe it into a file"
        )),
        Error::Stopped(stop) => say(stopped(&stop)),
        Error::Game(GameError::PerftStopped(stop)) => say(match stop {
            abviz::game::perft::PerftStop::Positions { limit } => format!(
                "perft was stopped after generating {limit} positions (the --max-nodes budget); try a smaller --depth, or raise --max-nodes if you really want this count"
            ),
            abviz::game::perft::PerftStop::Time { seconds } => {
                format!(
                    "perft was stopped after {seconds} s (the --time limit); try a smaller --depth or more time"
                )
            }
        }),
        Error::CompareStopped { input, source } => {
            say(format!("the comparison stopped while searching {input}: {}", stopped(&source)))
        }
        Error::Draw(abviz::export::DrawError::CountsOnly { view }) => say(format!(
            "this trace has no nodes or events (it was written with --stats-only): the {view} replays a full trace"
        )),
        Error::Draw(abviz::export::DrawError::TooManySteps { events, max }) => say(format!(
            "--tikz-steps makes one overlay per event, and this search has {events} events (at most {max}); use a smaller tree"
        )),
        Error::Draw(abviz::export::DrawError::Missing { program }) if program.contains("dot") => {
            say(format!(
                "--render needs {program}, which is not installed. Install it with `apt-get install graphviz` (Debian/Ubuntu), \
             `dnf install graphviz` (Fedora) or `brew install graphviz` (macOS); or use --format svg, which needs no Graphviz."
            ))
        }
        other => miette::Report::new(other),
    }
}
