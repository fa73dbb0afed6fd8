//! The integration tests that run TeX (pdflatex, and pdftotext to read the PDF back): the
//! diagrams in every format with their TikZ compiled, and the exercise sheets and keys.

#[path = "../support/mod.rs"]
mod support;

mod deck;
mod diagrams;
mod exercise_chance;
mod exercise_cli;
mod exercise_interrupted;
