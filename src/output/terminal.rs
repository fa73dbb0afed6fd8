//! The one way text reaches the terminal: every command's output, error and progress line
//! passes through here, so a node name, a move, a file name or a typed line holding control
//! characters is shown with them escaped (`\u{1b}`) instead of retitling, clearing or turning
//! around the user's terminal — whichever call site the text came from.
//!
//! Newlines and tabs pass (they are the text's layout), and, where the writer allows colour,
//! so do the SGR sequences abviz colours with (`ESC [ 1 ; 31 m`: they can only set a colour or
//! a weight). Everything else [`abviz_core::safe_text::is_unsafe`] names is escaped, as are
//! bytes that are not UTF-8 (`\x{ff}`).

use abviz_core::safe_text::is_unsafe;
use std::borrow::Cow;
use std::io::{self, Write};

/// Whether a funnel lets abviz's colour sequences through.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Colour {
    /// Every escape character is shown escaped.
    Off,
    /// SGR sequences (`ESC [ digits ; … m`) pass; every other escape is shown escaped.
    Sgr,
}

/// `text` made safe for a terminal (see the module's notes).
///
/// ```
/// use abviz::output::terminal::{safe, Colour};
/// assert_eq!(safe("a\tb\nc", Colour::Off), "a\tb\nc");
/// assert_eq!(safe("x\u{1b}]0;t\u{7}\r\u{202e}", Colour::Off), "x\\u{1b}]0;t\\u{7}\\u{d}\\u{202e}");
/// assert_eq!(safe("\u{1b}[1;31mred\u{1b}[0m", Colour::Sgr), "\u{1b}[1;31mred\u{1b}[0m");
/// assert_eq!(safe("\u{1b}[2J", Colour::Sgr), "\\u{1b}[2J");
/// ```
pub fn safe(text: &str, colour: Colour) -> Cow<'_, str> {
    if !text.chars().any(needs_escape) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 16);
    let mut rest = text;
    while let Some(c) = rest.chars().next() {
        if c == '\u{1b}' && colour == Colour::Sgr {
            let len = sgr_len(rest);
            if len > 0 {
                out.push_str(&rest[..len]);
                rest = &rest[len..];
                continue;
            }
        }
        if needs_escape(c) {
            out.push_str(&format!("\\u{{{:x}}}", c as u32));
        } else {
            out.push(c);
        }
        rest = &rest[c.len_utf8()..];
    }
    Cow::Owned(out)
}

/// Bytes made safe: [`safe`] on the UTF-8 parts, `\x{..}` for each byte that is not UTF-8.
pub fn safe_bytes(bytes: &[u8], colour: Colour) -> String {
    let mut out = String::with_capacity(bytes.len());
    for chunk in bytes.utf8_chunks() {
        out.push_str(&safe(chunk.valid(), colour));
        for b in chunk.invalid() {
            out.push_str(&format!("\\x{{{b:02x}}}"));
        }
    }
    out
}

/// Whether `c` is shown escaped: the unsafe characters but the layout's newline and tab.
fn needs_escape(c: char) -> bool {
    c != '\n' && c != '\t' && is_unsafe(c)
}

/// The length of the SGR sequence `s` starts with (`ESC [ (digit | ;)* m`), 0 if none.
fn sgr_len(s: &str) -> usize {
    let b = s.as_bytes();
    if b.len() < 3 || b[0] != 0x1b || b[1] != b'[' {
        return 0;
    }
    let params = b[2..].iter().take_while(|c| c.is_ascii_digit() || **c == b';').count();
    if params > 32 || b.get(2 + params) != Some(&b'm') {
        return 0;
    }
    3 + params
}

/// Writes `text` to standard output through the funnel; a closed pipe (`abviz games | head -1`)
/// ends the output quietly.
pub fn out(text: &str) {
    let mut o = io::stdout().lock();
    let _ = o.write_all(safe(text, Colour::Off).as_bytes());
    let _ = o.flush();
}

/// Writes `text` and a newline to standard error through the funnel (colour sequences pass:
/// miette's report colours its parts).
pub fn err_line(text: &str) {
    let mut e = io::stderr().lock();
    let _ = writeln!(e, "{}", safe(text, Colour::Sgr));
}

/// A writer that sends what is written to `inner` through the funnel, a line at a time (a
/// character split across two writes is joined first).
pub struct SafeWriter<W: Write> {
    inner: W,
    colour: Colour,
    pending: Vec<u8>,
}

impl<W: Write> SafeWriter<W> {
    /// Wraps `inner`.
    pub fn new(inner: W, colour: Colour) -> SafeWriter<W> {
        SafeWriter { inner, colour, pending: Vec::new() }
    }

    /// Passes on the complete lines written so far (everything, with `all`).
    fn pass(&mut self, all: bool) -> io::Result<()> {
        let end = if all {
            self.pending.len()
        } else {
            self.pending.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1)
        };
        if end == 0 {
            return Ok(());
        }
        let text = safe_bytes(&self.pending[..end], self.colour);
        self.pending.drain(..end);
        self.inner.write_all(text.as_bytes())
    }
}

impl<W: Write> Write for SafeWriter<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.pending.extend_from_slice(buf);
        self.pass(false)?;
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        self.pass(true)?;
        self.inner.flush()
    }
}

impl<W: Write> Drop for SafeWriter<W> {
    fn drop(&mut self) {
        let _ = self.flush();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Escapes that could retitle, clear or reverse a terminal are shown escaped; layout and
    /// (where allowed) colour pass.
    #[test]
    fn only_layout_and_colour_pass() {
        let hostile = "t\u{1b}]0;pwned\u{7}\u{1b}[2J\u{9b}31m\u{202e}\r\u{0}\u{7f}";
        let shown = safe(hostile, Colour::Sgr);
        assert!(!shown.chars().any(needs_escape), "{shown:?}");
        assert_eq!(safe("\u{1b}[31m", Colour::Off), "\\u{1b}[31m");
        assert_eq!(safe("\u{1b}[31", Colour::Sgr), "\\u{1b}[31", "an unfinished sequence is escaped");
        assert_eq!(safe_bytes(b"a\xffb\n", Colour::Off), "a\\x{ff}b\n");
    }

    /// A writer funnels what is written in pieces, a character split across writes included.
    #[test]
    fn the_writer_joins_pieces() {
        let mut buf = Vec::new();
        {
            let mut w = SafeWriter::new(&mut buf, Colour::Off);
            let s = "é\u{1b}x\nrest".as_bytes();
            w.write_all(&s[..1]).unwrap();
            w.write_all(&s[1..]).unwrap();
        }
        assert_eq!(String::from_utf8(buf).unwrap(), "é\\u{1b}x\nrest");
    }
}
