//! How a comparison is shown, beside its format: the table's layout ([`Layout`]) and what the
//! charts and the wide table count ([`Measure`]), read and checked once here for every front
//! end.

use super::OutputFormat;
use super::report::{AlgoResult, Summary};
use crate::refusal::{Opt, RequestError, quoted};

/// What a chart or a wide table counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Measure {
    /// Nodes visited, root included.
    Nodes,
    /// Leaves evaluated (static evaluations).
    Leaves,
}

/// The words a chart of one measure uses.
pub(crate) struct ChartWords {
    /// "Leaves", "Nodes": titles.
    pub title: &'static str,
    /// The caption's first words.
    pub counted: &'static str,
    /// The y axis.
    pub axis: &'static str,
    /// A bar chart's title.
    pub bar_title: &'static str,
    /// "evaluates", "visits".
    pub verb_one: &'static str,
    /// "evaluate", "visit".
    pub verb_many: &'static str,
    /// What coinciding lines share.
    pub same: &'static str,
    /// The Knuth–Moore reference line's name and what lying on it means.
    pub km_name: &'static str,
    pub km_what: &'static str,
    /// The full tree's reference line's name and what lying on it means.
    pub full_name: &'static str,
    pub full_what: &'static str,
}

impl Measure {
    /// "nodes", "leaves".
    pub fn name(self) -> &'static str {
        match self {
            Measure::Nodes => "nodes",
            Measure::Leaves => "leaves",
        }
    }

    /// The count of `r` it shows.
    pub fn of(self, r: &AlgoResult) -> &Summary {
        match self {
            Measure::Nodes => &r.nodes,
            Measure::Leaves => &r.leaves,
        }
    }

    pub(crate) fn chart_words(self) -> ChartWords {
        match self {
            Measure::Leaves => ChartWords {
                title: "Leaves",
                counted: "Leaves evaluated (static evaluations)",
                axis: "leaves evaluated",
                bar_title: "Leaves evaluated",
                verb_one: "evaluates",
                verb_many: "evaluate",
                same: "evaluate the same leaves",
                km_name: "Knuth–Moore minimum",
                km_what: "exactly the Knuth–Moore minimum",
                full_name: "bᵈ (full tree)",
                full_what: "all bᵈ leaves",
            },
            Measure::Nodes => ChartWords {
                title: "Nodes",
                counted: "Nodes visited (root included)",
                axis: "nodes visited",
                bar_title: "Nodes visited",
                verb_one: "visits",
                verb_many: "visit",
                same: "visit the same nodes",
                km_name: "minimal tree",
                km_what: "exactly the minimal tree's nodes",
                full_name: "full tree",
                full_what: "every node of the full tree",
            },
        }
    }
}

/// Reads `nodes`, `leaves` or `nodes,leaves` (in the order given; each once).
pub fn parse_measures(text: &str) -> Result<Vec<Measure>, RequestError> {
    let mut out = Vec::new();
    for word in text.split(',').map(str::trim) {
        let m = match word {
            "nodes" => Measure::Nodes,
            "leaves" => Measure::Leaves,
            other => {
                let why = format!(
                    "{{self}}: unknown count {}: expected nodes, leaves or nodes,leaves",
                    quoted(other).replace('{', "{{").replace('}', "}}")
                );
                return Err(RequestError::new(Opt::Measure, Some(quoted(text)), why));
            }
        };
        if out.contains(&m) {
            let why = format!("{{self}}: {} is listed twice", m.name());
            return Err(RequestError::new(Opt::Measure, Some(quoted(text)), why));
        }
        out.push(m);
    }
    Ok(out)
}

/// How a comparison's table is laid out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Layout {
    /// A line per input and algorithm, every count in its column.
    #[default]
    Long,
    /// A line per input, the algorithms as columns, one table per count ([`Measure`]).
    Wide,
}

impl std::str::FromStr for Layout {
    type Err = RequestError;
    fn from_str(s: &str) -> Result<Layout, RequestError> {
        match s.trim() {
            "long" => Ok(Layout::Long),
            "wide" => Ok(Layout::Wide),
            _ => Err(RequestError::new(
                Opt::Layout,
                Some(quoted(s)),
                "{self}: expected long (a line per input and algorithm) or wide (the algorithms as columns)",
            )),
        }
    }
}

/// A comparison's format with its layout and counts, checked to fit together.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Presentation {
    /// The format.
    pub format: OutputFormat,
    /// The table's layout (LaTeX's is always wide; CSV and JSON have none).
    pub layout: Layout,
    /// What the charts and the wide table count, in order.
    pub measures: Vec<Measure>,
}

impl Presentation {
    /// The format as it always was: the long table; the HTML page's charts of leaves; the
    /// chart picture and the LaTeX table of nodes, then leaves.
    pub fn usual(format: OutputFormat) -> Presentation {
        let (layout, measures) = match format {
            OutputFormat::Html => (Layout::Long, vec![Measure::Leaves]),
            OutputFormat::Latex => (Layout::Wide, vec![Measure::Nodes, Measure::Leaves]),
            _ => (Layout::Long, vec![Measure::Nodes, Measure::Leaves]),
        };
        Presentation { format, layout, measures }
    }

    /// `format` with the layout and counts asked for (`None`: the format's usual ones),
    /// refusing what the format does not have: a layout for CSV, JSON, HTML and the charts, a
    /// long LaTeX table, counts for the long table, CSV and JSON (they show every count).
    pub fn new(
        format: OutputFormat,
        layout: Option<Layout>,
        measures: Option<Vec<Measure>>,
    ) -> Result<Presentation, RequestError> {
        let mut p = Presentation::usual(format);
        let not_for = |option: Opt, takes: &str| {
            RequestError::new(
                option,
                None,
                format!("{{self}} applies to {takes}, not to {{format}} {format}"),
            )
        };
        if let Some(layout) = layout {
            match format {
                OutputFormat::Table | OutputFormat::Markdown => p.layout = layout,
                OutputFormat::Latex if layout == Layout::Wide => {}
                OutputFormat::Latex => {
                    return Err(RequestError::new(
                        Opt::Layout,
                        Some("long".into()),
                        "{self}: the LaTeX table is the wide one (a line per input, the algorithms as columns)",
                    ));
                }
                _ => return Err(not_for(Opt::Layout, "the tables (table, md and latex)")),
            }
        }
        if let Some(measures) = measures {
            let shows_counts = matches!(format, OutputFormat::Html | OutputFormat::Svg | OutputFormat::Latex)
                || p.layout == Layout::Wide;
            if !shows_counts {
                let takes = "the charts (html, svg, pdf), the LaTeX table and {layout} wide";
                return Err(not_for(Opt::Measure, takes));
            }
            p.measures = measures;
        }
        Ok(p)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_and_layouts_are_read_and_checked_once() {
        assert_eq!(parse_measures("leaves, nodes").unwrap(), [Measure::Leaves, Measure::Nodes]);
        let e = parse_measures("nodes,edges").unwrap_err();
        assert_eq!((e.option, e.value.as_deref()), (Opt::Measure, Some("'nodes,edges'")));
        assert!(e.template.contains("unknown count 'edges'"), "{}", e.template);
        assert!(parse_measures("nodes,nodes").unwrap_err().template.contains("listed twice"));
        assert_eq!("wide".parse::<Layout>().unwrap(), Layout::Wide);
        assert_eq!("tall".parse::<Layout>().unwrap_err().option, Opt::Layout);
        let p = Presentation::new(OutputFormat::Table, Some(Layout::Wide), None).unwrap();
        assert_eq!(p.measures, [Measure::Nodes, Measure::Leaves]);
        assert_eq!(Presentation::usual(OutputFormat::Html).measures, [Measure::Leaves]);
        let e = Presentation::new(OutputFormat::Csv, Some(Layout::Wide), None).unwrap_err();
        assert_eq!(e.to_string(), "layout applies to the tables (table, md and latex), not to format csv");
        let e = Presentation::new(OutputFormat::Table, None, Some(vec![Measure::Nodes])).unwrap_err();
        assert_eq!(e.option, Opt::Measure);
        assert!(Presentation::new(OutputFormat::Latex, Some(Layout::Long), None).is_err());
    }
}
