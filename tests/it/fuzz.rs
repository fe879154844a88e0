//! Replays what fuzzing found worth keeping: the minimised corpus of each target
//! (`tests/fuzz/corpus/<target>/`) and every input that once crashed one
//! (`tests/fuzz/crashes/<target>/`), through the same code the fuzz targets run.
//! How to fuzz: `tests/fuzz/README.md`.

use crate::bodies;
use crate::lsp_body;

use std::path::{Path, PathBuf};

/// The kept inputs of one target, corpus and crashes alike, in a stable order.
fn inputs(target: &str) -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fuzz");
    let mut files: Vec<PathBuf> = ["corpus", "crashes"]
        .iter()
        .filter_map(|kind| std::fs::read_dir(root.join(kind).join(target)).ok())
        .flatten()
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|p| p.is_file())
        .collect();
    files.sort();
    files
}

fn replay(target: &str, body: fn(&[u8])) {
    let files = inputs(target);
    assert!(!files.is_empty(), "no kept inputs for the {target} target");
    for file in &files {
        let data = std::fs::read(file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        let run = std::panic::catch_unwind(|| body(&data));
        assert!(run.is_ok(), "{target} fails on {}", file.display());
    }
}

#[test]
fn parse_corpus() {
    replay("parse", bodies::parse);
}

#[test]
fn check_corpus() {
    replay("check", bodies::check);
}

#[test]
fn judge_corpus() {
    replay("judge", bodies::judge);
}

#[test]
fn lsp_corpus() {
    replay("lsp", lsp_body::lsp);
}
