//! `boardls export`: `.board` files → a judge-ready folder (`01.in`, `01.ans`, …, `tests.json`).

use super::{EXIT_ERRORS, EXIT_OK, EXIT_UNUSABLE, files};
use boardls::analysis::{self, SolveCache, Verdict};
use boardls::config::Config;
use boardls::diag::Severity;
use boardls::emit;
use boardls::games::{AnyBoard, GameId};
use boardls::span::LineIndex;
use serde::Serialize;
use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

/// Where one exported case came from.
#[derive(Clone, Serialize)]
struct Origin {
    file: String,
    line: usize,
    name: Option<String>,
}

#[derive(Serialize)]
struct TestEntry {
    /// `01`: the files are `01.in` and `01.ans`.
    test: String,
    game: GameId,
    cases: Vec<Origin>,
}

#[derive(Serialize)]
struct Index {
    tests: Vec<TestEntry>,
}

struct Item {
    board: AnyBoard,
    answer: String,
    origin: Origin,
}

pub(super) fn run(paths: &[PathBuf], out: &Path, force: bool, config: &Config) -> u8 {
    let Some(sources) = files::read_all(paths) else {
        return EXIT_UNUSABLE;
    };
    let cache = SolveCache::new();
    let mut by_game: BTreeMap<GameId, Vec<Item>> = BTreeMap::new();
    let mut errors = 0;
    for (path, source) in &sources {
        let checked = analysis::check(&source.text, config, &cache);
        let index = LineIndex::new(&source.text);
        let file = path.display().to_string();
        for d in checked
            .report_with(source.reading_findings(), None, config)
            .iter()
            .filter(|d| d.severity == Severity::Error)
        {
            errors += 1;
            eprint!("{}", emit::human(&file, &source.text, &index, d));
        }
        for (case, verdict) in checked.analysis.cases.iter().zip(&checked.verdicts) {
            let (Some(board), Some(Verdict::Solved { solution, .. })) =
                (&case.board, verdict.as_deref())
            else {
                continue;
            };
            by_game.entry(board.game()).or_default().push(Item {
                board: board.clone(),
                answer: solution.answer.clone(),
                origin: Origin {
                    file: file.clone(),
                    line: index.line_of(case.header.start) + 1,
                    name: case.name.as_ref().map(|n| n.value.clone()),
                },
            });
        }
    }
    if errors > 0 {
        eprintln!(
            "boardls: {errors} error(s); nothing exported (a judge folder must hold every case)"
        );
        return EXIT_ERRORS;
    }
    if by_game.is_empty() {
        eprintln!("boardls: no cases to export");
        return EXIT_ERRORS;
    }
    if let Err(e) = prepare(out, force) {
        eprintln!("boardls: {}: {e}", out.display());
        return EXIT_UNUSABLE;
    }
    let several = by_game.len() > 1;
    let mut index = Index { tests: Vec::new() };
    for (game, items) in by_game {
        // With several games each gets its own folder: a judge folder belongs to one problem.
        let dir = if several {
            out.join(game.as_str())
        } else {
            out.to_path_buf()
        };
        if let Err(e) = fs::create_dir_all(&dir) {
            eprintln!("boardls: {}: {e}", dir.display());
            return EXIT_UNUSABLE;
        }
        let per_file = game.spec().max_tests_per_file.max(1);
        let chunks: Vec<&[Item]> = items.chunks(per_file).collect();
        let digits = chunks.len().to_string().len().max(2);
        for (i, chunk) in chunks.iter().enumerate() {
            let stem = format!("{:0digits$}", i + 1);
            let boards: Vec<AnyBoard> = chunk.iter().map(|it| it.board.clone()).collect();
            let input = game.write_judge(&boards);
            let answers: String = chunk
                .iter()
                .flat_map(|it| [it.answer.as_str(), "\n"])
                .collect();
            for (name, contents) in [
                (format!("{stem}.in"), input),
                (format!("{stem}.ans"), answers),
            ] {
                if let Err(e) = files::write_atomic(&dir.join(&name), contents.as_bytes()) {
                    eprintln!("boardls: {}: {e}", dir.join(&name).display());
                    return EXIT_UNUSABLE;
                }
            }
            let test = if several {
                format!("{game}/{stem}")
            } else {
                stem
            };
            index.tests.push(TestEntry {
                test,
                game,
                cases: chunk.iter().map(|it| it.origin.clone()).collect(),
            });
        }
    }
    let json = match serde_json::to_string_pretty(&index) {
        Ok(j) => j + "\n",
        Err(e) => {
            eprintln!("boardls: {e}");
            return EXIT_UNUSABLE;
        }
    };
    if let Err(e) = files::write_atomic(&out.join("tests.json"), json.as_bytes()) {
        eprintln!("boardls: {}: {e}", out.display());
        return EXIT_UNUSABLE;
    }
    eprintln!(
        "boardls: wrote {} test(s) to {}",
        index.tests.len(),
        out.display()
    );
    EXIT_OK
}

/// Creates DIR, or accepts an existing one that is empty (or any with `--force`).
fn prepare(out: &Path, force: bool) -> Result<(), String> {
    match fs::read_dir(out) {
        Ok(mut entries) => {
            if entries.next().is_some() && !force {
                return Err("the folder is not empty; pass --force to write into it".into());
            }
            Ok(())
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            fs::create_dir_all(out).map_err(|e| e.to_string())
        }
        Err(e) => Err(e.to_string()),
    }
}
