//! Importing a big search log: a minimax log of a random binary tree of depth 18 (1,310,718
//! events, every node entered, leaves as enter + leaf + exit) read, checked against the tree and
//! recorded into a trace, with its time and the most heap it takes beyond the log itself, in
//! bytes per byte of log (issue 27 asks for under 2 s a million events and at most 10 bytes per
//! byte).
//!
//! Run: `cargo bench --bench search_log`.

use abviz::game::random::{Ordering as TreeOrdering, RandomTree};
use abviz::game::{Game, Player};
use abviz::input::Input;
use std::fmt::Write;

#[path = "support/counting.rs"]
mod counting;
use counting::measure;

/// A minimax log of `game`'s tree: every node by its path, values MAX's.
fn write_log<G: Game>(game: &mut G, path: &mut String, out: &mut String, events: &mut usize) -> i32 {
    let _ = writeln!(out, r#"{{"event":"enter","node":"{path}","alpha":"-inf","beta":"inf"}}"#);
    *events += 1;
    if let Some(v) = game.terminal_value() {
        let _ = writeln!(out, r#"{{"event":"leaf","node":"{path}","value":{}}}"#, v.raw());
        let _ = writeln!(out, r#"{{"event":"exit","node":"{path}","value":{}}}"#, v.raw());
        *events += 2;
        return v.raw();
    }
    let max = game.to_move() == Player::Max;
    let mut best = if max { i32::MIN } else { i32::MAX };
    for (i, mv) in game.moves().into_iter().enumerate() {
        let len = path.len();
        if !path.is_empty() {
            path.push('.');
        }
        let _ = write!(path, "{i}");
        game.play(mv);
        let v = write_log(game, path, out, events);
        game.undo(mv);
        path.truncate(len);
        best = if max { best.max(v) } else { best.min(v) };
    }
    let _ = writeln!(out, r#"{{"event":"exit","node":"{path}","value":{best}}}"#);
    *events += 1;
    best
}

fn main() {
    let tree = RandomTree {
        branching: 2,
        depth: 18,
        seed: 7,
        values: (0, 20),
        ordering: TreeOrdering::Natural,
        root_player: Player::Max,
    };
    let mut log = String::new();
    let mut events = 0;
    write_log(&mut tree.game(), &mut String::new(), &mut log, &mut events);
    let input = Input::Random(tree);
    let (trace, seconds, extra) =
        measure(3, || abviz::searchlog::import(&input, log.as_bytes(), None).expect("the log imports"));
    assert_eq!(trace.stats().nodes, (1 << 19) - 1, "every node of the tree, once");
    let bytes = log.len();
    println!(
        "search_log: {events} events ({:.1} MB of log, {} nodes) imported in {seconds:.3} s \
         ({:.2} s a million events); {:.1} MB of heap beyond the log = {:.2} bytes per byte of log",
        bytes as f64 / 1e6,
        trace.stats().nodes,
        seconds * 1e6 / events as f64,
        extra as f64 / 1e6,
        extra as f64 / bytes as f64
    );
    assert!(seconds * 1e6 / (events as f64) < 2.0, "a million events must import in under 2 s");
    assert!(extra <= 10 * bytes, "at most 10 bytes of memory per byte of log");
}
