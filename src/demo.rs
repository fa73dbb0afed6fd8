//! `abviz demo`: the lecture examples as a small static site — the AIMA tree under minimax and
//! alpha-beta, the Wikipedia tree, Nilsson's depth-2 tic-tac-toe with e(P), a random tree in
//! best and worst move order, a xiangqi search, Connect Four, Kalah and gomoku searches — each
//! an HTML page with the stepper — and two students' alpha-beta programs checked (`abviz check`)
//! ([`crate::export::html`]), and an index page that links them with their node counts.
//!
//! ```no_run
//! let summary = abviz::demo::write(std::path::Path::new("abviz-out")).unwrap();
//! println!("{}", summary.index.display());
//! ```

use crate::export::html::{PageOptions, page};
use crate::export::practice::{PracticeTree, practice_site};
use crate::export::site::SiteFile;
use crate::export::view::thousands;
use crate::export::{Labels, ViewOptions};
use crate::game::Player;
use crate::game::connect4::Connect4;
use crate::game::gomoku::Gomoku;
use crate::game::jiu::Jiu;
use crate::game::kalah::Kalah;
use crate::game::named_trees;
use crate::game::pig::Pig;
use crate::game::random::{Ordering, RandomTree};
use crate::game::tictactoe::{TicTacToe, TttEval};
use crate::game::xiangqi::Xiangqi;
use crate::input::{Input, RunOptions};
use crate::output::site::write_site;
use crate::search::{Algorithm, MctsOptions};
use crate::trace::Trace;
use crate::{Error, Ties};
use askama::Template;
use std::path::{Path, PathBuf};

// The demo's trees, from the one list of named trees (`--tree aima`).
/// The AIMA tree (Russell & Norvig, 3rd ed., Fig. 5.2), named as in the book.
pub const AIMA: &str = named_trees::AIMA.notation;
/// The same tree with a MIN root, where PVS and NegaScout search children again.
pub const AIMA_MIN: &str = named_trees::AIMA_MIN.notation;
/// AIMA's tree with C's first leaf raised to 3, a tie with α = 3: cut by α ≥ β, kept by α > β.
pub const TIE: &str = named_trees::AIMA_TIE.notation;
/// AIMA Fig. 5.12 (3rd ed.), left: MAX chooses between two chance nodes of probabilities .9 and
/// .1 over MIN nodes; a1 = 2.1, a2 = 1.3.
pub const AIMA_CHANCE: &str = named_trees::AIMA_5_12.notation;
/// The same figure's right tree: the leaves changed in order-preserving ways, and a2 = 40.9
/// now beats a1 = 21.
pub const AIMA_CHANCE_SCALED: &str = named_trees::AIMA_5_12_SCALED.notation;
/// A CS188-style expectimax tree: MAX over three chance nodes of equally likely outcomes.
pub const EXPECTIMAX: &str = named_trees::CS188_EXPECTIMAX.notation;
/// AIMA's tree with chance in place of MIN: where Star1 cuts.
pub const STAR1: &str = named_trees::STAR1.notation;
/// A *-minimax tree where Star2's probes cut before Star1 can (leaves in [0, 10]).
pub const STAR2: &str = named_trees::STAR2.notation;
/// Progressive deepening as MIT 6.034 teaches it: every interior node with its static value,
/// searched one pass per depth (values 11, 6, 7).
pub const PROGRESSIVE: &str = named_trees::MIT_PROGRESSIVE.notation;
/// Wikipedia's "Alpha–beta pruning" figure (AB_pruning.svg).
pub const WIKIPEDIA: &str = named_trees::WIKIPEDIA.notation;

/// The Connect Four position of the demo: X to move, an open three one disc away.
/// The pages' shared style sheet, written into the index and the orderings page.
const CSS: &str = crate::export::html::CSS;

const CONNECT4: &str = "......./......./......./......./..oo.../..xx...";
/// The gomoku position of the demo.
const GOMOKU: &str = "h8 i9 h9 h10 i8";
/// The Pig position of the demo: MAX, 40 to MIN's 50 in a game to 100, has a turn total of 20.
const PIG: &str = "40,50,20 target=100";
/// The Jiu chess positions of the demo: the placement on 8 × 8 after four pieces a side, and a
/// movement position on 6 × 6 where a step completes a square.
const JIU_PLACEMENT: &str = "......../......../..w.b.../...bw.../...bw.../..b.w.../......../........ place w";
const JIU_MOVEMENT: &str = "ww..b./w.wbb./..wb../.b..../..bww./.....b move w 0";

/// One search of the demo.
pub struct Example {
    /// File name of its page.
    pub file: &'static str,
    /// Title.
    pub title: &'static str,
    /// What to look for, in a sentence or two.
    pub blurb: &'static str,
    /// The same search on the command line.
    pub command: &'static str,
    /// The input.
    pub input: Input,
    /// The algorithm.
    pub algo: Algorithm,
    /// The labels its figure writes (the book's: AIMA writes each node's range of values).
    pub labels: Labels,
    /// The cutoff test's rule for ties it searches under.
    pub ties: Ties,
    /// *-minimax's leaf bounds, when the page gives them (otherwise the tree's own).
    pub bounds: Option<(crate::Score, crate::Score)>,
}

/// The iterations of the demo's MCTS searches.
pub const MCTS_ITERATIONS: u32 = 300;

impl Example {
    /// How the demo runs it (MCTS with [`MCTS_ITERATIONS`] iterations and seed 1).
    pub fn run_options(&self) -> RunOptions {
        let mcts = MctsOptions { iterations: MCTS_ITERATIONS, ..MctsOptions::default() };
        RunOptions {
            settings: crate::search::Settings {
                mcts,
                ties: self.ties,
                bounds: self.bounds,
                ..Default::default()
            },
            ..RunOptions::default()
        }
    }
}

/// The demo's searches, in the order the index lists them.
pub fn examples() -> Result<Vec<Example>, Error> {
    let random = |ordering| {
        Input::Random(RandomTree {
            branching: 3,
            depth: 4,
            seed: 1,
            values: (0, 20),
            ordering,
            root_player: Player::Max,
        })
    };
    let nilsson = Input::game(TicTacToe::new(TttEval::OpenLines), Some(2));
    Ok(vec![
        Example {
            file: "aima-minimax.html",
            title: "AIMA Fig. 5.2 — minimax",
            blurb: "The two-ply tree of Russell & Norvig: minimax visits all 13 nodes; the root's value is 3, reached through B.",
            command: "abviz run --tree aima --algo minimax -f html -o aima",
            input: Input::from_tree_text(AIMA, None)?,
            algo: Algorithm::Minimax,
            labels: Labels::default(),
            ties: Ties::Prune,
            bounds: None,
        },
        Example {
            file: "aima-alphabeta.html",
            title: "AIMA Fig. 5.5 — alpha-beta",
            blurb: "The same tree under alpha-beta: at C the first leaf (2) is already ≤ α = 3 set at A, so C's other two leaves are never looked at.",
            command: "abviz run --tree aima --labels value,range,pre,move,name -f html -o aima",
            input: Input::from_tree_text(AIMA, None)?,
            algo: Algorithm::AlphaBetaSoft,
            labels: Labels { range: true, ..Labels::default() },
            ties: Ties::Prune,
            bounds: None,
        },
        Example {
            file: "tie-pruned.html",
            title: "A tie pruned (α ≥ β: AIMA, MIT 6.034)",
            blurb: "AIMA's tree with C's first leaf raised to 3: it ties α = 3 set at A, and under the textbook rule α ≥ β a tie cuts, so C's leaves 4 and 6 are never evaluated (7 leaves). Compare the next page.",
            command: "abviz run --tree aima-tie -f html -o tie-pruned",
            input: Input::from_tree_text(TIE, None)?,
            algo: Algorithm::AlphaBetaSoft,
            labels: Labels::default(),
            ties: Ties::Prune,
            bounds: None,
        },
        Example {
            file: "tie-kept.html",
            title: "The same tie kept (α > β: CS188)",
            blurb: "The same tree under CS188's rule, which cuts only when the window is strictly crossed: C's 3 = α does not cut, so 4 and 6 are evaluated too (9 leaves); D still cuts, on 2 < 3. The value is the same, 3.",
            command: "abviz run --tree aima-tie --ties keep -f html -o tie-kept",
            input: Input::from_tree_text(TIE, None)?,
            algo: Algorithm::AlphaBetaSoft,
            labels: Labels::default(),
            ties: Ties::Keep,
            bounds: None,
        },
        Example {
            file: "wikipedia-alphabeta.html",
            title: "Wikipedia's alpha-beta figure",
            blurb: "Four plies, root value 6: three regions are pruned, among them a whole MAX subtree on the right.",
            command: "abviz run --tree wikipedia -f html -o wikipedia",
            input: Input::from_tree_text(WIKIPEDIA, None)?,
            algo: Algorithm::AlphaBetaSoft,
            labels: Labels::default(),
            ties: Ties::Prune,
            bounds: None,
        },
        Example {
            file: "nilsson-minimax.html",
            title: "Nilsson's tic-tac-toe, depth 2 — minimax",
            blurb: "X to move on the empty board, two plies, e(P) = lines open for X − lines open for O: the centre backs up 1, a corner −1, an edge −2.",
            command: "abviz run --game tictactoe --depth 2 --eval open-lines --algo minimax -f html -o nilsson",
            input: nilsson.clone(),
            algo: Algorithm::Minimax,
            labels: Labels::default(),
            ties: Ties::Prune,
            bounds: None,
        },
        Example {
            file: "nilsson-alphabeta.html",
            title: "Nilsson's tic-tac-toe, depth 2 — alpha-beta",
            blurb: "The same search with alpha-beta: the same value and move with fewer positions evaluated.",
            command: "abviz run --game tictactoe --depth 2 --eval open-lines -f html -o nilsson-ab",
            input: nilsson,
            algo: Algorithm::AlphaBetaSoft,
            labels: Labels::default(),
            ties: Ties::Prune,
            bounds: None,
        },
        Example {
            file: "random-best.html",
            title: "Random tree 3×4, best move order",
            blurb: "Children sorted best first: alpha-beta evaluates the minimal tree of Knuth & Moore, 3² + 3² − 1 = 17 leaves.",
            command: "abviz run --random 3,4,1 --ordering best -f html -o best",
            input: random(Ordering::Best),
            algo: Algorithm::AlphaBetaSoft,
            labels: Labels::default(),
            ties: Ties::Prune,
            bounds: None,
        },
        Example {
            file: "random-worst.html",
            title: "Random tree 3×4, worst move order",
            blurb: "The same values sorted worst first: alpha-beta cannot cut at all and evaluates all 3⁴ = 81 leaves, like minimax.",
            command: "abviz run --random 3,4,1 --ordering worst -f html -o worst",
            input: random(Ordering::Worst),
            algo: Algorithm::AlphaBetaSoft,
            labels: Labels::default(),
            ties: Ties::Prune,
            bounds: None,
        },
        Example {
            file: "tictactoe-mcts.html",
            title: "Tic-tac-toe, O to block — Monte Carlo tree search",
            blurb: "X threatens a1–b2–c3; O must take c3. 300 UCT iterations: watch each select, expand, play out and back up, and c3's share of the visits grow.",
            command: "abviz run --game tictactoe --position x.o.x.... --algo mcts --iterations 300 -f html -o mcts",
            input: Input::game(
                TicTacToe::parse("x.o.x....", TttEval::Win).map_err(|e| Error::Usage(e.0))?,
                None,
            ),
            algo: Algorithm::Mcts,
            labels: Labels::default(),
            ties: Ties::Prune,
            bounds: None,
        },
        Example {
            file: "aima-pvs.html",
            title: "Beyond alpha-beta: principal variation search, AIMA's tree with a MIN root",
            blurb: "Every child after the first is probed with a null window; C's probe [11, 12] fails for MIN, so C is searched again with [−∞, 11] (and two of its leaves too): 18 node entries for 11 distinct nodes.",
            command: "abviz run --tree aima-min --algo pvs -f html -o pvs",
            input: Input::from_tree_text(AIMA_MIN, None)?,
            algo: Algorithm::Pvs,
            labels: Labels::default(),
            ties: Ties::Prune,
            bounds: None,
        },
        Example {
            file: "aima-negascout.html",
            title: "Beyond alpha-beta: NegaScout, the same tree",
            blurb: "Fail-soft: C's probe returns 6, so the re-search starts from [−∞, 6] and ends in a cutoff; leaves are never searched again. 15 node entries, one re-search.",
            command: "abviz run --tree aima-min --algo negascout -f html -o negascout",
            input: Input::from_tree_text(AIMA_MIN, None)?,
            algo: Algorithm::NegaScout,
            labels: Labels::default(),
            ties: Ties::Prune,
            bounds: None,
        },
        Example {
            file: "aima-expectiminimax.html",
            title: "AIMA Fig. 5.12 — expectiminimax",
            blurb: "Chance nodes (circles) average their outcomes by probability: a1 = 0.9 × 2 + 0.1 × 3 = 2.1 beats a2 = 0.9 × 1 + 0.1 × 4 = 1.3. The next page changes the leaves without changing their order — and the choice flips.",
            command: "abviz run --tree aima-5.12 --algo expectimax -f html -o fig5-12",
            input: Input::from_tree_text(AIMA_CHANCE, None)?,
            algo: Algorithm::Expectimax,
            labels: Labels::default(),
            ties: Ties::Prune,
            bounds: None,
        },
        Example {
            file: "aima-expectiminimax-scaled.html",
            title: "AIMA Fig. 5.12, right — the same order, another choice",
            blurb: "Leaves 20, 30, 1, 400 keep the order of 2, 3, 1, 4, yet a2 = 0.9 × 1 + 0.1 × 400 = 40.9 now beats a1 = 21: with chance nodes only a positive linear change of the evaluation keeps the best move.",
            command: "abviz run --tree aima-5.12-right --algo expectimax -f html -o fig5-12b",
            input: Input::from_tree_text(AIMA_CHANCE_SCALED, None)?,
            algo: Algorithm::Expectimax,
            labels: Labels::default(),
            ties: Ties::Prune,
            bounds: None,
        },
        Example {
            file: "cs188-expectimax.html",
            title: "Expectimax, CS188 style",
            blurb: "Each chance node's outcomes are equally likely: A = (3 + 12 + 9) / 3 = 8, B = 4, C = 7, so MAX's value is 8. Expectimax prunes nothing: every leaf matters to an average.",
            command: "abviz run --tree cs188-expectimax --algo expectimax -f html -o expectimax",
            input: Input::from_tree_text(EXPECTIMAX, None)?,
            algo: Algorithm::Expectimax,
            labels: Labels::default(),
            ties: Ties::Prune,
            bounds: None,
        },
        Example {
            file: "star1.html",
            title: "Star1: a chance cutoff",
            blurb: "Leaves lie in [2, 14]. A = 23/3 ≈ 7.67 sets α at the root; at B, after 2 and 4, even a 14 for the last outcome would give (2 + 4 + 14) / 3 ≈ 6.67 ≤ α, so Star1 never evaluates B's 6. Expected values that are no short decimal are shown rounded and marked ≈; the search compares the exact fractions.",
            command: "abviz run --tree star1 --algo star1 -f html -o star1",
            input: Input::from_tree_text(STAR1, None)?,
            algo: Algorithm::Star1,
            labels: Labels::default(),
            ties: Ties::Prune,
            bounds: None,
        },
        Example {
            file: "star2.html",
            title: "Star2: probing before searching",
            blurb: "Leaves lie in [0, 10]. At B, Star2 first probes each outcome with its first move: B1 ≤ 1 and B2 ≤ 2, so B ≤ 0.5 × 1 + 0.5 × 2 = 1.5 ≤ α = 4 and B is cut before either 9 is looked at. Star1 would search B1 whole first; expectimax evaluates all 8 leaves, Star2 6 distinct ones.",
            command: "abviz run --tree star2 --algo star2 --bounds=0..10 -f html -o star2",
            input: Input::from_tree_text(STAR2, None)?,
            algo: Algorithm::Star2,
            labels: Labels::default(),
            ties: Ties::Prune,
            bounds: Some((crate::Score::from(0), crate::Score::from(10))),
        },
        Example {
            file: "progressive-deepening.html",
            title: "Progressive deepening on a tree with static values (MIT 6.034)",
            blurb: "Every interior node carries a static value (A=10, B=11, …). Pass 1 stops at depth 1 and takes B's 11; pass 2 backs B up to min(10, 6) = 6 and cuts C at 4; pass 3 searches G first, as pass 2's table says, and the root settles on 7. The best move stays B, the value moves 11 → 6 → 7.",
            command: "abviz run --tree mit-progressive --algo id -f html -o pd",
            input: Input::from_tree_text(PROGRESSIVE, None)?,
            algo: Algorithm::Iterative,
            labels: Labels::default(),
            ties: Ties::Prune,
            bounds: None,
        },
        Example {
            file: "pig-expectimax.html",
            title: "Pig, the dice game: roll or hold? — expectimax, depth 3",
            blurb: "MAX has banked 40 to MIN's 50 in a game to 100 and has a turn total of 20. Holding banks it (60 − 50, scaled: 10); rolling loses the 20 on a ⚀ (1 in 6) and otherwise adds 2 to 6 before holding: (−10 + 12 + 13 + 14 + 15 + 16) / 6 = 10 as well. At 20 the two are worth the same: the classic hold-at-20 rule, from three plies of expectimax. Point at a node to see the scores and the die.",
            command: "abviz run --game pig --position '40,50,20 target=100' --algo expectimax --depth 3 -f html -o pig",
            input: Input::game(Pig::parse(PIG).map_err(Error::Notation)?, Some(3)),
            algo: Algorithm::Expectimax,
            labels: Labels::default(),
            ties: Ties::Prune,
            bounds: None,
        },
        Example {
            file: "tictactoe-id.html",
            title: "Beyond alpha-beta: iterative deepening with a transposition table, tic-tac-toe",
            blurb: "Six passes, depth 1 to 6, drawn side by side; four times a position's value comes from the transposition table (TT ← #n beside it names the node that stored it). The indicator beside the step counter says which pass a step is in.",
            command: "abviz run --game tictactoe --position x.o/.x./... --algo id -f html -o id",
            input: Input::game(
                TicTacToe::parse("x.o/.x./...", TttEval::Win).map_err(|e| Error::Usage(e.0))?,
                None,
            ),
            algo: Algorithm::Iterative,
            labels: Labels::default(),
            ties: Ties::Prune,
            bounds: None,
        },
        Example {
            file: "xiangqi-alphabeta.html",
            title: "Xiangqi (Chinese chess), depth 2 — alpha-beta",
            blurb: "Red's 44 opening moves and Black's replies, material and piece-square evaluation: point at a node to see its position.",
            command: "abviz run --game xiangqi --depth 2 -f html -o xiangqi",
            input: Input::game(Xiangqi::start(), Some(2)),
            algo: Algorithm::AlphaBetaSoft,
            labels: Labels::default(),
            ties: Ties::Prune,
            bounds: None,
        },
        Example {
            file: "connect4-alphabeta.html",
            title: "Connect Four, depth 4 — alpha-beta",
            blurb: "X to move with two discs in the middle of the bottom row: b (or e) makes an open three whose two ends O cannot both cover, so X wins with the 7th disc of the game, worth 1000 − 7.",
            command: "abviz run --game connect4 --position '......./......./......./......./..oo.../..xx...' --depth 4 -f html -o connect4",
            input: Input::game(Connect4::parse(CONNECT4).map_err(Error::Notation)?, Some(4)),
            algo: Algorithm::AlphaBetaSoft,
            labels: Labels::default(),
            ties: Ties::Prune,
            bounds: None,
        },
        Example {
            file: "kalah-alphabeta.html",
            title: "Kalah(6,4), depth 4 — alpha-beta",
            blurb: "South's third pit ends in its own store, so South moves again: below the MAX root the move c leads to a second MAX node. Values are store differences.",
            command: "abviz run --game kalah --depth 4 -f html -o kalah",
            input: Input::game(Kalah::start(6, 4), Some(4)),
            algo: Algorithm::AlphaBetaSoft,
            labels: Labels::default(),
            ties: Ties::Prune,
            bounds: None,
        },
        Example {
            file: "gomoku-alphabeta.html",
            title: "Gomoku, depth 2 — alpha-beta",
            blurb: "White (MIN) to move after h8 i9 h9 h10 i8: only the 14 points next to a stone are candidates, and each position at the depth limit is scored by the source's patterns, own − 2 × opponent for the side to move there.",
            command: "abviz run --game gomoku --position 'h8 i9 h9 h10 i8' --depth 2 -f html -o gomoku",
            input: Input::game(Gomoku::parse(GOMOKU, None).map_err(Error::Notation)?, Some(2)),
            algo: Algorithm::AlphaBetaSoft,
            labels: Labels::default(),
            ties: Ties::Prune,
            bounds: None,
        },
        Example {
            file: "jiu-placement-mcts.html",
            title: "Tibetan Jiu chess, placement — Monte Carlo tree search",
            blurb: "The staged engine's first stage: every empty point is a placement, too many for alpha-beta, so MCTS samples. Each playout fills the board at random and is scored where the placement ends by the source's formula, 0.7 × result (whose shapes are better) + 0.3 × location (White's share of the centre).",
            command: "abviz run --game jiu --size 8 --position '......../......../..w.b.../...bw.../...bw.../..b.w.../......../........ place w' --algo mcts --iterations 300 --depth 64 -f html -o jiu-placement",
            input: Input::game(Jiu::parse(JIU_PLACEMENT, None).map_err(Error::Notation)?, Some(64)),
            algo: Algorithm::Mcts,
            labels: Labels::default(),
            ties: Ties::Prune,
            bounds: None,
        },
        Example {
            file: "jiu-movement-alphabeta.html",
            title: "Tibetan Jiu chess, movement, depth 2 — alpha-beta with process scores",
            blurb: "The second stage: every edge carries its move's process score (captures, squares formed and broken, dalians), summed along the path and added to the table at the depth limit, so two lines to equal positions can score differently. c5-b5 completes the square a5-b6 and takes a black piece of White's choice, one move for each choice (+160: a capture and a square).",
            command: "abviz run --game jiu --position 'ww..b./w.wbb./..wb../.b..../..bww./.....b move w 0' --depth 2 -f html -o jiu-movement",
            input: Input::game(Jiu::parse(JIU_MOVEMENT, None).map_err(Error::Notation)?, Some(2)),
            algo: Algorithm::AlphaBetaSoft,
            labels: Labels::default(),
            ties: Ties::Prune,
            bounds: None,
        },
    ])
}

/// The node-count comparison of the demo, as a page of its own.
///
/// The node-count comparison of the demo: random uniform trees with b = 3 and d = 1..7 in best,
/// random and worst order (20 samples each), every algorithm, with the Knuth–Moore minimum and
/// b^d for reference — the page `abviz compare --branching 3 --depth 1..7 --samples 20 -f html`
/// writes. Returns (file name, title, one-line description, HTML).
pub fn comparison_page() -> Option<(String, String, String, String)> {
    use crate::compare::{self, Experiment, OutputFormat, RandomSweep, Report};
    use crate::game::Player;
    use crate::game::random::Ordering;
    let sweep = RandomSweep {
        branching: vec![3],
        depth: (1..=7).collect(),
        orderings: vec![Ordering::Best, Ordering::Natural, Ordering::Worst],
        samples: 20,
        seed: 1,
        values: (0, 20),
        root: Player::Max,
        chance: false,
    };
    let experiment = Experiment {
        cases: sweep.cases(u64::MAX).ok()?,
        algorithms: compare::default_algorithms(),
        max_nodes: u64::MAX,
    };
    let results = experiment.run(&|_| {}).ok()?;
    let report = Report::new(&experiment, &results);
    Some((
        "compare.html".into(),
        "Node counts: minimax against alpha-beta".into(),
        "Random trees with b = 3, d = 1..7, in best, random and worst move order: alpha-beta meets \
         the Knuth–Moore minimum in best order and evaluates all b^d leaves in worst order."
            .into(),
        compare::render(&report, OutputFormat::Html),
    ))
}

/// MCTS against alpha-beta on tic-tac-toe, as a page of its own: the empty board and every
/// position one move away, 10 to 10,000 iterations, 5 seeds each — the page
/// `abviz compare --game tictactoe --algos alphabeta,mcts --iterations 10,100,1000,10000 -f html`
/// writes. Returns (file name, title, one-line description, HTML).
pub fn mcts_comparison_page() -> Option<(String, String, String, String)> {
    use crate::compare::mcts::{Agreement, html};
    let input = Input::game(TicTacToe::new(TttEval::Win), None);
    let study = Agreement::run(&input, &[10, 100, 1000, 10000], 5, u64::MAX).ok()?;
    Some((
        "compare-mcts.html".into(),
        "MCTS against minimax on tic-tac-toe".into(),
        "How often UCT's most-visited move is minimax-optimal, from 10 to 10,000 iterations, on the \
         empty board and the nine positions after X's first move."
            .into(),
        html(&study),
    ))
}

/// The demo's search logs: a correct fail-hard alpha-beta and one with the cut test before the
/// update, both in Python (examples/search-log/, whose logs `tests/suite/searchlog.rs` checks are what
/// the programs write), checked against abviz's fail-hard alpha-beta. Returns (file name, title,
/// one-line description, HTML) for each.
pub fn check_pages() -> Vec<(String, String, String, String)> {
    let tree = "((3 12 8) (2 4 6) (14 5 2))";
    let programs = [
        (
            "check-correct.html",
            "Checking a student's alpha-beta: a correct one",
            "alphabeta.py",
            include_str!("../examples/search-log/alphabeta.py"),
            include_str!("../examples/search-log/correct.jsonl"),
        ),
        (
            "check-buggy.html",
            "Checking a student's alpha-beta: the cut test before the update",
            "alphabeta_buggy.py",
            include_str!("../examples/search-log/alphabeta_buggy.py"),
            include_str!("../examples/search-log/buggy.jsonl"),
        ),
    ];
    let mut pages = Vec::new();
    for (file, title, name, code, log) in programs {
        let Ok(input) = Input::from_tree_text(tree, None) else { continue };
        let algo = Algorithm::AlphaBeta;
        let Ok(verdict) =
            crate::searchlog::check(&input, log.as_bytes(), &crate::searchlog::CheckOptions::new(algo))
        else {
            continue;
        };
        let (Ok(mine), Ok(reference)) = (
            crate::searchlog::import(&input, log.as_bytes(), Some(algo)),
            input.trace(algo, &RunOptions::default()),
        ) else {
            continue;
        };
        let Ok(html) = crate::searchlog::report::page(&verdict, &mine, &reference, Some((name, code))) else {
            continue;
        };
        let blurb = format!(
            "abviz check on the log {name} writes (python3 examples/search-log/{name}): {}",
            crate::searchlog::report::headline(&verdict)
        );
        pages.push((file.to_string(), title.to_string(), blurb, html));
    }
    pages
}

struct OrderView {
    name: &'static str,
    stats: String,
    command: String,
    svg: String,
}

#[derive(Template)]
#[template(path = "orderings.html")]
struct OrderingsPage<'a> {
    title: &'a str,
    intro: &'a str,
    orders: Vec<OrderView>,
    css: &'static str,
}

/// One tree under three move orders, side by side: AIMA's tree as the book draws it, with every
/// node's children reordered best first and worst first (the same leaves). Returns (file name,
/// title, one-line description, HTML).
pub fn orderings_page() -> Option<(String, String, String, String)> {
    use crate::export::{Format, Output};
    let title = "One tree, three move orders";
    let blurb = "AIMA's tree as drawn, and the same leaves with every node's children reordered best                  first and worst first: alpha-beta visits 11, 9 (Knuth–Moore's minimum) and all 13 nodes;                  the root value is 3 in each.";
    let mut orders = Vec::new();
    for (ordering, name) in
        [(Ordering::Natural, "As drawn"), (Ordering::Best, "Best first"), (Ordering::Worst, "Worst first")]
    {
        let input = Input::from_tree_text(AIMA, None).ok()?.reordered(ordering);
        let trace = input.trace(Algorithm::AlphaBetaSoft, &RunOptions::default()).ok()?;
        let opts =
            ViewOptions { labels: Labels { range: true, ..Labels::default() }, ..ViewOptions::default() };
        let Ok(Output::Text(svg)) = Format::Svg.exporter().export(&trace, &opts) else { return None };
        // The picture goes inline: drop its XML declaration.
        let svg = match svg.find("<svg") {
            Some(at) => svg[at..].to_string(),
            None => svg,
        };
        let s = trace.stats();
        orders.push(OrderView {
            name,
            stats: format!(
                "root value {} · {} nodes, {} leaves · cutoffs {} · {} pruned",
                trace.result().value,
                thousands(s.nodes),
                thousands(s.leaves),
                crate::export::view::cutoffs_text(&trace),
                thousands(s.pruned)
            ),
            command: format!("abviz run --tree aima --ordering {ordering} -f svg -o {ordering}.svg"),
            svg,
        });
    }
    let page = OrderingsPage { title, intro: blurb, orders, css: CSS };
    Some(("orderings.html".into(), title.into(), blurb.into(), page.render().ok()?))
}

/// What [`write`] made.
pub struct Summary {
    /// The index page.
    pub index: PathBuf,
    /// One line per page: file name and what it shows.
    pub lines: Vec<String>,
}

struct Row {
    file: &'static str,
    title: &'static str,
    blurb: &'static str,
    command: &'static str,
    algo: String,
    value: String,
    best: String,
    nodes: String,
    leaves: String,
    cutoffs: String,
    minimax_nodes: String,
    saving: String,
}

#[derive(Template)]
#[template(path = "demo_index.html")]
struct IndexPage<'a> {
    rows: &'a [Row],
    compare: Vec<(String, String, String)>,
    practice: String,
    css: &'static str,
}

/// The folder of the demo's practice page.
pub const PRACTICE_DIR: &str = "practice";

/// Generated trees per difficulty on the demo's practice page.
const PRACTICE_TREES: u32 = 4;

/// Runs every example and writes the site into `dir` (replacing an earlier demo there).
pub fn write(dir: &Path) -> Result<Summary, Error> {
    let mut files = Vec::new();
    let mut rows = Vec::new();
    let mut lines = Vec::new();
    for ex in examples()? {
        let trace = ex.input.trace(ex.algo, &ex.run_options())?;
        let stem = ex.file.trim_end_matches(".html");
        let popts = PageOptions {
            title: Some(ex.title.to_string()),
            subtitle: Some(ex.blurb.to_string()),
            boards: Some(format!("boards/{stem}/")),
            back: Some(("index.html".into(), "all examples".into())),
            ..PageOptions::default()
        };
        let p = page(&trace, &ViewOptions { labels: ex.labels, ..ViewOptions::default() }, &popts);
        files.extend(p.files);
        files.push(SiteFile::text(ex.file, p.html));
        lines.push(format!("{:<26} {}: {}", ex.file, ex.title, counts(&trace)));
        rows.push(row(&ex, &trace));
    }
    let mut compare = Vec::new();
    for (file, title, blurb, html) in comparison_page()
        .into_iter()
        .chain(mcts_comparison_page())
        .chain(orderings_page())
        .chain(check_pages())
    {
        files.push(SiteFile::text(file.clone(), html));
        lines.push(format!("{file:<26} {title}"));
        compare.push((file, title, blurb));
    }
    // The practice page and its solution pages, in their own folder.
    let set =
        crate::exercise::practice_set(None, Algorithm::AlphaBetaSoft, crate::Ties::Prune, 1, PRACTICE_TREES)?;
    let trees: Vec<PracticeTree> =
        set.iter().map(|(group, ex)| PracticeTree { exercise: ex.drawn(), group: group.clone() }).collect();
    let back = Some(("../index.html".to_string(), "all examples".to_string()));
    for f in practice_site(&trees, back) {
        files.push(SiteFile { path: format!("{PRACTICE_DIR}/{}", f.path), bytes: f.bytes });
    }
    lines.push(format!(
        "{:<26} practice: {} trees to solve by hand, checked",
        PRACTICE_DIR.to_string() + "/",
        trees.len()
    ));
    let index = IndexPage { rows: &rows, compare, practice: format!("{PRACTICE_DIR}/index.html"), css: CSS };
    let html = index.render().map_err(|e| Error::Usage(format!("could not render the demo index: {e}")))?;
    files.push(SiteFile::text("index.html", html));
    write_site(dir, &files)?;
    Ok(Summary { index: dir.join("index.html"), lines })
}

fn counts(t: &Trace) -> String {
    let s = t.stats();
    let mut line =
        format!("value {}, {} nodes, {} leaves", t.result().value, thousands(s.nodes), thousands(s.leaves));
    if t.algorithm().has_window() {
        line.push_str(&format!(
            ", {} {}",
            thousands(s.cutoffs),
            if s.cutoffs == 1 { "cutoff" } else { "cutoffs" }
        ));
    }
    if t.algorithm().features.mcts {
        line.push_str(&format!(", {} iterations", thousands(s.iterations)));
    }
    line
}

fn row(ex: &Example, t: &Trace) -> Row {
    let s = t.stats();
    let mm = t.minimax().filter(|_| t.algorithm().has_window());
    Row {
        file: ex.file,
        title: ex.title,
        blurb: ex.blurb,
        command: ex.command,
        algo: t.algorithm().title().to_string(),
        value: t.result().value.to_string(),
        best: t.result().best_move.clone().unwrap_or_else(|| "—".into()),
        nodes: thousands(s.nodes),
        leaves: thousands(s.leaves),
        cutoffs: if t.algorithm().has_window() { crate::export::view::cutoffs_text(t) } else { "—".into() },
        minimax_nodes: match mm {
            Some(m) => thousands(m.nodes),
            None if t.algorithm().features.mcts => "—".into(),
            None if !t.algorithm().has_window() => thousands(s.nodes),
            None => "—".into(),
        },
        saving: match mm {
            Some(m) if m.nodes > 0 => format!("{:.0}%", 100.0 * (1.0 - s.nodes as f64 / m.nodes as f64)),
            _ => "—".into(),
        },
    }
}
