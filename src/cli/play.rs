//! `abviz play`: a human against the computer, on any registered game.

use super::args::{First, MctsArgs, PlayArgs};
use super::input::{build_input, mcts_options, time_limit};
use super::say;
use abviz::Error;
use abviz::game::Game;
use abviz::input::GameTask;
use abviz::output::terminal::{Colour, SafeWriter};
use abviz::play::{Engine, Explainer, Match};
use abviz::search::Algorithm;
use abviz::trace::InputInfo;
use std::io::IsTerminal;
use std::path::PathBuf;

/// Runs `abviz play`.
pub fn play(args: PlayArgs) -> Result<(), Error> {
    let time = time_limit(args.time)?;
    let input = build_input(&args.input.to_input())?;
    // A folder that cannot be made should stop the game before it starts, not after a move.
    if let Some(dir) = &args.explain {
        std::fs::create_dir_all(dir).map_err(|source| Error::Io { path: dir.clone(), source })?;
    }
    // MCTS's flags apply to --algo mcts, and to a game that starts in a phase the engine
    // searches with MCTS whatever the algorithm (Jiu chess's placement).
    let algo = args.algo.unwrap_or(Algorithm::AlphaBetaSoft);
    let strict = mcts_options(algo, &args.mcts);
    let staged = mcts_options(Algorithm::Mcts, &args.mcts)?;
    let mcts = strict.as_ref().map_or(staged, |o| *o);
    // A game with chance (Pig) is played with expectimax unless --algo says otherwise, and
    // --seed seeds its dice (drawn from the clock without it, and printed).
    let chance_algo = args.algo.unwrap_or(Algorithm::Expectimax);
    let unseeded = MctsArgs { seed: None, ..args.mcts.clone() };
    let chance_strict = mcts_options(chance_algo, &unseeded).err();
    let dice_seed = args.mcts.seed.unwrap_or_else(clock_seed);
    let engine = Engine {
        algo,
        depth: args.input.depth,
        max_nodes: args.max_nodes,
        time,
        mcts,
        quiescence: args.quiescence,
    };
    let self_play = args.self_play.then_some(args.moves);
    input.with_game(PlayTask {
        engine,
        first: args.first,
        explain: args.explain,
        strict: strict.err(),
        self_play,
        chance: (chance_algo, chance_strict, dice_seed),
    })
}

/// A seed for the dice when --seed gives none: from the clock, small enough to retype.
fn clock_seed() -> u64 {
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH);
    now.map_or(1, |d| u64::from(d.subsec_nanos()) % 1_000_000)
}

/// Runs a human-vs-computer match on whatever game the input holds.
struct PlayTask {
    engine: Engine,
    first: First,
    explain: Option<PathBuf>,
    /// Why MCTS's flags do not apply, if they do not (unless the game starts in a wide phase).
    strict: Option<Error>,
    /// `--self-play` (with its `--moves` limit, if any).
    self_play: Option<Option<usize>>,
    /// For a game with chance: the algorithm, why MCTS's flags other than --seed do not apply
    /// (if they do not), and the seed of the dice.
    chance: (Algorithm, Option<Error>, u64),
}

impl GameTask for PlayTask {
    type Output = Result<(), Error>;
    fn run<G: Game>(mut self, game: G, depth: u32, info: InputInfo) -> Self::Output {
        let (chance_algo, chance_strict, dice_seed) = self.chance;
        if game.has_chance() {
            self.engine.algo = chance_algo;
            self.strict = chance_strict;
        }
        if let Some(e) = self.strict.filter(|_| !game.wide_phase()) {
            return Err(e);
        }
        let settings = abviz::search::Settings { quiescence: self.engine.quiescence, ..Default::default() };
        abviz::input::quiescence_fits(&game, self.engine.algo, &settings, &info)?;
        // The input's depth: what --depth says, or the game's default (tic-tac-toe: to the end).
        self.engine.depth = (depth != u32::MAX).then_some(depth);
        let human = match self.first {
            First::Human => game.to_move(),
            First::Computer => game.to_move().other(),
        };
        let explainer = self.explain.map(Explainer::new);
        let stdin = std::io::stdin();
        let mut m = Match::new(game, human, self.engine, info, explainer)
            .with_echo(!stdin.is_terminal())
            .with_dice_seed(dice_seed);
        if let Some(moves) = self.self_play {
            m = m.with_self_play(moves);
        }
        let mut out = SafeWriter::new(std::io::stdout().lock(), Colour::Off);
        m.run(stdin.lock(), &mut out)?;
        if let Some(e) = m.explainer().filter(|e| !e.entries().is_empty()) {
            say(&format!("The computer's decisions are in {}\n", e.dir().join("index.html").display()));
        }
        Ok(())
    }
}
