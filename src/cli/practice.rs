//! `abviz practice`: the practice page and its solution pages, written into a folder.

use super::args::PracticeArgs;
use super::usage;
use abviz::Error;
use abviz::exercise::{check_algorithm, practice_set};
use abviz::export::Output;
use abviz::export::practice::{PracticeTree, practice_site};

/// The most generated trees per difficulty.
pub const MAX_COUNT: u32 = 100;

/// Generated trees per difficulty by default.
pub const DEFAULT_COUNT: u32 = 8;

/// Runs `abviz practice`.
pub fn practice(args: PracticeArgs) -> Result<(), Error> {
    check_algorithm(args.algo)?;
    let count = args.count.unwrap_or(DEFAULT_COUNT);
    if count == 0 || count > MAX_COUNT {
        return Err(usage(format!("--count {count}: give 1 to {MAX_COUNT} trees per difficulty")));
    }
    if args.tree.is_none() && args.tree_file.is_none() && args.root.is_some() {
        return Err(usage("--root applies to a given tree (--tree or --tree-file)"));
    }
    let mut first = super::exercise::given_tree(args.tree.as_deref(), args.tree_file.as_deref(), args.root)?;
    if let Some(bounds) = super::input::star_bounds(args.algo, args.bounds.as_deref())? {
        let Some((spec, _)) = &mut first else {
            return Err(usage(
                "--bounds applies to a given tree (--tree or --tree-file); generated trees' leaf bounds are 0..10",
            ));
        };
        spec.bounds = Some(bounds);
    }
    let set = practice_set(first, args.algo, args.ties.unwrap_or_default(), args.seed.unwrap_or(1), count)?;
    let trees: Vec<PracticeTree> =
        set.iter().map(|(group, ex)| PracticeTree { exercise: ex.drawn(), group: group.clone() }).collect();
    let files = practice_site(&trees, None);
    let written = abviz::output::write(&Output::Folder(files), Some(&args.out))?;
    if let Some(index) = written {
        super::say(&format!("Wrote {} trees to practice with: open {}\n", trees.len(), index.display()));
    }
    Ok(())
}
