//! The integration tests that run TeX (pdflatex, and pdftotext to read the PDF back): the
//! diagrams in every format with their TikZ compiled, the exercise sheets and keys, and
//! `abviz compare`'s booktabs tables.

#[path = "../support/mod.rs"]
mod support;

mod compare_latex;
mod deck;
mod diagrams;
mod exercise_chance;
mod exercise_cli;
mod exercise_interrupted;
