//! Judge tests from `.board` cases: the solved cases of each game packed into judge input files
//! within the original problem's limit per file (`01.in`, `01.ans`, …), flat or in the Kattis
//! problem-package layout, with `tests.json` naming where each test came from and its group.
//! The set is written whole into a sibling folder and swapped into place, so the folder never
//! holds a stale test or half a set. `boardls export`, `boardls build` and the language
//! server's export write here.

use crate::analysis::case::MOVES;
use crate::analysis::{Checked, Verdict, codes};
use crate::diag::Diagnostic;
use crate::games::GameId;
use crate::span::LineIndex;
use crate::syntax::{Case, Property};
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
    /// The Kattis layout with each secret group's folder numbered in the order the groups
    /// first appear (`data/secret/01-small/`): judges list groups by name, so the names keep
    /// the plan's order. One game only: a problem package is one problem.
    Package,
}

/// What to do with an output folder that is not empty.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Overwrite {
    /// Refuse it.
    Never,
    /// Replace it when it holds an earlier export (its `tests.json`), the only folder boardls
    /// ever replaces (`--force`); refuse anything else.
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

impl Index {
    /// Lists a written test, and under its group when it has one.
    fn record(&mut self, entry: TestEntry) {
        if let Some(g) = &entry.group {
            match self.groups.iter_mut().find(|e| e.name == *g) {
                Some(group) => group.tests.push(entry.test.clone()),
                None => self.groups.push(GroupEntry {
                    name: g.clone(),
                    tests: vec![entry.test.clone()],
                }),
            }
        }
        self.tests.push(entry);
    }
}

/// One solved case, ready to be written.
pub struct Item {
    pub game: GameId,
    /// The case as one test of its game's judge input (the file's header apart), written where
    /// the case was solved, so that the writer, which runs in input order, only appends.
    pub input: String,
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

/// What a judge file cannot hold in `checked`: an error on the `moves` key of every case played
/// on from its start (the original formats give only a game's start, and the answer of the
/// position after the moves would be paired with the start's board: a wrong test). Whoever
/// writes judge tests from `.board` cases reports these with the file's other findings, so
/// that they stop the export; `allow`ing the code leaves such cases out instead, as
/// [`solved_items`] never writes one.
pub fn judge_findings(checked: &Checked) -> Vec<Diagnostic> {
    let parsed = &checked.analysis.parse.file;
    checked
        .analysis
        .cases
        .iter()
        .filter_map(|case| {
            let moves = played_moves(parsed.cases.get(case.index)?)?;
            Some(
                Diagnostic::error(
                    codes::MOVES_IN_JUDGE_TEST,
                    moves.key.span,
                    format!(
                        "{} is the position after {} move(s), which a judge test cannot hold: \
                         the judge format holds only a game's start",
                        case.title(),
                        moves.words().len()
                    ),
                )
                .with_help(
                    "drop `moves` to export the start, or write the position reached as a board \
                     of its own (`boardls play` prints it)",
                ),
            )
        })
        .collect()
}

/// The `moves = …` of `case` (its first, as the analysis reads it) when it holds a move.
fn played_moves(case: &Case) -> Option<&Property> {
    case.props
        .iter()
        .find(|p| p.key.value == MOVES)
        .filter(|p| !p.words().is_empty())
}

/// The solved cases of `checked` (the analysis of `text`), named after `file`, with their
/// group and sample labels. Cases without an answer are left out: the caller decides whether
/// that (or an error) stops the export. So are cases played on with `moves` (see
/// [`judge_findings`]), whose board is not the position their answer is for.
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
        if parsed
            .cases
            .get(case.index)
            .and_then(played_moves)
            .is_some()
        {
            continue;
        }
        let labels = parsed.labels(i);
        let sample = labels.sample || defaults.sample;
        let mut input = String::new();
        board.write_judge_test(&mut input);
        items.push(Item {
            game: board.game(),
            input,
            answer: solution.answer.to_string(),
            origin: Origin {
                file: file.to_string(),
                line: defaults
                    .line
                    .unwrap_or_else(|| index.line_of(case.header.start) + 1),
                name: case.name.as_ref().map(|n| n.value.to_string()),
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
    let mut writer = SuiteWriter::new(out, layout)?;
    for item in items {
        writer.add(item)?;
    }
    writer.finish(overwrite)
}

/// A test folder written case by case, so that a suite of any size needs little memory: each
/// case's judge input and answer go to its test's files in a sibling staging folder as it
/// comes, and only what the numbering and `tests.json` need (each test's origins) is kept.
/// [`SuiteWriter::finish`] names the tests, writes the index and swaps the folder into place;
/// a writer dropped unfinished removes what it wrote.
pub struct SuiteWriter {
    out: PathBuf,
    staging: PathBuf,
    layout: Layout,
    /// Each game's partitions, in the order they first appear.
    games: BTreeMap<GameId, Vec<Partition>>,
    /// Tests started so far: the next one's provisional name.
    started: usize,
    /// The test last appended to, kept open while the cases keep going to it.
    open: Option<OpenTest>,
}

/// The cases of one game with the same sample label and group, cut into tests.
struct Partition {
    key: Part,
    tests: Vec<StagedTest>,
}

/// A test whose files are in the staging folder under a provisional name, `.parts/ID.in|.ans`.
struct StagedTest {
    id: usize,
    /// The judge header its input starts with: the one of a full test, since the count of a
    /// test is known only when the next one starts or the suite ends; [`SuiteWriter::finish`]
    /// rewrites the input of a test that was not filled.
    header: String,
    cases: Vec<Origin>,
}

struct OpenTest {
    id: usize,
    input: io::BufWriter<fs::File>,
    answers: io::BufWriter<fs::File>,
}

/// Where provisional test files wait in the staging folder.
const PARTS: &str = ".parts";

impl SuiteWriter {
    /// A writer for a test folder at `out`, staged beside it.
    pub fn new(out: &Path, layout: Layout) -> Result<SuiteWriter, String> {
        remove_dead_stagings(out);
        let staging = sibling(out, "new");
        let _ = fs::remove_dir_all(&staging);
        let writer = SuiteWriter {
            out: out.to_path_buf(),
            staging,
            layout,
            games: BTreeMap::new(),
            started: 0,
            open: None,
        };
        fs::create_dir_all(writer.staging.join(PARTS))
            .map_err(|e| format!("{}: {e}", writer.staging.display()))?;
        Ok(writer)
    }

    /// Writes one case to its test: the next of its game and partition with room for it.
    pub fn add(&mut self, item: Item) -> Result<(), String> {
        let game = item.game;
        let per_file = game.spec().max_tests_per_file.max(1);
        let key = (item.sample, item.group);
        let parts = self.games.entry(game).or_default();
        let at = parts.iter().position(|p| p.key == key).unwrap_or_else(|| {
            parts.push(Partition {
                key,
                tests: Vec::new(),
            });
            parts.len() - 1
        });
        let tests = &mut parts[at].tests;
        let fresh = tests.last().is_none_or(|t| t.cases.len() >= per_file);
        if fresh {
            tests.push(StagedTest {
                id: self.started,
                header: game.judge_header(per_file),
                cases: Vec::new(),
            });
            self.started += 1;
        }
        let test = tests.last_mut().expect("a test with room is there");
        test.cases.push(item.origin);
        let (id, header) = (test.id, fresh.then(|| test.header.clone()));
        self.append(id, header.as_deref(), &item.input, &item.answer)
            .map_err(|e| format!("{}: {e}", self.part(id, "in").display()))
    }

    /// Appends a case's input and answer to test `id`, which starts with `header` when new.
    fn append(
        &mut self,
        id: usize,
        header: Option<&str>,
        input: &str,
        answer: &str,
    ) -> io::Result<()> {
        use io::Write;
        if self.open.as_ref().is_none_or(|open| open.id != id) {
            self.close()?;
            let file = |ext| {
                let path = self.part(id, ext);
                match header {
                    Some(_) => fs::File::create(path),
                    None => fs::OpenOptions::new().append(true).open(path),
                }
                .map(io::BufWriter::new)
            };
            let mut open = OpenTest {
                id,
                input: file("in")?,
                answers: file("ans")?,
            };
            if let Some(header) = header {
                open.input.write_all(header.as_bytes())?;
            }
            self.open = Some(open);
        }
        let open = self.open.as_mut().expect("opened above");
        open.input.write_all(input.as_bytes())?;
        open.answers.write_all(answer.as_bytes())?;
        open.answers.write_all(b"\n")
    }

    fn close(&mut self) -> io::Result<()> {
        use io::Write;
        if let Some(mut open) = self.open.take() {
            open.input.flush()?;
            open.answers.flush()?;
        }
        Ok(())
    }

    fn part(&self, id: usize, ext: &str) -> PathBuf {
        self.staging.join(PARTS).join(format!("{id}.{ext}"))
    }

    /// Names the tests, writes `tests.json` and puts the folder in place of `out` (replacing
    /// what it holds only as `overwrite` lets). Returns the number of tests.
    pub fn finish(self, overwrite: Overwrite) -> Result<usize, String> {
        may_replace(&self.out, overwrite).map_err(|e| format!("{}: {e}", self.out.display()))?;
        self.seal()?.put_in_place(overwrite)
    }

    /// Names the tests and writes `tests.json`, leaving the folder staged, so that more can be
    /// written into it before it goes in place (a problem package's other files).
    pub fn seal(mut self) -> Result<SealedSuite, String> {
        self.close()
            .map_err(|e| format!("{}: {e}", self.staging.display()))?;
        let count = self.place_tests()?;
        // The staging folder now belongs to the sealed suite, which removes it if dropped.
        let staging = std::mem::take(&mut self.staging);
        Ok(SealedSuite {
            out: self.out.clone(),
            staging,
            count,
        })
    }

    /// Gives each staged test its name and `tests.json` its entry; the number of tests.
    fn place_tests(&mut self) -> Result<usize, String> {
        let dir = self.staging.clone();
        let games = std::mem::take(&mut self.games);
        let several = games.len() > 1;
        let mut index = Index {
            tests: Vec::new(),
            groups: Vec::new(),
        };
        for (game, mut parts) in games {
            // With several games each gets its own folder: a judge folder belongs to one problem.
            let game_dir = if several {
                PathBuf::from(game.as_str())
            } else {
                PathBuf::new()
            };
            // Samples first, then the tests without a group, then each group in the order it
            // first appears; the cases keep their order within each.
            parts.sort_by_key(|p| (!p.key.0, p.key.1.is_some()));
            let groups: Vec<String> = parts
                .iter()
                .filter(|p| !p.key.0)
                .filter_map(|p| p.key.1.clone())
                .collect();
            let mut tests: Vec<(PathBuf, bool, Option<String>, StagedTest)> = Vec::new();
            for Partition {
                key: (sample, group),
                tests: staged,
            } in parts
            {
                let folder = match self.layout {
                    Layout::Flat => game_dir.clone(),
                    Layout::Kattis | Layout::Package if sample => game_dir.join("data/sample"),
                    Layout::Kattis => match &group {
                        Some(g) => game_dir.join("data/secret").join(g),
                        None => game_dir.join("data/secret"),
                    },
                    Layout::Package => match &group {
                        Some(g) => game_dir
                            .join("data/secret")
                            .join(numbered_group(&groups, g)),
                        None => game_dir.join("data/secret"),
                    },
                };
                for test in staged {
                    tests.push((folder.clone(), sample, group.clone(), test));
                }
            }
            // Flat numbering runs through the game's folder, Kattis numbering through each
            // folder; numbers are zero-padded to one width per folder so that name order is
            // test order.
            let mut numbered: BTreeMap<PathBuf, (usize, usize)> = BTreeMap::new();
            for (folder, ..) in &tests {
                numbered.entry(folder.clone()).or_default().1 += 1;
            }
            for (folder, sample, group, staged) in tests {
                fs::create_dir_all(dir.join(&folder))
                    .map_err(|e| format!("{}: {e}", dir.join(&folder).display()))?;
                let (taken, total) = numbered.get_mut(&folder).expect("counted above");
                *taken += 1;
                let digits = total.to_string().len().max(2);
                let stem = format!("{:0digits$}", *taken);
                let test = folder.join(&stem).to_string_lossy().into_owned();
                let input = dir.join(format!("{test}.in"));
                self.place_input(game, &staged, &input)
                    .map_err(|e| format!("{}: {e}", input.display()))?;
                let answers = dir.join(format!("{test}.ans"));
                fs::rename(self.part(staged.id, "ans"), &answers)
                    .map_err(|e| format!("{}: {e}", answers.display()))?;
                index.record(TestEntry {
                    test,
                    game,
                    group,
                    sample,
                    cases: staged.cases,
                });
            }
        }
        fs::remove_dir(dir.join(PARTS)).map_err(|e| format!("{}: {e}", dir.display()))?;
        let json = serde_json::to_string_pretty(&index).map_err(|e| e.to_string())? + "\n";
        fs::write(dir.join("tests.json"), json).map_err(|e| format!("tests.json: {e}"))?;
        Ok(index.tests.len())
    }

    /// Moves a staged input to `to`; one with fewer cases than its header says is copied
    /// after the right header instead.
    fn place_input(&self, game: GameId, staged: &StagedTest, to: &Path) -> io::Result<()> {
        use io::{Seek, Write};
        let from = self.part(staged.id, "in");
        let header = game.judge_header(staged.cases.len());
        if header == staged.header {
            return fs::rename(&from, to);
        }
        let mut body = fs::File::open(&from)?;
        body.seek(io::SeekFrom::Start(staged.header.len() as u64))?;
        let mut file = fs::File::create(to)?;
        file.write_all(header.as_bytes())?;
        io::copy(&mut body, &mut file)?;
        fs::remove_file(&from)
    }
}

impl Drop for SuiteWriter {
    /// Unfinished, or finished with an error: the staging folder goes. Once sealed it belongs
    /// to the [`SealedSuite`].
    fn drop(&mut self) {
        self.open = None;
        if !self.staging.as_os_str().is_empty() {
            let _ = fs::remove_dir_all(&self.staging);
        }
    }
}

/// A test folder written whole in its staging folder, not yet in place.
pub struct SealedSuite {
    out: PathBuf,
    staging: PathBuf,
    count: usize,
}

impl SealedSuite {
    /// The staging folder, to write more files into.
    pub fn staging(&self) -> &Path {
        &self.staging
    }

    pub fn tests(&self) -> usize {
        self.count
    }

    /// Puts the folder in place of `out` (replacing what it holds only as `overwrite` lets).
    /// Returns the number of tests.
    pub fn put_in_place(mut self, overwrite: Overwrite) -> Result<usize, String> {
        may_replace(&self.out, overwrite).map_err(|e| format!("{}: {e}", self.out.display()))?;
        // The folder is renamed into place: make what it holds durable first.
        sync_tree(&self.staging).map_err(|e| format!("{}: {e}", self.staging.display()))?;
        swap_into_place(&self.staging, &self.out)
            .map_err(|e| format!("{}: {e}", self.out.display()))?;
        self.staging = PathBuf::new();
        Ok(self.count)
    }
}

impl Drop for SealedSuite {
    /// Not put in place: the staging folder goes.
    fn drop(&mut self) {
        if !self.staging.as_os_str().is_empty() {
            let _ = fs::remove_dir_all(&self.staging);
        }
    }
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

/// The folder of secret group `group` among `groups` (in order): `NN-group`, zero-padded to
/// one width.
fn numbered_group(groups: &[String], group: &str) -> String {
    let at = groups
        .iter()
        .position(|g| g == group)
        .unwrap_or(groups.len());
    let digits = groups.len().to_string().len().max(2);
    format!("{:0digits$}-{group}", at + 1)
}

/// Sample or not, and the group.
type Part = (bool, Option<String>);

/// Accepts a missing folder, an empty one, or one `overwrite` lets go (its content is
/// replaced whole).
fn may_replace(out: &Path, overwrite: Overwrite) -> Result<(), String> {
    match fs::read_dir(out) {
        Ok(mut entries) => {
            if entries.next().is_none() {
                return Ok(());
            }
            match overwrite {
                Overwrite::Never if holds_an_export(out) => {
                    Err("the folder holds an earlier export; pass --force to replace it".into())
                }
                Overwrite::EarlierExport if holds_an_export(out) => Ok(()),
                _ => Err(format!(
                    "the folder holds {} and no earlier export (tests.json): boardls replaces \
                     only what it wrote; choose an empty folder",
                    listing(out)
                )),
            }
        }
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(()),
        Err(e) => Err(e.to_string()),
    }
}

/// A few of the names in `dir`, for a message about what it holds.
pub fn listing(dir: &Path) -> String {
    let mut names: Vec<String> = fs::read_dir(dir)
        .into_iter()
        .flatten()
        .filter_map(Result::ok)
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    let more = names.len().saturating_sub(5);
    names.truncate(5);
    let mut text = names.join(", ");
    if more > 0 {
        text.push_str(&format!(" and {more} more"));
    }
    text
}

/// Removes the staging folders beside `path` of earlier runs that are no longer running
/// (killed before they could clean up); a running one's is left alone.
fn remove_dead_stagings(path: &Path) {
    let Some(name) = path.file_name().map(|n| n.to_string_lossy().into_owned()) else {
        return;
    };
    let parent = path
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let prefix = format!(".{name}.boardls-");
    for entry in fs::read_dir(parent)
        .into_iter()
        .flatten()
        .filter_map(Result::ok)
    {
        let file = entry.file_name().to_string_lossy().into_owned();
        let Some(rest) = file.strip_prefix(&prefix) else {
            continue;
        };
        let Some((_, pid)) = rest.rsplit_once('-') else {
            continue;
        };
        if pid.parse::<u32>().is_ok_and(|pid| !is_running(pid)) {
            let _ = fs::remove_dir_all(entry.path());
        }
    }
}

/// Whether a process `pid` exists. Where that cannot be told, it is taken to run, so that
/// nothing of a live run is removed.
fn is_running(pid: u32) -> bool {
    if pid == std::process::id() {
        return true;
    }
    #[cfg(target_os = "linux")]
    {
        Path::new("/proc").join(pid.to_string()).exists()
    }
    #[cfg(not(target_os = "linux"))]
    {
        true
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::{self, SolveCache, Verdict};
    use crate::config::Config;
    use crate::games::AnyBoard;

    /// Cases with their boards.
    type Chunk = Vec<(Item, AnyBoard)>;

    /// The folder as the export wrote it before it streamed: every case in memory, each test's
    /// input written whole by `write_judge`. The streaming writer must match it byte for byte.
    fn reference(cases: Chunk, dir: &Path, layout: Layout) -> usize {
        let mut by_game: BTreeMap<GameId, Vec<(Item, AnyBoard)>> = BTreeMap::new();
        for (item, board) in cases {
            by_game.entry(board.game()).or_default().push((item, board));
        }
        let several = by_game.len() > 1;
        let mut index = Index {
            tests: Vec::new(),
            groups: Vec::new(),
        };
        for (game, items) in by_game {
            let game_dir = if several {
                PathBuf::from(game.as_str())
            } else {
                PathBuf::new()
            };
            let per_file = game.spec().max_tests_per_file.max(1);
            let mut parts: Vec<(Part, Vec<(Item, AnyBoard)>)> = Vec::new();
            for case in items {
                let key = (case.0.sample, case.0.group.clone());
                match parts.iter_mut().find(|(k, _)| *k == key) {
                    Some((_, list)) => list.push(case),
                    None => parts.push((key, vec![case])),
                }
            }
            parts.sort_by_key(|((sample, group), _)| (!sample, group.is_some()));
            let groups: Vec<String> = parts
                .iter()
                .filter(|((sample, _), _)| !sample)
                .filter_map(|((_, group), _)| group.clone())
                .collect();
            let mut tests: Vec<(PathBuf, bool, Option<String>, Chunk)> = Vec::new();
            for ((sample, group), items) in parts {
                let folder = match layout {
                    Layout::Flat => game_dir.clone(),
                    Layout::Kattis | Layout::Package if sample => game_dir.join("data/sample"),
                    Layout::Kattis => match &group {
                        Some(g) => game_dir.join("data/secret").join(g),
                        None => game_dir.join("data/secret"),
                    },
                    Layout::Package => match &group {
                        Some(g) => game_dir.join("data/secret").join(format!(
                            "{:02}-{g}",
                            groups.iter().position(|x| x == g).unwrap_or(0) + 1
                        )),
                        None => game_dir.join("data/secret"),
                    },
                };
                let mut items = items.into_iter().peekable();
                while items.peek().is_some() {
                    let chunk: Chunk = items.by_ref().take(per_file).collect();
                    tests.push((folder.clone(), sample, group.clone(), chunk));
                }
            }
            let mut numbered: BTreeMap<PathBuf, (usize, usize)> = BTreeMap::new();
            for (folder, ..) in &tests {
                numbered.entry(folder.clone()).or_default().1 += 1;
            }
            for (folder, sample, group, chunk) in tests {
                fs::create_dir_all(dir.join(&folder)).expect("folder");
                let (taken, total) = numbered.get_mut(&folder).expect("counted");
                *taken += 1;
                let digits = total.to_string().len().max(2);
                let test = folder
                    .join(format!("{:0digits$}", *taken))
                    .to_string_lossy()
                    .into_owned();
                let boards: Vec<AnyBoard> = chunk.iter().map(|(_, b)| b.clone()).collect();
                let answers: String = chunk
                    .iter()
                    .flat_map(|(it, _)| [it.answer.as_str(), "\n"])
                    .collect();
                fs::write(dir.join(format!("{test}.in")), game.write_judge(&boards)).expect("in");
                fs::write(dir.join(format!("{test}.ans")), answers).expect("ans");
                index.record(TestEntry {
                    test,
                    game,
                    group,
                    sample,
                    cases: chunk.iter().map(|(it, _)| it.origin.clone()).collect(),
                });
            }
        }
        let json = serde_json::to_string_pretty(&index).expect("json") + "\n";
        fs::write(dir.join("tests.json"), json).expect("tests.json");
        index.tests.len()
    }

    /// Every file under `dir`: relative path and bytes.
    fn tree(dir: &Path) -> Vec<(String, Vec<u8>)> {
        let mut out = Vec::new();
        let mut stack = vec![dir.to_path_buf()];
        while let Some(d) = stack.pop() {
            for entry in fs::read_dir(&d).expect("read dir") {
                let path = entry.expect("entry").path();
                if path.is_dir() {
                    stack.push(path);
                } else {
                    let rel = path.strip_prefix(dir).expect("under dir");
                    out.push((rel.display().to_string(), fs::read(&path).expect("read")));
                }
            }
        }
        out.sort();
        out
    }

    /// The cases of several files: the examples of every game, and zgame cases enough for
    /// several full tests and a short one in each of a sample, an ungrouped and two grouped
    /// partitions, interleaved so that tests are appended to out of order.
    fn suite_items() -> Vec<Item> {
        suite_cases().into_iter().map(|(item, _)| item).collect()
    }

    /// [`suite_items`] with the board of each, for the reference writer.
    fn suite_cases() -> Vec<(Item, AnyBoard)> {
        let mut sources: Vec<(String, String, Defaults)> = Vec::new();
        let examples = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples");
        let mut names: Vec<PathBuf> = fs::read_dir(&examples)
            .expect("examples")
            .map(|e| e.expect("entry").path())
            .collect();
        names.sort();
        for path in names {
            let text = fs::read_to_string(&path).expect("example");
            sources.push((path.display().to_string(), text, Defaults::default()));
        }
        let mut zgame = String::new();
        for i in 0..260 {
            zgame.push_str(&format!("[zgame \"case {i}\"]\n"));
            match i % 4 {
                0 => zgame.push_str("// boardls: group wide\n"),
                1 => zgame.push_str("// boardls: sample\n"),
                2 => zgame.push_str("// boardls: group tall\n"),
                _ => {}
            }
            let row = |r: usize| {
                (0..3)
                    .map(|c| {
                        if (i >> (r * 3 + c)) & 1 == 1 {
                            'B'
                        } else {
                            '.'
                        }
                    })
                    .collect::<String>()
            };
            zgame.push_str(&format!("{}\n{}\nAA.\n\n", row(0), row(1)));
        }
        sources.push(("big.board".into(), zgame.clone(), Defaults::default()));
        sources.push((
            "planned.board".into(),
            zgame,
            Defaults {
                group: Some("planned".into()),
                sample: false,
                line: Some(7),
            },
        ));
        let config = Config::default();
        let mut cases = Vec::new();
        for (name, text, defaults) in &sources {
            let checked = analysis::check(text, &config, &SolveCache::new());
            // The boards `solved_items` takes: the solved cases', in order.
            let boards = checked
                .analysis
                .cases
                .iter()
                .zip(&checked.verdicts)
                .filter(|(_, v)| matches!(v.as_deref(), Some(Verdict::Solved { .. })))
                .filter_map(|(case, _)| case.board.clone());
            let items = solved_items(name, text, &checked, defaults);
            assert_eq!(items.len(), boards.clone().count());
            cases.extend(items.into_iter().zip(boards));
        }
        cases
    }

    #[test]
    fn the_streamed_folder_is_the_one_written_from_memory() {
        let items = suite_items();
        let games: std::collections::BTreeSet<GameId> = items.iter().map(|it| it.game).collect();
        assert_eq!(games.len(), 5, "every game is exported");
        for layout in [Layout::Flat, Layout::Kattis, Layout::Package] {
            let dir = tempfile::tempdir().expect("temp dir");
            let expected = dir.path().join("expected");
            fs::create_dir(&expected).expect("folder");
            let expected_count = reference(suite_cases(), &expected, layout);
            let out = dir.path().join("out");
            let count =
                write_suite(suite_items(), &out, Overwrite::Never, layout).expect("written");
            assert_eq!(count, expected_count, "{layout:?}");
            let (got, want) = (tree(&out), tree(&expected));
            assert!(want.len() > 35, "{layout:?}: {}", want.len());
            // A short test's header was rewritten.
            assert!(
                want.iter().any(|(name, bytes)| Path::new(name)
                    .extension()
                    .is_some_and(|e| e == "in")
                    && bytes.starts_with(b"15\n")),
                "{layout:?}"
            );
            assert_eq!(
                got.iter().map(|(n, _)| n).collect::<Vec<_>>(),
                want.iter().map(|(n, _)| n).collect::<Vec<_>>(),
                "{layout:?}"
            );
            for ((name, got), (_, want)) in got.iter().zip(&want) {
                assert!(got == want, "{layout:?}: {name} differs");
            }
            let staged: Vec<_> = fs::read_dir(dir.path())
                .expect("read")
                .map(|e| e.expect("entry").file_name())
                .collect();
            assert_eq!(staged.len(), 2, "nothing staged is left: {staged:?}");
        }
    }

    #[test]
    fn a_writer_dropped_unfinished_leaves_nothing() {
        let dir = tempfile::tempdir().expect("temp dir");
        let out = dir.path().join("out");
        let mut writer = SuiteWriter::new(&out, Layout::Flat).expect("writer");
        for item in suite_items().into_iter().take(30) {
            writer.add(item).expect("added");
        }
        assert_eq!(fs::read_dir(dir.path()).expect("read").count(), 1);
        drop(writer);
        assert_eq!(fs::read_dir(dir.path()).expect("read").count(), 0);
    }
}
