//! Formats as data: each exporter says what its format is called, which file extensions name
//! it and what kind of output it makes ([`FormatInfo`]); [`formats!`](crate::formats) lists the
//! exporters once and makes the [`Format`](crate::Format) enum from the list. The command line
//! reads everything it needs from here — which flags apply, what `-o out.svg` means, whether to
//! fit a picture to a width, how to write — and keeps no lists of its own. A new format is one
//! file (its exporter and its `INFO`) and one line in the list.

use crate::{DrawError, Output, ViewOptions};
use abviz_trace::Trace;
use std::io::Write;

/// What kind of output a format makes: it decides which options apply and how it is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Text about the trace, not a picture of the tree (the annotated tree, the JSON trace):
    /// the diagram options do not apply.
    Report,
    /// A picture of the tree (DOT, SVG, TikZ, forest, PNG, PDF): the diagram options apply, and
    /// a tree too wide for a page is collapsed to fit.
    Picture,
    /// A folder holding a page and the pictures beside it: the diagram options apply, nothing is
    /// collapsed (the page zooms).
    Page,
}

/// What a format is.
#[derive(Clone, Copy, Debug)]
pub struct FormatInfo {
    /// Its name (`--format NAME`).
    pub name: &'static str,
    /// Other spellings accepted for the name.
    pub aliases: &'static [&'static str],
    /// What it writes, in a sentence.
    pub help: &'static [&'static str],
    /// The file extensions that name it (`-o tree.svg`), lower case, first the usual one; a
    /// format shares an extension with an earlier one only if the extension's file may hold
    /// either (both LaTeX forms are `.tex`; the first one listed is what the extension means).
    pub extensions: &'static [&'static str],
    /// What kind of output it makes.
    pub kind: Kind,
    /// Whether its output is binary (never written to a terminal).
    pub binary: bool,
    /// Whether it writes as it produces ([`Exporter::write_to`]), so that an output much bigger
    /// than the trace is never held in memory whole.
    pub streams: bool,
    /// Whether it can draw each node's board picture in the node (`ViewOptions::boards`).
    pub boards: bool,
}

impl FormatInfo {
    /// Whether the diagram options (`labels`, `show_pruned`, …) apply to it.
    pub fn is_diagram(&self) -> bool {
        self.kind != Kind::Report
    }
}

/// One output format: renders a trace, or says why this trace or these options cannot be
/// rendered. An exporter only reads the trace: it never searches or decides what was pruned.
pub trait Exporter: Sync {
    /// The output, made whole.
    fn export(&self, trace: &Trace, opts: &ViewOptions) -> Result<Output, DrawError>;

    /// Writes the output into `out`. By default [`Exporter::export`] and then its bytes;
    /// formats that stream ([`FormatInfo::streams`]) write as they produce.
    fn write_to(&self, trace: &Trace, opts: &ViewOptions, out: &mut dyn Write) -> Result<(), DrawError> {
        let written = match self.export(trace, opts)? {
            Output::Text(text) => out.write_all(text.as_bytes()),
            Output::Bytes(bytes) => out.write_all(&bytes),
            Output::Folder(_) => return Err(DrawError::NotAFile),
        };
        written.map_err(DrawError::Write)
    }
}

/// Declares the formats: the default one, then `Variant => module::Exporter`, each exporter
/// with an inherent `INFO: FormatInfo`. Makes [`Format`](crate::Format) with its [`Named`](abviz_core::Named)
/// names (from each `INFO`), `FromStr` and `Display`.
#[macro_export]
#[doc(hidden)]
macro_rules! formats {
    ($default:ident; $($variant:ident => $module:ident :: $exporter:ident),+ $(,)?) => {
        /// The formats a trace can be written in, one per exporter (see [`FormatInfo`]).
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Format {
            $(
                #[doc = concat!("Written by [`", stringify!($exporter), "`].")]
                $variant,
            )+
        }

        impl Default for Format {
            fn default() -> Format {
                Format::$default
            }
        }

        impl Format {
            /// Every format, in the order they are listed to users.
            pub const ALL: [Format; [$(stringify!($variant)),+].len()] = [$(Format::$variant),+];

            /// What the format is.
            pub fn info(self) -> &'static FormatInfo {
                match self {
                    $(Format::$variant => &$module::$exporter::INFO,)+
                }
            }

            /// Its exporter.
            pub fn exporter(self) -> &'static dyn Exporter {
                match self {
                    $(Format::$variant => &$module::$exporter,)+
                }
            }

            /// Its name (`--format NAME`).
            pub fn name(self) -> &'static str {
                self.info().name
            }

            /// Renders `trace` (see [`Exporter::export`]).
            pub fn export(self, trace: &abviz_trace::Trace, opts: &ViewOptions) -> Result<Output, DrawError> {
                self.exporter().export(trace, opts)
            }

            /// The format a file extension names (`"svg"`, any case), if any.
            pub fn of_extension(ext: &str) -> Option<Format> {
                let ext = ext.to_ascii_lowercase();
                Format::ALL.into_iter().find(|f| f.info().extensions.contains(&ext.as_str()))
            }
        }

        impl abviz_core::Named for Format {
            const ALL: &'static [Format] = &Format::ALL;
            fn name(self) -> &'static str {
                self.info().name
            }
            fn aliases(self) -> &'static [&'static str] {
                self.info().aliases
            }
            fn help_lines(self) -> &'static [&'static str] {
                self.info().help
            }
        }

        impl std::str::FromStr for Format {
            type Err = abviz_core::UnknownName;
            fn from_str(s: &str) -> Result<Format, abviz_core::UnknownName> {
                <Format as abviz_core::Named>::from_name(s).ok_or_else(|| abviz_core::UnknownName {
                    what: "format",
                    text: s.to_string(),
                    expected: <Format as abviz_core::Named>::names_in_words(),
                })
            }
        }

        impl std::fmt::Display for Format {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.name())
            }
        }
    };
}
