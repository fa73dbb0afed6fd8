//! The check's verdict written out: in words, as JSON for programs, and as a page with the
//! figure and both searches drawn side by side.

use super::{Counting, Verdict, convention_words, figure};
use crate::export::{DrawError, Format, ViewOptions};
use abviz_core::Ties;
use abviz_core::text::escape_xml;
use abviz_trace::Trace;
use serde_json::json;

/// One line: "agrees with fail-hard alpha-beta" or "differs from … at line 7".
pub fn headline(v: &Verdict) -> String {
    let algo = convention_words(v.algo, v.ties);
    match &v.comparison.first_divergence {
        None if v.count == Counting::Leaves => {
            format!("Your search evaluates the leaves {algo} evaluates, in the same order.")
        }
        None => format!("Your search agrees with {algo}, node for node."),
        Some(d) if d.line > 0 => format!("Your search leaves {algo} at line {} of the log.", d.line),
        Some(_) => format!("Your search leaves {algo}."),
    }
}

/// The verdict in words.
pub fn text(v: &Verdict) -> String {
    let c = &v.comparison;
    let mut out = headline(v);
    out.push('\n');
    if let Some(d) = &c.first_divergence {
        let at = if d.node.is_empty() { "the root".to_string() } else { d.node.clone() };
        out.push_str(&format!("At {at}: {}.\n", d.reason));
    }
    if let Some(note) = v.convention() {
        out.push_str(&format!("Note: {note}.\n"));
    }
    let (what, values) = match v.count {
        Counting::Nodes => ("Nodes entered", "returned values"),
        Counting::Leaves => ("Leaves evaluated", "values"),
    };
    out.push_str(&format!(
        "{what}: {} by your search, {} by {}; {} only in your log, {} only in the reference, {} {values} differ.\n",
        c.log_entries,
        c.reference_entries,
        convention_words(v.algo, v.ties),
        c.extra_nodes,
        c.missing_nodes,
        c.differing_values
    ));
    out
}

/// The verdict as JSON: `agree`, `first_divergence` (`node`, `line`, `reason`, or null), the
/// counts, and the conventions the log follows instead.
pub fn json(v: &Verdict) -> String {
    let c = &v.comparison;
    let value = json!({
        "agree": v.agree(),
        "algorithm": v.algo.to_string(),
        "first_divergence": c.first_divergence,
        "extra_nodes": c.extra_nodes,
        "missing_nodes": c.missing_nodes,
        "differing_values": c.differing_values,
        "log_entries": c.log_entries,
        "reference_entries": c.reference_entries,
        "ties": v.ties.to_string(),
        "count": v.count.to_string(),
        "matches": v.matches.iter().map(|&(a, t)| if t == Ties::Keep { format!("{a} --ties keep") } else { a.to_string() }).collect::<Vec<_>>(),
        "convention": v.convention(),
    });
    let mut s = serde_json::to_string_pretty(&value).unwrap_or_default();
    s.push('\n');
    s
}

/// One self-contained page: the verdict, the figure of both searches, and the log's search
/// (`mine`) drawn beside the reference's; `program`, if given, is the source of the program that
/// wrote the log (its title and text), shown below.
pub fn page(
    v: &Verdict,
    mine: &Trace,
    reference: &Trace,
    program: Option<(&str, &str)>,
) -> Result<String, DrawError> {
    let opts = ViewOptions::default();
    let svg_of = |t: &Trace| -> Result<String, DrawError> {
        match Format::Svg.export(t, &opts)? {
            crate::export::Output::Text(s) => Ok(s),
            _ => Ok(String::new()),
        }
    };
    let (left, right) = (svg_of(mine)?, svg_of(reference)?);
    let title = headline(v);
    let mut body = format!("<h1>{}</h1>\n", escape_xml(&title));
    if let Some(d) = &v.comparison.first_divergence {
        let at = if d.node.is_empty() { "the root".to_string() } else { d.node.clone() };
        body.push_str(&format!(
            "<p class=\"reason\"><b>At {}{}:</b> {}.</p>\n",
            escape_xml(&at),
            if d.line > 0 { format!(" (log line {})", d.line) } else { String::new() },
            escape_xml(&d.reason)
        ));
    }
    if let Some(note) = v.convention() {
        body.push_str(&format!("<p class=\"note\">Note: {}.</p>\n", escape_xml(&note)));
    }
    let c = &v.comparison;
    body.push_str(&format!(
        "<p>{} only in your log, {} only in the reference, {} returned values differ.</p>\n",
        c.extra_nodes, c.missing_nodes, c.differing_values
    ));
    body.push_str(&format!("<figure>{}</figure>\n", figure::svg(c, "Both searches: who visited each node")));
    body.push_str(&format!(
        "<div class=\"pair\"><figure><figcaption>Your search</figcaption>{left}</figure><figure><figcaption>{}</figcaption>{right}</figure></div>\n",
        escape_xml(&format!("abviz: {}", convention_words(v.algo, v.ties)))
    ));
    if let Some((name, code)) = program {
        body.push_str(&format!("<h2>{}</h2>\n<pre>{}</pre>\n", escape_xml(name), escape_xml(code)));
    }
    Ok(format!(
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>{}</title><style>body{{font-family:sans-serif;margin:1.5em;max-width:1400px}}.reason{{font-size:1.15em}}.pair{{display:flex;gap:1em;flex-wrap:wrap}}.pair figure{{flex:1;min-width:400px;margin:0}}svg{{max-width:100%;height:auto}}figcaption{{font-weight:bold}}</style></head><body>\n{body}</body></html>\n",
        escape_xml(&title)
    ))
}
