//! A forgiving parser for the library's named choices ([`Named`]): any case, and `_` or a space
//! where the name has `-` (`--algo Alpha_Beta`), every spelling the library accepts; `--help`
//! lists the names with their help, from the same table the library reads names with.

use abviz::Named;
use clap::builder::{PossibleValue, TypedValueParser};
use clap::error::{ContextKind, ContextValue, ErrorKind};
use std::ffi::OsStr;
use std::marker::PhantomData;

/// Parses a [`Named`] choice.
#[derive(Clone, Debug)]
pub struct Lenient<E>(PhantomData<E>);

impl<E> Lenient<E> {
    /// The parser.
    pub fn new() -> Self {
        Lenient(PhantomData)
    }
}

impl<E: Named + Send + Sync> TypedValueParser for Lenient<E> {
    type Value = E;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &OsStr,
    ) -> Result<E, clap::Error> {
        let text = value.to_string_lossy();
        E::from_name(&text).ok_or_else(|| {
            let mut err = clap::Error::new(ErrorKind::InvalidValue).with_cmd(cmd);
            if let Some(arg) = arg {
                err.insert(ContextKind::InvalidArg, ContextValue::String(arg.to_string()));
            }
            let shown = abviz::safe_text::for_terminal(&text).into_owned();
            err.insert(ContextKind::InvalidValue, ContextValue::String(shown));
            let names = E::ALL.iter().map(|c| c.name().to_string()).collect();
            err.insert(ContextKind::ValidValue, ContextValue::Strings(names));
            err
        })
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        Some(Box::new(
            E::ALL
                .iter()
                .map(|c| PossibleValue::new(c.name()).aliases(c.aliases().iter().copied()).help(c.help())),
        ))
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
            for alias in a.aliases() {
                assert_eq!(parse(alias).unwrap(), a);
            }
        }
    }
}
