//! Help texts built from the game registry, so `--help` lists what the games take without a
//! list of its own: `--game`'s games, `--depth`'s defaults, each game option's values, and
//! `--tree`'s named trees from theirs.

use abviz::game::registry::{self, GameId, OptionKind};

/// `--game`'s help: "A game: tictactoe, xiangqi or nim (see `abviz games`)".
pub fn game_help() -> String {
    let names: Vec<&str> = GameId::ALL.iter().map(|g| g.info().name).collect();
    format!("A game: {} (see `abviz games`)", names.join(", "))
}

/// `--tree`'s help, with the named trees from their registry.
pub fn tree_help() -> String {
    let named: Vec<String> =
        abviz::game::named_trees::TREES.iter().map(|t| format!("  {:<17} {}", t.name, t.about)).collect();
    format!(
        "A tree in the notation, e.g. '((3 12 8) (2 4 6) (14 5 2))', or as JSON; or a textbook tree by \
         its name, written exactly so (a text that is not one of these names is read as a tree):\n{}",
        named.join("\n")
    )
}

/// `--depth`'s help, with each game's default.
pub fn depth_help() -> String {
    let defaults: Vec<String> = GameId::ALL
        .iter()
        .filter_map(|g| g.info().default_depth.map(|d| format!("{}: {d}", g.info().name)))
        .collect();
    let mut help = "Search depth in plies (default: to the end of the game".to_string();
    if !defaults.is_empty() {
        help.push_str(&format!("; {}", defaults.join(", ")));
    }
    help + "). On an explicit tree the interior nodes at this depth are evaluated by their static values, written A=10:(…)"
}

/// The help of a game option's flag: `lead`, then each game that takes it with its values, the
/// default first ("Move order: xiangqi: natural (default) or captures"; "The size of the board:
/// gomoku: 15 (default), 5 to 19").
pub fn option_help(kind: OptionKind, lead: &str) -> String {
    let per_game: Vec<String> = registry::games_taking(kind)
        .into_iter()
        .filter_map(|g| {
            let option = g.info().option(kind)?;
            if let Some(r) = option.number {
                return Some(format!(
                    "{}: {} (default), {} to {}",
                    g.info().name,
                    option.default,
                    r.min,
                    r.max
                ));
            }
            let mut names = vec![format!("{} (default)", option.default)];
            names.extend(
                option.choices.iter().filter(|c| c.name != option.default).map(|c| c.name.to_string()),
            );
            Some(format!("{}: {}", g.info().name, abviz_core::text::list(&names, "or")))
        })
        .collect();
    format!("{lead}: {}", per_game.join("; "))
}

/// The long help of `--max-nodes`: what the budget counts and what a node costs.
pub fn budget_help() -> String {
    format!(
        "The node budget: the search stops with an error, before the memory is spent, once it \
         would record more than N nodes. Every node counts: each one entered, each never-searched \
         child a cutoff records, and for MCTS every {} events (iterations that add no node still \
         spend the budget). A recorded node takes at most {} bytes with its events (plus its \
         position's text in games), so the default {} bounds a trace at about {} MB.",
        abviz::trace::EVENTS_PER_NODE,
        abviz::trace::BYTES_PER_NODE,
        abviz::game::perft::group_thousands(abviz::input::DEFAULT_MAX_NODES),
        abviz::input::DEFAULT_MAX_NODES * abviz::trace::BYTES_PER_NODE / 1_000_000,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn help_comes_from_the_registry() {
        assert!(
            option_help(OptionKind::Order, "Move order")
                .starts_with("Move order: xiangqi: natural (default) or captures")
        );
        assert!(option_help(OptionKind::Eval, "Eval").contains("tictactoe: win (default) or open-lines;"));
        assert!(game_help().contains("tictactoe, xiangqi, nim"));
        assert!(depth_help().contains("; xiangqi: 3"), "{}", depth_help());
    }
}
