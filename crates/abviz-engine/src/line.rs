//! Reading a typed line with a bound on its length, so that a command loop (`play`, `step
//! --plain`) keeps a fixed amount of memory whatever arrives on its input.

use std::io::{self, BufRead};

/// The longest line a command loop keeps; the rest of a longer line is read and dropped.
pub const MAX_LINE: usize = 4096;

/// What [`read_line`] found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Line {
    /// A line (now in the buffer, without its end of line).
    Read,
    /// A line longer than the limit: its start is in the buffer, the rest was dropped.
    TooLong,
    /// The end of the input.
    End,
}

/// Reads one line into `buf` (cleared first), keeping at most `limit` bytes of it (cut at a
/// character boundary); invalid UTF-8 is replaced, not an error.
///
/// ```
/// use abviz_engine::line::{Line, read_line};
/// let mut input = std::io::Cursor::new(b"b2\nxxxxxxxx\n".to_vec());
/// let mut buf = String::new();
/// assert_eq!(read_line(&mut input, &mut buf, 4).unwrap(), Line::Read);
/// assert_eq!(buf, "b2");
/// assert_eq!(read_line(&mut input, &mut buf, 4).unwrap(), Line::TooLong);
/// assert_eq!(buf, "xxxx");
/// assert_eq!(read_line(&mut input, &mut buf, 4).unwrap(), Line::End);
/// ```
pub fn read_line<R: BufRead + ?Sized>(input: &mut R, buf: &mut String, limit: usize) -> io::Result<Line> {
    buf.clear();
    let mut bytes: Vec<u8> = Vec::new();
    let mut any = false;
    let mut long = false;
    loop {
        let chunk = input.fill_buf()?;
        if chunk.is_empty() {
            break;
        }
        any = true;
        let (line, done) = match chunk.iter().position(|&b| b == b'\n') {
            Some(i) => (&chunk[..i], Some(i + 1)),
            None => (chunk, None),
        };
        let room = limit.saturating_sub(bytes.len());
        long |= line.len() > room;
        bytes.extend_from_slice(&line[..line.len().min(room)]);
        let used = done.unwrap_or(chunk.len());
        input.consume(used);
        if done.is_some() {
            break;
        }
    }
    if !any {
        return Ok(Line::End);
    }
    if bytes.last() == Some(&b'\r') {
        bytes.pop();
    }
    let text = String::from_utf8_lossy(&bytes);
    // A cut may split a character: drop the replacement character it leaves at the end.
    let text = if long { text.trim_end_matches('\u{fffd}') } else { &text };
    buf.push_str(text);
    Ok(if long { Line::TooLong } else { Line::Read })
}
