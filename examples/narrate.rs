//! Prints the narration of every step of a search: `cargo run --example narrate -- TREE [ALGO]`.

use abviz::input::{Input, RunOptions};
use abviz::search::Algorithm;
use abviz::trace::{narration::narrate, pseudocode};

fn main() {
    let mut args = std::env::args().skip(1);
    let tree = args.next().unwrap_or_else(|| "A:(B:(3 12 8) C:(2 4 6) D:(14 5 2))".into());
    let algo: Algorithm = args.next().as_deref().unwrap_or("alphabeta").parse().unwrap_or_default();
    let input = match Input::from_tree_text(&tree, None) {
        Ok(i) => i,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(1);
        }
    };
    let trace = input.trace(algo, &RunOptions::default()).expect("small tree");
    let lines = pseudocode::lines(&trace);
    for step in 0..trace.events().len() {
        let line = pseudocode::line_for(&trace, step);
        println!("{:>3}  {}\n       │ {}", step + 1, narrate(&trace, step), lines[line].trim());
    }
}
