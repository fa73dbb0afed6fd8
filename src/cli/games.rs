//! `abviz games`: every registered game with its notation, options and an example.

use super::say;
use abviz::game::registry::{GameId, GameInfo};

/// Runs `abviz games`.
pub fn games() {
    let mut s = String::from("Games abviz can search (--game NAME --position POS):\n");
    for g in GameId::ALL {
        s.push('\n');
        s.push_str(&entry(g.info()));
    }
    s.push_str(
        "\nExplicit trees: --tree '((3 12 8) (2 4 6) (14 5 2))' (see README), random trees: --random B,D[,SEED].\n",
    );
    say(&s);
}

/// One game's paragraph.
fn entry(info: &GameInfo) -> String {
    let mut s = format!("{} — {}: {}\n", info.name, info.title, info.summary);
    if !info.aliases.is_empty() {
        s.push_str(&format!("  also:     {}\n", info.aliases.join(", ")));
    }
    s.push_str(&format!("  position: {}\n", info.notation));
    s.push_str(&format!("  example:  --game {} --position '{}'\n", info.name, info.example));
    let depth = info.default_depth.map_or("to the end of the game".into(), |d| format!("{d} plies"));
    s.push_str(&format!("  depth:    {depth} unless --depth\n"));
    for option in info.options {
        if let Some(r) = option.number {
            let (flag, default) = (super::words::flag(option.kind), option.default);
            s.push_str(&format!("  {flag} N: {}, {} to {} (default {default})\n", r.help, r.min, r.max));
            continue;
        }
        s.push_str(&format!("  {}:\n", super::words::flag(option.kind)));
        for c in option.choices {
            let default = if c.name == option.default { " (default)" } else { "" };
            s.push_str(&format!("    {:<14} {}{default}\n", c.name, c.help));
        }
    }
    s
}
