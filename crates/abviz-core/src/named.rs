//! [`Named`]: a closed set of choices (an algorithm, a format, a drawing style) with the name
//! files and the command line use, its other spellings and a line of help, declared once with
//! [`named!`](crate::named!). The command line builds its value parsers and its help from the
//! same table, so a choice's spellings are never listed twice.

/// A closed set of choices, each with a name, other spellings and help.
pub trait Named: Sized + Copy + PartialEq + 'static {
    /// Every choice, in the order they are listed to users.
    const ALL: &'static [Self];

    /// The name (what files store and the command line shows).
    fn name(self) -> &'static str;

    /// Other spellings accepted when reading a name.
    fn aliases(self) -> &'static [&'static str];

    /// What the choice does, as the lines of its documentation.
    fn help_lines(self) -> &'static [&'static str];

    /// What the choice does, in one paragraph.
    fn help(self) -> String {
        let lines: Vec<&str> = self.help_lines().iter().map(|l| l.trim()).collect();
        lines.join(" ")
    }

    /// The choice called `text`: its name or an alias, ignoring case, with `_` and spaces read
    /// as `-`.
    fn from_name(text: &str) -> Option<Self> {
        let norm = normalize(text);
        Self::ALL
            .iter()
            .copied()
            .find(|c| normalize(c.name()) == norm || c.aliases().iter().any(|a| normalize(a) == norm))
    }

    /// Every name, for messages: "minimax, alphabeta or pvs".
    fn names_in_words() -> String {
        let names: Vec<&str> = Self::ALL.iter().map(|c| c.name()).collect();
        crate::text::list(&names, "or")
    }
}

/// `text` as names compare: lower case, `_` and spaces as `-`.
fn normalize(text: &str) -> String {
    text.trim().to_ascii_lowercase().replace(['_', ' '], "-")
}

/// Why a name was not read: the text and what it should have been.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown {what} '{}': expected {expected}", crate::safe_text::for_terminal(text))]
pub struct UnknownName {
    /// What kind of choice ("algorithm", "format").
    pub what: &'static str,
    /// The text given.
    pub text: String,
    /// The names there are, in words.
    pub expected: String,
}

/// Declares an enum of choices with their names, other spellings and documentation in one
/// place, and implements [`Named`], `FromStr` (error: [`UnknownName`]), `Display` and serde (the
/// name; reading takes the other spellings too) and, with `, default VARIANT` after the kind's
/// word, `Default`. Each variant's doc comment is its help; `= "name" | "alias" | …` its names.
///
/// ```
/// abviz_core::named! {
///     /// How to draw a tree.
///     #[derive(Clone, Copy, Debug, PartialEq, Eq)]
///     pub enum Direction: "direction", default TopBottom {
///         /// Root at the top.
///         TopBottom = "TB" | "tb" | "top-bottom",
///         /// Root at the left.
///         LeftRight = "LR" | "lr",
///     }
/// }
/// use abviz_core::Named;
/// assert_eq!("top_bottom".parse::<Direction>(), Ok(Direction::TopBottom));
/// assert_eq!(Direction::LeftRight.to_string(), "LR");
/// assert_eq!(Direction::TopBottom.help(), "Root at the top.");
/// assert_eq!(Direction::default(), Direction::TopBottom);
/// assert!("up".parse::<Direction>().unwrap_err().to_string().contains("expected TB or LR"));
/// ```
#[macro_export]
macro_rules! named {
    (
        $(#[$enum_attr:meta])*
        $vis:vis enum $name:ident : $what:literal $(, default $default:ident)? {
            $(
                $(#[doc = $doc:literal])+
                $variant:ident = $text:literal $(| $alias:literal)*
            ),+ $(,)?
        }
    ) => {
        $(#[$enum_attr])*
        $vis enum $name {
            $(
                $(#[doc = $doc])+
                $variant,
            )+
        }

        $(
            impl Default for $name {
                fn default() -> Self {
                    $name::$default
                }
            }
        )?

        impl $crate::serde::Serialize for $name {
            fn serialize<S: $crate::serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_str(self.name())
            }
        }

        impl<'de> $crate::serde::Deserialize<'de> for $name {
            fn deserialize<D: $crate::serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                let text = <::std::borrow::Cow<'de, str> as $crate::serde::Deserialize>::deserialize(d)?;
                text.parse().map_err(<D::Error as $crate::serde::de::Error>::custom)
            }
        }

        impl $name {
            /// Every choice, in the order they are listed to users.
            pub const ALL: [$name; [$(stringify!($variant)),+].len()] = [$($name::$variant),+];

            /// The name (what files store and the command line shows).
            pub fn name(self) -> &'static str {
                match self { $($name::$variant => $text,)+ }
            }
        }

        impl $crate::Named for $name {
            const ALL: &'static [Self] = &$name::ALL;
            fn name(self) -> &'static str {
                $name::name(self)
            }
            fn aliases(self) -> &'static [&'static str] {
                match self { $($name::$variant => &[$($alias),*],)+ }
            }
            fn help_lines(self) -> &'static [&'static str] {
                match self { $($name::$variant => &[$($doc),+],)+ }
            }
        }

        impl ::std::str::FromStr for $name {
            type Err = $crate::UnknownName;
            fn from_str(s: &str) -> Result<Self, $crate::UnknownName> {
                <$name as $crate::Named>::from_name(s).ok_or_else(|| $crate::UnknownName {
                    what: $what,
                    text: s.to_string(),
                    expected: <$name as $crate::Named>::names_in_words(),
                })
            }
        }

        impl ::std::fmt::Display for $name {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                f.write_str($crate::Named::name(*self))
            }
        }
    };
}

/// The message, for callers that collect messages as text.
impl From<UnknownName> for String {
    fn from(e: UnknownName) -> String {
        e.to_string()
    }
}
