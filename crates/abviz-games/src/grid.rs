//! Boards written as rows of cells, one character a cell (`x`, `o`, `.`), top row first, rows
//! separated by `/` or line breaks — the position notation of Connect Four and gomoku. The
//! reader keeps where each cell stands in the text, so a game's own checks (a floating stone, a
//! line of five that no single move made) point at the cell with a caret, as syntax errors do.
//!
//! ```
//! use abviz_games::grid::Rows;
//! let cell = |c: char| match c { 'x' | 'X' => Some(1), 'o' | 'O' => Some(2), '.' => Some(0), _ => None };
//! let rows = Rows::parse("x.o/.x.", cell, "cells are x, o or .").unwrap();
//! assert_eq!((rows.height(), rows.width()), (2, Some(3)));
//! assert_eq!(rows.cell(1, 1), 1);
//! let err = Rows::parse("x.o/.q.", cell, "cells are x, o or .").unwrap_err();
//! assert_eq!((err.line, err.column), (1, 6));
//! let err = rows.expect(4, 2, "a row", "x..o/.x..").unwrap_err();
//! assert!(err.message.contains("row 1 has 3 cells; a row has 4"), "{}", err.message);
//! ```

use super::notation::NotationError;
use std::ops::Range;

/// One row as read: each cell's value and byte span in the text.
#[derive(Clone, Debug)]
struct Row {
    cells: Vec<u8>,
    spans: Vec<Range<usize>>,
    /// From the row's first character to its last (its end when it is empty).
    span: Range<usize>,
}

/// A board read as rows of cells, with the text it came from (for errors).
#[derive(Clone, Debug)]
pub struct Rows {
    text: String,
    rows: Vec<Row>,
}

/// The largest number of cells a grid may hold (bounds the work a hostile text can cause).
pub const MAX_CELLS: usize = 4096;

impl Rows {
    /// Reads `text`: rows separated by `/` or line breaks (blank lines and spaces are ignored),
    /// each character a cell whose value `cell` gives (None: not a cell character, an error
    /// whose hint is `help`).
    pub fn parse(
        text: &str,
        cell: impl Fn(char) -> Option<u8>,
        help: &str,
    ) -> Result<Rows, Box<NotationError>> {
        let mut rows = Vec::new();
        let mut count = 0;
        let mut start = 0;
        for piece in text.split_inclusive(['/', '\n']) {
            let end = start + piece.len();
            let body = piece.trim_end_matches(['/', '\n', '\r']);
            let mut row = Row { cells: Vec::new(), spans: Vec::new(), span: start..start };
            for (i, c) in body.char_indices() {
                let at = start + i;
                if c.is_whitespace() {
                    continue;
                }
                let Some(value) = cell(c) else {
                    let shown = abviz_core::safe_text::for_terminal(c.encode_utf8(&mut [0; 4])).into_owned();
                    return Err(Box::new(
                        NotationError::in_text(
                            "position",
                            text,
                            at..at + c.len_utf8(),
                            format!("'{shown}' is not a cell"),
                            "not a cell",
                        )
                        .with_help(help),
                    ));
                };
                count += 1;
                if count > MAX_CELLS {
                    return Err(Box::new(NotationError::in_text(
                        "position",
                        text,
                        at..at + c.len_utf8(),
                        format!("the board has more than {MAX_CELLS} cells"),
                        "too many cells",
                    )));
                }
                if row.cells.is_empty() {
                    row.span.start = at;
                }
                row.cells.push(value);
                row.spans.push(at..at + c.len_utf8());
                row.span.end = at + c.len_utf8();
            }
            // Blank lines only separate; an empty piece closed by '/' (`x..//x..`) is an empty row.
            if !row.cells.is_empty() || piece.ends_with('/') {
                rows.push(row);
            }
            start = end;
        }
        Ok(Rows { text: text.to_string(), rows })
    }

    /// The number of rows.
    pub fn height(&self) -> usize {
        self.rows.len()
    }

    /// The length of the rows if they are all as long as the first (None: no rows, or rows of
    /// different lengths).
    pub fn width(&self) -> Option<usize> {
        let first = self.rows.first()?.cells.len();
        self.rows.iter().all(|r| r.cells.len() == first).then_some(first)
    }

    /// The value of the cell in `row` (from the top) and `col` (from the left).
    pub fn cell(&self, row: usize, col: usize) -> u8 {
        self.rows[row].cells[col]
    }

    /// Checks that there are `height` rows of `width` cells; the error points at the first row
    /// that is too long or too short, or where a row is missing or one too many begins.
    /// `what` names a row in messages ("a row"), `example` is a well-formed position for the
    /// hint.
    pub fn expect(
        &self,
        width: usize,
        height: usize,
        what: &str,
        example: &str,
    ) -> Result<(), Box<NotationError>> {
        let help =
            format!("write {height} rows of {width} cells, top row first, separated by '/', e.g. {example}");
        for (r, row) in self.rows.iter().enumerate().take(height) {
            let n = row.cells.len();
            if n > width {
                return Err(self.error(
                    row.spans[width].start..row.span.end,
                    format!("row {} has {n} cells; {what} has {width}", r + 1),
                    "one cell too many",
                    &help,
                ));
            }
            if n < width {
                let at = row.span.end;
                return Err(self.error(
                    at..at,
                    format!("row {} has {n} cells; {what} has {width}", r + 1),
                    "the row ends here",
                    &help,
                ));
            }
        }
        if self.rows.len() > height {
            let row = &self.rows[height];
            return Err(self.error(
                row.span.clone(),
                format!("the board has {} rows; it has {height}", self.rows.len()),
                "one row too many",
                &help,
            ));
        }
        if self.rows.len() < height {
            let at = self.text.trim_end().len();
            return Err(self.error(
                at..at,
                format!("the board has {} rows; it has {height}", self.rows.len()),
                "a row is missing",
                &help,
            ));
        }
        Ok(())
    }

    /// An error at the cell in `row` and `col`.
    pub fn cell_error(&self, row: usize, col: usize, message: String, label: &str) -> Box<NotationError> {
        let span = self.rows[row].spans[col].clone();
        Box::new(NotationError::in_text("position", &self.text, span, message, label))
    }

    /// An error over the whole text.
    pub fn whole_error(&self, message: String, label: &str) -> Box<NotationError> {
        let start = self.text.len() - self.text.trim_start().len();
        Box::new(NotationError::in_text(
            "position",
            &self.text,
            start..self.text.trim_end().len(),
            message,
            label,
        ))
    }

    fn error(&self, span: Range<usize>, message: String, label: &str, help: &str) -> Box<NotationError> {
        Box::new(NotationError::in_text("position", &self.text, span, message, label).with_help(help))
    }
}

/// The name of `cell` (row by row from the top) on a square board of side `n`: its column
/// letter from the left and row number from the bottom (`h8`), as gomoku and Jiu chess name
/// points.
pub fn point_name(cell: usize, n: usize) -> String {
    let (r, c) = (cell / n, cell % n);
    format!("{}{}", (b'a' + c as u8) as char, n - r)
}

/// The cell named `text` (see [`point_name`]) on a square board of side `n`, `example` being a
/// point to show in the message when `text` is not a point ("like h8").
pub fn read_point(text: &str, n: usize, example: &str) -> Result<usize, String> {
    let last = (b'a' + n as u8 - 1) as char;
    let shown = || abviz_core::safe_text::for_terminal(text).into_owned();
    let bad = || format!("'{}' is not a point: a column a-{last} and a row 1-{n}, like {example}", shown());
    let lower = text.to_ascii_lowercase();
    let mut chars = lower.chars();
    let col = chars.next().filter(char::is_ascii_lowercase).ok_or_else(bad)? as usize - 'a' as usize;
    let row: usize = chars.as_str().parse().map_err(|_| bad())?;
    if col >= n || row == 0 || row > n {
        return Err(format!("{} is off the {n}×{n} board: columns a-{last}, rows 1-{n}", shown()));
    }
    Ok((n - row) * n + col)
}

/// Writes the lines of a square board of side `n` into an SVG, with column letters above and
/// below and row numbers (from the bottom) on both sides: point `i` of a line stands at
/// `margin + i × step`, the lines drawn in `colour`.
pub fn svg_lines(s: &mut String, n: usize, margin: usize, step: usize, colour: &str) {
    svg_lines_labelled(s, n, margin, step, colour, 16);
}

/// [`svg_lines`] with the labels `gap` away from the outer lines (16 there), for boards whose
/// pieces reach further out.
pub fn svg_lines_labelled(s: &mut String, n: usize, margin: usize, step: usize, colour: &str, gap: usize) {
    use std::fmt::Write;
    let side = (n - 1) * step;
    let at = |i: usize| margin + i * step;
    for i in 0..n {
        let _ = write!(
            s,
            r##"<line x1="{0}" y1="{1}" x2="{0}" y2="{2}" stroke="{colour}"/><line x1="{1}" y1="{0}" x2="{2}" y2="{0}" stroke="{colour}"/>"##,
            at(i),
            at(0),
            at(n - 1)
        );
        let letter = (b'a' + i as u8) as char;
        let number = n - i;
        let _ = write!(
            s,
            r##"<text x="{x}" y="{}" font-size="9" fill="#555" text-anchor="middle">{letter}</text><text x="{x}" y="{}" font-size="9" fill="#555" text-anchor="middle">{letter}</text><text x="{}" y="{y}" font-size="9" fill="#555" text-anchor="end">{number}</text><text x="{}" y="{y}" font-size="9" fill="#555">{number}</text>"##,
            margin - gap,
            margin + side + gap + 7,
            margin - gap,
            margin + side + gap,
            x = at(i),
            y = at(i) + 3,
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cell(c: char) -> Option<u8> {
        match c {
            'x' => Some(1),
            'o' => Some(2),
            '.' => Some(0),
            _ => None,
        }
    }

    #[test]
    fn rows_by_slash_or_line_with_spaces() {
        let r = Rows::parse("x . o\n. x .\n\n", cell, "").unwrap();
        assert_eq!((r.height(), r.width()), (2, Some(3)));
        let r = Rows::parse("x.o/.x./", cell, "").unwrap();
        assert_eq!((r.height(), r.width()), (2, Some(3)));
        let r = Rows::parse("x.o//.x.", cell, "").unwrap();
        assert_eq!((r.height(), r.width()), (3, None));
        assert_eq!(Rows::parse("", cell, "").unwrap().height(), 0);
    }

    #[test]
    fn errors_point_at_the_cell_or_the_row() {
        let r = Rows::parse("x.o\n.x\n...", cell, "").unwrap();
        let e = r.expect(3, 3, "a row", "...").unwrap_err();
        assert_eq!((e.line, e.column), (2, 3));
        assert!(e.caret().contains("^ the row ends here"), "{}", e.caret());
        let r = Rows::parse("x.o/.x../...", cell, "").unwrap();
        let e = r.expect(3, 3, "a row", "...").unwrap_err();
        assert_eq!((e.line, e.column), (1, 8));
        let r = Rows::parse("x.o/.x./...", cell, "").unwrap();
        let e = r.expect(3, 2, "a row", "...").unwrap_err();
        assert_eq!((e.column, e.label.as_str()), (9, "one row too many"));
        let e = r.expect(3, 4, "a row", "...").unwrap_err();
        assert_eq!((e.column, e.label.as_str()), (12, "a row is missing"));
        let e = r.cell_error(1, 1, "floats".into(), "here");
        assert_eq!(e.column, 6);
        let e = Rows::parse("x\u{1b}", cell, "").unwrap_err();
        assert!(e.message.contains("\\u{1b}"), "{}", e.message);
    }
}
