//! A forgiving parser for value enums: any case, and `_` or a space where the name has `-`
//! (`--algo Alpha_Beta`), as `--algo` always accepted; `--help` still lists the values.

use clap::ValueEnum;
use clap::builder::{EnumValueParser, PossibleValue, TypedValueParser};
use std::ffi::OsStr;
use std::marker::PhantomData;

/// Parses `E` after normalising the spelling.
#[derive(Clone, Debug)]
pub struct Lenient<E>(PhantomData<E>);

impl<E> Lenient<E> {
    /// The parser.
    pub fn new() -> Self {
        Lenient(PhantomData)
    }
}

impl<E: ValueEnum + Clone + Send + Sync + 'static> TypedValueParser for Lenient<E> {
    type Value = E;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &OsStr,
    ) -> Result<E, clap::Error> {
        let normal = value.to_string_lossy().trim().to_lowercase().replace(['_', ' '], "-");
        EnumValueParser::<E>::new().parse_ref(cmd, arg, OsStr::new(&normal))
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        Some(Box::new(E::value_variants().iter().filter_map(ValueEnum::to_possible_value)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use abviz::search::Algorithm;

    #[test]
    fn spellings() {
        let cmd = clap::Command::new("t");
        let parse = |s: &str| Lenient::<Algorithm>::new().parse_ref(&cmd, None, OsStr::new(s));
        for (text, algo) in [
            ("alphabeta", Algorithm::AlphaBeta),
            ("AB", Algorithm::AlphaBeta),
            ("Alpha_Beta", Algorithm::AlphaBeta),
            ("alpha beta soft", Algorithm::AlphaBetaSoft),
            ("negamax_alphabeta", Algorithm::NegamaxAb),
            ("MINIMAX", Algorithm::Minimax),
        ] {
            assert_eq!(parse(text).unwrap(), algo, "{text}");
        }
        assert!(parse("mtd").is_err());
        // Everything the library's own parser takes, the command line takes too.
        for a in Algorithm::ALL {
            assert_eq!(parse(a.name()).unwrap(), a);
        }
    }
}
