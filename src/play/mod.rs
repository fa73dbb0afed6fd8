//! `abviz play`: a human plays the computer, and every computer move can be opened as the
//! search tree that chose it.
//!
//! The loop reads lines from any [`BufRead`] and writes to any [`Write`], so it runs the same on
//! a terminal, through a pipe and in tests.

mod explain;

pub use abviz_engine::play::{Decision, Dice, End, Engine};
pub use explain::Explainer;

use crate::game::{Game, Player};
use crate::trace::InputInfo;
use crate::{Error, Score};
use std::io::{BufRead, Write};

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// This player won.
    Win(Player),
    /// Nobody won.
    Draw,
    /// The human left (typed 0 / quit, or the input ended).
    Quit,
    /// A self-play game reached its move limit before its end.
    Stopped,
}

/// A game between a human and the engine.
pub struct Match<G: Game> {
    game: G,
    human: Player,
    engine: Engine,
    info: InputInfo,
    history: Vec<G::Move>,
    /// Who was to move in the starting position (as the input's description names them).
    first_mover: String,
    /// The computer's decisions: the ply after its move, the position it decided in, the decision.
    decisions: Vec<(usize, G, Decision)>,
    explainer: Option<Explainer>,
    /// Whether every decision is written (`--explain DIR`), not only on request.
    explain_all: bool,
    echo: bool,
    /// The engine plays both sides ([`Match::with_self_play`]).
    self_play: bool,
    /// A self-play game stops after this many moves, if it has not ended.
    move_limit: Option<usize>,
    /// What rolls the dice of a game with chance (Pig).
    dice: Dice,
}

const HELP: &str = "Commands: a move, hint (what would the engine play?), undo (take back your last move and the \
reply), explain (write the last computer decision as a trace), help, 0 or quit (leave).";

impl<G: Game> Match<G> {
    /// A new match from `game`, the human playing `human`.
    pub fn new(
        game: G,
        human: Player,
        engine: Engine,
        info: InputInfo,
        explainer: Option<Explainer>,
    ) -> Self {
        Match {
            first_mover: game.player_name(game.to_move()).to_string(),
            game,
            human,
            engine,
            info,
            history: Vec::new(),
            decisions: Vec::new(),
            explain_all: explainer.is_some(),
            explainer,
            echo: false,
            self_play: false,
            move_limit: None,
            dice: Dice::new(1),
        }
    }

    /// Rolls the dice of a game with chance from `seed` (the same seed, the same rolls).
    pub fn with_dice_seed(mut self, seed: u64) -> Self {
        self.dice = Dice::new(seed);
        self
    }

    /// The engine plays both sides, to the game's end or for at most `moves` moves; no input
    /// is read. Each move is explained as the computer's are (`--explain DIR`).
    pub fn with_self_play(mut self, moves: Option<usize>) -> Self {
        self.self_play = true;
        self.move_limit = moves;
        self
    }

    /// Repeats each line read after the prompt (when the input is a pipe, so the transcript
    /// reads like a session at a terminal).
    pub fn with_echo(mut self, echo: bool) -> Self {
        self.echo = echo;
        self
    }

    /// The current position.
    pub fn game(&self) -> &G {
        &self.game
    }

    fn io(e: std::io::Error) -> Error {
        Error::Io { path: "<terminal>".into(), source: e }
    }

    /// Plays until the game ends or the human leaves.
    pub fn run<R: BufRead, W: Write>(&mut self, mut input: R, out: &mut W) -> Result<Outcome, Error> {
        let human_name = self.game.player_name(self.human);
        let engine = format!(
            "{}{}",
            self.engine.algo.title(),
            match self.engine.depth {
                Some(d) => format!(" to depth {d}"),
                None => String::new(),
            } + if self.game.wide_phase() && !self.engine.algo.is_mcts() {
                " (and MCTS while the game is in its opening phase, too wide for it)"
            } else {
                ""
            }
        );
        if self.self_play {
            let limit = self
                .move_limit
                .map_or(String::new(), |n| format!(", for at most {}", plural(n as u64, "move")));
            writeln!(
                out,
                "The computer plays both sides ({} and {}) with {engine}{limit}.",
                self.game.player_name(Player::Max),
                self.game.player_name(Player::Min)
            )
            .map_err(Self::io)?;
        } else {
            writeln!(
                out,
                "You play {human_name} ({}); the computer plays {} with {engine}.",
                self.human.upper(),
                self.game.player_name(self.human.other()),
            )
            .map_err(Self::io)?;
            writeln!(out, "{HELP}").map_err(Self::io)?;
        }
        if self.game.has_chance() {
            writeln!(
                out,
                "Chance moves (the dice) are drawn at random from seed {0} (--seed {0} rolls them again).",
                self.dice.seed()
            )
            .map_err(Self::io)?;
        }
        let mut line = String::new();
        loop {
            let board = self.game.board_text();
            write!(out, "\n{board}{}", if board.ends_with('\n') { "" } else { "\n" }).map_err(Self::io)?;
            if let Some(last) = self.last_move() {
                writeln!(out, "Last move: {last}").map_err(Self::io)?;
            }
            let outcome = self.outcome().or_else(|| {
                let played = self.history.len();
                (self.self_play && self.move_limit.is_some_and(|n| played >= n)).then_some(Outcome::Stopped)
            });
            if let Some(outcome) = outcome {
                let result = self.result_line(outcome);
                writeln!(out, "{result}").map_err(Self::io)?;
                if let Some(explainer) = self.explainer.as_mut().filter(|_| self.self_play) {
                    explainer.finish(&result)?;
                }
                return Ok(outcome);
            }
            if self.game.is_chance() {
                self.chance_move(out)?;
                continue;
            }
            if self.self_play || self.game.to_move() != self.human {
                self.computer_move(out)?;
                continue;
            }
            loop {
                write!(out, "Your move ({human_name}): ").map_err(Self::io)?;
                out.flush().map_err(Self::io)?;
                match crate::line::read_line(&mut input, &mut line, crate::line::MAX_LINE)
                    .map_err(Self::io)?
                {
                    crate::line::Line::End => {
                        writeln!(out, "\nEnd of input: leaving the game.").map_err(Self::io)?;
                        return Ok(Outcome::Quit);
                    }
                    crate::line::Line::TooLong => {
                        writeln!(
                            out,
                            "Not played: that line is longer than {} bytes.",
                            crate::line::MAX_LINE
                        )
                        .map_err(Self::io)?;
                        continue;
                    }
                    crate::line::Line::Read => {}
                }
                if self.echo {
                    writeln!(out, "{}", line.trim_end()).map_err(Self::io)?;
                }
                match self.command(line.trim(), out)? {
                    Step::Again => continue,
                    Step::Moved => break,
                    Step::Quit => {
                        writeln!(out, "Bye.").map_err(Self::io)?;
                        return Ok(Outcome::Quit);
                    }
                }
            }
        }
    }

    fn command<W: Write>(&mut self, cmd: &str, out: &mut W) -> Result<Step, Error> {
        match cmd.to_ascii_lowercase().as_str() {
            "" => Ok(Step::Again),
            "0" | "q" | "quit" | "exit" => Ok(Step::Quit),
            "help" | "?" | "h" => {
                writeln!(out, "{HELP}").map_err(Self::io)?;
                Ok(Step::Again)
            }
            "hint" => {
                let d = self.engine.decide(&self.game, &self.info_now())?;
                let label = d.result.best_move.clone().unwrap_or_default();
                writeln!(out, "Hint: the engine would play {label} ({}).", self.describe(&d))
                    .map_err(Self::io)?;
                Ok(Step::Again)
            }
            "undo" => {
                self.undo(out)?;
                Ok(Step::Moved)
            }
            "explain" => {
                match self.decisions.last() {
                    None => writeln!(out, "The computer has not moved yet: nothing to explain.")
                        .map_err(Self::io)?,
                    Some((ply, position, d)) => {
                        let trace = match &d.trace {
                            Some(t) => t.clone(),
                            None => self.engine.explain(position, d)?,
                        };
                        let explainer = self.explainer.get_or_insert_with(Explainer::default_dir);
                        let who = position.player_name(position.to_move());
                        let path = explainer.write(*ply, d, &trace, who)?;
                        writeln!(out, "Wrote the search behind move {ply}: {}", path.display())
                            .map_err(Self::io)?;
                    }
                }
                Ok(Step::Again)
            }
            _ => match self.game.parse_move(cmd) {
                Ok(mv) => {
                    self.advance(mv);
                    Ok(Step::Moved)
                }
                Err(why) => {
                    writeln!(out, "Not played: {why}.").map_err(Self::io)?;
                    Ok(Step::Again)
                }
            },
        }
    }

    /// Plays `mv` in the game; the position it reaches is the root of what comes next
    /// ([`Game::mark_root`]).
    fn advance(&mut self, mv: G::Move) {
        self.game.play(mv);
        self.game.mark_root();
        self.history.push(mv);
    }

    fn undo<W: Write>(&mut self, out: &mut W) -> Result<(), Error> {
        // Take back moves until it is the human's turn again with one human move fewer.
        let mut taken = Vec::new();
        let mut chance = 0;
        while let Some(mv) = self.history.pop() {
            self.game.undo(mv);
            self.game.mark_root();
            taken.push(mv);
            chance += usize::from(self.game.is_chance());
            if self.human_decides() {
                break;
            }
        }
        if taken.is_empty() || !self.human_decides() {
            // Nothing of the human's to take back: replay what was undone.
            for mv in taken.into_iter().rev() {
                self.advance(mv);
            }
            writeln!(out, "Nothing to undo: you have not moved yet.").map_err(Self::io)?;
        } else {
            // The dice taken back roll the same faces again.
            self.dice.take_back(chance);
            let ply = self.history.len();
            self.decisions.retain(|(p, _, _)| *p <= ply);
            if let Some(explainer) = self.explainer.as_mut() {
                explainer.undone_after(ply)?;
            }
            writeln!(out, "Took back {} move{}.", taken.len(), if taken.len() == 1 { "" } else { "s" })
                .map_err(Self::io)?;
        }
        Ok(())
    }

    /// Whether the human decides in the current position (their turn, and not a chance node:
    /// undo never stops before a roll of the dice, which would let the dice be rolled again).
    fn human_decides(&self) -> bool {
        self.game.to_move() == self.human && !self.game.is_chance()
    }

    /// The last move with who played it ("c2 by O", "4 by chance"), labelled in the position it
    /// was played in.
    fn last_move(&self) -> Option<String> {
        let &mv = self.history.last()?;
        let mut before = self.game.clone();
        before.undo(mv);
        let who = if before.is_chance() { "chance" } else { before.player_name(before.to_move()) };
        Some(format!("{} by {who}", before.move_label(mv)))
    }

    /// Plays a chance node's outcome drawn by the dice, each with its probability.
    fn chance_move<W: Write>(&mut self, out: &mut W) -> Result<(), Error> {
        let moves = self.game.moves();
        let n = moves.len();
        let probs = moves.iter().map(|&mv| self.game.chance_probability(mv, n).to_f64());
        let chosen = moves[Dice::pick(self.dice.draw(), probs)];
        let p = self.game.chance_probability(chosen, n);
        let who = self.game.player_name(self.game.to_move());
        writeln!(out, "Chance ({who}'s roll): {} (probability {p}).", self.game.move_label(chosen))
            .map_err(Self::io)?;
        self.advance(chosen);
        Ok(())
    }

    /// The input as it describes the current position: the one the computer searches now.
    fn info_now(&self) -> InputInfo {
        let mut info = self.info.clone();
        let position = self.game.notation();
        if let (Some(old), Some(new)) = (&self.info.position, &position) {
            info.description = info.description.replacen(old.as_str(), new, 1);
        }
        let mover = self.game.player_name(self.game.to_move());
        info.description = info.description.replacen(
            &format!("{} to move", self.first_mover),
            &format!("{mover} to move"),
            1,
        );
        info.position = position;
        info
    }

    fn computer_move<W: Write>(&mut self, out: &mut W) -> Result<(), Error> {
        let info = self.info_now();
        let d = if self.explain_all {
            self.engine.decide_traced(&self.game, &info)?
        } else {
            self.engine.decide(&self.game, &info)?
        };
        let Some(index) = d.best_index() else {
            return Err(Error::Usage("the engine found no move in a position that is not over".into()));
        };
        let mv = self.game.moves()[index];
        let label = self.game.move_label(mv);
        let who = self.game.player_name(self.game.to_move());
        writeln!(out, "Computer ({who}) plays {label}: {}.", self.describe(&d)).map_err(Self::io)?;
        let s = &d.stats;
        let algo = self.engine.algo_for(&self.game);
        if algo.is_mcts() {
            writeln!(
                out,
                "  {} made {} in {}; most-visited line: {}",
                algo.title(),
                plural(s.nodes, "node"),
                plural(s.iterations, "iteration"),
                d.result.pv.join(" ")
            )
            .map_err(Self::io)?;
        } else {
            writeln!(
                out,
                "  searched {} ({}, {}, {} pruned) to depth {}; PV: {}",
                plural(s.nodes, "node"),
                plural(s.leaves, "leaf"),
                plural(s.cutoffs, "cutoff"),
                plural(s.pruned, "child"),
                d.depth,
                d.result.pv.join(" ")
            )
            .map_err(Self::io)?;
        }
        let position = self.game.clone();
        self.advance(mv);
        let ply = self.history.len();
        if let Some(explainer) = self.explainer.as_mut().filter(|_| self.explain_all)
            && let Some(trace) = &d.trace
        {
            let path = explainer.write(ply, &d, trace, who)?;
            writeln!(out, "  (search written to {})", path.display()).map_err(Self::io)?;
        }
        self.decisions.push((ply, position, d));
        Ok(())
    }

    fn describe(&self, d: &Decision) -> String {
        let v = d.value();
        let max = self.game.player_name(Player::Max);
        let min = self.game.player_name(Player::Min);
        let mover = self.game.player_name(self.game.to_move());
        if self.engine.algo_for(&self.game).is_mcts() {
            format!("value estimate {v} for {max} (the rounded mean result of the move)")
        } else if let (Some(end), Some(n)) = (d.end, d.plies_to_end()) {
            let moves = if n == 1 { "1 ply".to_string() } else { format!("{n} plies") };
            match end {
                End::Win => format!("value {v}: {mover} wins in {moves} with best play"),
                End::Loss => format!("value {v}: {mover} loses in {moves} with best play"),
            }
        } else if d.complete {
            if v > Score::from(0) {
                format!("value {v}: {max} wins with best play")
            } else if v < Score::from(0) {
                format!("value {v}: {min} wins with best play")
            } else {
                format!("value {v}: a draw with best play")
            }
        } else {
            format!("value {v} for {max} at depth {}", d.depth)
        }
    }

    /// The outcome if the game is over.
    pub fn outcome(&self) -> Option<Outcome> {
        if !self.game.moves().is_empty() {
            return None;
        }
        let v = self.game.terminal_value().unwrap_or_else(|| self.game.evaluate());
        Some(if v > Score::from(0) {
            Outcome::Win(Player::Max)
        } else if v < Score::from(0) {
            Outcome::Win(Player::Min)
        } else {
            Outcome::Draw
        })
    }

    fn result_line(&self, outcome: Outcome) -> String {
        match outcome {
            Outcome::Draw => "Result: draw.".into(),
            Outcome::Stopped => format!(
                "Stopped after {} (--moves): the game is not over.",
                plural(self.history.len() as u64, "move")
            ),
            Outcome::Win(p) if self.self_play => format!("Result: {} wins.", self.game.player_name(p)),
            Outcome::Win(p) if p == self.human => {
                format!("Result: {} wins — you win!", self.game.player_name(p))
            }
            Outcome::Win(p) => format!("Result: {} wins — the computer wins.", self.game.player_name(p)),
            Outcome::Quit => "Result: you left the game.".into(),
        }
    }

    /// Where explanations go, if anywhere.
    pub fn explainer(&self) -> Option<&Explainer> {
        self.explainer.as_ref()
    }
}

enum Step {
    Again,
    Moved,
    Quit,
}

/// "1 node", "2 nodes", "1 leaf", "3 leaves", "1 child", "0 children".
fn plural(n: u64, word: &str) -> String {
    let many = match word {
        "leaf" => "leaves".to_string(),
        "child" => "children".to_string(),
        w => format!("{w}s"),
    };
    format!("{n} {}", if n == 1 { word } else { &many })
}
