//! The terminal is restored however the full-screen stepper ends: after q, after an error, on a
//! panic; and, when tmux is installed, in a real terminal (raw mode off, echo back on).
//! One test binary of its own because panic hooks are process-wide.

use abviz::input::{Input, RunOptions};
use abviz::search::Algorithm;
use abviz::step::terminal::{install_panic_hook, with_terminal};
use abviz::step::tui::{App, run_loop};
use abviz::trace::Timeline;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};
use std::io;
use std::sync::atomic::{AtomicUsize, Ordering};

use crate::support::tmux;
use tmux::Session;

const AIMA: &str = "A:(B:(3 12 8) C:(2 4 6) D:(14 5 2))";

fn test_terminal() -> io::Result<Terminal<TestBackend>> {
    Terminal::new(TestBackend::new(100, 30)).map_err(|e| io::Error::other(e.to_string()))
}

#[test]
fn restored_after_q_after_an_error_and_on_a_panic() {
    let trace = Input::from_tree_text(AIMA, None)
        .unwrap()
        .trace(Algorithm::AlphaBeta, &RunOptions::default())
        .unwrap();
    let replay = Timeline::new(&trace);

    // q: the loop returns and the terminal is restored once.
    let mut restored = 0;
    let r = with_terminal(
        test_terminal,
        || restored += 1,
        |t| {
            let mut app = App::new(&replay, 0, false);
            let q = Event::Key(KeyEvent::new(KeyCode::Char('q'), KeyModifiers::NONE));
            let mut events = std::iter::once(q).chain(std::iter::repeat_with(|| panic!("read past q")));
            run_loop(t, &mut app, &mut events)
        },
    );
    assert!(r.is_ok());
    assert_eq!(restored, 1);

    // An error from the event source (a terminal gone away) comes back as the error, restored.
    struct Failing;
    impl abviz::step::terminal::Events for Failing {
        fn next_event(&mut self) -> io::Result<Option<Event>> {
            Err(io::Error::new(io::ErrorKind::BrokenPipe, "terminal gone"))
        }
    }
    let mut restored = 0;
    let r = with_terminal(
        test_terminal,
        || restored += 1,
        |t| {
            let mut app = App::new(&replay, 0, false);
            run_loop(t, &mut app, &mut Failing)
        },
    );
    assert_eq!(r.unwrap_err().to_string(), "terminal gone");
    assert_eq!(restored, 1);

    // A setup that fails half way is undone too.
    let mut restored = 0;
    let r = with_terminal(
        || -> io::Result<Terminal<TestBackend>> { Err(io::Error::other("no tty")) },
        || restored += 1,
        |_| Ok(()),
    );
    assert!(r.is_err());
    assert_eq!(restored, 1);

    // A panic inside: the hook restores before the message, the guard while unwinding.
    static HOOK: AtomicUsize = AtomicUsize::new(0);
    install_panic_hook(|| {
        HOOK.fetch_add(1, Ordering::SeqCst);
    });
    let guard = AtomicUsize::new(0);
    let caught = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        with_terminal(
            test_terminal,
            || {
                guard.fetch_add(1, Ordering::SeqCst);
            },
            |_| -> io::Result<()> { panic!("a bug") },
        )
    }));
    assert!(caught.is_err());
    assert_eq!(HOOK.load(Ordering::SeqCst), 1);
    assert_eq!(guard.load(Ordering::SeqCst), 1);
}

/// In a real terminal under tmux: open the stepper, step, press q; the shell afterwards finds
/// the terminal in cooked mode with echo on, and the stepper exited 0.
#[test]
fn restored_in_a_real_terminal() {
    if !Session::available() {
        eprintln!("tmux is not installed: skipping the real-terminal check");
        return;
    }
    let bin = assert_cmd::cargo::cargo_bin!("abviz");
    let dir = tempfile::tempdir().unwrap();
    let report = dir.path().join("report.txt");
    let script = format!(
        "'{}' step --tree '{AIMA}'; echo \"exit=$?\" > '{r}'; stty -a >> '{r}'; echo done >> '{r}'; sleep 10",
        bin.display(),
        r = report.display()
    );
    let tty = Session::start("restore", 100, 30, &script);
    tty.expect("step 1/41");
    tty.send(&["c"]);
    tty.expect("step 22/41");
    tty.send(&["q"]);
    let done = tty.wait_for(|| std::fs::read_to_string(&report).is_ok_and(|r| r.contains("done")));
    let after = tty.screen();
    drop(tty);
    assert!(done, "the stepper did not end after q:\n{after}");
    let report = std::fs::read_to_string(&report).unwrap();
    assert!(report.starts_with("exit=0"), "{report}");
    let flags: Vec<&str> = report.split([' ', ';', '\n']).collect();
    for flag in ["icanon", "echo", "isig"] {
        assert!(flags.contains(&flag), "{flag} is not back on: {report}");
    }
    // The alternate screen is gone: the stepper's frame is no longer on the screen.
    assert!(!after.contains("step 22/41"), "{after}");
}

/// MCTS in a real terminal: `c` jumps from iteration to iteration, the tree and the stack show
/// each node's visits and mean result (not an alpha-beta value), the pseudocode follows the
/// phases, and at the end the root has one visit per iteration.
#[test]
fn mcts_in_a_real_terminal() {
    if !Session::available() {
        eprintln!("tmux is not installed: skipping the real-terminal check");
        return;
    }
    let bin = assert_cmd::cargo::cargo_bin!("abviz");
    let script =
        format!("'{}' step --game tictactoe --algo mcts --iterations 20 --seed 3; sleep 10", bin.display());
    let tty = Session::start("mcts", 110, 34, &script);
    let first = tty.expect("step 1/");
    assert!(first.contains("function mcts(root, iterations)"), "{first}");
    // Three iterations in: the root has been backed up twice, its first children once each.
    tty.send(&["c", "c", "c"]);
    let third = tty.expect("Iteration 3");
    assert!(third.contains("root ▲ N 2 · W/N"), "{third}");
    assert!(third.contains("a1 ▼ N 1 · W/N"), "{third}");
    assert!(
        !third.contains("▼ = ") && !third.contains("▲ = "),
        "MCTS nodes have no backed-up value:\n{third}"
    );
    assert!(third.contains("next / prev iteration"), "{third}");
    assert!(third.contains("▶   repeat iterations times:"), "{third}");
    // The end: twenty iterations, twenty visits at the root; no 21st iteration to jump to.
    tty.send(&["End"]);
    let end = tty.expect("root ▲ N 20 · W/N");
    assert!(end.contains("best move"), "{end}");
    tty.send(&["c"]);
    tty.expect("no iteration after this step");
    tty.send(&["q"]);
}

/// The quiz in a real terminal: the typed answer shows, a right one is confirmed, a wrong one
/// explained, and Ctrl-D ends it with the score.
#[test]
fn quiz_in_a_real_terminal() {
    if !Session::available() {
        eprintln!("tmux is not installed: skipping the real-terminal check");
        return;
    }
    let bin = assert_cmd::cargo::cargo_bin!("abviz");
    let script = format!("'{}' quiz --tree '{AIMA}'; sleep 10", bin.display());
    let tty = Session::start("quiz", 110, 40, &script);
    tty.expect("Is the leaf 12 under B searched? [y/n]");
    tty.send(&["y", "Enter"]);
    tty.expect("✓ right: yes");
    tty.send(&["n", "Enter"]);
    tty.expect("✗ it is yes. The leaf 12 under B returns 12");
    tty.send(&["C-d"]);
    tty.expect("Score: 1 of 2 right");
}
