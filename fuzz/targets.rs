// The bodies of the fuzz targets, shared by cargo-fuzz (`fuzz/fuzz_targets/*.rs`, nightly) and
// the stable smoke test (`tests/suite/fuzz_smoke.rs`, which CI runs): each takes arbitrary bytes and
// must never panic, whatever they are. Parsers are driven past their success: a parsed tree is
// searched and drawn, a parsed trace replayed and drawn, an error rendered as the user sees it.

use abviz::export::{Format, ViewOptions};
use abviz::game::registry::{GameId, GameOptions, PositionVisitor, RegisteredGame};
use abviz::input::{Input, RunOptions};
use abviz::search::Algorithm;
use std::str::FromStr;

/// A target's body.
pub type Target = fn(&[u8]);

/// Every target, by name (the names of the cargo-fuzz targets and of the corpus folders).
pub const TARGETS: &[(&str, Target)] = &[
    ("tree_notation", tree_notation),
    ("json_tree", json_tree),
    ("trace_file", trace_file),
    ("game_position", game_position),
    ("game_move", game_move),
    ("cli_values", cli_values),
    ("search_log", search_log),
];

/// Renders an error as the binary does (miette's graphical report) and as plain text.
fn render_diagnostic(e: &dyn miette::Diagnostic) {
    let mut out = String::new();
    let _ = miette::GraphicalReportHandler::new_themed(miette::GraphicalTheme::unicode_nocolor())
        .render_report(&mut out, e);
}

/// Draws a trace in the formats that read every part of it.
fn draw(trace: &abviz::trace::Trace) {
    let opts = ViewOptions::default();
    for format in [Format::Text, Format::Svg, Format::Dot, Format::Json] {
        let _ = format.exporter().export(trace, &opts);
    }
    if !trace.events().is_empty() {
        let timeline = trace.timeline();
        for step in [0, timeline.len() / 2, timeline.last()] {
            let _ = timeline.at(step);
            let _ = abviz::trace::narration::narrate(trace, step);
            let _ = abviz::trace::pseudocode::line_for(trace, step);
        }
    }
}

/// A tree in the text notation (or JSON): parse it; a small tree is searched and drawn.
pub fn tree_notation(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else { return };
    match abviz::game::notation::parse_tree(text) {
        Err(e) => {
            render_diagnostic(&e);
            let _ = e.caret();
        }
        Ok(spec) => search_and_draw(spec),
    }
}

/// A tree written as JSON.
pub fn json_tree(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else { return };
    match abviz::game::notation::parse_json_tree(text) {
        Err(e) => {
            render_diagnostic(&e);
            let _ = e.caret();
        }
        Ok(spec) => search_and_draw(spec),
    }
}

fn search_and_draw(spec: abviz::game::tree::TreeSpec) {
    let notation = spec.root.to_notation();
    let root = spec.root_player.unwrap_or_default();
    let tree = abviz::game::tree::ExplicitTree::new(&spec, root);
    let opts = RunOptions {
        max_nodes: 2_000,
        pruned_subtrees: 200,
        minimax_reference: false,
        ..RunOptions::default()
    };
    // A cheap fingerprint varies the algorithm (and the depth) without more work per input.
    let size = notation.len();
    let chance = abviz::game::Game::has_chance(&tree);
    // A tree with static values is searched to a depth now and then (its interior nodes
    // evaluated there; one without a needed value is refused); with chance nodes it goes to
    // the chance searches (the others refuse it).
    let depth = (tree.compact().has_static_values() && !size.is_multiple_of(4)).then_some(size as u32 % 4);
    let algo = match (chance, size % 3) {
        (false, 0) if depth.is_some() => Algorithm::Iterative,
        (false, _) if size.is_multiple_of(2) => Algorithm::AlphaBeta,
        (false, _) => Algorithm::NegamaxAb,
        (true, 0) => Algorithm::Expectimax,
        (true, 1) => Algorithm::Star1,
        (true, _) => Algorithm::Star2,
    };
    let input = Input::Explicit(tree.with_depth_limit(depth));
    if let Ok(trace) = input.trace(algo, &opts) {
        if trace.nodes().len() <= 300 {
            draw(&trace);
        }
        let back = abviz::search::read_trace(&trace.to_json(false)).expect("a trace reads back");
        assert_eq!(back.events(), trace.events(), "a trace reads back as written");
    }
}

/// A trace file (version 1 or 2): read it; if it is accepted, replay and draw it.
pub fn trace_file(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else { return };
    if let Ok(trace) = abviz::search::read_trace(text) {
        draw(&trace);
    }
}

/// A game position: the first byte picks the game, the rest is the `--position` text.
pub fn game_position(data: &[u8]) {
    let Some((&pick, rest)) = data.split_first() else { return };
    let Ok(text) = std::str::from_utf8(rest) else { return };
    let game = GameId::ALL[pick as usize % GameId::ALL.len()];
    let options = GameOptions { position: Some(text.to_string()), ..GameOptions::default() };
    match game.build(&options) {
        Err(e) => render_diagnostic(&e),
        Ok(position) => {
            let _ = position.notation();
            position.visit(Describe);
        }
    }
}

/// Whatever a position shows: its board, moves and their labels, a legal move played and taken back.
struct Describe;

impl PositionVisitor for Describe {
    type Output = ();
    fn visit<G: RegisteredGame>(self, position: &G) {
        let _ = position.board_text();
        let _ = position.position_text();
        let notation = position.notation();
        if let Some(n) = &notation {
            let _ = G::board_svg(n);
        }
        let mut g = position.clone();
        for mv in position.moves().into_iter().take(64) {
            let _ = g.move_label(mv);
            g.play(mv);
            let _ = g.terminal_value();
            let _ = g.evaluate();
            g.undo(mv);
        }
    }
}

/// A move typed in `play`: the first byte picks the game (and for xiangqi the notation), the
/// second how many plies into the game the position is; the rest is the typed text.
pub fn game_move(data: &[u8]) {
    let [pick, plies, rest @ ..] = data else { return };
    let Ok(text) = std::str::from_utf8(rest) else { return };
    // The low 7 bits pick the game (new games come last, so old seeds keep theirs), the top bit
    // xiangqi's Chinese notation.
    let game = GameId::ALL[(pick & 0x7f) as usize % GameId::ALL.len()];
    let mut options = GameOptions::default();
    if game.info().name == "xiangqi" && pick & 0x80 != 0 {
        options.notation = Some("chinese".into());
    }
    let Ok(position) = game.build(&options) else { return };
    position.visit(TypeMove { text, plies: *plies });
}

struct TypeMove<'a> {
    text: &'a str,
    plies: u8,
}

impl PositionVisitor for TypeMove<'_> {
    type Output = ();
    fn visit<G: RegisteredGame>(self, position: &G) {
        let mut g = position.clone();
        for k in 0..self.plies % 16 {
            let moves = g.moves();
            if moves.is_empty() {
                break;
            }
            g.play(moves[k as usize * 7 % moves.len()]);
        }
        if let Ok(mv) = g.parse_move(self.text) {
            assert!(
                g.moves().iter().any(|m| format!("{m:?}") == format!("{mv:?}")),
                "a parsed move is legal"
            );
        }
    }
}

/// The command line's value parsers, one per line of the input.
pub fn cli_values(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else { return };
    for line in text.lines().take(64) {
        let _ = abviz::game::random::RandomTree::parse_shape(line);
        let _ = abviz::game::random::RandomTree::parse_values(line);
        let _ = abviz::game::random::Ordering::from_str(line);
        let _ = abviz::search::Algorithm::from_str(line);
        let _ = abviz::step::Until::from_str(line);
        let _ = abviz::Score::parse(line);
        let _ = abviz::export::Labels::from_str(line);
        let _ = abviz::export::Collapse::from_str(line);
        let _ = abviz::export::ShowPruned::from_str(line);
        let _ = abviz::export::Format::from_str(line);
        let _ = abviz::compare::parse_algorithms(line);
        let _ = abviz::compare::parse_numbers("--depth", line);
        let _ = abviz::compare::parse_orderings(line);
        let _ = abviz::game::registry::find(line);
    }
}

/// A search log (JSON Lines): first byte, the input it searched (even: AIMA's named tree, odd:
/// Nim 1,2 by move labels) and the algorithm to check it against (its index in the checkable
/// list); the rest, the log. Read, recorded and drawn, then checked (verdict, figure).
pub fn search_log(data: &[u8]) {
    use abviz::searchlog::Counting;
    let Some((&choice, log)) = data.split_first() else { return };
    let input = if choice % 2 == 0 {
        Input::from_tree_text("A:(B:(3 12 8) C:(2 4 6) D:(14 5 2))", None).expect("a tree")
    } else {
        let game = abviz::game::registry::find("nim").expect("nim");
        let options = GameOptions { position: Some("1,2".into()), ..GameOptions::default() };
        Input::Game(abviz::input::GameInput::new(game, &options, Some(3)).expect("a position"))
    };
    let algos = [
        Algorithm::AlphaBeta,
        Algorithm::AlphaBetaSoft,
        Algorithm::Minimax,
        Algorithm::Negamax,
        Algorithm::NegamaxAb,
        Algorithm::Pvs,
    ];
    let algo = algos[(choice / 2) as usize % algos.len()];
    match abviz::searchlog::import(&input, log, Some(algo)) {
        Ok(trace) => draw(&trace),
        Err(e) => {
            render_diagnostic(&e);
        }
    }
    // Bit 0 of choice / 12: compare the evaluations alone (a log of leaf events is enough).
    let count = if (choice / 12) % 2 == 1 { Counting::Leaves } else { Counting::Nodes };
    let opts = abviz::searchlog::CheckOptions { count, ..abviz::searchlog::CheckOptions::new(algo) };
    if let Ok(verdict) = abviz::searchlog::check(&input, log, &opts) {
        let _ = abviz::searchlog::report::text(&verdict);
        let _ = abviz::searchlog::report::json(&verdict);
        let _ = abviz::searchlog::figure::svg(&verdict.comparison, "fuzz");
    }
}
