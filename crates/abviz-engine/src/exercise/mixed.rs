//! Sheets that mix difficulties: `--difficulty easy,medium,hard` read once here (the list and
//! what is wrong with it), and one series numbered 1 to n across the difficulties.
//!
//! Each difficulty's trees are the ones a sheet of that difficulty alone draws from the same
//! seed (its own generator, its own shape), in the order the list gives; only their numbers
//! run on, so a mixed sheet's medium trees are `--difficulty medium`'s, renumbered.
//!
//! ```
//! use abviz_engine::exercise::{Difficulty, Generator, mixed};
//! use abviz_engine::search::Algorithm;
//!
//! let levels = mixed::parse_difficulties("easy,hard").unwrap();
//! assert_eq!(levels, [Difficulty::Easy, Difficulty::Hard]);
//! let generators: Vec<Generator> = levels
//!     .iter()
//!     .map(|&d| Generator::new(Some(d), None, Algorithm::AlphaBetaSoft, 7).unwrap())
//!     .collect();
//! let series = mixed::series(&generators, 2).unwrap();
//! let numbers: Vec<u32> = series.iter().map(|e| e.number).collect();
//! assert_eq!(numbers, [1, 2, 3, 4]);
//! assert_eq!(series[2].difficulty, Some(Difficulty::Hard));
//! ```

use super::{Difficulty, Exercise, Generator};
use crate::Error;
use crate::refusal::{Opt, RequestError};

/// Reads a list of difficulties, `easy`, `medium,hard` or `easy,medium,hard`, in the order
/// given. Refuses an empty list, an unknown name and a name given twice (the same seed would
/// draw the same trees again).
pub fn parse_difficulties(text: &str) -> Result<Vec<Difficulty>, RequestError> {
    let mut out: Vec<Difficulty> = Vec::new();
    for name in text.split(',').map(str::trim) {
        let Ok(d) = name.parse::<Difficulty>() else {
            let why = if name.is_empty() {
                "expected easy, medium or hard, or a list of them such as easy,medium,hard".to_string()
            } else {
                format!(
                    "unknown difficulty '{}': expected easy, medium or hard (or a list of them, such as easy,medium,hard)",
                    crate::safe_text::for_terminal(name)
                )
            };
            return Err(RequestError::unreadable(Opt::Difficulty, text, why));
        };
        if out.contains(&d) {
            let why = format!("{d} is listed twice: each difficulty's trees come once");
            return Err(RequestError::unreadable(Opt::Difficulty, text, why));
        }
        out.push(d);
    }
    Ok(out)
}

/// `count` exercises from each generator in turn, numbered 1 to n across them.
pub fn series(generators: &[Generator], count: u32) -> Result<Vec<Exercise>, Error> {
    let mut out = Vec::with_capacity(generators.len() * count as usize);
    for g in generators {
        for k in 1..=count {
            let mut ex = g.exercise(k)?;
            ex.number = out.len() as u32 + 1;
            out.push(ex);
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::Algorithm;

    #[test]
    fn lists_are_read_in_order_and_bad_ones_refused() {
        assert_eq!(parse_difficulties("hard, easy").unwrap(), [Difficulty::Hard, Difficulty::Easy]);
        let e = parse_difficulties("easy,nonsense").unwrap_err();
        assert_eq!(e.option, Opt::Difficulty);
        assert_eq!(e.value.as_deref(), Some("'easy,nonsense'"));
        assert!(e.template.contains("unknown difficulty 'nonsense'"), "{}", e.template);
        assert!(parse_difficulties("easy,,hard").unwrap_err().template.contains("expected easy"));
        assert!(parse_difficulties("medium,medium").unwrap_err().template.contains("medium is listed twice"));
    }

    #[test]
    fn a_mixed_series_keeps_each_difficultys_trees_and_numbers_them_on() {
        let g = |d| Generator::new(Some(d), None, Algorithm::AlphaBetaSoft, 3).unwrap();
        let mixed = series(&[g(Difficulty::Easy), g(Difficulty::Medium)], 2).unwrap();
        let medium = g(Difficulty::Medium).series(2).unwrap();
        assert_eq!(mixed.iter().map(|e| e.number).collect::<Vec<_>>(), [1, 2, 3, 4]);
        for (m, alone) in mixed[2..].iter().zip(&medium) {
            assert_eq!(m.tree.root.to_notation(), alone.tree.root.to_notation());
            assert_eq!(m.difficulty, Some(Difficulty::Medium));
        }
        assert_eq!(mixed[2].title(), "Exercise 3 (medium, seed 3)");
    }
}
