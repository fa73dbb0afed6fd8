//! A game written against the library: one-pile Nim (take 1, 2 or 3 stones; whoever takes the
//! last stone wins). Every algorithm and every view works on it unchanged. (abviz's own Nim,
//! `--game nim`, has several heaps and takes any number; it is registered in
//! `crates/abviz-games/src/registry.rs` so the command line knows it.)
//!
//! ```sh
//! cargo run --example custom_game -- 7
//! ```

use abviz::Score;
use abviz::export::{Format, ViewOptions};
use abviz::game::{Game, Player};
use abviz::search::{Algorithm, run};
use abviz::trace::{InputInfo, InputKind, Recorder};

/// A Nim position: stones left and who is to move.
#[derive(Clone, Copy, Debug)]
struct Nim {
    stones: u32,
    to_move: Player,
}

impl Game for Nim {
    type Move = u32;

    fn to_move(&self) -> Player {
        self.to_move
    }

    fn moves(&self) -> Vec<u32> {
        (1..=3.min(self.stones)).collect()
    }

    fn play(&mut self, take: u32) {
        self.stones -= take;
        self.to_move = self.to_move.other();
    }

    fn undo(&mut self, take: u32) {
        self.stones += take;
        self.to_move = self.to_move.other();
    }

    fn terminal_value(&self) -> Option<Score> {
        // No stones left: the player who just moved took the last one and won.
        (self.stones == 0).then(|| match self.to_move {
            Player::Max => Score::from(-1),
            Player::Min => Score::from(1),
        })
    }

    fn evaluate(&self) -> Score {
        Score::from(0)
    }

    fn write_move_label(&self, take: u32, out: &mut String) {
        out.push_str(&format!("take{take}"));
    }

    fn notation(&self) -> Option<String> {
        Some(self.stones.to_string())
    }

    fn position_text(&self) -> String {
        format!("{} stones, {} to move", self.stones, self.to_move.upper())
    }
}

fn main() -> Result<(), abviz::Error> {
    let stones = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(5);
    let game = Nim { stones, to_move: Player::Max };
    let mut rec = Recorder::new(Algorithm::AlphaBeta.descriptor(), 1_000_000);
    let outcome = run(Algorithm::AlphaBeta, &mut game.clone(), u32::MAX, &mut rec)?;
    let info = InputInfo {
        kind: InputKind::Game,
        description: format!("Nim with {stones} stones"),
        ..Default::default()
    };
    let trace = rec.finish(info, outcome.result(&game));
    let text = Format::Text.exporter().export(&trace, &ViewOptions::default())?;
    abviz::output::write(&text, None)?;
    // Nim theory: the first player loses exactly when the pile is a multiple of 4.
    assert_eq!(trace.result().value == Score::from(-1), stones.is_multiple_of(4));
    Ok(())
}
