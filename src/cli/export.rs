//! `boardls export`: `.board` files → a judge-ready folder (`01.in`, `01.ans`, …, `tests.json`),
//! flat or in the Kattis problem-package layout, written whole into a sibling folder and swapped
//! into place. `build` writes through the same functions.

use super::{EXIT_ERRORS, EXIT_OK, EXIT_UNUSABLE, files};
use boardls::analysis::{self, SolveCache, Verdict};
use boardls::config::Config;
use boardls::diag::Severity;
use boardls::emit;
use boardls::games::{AnyBoard, GameId};
use boardls::span::LineIndex;
use clap::ValueEnum;
use serde::Serialize;
use std::collections::BTreeMap;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

/// How the tests are laid out in the output folder.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub(crate) enum Layout {
    /// `01.in`, `01.ans`, … (one folder per game when there are several).
    #[default]
    Flat,
    /// `data/sample/01.in|.ans`, `data/secret/[GROUP/]01.in|.ans`, as Kattis and `DOMjudge` read
    /// a problem package (`GAME/data/…` when there are several games).
    Kattis,
}

/// Where one exported case came from.
#[derive(Clone, Serialize)]
pub(super) struct Origin {
    pub file: String,
    pub line: usize,
    pub name: Option<String>,
}

#[derive(Serialize)]
struct TestEntry {
    /// The files' path without extension, relative to the folder: `01` is `01.in` and `01.ans`.
    test: String,
    game: GameId,
    #[serde(skip_serializing_if = "Option::is_none")]
    group: Option<String>,
    sample: bool,
    cases: Vec<Origin>,
}

#[derive(Serialize)]
struct GroupEntry {
    name: String,
    tests: Vec<String>,
}

#[derive(Serialize)]
struct Index {
    tests: Vec<TestEntry>,
    groups: Vec<GroupEntry>,
}

/// One solved case, ready to be written.
pub(super) struct Item {
    pub board: AnyBoard,
    pub answer: String,
    pub origin: Origin,
    pub group: Option<String>,
    pub sample: bool,
}

/// A `.board` text to export, with the labels its cases take when they have none of their own.
pub(super) struct Source {
    /// How messages and `tests.json` name it.
    pub name: String,
    pub text: String,
    pub invalid_utf8_at: Option<usize>,
    pub group: Option<String>,
    pub sample: bool,
    /// The line `tests.json` gives for every case (a plan's line) instead of the case's own.
    pub line: Option<usize>,
}

pub(super) fn run(
    paths: &[PathBuf],
    out: &Path,
    force: bool,
    layout: Layout,
    config: &Config,
) -> u8 {
    let Some(read) = files::read_all(paths) else {
        return EXIT_UNUSABLE;
    };
    let sources: Vec<Source> = read
        .into_iter()
        .map(|(path, source)| Source {
            name: path.display().to_string(),
            text: source.text,
            invalid_utf8_at: source.invalid_utf8_at,
            group: None,
            sample: false,
            line: None,
        })
        .collect();
    let items = match solved_items(&sources, config) {
        Ok(items) => items,
        Err(code) => return code,
    };
    write_suite(items, out, force, layout)
}

/// Every case of `sources`, solved; errors are printed and the exit code returned instead,
/// since a judge folder must hold every case.
pub(super) fn solved_items(sources: &[Source], config: &Config) -> Result<Vec<Item>, u8> {
    let cache = SolveCache::new();
    let mut items = Vec::new();
    let mut errors = 0;
    for source in sources {
        let checked = analysis::check(&source.text, config, &cache);
        let index = LineIndex::new(&source.text);
        let reading = files::SourceText {
            text: String::new(),
            invalid_utf8_at: source.invalid_utf8_at,
        }
        .reading_findings();
        for d in checked
            .report_with(reading, None, config)
            .iter()
            .filter(|d| d.severity == Severity::Error)
        {
            errors += 1;
            eprint!("{}", emit::human(&source.name, &source.text, &index, d));
        }
        let file = &checked.analysis.parse.file;
        for (i, (case, verdict)) in checked
            .analysis
            .cases
            .iter()
            .zip(&checked.verdicts)
            .enumerate()
        {
            let (Some(board), Some(Verdict::Solved { solution, .. })) =
                (&case.board, verdict.as_deref())
            else {
                continue;
            };
            let labels = file.labels(i);
            let sample = labels.sample || source.sample;
            items.push(Item {
                board: board.clone(),
                answer: solution.answer.clone(),
                origin: Origin {
                    file: source.name.clone(),
                    line: source
                        .line
                        .unwrap_or_else(|| index.line_of(case.header.start) + 1),
                    name: case.name.as_ref().map(|n| n.value.clone()),
                },
                // A sample is shown to contestants, not scored with a group.
                group: labels
                    .group
                    .or_else(|| source.group.clone())
                    .filter(|_| !sample),
                sample,
            });
        }
    }
    if errors > 0 {
        eprintln!(
            "boardls: {errors} error(s); nothing exported (a judge folder must hold every case)"
        );
        return Err(EXIT_ERRORS);
    }
    if items.is_empty() {
        eprintln!("boardls: no cases to export");
        return Err(EXIT_ERRORS);
    }
    Ok(items)
}

/// Writes `items` as a test folder at `out`: built whole in a sibling folder, then swapped into
/// place, so `out` never holds a stale test or half a set.
pub(super) fn write_suite(items: Vec<Item>, out: &Path, force: bool, layout: Layout) -> u8 {
    if let Err(e) = may_replace(out, force) {
        eprintln!("boardls: {}: {e}", out.display());
        return EXIT_UNUSABLE;
    }
    let staging = sibling(out, "new");
    let _ = fs::remove_dir_all(&staging);
    let written = fs::create_dir_all(&staging)
        .map_err(|e| format!("{}: {e}", staging.display()))
        .and_then(|()| write_tests(items, &staging, layout));
    let count = match written.and_then(|count| {
        swap_into_place(&staging, out)
            .map(|()| count)
            .map_err(|e| format!("{}: {e}", out.display()))
    }) {
        Ok(count) => count,
        Err(e) => {
            let _ = fs::remove_dir_all(&staging);
            eprintln!("boardls: {e}");
            return EXIT_UNUSABLE;
        }
    };
    eprintln!("boardls: wrote {count} test(s) to {}", out.display());
    EXIT_OK
}

/// The tests' files and `tests.json` under `dir`; the number of tests.
fn write_tests(items: Vec<Item>, dir: &Path, layout: Layout) -> Result<usize, String> {
    let mut by_game: BTreeMap<GameId, Vec<Item>> = BTreeMap::new();
    for item in items {
        by_game.entry(item.board.game()).or_default().push(item);
    }
    let several = by_game.len() > 1;
    let mut index = Index {
        tests: Vec::new(),
        groups: Vec::new(),
    };
    for (game, items) in by_game {
        // With several games each gets its own folder: a judge folder belongs to one problem.
        let game_dir = if several {
            PathBuf::from(game.as_str())
        } else {
            PathBuf::new()
        };
        let per_file = game.spec().max_tests_per_file.max(1);
        let mut tests: Vec<(PathBuf, bool, Option<String>, Vec<Item>)> = Vec::new();
        for ((sample, group), items) in partitions(items) {
            let folder = match layout {
                Layout::Flat => game_dir.clone(),
                Layout::Kattis if sample => game_dir.join("data/sample"),
                Layout::Kattis => match &group {
                    Some(g) => game_dir.join("data/secret").join(g),
                    None => game_dir.join("data/secret"),
                },
            };
            let mut items = items.into_iter().peekable();
            while items.peek().is_some() {
                let chunk: Vec<Item> = items.by_ref().take(per_file).collect();
                tests.push((folder.clone(), sample, group.clone(), chunk));
            }
        }
        // Flat numbering runs through the game's folder, Kattis numbering through each folder;
        // numbers are zero-padded to one width per folder so that name order is test order.
        let mut numbered: BTreeMap<PathBuf, (usize, usize)> = BTreeMap::new();
        for (folder, ..) in &tests {
            numbered.entry(folder.clone()).or_default().1 += 1;
        }
        for (folder, sample, group, chunk) in tests {
            fs::create_dir_all(dir.join(&folder))
                .map_err(|e| format!("{}: {e}", dir.join(&folder).display()))?;
            let (taken, total) = numbered.get_mut(&folder).expect("counted above");
            *taken += 1;
            let digits = total.to_string().len().max(2);
            let stem = format!("{:0digits$}", *taken);
            let test = folder.join(&stem).to_string_lossy().into_owned();
            let boards: Vec<AnyBoard> = chunk.iter().map(|it| it.board.clone()).collect();
            let input = game.write_judge(&boards);
            let answers: String = chunk
                .iter()
                .flat_map(|it| [it.answer.as_str(), "\n"])
                .collect();
            for (ext, contents) in [("in", input), ("ans", answers)] {
                let path = dir.join(format!("{test}.{ext}"));
                fs::write(&path, contents).map_err(|e| format!("{}: {e}", path.display()))?;
            }
            if let Some(g) = &group {
                match index.groups.iter_mut().find(|e| e.name == *g) {
                    Some(entry) => entry.tests.push(test.clone()),
                    None => index.groups.push(GroupEntry {
                        name: g.clone(),
                        tests: vec![test.clone()],
                    }),
                }
            }
            index.tests.push(TestEntry {
                test,
                game,
                group,
                sample,
                cases: chunk.iter().map(|it| it.origin.clone()).collect(),
            });
        }
    }
    let json = serde_json::to_string_pretty(&index).map_err(|e| e.to_string())? + "\n";
    fs::write(dir.join("tests.json"), json).map_err(|e| format!("tests.json: {e}"))?;
    // The folder is renamed into place: make what it holds durable first.
    sync_tree(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    Ok(index.tests.len())
}

fn sync_tree(dir: &Path) -> io::Result<()> {
    for entry in fs::read_dir(dir)? {
        let path = entry?.path();
        if path.is_dir() {
            sync_tree(&path)?;
        } else {
            fs::File::open(&path)?.sync_all()?;
        }
    }
    Ok(())
}

/// Sample or not, and the group.
type Part = (bool, Option<String>);

/// Samples first, then the tests without a group, then each group in the order it first
/// appears; the cases keep their order within each.
fn partitions(items: Vec<Item>) -> Vec<(Part, Vec<Item>)> {
    let mut parts: Vec<(Part, Vec<Item>)> = Vec::new();
    for item in items {
        let key = (item.sample, item.group.clone());
        match parts.iter_mut().find(|(k, _)| *k == key) {
            Some((_, list)) => list.push(item),
            None => parts.push((key, vec![item])),
        }
    }
    parts.sort_by_key(|((sample, group), _)| (!sample, group.is_some()));
    parts
}

/// Accepts a missing folder, an empty one, or any with `force` (its content is replaced).
fn may_replace(out: &Path, force: bool) -> Result<(), String> {
    match fs::read_dir(out) {
        Ok(mut entries) => {
            if entries.next().is_some() && !force {
                return Err(
                    "the folder is not empty; pass --force to replace what it holds".into(),
                );
            }
            Ok(())
        }
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(()),
        Err(e) => Err(e.to_string()),
    }
}

/// `.NAME.boardls-WHAT-PID` beside `path`: the same file system, so a rename can move it.
fn sibling(path: &Path, what: &str) -> PathBuf {
    let name = path
        .file_name()
        .map_or_else(|| "tests".into(), |n| n.to_string_lossy().into_owned());
    let parent = path
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    parent.join(format!(".{name}.boardls-{what}-{}", std::process::id()))
}

/// Puts `staging` where `out` is. On Linux both are exchanged in one step (`RENAME_EXCHANGE`):
/// a reader sees the old set or the new one, never a mix; elsewhere the old folder is moved
/// aside first. Then the old set is removed.
fn swap_into_place(staging: &Path, out: &Path) -> io::Result<()> {
    if fs::symlink_metadata(out).is_err() {
        if let Some(parent) = out.parent().filter(|p| !p.as_os_str().is_empty()) {
            fs::create_dir_all(parent)?;
        }
        return fs::rename(staging, out);
    }
    #[cfg(target_os = "linux")]
    {
        use rustix::fs::{CWD, RenameFlags, renameat_with};
        if renameat_with(CWD, staging, CWD, out, RenameFlags::EXCHANGE).is_ok() {
            // `staging` now holds the old set.
            return fs::remove_dir_all(staging);
        }
    }
    let old = sibling(out, "old");
    let _ = fs::remove_dir_all(&old);
    fs::rename(out, &old)?;
    if let Err(e) = fs::rename(staging, out) {
        let _ = fs::rename(&old, out);
        return Err(e);
    }
    fs::remove_dir_all(&old)
}
