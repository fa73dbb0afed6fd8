//! The simulation phase of MCTS, pluggable: a rollout policy picks each playout move and a
//! result function scores where the playout ended. [`Uniform`] is the default: uniformly random
//! moves, and win/draw/loss results (a tree's leaf values on explicit trees).

use abviz_core::Game;
use abviz_core::Score;
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::Rng;

/// How MCTS plays out from a new node and what the playout is worth.
///
/// Results are from MAX's point of view: for a game, 1 is a MAX win, ½ a draw and 0 a MIN win.
/// A game that scores non-terminal positions (Jiu chess's `0.7 × result + 0.3 × location`)
/// implements its own.
pub trait Playout<G: Game> {
    /// The index (into `moves`, never empty) of the next playout move from `game`'s position.
    fn choose(&mut self, game: &G, moves: &[G::Move], rng: &mut ChaCha8Rng) -> usize {
        let _ = game;
        below(rng, moves.len())
    }

    /// The result of a playout that stopped at `game`'s position: the game is over there, or
    /// the depth limit (or the playout's length limit) was reached.
    fn result(&self, game: &G) -> f64;

    /// Every result lies in this range (UCT's exploration term is scaled by its width); `None`:
    /// the range is learned from the results seen so far.
    fn range(&self) -> Option<(f64, f64)>;

    /// The root's value estimate as a score, from the mean result of its best move.
    fn score(&self, mean: f64) -> Score;
}

/// Uniformly random playouts. Games score a playout by who won (1, ½, 0 for MAX; at the depth
/// limit, the side the static evaluation favours). Explicit trees (whose leaves are values, not
/// game ends) score it by the leaf value itself, so W/N is a mean leaf value; an infinite leaf
/// counts as ±[`Uniform::INFINITE_LEAF`].
#[derive(Clone, Copy, Debug, Default)]
pub struct Uniform {
    /// Results are leaf values (explicit trees), not win/draw/loss.
    pub leaf_values: bool,
}

impl Uniform {
    /// What an infinite leaf of an explicit tree counts as.
    pub const INFINITE_LEAF: f64 = 1000.0;

    /// The default playout for `game`: leaf values on explicit trees, win/draw/loss on games.
    pub fn for_game<G: Game>(game: &G) -> Uniform {
        Uniform { leaf_values: !game.leaves_are_game_ends() }
    }
}

impl<G: Game> Playout<G> for Uniform {
    fn result(&self, game: &G) -> f64 {
        if let Some(r) = game.playout_end() {
            return r;
        }
        let value = game.terminal_value().unwrap_or_else(|| game.evaluate());
        if self.leaf_values {
            match value {
                s if s == Score::INF => Self::INFINITE_LEAF,
                s if s == Score::NEG_INF => -Self::INFINITE_LEAF,
                v => v.to_f64(),
            }
        } else {
            match value.raw().signum() {
                1 => 1.0,
                0 => 0.5,
                _ => 0.0,
            }
        }
    }

    fn range(&self) -> Option<(f64, f64)> {
        (!self.leaf_values).then_some((0.0, 1.0))
    }

    fn score(&self, mean: f64) -> Score {
        let v = if self.leaf_values { mean } else { 2.0 * mean - 1.0 };
        Score::finite(v.round() as i64).unwrap_or(Score::from(0))
    }
}

/// A uniform draw from `0..n` (rejection sampling keeps it unbiased).
pub fn below(rng: &mut ChaCha8Rng, n: usize) -> usize {
    let n = n as u64;
    let zone = u64::MAX - u64::MAX % n;
    loop {
        let r = rng.next_u64();
        if r < zone {
            return (r % n) as usize;
        }
    }
}

/// Plays `policy`'s moves from `game` until the game ends or `limit` moves were played, takes
/// them back, and returns the number of moves and the result. A position where the game says a
/// playout ends ([`Game::playout_end`]) ends it too.
pub fn play_out<G: Game, P: Playout<G>>(
    game: &mut G,
    limit: u32,
    policy: &mut P,
    rng: &mut ChaCha8Rng,
) -> (u32, f64) {
    play_out_telling(game, limit, policy, rng, |_, _| {})
}

/// [`play_out`], telling `each` every move with the position it is played from.
pub fn play_out_telling<G: Game, P: Playout<G>>(
    game: &mut G,
    limit: u32,
    policy: &mut P,
    rng: &mut ChaCha8Rng,
    mut each: impl FnMut(&G, G::Move),
) -> (u32, f64) {
    let mut played = Vec::new();
    while played.len() < limit as usize && game.terminal_value().is_none() && game.playout_end().is_none() {
        let moves = game.moves();
        if moves.is_empty() {
            break;
        }
        let mv = moves[policy.choose(game, &moves, rng)];
        each(game, mv);
        game.play(mv);
        played.push(mv);
    }
    let result = policy.result(game);
    for &mv in played.iter().rev() {
        game.undo(mv);
    }
    (played.len() as u32, result)
}
