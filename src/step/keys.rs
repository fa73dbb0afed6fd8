//! The keys of the full-screen stepper and their help text (one table, so the help screen, the
//! docs and the key handling cannot drift apart).

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

/// What a key asks the stepper to do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// One step forward.
    Next,
    /// One step back.
    Back,
    /// Ten steps forward.
    Forward10,
    /// Ten steps back.
    Back10,
    /// To the next cutoff.
    NextCutoff,
    /// To the previous cutoff.
    PrevCutoff,
    /// To the step where the current node's value is final (skip its subtree).
    Finish,
    /// To the first step.
    First,
    /// To the last step.
    Last,
    /// Start typing a step number (with a first digit, if the key was one).
    Goto(Option<char>),
    /// Open one more level of the tree around the path.
    Expand,
    /// Close one level.
    Collapse,
    /// Show or hide the help.
    Help,
    /// Leave.
    Quit,
}

/// The keys as the help lists them: (keys, short description for the side panel, long one for
/// the help screen).
pub const HELP: &[(&str, &str, &str)] = &[
    ("→ n space ↓", "next step", "one step forward"),
    ("← p ↑ bksp", "previous step", "one step back"),
    ("PgDn PgUp", "10 steps", "ten steps forward / back"),
    ("c  C", "next / prev cutoff", "jump to the next / previous cutoff (MCTS: iteration)"),
    ("f", "finish this node", "jump to where the current node's value is final"),
    ("g  0–9", "go to step", "type a step number, then Enter (Esc cancels)"),
    ("Home End", "first / last step", "jump to the first / last step"),
    ("+  −", "more / less tree", "open / close the tree around the current node"),
    ("?", "help", "show this help"),
    ("q  Esc", "quit", "leave (Ctrl-C too)"),
];

/// The action bound to `key`, if any.
pub fn action(key: KeyEvent) -> Option<Action> {
    if key.modifiers.contains(KeyModifiers::CONTROL) {
        return match key.code {
            KeyCode::Char('c') | KeyCode::Char('d') => Some(Action::Quit),
            _ => None,
        };
    }
    Some(match key.code {
        KeyCode::Right | KeyCode::Down | KeyCode::Char('n') | KeyCode::Char(' ') | KeyCode::Enter => {
            Action::Next
        }
        KeyCode::Left | KeyCode::Up | KeyCode::Char('p') | KeyCode::Backspace => Action::Back,
        KeyCode::PageDown => Action::Forward10,
        KeyCode::PageUp => Action::Back10,
        KeyCode::Char('c') => Action::NextCutoff,
        KeyCode::Char('C') => Action::PrevCutoff,
        KeyCode::Char('f') => Action::Finish,
        KeyCode::Home => Action::First,
        KeyCode::End => Action::Last,
        KeyCode::Char('g') => Action::Goto(None),
        KeyCode::Char(d) if d.is_ascii_digit() => Action::Goto(Some(d)),
        KeyCode::Char('+') | KeyCode::Char('=') => Action::Expand,
        KeyCode::Char('-') | KeyCode::Char('−') | KeyCode::Char('_') => Action::Collapse,
        KeyCode::Char('?') | KeyCode::F(1) | KeyCode::Char('h') => Action::Help,
        KeyCode::Char('q') | KeyCode::Esc => Action::Quit,
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_issue_keys() {
        let k = |c: KeyCode| action(KeyEvent::new(c, KeyModifiers::NONE));
        assert_eq!(k(KeyCode::Right), Some(Action::Next));
        assert_eq!(k(KeyCode::Char('n')), Some(Action::Next));
        assert_eq!(k(KeyCode::Left), Some(Action::Back));
        assert_eq!(k(KeyCode::Char('p')), Some(Action::Back));
        assert_eq!(k(KeyCode::Char('c')), Some(Action::NextCutoff));
        assert_eq!(action(KeyEvent::new(KeyCode::Char('C'), KeyModifiers::SHIFT)), Some(Action::PrevCutoff));
        assert_eq!(k(KeyCode::Char('g')), Some(Action::Goto(None)));
        assert_eq!(k(KeyCode::Char('7')), Some(Action::Goto(Some('7'))));
        assert_eq!(k(KeyCode::Home), Some(Action::First));
        assert_eq!(k(KeyCode::End), Some(Action::Last));
        assert_eq!(k(KeyCode::Char('+')), Some(Action::Expand));
        assert_eq!(k(KeyCode::Char('-')), Some(Action::Collapse));
        assert_eq!(k(KeyCode::Char('?')), Some(Action::Help));
        assert_eq!(k(KeyCode::Char('q')), Some(Action::Quit));
        assert_eq!(action(KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL)), Some(Action::Quit));
    }
}
