//! The real terminal and where key events come from: raw mode and the alternate screen set up
//! behind a guard that restores them however the stepper ends (a normal return, an error, a
//! panic), plus a panic hook that restores them before the panic message is printed.

use ratatui::Terminal;
use ratatui::backend::{Backend, CrosstermBackend};
use ratatui::crossterm::event::{self, Event};
use ratatui::crossterm::{cursor, execute, terminal};
use std::io;
use std::sync::Once;

/// Where the stepper's key events come from.
pub trait Events {
    /// The next event; `None` when there are no more (tests), which ends the loop.
    fn next_event(&mut self) -> io::Result<Option<Event>>;
}

/// The terminal's own events (blocking).
pub struct TerminalEvents;

impl Events for TerminalEvents {
    fn next_event(&mut self) -> io::Result<Option<Event>> {
        event::read().map(Some)
    }
}

/// A scripted list of events (for tests and demos).
impl<I: Iterator<Item = Event>> Events for I {
    fn next_event(&mut self) -> io::Result<Option<Event>> {
        Ok(self.next())
    }
}

/// Calls `restore` when dropped: on a normal return, an error, or unwinding from a panic.
struct RestoreGuard<F: FnMut()>(F);

impl<F: FnMut()> Drop for RestoreGuard<F> {
    fn drop(&mut self) {
        (self.0)();
    }
}

/// Sets a terminal up with `setup`, runs `body` on it and calls `restore` afterwards, whether
/// `body` returns, fails or panics (and also if `setup` fails half way).
pub fn with_terminal<B: Backend, T>(
    setup: impl FnOnce() -> io::Result<Terminal<B>>,
    restore: impl FnMut(),
    body: impl FnOnce(&mut Terminal<B>) -> io::Result<T>,
) -> io::Result<T> {
    let _guard = RestoreGuard(restore);
    let mut terminal = setup()?;
    body(&mut terminal)
}

/// Raw mode, the alternate screen and a hidden cursor, on standard output.
pub(crate) fn enter_terminal() -> io::Result<Terminal<CrosstermBackend<io::Stdout>>> {
    terminal::enable_raw_mode()?;
    execute!(io::stdout(), terminal::EnterAlternateScreen, cursor::Hide)?;
    Terminal::new(CrosstermBackend::new(io::stdout()))
}

/// Undoes [`enter_terminal`] (harmless if it was not done, or already undone).
pub fn restore_terminal() {
    let _ = terminal::disable_raw_mode();
    let _ = execute!(io::stdout(), terminal::LeaveAlternateScreen, cursor::Show);
}

/// Makes every panic call `restore` before the panic message is printed (the previous hook
/// still prints it), so the message lands on a usable screen. Installed once per process.
pub fn install_panic_hook(restore: fn()) {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            restore();
            previous(info);
        }));
    });
}
