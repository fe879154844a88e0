//! Judge tests from `.board` cases: the solved cases of each game packed into judge input files
//! within the original problem's limit per file (`01.in`, `01.ans`, …), flat or in the Kattis
//! problem-package layout, with `tests.json` naming where each test came from and its group.
//! The set is written whole into a sibling folder and swapped into place, so the folder never
//! holds a stale test or half a set. `boardls export`, `boardls build` and the language
//! server's export write here.

use crate::analysis::{Checked, Verdict};
use crate::games::{AnyBoard, GameId};
use crate::span::LineIndex;
use serde::Serialize;
use std::collections::BTreeMap;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

/// How the tests are laid out in the output folder.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Layout {
    /// `01.in`, `01.ans`, … (one folder per game when there are several).
    #[default]
    Flat,
    /// `data/sample/01.in|.ans`, `data/secret/[GROUP/]01.in|.ans`, as Kattis and `DOMjudge` read
    /// a problem package (`GAME/data/…` when there are several games).
    Kattis,
}

/// What to do with an output folder that is not empty.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Overwrite {
    /// Refuse it.
    Never,
    /// Replace what it holds, whatever that is (`--force`).
    Always,
    /// Replace it when it holds an earlier export (its `tests.json`); refuse anything else.
    EarlierExport,
}

/// Where one exported case came from.
#[derive(Clone, Serialize)]
pub struct Origin {
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
pub struct Item {
    pub board: AnyBoard,
    pub answer: String,
    pub origin: Origin,
    pub group: Option<String>,
    pub sample: bool,
}

/// The labels a file's cases take when they have none of their own (a plan's entry gives them).
#[derive(Clone, Debug, Default)]
pub struct Defaults {
    pub group: Option<String>,
    pub sample: bool,
    /// The line `tests.json` gives for every case (a plan's line) instead of the case's own.
    pub line: Option<usize>,
}

/// The solved cases of `checked` (the analysis of `text`), named after `file`, with their
/// group and sample labels. Cases without an answer are left out: the caller decides whether
/// that (or an error) stops the export.
pub fn solved_items(file: &str, text: &str, checked: &Checked, defaults: &Defaults) -> Vec<Item> {
    let index = LineIndex::new(text);
    let parsed = &checked.analysis.parse.file;
    let mut items = Vec::new();
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
        let labels = parsed.labels(i);
        let sample = labels.sample || defaults.sample;
        items.push(Item {
            board: board.clone(),
            answer: solution.answer.clone(),
            origin: Origin {
                file: file.to_string(),
                line: defaults
                    .line
                    .unwrap_or_else(|| index.line_of(case.header.start) + 1),
                name: case.name.as_ref().map(|n| n.value.clone()),
            },
            // A sample is shown to contestants, not scored with a group.
            group: labels
                .group
                .or_else(|| defaults.group.clone())
                .filter(|_| !sample),
            sample,
        });
    }
    items
}

/// Writes `items` as a test folder at `out`: built whole in a sibling folder, then swapped into
/// place. Returns the number of tests.
pub fn write_suite(
    items: Vec<Item>,
    out: &Path,
    overwrite: Overwrite,
    layout: Layout,
) -> Result<usize, String> {
    may_replace(out, overwrite).map_err(|e| format!("{}: {e}", out.display()))?;
    let staging = sibling(out, "new");
    let _ = fs::remove_dir_all(&staging);
    let written = fs::create_dir_all(&staging)
        .map_err(|e| format!("{}: {e}", staging.display()))
        .and_then(|()| write_tests(items, &staging, layout))
        .and_then(|count| {
            swap_into_place(&staging, out)
                .map(|()| count)
                .map_err(|e| format!("{}: {e}", out.display()))
        });
    if written.is_err() {
        let _ = fs::remove_dir_all(&staging);
    }
    written
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

/// Accepts a missing folder, an empty one, or one `overwrite` lets go (its content is
/// replaced whole).
fn may_replace(out: &Path, overwrite: Overwrite) -> Result<(), String> {
    match fs::read_dir(out) {
        Ok(mut entries) => {
            if entries.next().is_none() {
                return Ok(());
            }
            match overwrite {
                Overwrite::Always => Ok(()),
                Overwrite::Never => {
                    Err("the folder is not empty; pass --force to replace what it holds".into())
                }
                Overwrite::EarlierExport if holds_an_export(out) => Ok(()),
                Overwrite::EarlierExport => Err(
                    "the folder is not empty and holds no earlier export (tests.json); choose \
                     an empty folder"
                        .into(),
                ),
            }
        }
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(()),
        Err(e) => Err(e.to_string()),
    }
}

/// Whether `dir/tests.json` is the index an export writes.
fn holds_an_export(dir: &Path) -> bool {
    fs::read_to_string(dir.join("tests.json"))
        .ok()
        .and_then(|text| serde_json::from_str::<serde_json::Value>(&text).ok())
        .is_some_and(|index| index.get("tests").is_some_and(serde_json::Value::is_array))
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
