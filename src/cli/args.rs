//! The command line as clap sees it: every subcommand and flag. Value enums are the library's
//! own (derived under the `cli` feature); game options and their help come from the registry.

use super::lenient::Lenient;
use abviz::export::sheet::Paper;
use abviz::export::{Format, Grain, RankDir, RenderKind, ShowPruned, Style};
use abviz::game::Player;
use abviz::game::registry::OptionKind;
use abviz::search::Algorithm;
use abviz::step::ColorChoice;
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
#[allow(clippy::large_enum_variant)] // parsed once per process
pub enum Command {
    /// Run one search and print or write its trace (annotated text, JSON, or a diagram: SVG, PNG,
    /// PDF, TikZ, DOT, an HTML page).
    Run(RunArgs),
    /// List the games, their position notation and their options.
    #[command(after_help = "Examples:
  abviz games                                   every game, its notation and options
  abviz run --game nim --position 3,4,5         then search one of them
  abviz play --game tictactoe                   or play it")]
    Games,
    /// Write the lecture examples as an HTML site (AIMA, Wikipedia, Nilsson's tic-tac-toe, ...).
    Demo(DemoArgs),
    /// Play against the computer; every computer move can be opened as the search that chose it.
    Play(PlayArgs),
    /// Count the legal move sequences of a given length (perft), to check a move generator.
    Perft(PerftArgs),
    /// Draw a saved trace (from `abviz run --format json`) again, without searching.
    Render(RenderArgs),
    /// Step through a search in the terminal, one event at a time.
    Step(StepArgs),
    /// Count the nodes several algorithms visit on the same inputs: a table, or charts in HTML.
    Compare(CompareArgs),
    /// Write exercise sheets and their answer keys (SVG, TikZ and PDF) for trees to solve by hand.
    Exercise(ExerciseArgs),
    /// Write a practice page: solve trees in the browser, and Check says what is right and why.
    Practice(PracticeArgs),
    /// Read another program's search log (JSON Lines, see docs/search-log.md) and draw it like a
    /// search of abviz's own: text, JSON, SVG, PNG, TikZ, DOT, the page.
    Import(ImportArgs),
    /// Check another program's search log against abviz's own search on the same tree or game:
    /// the first place it leaves the textbook, in words (exit status 0 when they agree, 1 when
    /// they differ).
    Check(CheckArgs),
    /// A quiz in the terminal: the search is replayed, and before each step that matters you say
    /// what happens next (the value a node returns, whether a child is searched).
    Quiz(QuizArgs),
}

/// Where the search input comes from (exactly one of --tree, --tree-file, --random, --game),
/// with the options of trees and games that `run`, `step`, `play` and `compare` share.
#[derive(Args, Debug, Clone, Default)]
pub struct SourceArgs {
    /// A tree in the notation, e.g. '((3 12 8) (2 4 6) (14 5 2))', or as JSON; or a textbook
    /// tree by name: aima, wikipedia, aima-5.12, … (--help lists them).
    #[arg(long, value_name = "TREE", group = "input", long_help = super::help::tree_help())]
    pub tree: Option<String>,
    /// A file holding a tree in the notation or JSON ('-' reads standard input).
    #[arg(long, value_name = "FILE", group = "input")]
    pub tree_file: Option<PathBuf>,
    /// A random uniform tree: branching, depth and optional seed, e.g. 3,4 or 3,4,42.
    #[arg(long, value_name = "B,D[,SEED]", group = "input")]
    pub random: Option<String>,
    /// A game (see `abviz games`).
    #[arg(long, value_name = "NAME", group = "input", help = super::help::game_help())]
    pub game: Option<String>,
    /// Who moves at the root of a tree (also settable by a leading min/max keyword).
    #[arg(long, value_parser = Lenient::<Player>::new())]
    pub root: Option<Player>,
    /// Refuse a --tree or --tree-file of more nodes than this (counted while reading it; about
    /// 14 bytes of memory a node) [default: $ABVIZ_MAX_TREE_NODES, else 50000000].
    #[arg(long, value_name = "N")]
    pub max_tree_nodes: Option<u64>,
    /// Leaf values of a random tree, LO..HI inclusive [default: 0..20].
    #[arg(long, value_name = "LO..HI", allow_hyphen_values = true)]
    pub values: Option<String>,
    /// The game position (see `abviz games`); default: the game's start position.
    #[arg(long, value_name = "POS")]
    pub position: Option<String>,
    /// Evaluation at the depth limit.
    #[arg(long, value_name = "EVAL", help = super::help::option_help(OptionKind::Eval, "Evaluation at the depth limit"))]
    pub eval: Option<String>,
    /// A variant of the rules.
    #[arg(long, value_name = "VARIANT", help = super::help::option_help(OptionKind::Variant, "A variant of the rules"))]
    pub variant: Option<String>,
    /// The shape of a game's board.
    #[command(flatten)]
    pub shape: ShapeArgs,
}

/// The games' whole-number options: the board's size, the candidate radius, pits and seeds.
#[derive(Args, Debug, Clone, Default)]
pub struct ShapeArgs {
    /// The size of the board.
    #[arg(long, value_name = "N", help = super::help::option_help(OptionKind::Size, "The size of the board"))]
    pub size: Option<String>,
    /// Candidate moves lie this close to a stone.
    #[arg(long, value_name = "R", help = super::help::option_help(OptionKind::Radius, "Candidate moves lie this close to a stone"))]
    pub radius: Option<String>,
    /// Pits on each side.
    #[arg(long, value_name = "N", help = super::help::option_help(OptionKind::Pits, "Pits on each side"))]
    pub pits: Option<String>,
    /// Seeds in each pit at the start.
    #[arg(long, value_name = "N", help = super::help::option_help(OptionKind::Seeds, "Seeds in each pit at the start"))]
    pub seeds: Option<String>,
}

/// The input of one search: the source, and how deep and in which order to search it.
#[derive(Args, Debug, Clone, Default)]
pub struct InputArgs {
    /// The tree or game.
    #[command(flatten)]
    pub source: SourceArgs,
    /// Child order: natural, best or worst. An explicit tree keeps its leaves and has every
    /// node's children reordered by value (best first for the mover, or worst first); a random
    /// tree is drawn best-ordered (Knuth–Moore's minimal tree) or worst-ordered (no cutoff
    /// possible) from its seed [default: natural].
    #[arg(long, value_name = "ORDER")]
    pub ordering: Option<String>,
    /// Search depth in plies for games.
    #[arg(long, value_name = "D", help = super::help::depth_help())]
    pub depth: Option<u32>,
    /// Move order.
    #[arg(long, value_name = "ORDER", help = super::help::option_help(OptionKind::Order, "Move order"))]
    pub order: Option<String>,
    /// Move labels.
    #[arg(long, value_name = "NOTATION", help = super::help::option_help(OptionKind::Notation, "Move labels"))]
    pub notation: Option<String>,
}

/// What `abviz play` plays: a game, its position and options, and how deep the computer looks
/// (trees are searched, not played, so their options are not offered here).
#[derive(Args, Debug, Clone)]
pub struct PlayGameArgs {
    /// The game (see `abviz games`).
    #[arg(long, value_name = "NAME", help = super::help::game_help())]
    pub game: String,
    /// The game position (see `abviz games`); default: the game's start position.
    #[arg(long, value_name = "POS")]
    pub position: Option<String>,
    /// Evaluation at the depth limit.
    #[arg(long, value_name = "EVAL", help = super::help::option_help(OptionKind::Eval, "Evaluation at the depth limit"))]
    pub eval: Option<String>,
    /// A variant of the rules.
    #[arg(long, value_name = "VARIANT", help = super::help::option_help(OptionKind::Variant, "A variant of the rules"))]
    pub variant: Option<String>,
    /// How deep the computer searches, in plies.
    #[arg(long, value_name = "D", help = super::help::depth_help())]
    pub depth: Option<u32>,
    /// Move order.
    #[arg(long, value_name = "ORDER", help = super::help::option_help(OptionKind::Order, "Move order"))]
    pub order: Option<String>,
    /// Move labels.
    #[arg(long, value_name = "NOTATION", help = super::help::option_help(OptionKind::Notation, "Move labels"))]
    pub notation: Option<String>,
    /// The shape of a game's board.
    #[command(flatten)]
    pub shape: ShapeArgs,
}

impl PlayGameArgs {
    /// The same, as the input options every command builds its input from.
    pub fn to_input(&self) -> InputArgs {
        InputArgs {
            source: SourceArgs {
                game: Some(self.game.clone()),
                position: self.position.clone(),
                eval: self.eval.clone(),
                variant: self.variant.clone(),
                shape: self.shape.clone(),
                ..SourceArgs::default()
            },
            depth: self.depth,
            order: self.order.clone(),
            notation: self.notation.clone(),
            ..InputArgs::default()
        }
    }
}

/// The options of `--algo mcts` (the other algorithms refuse them).
#[derive(Args, Debug, Clone, Default)]
pub struct MctsArgs {
    /// MCTS: iterations to run [default: 1000].
    #[arg(long, value_name = "N")]
    pub iterations: Option<u64>,
    /// MCTS: the exploration constant C of UCT [default: √2 ≈ 1.414].
    #[arg(long, value_name = "C", allow_negative_numbers = true)]
    pub uct_c: Option<f64>,
    /// MCTS: the seed of the random playouts; the same seed gives the same search [default: 1].
    /// `abviz play` on a game with chance (Pig): the seed of the dice too [default: from the
    /// clock, printed].
    #[arg(long, value_name = "SEED")]
    pub seed: Option<u64>,
    /// MCTS: the longest playout, in moves; a longer one stops and is scored where it stands
    /// (games that may never end) [default: 1000].
    #[arg(long, value_name = "N")]
    pub playout_limit: Option<u64>,
}

/// The settings of the refinements: first guesses, windows and move ordering.
#[derive(Args, Debug, Clone, Default)]
pub struct SettingsArgs {
    /// --algo mtdf: the first guess; --algo aspiration: the window's centre (MAX's view)
    /// [default: 0].
    #[arg(long, value_name = "V", allow_hyphen_values = true)]
    pub guess: Option<String>,
    /// --algo aspiration: the window's half-width δ ≥ 1, so the window is [guess − δ, guess + δ]
    /// [default: 2].
    #[arg(long, value_name = "DELTA")]
    pub window: Option<u32>,
    /// --algo id: move ordering, any of tt (the table's move from the last pass first), killer,
    /// history, comma-separated, or none [default: tt].
    #[arg(long, value_name = "LIST")]
    pub ordering_heuristics: Option<String>,
    /// Games with captures (xiangqi): at the depth limit, search on with the captures only,
    /// the static value standing pat, until the position is quiet (a quiescence search).
    #[arg(long)]
    pub quiescence: bool,
    /// The cutoff test on a tie: prune (cut when α ≥ β, AIMA, MIT 6.034) or keep (cut only when
    /// α > β, so a child equal to the bound is still searched, as CS188 requires) [default:
    /// prune].
    #[arg(long, value_name = "RULE", value_parser = Lenient::<abviz::Ties>::new())]
    pub ties: Option<abviz::Ties>,
    /// Star1 (*-minimax), expectimax: the bounds L..U every leaf value lies in (e.g.
    /// --bounds=-10..10), which Star1 prunes chance nodes with [default: an explicit tree's
    /// least and greatest leaf].
    #[arg(long, value_name = "L..U", allow_hyphen_values = true)]
    pub bounds: Option<String>,
}

/// Options of the diagram formats (dot, svg, tikz, html).
#[derive(Args, Debug, Clone)]
pub struct ViewArgs {
    /// Labels to write, comma-separated: value, leaves (the leaves' values only, interior
    /// nodes blank), bounds (on exit), bounds-in, range, pre (visit order), post, move, name; or
    /// all / none [default: value,bounds,pre,move,name].
    #[arg(long, value_name = "LIST")]
    pub labels: Option<String>,
    /// Never-searched nodes: none, edges (the pruned children) or subtrees (and what lies below
    /// them, faded) [default: subtrees].
    #[arg(long, value_parser = Lenient::<ShowPruned>::new(), value_name = "WHICH")]
    pub show_pruned: Option<ShowPruned>,
    /// Only the principal variation.
    #[arg(long)]
    pub pv_only: bool,
    /// Below a node off the principal variation whose subtree has more than N shown nodes, draw
    /// one "⋯ k nodes" stub; 'off' never collapses [default: only past 2000 nodes].
    #[arg(long, value_name = "N|off")]
    pub collapse: Option<String>,
    /// Pictures (SVG, TikZ, forest, DOT, PNG, PDF) wider than this many units collapse subtrees
    /// off the principal variation until they fit, and say so; 'off' draws them whole
    /// [default: fit a 16:9 slide: a figure wider than 16/9 of its height and than 1920 units
    /// shows at most 12, 9, 7, 5, 4 or 3 children of a node, grouping the others as "⋯ k more"
    /// with their moves, then collapses subtrees; ignored with --collapse].
    #[arg(long, value_name = "PX|off")]
    pub max_width: Option<String>,
    /// MCTS: draw only the children visited at least K times; the thinner branches of a node
    /// become one "⋯ k nodes" stub.
    #[arg(long, value_name = "K")]
    pub min_visits: Option<u32>,
    /// Direction: TB (root at the top) or LR (root at the left) [default: TB].
    #[arg(long, value_parser = Lenient::<RankDir>::new(), value_name = "DIR")]
    pub rankdir: Option<RankDir>,
    /// Shapes: triangles (MAX ▲, MIN ▼, leaf □) or boxes (MAX □, MIN ○) [default: triangles].
    #[arg(long, value_parser = Lenient::<Style>::new(), value_name = "STYLE")]
    pub style: Option<Style>,
    /// TikZ: a beamer frame whose overlays reveal the search one event at a time (the same
    /// as --steps fine).
    #[arg(long)]
    pub tikz_steps: bool,
    /// Step through the search at this pace: coarse (one step per value returned and per
    /// cutoff), medium (per node entered, leaf evaluated, value returned, cutoff) or fine (per
    /// event). --format tikz: a beamer frame with one overlay per step (with --tikz-steps too,
    /// --steps sets the pace); --format html: the page's → and ← keys and buttons.
    #[arg(long, value_parser = Lenient::<Grain>::new(), value_name = "PACE")]
    pub steps: Option<Grain>,
    /// TikZ: for your own document: the tikzpicture alone (with --steps, one beamer frame in
    /// your deck's theme), and abviz.sty beside the -o file; load it with \usepackage{abviz}.
    #[arg(long)]
    pub tikz_body: bool,
    /// TikZ with --steps or --tikz-steps: the beamer frame's title.
    #[arg(long, value_name = "TEXT")]
    pub title: Option<String>,
    /// Leave out the legend and caption.
    #[arg(long)]
    pub no_legend: bool,
    /// Games (SVG, PNG, PDF, TikZ): a small picture of each node's position under its shape, as
    /// the textbooks draw game trees.
    #[arg(long)]
    pub boards: bool,
    /// Multi-pass searches (--algo mtdf, aspiration, id): the pass to draw, 1 for the first, or
    /// `all` for every pass side by side [default: the last, which holds the result].
    #[arg(long, value_name = "N|all")]
    pub pass: Option<String>,
    /// DOT: run Graphviz's `dot` and write SVG, PNG or PDF instead of the graph text.
    #[arg(long, value_parser = Lenient::<RenderKind>::new(), value_name = "KIND")]
    pub render: Option<RenderKind>,
}

/// `abviz run`.
#[derive(Args, Debug)]
#[command(after_help = "Examples:
  abviz run --tree '((3 12 8) (2 4 6) (14 5 2))'             the annotated tree and a summary
  abviz run --tree aima -f svg -o aima.svg                 AIMA's Fig. 5.2 tree by name
  abviz run --tree aima -f tikz --tikz-body --steps coarse --title 'Alpha-beta' -o steps.tex   a frame for your deck
  abviz run --random 3,4,1 --ordering best -f html -o best   a page with the stepper (a folder)
  abviz run --game tictactoe --depth 2 --eval open-lines --algo minimax
  abviz run --game nim --position 3,4,5 -f dot --render png -o nim.png
  abviz run --game tictactoe --position x.o/.x./... --depth 2 --boards -f svg -o ttt.svg   a board in each node
  abviz run --game tictactoe --algo mcts --iterations 500 --seed 7 -f html -o mcts
  abviz run --tree 'min ((3 12 8) (2 4 6) (14 5 2))' --algo pvs   null-window probes and re-searches
  abviz run --game tictactoe --position x.o/.x./... --algo id -f html -o id   passes and TT hits
  abviz run --random 3,4,1 --algo mtdf --guess 10 -f svg -o mtdf.svg")]
pub struct RunArgs {
    /// The input.
    #[command(flatten)]
    pub input: InputArgs,
    /// The algorithm [default: alphabeta-soft; expectimax for an input with chance nodes].
    #[arg(long, short = 'a', value_name = "ALGO", value_parser = Lenient::<Algorithm>::new())]
    pub algo: Option<Algorithm>,
    /// MCTS options.
    #[command(flatten)]
    pub mcts: MctsArgs,
    /// The refinements' settings.
    #[command(flatten)]
    pub settings: SettingsArgs,
    /// Output format [default: the one the -o extension names (.txt .json .dot .svg .png .pdf
    /// .tex .html, a folder: html), else text].
    #[arg(long, short = 'f', value_parser = Lenient::<Format>::new())]
    pub format: Option<Format>,
    /// Write to FILE instead of standard output (--format html: the folder DIR).
    #[arg(long, short = 'o', value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// JSON without nodes and events (for huge searches).
    #[arg(long)]
    pub stats_only: bool,
    /// JSON in the compact layout: columns of numbers, about 20 bytes per node (for big traces;
    /// `abviz render` reads both layouts).
    #[arg(long)]
    pub compact: bool,
    /// The node budget (see the help's end for what a node costs).
    #[arg(long, value_name = "N", default_value_t = abviz::input::DEFAULT_MAX_NODES, long_help = super::help::budget_help())]
    pub max_nodes: u64,
    /// Time limit in seconds: MCTS keeps the iterations finished by then (with --iterations,
    /// whichever comes first; a timed search depends on the machine's speed, so it is not
    /// reproducible); any other search stops with an error, like --max-nodes.
    #[arg(long, value_name = "SECONDS", allow_negative_numbers = true)]
    pub time: Option<f64>,
    /// MCTS: record every playout's moves: the narration lists them (the first 12) and the JSON
    /// trace keeps them all under "playouts" (they are not tree nodes).
    #[arg(long)]
    pub record_playouts: bool,
    /// Also count a plain minimax search of a game for comparison, even where it costs more
    /// than the search itself (up to --max-nodes); without it the count is made only where it
    /// is cheap (explicit trees, random trees it fits, games where it costs no more than the
    /// search).
    #[arg(long)]
    pub compare_minimax: bool,
    /// Text and diagrams: show the tree down to this depth only (root = 0).
    #[arg(long, value_name = "K")]
    pub max_depth: Option<u32>,
    /// Diagram options.
    #[command(flatten)]
    pub view: ViewArgs,
}

/// `abviz render`.
#[derive(Args, Debug)]
#[command(after_help = "Examples:
  abviz run --tree aima -f json -o aima.json
  abviz render aima.json -f svg -o aima.svg
  abviz render aima.json -f html -o aima/
  abviz render big.json -f json --compact -o big.compact.json   the same trace, columns of numbers")]
pub struct RenderArgs {
    /// A trace written by `abviz run --format json`, or gzipped (an explain site's
    /// `move-NN.json.gz`); '-' reads standard input.
    #[arg(value_name = "TRACE.json")]
    pub trace: PathBuf,
    /// Output format [default: the one the -o extension names (.txt .json .dot .svg .png .pdf
    /// .tex .html, a folder: html), else svg].
    #[arg(long, short = 'f', value_parser = Lenient::<Format>::new())]
    pub format: Option<Format>,
    /// Write to FILE instead of standard output (--format html: the folder DIR).
    #[arg(long, short = 'o', value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// Show the tree down to this depth only (root = 0).
    #[arg(long, value_name = "K")]
    pub max_depth: Option<u32>,
    /// --format json: write the compact layout (converts a readable trace file).
    #[arg(long)]
    pub compact: bool,
    /// Diagram options.
    #[command(flatten)]
    pub view: ViewArgs,
}

/// `abviz import`.
#[derive(Args, Debug)]
#[command(after_help = "Examples:
  abviz import search.jsonl --tree aima                   the annotated tree
  abviz import search.jsonl --tree 'A:(B:(3 12 8) C:(2 4 6) D:(14 5 2))' -o log.svg
  abviz import search.jsonl --game tictactoe --position x.o/.x./... -f html -o log/
  abviz import negamax.jsonl --tree aima --algo negamax   values in the mover's view
  abviz step --log search.jsonl --tree aima               step through it")]
pub struct ImportArgs {
    /// The search log: JSON Lines, one event a line ('-' reads standard input).
    #[arg(value_name = "LOG.jsonl")]
    pub log: PathBuf,
    /// The tree or game the log searched.
    #[command(flatten)]
    pub input: InputArgs,
    /// The algorithm the log's program runs, for its point of view (negamax: the mover's) and
    /// its pseudocode [default: none, values from MAX's point of view].
    #[arg(long, short = 'a', value_name = "ALGO", value_parser = Lenient::<Algorithm>::new())]
    pub algo: Option<Algorithm>,
    /// Output format [default: the one the -o extension names, else text].
    #[arg(long, short = 'f', value_parser = Lenient::<Format>::new())]
    pub format: Option<Format>,
    /// Write to FILE instead of standard output (--format html: the folder DIR).
    #[arg(long, short = 'o', value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// JSON in the compact layout.
    #[arg(long)]
    pub compact: bool,
    /// Text and diagrams: show the tree down to this depth only (root = 0).
    #[arg(long, value_name = "K")]
    pub max_depth: Option<u32>,
    /// Diagram options.
    #[command(flatten)]
    pub view: ViewArgs,
}

/// What `abviz check` writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum CheckFormat {
    /// The verdict in words.
    Text,
    /// The verdict for programs: agree, first_divergence, counts.
    Json,
    /// The figure: both searches as one tree, coloured by who visited each node.
    Svg,
    /// One page: the verdict, the figure, and the log's search beside the reference's.
    Html,
}

/// `abviz check`.
#[derive(Args, Debug)]
#[command(after_help = "Examples:
  abviz check search.jsonl --tree aima --algo alphabeta
  abviz check search.jsonl --tree aima --algo alphabeta -f json                  for autograders
  abviz check search.jsonl --tree aima -o check.html                             the verdict and figures
  abviz check search.jsonl --tree '((3 5) (5 1))' --algo alphabeta --ties keep   CS188: cut only when α > β
  abviz check search.jsonl --game tictactoe --position x.o/.x./... --depth 2 --algo minimax
Exit status: 0 the log agrees, 1 it differs (or cannot be read), 2 a usage error.")]
pub struct CheckArgs {
    /// The search log: JSON Lines, one event a line ('-' reads standard input).
    #[arg(value_name = "LOG.jsonl")]
    pub log: PathBuf,
    /// The tree or game the log searched.
    #[command(flatten)]
    pub input: InputArgs,
    /// The algorithm the log should follow: minimax, alphabeta (fail-hard), alphabeta-soft,
    /// negamax, negamax-ab, pvs or negascout.
    #[arg(long, short = 'a', value_name = "ALGO", default_value = "alphabeta-soft", value_parser = Lenient::<Algorithm>::new())]
    pub algo: Algorithm,
    /// Output format [default: the one the -o extension names (.txt .json .svg .html), else text].
    #[arg(long, short = 'f', value_enum)]
    pub format: Option<CheckFormat>,
    /// Write to FILE instead of standard output.
    #[arg(long, short = 'o', value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// The tie rule the log should follow: prune (cut when α ≥ β, AIMA) or keep (cut only when
    /// α > β, CS188) [default: prune].
    #[arg(long, value_name = "RULE", value_parser = Lenient::<abviz::Ties>::new())]
    pub ties: Option<abviz::Ties>,
    /// What is compared: nodes (every node entered, its window and value) or leaves (the static
    /// evaluations alone, in order: enough for a log of `leaf` events only) [default: nodes].
    #[arg(long, value_name = "WHAT", value_parser = Lenient::<abviz::searchlog::Counting>::new())]
    pub count: Option<abviz::searchlog::Counting>,
    /// The reference search's node budget.
    #[arg(long, value_name = "N", default_value_t = abviz::input::DEFAULT_MAX_NODES)]
    pub max_nodes: u64,
}

/// `abviz perft`.
#[derive(Args, Debug)]
#[command(after_help = "Examples:
  abviz perft --game xiangqi --depth 4            3,290,240 from the start
  abviz perft --game xiangqi --depth 3 --divide   the count below each first move
  abviz perft --game nim --position 1,2 --depth 2
  abviz perft --game connect4 --depth 8 --divide
  abviz perft --game kalah --pits 4 --seeds 3 --depth 6")]
pub struct PerftArgs {
    /// The game (see `abviz games`).
    #[arg(long, value_name = "NAME")]
    pub game: String,
    /// The number of plies.
    #[arg(long, value_name = "N")]
    pub depth: u32,
    /// The position in the game's notation (see `abviz games`) [default: the start position].
    #[arg(long, visible_alias = "fen", value_name = "POS")]
    pub position: Option<String>,
    /// Also list the count below each first move (sorted by move label).
    #[arg(long)]
    pub divide: bool,
    /// A variant of the rules.
    #[arg(long, value_name = "VARIANT", help = super::help::option_help(OptionKind::Variant, "A variant of the rules"))]
    pub variant: Option<String>,
    /// The shape of a game's board.
    #[command(flatten)]
    pub shape: ShapeArgs,
    /// Stop (with an error) after generating this many positions: perft keeps nothing per
    /// position, so this bounds its time (xiangqi generates 20 to 40 million a second).
    #[arg(long, value_name = "N", default_value_t = abviz::input::DEFAULT_PERFT_POSITIONS)]
    pub max_nodes: u64,
    /// Time limit in seconds: perft stops with an error once it has passed.
    #[arg(long, value_name = "SECONDS", allow_negative_numbers = true)]
    pub time: Option<f64>,
}

/// `abviz demo`.
#[derive(Args, Debug)]
#[command(after_help = "Examples:
  abviz demo                   writes abviz-out/ and prints where
  abviz demo -o slides --open")]
pub struct DemoArgs {
    /// The folder to write the site into.
    #[arg(long, short = 'o', value_name = "DIR", default_value = "abviz-out")]
    pub out: PathBuf,
    /// Open the index page in the default browser afterwards.
    #[arg(long)]
    pub open: bool,
}

/// Who moves first in `abviz play`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum First {
    /// You move first (you play the side to move in the position).
    Human,
    /// The computer moves first.
    Computer,
}

/// `abviz play`.
#[derive(Args, Debug)]
#[command(after_help = "Examples:
  abviz play --game tictactoe                     you are X; type b2 or 5, hint, undo, explain, 0 to quit
  abviz play --game nim --position 3,4,5          type 2:3 to take 3 from heap 2
  abviz play --game pig --seed 7                  Pig to 10: type roll (or r) or hold; expectimax plays
  abviz play --game xiangqi --depth 3 --first computer --explain my-game/
  abviz play --game jiu --size 8 --self-play --explain jiu-game/   the engine against itself, every move a page")]
pub struct PlayArgs {
    /// The game, position, depth (default: to the end) and evaluation.
    #[command(flatten)]
    pub input: PlayGameArgs,
    /// The computer's algorithm [default: alphabeta-soft; expectimax for a game with chance,
    /// Pig].
    #[arg(long, short = 'a', value_name = "ALGO", value_parser = Lenient::<Algorithm>::new())]
    pub algo: Option<Algorithm>,
    /// MCTS options (--seed also seeds the dice of a game with chance).
    #[command(flatten)]
    pub mcts: MctsArgs,
    /// Who moves first.
    #[arg(long, value_enum, default_value = "human")]
    pub first: First,
    /// Write every computer decision (trace and views) into DIR, with an index page.
    #[arg(long, value_name = "DIR")]
    pub explain: Option<PathBuf>,
    /// Node budget of one search (the computer plays its deepest finished search).
    #[arg(long, value_name = "N", default_value_t = abviz::input::DEFAULT_MAX_NODES, long_help = super::help::budget_help())]
    pub max_nodes: u64,
    /// Time limit of one decision, in seconds.
    #[arg(long, value_name = "SECONDS", allow_negative_numbers = true)]
    pub time: Option<f64>,
    /// The computer plays both sides to the game's end (or --moves); nothing is read from the
    /// input. With --explain DIR every move is written as a page, with the game's index.
    #[arg(long, conflicts_with = "first")]
    pub self_play: bool,
    /// Search captures beyond the depth limit, standing pat on the static value (a quiescence
    /// search; games with captures: xiangqi).
    #[arg(long)]
    pub quiescence: bool,
    /// With --self-play: stop after N moves if the game has not ended.
    #[arg(long, value_name = "N", requires = "self_play")]
    pub moves: Option<usize>,
}

/// `abviz step`.
#[derive(Args, Debug)]
#[command(after_help = "Examples:
  abviz step --tree aima   full screen: → next, ← back, c next cutoff, ? help, q quit
  abviz step --tree aima --plain --until cutoff
  abviz step --tree aima --steps coarse   → and ← go from one value returned or cutoff to the next
  abviz step --trace aima.json
  abviz step --game tictactoe --position x.o.x.o.. --algo mcts --iterations 50 --plain")]
pub struct StepArgs {
    /// The input.
    #[command(flatten)]
    pub input: InputArgs,
    /// MCTS options.
    #[command(flatten)]
    pub mcts: MctsArgs,
    /// Step through a saved trace (written by `abviz run --format json`) instead of searching.
    #[arg(long, value_name = "FILE", conflicts_with = "input")]
    pub trace: Option<PathBuf>,
    /// Step through another program's search log of the input (see `abviz import`) instead of
    /// searching; --algo then gives its point of view.
    #[arg(long, value_name = "LOG.jsonl", conflicts_with = "trace")]
    pub log: Option<PathBuf>,
    /// The algorithm [default: alphabeta-soft; expectimax for an input with chance nodes].
    #[arg(long, short = 'a', value_name = "ALGO", value_parser = Lenient::<Algorithm>::new())]
    pub algo: Option<Algorithm>,
    /// The refinements' settings.
    #[command(flatten)]
    pub settings: SettingsArgs,
    /// How far → and ← (plain: n and b) go: coarse (to the next value returned or cutoff),
    /// medium (also each node entered and leaf evaluated) or fine (every event) [default: fine].
    #[arg(long, value_parser = Lenient::<Grain>::new(), value_name = "PACE")]
    pub steps: Option<Grain>,
    /// One numbered line per event instead of the full-screen view (automatic when standard
    /// input or output is not a terminal); reads commands n, b, c, C, q or a step number.
    #[arg(long)]
    pub plain: bool,
    /// Where to start: print up to (plain) or open at (full screen) the first cutoff, the end or
    /// step N [plain default: 1 when reading commands, else end].
    #[arg(long, value_name = "cutoff|end|N")]
    pub until: Option<String>,
    /// Colour: auto (on a terminal, unless NO_COLOR is set), always or never.
    #[arg(long, value_enum, default_value = "auto")]
    pub color: ColorChoice,
    /// The node budget (see the help's end for what a node costs).
    #[arg(long, value_name = "N", default_value_t = abviz::input::DEFAULT_MAX_NODES, long_help = super::help::budget_help())]
    pub max_nodes: u64,
    /// Time limit in seconds: MCTS keeps the iterations finished by then (with --iterations,
    /// whichever comes first; a timed search depends on the machine's speed, so it is not
    /// reproducible); any other search stops with an error, like --max-nodes.
    #[arg(long, value_name = "SECONDS", allow_negative_numbers = true)]
    pub time: Option<f64>,
    /// MCTS: record every playout's moves: the narration lists them (the first 12) and the JSON
    /// trace keeps them all under "playouts" (they are not tree nodes).
    #[arg(long)]
    pub record_playouts: bool,
}

/// `abviz quiz`.
#[derive(Args, Debug)]
#[command(after_help = "Examples:
  abviz quiz --tree aima   answer at the prompts; the end of input stops
  abviz quiz --random 3,3,7 --algo alphabeta
  printf 'y\\ny\\n3\\n' | abviz quiz --tree aima --plain   scripted: questions and score only")]
pub struct QuizArgs {
    /// The input.
    #[command(flatten)]
    pub input: InputArgs,
    /// The algorithm: minimax, alphabeta, alphabeta-soft, negamax or negamax-ab; on chance
    /// trees expectimax or star1 [default: alphabeta-soft].
    #[arg(long, short = 'a', value_name = "ALGO", value_parser = Lenient::<Algorithm>::new())]
    pub algo: Option<Algorithm>,
    /// The cutoff test on a tie: prune (α ≥ β, AIMA, MIT 6.034) or keep (α > β, CS188); the
    /// keys follow it [default: prune].
    #[arg(long, value_name = "RULE", value_parser = Lenient::<abviz::Ties>::new())]
    pub ties: Option<abviz::Ties>,
    /// Star1: the bounds L..U every leaf value lies in (e.g. --bounds=0..10) [default: the
    /// tree's own, else its least and greatest leaf].
    #[arg(long, value_name = "L..U", allow_hyphen_values = true)]
    pub bounds: Option<String>,
    /// For scripts: print the questions, the verdicts and the score, not every step's sentence.
    #[arg(long)]
    pub plain: bool,
    /// Stop a search that visits more nodes than this.
    #[arg(long, value_name = "N", default_value_t = 10_000)]
    pub max_nodes: u64,
}

/// `abviz compare`.
#[derive(Args, Debug)]
#[command(after_help = "Examples:
  abviz compare --game tictactoe                       the full game: minimax 549,946 nodes, alpha-beta 18,297
  abviz compare --game tictactoe --depth 1..9 -f html -o ttt.html
  abviz compare --branching 2..4 --depth 1..8 --samples 20 -f html -o sweep.html
  abviz compare --tree '((3 12 8) (2 4 6) (14 5 2))'
  abviz compare --branching 3..5 --depth 4..6 --layout wide        b × d rows, the algorithms as columns
  abviz compare --branching 3 --depth 1..8 -o sweep.pdf            nodes and leaves against b^d, Knuth–Moore
  abviz compare --branching 2..4 --depth 2..6 -o counts.tex        booktabs tables for a paper
  abviz compare --game tictactoe --algos alphabeta,mcts --iterations 100,1000,10000 -o mcts.html")]
pub struct CompareArgs {
    /// One tree or game, or nothing for a sweep of random trees (--branching, --depth).
    #[command(flatten)]
    pub source: SourceArgs,
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
    /// Swept random trees with chance: every odd level a chance node of equally likely
    /// outcomes (MAX, chance, MIN, chance …), for expectimax, star1 and star2 (the default
    /// --algos then); natural order only.
    #[arg(long)]
    pub chance: bool,
    /// The seed every sweep tree's seed is derived from [default: 1].
    #[arg(long, value_name = "SEED")]
    pub seed: Option<u64>,
    /// Move orders of a game, comma-separated, one row per order.
    #[arg(long, value_name = "LIST", help = super::help::option_help(OptionKind::Order, "Move orders of a game, comma-separated, one row per order"))]
    pub order: Option<String>,
    /// --algos with id: move-ordering heuristic sets, comma-separated, one row per set; join a
    /// set's heuristics with '+': none,tt,tt+killer,tt+killer+history (every algorithm of a row
    /// searches with it; only id uses it).
    #[arg(long, value_name = "LIST")]
    pub ordering_heuristics: Option<String>,
    /// Games with captures (xiangqi): each row twice, without and with a quiescence search at
    /// the depth limit (captures only, with stand-pat).
    #[arg(long)]
    pub quiescence: bool,
    /// Tie rules, comma-separated, one row per rule: prune (cut when α ≥ β, AIMA), keep (cut
    /// only when α > β, CS188), or prune,keep to compare them [default: prune].
    #[arg(long, value_name = "LIST")]
    pub ties: Option<String>,
    /// Algorithms to compare, comma-separated [default: minimax and every alpha-beta variant].
    /// With mcts: MCTS against minimax (is its move optimal, its value estimate, its nodes) on
    /// the position and every position one move away.
    #[arg(long, value_name = "LIST")]
    pub algos: Option<String>,
    /// MCTS: the iteration budgets to compare, comma-separated [default: 100,1000,10000]; seeds
    /// per budget: --samples [default: 5].
    #[arg(long, value_name = "LIST")]
    pub iterations: Option<String>,
    /// Output format [default: the one the -o extension names (.txt .md .csv .json .html .svg
    /// .pdf .tex), else table].
    #[arg(long, short = 'f', value_enum)]
    pub format: Option<CompareFormat>,
    /// What the charts (html, svg, pdf), the LaTeX table and --layout wide count: nodes,
    /// leaves or nodes,leaves, a chart or table of each in turn [default: nodes,leaves; html:
    /// leaves].
    #[arg(long, value_name = "LIST")]
    pub measure: Option<String>,
    /// The table's layout: long (a line per input and algorithm, every count) or wide (a line
    /// per input, the algorithms as columns, a table per --measure) [default: long; latex:
    /// wide].
    #[arg(long, value_name = "LAYOUT")]
    pub layout: Option<String>,
    /// Write to FILE instead of standard output.
    #[arg(long, short = 'o', value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// Stop (with an error) any single search that visits more nodes than this.
    #[arg(long, value_name = "N", default_value_t = 1_000_000_000)]
    pub max_nodes: u64,
}

/// The trees of `abviz exercise` and `abviz practice`: given, or generated from a seed.
#[derive(Args, Debug, Clone, Default)]
pub struct ExerciseSource {
    /// A tree in the notation, e.g. '((3 12 8) (2 4 6) (14 5 2))', or as JSON, or a textbook
    /// tree by name (aima, wikipedia, …: see `abviz run --help`); unnamed trees get their
    /// interior nodes named A, B, C, … level by level.
    #[arg(long, value_name = "TREE", group = "exercise_input")]
    pub tree: Option<String>,
    /// A file holding a tree in the notation or JSON ('-' reads standard input).
    #[arg(long, value_name = "FILE", group = "exercise_input")]
    pub tree_file: Option<PathBuf>,
    /// Generate uniform trees of this branching and depth [default: the difficulty's: easy 3,2,
    /// medium 3,3, hard 2,4].
    #[arg(long, value_name = "B,D", group = "exercise_input")]
    pub random: Option<String>,
    /// Generate trees with this cutoff profile: easy (one cutoff at a child of the root),
    /// medium (two or three, one deeper, each caused by the parent's bound), hard (three or more,
    /// one caused by a bound from above the parent, one on a tie α = β); a list such as
    /// easy,medium,hard mixes them in one sheet, --count trees of each, numbered on.
    #[arg(long, value_name = "LEVELS")]
    pub difficulty: Option<String>,
    /// The seed of the generated series: the same seed gives the same trees [default: 1].
    #[arg(long, value_name = "SEED")]
    pub seed: Option<u64>,
    /// Leaf values of generated trees, LO..HI inclusive [default: 0..20].
    #[arg(long, value_name = "LO..HI", allow_hyphen_values = true)]
    pub values: Option<String>,
    /// Who moves at the root of a tree.
    #[arg(long, value_parser = Lenient::<Player>::new())]
    pub root: Option<Player>,
    /// The algorithm to solve the trees with: minimax, alphabeta, alphabeta-soft, negamax or
    /// negamax-ab; on chance trees expectimax (fill in the expected values), star1 or star2
    /// (which leaves are never evaluated?). Generated trees of a chance algorithm have chance
    /// nodes on every odd level and leaf values 0..10.
    #[arg(long, short = 'a', value_name = "ALGO", default_value = "alphabeta-soft", value_parser = Lenient::<Algorithm>::new())]
    pub algo: Algorithm,
    /// The cutoff test on a tie: prune (α ≥ β, AIMA, MIT 6.034) or keep (α > β, CS188); the
    /// keys follow it [default: prune].
    #[arg(long, value_name = "RULE", value_parser = Lenient::<abviz::Ties>::new())]
    pub ties: Option<abviz::Ties>,
    /// Star1 and Star2 on a given tree: the bounds L..U every leaf value lies in, stated on the
    /// sheet (e.g. --bounds=0..10) [default: the tree's own, else its least and greatest leaf;
    /// generated trees: their --values].
    #[arg(long, value_name = "L..U", allow_hyphen_values = true)]
    pub bounds: Option<String>,
}

/// `abviz exercise`.
#[derive(Args, Debug)]
#[command(after_help = "Examples:
  abviz exercise --tree aima -o aima-sheet     exercise-1.svg, key-1.svg, exercises.pdf, key.pdf, .tex
  abviz exercise --difficulty medium --seed 7 --count 5 -o week3  five trees, one key file
  abviz exercise --random 2,4 --difficulty hard --windows -o hard blanks for [α, β] too
  abviz exercise --difficulty easy,medium,hard --count 2 -o mixed  six trees numbered 1 to 6
  abviz exercise --tree '((3 12 8) (2 4 6) (14 5 2))' --algo minimax -o mm
  abviz exercise --tree 'max (chance:(3 12 9) chance:(2 4 6) chance:(15 6 0))' --algo expectimax -o ev
  abviz exercise --tree 'max (chance:(3 12 8) chance:(2 4 6))' --algo star1 --bounds=0..20 -o s1
  abviz exercise --random 3,2 --algo star1 --seed 4 --count 3 -o star1   which leaves are never evaluated?")]
pub struct ExerciseArgs {
    /// The trees.
    #[command(flatten)]
    pub source: ExerciseSource,
    /// How many generated exercises (of each difficulty listed), numbered 1 to N (one key file
    /// holds every answer).
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub count: u32,
    /// Blanks beside every interior node for the window [α, β] it returns with.
    #[arg(long)]
    pub windows: bool,
    /// Shapes: triangles (MAX ▲, MIN ▼, leaf □) or boxes (MAX □, MIN ○) [default: triangles].
    #[arg(long, value_parser = Lenient::<Style>::new(), value_name = "STYLE")]
    pub style: Option<Style>,
    /// Do not run pdflatex (write the SVG and .tex files only).
    #[arg(long)]
    pub no_pdf: bool,
    /// The paper of the sheets, portrait: a4 or letter; a wide tree is scaled to the page [default: a4].
    #[arg(long, value_parser = Lenient::<Paper>::new(), value_name = "PAPER")]
    pub paper: Option<Paper>,
    /// The folder to write the sheets into.
    #[arg(long, short = 'o', value_name = "DIR")]
    pub out: PathBuf,
}

/// `abviz practice`.
#[derive(Args, Debug)]
#[command(after_help = "Examples:
  abviz practice -o practice                            AIMA's tree, then generated trees of each difficulty
  abviz practice --tree '((5 6) (7 4 5) (3 9))' -o mine   your tree first
  abviz practice --seed 12 --count 20 -o class          20 trees per difficulty
  abviz practice --algo expectimax -o ev                CS188's expectimax tree, then random chance trees
  abviz practice --algo star1 -o star1                  which leaves does Star1 never evaluate?")]
pub struct PracticeArgs {
    /// A tree to solve first (AIMA's Fig. 5.2 tree unless given), then generated trees; a
    /// textbook tree by name too (aima, wikipedia, …: see `abviz run --help`).
    #[arg(long, value_name = "TREE", group = "practice_input")]
    pub tree: Option<String>,
    /// A file holding the first tree ('-' reads standard input).
    #[arg(long, value_name = "FILE", group = "practice_input")]
    pub tree_file: Option<PathBuf>,
    /// Who moves at the root of that tree.
    #[arg(long, value_parser = Lenient::<Player>::new())]
    pub root: Option<Player>,
    /// The seed of the generated trees [default: 1].
    #[arg(long, value_name = "SEED")]
    pub seed: Option<u64>,
    /// Generated trees per difficulty (New tree goes through them) [default: 8].
    #[arg(long, value_name = "N")]
    pub count: Option<u32>,
    /// The algorithm: alphabeta, alphabeta-soft, negamax-ab, or minimax / negamax (no cuts);
    /// on chance trees expectimax (expected values), star1 or star2 (values and the leaves
    /// never evaluated).
    #[arg(long, short = 'a', value_name = "ALGO", default_value = "alphabeta-soft", value_parser = Lenient::<Algorithm>::new())]
    pub algo: Algorithm,
    /// Star1 and Star2 on a given tree: the bounds L..U every leaf value lies in (e.g.
    /// --bounds=0..10) [default: the tree's own, else its least and greatest leaf].
    #[arg(long, value_name = "L..U", allow_hyphen_values = true)]
    pub bounds: Option<String>,
    /// The cutoff test on a tie: prune (α ≥ β, AIMA, MIT 6.034) or keep (α > β, CS188); the
    /// keys follow it [default: prune].
    #[arg(long, value_name = "RULE", value_parser = Lenient::<abviz::Ties>::new())]
    pub ties: Option<abviz::Ties>,
    /// The folder to write the page (index.html) and its solution pages into.
    #[arg(long, short = 'o', value_name = "DIR")]
    pub out: PathBuf,
}

/// `abviz compare --format`: the engine's [`abviz::compare::OutputFormat`] as clap lists it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum CompareFormat {
    /// A table for the terminal.
    Table,
    /// A Markdown table.
    #[value(name = "md", alias = "markdown")]
    Markdown,
    /// CSV, one line per input and algorithm.
    Csv,
    /// The report as JSON.
    Json,
    /// An HTML page with charts.
    Html,
    /// The charts alone, one under the other, as one SVG picture.
    Svg,
    /// The charts as a one-page PDF (the SVG picture, rendered as every picture is).
    Pdf,
    /// The wide table as LaTeX (booktabs), to \input into a paper or a slide.
    #[value(alias = "tex")]
    Latex,
}

impl From<CompareFormat> for abviz::compare::OutputFormat {
    /// The engine's format; a PDF is the SVG picture, rendered by the command line.
    fn from(f: CompareFormat) -> Self {
        use abviz::compare::OutputFormat as O;
        match f {
            CompareFormat::Table => O::Table,
            CompareFormat::Markdown => O::Markdown,
            CompareFormat::Csv => O::Csv,
            CompareFormat::Json => O::Json,
            CompareFormat::Html => O::Html,
            CompareFormat::Svg | CompareFormat::Pdf => O::Svg,
            CompareFormat::Latex => O::Latex,
        }
    }
}
