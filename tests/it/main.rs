//! The integration tests, one binary (one link instead of one per file): a module per area.
//! Shared helpers live beside, under `tests/lsp/`, `tests/support/` and `tests/fuzz/`, where the
//! benches and the fuzz targets include them too.

// Tests take their expectations and JSON values by value, and spell out the seeds and numbers
// they were given as they were given.
#![allow(
    clippy::needless_pass_by_value,
    clippy::unreadable_literal,
    clippy::format_collect,
    clippy::assigning_clones
)]

mod actions;
mod analysis;
mod answer_path;
mod architecture;
mod batch;
mod chess;
mod cli;
mod cli_project;
mod config;
mod conformance;
mod format;
mod fuzz;
mod hostile;
mod lsp;
mod lsp_model;
mod lsp_project;
mod lsp_suite;
mod memory;
mod outside;
mod package;
mod parser;
mod play;
mod protocol;
mod race;
mod readme;
mod render;
mod samples;
mod strength;
mod stress;
mod strings;
mod testset;
mod tetris;
mod words;
mod zgame;

#[path = "../fuzz/bodies.rs"]
mod bodies;
#[path = "../lsp/client.rs"]
mod client;
// Also holds `xorshift`, the tests' and benches' seeded generator.
#[path = "../lsp/fixtures.rs"]
mod fixtures;
#[path = "../fuzz/lsp_body.rs"]
mod lsp_body;
#[path = "../support/meaning.rs"]
mod meaning;
#[path = "../lsp/model.rs"]
mod model;
