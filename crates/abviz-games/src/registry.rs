//! The games abviz knows, one entry each: the name and aliases `--game` accepts, a title, the
//! position notation with an example, the options the game takes (evaluations, move orders,
//! label notations, variants) with their defaults, a default depth, the parser that turns
//! `--position` and the options into a position, the board drawing of HTML pages and perft.
//!
//! A game registers by implementing [`RegisteredGame`] in its own file and adding one line to
//! the `registry!` list below; every command (`run`, `step`, `play`, `compare`, `demo`,
//! `perft`, `games`) finds it here. Searches stay generic over the concrete game type (static
//! dispatch): [`GameId::visit`] and [`AnyGame::visit`] call a generic function with the type of
//! the game chosen at run time.
//!
//! ```
//! use abviz_games::registry::{self, GameOptions};
//! let id = registry::find("ttt").unwrap();
//! assert_eq!(id.info().name, "tictactoe");
//! let position = id.build(&GameOptions { position: Some("X.O/.X./...".into()), ..Default::default() });
//! assert_eq!(position.unwrap().notation(), "X.O/.X./...");
//! assert!(registry::find("chess").unwrap_err().to_string().contains("abviz knows tictactoe"));
//! ```

use super::perft::{Budget, PerftCounter, PerftReport, PerftStop};
use super::{Game, Player};
use crate::GameError as Error;
pub use crate::option::OptionKind;
use std::fmt;
use std::str::FromStr;

/// Declares the registered games: the [`GameId`] of each, the [`AnyGame`] that holds a position
/// of any of them, and the dispatch from the one to the generic code.
macro_rules! registry {
    ($($module:ident :: $game:ident),+ $(,)?) => {
        /// One registered game.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum GameId {
            $(
                #[doc = concat!("[`", stringify!($game), "`](super::", stringify!($module), "::", stringify!($game), ").")]
                $game,
            )+
        }

        impl GameId {
            /// Every registered game, in the order `abviz games` lists them.
            pub const ALL: &'static [GameId] = &[$(GameId::$game),+];

            /// The game's registry entry.
            pub fn info(self) -> &'static GameInfo {
                match self {
                    $(GameId::$game => &<super::$module::$game as RegisteredGame>::INFO,)+
                }
            }

            /// Calls `visitor` with the game's type.
            pub fn visit<V: GameVisitor>(self, visitor: V) -> V::Output {
                match self {
                    $(GameId::$game => visitor.visit::<super::$module::$game>(),)+
                }
            }
        }

        /// A position of any registered game, with its options applied (boxed: a xiangqi board is
        /// a few hundred bytes, a tic-tac-toe board a few).
        #[derive(Clone, Debug)]
        pub enum AnyGame {
            $(
                #[doc = concat!("A [`", stringify!($game), "`](super::", stringify!($module), "::", stringify!($game), ") position.")]
                $game(Box<super::$module::$game>),
            )+
        }

        impl AnyGame {
            /// Which game it is.
            pub fn id(&self) -> GameId {
                match self {
                    $(AnyGame::$game(_) => GameId::$game,)+
                }
            }

            /// Calls `visitor` with the position as its own type.
            pub fn visit<V: PositionVisitor>(&self, visitor: V) -> V::Output {
                match self {
                    $(AnyGame::$game(position) => visitor.visit(&**position),)+
                }
            }
        }

        $(
            impl From<super::$module::$game> for AnyGame {
                fn from(position: super::$module::$game) -> AnyGame {
                    AnyGame::$game(Box::new(position))
                }
            }
        )+
    };
}

/// Implements `FromStr` and `Display` for a game's enum of option values: each variant's name
/// (what `Display` writes and the entry lists) and its other spellings, compared ignoring case
/// with `_` read as `-`; the error starts with `$what` ("unknown gomoku variant 'x': expected
/// freestyle or exact-five").
macro_rules! option_names {
    ($t:ty, $what:literal, $($v:path => $name:literal $(| $alias:literal)*),+ $(,)?) => {
        impl std::str::FromStr for $t {
            type Err = String;
            fn from_str(s: &str) -> Result<Self, String> {
                match s.to_ascii_lowercase().replace('_', "-").as_str() {
                    $($name $(| $alias)* => Ok($v),)+
                    _ => Err(format!(
                        concat!($what, " '{}': expected {}"),
                        abviz_core::safe_text::for_terminal(s),
                        [$($name),+].join(" or ")
                    )),
                }
            }
        }
        impl std::fmt::Display for $t {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(match self { $($v => $name,)+ })
            }
        }
    };
}
pub(crate) use option_names;

// The registered games, one line each (the module under `game/`, then the type).
registry!(
    tictactoe::TicTacToe,
    xiangqi::Xiangqi,
    nim::Nim,
    connect4::Connect4,
    kalah::Kalah,
    gomoku::Gomoku,
    jiu::Jiu,
    pig::Pig,
);

/// One value of an option, with what it does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Choice {
    /// The name the option takes (the game may accept other spellings too).
    pub name: &'static str,
    /// What it does, in a line.
    pub help: &'static str,
}

/// The whole numbers an option takes (`--size 5` to `19`), with what the number means.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NumberRange {
    /// The smallest value.
    pub min: u32,
    /// The largest value.
    pub max: u32,
    /// What the number is, in a line ("the side of the board").
    pub help: &'static str,
}

/// An option a game takes: one of named choices, or a whole number in a range.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameOption {
    /// Which option.
    pub kind: OptionKind,
    /// Its named values (the default among them); empty for a number.
    pub choices: &'static [Choice],
    /// The value used when the option is not given.
    pub default: &'static str,
    /// For an option that takes a whole number, the numbers it takes (None: named choices).
    pub number: Option<NumberRange>,
}

/// What abviz knows about a game before it has a position: its registry entry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameInfo {
    /// The name `--game` takes and traces record ("tictactoe").
    pub name: &'static str,
    /// Other names `--game` accepts (compared ignoring case, `-` and `_`).
    pub aliases: &'static [&'static str],
    /// How running text names it ("tic-tac-toe").
    pub title: &'static str,
    /// The game in one line.
    pub summary: &'static str,
    /// The position notation `--position` takes, and the default position.
    pub notation: &'static str,
    /// An example position.
    pub example: &'static str,
    /// The options it takes.
    pub options: &'static [GameOption],
    /// The depth limit when `--depth` is not given (None: to the end of the game).
    pub default_depth: Option<u32>,
}

impl GameInfo {
    /// The entry's option of this kind, if the game takes it.
    pub fn option(&self, kind: OptionKind) -> Option<&'static GameOption> {
        self.options.iter().find(|o| o.kind == kind)
    }

    /// Whether `name` names this game (its name or an alias, ignoring case, `-` and `_`).
    pub fn is_called(&self, name: &str) -> bool {
        let key = normalise(name);
        std::iter::once(&self.name).chain(self.aliases).any(|n| normalise(n) == key)
    }
}

fn normalise(name: &str) -> String {
    name.to_ascii_lowercase().replace(['-', '_'], "")
}

/// The options of a game input as typed on the command line; the game checks the values.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameOptions {
    /// The position in the game's notation (None: the start position).
    pub position: Option<String>,
    /// `--eval`.
    pub eval: Option<String>,
    /// `--order`.
    pub order: Option<String>,
    /// `--notation`.
    pub notation: Option<String>,
    /// `--variant`.
    pub variant: Option<String>,
    /// `--size`.
    pub size: Option<String>,
    /// `--radius`.
    pub radius: Option<String>,
    /// `--pits`.
    pub pits: Option<String>,
    /// `--seeds`.
    pub seeds: Option<String>,
}

impl GameOptions {
    /// The value given for an option.
    pub fn get(&self, kind: OptionKind) -> Option<&str> {
        match kind {
            OptionKind::Eval => self.eval.as_deref(),
            OptionKind::Order => self.order.as_deref(),
            OptionKind::Notation => self.notation.as_deref(),
            OptionKind::Variant => self.variant.as_deref(),
            OptionKind::Size => self.size.as_deref(),
            OptionKind::Radius => self.radius.as_deref(),
            OptionKind::Pits => self.pits.as_deref(),
            OptionKind::Seeds => self.seeds.as_deref(),
        }
    }

    /// Sets the value of an option (`None` unsets it).
    pub fn set(&mut self, kind: OptionKind, value: Option<String>) {
        let slot = match kind {
            OptionKind::Eval => &mut self.eval,
            OptionKind::Order => &mut self.order,
            OptionKind::Notation => &mut self.notation,
            OptionKind::Variant => &mut self.variant,
            OptionKind::Size => &mut self.size,
            OptionKind::Radius => &mut self.radius,
            OptionKind::Pits => &mut self.pits,
            OptionKind::Seeds => &mut self.seeds,
        };
        *slot = value;
    }

    /// The whole-number option of `kind` for the game `info`, given or its default, checked
    /// against the entry's range ("--size takes a whole number from 5 to 19 for gomoku (the
    /// side of the board), not '20'"). The game must take the option as a number.
    pub fn number(&self, info: &GameInfo, kind: OptionKind) -> Result<u32, Error> {
        let (default, range) = match info.option(kind) {
            Some(GameOption { default, number: Some(range), .. }) => (*default, *range),
            _ => panic!("{} takes no number option {}: its entry says so", info.name, kind.word()),
        };
        let text = self.get(kind).unwrap_or(default).trim();
        match text.parse::<u32>() {
            Ok(n) if (range.min..=range.max).contains(&n) => Ok(n),
            _ => Err(Error::OutOfRange {
                option: kind,
                game: info.name,
                value: text.to_string(),
                min: range.min,
                max: range.max,
                meaning: range.help,
            }),
        }
    }

    /// The option of `kind` for the game `info`, given or its default, parsed by the game's own
    /// `FromStr` (whose message says what it expected). The game must take the option.
    pub fn parse<T: FromStr<Err = String>>(&self, info: &GameInfo, kind: OptionKind) -> Result<T, Error> {
        let default = info.option(kind).map(|o| o.default);
        let text = self.get(kind).or(default).unwrap_or_default();
        text.parse().map_err(|message| Error::BadValue { option: kind, game: info.name, message })
    }
}

/// A game abviz can search by name: the rules ([`Game`]) plus what the command line, the
/// listings and the pages need. Implemented by each game in its own file.
pub trait RegisteredGame: Game + Into<AnyGame> + fmt::Debug + Send + Sync + 'static {
    /// The registry entry.
    const INFO: GameInfo;

    /// A perft counter of the game's own, faster than the generic [`PerftReport::of_game`]
    /// (through the [`Game`] trait) that `abviz perft` uses otherwise.
    const PERFT: Option<PerftCounter<Self>> = None;

    /// The position `--position` names (or the start position), with the options applied. Only
    /// options the entry lists are ever given.
    fn build(options: &GameOptions) -> Result<Self, Error>;

    /// The options in use, as (kind, name of the value), one per option of the entry.
    fn settings(&self) -> Vec<(OptionKind, String)>;

    /// The board of a position given in the game's notation, as SVG (HTML pages draw the boards
    /// of a trace with it). None: no drawing, or the text does not parse.
    fn board_svg(_position: &str) -> Option<String> {
        None
    }

    /// [`RegisteredGame::board_svg`] with the last move marked: `before` is the position the
    /// move was played in (the views know both, whatever notation labels the move).
    fn board_svg_after(position: &str, _before: &str) -> Option<String> {
        Self::board_svg(position)
    }
}

/// Generic code to run with the type of a registered game (see [`GameId::visit`]).
pub trait GameVisitor {
    /// What it returns.
    type Output;
    /// Runs with the game type `G`.
    fn visit<G: RegisteredGame>(self) -> Self::Output;
}

/// Generic code to run on a position of a registered game (see [`AnyGame::visit`]).
pub trait PositionVisitor {
    /// What it returns.
    type Output;
    /// Runs on `position`.
    fn visit<G: RegisteredGame>(self, position: &G) -> Self::Output;
}

/// The game called `name` (its name or an alias); the error lists the games there are.
pub fn find(name: &str) -> Result<GameId, Error> {
    GameId::ALL
        .iter()
        .copied()
        .find(|g| g.info().is_called(name))
        .ok_or_else(|| Error::UnknownGame { name: name.to_string(), known: names(GameId::ALL) })
}

/// The games that take options of `kind`.
pub fn games_taking(kind: OptionKind) -> Vec<GameId> {
    GameId::ALL.iter().copied().filter(|g| g.info().option(kind).is_some()).collect()
}

/// "xiangqi", "xiangqi and nim", "tictactoe, xiangqi and nim".
pub fn names(games: &[GameId]) -> String {
    let names: Vec<&str> = games.iter().map(|g| g.info().name).collect();
    if names.is_empty() { "no game".into() } else { abviz_core::text::list(&names, "and") }
}

/// The games that take options of `kind`, in words: "xiangqi", "xiangqi and connect4", or
/// "every game".
pub fn takers(kind: OptionKind) -> String {
    let games = games_taking(kind);
    if games.len() == GameId::ALL.len() { "every game".to_string() } else { names(&games) }
}

/// The board of `position` in the notation of the game called `game` (a trace's game name), as
/// SVG; None for an unknown game, a game without a board drawing or text that does not parse.
pub fn board_svg(game: &str, position: &str) -> Option<String> {
    struct Board<'a>(&'a str);
    impl GameVisitor for Board<'_> {
        type Output = Option<String>;
        fn visit<G: RegisteredGame>(self) -> Option<String> {
            G::board_svg(self.0)
        }
    }
    find(game).ok()?.visit(Board(position))
}

/// [`board_svg`] with the move that led from `before` to `position` marked.
pub fn board_svg_after(game: &str, position: &str, before: &str) -> Option<String> {
    struct Board<'a>(&'a str, &'a str);
    impl GameVisitor for Board<'_> {
        type Output = Option<String>;
        fn visit<G: RegisteredGame>(self) -> Option<String> {
            G::board_svg_after(self.0, self.1)
        }
    }
    find(game).ok()?.visit(Board(position, before))
}

impl GameId {
    /// Builds the position `options` describe, after checking that the game takes every option
    /// given ("--order applies to xiangqi and connect4 (--game NAME), not to tictactoe").
    pub fn build(self, options: &GameOptions) -> Result<AnyGame, Error> {
        let info = self.info();
        for kind in OptionKind::ALL {
            if options.get(kind).is_some() && info.option(kind).is_none() {
                return Err(Error::OptionNotTaken { option: kind, game: info.name, takers: takers(kind) });
            }
        }
        struct Build<'a>(&'a GameOptions);
        impl GameVisitor for Build<'_> {
            type Output = Result<AnyGame, Error>;
            fn visit<G: RegisteredGame>(self) -> Result<AnyGame, Error> {
                G::build(self.0).map(Into::into)
            }
        }
        self.visit(Build(options))
    }

    /// Perft from the position `options` describe, `depth` plies deep (with `divide`: the count
    /// below each first move too), with the game's own counter if it has one.
    pub fn perft(self, options: &GameOptions, depth: u32, divide: bool) -> Result<PerftReport, Error> {
        self.perft_within(options, depth, divide, Budget::unlimited())
    }

    /// [`GameId::perft`] within `budget` (positions generated and time): a perft that would
    /// spend more stops with [`Error::PerftStopped`].
    pub fn perft_within(
        self,
        options: &GameOptions,
        depth: u32,
        divide: bool,
        budget: Budget,
    ) -> Result<PerftReport, Error> {
        struct Perft(u32, bool, Budget);
        impl PositionVisitor for Perft {
            type Output = Result<PerftReport, PerftStop>;
            fn visit<G: RegisteredGame>(mut self, position: &G) -> Result<PerftReport, PerftStop> {
                let count = G::PERFT.unwrap_or(PerftReport::of_game::<G>);
                count(position, self.0, self.1, &mut self.2)
            }
        }
        Ok(self.build(options)?.visit(Perft(depth, divide, budget))?)
    }
}

impl AnyGame {
    /// The position in the game's notation.
    pub fn notation(&self) -> String {
        struct Notation;
        impl PositionVisitor for Notation {
            type Output = String;
            fn visit<G: RegisteredGame>(self, position: &G) -> String {
                position.notation().unwrap_or_else(|| position.position_text())
            }
        }
        self.visit(Notation)
    }

    /// The options in use (see [`RegisteredGame::settings`]).
    pub fn settings(&self) -> Vec<(OptionKind, String)> {
        struct Settings;
        impl PositionVisitor for Settings {
            type Output = Vec<(OptionKind, String)>;
            fn visit<G: RegisteredGame>(self, position: &G) -> Self::Output {
                position.settings()
            }
        }
        self.visit(Settings)
    }

    /// Who is to move, and what the game calls that player and MAX ("X", "Red").
    pub fn mover(&self) -> (Player, &'static str, &'static str) {
        struct Mover;
        impl PositionVisitor for Mover {
            type Output = (Player, &'static str, &'static str);
            fn visit<G: RegisteredGame>(self, position: &G) -> Self::Output {
                let p = position.to_move();
                (p, position.player_name(p), position.player_name(Player::Max))
            }
        }
        self.visit(Mover)
    }

    /// Whether this is the game's start position (the one built without `--position`).
    pub fn is_start(&self) -> bool {
        let start = GameOptions::default();
        self.id().build(&start).is_ok_and(|s| s.notation() == self.notation())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::GameError;

    #[test]
    fn names_and_aliases() {
        assert_eq!(find("tictactoe").unwrap(), GameId::TicTacToe);
        assert_eq!(find("Tic-Tac-Toe").unwrap(), GameId::TicTacToe);
        assert_eq!(find("xq").unwrap(), GameId::Xiangqi);
        assert_eq!(find("chinese_chess").unwrap(), GameId::Xiangqi);
        assert_eq!(find("nim").unwrap(), GameId::Nim);
        assert_eq!(find("Connect-Four").unwrap(), GameId::Connect4);
        let err = find("chess").unwrap_err().to_string();
        assert!(err.contains("unknown game 'chess': abviz knows tictactoe, xiangqi, nim"), "{err}");
        let mut seen = std::collections::HashSet::new();
        for g in GameId::ALL {
            let info = g.info();
            for n in std::iter::once(&info.name).chain(info.aliases) {
                assert!(seen.insert(normalise(n)), "{n} names two games");
            }
        }
    }

    /// Every entry agrees with its game: the defaults are among the choices (or in the range)
    /// and are what a position built without options uses, every listed choice and both ends of
    /// a range build and report themselves, one past the range is refused, the example parses,
    /// and the start position draws (if the game draws boards).
    #[test]
    fn entries_match_their_games() {
        for &g in GameId::ALL {
            let info = g.info();
            let start = g.build(&GameOptions::default()).unwrap();
            let defaults: Vec<(OptionKind, String)> =
                info.options.iter().map(|o| (o.kind, o.default.to_string())).collect();
            assert_eq!(start.settings(), defaults, "{}", info.name);
            for o in info.options {
                let values: Vec<String> = match o.number {
                    None => o.choices.iter().map(|c| c.name.to_string()).collect(),
                    Some(r) => {
                        assert!(o.choices.is_empty(), "{}: a number has no named choices", info.name);
                        let mut opts = GameOptions::default();
                        opts.set(o.kind, Some((r.max + 1).to_string()));
                        let err = g.build(&opts).unwrap_err().to_string();
                        assert!(err.contains(&format!("from {} to {}", r.min, r.max)), "{err}");
                        vec![r.min.to_string(), r.max.to_string()]
                    }
                };
                assert!(
                    values.iter().any(|v| v == o.default)
                        || o.number.is_some_and(|r| o
                            .default
                            .parse()
                            .is_ok_and(|d: u32| (r.min..=r.max).contains(&d))),
                    "{}: default {}",
                    info.name,
                    o.default
                );
                for value in values {
                    let mut opts = GameOptions::default();
                    opts.set(o.kind, Some(value.clone()));
                    let built = g.build(&opts).unwrap_or_else(|e| panic!("{} {value}: {e}", info.name));
                    assert!(built.settings().contains(&(o.kind, value.clone())), "{} {value}", info.name);
                }
            }
            let example = GameOptions { position: Some(info.example.into()), ..Default::default() };
            let example = g.build(&example).unwrap_or_else(|e| panic!("{} example: {e}", info.name));
            assert!(!example.is_start() || info.example == start.notation());
            assert!(start.is_start());
            if let Some(svg) = board_svg(info.name, &start.notation()) {
                assert!(svg.starts_with("<svg"), "{}", info.name);
            }
        }
    }

    #[test]
    fn options_a_game_does_not_take_are_named() {
        let opts = GameOptions { order: Some("captures".into()), ..Default::default() };
        let err = GameId::TicTacToe.build(&opts).unwrap_err();
        assert!(
            matches!(err, GameError::OptionNotTaken { option: OptionKind::Order, game: "tictactoe", .. }),
            "{err:?}"
        );
        let err = err.to_string();
        assert!(err.starts_with("the order option applies to xiangqi"), "{err}");
        assert!(err.ends_with(", not to tictactoe"), "{err}");
        let opts = GameOptions { size: Some("9".into()), ..Default::default() };
        let err = GameId::Xiangqi.build(&opts).unwrap_err().to_string();
        assert!(err.starts_with("the size option applies to "), "{err}");
        assert!(err.ends_with(", not to xiangqi"), "{err}");
        // Perft works for every game: with its own counter or through the Game trait.
        for &g in GameId::ALL {
            let report = g.perft(&GameOptions::default(), 1, false).unwrap();
            assert!(report.nodes > 0, "{}", g.info().name);
        }
        assert_eq!(names(&[]), "no game");
    }
}
