//! User text made safe for a terminal: a tree's node names, moves and positions reach the
//! screen in text output, the stepper and error messages, and a name holding an escape
//! sequence could otherwise retitle or clear the user's terminal, or a bidi override turn the
//! line around. Such characters are shown escaped instead (`\u{1b}`); HTML, SVG, DOT and TikZ
//! have their own escaping.

use std::borrow::Cow;

/// Whether `c` must not reach a terminal as it is: control characters (C0, DEL, C1, newlines
/// and tabs included), bidirectional overrides and isolates, and invisible format characters.
pub fn is_unsafe(c: char) -> bool {
    c.is_control()
        || matches!(c,
            '\u{061c}' | '\u{200b}'..='\u{200f}' | '\u{2028}'..='\u{202e}' | '\u{2060}'..='\u{206f}'
            | '\u{feff}' | '\u{fff9}'..='\u{fffb}')
}

/// `s` with every unsafe character written as `\u{…}`.
///
/// ```
/// use abviz_core::safe_text::for_terminal;
/// assert_eq!(for_terminal("C"), "C");
/// assert_eq!(for_terminal("a\u{1b}]0;pwned\u{7}b"), "a\\u{1b}]0;pwned\\u{7}b");
/// assert_eq!(for_terminal("x\u{202e}y\nz"), "x\\u{202e}y\\u{a}z");
/// ```
pub fn for_terminal(s: &str) -> Cow<'_, str> {
    if !s.chars().any(is_unsafe) {
        return Cow::Borrowed(s);
    }
    let mut out = String::with_capacity(s.len() + 8);
    for c in s.chars() {
        if is_unsafe(c) {
            out.push_str(&format!("\\u{{{:x}}}", c as u32));
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}
