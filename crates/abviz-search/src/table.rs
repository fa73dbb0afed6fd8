//! The transposition table and the move-ordering memory of the searches that remember:
//! alpha-beta with memory (MTD(f)) and iterative deepening. A position's entry holds the
//! bounds a search to some depth proved (lower ≤ true value ≤ upper) and the child that was
//! best there; killer moves and the history table remember cutoffs across positions.

use abviz_core::Game;
use abviz_core::Score;
use abviz_trace::{Bound, ORDER_REASONS, OrderReason};
use rustc_hash::FxHashMap;
use std::fmt;
use std::str::FromStr;

/// Which move-ordering heuristics a search uses (any subset).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Heuristics {
    /// The table's best move of the position first (from an earlier iteration or probe).
    pub tt: bool,
    /// The two latest moves that caused a cutoff at the same ply (killer moves) next.
    pub killer: bool,
    /// Then the moves by how often and how deep they caused cutoffs anywhere (history).
    pub history: bool,
}

impl Heuristics {
    /// All three.
    pub const ALL: Heuristics = Heuristics { tt: true, killer: true, history: true };
    /// Only the table's move first.
    pub const TT: Heuristics = Heuristics { tt: true, killer: false, history: false };
}

impl FromStr for Heuristics {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        let mut h = Heuristics::default();
        for word in s.split(',').map(str::trim).filter(|w| !w.is_empty()) {
            match word.to_ascii_lowercase().as_str() {
                "tt" | "table" => h.tt = true,
                "killer" | "killers" => h.killer = true,
                "history" => h.history = true,
                "none" => {}
                "all" => h = Heuristics::ALL,
                _ => {
                    return Err(format!(
                        "unknown ordering heuristic '{word}': expected any of tt, killer, history (or none, all)"
                    ));
                }
            }
        }
        Ok(h)
    }
}

impl fmt::Display for Heuristics {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<&str> = [(self.tt, "tt"), (self.killer, "killer"), (self.history, "history")]
            .into_iter()
            .filter_map(|(on, name)| on.then_some(name))
            .collect();
        f.write_str(if names.is_empty() { "none" } else { "" })?;
        f.write_str(&names.join(","))
    }
}

/// What the table knows about a position searched to `depth` plies.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Entry {
    /// The remaining depth the bounds hold for.
    pub depth: u32,
    /// The true value is at least this.
    pub lower: Score,
    /// The true value is at most this.
    pub upper: Score,
    /// The best child's index among the position's moves in the game's order.
    pub best: Option<u32>,
}

/// The memory of a search: transposition table, killer moves and history.
#[derive(Debug, Default)]
pub struct Memory {
    table: FxHashMap<u64, Entry>,
    /// The heuristics that order moves.
    pub heuristics: Heuristics,
    killers: Vec<[Option<u64>; 2]>,
    history: FxHashMap<u64, u64>,
}

impl Memory {
    /// An empty memory ordering moves with `heuristics`.
    pub fn new(heuristics: Heuristics) -> Self {
        Memory { heuristics, ..Default::default() }
    }

    /// The bounds stored for `key` at exactly `depth` (a search to another depth proved
    /// something about another value).
    pub fn probe(&self, key: u64, depth: u32) -> Option<Entry> {
        self.table.get(&key).filter(|e| e.depth == depth).copied()
    }

    /// Stores the result `g` of a search of `key` to `depth` with the window [`alpha`, `beta`];
    /// returns the kind of bound stored.
    pub fn store(
        &mut self,
        key: u64,
        depth: u32,
        g: Score,
        (alpha, beta): (Score, Score),
        best: Option<u32>,
    ) -> Bound {
        let bound = if g <= alpha {
            Bound::Upper
        } else if g >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        let fresh = Entry { depth, lower: Score::NEG_INF, upper: Score::INF, best: None };
        let e = self.table.entry(key).or_insert(fresh);
        if e.depth != depth {
            *e = Entry { best: e.best, ..fresh };
        }
        match bound {
            Bound::Upper => e.upper = g,
            Bound::Lower => e.lower = g,
            Bound::Exact => (e.lower, e.upper) = (g, g),
        }
        if best.is_some() {
            e.best = best;
        }
        bound
    }

    /// The order to search `game`'s moves in at `ply` (the position's key is `key`): indices
    /// into `moves` (the game's order), the table's move first, then killers, then by history,
    /// each heuristic only if chosen.
    pub fn order<G: Game>(&self, game: &G, key: Option<u64>, ply: usize, moves: &[G::Move]) -> Vec<u32> {
        let h = self.heuristics;
        let mut order: Vec<u32> = (0..moves.len() as u32).collect();
        let tt_move = if h.tt { key.and_then(|k| self.table.get(&k)).and_then(|e| e.best) } else { None };
        if !h.killer && !h.history {
            // The table's move alone: moved to the front, the others in the game's order.
            if let Some(first) = tt_move.filter(|&t| (t as usize) < moves.len()) {
                order[..=first as usize].rotate_right(1);
            }
            return order;
        }
        let killers = if h.killer { self.killers.get(ply).copied().unwrap_or_default() } else { [None; 2] };
        let history = h.history && !self.history.is_empty();
        // Each move's rank as one number, smallest first: its class (the table's move 0, a
        // killer 1, the others 2), then its history score, highest first (capped at 2^42).
        const INDEX_BITS: u32 = 20;
        const SCORE_MAX: u64 = (1 << 42) - 1;
        let rank = |i: u32| -> u64 {
            let id = if killers != [None; 2] || history { game.move_id(moves[i as usize]) } else { None };
            let class: u64 = if Some(i) == tt_move {
                0
            } else if id.is_some() && killers.contains(&id) {
                1
            } else {
                2
            };
            let score =
                if history { id.and_then(|id| self.history.get(&id)).copied().unwrap_or(0) } else { 0 };
            class << 42 | (SCORE_MAX - score.min(SCORE_MAX))
        };
        if moves.len() >= 1 << INDEX_BITS {
            // More moves than a packed index holds: a stable sort keeps the game's order.
            order.sort_by_cached_key(|&i| rank(i));
            return order;
        }
        // The rank and the index packed into one number (equal ranks keep the game's order), so
        // a plain sort of numbers is enough.
        let mut ranked: Vec<u64> = order.iter().map(|&i| rank(i) << INDEX_BITS | u64::from(i)).collect();
        ranked.sort_unstable();
        ranked.into_iter().map(|r| (r & ((1 << INDEX_BITS) - 1)) as u32).collect()
    }

    /// Why [`Memory::order`] put the first children of `order` (its result for the same
    /// arguments) where they are: `(place in search order, reason, table depth, history score)`
    /// for at most [`ORDER_REASONS`] children. The children a heuristic moved form a prefix of
    /// the order (the table's move, then killers, then moves with a history score, then the
    /// rest in the game's order), so the list stops at the first child no heuristic chose.
    pub fn reasons<G: Game>(
        &self,
        game: &G,
        key: Option<u64>,
        ply: usize,
        moves: &[G::Move],
        order: &[u32],
    ) -> Vec<(u32, OrderReason, u32, u64)> {
        let h = self.heuristics;
        let entry = if h.tt { key.and_then(|k| self.table.get(&k)) } else { None };
        let killers = if h.killer { self.killers.get(ply).copied().unwrap_or_default() } else { [None; 2] };
        let mut out = Vec::new();
        for (place, &i) in order.iter().enumerate().take(ORDER_REASONS) {
            let id = game.move_id(moves[i as usize]);
            let history = if h.history { id.and_then(|id| self.history.get(&id)).copied() } else { None };
            let reason = match entry {
                Some(e) if e.best == Some(i) => (OrderReason::Tt, e.depth, 0),
                _ if id.is_some() && killers.contains(&id) => (OrderReason::Killer, 0, 0),
                _ => match history {
                    Some(score) if score > 0 => (OrderReason::History, 0, score),
                    _ => break,
                },
            };
            out.push((place as u32, reason.0, reason.1, reason.2));
        }
        out
    }

    /// `mv` caused a cutoff at `ply` with `depth` plies to go: a killer there, and its history
    /// grows by depth². Whether it became the first killer move at `ply` (it was not already).
    pub fn reward<G: Game>(&mut self, game: &G, mv: G::Move, ply: usize, depth: u32) -> bool {
        let Some(id) = game.move_id(mv) else { return false };
        let mut new_killer = false;
        if self.heuristics.killer {
            if self.killers.len() <= ply {
                self.killers.resize(ply + 1, [None; 2]);
            }
            let k = &mut self.killers[ply];
            if k[0] != Some(id) {
                k[1] = k[0];
                k[0] = Some(id);
                new_killer = true;
            }
        }
        if self.heuristics.history {
            let d = u64::from(depth.min(64));
            *self.history.entry(id).or_default() += d * d;
        }
        new_killer
    }
}
