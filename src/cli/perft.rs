//! `abviz perft`: move-generator counts for every registered game.

use super::args::PerftArgs;
use super::say;
use abviz::Error;
use abviz::game::registry::{self, GameOptions};

/// Runs `abviz perft`.
pub fn perft(args: PerftArgs) -> Result<(), Error> {
    let game = registry::find(&args.game)?;
    let options = GameOptions {
        position: args.position,
        variant: args.variant,
        ..super::input::shape_options(&args.shape)
    };
    say(&game.perft(&options, args.depth, args.divide)?.render());
    Ok(())
}
