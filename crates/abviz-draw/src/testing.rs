//! Traces for the unit tests, recorded by the real searches (dev-dependencies): the views are
//! tested on what a search really records.

use abviz_core::{Game, Player};
use abviz_games::notation::parse_tree_compact;
use abviz_games::random::RandomTree;
use abviz_games::tree::ExplicitTree;
use abviz_search::{Algorithm, Settings, descriptor_with, record};
use abviz_trace::{Counter, InputInfo, InputKind, Recorder, Trace};

/// `algo` on `game` to `depth` plies, with positions and never-searched subtrees recorded.
fn traced<G: Game>(game: &G, depth: u32, algo: Algorithm, info: InputInfo) -> Trace {
    let settings = Settings::default();
    let rec = Recorder::new(&descriptor_with(algo, &settings), 2_000_000)
        .with_positions(true)
        .with_pruned_subtrees(if info.kind.is_game() { 0 } else { 100_000 });
    record(algo, game, depth, &settings, rec, info).expect("the test search fits its budget")
}

/// `algo` on the tree written in the notation (MAX at the root unless it says otherwise).
pub fn tree(text: &str, algo: Algorithm) -> Trace {
    let compact = parse_tree_compact(text, 1_000_000).expect("a test tree parses");
    let root = compact.keyword_root().unwrap_or(Player::Max);
    let info = InputInfo {
        kind: InputKind::Tree,
        description: format!("tree {text}"),
        position: Some(text.to_string()),
        ..Default::default()
    };
    let tree = ExplicitTree::from_compact(compact, root);
    let trace = traced(&tree, u32::MAX, algo, info);
    // The comparison with minimax the summaries show, as a full run counts it.
    let mut counter = Counter::new(u64::MAX);
    abviz_search::run(Algorithm::Minimax, &mut tree.clone(), u32::MAX, &mut counter).expect("no budget");
    trace.with_minimax(algo.has_window().then_some(counter.stats))
}

/// `algo` on a random tree.
pub fn random(tree: RandomTree, algo: Algorithm) -> Trace {
    let info = InputInfo { kind: InputKind::Random, description: tree.describe(), ..Default::default() };
    traced(&tree.game(), u32::MAX, algo, info)
}

/// `algo` on the position of the registered game `name`, to `depth` plies.
pub fn game<G: Game>(position: G, name: &str, depth: u32, algo: Algorithm) -> Trace {
    let info = InputInfo {
        kind: InputKind::Game,
        description: format!("{name} position"),
        game: Some(name.to_string()),
        position: position.notation(),
        depth: Some(depth),
        eval: None,
    };
    traced(&position, depth, algo, info)
}
