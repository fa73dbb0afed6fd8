//! The command line (clap derive definitions only).

use clap::{Args, Parser, Subcommand, ValueEnum};
use std::path::PathBuf;

/// abviz — make game-tree search visible: trace minimax and alpha-beta, see every cutoff.
#[derive(Parser, Debug)]
#[command(name = "abviz", version, about, long_about = None, propagate_version = true)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Run one search and print or write its trace (annotated text or JSON).
    Run(RunArgs),
    /// List the games and their position notation.
    Games,
    /// Show the built-in lecture example (the AIMA tree under alpha-beta).
    Demo(DemoArgs),
    /// Count the nodes several algorithms visit on the same inputs: a table, or charts in HTML.
    Compare(CompareArgs),
}

/// Who moves at the root of an explicit tree.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum RootArg {
    /// MAX moves first (the default).
    Max,
    /// MIN moves first.
    Min,
}

/// Where the search input comes from (exactly one of --tree, --tree-file, --random, --game).
#[derive(Args, Debug, Clone)]
pub struct InputArgs {
    /// A tree in the notation, e.g. '((3 12 8) (2 4 6) (14 5 2))', or as JSON.
    #[arg(long, value_name = "TREE", group = "input")]
    pub tree: Option<String>,
    /// A file holding a tree in the notation or JSON ('-' reads standard input).
    #[arg(long, value_name = "FILE", group = "input")]
    pub tree_file: Option<PathBuf>,
    /// A random uniform tree: branching, depth and optional seed, e.g. 3,4 or 3,4,42.
    #[arg(long, value_name = "B,D[,SEED]", group = "input")]
    pub random: Option<String>,
    /// A game: tictactoe (see `abviz games`).
    #[arg(long, value_name = "NAME", group = "input")]
    pub game: Option<String>,
    /// Who moves at the root of a tree (also settable by a leading min/max keyword).
    #[arg(long, value_enum)]
    pub root: Option<RootArg>,
    /// Leaf values of a random tree, LO..HI inclusive [default: 0..20].
    #[arg(long, value_name = "LO..HI")]
    pub values: Option<String>,
    /// Child order of a random tree: natural, best (Knuth–Moore minimal tree) or worst
    /// [default: natural].
    #[arg(long, value_name = "ORDER")]
    pub ordering: Option<String>,
    /// The game position (see `abviz games`); default: the start position.
    #[arg(long, value_name = "POS")]
    pub position: Option<String>,
    /// Search depth in plies for games (default: to the end of the game).
    #[arg(long, value_name = "D")]
    pub depth: Option<u32>,
    /// Evaluation at the depth limit: tic-tac-toe: win or open-lines.
    #[arg(long, value_name = "EVAL")]
    pub eval: Option<String>,
}

/// Output formats of `abviz run`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum FormatArg {
    /// Annotated tree and summary.
    Text,
    /// The JSON trace.
    Json,
}

/// `abviz run`.
#[derive(Args, Debug)]
pub struct RunArgs {
    /// The input.
    #[command(flatten)]
    pub input: InputArgs,
    /// The algorithm: minimax, alphabeta, alphabeta-soft, negamax, negamax-ab.
    #[arg(long, short = 'a', value_name = "ALGO", default_value = "alphabeta")]
    pub algo: String,
    /// Output format.
    #[arg(long, short = 'f', value_enum, default_value = "text")]
    pub format: FormatArg,
    /// Write to FILE instead of standard output.
    #[arg(long, short = 'o', value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// JSON without nodes and events (for huge searches).
    #[arg(long)]
    pub stats_only: bool,
    /// Stop a search that visits more nodes than this.
    #[arg(long, value_name = "N", default_value_t = abviz::input::DEFAULT_MAX_NODES)]
    pub max_nodes: u64,
    /// Text: print the tree down to this depth only (root = 0).
    #[arg(long, value_name = "K")]
    pub max_depth: Option<u32>,
}

/// `abviz demo`.
#[derive(Args, Debug)]
pub struct DemoArgs {}

/// Output formats of `abviz compare`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum CompareFormatArg {
    /// A table for the terminal.
    Table,
    /// A Markdown table.
    #[value(alias = "markdown")]
    Md,
    /// CSV, one line per input and algorithm.
    Csv,
    /// The whole report as JSON.
    Json,
    /// A self-contained HTML page with SVG charts.
    Html,
}

/// `abviz compare`.
#[derive(Args, Debug)]
#[command(after_help = "Examples:
  abviz compare --game tictactoe                       the full game: minimax 549,946 nodes, alpha-beta 18,297
  abviz compare --game tictactoe --depth 1..9 -f html -o ttt.html
  abviz compare --branching 2..4 --depth 1..8 --samples 20 -f html -o sweep.html
  abviz compare --tree '((3 12 8) (2 4 6) (14 5 2))'")]
pub struct CompareArgs {
    /// A tree in the notation or JSON (one input, no sweep).
    #[arg(long, value_name = "TREE", group = "input")]
    pub tree: Option<String>,
    /// A file holding a tree ('-' reads standard input).
    #[arg(long, value_name = "FILE", group = "input")]
    pub tree_file: Option<PathBuf>,
    /// One random tree, exactly as `abviz run --random` builds it: B,D[,SEED].
    #[arg(long, value_name = "B,D[,SEED]", group = "input")]
    pub random: Option<String>,
    /// A game (see `abviz games`), searched to each --depth.
    #[arg(long, value_name = "NAME", group = "input")]
    pub game: Option<String>,
    /// Who moves at the root of a tree.
    #[arg(long, value_enum)]
    pub root: Option<RootArg>,
    /// Leaf values of random trees, LO..HI inclusive [default: 0..20].
    #[arg(long, value_name = "LO..HI")]
    pub values: Option<String>,
    /// The game position (see `abviz games`).
    #[arg(long, value_name = "POS")]
    pub position: Option<String>,
    /// Evaluation at the depth limit of a game: tic-tac-toe: win or open-lines.
    #[arg(long, value_name = "EVAL")]
    pub eval: Option<String>,
    /// Depths: a game's depth limits, or the depths of swept random trees; 1..9 (inclusive),
    /// 2,4,6 or 5 [games: to the end].
    #[arg(long, value_name = "RANGE")]
    pub depth: Option<String>,
    /// Branching factors of swept random trees (no input option): 2..8, 2,4 or 3.
    #[arg(long, value_name = "RANGE")]
    pub branching: Option<String>,
    /// Child orders of random trees: any of best, random, worst [sweeps: best,random,worst;
    /// --random: random].
    #[arg(long, value_name = "LIST")]
    pub ordering: Option<String>,
    /// Random trees per sweep cell; the table shows means (and the range) [default: 10].
    #[arg(long, value_name = "N")]
    pub samples: Option<u32>,
    /// The seed every sweep tree's seed is derived from [default: 1].
    #[arg(long, value_name = "SEED")]
    pub seed: Option<u64>,
    /// Algorithms to compare, comma-separated [default: minimax and every alpha-beta variant].
    #[arg(long, value_name = "LIST")]
    pub algos: Option<String>,
    /// Output format.
    #[arg(long, short = 'f', value_enum, default_value = "table")]
    pub format: CompareFormatArg,
    /// Write to FILE instead of standard output.
    #[arg(long, short = 'o', value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// Stop (with an error) any single search that visits more nodes than this.
    #[arg(long, value_name = "N", default_value_t = 1_000_000_000)]
    pub max_nodes: u64,
}
