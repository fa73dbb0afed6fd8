//! The full-screen stepper, drawn on ratatui's TestBackend: snapshots of the AIMA alpha-beta run
//! (Russell & Norvig, Fig. 5.2/5.5) at the start, at the α-cutoff at C and at the end, driven
//! by key events like a user would.

use abviz::input::{Input, RunOptions};
use abviz::search::Algorithm;
use abviz::step::tui::{App, run_loop};
use abviz::trace::Timeline;
use abviz::trace::Trace;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};
use ratatui::style::{Color, Modifier};

const AIMA: &str = "A:(B:(3 12 8) C:(2 4 6) D:(14 5 2))";

fn aima() -> Trace {
    Input::from_tree_text(AIMA, None).unwrap().trace(Algorithm::AlphaBeta, &RunOptions::default()).unwrap()
}

fn key(code: KeyCode) -> Event {
    Event::Key(KeyEvent::new(code, KeyModifiers::NONE))
}

/// Presses `keys` on a fresh stepper and returns the screen and the step it ends on (1-based).
fn screen(trace: &Trace, keys: &[KeyCode], color: bool) -> (Terminal<TestBackend>, usize) {
    let replay = Timeline::new(trace);
    let mut app = App::new(&replay, 0, color);
    let mut terminal = Terminal::new(TestBackend::new(110, 34)).unwrap();
    let mut events = keys.iter().map(|&k| key(k));
    run_loop(&mut terminal, &mut app, &mut events).unwrap();
    (terminal, app.step() + 1)
}

fn text(buffer: &Buffer) -> String {
    let area = buffer.area;
    (0..area.height)
        .map(|y| (0..area.width).map(|x| buffer[(x, y)].symbol().to_string()).collect::<String>() + "\n")
        .collect()
}

/// The (x, y) of the first cell of `needle` on screen.
fn find(buffer: &Buffer, needle: &str) -> (u16, u16) {
    let t = text(buffer);
    let (row, line) = t.lines().enumerate().find(|(_, l)| l.contains(needle)).unwrap();
    let col = line[..line.find(needle).unwrap()].chars().count();
    (col as u16, row as u16)
}

#[test]
fn at_the_start() {
    let trace = aima();
    let (terminal, step) = screen(&trace, &[], true);
    assert_eq!(step, 1);
    let shown = text(terminal.backend().buffer());
    assert!(shown.contains("Start at the root A (MAX) with α = −∞, β = +∞."));
    assert!(shown.contains("step 1/41"));
    insta::assert_snapshot!("aima_start", terminal.backend());
}

#[test]
fn at_the_alpha_cutoff() {
    let trace = aima();
    let (terminal, step) = screen(&trace, &[KeyCode::Char('c')], true);
    assert_eq!(step, 22);
    let buffer = terminal.backend().buffer();
    let shown = text(buffer);
    assert!(shown.contains("At C (MIN) the child value 2 ≤ α = 3 set at A: α-cutoff"), "{shown}");
    assert!(shown.contains("nodes 7 · leaves 4 · cutoffs 1 · pruned 2"));
    // C's pruned children 4 and 6 are marked, D is not there yet.
    assert!(shown.contains("✂ □ 4") && shown.contains("✂ □ 6"));
    assert!(!shown.contains("D ▼"));
    // The stack: A holds α = 3, C's β fell to 2.
    assert!(shown.contains("A     ▲ MAX   [3, +∞]"), "{shown}");
    assert!(shown.contains("C     ▼ MIN   [3, 2]"), "{shown}");
    // The current node is in reverse video; the α-cutoff is blue (and says "α").
    let (x, y) = find(buffer, "C ▼ …");
    assert!(buffer[(x, y)].modifier.contains(Modifier::REVERSED));
    let (x, y) = find(buffer, "✂ α-cutoff");
    assert_eq!(buffer[(x, y)].fg, Color::Blue);
    // The pseudocode marks the α-cutoff line.
    assert!(shown.contains("▶       if α ≥ β: return α          ▷ α-cutoff"), "{shown}");
    insta::assert_snapshot!("aima_alpha_cutoff", terminal.backend());
}

#[test]
fn at_the_end() {
    let trace = aima();
    let (terminal, step) = screen(&trace, &[KeyCode::End], true);
    assert_eq!(step, 41);
    let shown = text(terminal.backend().buffer());
    assert!(shown.contains("The root's value is 3; the best move is B. Search complete."));
    assert!(shown.contains("nodes 11 · leaves 7 · cutoffs 2 · pruned 2"));
    insta::assert_snapshot!("aima_end", terminal.backend());
}

#[test]
fn keys_move_forward_back_and_between_cutoffs() {
    use KeyCode::*;
    let trace = aima();
    let cases: &[(&[KeyCode], usize)] = &[
        (&[Right, Char('n'), Char(' ')], 4),
        (&[Right, Right, Left, Char('p')], 1),
        (&[Left], 1),
        (&[Char('c'), Char('c')], 38),
        (&[Char('c'), Char('c'), Char('c')], 38),
        (&[End, Char('C')], 38),
        (&[End, Char('C'), Char('C'), Home], 1),
        (&[Char('g'), Char('1'), Char('7'), Enter], 17),
        (&[Char('2'), Char('9'), Enter], 29),
        (&[Char('g'), Char('9'), Char('9'), Enter], 1),
        (&[Char('g'), Char('5'), Esc, Right], 2),
        (&[Char('?'), Right, Right], 2),
        // f: from inside B (its first leaf) to where B's value is final (step 15).
        (&[Right, Right, Char('f'), Char('f')], 15),
        (&[PageDown, PageDown, PageUp], 11),
    ];
    for (keys, want) in cases {
        assert_eq!(screen(&trace, keys, false).1, *want, "keys {keys:?}");
    }
}

#[test]
fn without_colour_only_emphasis_is_used() {
    let trace = aima();
    let (terminal, _) = screen(&trace, &[KeyCode::Char('c')], false);
    let buffer = terminal.backend().buffer();
    assert!(buffer.content().iter().all(|c| c.fg == Color::Reset && c.bg == Color::Reset));
    let (x, y) = find(buffer, "C ▼ …");
    assert!(buffer[(x, y)].modifier.contains(Modifier::REVERSED));
}

#[test]
fn q_quits_and_help_shows_the_keys() {
    let trace = aima();
    let replay = Timeline::new(&trace);
    let mut app = App::new(&replay, 0, false);
    let mut terminal = Terminal::new(TestBackend::new(110, 34)).unwrap();
    // The loop stops at q although more keys follow.
    let mut events =
        [key(KeyCode::Char('?')), key(KeyCode::Right), key(KeyCode::Char('q')), key(KeyCode::Right)]
            .into_iter();
    run_loop(&mut terminal, &mut app, &mut events).unwrap();
    assert!(app.quitting());
    assert_eq!(events.count(), 1);
    let replay = Timeline::new(&trace);
    let mut app = App::new(&replay, 0, false);
    run_loop(&mut terminal, &mut app, &mut std::iter::once(key(KeyCode::Char('?')))).unwrap();
    let shown = text(terminal.backend().buffer());
    assert!(shown.contains("jump to the next / previous cutoff"), "{shown}");
}

#[test]
fn a_small_terminal_says_so() {
    let trace = aima();
    let replay = Timeline::new(&trace);
    let mut app = App::new(&replay, 0, false);
    let mut terminal = Terminal::new(TestBackend::new(50, 12)).unwrap();
    run_loop(&mut terminal, &mut app, &mut std::iter::empty()).unwrap();
    let shown = text(terminal.backend().buffer());
    assert!(shown.contains("needs a terminal of at least 60×18"), "{shown}");
}

#[test]
fn a_big_search_shows_the_neighbourhood_of_the_current_node() {
    // Tic-tac-toe from the empty board, alpha-beta: 18,297 nodes searched (FACTS.md).
    let input =
        Input::game(abviz::game::tictactoe::TicTacToe::new(abviz::game::tictactoe::TttEval::Win), None);
    let opts = RunOptions { minimax_reference: false, ..RunOptions::default() };
    let trace = input.trace(Algorithm::AlphaBeta, &opts).unwrap();
    assert_eq!(trace.stats().nodes, 18_297);
    let replay = Timeline::new(&trace);
    let mut app = App::new(&replay, 0, false);
    let mut terminal = Terminal::new(TestBackend::new(120, 40)).unwrap();
    let keys = [KeyCode::PageDown; 30].into_iter().chain([KeyCode::End]);
    run_loop(&mut terminal, &mut app, &mut keys.map(key)).unwrap();
    let shown = text(terminal.backend().buffer());
    assert!(shown.contains(&format!("step {}/{}", replay.len(), replay.len())));
    assert!(shown.contains("0 levels around the path"), "{shown}");
    assert!(shown.contains("nodes 18297"), "{shown}");
    // Closed subtrees say how much they hide.
    assert!(shown.contains(" below)"), "{shown}");
}

#[test]
fn a_trace_without_events_is_not_a_crash() {
    // A trace file whose nodes lost their events (edited by hand).
    let mut json = Vec::new();
    aima().write_json(&mut json, abviz::trace::json::Layout::Readable, false).unwrap();
    let mut value: serde_json::Value = serde_json::from_slice(&json).unwrap();
    value["events"] = serde_json::json!([]);
    let trace = abviz::search::read_trace(&value.to_string()).unwrap();
    let (terminal, _) =
        screen(&trace, &[KeyCode::Right, KeyCode::Char('c'), KeyCode::Char('f'), KeyCode::End], false);
    assert!(text(terminal.backend().buffer()).contains("no events to step through"));
}

/// A multi-pass search (iterative deepening) names the pass in the story's title as the
/// replay moves through it.
#[test]
fn the_title_names_the_pass() {
    let input = Input::game(
        abviz::game::tictactoe::TicTacToe::parse("x.o/.x./...", abviz::game::tictactoe::TttEval::Win)
            .unwrap(),
        None,
    );
    let trace = input.trace(Algorithm::Iterative, &RunOptions::default()).unwrap();
    let passes = trace.passes().len();
    assert!(passes > 2);
    let (terminal, _) = screen(&trace, &[KeyCode::Right, KeyCode::Right, KeyCode::Char('q')], false);
    assert!(text(terminal.backend().buffer()).contains(&format!("pass 1 of {passes}, depth 1 ·")));
    let (terminal, _) = screen(&trace, &[KeyCode::End, KeyCode::Char('q')], false);
    assert!(
        text(terminal.backend().buffer()).contains(&format!("pass {passes} of {passes}, depth {passes} ·"))
    );
}

/// The README's picture of the stepper at the α-cutoff is the stepper's own screen, with the
/// default algorithm (AIMA's fail-soft alpha-beta), at the README block's size.
#[test]
fn the_readme_shows_the_stepper_as_it_is() {
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    let at = readme.find("```text\n abviz step ").expect("the README's stepper block") + "```text\n".len();
    let block = &readme[at..at + readme[at..].find("```").unwrap()];
    let (w, h) = (block.lines().map(|l| l.chars().count()).max().unwrap(), block.lines().count());
    let trace = Input::from_tree_text(AIMA, None)
        .unwrap()
        .trace(Algorithm::AlphaBetaSoft, &RunOptions::default())
        .unwrap();
    let replay = Timeline::new(&trace);
    let mut app = App::new(&replay, 0, false);
    let mut terminal = Terminal::new(TestBackend::new(w as u16, h as u16)).unwrap();
    let mut events = [key(KeyCode::Char('c'))].into_iter();
    run_loop(&mut terminal, &mut app, &mut events).unwrap();
    let shown: String =
        text(terminal.backend().buffer()).lines().map(|l| l.trim_end().to_string() + "\n").collect();
    let wanted: String = block.lines().map(|l| l.trim_end().to_string() + "\n").collect();
    assert_eq!(shown, wanted, "README.md's stepper block differs from the stepper:\n{shown}");
}
