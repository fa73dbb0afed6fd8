//! The full-screen stepper (ratatui over its re-exported crossterm).
//!
//! ```text
//!  abviz step │ Alpha-beta (fail-hard) │ tree A:(B:(3 12 8) C:(2 4 6) D:(14 5 2)), MAX root
//! ┌ Tree ─────────────────────────────────┐┌ α/β stack ────────────────────────┐
//! │A ▲ …                                  ││node  player  window   child       │
//! │├── B ▼ = 3                            ││A     ▲ MAX   [3, +∞]  2 of 3      │
//! │├── C ▼ …  ✂ α-cutoff                  ││C     ▼ MIN   [3, 2]   1 of 3      │
//! ...
//! ```
//!
//! Drawing lives in [`super::view`], the terminal set-up in [`super::terminal`]. The loop
//! ([`run_loop`]) is generic over the ratatui backend and the source of key events, so
//! tests drive it with a `TestBackend` and a list of keys. [`run`] sets the real terminal up
//! (raw mode, alternate screen, hidden cursor) behind a guard that restores it however the loop
//! ends: `q`, an error, or a panic (a panic hook restores it before the message is printed).

use super::keys::{self, Action};
use super::terminal::{
    Events, TerminalEvents, enter_terminal, install_panic_hook, restore_terminal, with_terminal,
};
use super::theme::Theme;
use crate::trace::Timeline;
use crate::trace::stops::{self, Grain};
use ratatui::Terminal;
use ratatui::backend::Backend;
use ratatui::crossterm::event::{self, Event, KeyEvent, KeyEventKind};
use std::io;

/// The smallest screen the view is laid out for.
pub const MIN_SIZE: (u16, u16) = (60, 18);

/// The stepper's state: the step shown and the view settings.
pub struct App<'r, 't> {
    pub(super) replay: &'r Timeline<'t>,
    pub(super) step: usize,
    pub(super) expand: u32,
    pub(super) max_depth: u32,
    pub(super) help: bool,
    pub(super) goto: Option<String>,
    pub(super) message: Option<String>,
    pub(super) theme: Theme,
    pub(super) tree_top: usize,
    pub(super) tree_width: Option<u16>,
    pub(super) quit: bool,
    /// With `--steps coarse` or `medium`: the timeline's stops that → and ← go between.
    pub(super) stops: Option<Vec<u32>>,
}

/// Above this many recorded nodes the tree opens only around the current node at first.
pub const FULL_TREE_NODES: usize = 300;

impl<'r, 't> App<'r, 't> {
    /// A stepper at `step` (0-based), coloured or not.
    pub fn new(replay: &'r Timeline<'t>, step: usize, color: bool) -> Self {
        let trace = replay.trace();
        let max_depth = trace.nodes().iter().map(|n| u32::from(n.depth)).max().unwrap_or(0);
        let expand = if trace.nodes().len() <= FULL_TREE_NODES { max_depth } else { 0 };
        App {
            replay,
            step: step.min(replay.last()),
            expand,
            max_depth,
            help: false,
            goto: None,
            message: None,
            theme: Theme { color },
            tree_top: 0,
            tree_width: None,
            quit: false,
            stops: None,
        }
        .measured()
    }

    /// The same stepper going from stop to stop of `pace` (the timeline's stops) on → and ←.
    pub fn at_pace(mut self, pace: Grain) -> Self {
        self.stops = (pace != Grain::Fine).then(|| self.replay.stops(pace));
        self
    }

    /// The step shown (0-based).
    pub fn step(&self) -> usize {
        self.step
    }

    /// Whether the user asked to leave.
    pub fn quitting(&self) -> bool {
        self.quit
    }

    fn go(&mut self, step: usize) {
        self.step = step.min(self.replay.last());
    }

    /// Reacts to one key.
    pub fn handle(&mut self, key: KeyEvent) {
        self.message = None;
        if self.help {
            self.help = false;
            if keys::action(key) == Some(Action::Quit) && key.code == event::KeyCode::Char('q') {
                self.quit = true;
            }
            return;
        }
        if let Some(typed) = &mut self.goto {
            use event::KeyCode;
            match key.code {
                KeyCode::Char(d) if d.is_ascii_digit() && typed.len() < 9 => typed.push(d),
                KeyCode::Backspace => {
                    typed.pop();
                }
                KeyCode::Enter => {
                    let n: usize = typed.parse().unwrap_or(0);
                    self.goto = None;
                    if (1..=self.replay.len()).contains(&n) {
                        self.go(n - 1);
                    } else {
                        self.message = Some(format!("no step {n}: the steps are 1 to {}", self.replay.len()));
                    }
                }
                KeyCode::Esc | KeyCode::Char('q') => self.goto = None,
                _ => {}
            }
            return;
        }
        let Some(action) = keys::action(key) else { return };
        if self.replay.is_empty() && action != Action::Quit {
            return;
        }
        let last = self.replay.last();
        match action {
            Action::Next if self.step == last => {
                self.message = Some("end of the search: Home goes back to the start".into())
            }
            Action::Next => {
                let to = self
                    .stops
                    .as_deref()
                    .map_or(self.step + 1, |s| stops::next(s, self.step).unwrap_or(last));
                self.go(to)
            }
            Action::Back if self.step == 0 => self.message = Some("this is the first step".into()),
            Action::Back => {
                let to =
                    self.stops.as_deref().map_or(self.step - 1, |s| stops::prev(s, self.step).unwrap_or(0));
                self.go(to)
            }
            Action::Forward10 => self.go(self.step + 10),
            Action::Back10 => self.go(self.step.saturating_sub(10)),
            Action::NextCutoff => match self.replay.next_landmark(self.step) {
                Some(s) => self.go(s),
                None => self.message = Some(self.no_cutoff("after")),
            },
            Action::PrevCutoff => match self.replay.prev_landmark(self.step) {
                Some(s) => self.go(s),
                None => self.message = Some(self.no_cutoff("before")),
            },
            Action::Finish => {
                let trace = self.replay.trace();
                let mut node = Some(self.replay.focus(self.step));
                while let Some(n) = node {
                    match self.replay.value_step(n) {
                        Some(s) if s > self.step => {
                            self.go(s);
                            return;
                        }
                        _ => node = trace.parent(n),
                    }
                }
                self.message = Some("every node on the path is finished".into());
            }
            Action::First => self.go(0),
            Action::Last => self.go(last),
            Action::Goto(first) => self.goto = Some(first.map(String::from).unwrap_or_default()),
            Action::Expand => self.expand = (self.expand + 1).min(self.max_depth),
            Action::Collapse => self.expand = self.expand.saturating_sub(1),
            Action::Help => self.help = true,
            Action::Quit => self.quit = true,
        }
    }

    fn no_cutoff(&self, side: &str) -> String {
        let trace = self.replay.trace();
        if trace.algorithm().has_window() || trace.algorithm().features.mcts {
            format!("no {} {side} this step", self.replay.landmark())
        } else {
            format!("{} never cuts: no cutoff {side} this step", self.replay.trace().algorithm().name())
        }
    }
}

fn io_error(e: impl std::fmt::Display) -> io::Error {
    io::Error::other(e.to_string())
}

/// Draws and reacts to events until `q` (or the end of the events).
pub fn run_loop<B: Backend>(
    terminal: &mut Terminal<B>,
    app: &mut App,
    events: &mut impl Events,
) -> io::Result<()> {
    loop {
        terminal.draw(|f| app.render(f)).map_err(io_error)?;
        match events.next_event()? {
            None => return Ok(()),
            Some(Event::Key(key)) if key.kind != KeyEventKind::Release => app.handle(key),
            Some(_) => {}
        }
        if app.quitting() {
            return Ok(());
        }
    }
}

/// Runs the full-screen stepper on the terminal, starting at `step` (0-based).
pub fn run(replay: &Timeline, step: usize, color: bool) -> io::Result<()> {
    run_at_pace(replay, step, color, Grain::Fine)
}

/// [`run`], with → and ← going from stop to stop of `pace` (`--steps`).
pub fn run_at_pace(replay: &Timeline, step: usize, color: bool, pace: Grain) -> io::Result<()> {
    install_panic_hook(restore_terminal);
    let mut app = App::new(replay, step, color).at_pace(pace);
    with_terminal(enter_terminal, restore_terminal, |t| run_loop(t, &mut app, &mut TerminalEvents))
}
