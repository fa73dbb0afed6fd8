//! Fitting a text table into [`WIDTH`] columns: a table wider than that is cut into blocks of
//! columns, stacked one under the other, each repeating the columns that say which line is
//! which (input, shape, order, algorithm); notes under a table are wrapped at word breaks.

use unicode_width::UnicodeWidthStr;

/// The widest a table on the terminal or in Markdown may be, in columns.
pub const WIDTH: usize = 100;

/// What a column costs beside its text: a space each side and a border.
const COLUMN_FRAME: usize = 3;

/// The display width of a cell: its widest line.
pub fn cell_width(text: &str) -> usize {
    text.lines().map(UnicodeWidthStr::width).max().unwrap_or(0)
}

/// Cuts the columns into blocks no wider than `width` columns when drawn with one border
/// between columns and a space each side: every block holds the `key` columns (in their place)
/// and as many of the others, in order, as fit — at least one. `widths` are the columns' text
/// widths. One block when the whole table fits.
pub fn blocks(widths: &[usize], key: &[bool], width: usize) -> Vec<Vec<usize>> {
    let cost = |i: usize| widths[i] + COLUMN_FRAME;
    let key_cost: usize = 1 + (0..widths.len()).filter(|&i| key[i]).map(cost).sum::<usize>();
    let mut cut: Vec<Vec<usize>> = Vec::new();
    let mut used = key_cost;
    let mut current: Vec<usize> = Vec::new();
    for i in (0..widths.len()).filter(|&i| !key[i]) {
        if !current.is_empty() && used + cost(i) > width {
            cut.push(std::mem::take(&mut current));
            used = key_cost;
        }
        current.push(i);
        used += cost(i);
    }
    if !current.is_empty() || cut.is_empty() {
        cut.push(current);
    }
    // Each block: its own columns and the key ones, in the table's order.
    cut.into_iter().map(|own| (0..widths.len()).filter(|i| key[*i] || own.contains(i)).collect()).collect()
}

/// `text` wrapped at spaces into lines of at most `width` columns (a longer word stands alone).
pub fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split(' ').filter(|w| !w.is_empty()) {
        if !line.is_empty() && line.width() + 1 + word.width() > width {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() || lines.is_empty() {
        lines.push(line);
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_table_that_fits_stays_whole() {
        assert_eq!(blocks(&[5, 5, 5], &[true, false, false], 100), vec![vec![0, 1, 2]]);
    }

    #[test]
    fn a_wide_table_is_cut_into_blocks_repeating_the_key_columns() {
        // The key column costs 14 with its frame and the left border, each other one 30: three
        // would make 104, so two go in each block.
        let widths = [10, 27, 27, 27, 27, 27];
        let key = [true, false, false, false, false, false];
        let cut = blocks(&widths, &key, 100);
        assert_eq!(cut, vec![vec![0, 1, 2], vec![0, 3, 4], vec![0, 5]]);
        for b in &cut {
            let drawn: usize = 1 + b.iter().map(|&i| widths[i] + 3).sum::<usize>();
            assert!(drawn <= 100, "{b:?}: {drawn}");
        }
    }

    #[test]
    fn a_column_wider_than_the_table_gets_a_block_of_its_own() {
        assert_eq!(blocks(&[4, 200, 3], &[true, false, false], 100), vec![vec![0, 1], vec![0, 2]]);
    }

    #[test]
    fn notes_wrap_at_spaces() {
        assert_eq!(wrap("aa bb cc", 5), vec!["aa bb", "cc"]);
        assert_eq!(wrap("a ≤ b ≤ c", 5), vec!["a ≤ b", "≤ c"]);
        assert_eq!(wrap("", 5), vec![""]);
        assert_eq!(wrap("toolongword x", 4), vec!["toolongword", "x"]);
    }
}
