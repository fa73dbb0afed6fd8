//! What recording costs, counted rather than timed: full tic-tac-toe searched with the no-op
//! observer or with the recorder, for an instruction counter. The difference of the two counts
//! over the recorded nodes is the recorder's price per node (the bench `search` gives the ratio
//! of times). `floor` observes the searches with [`Appender`], which appends the same nodes and
//! events as plain fixed-width records: what recording these records costs at the least,
//! against which the recorder's compact encoding, statistics and budget are seen.
//!
//! ```text
//! cargo build --release -p abviz-search --example record_cost
//! valgrind --tool=callgrind target/release/examples/record_cost minimax noop
//! valgrind --tool=callgrind target/release/examples/record_cost minimax record
//! valgrind --tool=callgrind target/release/examples/record_cost minimax floor
//! ```
//!
//! Arguments: the algorithm (default minimax), `noop`, `record` or `floor` (default noop), how many
//! searches to run one after the other (default 1), and the game: `tictactoe` (the default,
//! searched to the end) or `gomoku` (9×9 from the empty board, 4 plies: its evaluation's cost).

use abviz_core::{Game, Player, Score};
use abviz_games::gomoku::Gomoku;
use abviz_games::tictactoe::{TicTacToe, TttEval};
use abviz_search::{Algorithm, run};
use abviz_trace::{Bound, NONE, NoOp, Node, NodeId, Observer, Recorder, Stop};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let algo: Algorithm = match args.first().map_or(Ok(Algorithm::Minimax), |a| a.parse()) {
        Ok(algo) => algo,
        Err(e) => usage(&e.to_string()),
    };
    let mode = match args.get(1).map_or("noop", String::as_str) {
        "noop" => Mode::NoOp,
        "record" => Mode::Record,
        "floor" => Mode::Floor,
        other => usage(&format!("expected noop, record or floor, not '{other}'")),
    };
    let times: u32 = match args.get(2).map_or(Ok(1), |n| n.parse()) {
        Ok(n) => n,
        Err(e) => usage(&format!("the number of searches: {e}")),
    };
    match args.get(3).map_or("tictactoe", String::as_str) {
        "tictactoe" => searches(algo, mode, times, &TicTacToe::new(TttEval::Win), u32::MAX),
        "gomoku" => searches(algo, mode, times, &Gomoku::new(9), 4),
        other => usage(&format!("expected tictactoe or gomoku, not '{other}'")),
    }
}

/// What observes the searches.
#[derive(Clone, Copy)]
enum Mode {
    /// The no-op observer.
    NoOp,
    /// The recorder, which makes a full trace.
    Record,
    /// [`Appender`]: the same records, appended as they come.
    Floor,
}

/// Searches `game` `times` times to `depth` plies, observed as `mode` says.
fn searches<G: Game>(algo: Algorithm, mode: Mode, times: u32, game: &G, depth: u32) {
    for _ in 0..times {
        match mode {
            Mode::NoOp => {
                let outcome = run(algo, &mut game.clone(), depth, &mut NoOp).expect("no budget");
                println!("value {}", outcome.value);
            }
            Mode::Record => {
                let mut rec = Recorder::new(algo.descriptor(), u64::MAX);
                let outcome = run(algo, &mut game.clone(), depth, &mut rec).expect("no budget");
                let trace = rec.finish(Default::default(), outcome.result(game));
                println!("{} nodes, {} events", trace.nodes().len(), trace.events().len());
            }
            Mode::Floor => {
                let mut rec = Appender::default();
                run(algo, &mut game.clone(), depth, &mut rec).expect("no budget");
                println!("{} nodes, {} events", rec.nodes.len(), rec.events.len());
            }
        }
    }
}

fn usage(problem: &str) -> ! {
    eprintln!("record_cost: {problem}\nusage: record_cost [ALGORITHM] [noop|record|floor] [SEARCHES] [GAME]");
    std::process::exit(2);
}

/// The least a recorder of the same records costs: [`Appender`] keeps every node (the trace's
/// own 16-byte [`Node`]: parent, move label, index, depth, player) and every event a full trace
/// has for these searches (entering with the window, the evaluation, each update with the
/// child, value and window, each cutoff with the ancestor whose bound caused it and the
/// never-searched children, the exit with its bound) as plain fixed-width records appended to
/// vectors: no compact encoding, no statistics, no budget, no re-search or revisit handling.
/// What the recorder spends beyond this is the price of those.
#[derive(Default)]
struct Appender {
    nodes: Vec<Node>,
    events: Vec<Record>,
    stack: Vec<Open>,
    /// The labels of the open nodes' children, in order (each node's from its `labels_start`).
    child_labels: Vec<u32>,
    /// Label key → label id (the recorder's cache, without the texts).
    label_ids: Vec<u32>,
}

/// An event as a fixed-width record: the trace's event's fields (a cutoff's child and count of
/// new nodes aside: a cutoff keeps the ancestor and how many children it pruned).
#[allow(dead_code)] // written, never read: only its cost is measured
struct Record {
    kind: Kind,
    /// An exit's bound.
    bound: Bound,
    /// Whether an evaluated leaf is terminal.
    terminal: bool,
    /// The node it happens at.
    node: NodeId,
    /// An update's child, or the ancestor whose bound caused a cutoff.
    other: NodeId,
    /// The value (a cutoff's: how many children it pruned).
    value: Score,
    /// The window.
    alpha: Score,
    beta: Score,
}

/// What a [`Record`] records.
#[derive(Clone, Copy)]
enum Kind {
    Enter,
    Eval,
    Update,
    Cutoff,
    Exit,
}

/// An open node: its id, children entered, where its child labels start, who moves, its window
/// as entered, the nodes that set its window's bounds, and its child entered last.
struct Open {
    id: NodeId,
    entered: u32,
    labels_start: u32,
    player: Player,
    alpha_in: Score,
    beta_in: Score,
    alpha_src: NodeId,
    beta_src: NodeId,
    last_child: NodeId,
}

impl<G: Game> Observer<G> for Appender {
    #[inline(always)]
    fn enter(&mut self, game: &G, alpha: Score, beta: Score) -> Result<(), Stop> {
        let id = self.nodes.len() as NodeId;
        let depth = self.stack.len();
        let (parent, index, label, alpha_src, beta_src) = match self.stack.last_mut() {
            Some(f) => {
                let index = f.entered;
                f.entered += 1;
                f.last_child = id;
                let label = self.child_labels.get((f.labels_start + index) as usize).copied().unwrap_or(NONE);
                (f.id, index, label, f.alpha_src, f.beta_src)
            }
            None => (NONE, 0, NONE, NONE, NONE),
        };
        let player = game.to_move();
        self.nodes.push(Node { parent, label, index, depth: depth as u16, player, pruned: false });
        self.events.push(Record {
            kind: Kind::Enter,
            bound: Bound::Exact,
            terminal: false,
            node: id,
            other: NONE,
            value: Score::default(),
            alpha,
            beta,
        });
        let labels_start = self.child_labels.len() as u32;
        self.stack.push(Open {
            id,
            entered: 0,
            labels_start,
            player,
            alpha_in: alpha,
            beta_in: beta,
            alpha_src,
            beta_src,
            last_child: NONE,
        });
        Ok(())
    }

    #[inline(always)]
    fn expand(&mut self, game: &G, moves: &[G::Move]) -> Result<(), Stop> {
        for &mv in moves {
            let key = game.label_key(mv).unwrap_or(0) as usize;
            if key >= self.label_ids.len() {
                self.label_ids.resize(key + 1, NONE);
            }
            if self.label_ids[key] == NONE {
                self.label_ids[key] = key as u32;
            }
            let id = self.label_ids[key];
            self.child_labels.push(id);
        }
        Ok(())
    }

    #[inline(always)]
    fn leaf(&mut self, value: Score, terminal: bool) {
        let node = self.stack.last().map_or(NONE, |f| f.id);
        self.events.push(Record {
            kind: Kind::Eval,
            bound: Bound::Exact,
            terminal,
            node,
            other: NONE,
            value,
            alpha: Score::default(),
            beta: Score::default(),
        });
    }

    #[inline(always)]
    fn update(&mut self, value: Score, alpha: Score, beta: Score) {
        let Some(f) = self.stack.last_mut() else { return };
        if alpha > f.alpha_in {
            f.alpha_src = f.id;
        }
        if beta < f.beta_in {
            f.beta_src = f.id;
        }
        let (node, child) = (f.id, f.last_child);
        self.events.push(Record {
            kind: Kind::Update,
            bound: Bound::Exact,
            terminal: false,
            node,
            other: child,
            value,
            alpha,
            beta,
        });
    }

    #[inline(always)]
    fn cutoff(&mut self, game: &G, pruned: &[G::Move], alpha: Score, beta: Score) -> Result<(), Stop> {
        let Some(f) = self.stack.last() else { return Ok(()) };
        let (id, entered, labels_start, depth) = (f.id, f.entered, f.labels_start, self.stack.len() as u16);
        let from = if f.player == Player::Min { f.alpha_src } else { f.beta_src };
        for (k, &mv) in pruned.iter().enumerate() {
            let index = entered + k as u32;
            let label = self.child_labels[(labels_start + index) as usize];
            let player = game.next_to_move(mv).unwrap_or(Player::Max);
            self.nodes.push(Node { parent: id, label, index, depth, player, pruned: true });
        }
        let value = Score::from(pruned.len() as i32);
        self.events.push(Record {
            kind: Kind::Cutoff,
            bound: Bound::Exact,
            terminal: false,
            node: id,
            other: from,
            value,
            alpha,
            beta,
        });
        Ok(())
    }

    #[inline(always)]
    fn exit(&mut self, value: Score) {
        let Some(f) = self.stack.pop() else { return };
        self.child_labels.truncate(f.labels_start as usize);
        let bound = if value <= f.alpha_in {
            Bound::Upper
        } else if value >= f.beta_in {
            Bound::Lower
        } else {
            Bound::Exact
        };
        self.events.push(Record {
            kind: Kind::Exit,
            bound,
            terminal: false,
            node: f.id,
            other: NONE,
            value,
            alpha: Score::default(),
            beta: Score::default(),
        });
    }
}
