//! `abviz exercise`: exercise sheets and answer keys, written into a folder.

use super::args::{ExerciseArgs, ExerciseSource};
use super::input::read_text;
use super::usage;
use abviz::Error;
use abviz::exercise::{Difficulty, Exercise, Generator, mixed};
use abviz::export::Output;
use abviz::export::sheet::{Paper, SheetOptions, sheets};
use abviz::game::Player;
use abviz::game::tree::TreeSpec;
use abviz::input::Input;
use std::path::Path;

/// The most exercises one sheet series holds.
pub const MAX_COUNT: u32 = 200;

/// Runs `abviz exercise`.
pub fn exercise(args: ExerciseArgs) -> Result<(), Error> {
    if args.count == 0 || args.count > MAX_COUNT {
        return Err(usage(format!("--count {}: give 1 to {MAX_COUNT} exercises", args.count)));
    }
    let exercises = exercises(&args.source, args.count)?;
    let opts = SheetOptions {
        paper: args.paper.unwrap_or_default(),
        windows: args.windows,
        style: args.style.unwrap_or_default(),
        pdf: !args.no_pdf,
    };
    let drawn: Vec<_> = exercises.iter().map(|e| e.drawn()).collect();
    if !args.no_pdf {
        abviz::output::clean_stale_tex_folders();
    }
    let made = sheets(&drawn, &opts)?;
    if made.no_pdflatex {
        super::note(
            "abviz: pdflatex is not installed: wrote the SVG and .tex files (compile them with pdflatex)",
        );
    }
    for &(n, mm) in &made.short_blanks {
        super::note(&format!(
            "abviz: exercise {n}'s tree is too big to write in by hand on one {} page: its window blanks print {mm:.1} mm long (under 8 mm); a smaller tree (--random B,D, --difficulty) prints them larger",
            match opts.paper {
                Paper::A4 => "A4",
                Paper::Letter => "Letter",
            }
        ));
    }
    let names: Vec<&str> = made.files.iter().map(|f| f.path.as_str()).collect();
    abviz::output::write(&Output::Folder(made.files.clone()), Some(&args.out))?;
    super::say(&format!("Wrote {}: {}\n", args.out.display(), names.join(", ")));
    Ok(())
}

/// The exercises the flags ask for: the given tree, or `count` generated ones.
pub fn exercises(s: &ExerciseSource, count: u32) -> Result<Vec<Exercise>, Error> {
    if let Some((spec, root)) = given_tree(s.tree.as_deref(), s.tree_file.as_deref(), s.root)? {
        for (set, flag) in [
            (s.difficulty.is_some(), "--difficulty"),
            (s.seed.is_some(), "--seed"),
            (s.values.is_some(), "--values"),
            (count > 1, "--count"),
        ] {
            if set {
                return Err(usage(format!(
                    "{flag} applies to generated trees (--random B,D or --difficulty); a given tree is the one exercise"
                )));
            }
        }
        let spec = with_bounds(spec, s)?;
        return Ok(vec![Exercise::of_tree_with(spec, root, s.algo, s.ties.unwrap_or_default())?]);
    }
    if s.bounds.is_some() {
        return Err(usage(
            "--bounds applies to a given tree (--tree or --tree-file); generated trees' leaf bounds are their --values",
        ));
    }
    mixed::series(&generators(s)?, count)
}

/// The tree with the leaf bounds of `--bounds`, which only Star1 and Star2 prune with.
fn with_bounds(mut spec: TreeSpec, s: &ExerciseSource) -> Result<TreeSpec, Error> {
    if let Some(bounds) = super::input::star_bounds(s.algo, s.bounds.as_deref())? {
        spec.bounds = Some(bounds);
    }
    Ok(spec)
}

/// The tree of `--tree TEXT` or `--tree-file FILE`, if one is given, with who moves at its root.
pub fn given_tree(
    tree: Option<&str>,
    file: Option<&Path>,
    root: Option<Player>,
) -> Result<Option<(TreeSpec, Player)>, Error> {
    let text = match (tree, file) {
        // `--tree aima`: a named tree.
        (Some(t), _) => abviz::game::named_trees::notation(t).to_string(),
        (None, Some(path)) => read_text(path)?,
        (None, None) => return Ok(None),
    };
    match Input::from_tree_text(&text, root)? {
        Input::Tree { spec, root } => Ok(Some((spec, root))),
        Input::Explicit(tree) => Ok(Some((tree.to_spec(), tree.root_player()))),
        _ => unreachable!("a tree text gives a tree"),
    }
}

/// The generators of `--random B,D`, `--difficulty`, `--seed` and `--values`: one per
/// difficulty listed (`--difficulty easy,medium,hard`), each drawing from the same seed.
pub fn generators(s: &ExerciseSource) -> Result<Vec<Generator>, Error> {
    if s.random.is_none() && s.difficulty.is_none() {
        return Err(usage(
            "no trees: give --tree '((3 12 8) (2 4 6) (14 5 2))', --tree-file FILE, --random B,D or --difficulty easy|medium|hard",
        ));
    }
    let (shape, seed) = match &s.random {
        Some(text) => {
            let (branching, depth, in_text) = abviz::request::random_shape(text)?;
            let in_text = (text.split(',').count() == 3).then_some(in_text);
            if let (Some(a), Some(b)) = (in_text, s.seed)
                && a != b
            {
                return Err(usage(format!("--random {text} says seed {a} but --seed says {b}: give one")));
            }
            (Some((branching, depth)), in_text.or(s.seed).unwrap_or(1))
        }
        None => (None, s.seed.unwrap_or(1)),
    };
    let levels: Vec<Option<Difficulty>> = match &s.difficulty {
        Some(text) => mixed::parse_difficulties(text)?.into_iter().map(Some).collect(),
        None => vec![None],
    };
    levels
        .into_iter()
        .map(|level| {
            let mut g = Generator::new(level, shape, s.algo, seed)?;
            if let Some(v) = &s.values {
                g.values = abviz::request::leaf_values(v)?;
            }
            g.root = s.root.unwrap_or(Player::Max);
            g.ties = s.ties.unwrap_or_default();
            Ok(g)
        })
        .collect()
}
