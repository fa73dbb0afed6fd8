//! Recording a log's [`Steps`] into a [`Trace`] through the [`Recorder`], as if the search
//! that wrote the log had reported to it: every view then works on the log's search.
//!
//! What the log does not say is taken from the textbook rules: after a child returns, its
//! parent's window is the one the log passes to the next child (else α rises at MAX and β falls
//! at MIN); the principal variation follows the best child of each node.

use super::steps::{NO_ORDER, ROOT, Step, Steps};
use abviz_core::{Game, Player, Score};
use abviz_trace::{InputInfo, Observer, PassKind, Recorder, SearchResult, Stop, Trace};

struct Frame<M> {
    mv: Option<M>,
    /// The game's moves here, and the order the log searched them in (indices into `moves`).
    moves: Vec<M>,
    order: Vec<u32>,
    entered: u32,
    /// The search index of the last child entered.
    last: u32,
    player: Player,
    alpha: Score,
    beta: Score,
    best: Option<Score>,
    /// The principal variation below this node: (label, search index).
    line: Vec<(String, u32)>,
}

/// Records `steps`, read from a log of a search of `root` whose values are in the mover's
/// point of view when `mover_view` (else MAX's), into `rec`, and finishes the trace.
pub fn record<G: Game>(
    steps: &Steps,
    root: &G,
    mut rec: Recorder<G>,
    mover_view: bool,
    input: InputInfo,
) -> Result<Trace, Stop> {
    let mut game = root.clone();
    let mut stack: Vec<Frame<G::Move>> = Vec::new();
    let mut result = SearchResult::default();
    let mut passes = false;
    let all = &steps.steps;
    for (i, step) in all.iter().enumerate() {
        match *step {
            Step::Pass { .. } => {
                passes = true;
                let (alpha, beta) = match all.get(i + 1) {
                    Some(Step::Enter { alpha, beta, .. }) => (*alpha, *beta),
                    _ => (Score::NEG_INF, Score::INF),
                };
                rec.pass_start(&game, PassKind::Iteration, None, alpha, beta);
            }
            Step::Research { .. } => rec.research(),
            Step::Enter { child, alpha, beta, order, .. } => {
                let mut mv = None;
                if child != ROOT {
                    let f = stack.last_mut().expect("a node is open");
                    let researched = matches!(all.get(i.wrapping_sub(1)), Some(Step::Research { .. }));
                    if !researched {
                        f.last = f.entered;
                        f.entered += 1;
                    }
                    let m = f.moves[child as usize];
                    game.play(m);
                    mv = Some(m);
                }
                rec.enter(&game, alpha, beta)?;
                let mut frame = Frame {
                    mv,
                    moves: Vec::new(),
                    order: Vec::new(),
                    entered: 0,
                    last: 0,
                    player: game.to_move(),
                    alpha,
                    beta,
                    best: None,
                    line: Vec::new(),
                };
                if order != NO_ORDER {
                    frame.moves = game.moves();
                    let searched = steps.order(order);
                    frame.order = searched.to_vec();
                    let mut seen = vec![false; frame.moves.len()];
                    for &c in searched {
                        seen[c as usize] = true;
                    }
                    frame.order.extend((0..frame.moves.len() as u32).filter(|&c| !seen[c as usize]));
                    let ordered: Vec<G::Move> =
                        frame.order.iter().map(|&c| frame.moves[c as usize]).collect();
                    rec.expand(&game, &ordered)?;
                }
                stack.push(frame);
            }
            Step::Leaf { value, .. } => {
                let terminal = game.leaves_are_game_ends() && game.terminal_value().is_some();
                rec.leaf(value, terminal);
            }
            Step::Cut { .. } => {
                let f = stack.last().expect("a node is open");
                let pruned: Vec<G::Move> =
                    f.order[f.entered as usize..].iter().map(|&c| f.moves[c as usize]).collect();
                rec.cutoff(&game, &pruned, f.alpha, f.beta)?;
            }
            Step::Update { .. } => {}
            Step::Exit { value, .. } => {
                rec.exit(value);
                let child = stack.pop().expect("a node is open");
                if let Some(mv) = child.mv {
                    game.undo(mv);
                }
                let Some(parent) = stack.last_mut() else {
                    let max_view = if mover_view { child.player.to_max_view(value) } else { value };
                    result = SearchResult {
                        value: max_view,
                        best_move: child.line.first().map(|(l, _)| l.clone()),
                        best_index: child.line.first().map(|&(_, i)| i),
                        pv: child.line.iter().map(|(l, _)| l.clone()).collect(),
                        pv_indices: child.line.iter().map(|&(_, i)| i).collect(),
                    };
                    if passes {
                        rec.pass_end(value);
                    }
                    continue;
                };
                let v = if mover_view && parent.player != child.player { -value } else { value };
                let minimize = !mover_view && parent.player == Player::Min;
                match (minimize, all.get(i + 1)) {
                    // The window the log passes to the next child is the parent's window now.
                    (_, Some(&Step::Enter { alpha, beta, window: true, child: c, .. })) if c != ROOT => {
                        let next_player = {
                            let m = parent.moves[c as usize];
                            game.play(m);
                            let p = game.to_move();
                            game.undo(m);
                            p
                        };
                        (parent.alpha, parent.beta) = if mover_view && next_player != parent.player {
                            (-beta, -alpha)
                        } else {
                            (alpha, beta)
                        };
                    }
                    (true, _) => parent.beta = parent.beta.min(v),
                    (false, _) => parent.alpha = parent.alpha.max(v),
                }
                rec.update(v, parent.alpha, parent.beta);
                let better = match parent.best {
                    None => true,
                    Some(b) => (minimize && v < b) || (!minimize && v > b),
                };
                if better {
                    parent.best = Some(v);
                    let m = parent.moves[parent.order[parent.last as usize] as usize];
                    let mut line = Vec::with_capacity(child.line.len() + 1);
                    line.push((game.move_label(m), parent.last));
                    line.extend(child.line);
                    parent.line = line;
                }
            }
        }
    }
    Ok(rec.finish(input, result))
}
