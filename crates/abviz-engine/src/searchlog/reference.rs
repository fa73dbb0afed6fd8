//! abviz's own search, told as [`Step`]s: the reference a log is checked against. An observer
//! notes each enter (with the child's index, the game's own move order), leaf, window update
//! (with the depth of the node that set each bound), cut and exit.

use super::steps::{NO_ORDER, ROOT, Step, Steps};
use abviz_core::{Game, Player, Score};
use abviz_search::{Algorithm, Settings};
use abviz_trace::{Observer, PassKind, Perspective, Stop};

/// No node set this bound: the root's initial window.
pub const INITIAL: u32 = u32::MAX;

struct Frame {
    entered: u32,
    last: u32,
    player: Player,
    alpha: Score,
    beta: Score,
    alpha_src: u32,
    beta_src: u32,
}

/// The observer that writes a search as steps.
struct StepObserver {
    steps: Vec<Step>,
    stack: Vec<Frame>,
    mover_view: bool,
    research_next: bool,
}

impl<G: Game> Observer<G> for StepObserver {
    fn enter(&mut self, game: &G, alpha: Score, beta: Score) -> Result<(), Stop> {
        let player = game.to_move();
        let research = std::mem::take(&mut self.research_next);
        let (child, srcs) = match self.stack.last_mut() {
            None => (ROOT, (INITIAL, INITIAL)),
            Some(f) => {
                if !research {
                    f.last = f.entered;
                    f.entered += 1;
                }
                let swap = self.mover_view && f.player != player;
                (f.last, if swap { (f.beta_src, f.alpha_src) } else { (f.alpha_src, f.beta_src) })
            }
        };
        self.steps.push(Step::Enter { child, alpha, beta, window: true, order: NO_ORDER, line: 0 });
        self.stack.push(Frame {
            entered: 0,
            last: 0,
            player,
            alpha,
            beta,
            alpha_src: srcs.0,
            beta_src: srcs.1,
        });
        Ok(())
    }

    fn research(&mut self) {
        self.research_next = true;
        self.steps.push(Step::Research { line: 0 });
    }

    fn leaf(&mut self, value: Score, _terminal: bool) {
        self.steps.push(Step::Leaf { value, line: 0 });
    }

    fn update(&mut self, value: Score, alpha: Score, beta: Score) {
        let depth = self.stack.len() as u32 - 1;
        let f = self.stack.last_mut().expect("a node is open");
        if alpha > f.alpha {
            f.alpha_src = depth;
        }
        if beta < f.beta {
            f.beta_src = depth;
        }
        (f.alpha, f.beta) = (alpha, beta);
        let (alpha_src, beta_src) = (f.alpha_src, f.beta_src);
        self.steps.push(Step::Update { value, alpha, beta, alpha_src, beta_src });
    }

    fn cutoff(&mut self, _game: &G, _pruned: &[G::Move], _alpha: Score, _beta: Score) -> Result<(), Stop> {
        self.steps.push(Step::Cut { line: 0 });
        Ok(())
    }

    fn exit(&mut self, value: Score) {
        self.stack.pop();
        self.steps.push(Step::Exit { value, line: 0 });
    }

    fn pass_start(&mut self, _game: &G, _kind: PassKind, _depth: Option<u32>, _alpha: Score, _beta: Score) {
        self.steps.push(Step::Pass { line: 0 });
    }
}

/// Whether `algo` can be checked against: it searches the children in the game's own order, so
/// that its steps name them as a log does.
pub fn checkable(algo: Algorithm) -> bool {
    matches!(
        algo,
        Algorithm::Minimax
            | Algorithm::AlphaBeta
            | Algorithm::AlphaBetaSoft
            | Algorithm::Negamax
            | Algorithm::NegamaxAb
            | Algorithm::Pvs
            | Algorithm::NegaScout
    )
}

/// `algo`'s search of `root` to `depth` plies with `settings`, as steps.
pub fn reference<G: Game>(
    algo: Algorithm,
    root: &G,
    depth: u32,
    settings: &Settings,
    max_nodes: u64,
) -> Result<Steps, Stop> {
    let obs = StepObserver {
        steps: Vec::new(),
        stack: Vec::new(),
        mover_view: algo.perspective() == Perspective::Mover,
        research_next: false,
    };
    let mut both = abviz_trace::Both(abviz_trace::Counter::new(max_nodes), obs);
    let mut game = root.clone();
    abviz_search::run_with(algo, &mut game, depth, settings, &mut both)?;
    Ok(Steps::from_steps(both.1.steps))
}
