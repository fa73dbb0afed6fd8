//! The terminal stepper's colours and emphasis.

use crate::trace::CutKind;
use ratatui::style::{Color, Modifier, Style};

/// Colours and emphasis; without colour (`NO_COLOR`, `--color never`) only bold, dim and
/// reverse video are used, and α/β are told apart by their text.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Theme {
    pub(crate) color: bool,
}

impl Theme {
    pub(crate) fn fg(&self, c: Color) -> Style {
        if self.color { Style::new().fg(c) } else { Style::new() }
    }
    pub(crate) fn path(&self) -> Style {
        self.fg(Color::Yellow).add_modifier(Modifier::BOLD)
    }
    pub(crate) fn focus(&self) -> Style {
        Style::new().add_modifier(Modifier::REVERSED | Modifier::BOLD)
    }
    pub(crate) fn faint(&self) -> Style {
        if self.color { Style::new().fg(Color::DarkGray) } else { Style::new().add_modifier(Modifier::DIM) }
    }
    pub(crate) fn cut(&self, kind: CutKind) -> Style {
        let c = match kind {
            CutKind::Alpha => Color::Blue,
            CutKind::Beta => Color::Red,
        };
        self.fg(c).add_modifier(Modifier::BOLD)
    }
    pub(crate) fn alpha(&self) -> Style {
        self.fg(Color::Blue)
    }
    pub(crate) fn beta(&self) -> Style {
        self.fg(Color::Red)
    }
    pub(crate) fn done(&self) -> Style {
        self.fg(Color::Green).add_modifier(Modifier::BOLD)
    }
}
