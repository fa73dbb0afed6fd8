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
    let mut budget = abviz::game::perft::Budget::positions(args.max_nodes);
    if let Some(t) = super::input::time_limit(args.time)? {
        budget = budget.with_time(t);
    }
    say(&game.perft_within(&options, args.depth, args.divide, budget)?.render());
    Ok(())
}
