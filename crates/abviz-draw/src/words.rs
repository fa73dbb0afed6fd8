//! Fitting user text into a figure: one line, at most so many characters.

/// Makes a name safe to draw: control characters (newlines, tabs) become spaces, so every
/// format draws a name on one line.
pub fn one_line(s: &str) -> String {
    if !s.contains(char::is_control) {
        return s.to_string();
    }
    s.chars().map(|c| if c.is_control() { ' ' } else { c }).collect()
}

/// The most characters of a node's name a figure draws; the whole name is in the trace and the
/// tooltips.
pub const NAME_WIDTH: usize = 60;

/// `s` cut to `width` characters, ending with "…" when it was longer.
pub fn clip(s: &str, width: usize) -> String {
    match s.char_indices().nth(width) {
        None => s.to_string(),
        Some(_) => {
            let cut: String = s.chars().take(width.saturating_sub(1)).collect();
            format!("{cut}…")
        }
    }
}
