//! MCTS against minimax (`abviz compare --algos alphabeta,mcts --iterations 100,1000,10000`): on
//! a position and each position one move away, for each iteration budget and seed, whether the
//! most-visited move is one of the minimax-optimal moves, the move's mean result against the
//! minimax value, and the nodes each search creates.
//!
//! ```
//! use abviz_engine::compare::mcts::Agreement;
//! use abviz_engine::input::Input;
//!
//! let input = Input::from_tree_text("((3 12 8) (2 4 6) (14 5 2))", None).unwrap();
//! let study = Agreement::run(&input, &[10, 1000], 3, 1_000_000).unwrap();
//! let last = study.budgets.last().unwrap();
//! assert_eq!(last.agreed, last.runs); // 1,000 iterations find the best move of every position
//! ```

use crate::Error;
use crate::Score;
use crate::game::{Game, Player};
use crate::input::{GameTask, Input};
use crate::search::{Algorithm, MctsOptions, Settings, run, run_with};
use crate::trace::{Both, Counter, InputInfo, Observer, Stop};
use serde::Serialize;
use std::fmt::Write;

/// One position's result at one iteration budget (over every seed).
#[derive(Clone, Debug, Serialize)]
pub struct PositionRow {
    /// The position: "start", or the move that leads to it.
    pub position: String,
    /// Its minimax value (MAX's view).
    pub value: Score,
    /// The minimax-optimal moves.
    pub optimal: Vec<String>,
    /// Alpha-beta's nodes on it.
    pub alphabeta_nodes: u64,
    /// The iteration budget.
    pub iterations: u32,
    /// Seeds whose most-visited move is optimal.
    pub agreed: u32,
    /// Seeds run.
    pub runs: u32,
    /// The mean over seeds of the chosen move's mean result, on the value's scale (games:
    /// 2·W/N − 1, so −1 … 1; trees: the mean leaf value).
    pub estimate: f64,
    /// Mean nodes MCTS created.
    pub nodes: f64,
}

/// The totals of one iteration budget over every position and seed.
#[derive(Clone, Debug, Serialize)]
pub struct BudgetRow {
    /// The iteration budget.
    pub iterations: u32,
    /// Runs whose move is optimal.
    pub agreed: u32,
    /// Runs in all.
    pub runs: u32,
    /// The mean |estimate − minimax value| per run.
    pub error: f64,
    /// Mean nodes MCTS created per run.
    pub nodes: f64,
    /// Mean nodes alpha-beta visited per position.
    pub alphabeta_nodes: f64,
}

/// The whole study.
#[derive(Clone, Debug, Serialize)]
pub struct Agreement {
    /// What was searched.
    pub input: String,
    /// Seeds per position and budget (1, 2, ...).
    pub seeds: u32,
    /// Per position and budget.
    pub positions: Vec<PositionRow>,
    /// Per budget.
    pub budgets: Vec<BudgetRow>,
}

impl Agreement {
    /// Runs the study on `input` with each of `iterations` and seeds 1..=`seeds`; each alpha-beta
    /// search stops with an error past `max_nodes`.
    pub fn run(input: &Input, iterations: &[u32], seeds: u32, max_nodes: u64) -> Result<Agreement, Error> {
        let description = input.info().description;
        let positions = input.with_game(Study { iterations, seeds, max_nodes })?;
        let budgets = iterations
            .iter()
            .map(|&it| {
                let rows: Vec<&PositionRow> = positions.iter().filter(|r| r.iterations == it).collect();
                let runs: u32 = rows.iter().map(|r| r.runs).sum();
                let per = |f: &dyn Fn(&PositionRow) -> f64| {
                    rows.iter().map(|r| f(r)).sum::<f64>() / rows.len().max(1) as f64
                };
                BudgetRow {
                    iterations: it,
                    agreed: rows.iter().map(|r| r.agreed).sum(),
                    runs,
                    error: per(&|r| (r.estimate - r.value.to_f64()).abs()),
                    nodes: per(&|r| r.nodes),
                    alphabeta_nodes: per(&|r| r.alphabeta_nodes as f64),
                }
            })
            .collect();
        Ok(Agreement { input: description, seeds, positions, budgets })
    }
}

struct Study<'a> {
    iterations: &'a [u32],
    seeds: u32,
    max_nodes: u64,
}

impl GameTask for Study<'_> {
    type Output = Result<Vec<PositionRow>, Error>;
    fn run<G: Game>(self, game: G, depth: u32, _info: InputInfo) -> Self::Output {
        let mut positions = vec![("start".to_string(), game.clone())];
        for mv in game.moves() {
            let mut g = game.clone();
            let label = g.move_label(mv);
            g.play(mv);
            if g.terminal_value().is_none() && !g.moves().is_empty() {
                positions.push((label, g));
            }
        }
        let mut rows = Vec::new();
        for (name, g) in positions {
            let moves = g.moves();
            if moves.is_empty() {
                continue;
            }
            // The minimax value of every move, by alpha-beta.
            let mut values = Vec::with_capacity(moves.len());
            let mut ab_nodes = 0;
            for &mv in &moves {
                let mut child = g.clone();
                child.play(mv);
                let mut counter = Counter::new(self.max_nodes);
                values.push(
                    run(Algorithm::AlphaBeta, &mut child, depth.saturating_sub(1), &mut counter)?.value,
                );
                ab_nodes += counter.stats.nodes;
            }
            let value = match g.to_move() {
                Player::Max => values.iter().copied().max(),
                Player::Min => values.iter().copied().min(),
            }
            .unwrap_or_default();
            let optimal: Vec<String> = moves
                .iter()
                .zip(&values)
                .filter(|(_, v)| **v == value)
                .map(|(&m, _)| g.move_label(m))
                .collect();
            for &iterations in self.iterations {
                let (mut agreed, mut estimate, mut nodes) = (0, 0.0, 0.0);
                for seed in 1..=self.seeds {
                    let opts = MctsOptions { iterations, seed: seed.into(), ..MctsOptions::default() };
                    let mut obs = Both(Counter::new(u64::MAX), RootChildren::default());
                    let outcome = run_with(
                        Algorithm::Mcts,
                        &mut g.clone(),
                        depth,
                        &Settings { mcts: opts, ..Settings::default() },
                        &mut obs,
                    )?;
                    let Both(counter, root) = obs;
                    let best = outcome.best_index().unwrap_or(0) as usize;
                    agreed += u32::from(values.get(best) == Some(&value));
                    let (n, w) = root.children.get(best).copied().unwrap_or((0, 0.0));
                    let q = if n > 0 { w / f64::from(n) } else { 0.0 };
                    estimate += if g.leaves_are_game_ends() { 2.0 * q - 1.0 } else { q };
                    nodes += counter.stats.nodes as f64;
                }
                let runs = self.seeds;
                rows.push(PositionRow {
                    position: name.clone(),
                    value,
                    optimal: optimal.clone(),
                    alphabeta_nodes: ab_nodes,
                    iterations,
                    agreed,
                    runs,
                    estimate: estimate / f64::from(runs),
                    nodes: nodes / f64::from(runs),
                });
            }
        }
        Ok(rows)
    }
}

/// Keeps N and W of the root's children from an MCTS search's events.
#[derive(Default)]
struct RootChildren {
    children: Vec<(u32, f64)>,
    /// Levels below the root the current iteration is at.
    depth: usize,
    child: usize,
}

impl RootChildren {
    fn down(&mut self, index: u32) {
        if self.depth == 0 {
            self.child = index as usize;
        }
        self.depth += 1;
    }
}

impl<G: Game> Observer<G> for RootChildren {
    fn iteration(&mut self, _number: u32) -> Result<(), Stop> {
        self.depth = 0;
        Ok(())
    }
    fn select(&mut self, index: u32, _visits: u32, _total: f64, _uct: f64) {
        self.down(index);
    }
    fn expand_child(&mut self, _game: &G, _mv: G::Move, index: u32) {
        self.down(index);
    }
    fn backprop(&mut self, visits: u32, total: f64) {
        if self.depth == 1 {
            if self.children.len() <= self.child {
                self.children.resize(self.child + 1, (0, 0.0));
            }
            self.children[self.child] = (visits, total);
        }
        self.depth = self.depth.saturating_sub(1);
    }
}

fn pct(agreed: u32, runs: u32) -> String {
    format!("{:.0}%", 100.0 * f64::from(agreed) / f64::from(runs.max(1)))
}

/// The study as text tables (Markdown syntax, readable on a terminal too).
pub fn markdown(a: &Agreement) -> String {
    let heading = format!(
        "MCTS against minimax on {}: each position × {} seeds",
        crate::safe_text::for_terminal(&a.input),
        a.seeds
    );
    // Wrapped to the tables' width (a paragraph in Markdown, so the wrap does not show there).
    let mut s = super::fit::wrap(&heading, super::fit::WIDTH).join("\n");
    s.push_str("\n\n");
    s.push_str(
        "| iterations | optimal move | mean abs(estimate − value) | MCTS nodes | alpha-beta nodes |\n",
    );
    s.push_str("|---:|---:|---:|---:|---:|\n");
    for b in &a.budgets {
        let _ = writeln!(
            s,
            "| {} | {} ({}/{}) | {:.3} | {:.0} | {:.0} |",
            b.iterations,
            pct(b.agreed, b.runs),
            b.agreed,
            b.runs,
            b.error,
            b.nodes,
            b.alphabeta_nodes
        );
    }
    s.push_str(
        "\n| position | value | optimal moves | iterations | optimal move | estimate | MCTS nodes |\n",
    );
    s.push_str("|---|---:|---|---:|---:|---:|---:|\n");
    for r in &a.positions {
        let _ = writeln!(
            s,
            "| {} | {} | {} | {} | {}/{} | {:.3} | {:.0} |",
            crate::safe_text::for_terminal(&r.position),
            r.value,
            crate::safe_text::for_terminal(&r.optimal.join(" ")),
            r.iterations,
            r.agreed,
            r.runs,
            r.estimate,
            r.nodes
        );
    }
    s
}

/// The study as CSV, one line per position and budget.
pub fn csv(a: &Agreement) -> String {
    let q = |t: &str| format!("\"{}\"", t.replace('"', "\"\""));
    let mut s =
        String::from("position,value,optimal,iterations,agreed,runs,estimate,mcts_nodes,alphabeta_nodes\n");
    for r in &a.positions {
        let _ = writeln!(
            s,
            "{},{},{},{},{},{},{:.4},{:.1},{}",
            q(&r.position),
            r.value.ascii(),
            q(&r.optimal.join(" ")),
            r.iterations,
            r.agreed,
            r.runs,
            r.estimate,
            r.nodes,
            r.alphabeta_nodes
        );
    }
    s
}

/// An HTML page: the agreement chart (share of optimal moves against iterations, log scale) and
/// the tables.
pub fn html(a: &Agreement) -> String {
    use crate::export::escape_xml as esc;
    let (w, h, left, bottom, top) = (480.0, 250.0, 44.0, 30.0, 22.0);
    let lo = a.budgets.iter().map(|b| f64::from(b.iterations.max(1)).log10()).fold(f64::INFINITY, f64::min);
    let hi =
        a.budgets.iter().map(|b| f64::from(b.iterations.max(1)).log10()).fold(f64::NEG_INFINITY, f64::max);
    let span = if hi > lo { hi - lo } else { 1.0 };
    let x = |it: u32| left + 10.0 + (w - left - 30.0) * (f64::from(it.max(1)).log10() - lo) / span;
    let y = |share: f64| top + (h - top - bottom) * (1.0 - share);
    let mut svg = format!(
        r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}" width="{w}" height="{h}" font-family="DejaVu Sans, sans-serif" font-size="11" role="img" aria-label="share of runs whose move is minimax-optimal, against iterations">"##
    );
    for share in [0.0, 0.5, 1.0] {
        let _ = write!(
            svg,
            r##"<line x1="{left}" x2="{}" y1="{y:.1}" y2="{y:.1}" stroke="#ccc"/><text x="{}" y="{:.1}" text-anchor="end">{:.0}%</text>"##,
            w - 10.0,
            left - 4.0,
            y(share) + 4.0,
            100.0 * share,
            y = y(share)
        );
    }
    let mut points = String::new();
    for b in &a.budgets {
        let share = f64::from(b.agreed) / f64::from(b.runs.max(1));
        let (px, py) = (x(b.iterations), y(share));
        let _ = write!(points, "{px:.1},{py:.1} ");
        let _ = write!(
            svg,
            r##"<circle cx="{px:.1}" cy="{py:.1}" r="3.5"/><text x="{px:.1}" y="{:.1}" text-anchor="middle">{}</text><text x="{px:.1}" y="{:.1}" text-anchor="middle">{}</text>"##,
            h - bottom + 14.0,
            b.iterations,
            py - 7.0,
            pct(b.agreed, b.runs)
        );
    }
    let _ = write!(
        svg,
        r##"<polyline points="{}" fill="none" stroke="#000" stroke-width="1.6"/><text x="{}" y="{}" text-anchor="middle">iterations (log scale)</text></svg>"##,
        points.trim_end(),
        w / 2.0,
        h - 2.0
    );
    let mut rows = String::new();
    for r in &a.positions {
        let _ = writeln!(
            rows,
            "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}/{}</td><td>{:.3}</td><td>{:.0}</td></tr>",
            esc(&r.position),
            esc(&r.value.to_string()),
            esc(&r.optimal.join(" ")),
            r.iterations,
            r.agreed,
            r.runs,
            r.estimate,
            r.nodes
        );
    }
    let mut budgets = String::new();
    for b in &a.budgets {
        let _ = writeln!(
            budgets,
            "<tr><td>{}</td><td>{} ({}/{})</td><td>{:.3}</td><td>{:.0}</td><td>{:.0}</td></tr>",
            b.iterations,
            pct(b.agreed, b.runs),
            b.agreed,
            b.runs,
            b.error,
            b.nodes,
            b.alphabeta_nodes
        );
    }
    format!(
        r#"<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>MCTS against minimax — {input}</title>
<style>body{{font-family:"DejaVu Sans",sans-serif;margin:1.5em;max-width:60em}}table{{border-collapse:collapse;margin:1em 0}}td,th{{border-bottom:1px solid #ddd;padding:.2em .6em;text-align:right}}td:first-child,th:first-child{{text-align:left}}</style></head>
<body><h1>MCTS against minimax</h1>
<p>{input}: the position and every position one move away, each searched by MCTS with {seeds} seeds per budget. A run agrees when its most-visited move is one of the minimax-optimal moves (found by alpha-beta). The estimate is the chosen move's mean result on the value's scale (games: 2·W/N − 1).</p>
<figure id="agreement">{svg}<figcaption>Share of runs whose move is minimax-optimal</figcaption></figure>
<table id="budgets"><thead><tr><th>iterations</th><th>optimal move</th><th>mean |estimate − value|</th><th>MCTS nodes</th><th>alpha-beta nodes</th></tr></thead><tbody>
{budgets}</tbody></table>
<table id="positions"><thead><tr><th>position</th><th>value</th><th>optimal moves</th><th>iterations</th><th>optimal move</th><th>estimate</th><th>MCTS nodes</th></tr></thead><tbody>
{rows}</tbody></table></body></html>
"#,
        input = esc(&a.input),
        seeds = a.seeds,
    )
}

/// The study as JSON.
pub fn json(a: &Agreement) -> String {
    serde_json::to_string_pretty(a).unwrap_or_default() + "\n"
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn root_children_keep_n_and_w_of_the_root_moves() {
        let input = Input::from_tree_text("((3 12 8) (2 4 6) (14 5 2))", None).unwrap();
        let study = Agreement::run(&input, &[3, 300], 2, u64::MAX).unwrap();
        // The root and its three children, two budgets each.
        assert_eq!(study.positions.len(), 8);
        let start = &study.positions[1];
        assert_eq!((start.position.as_str(), start.value, start.iterations), ("start", 3.into(), 300));
        assert_eq!(start.optimal, ["1"]);
        assert_eq!(start.agreed, 2);
        // The chosen MIN node's mean leaf value: its leaves are 3, 12 and 8, the least visited most.
        assert!(start.estimate >= 3.0 && start.estimate < 8.0, "{}", start.estimate);
    }
}
