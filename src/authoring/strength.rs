//! How strong a test folder is: every mutant of the game's zoo (`games::mutant`) answers every
//! judge input file of the folder as a contestant's program would, and a test kills a mutant
//! when one of its answers differs from the `.ans` (or the mutant goes past its work limit).
//! The kill matrix, the mutation score and the survivors follow; `strengthen` searches boards
//! that kill the survivors.

use crate::games::mutant::Mutant;
pub use crate::games::mutant::kills;
use crate::games::{AnyBoard, GameId};
use rayon::prelude::*;
use std::fs;
use std::path::Path;

/// One judge test file: its name in `tests.json`, its boards and the exact answers.
#[derive(Clone, Debug)]
pub struct TestFile {
    pub name: String,
    pub boards: Vec<AnyBoard>,
    pub answers: Vec<String>,
}

/// What one mutant did on the suite.
#[derive(Clone, Debug)]
pub struct MutantResult {
    pub name: &'static str,
    pub explanation: &'static str,
    /// The tests that kill it, in test order.
    pub killed_by: Vec<String>,
}

/// The kill matrix of one game's suite.
#[derive(Clone, Debug)]
pub struct Report {
    pub game: GameId,
    pub tests: Vec<String>,
    pub mutants: Vec<MutantResult>,
}

impl Report {
    /// Killed mutants over all mutants (1 for an empty zoo).
    pub fn score(&self) -> f64 {
        if self.mutants.is_empty() {
            return 1.0;
        }
        self.killed() as f64 / self.mutants.len() as f64
    }

    pub fn killed(&self) -> usize {
        self.mutants
            .iter()
            .filter(|m| !m.killed_by.is_empty())
            .count()
    }

    pub fn survivors(&self) -> impl Iterator<Item = &MutantResult> {
        self.mutants.iter().filter(|m| m.killed_by.is_empty())
    }

    /// Whether `test` kills the mutant `mutant`.
    pub fn kills(&self, test: &str, mutant: &str) -> bool {
        self.mutants
            .iter()
            .any(|m| m.name == mutant && m.killed_by.iter().any(|t| t == test))
    }
}

/// Runs the zoo of `game` on every test (tests in parallel; the result does not depend on the
/// order they finish in).
pub fn measure(game: GameId, tests: &[TestFile]) -> Report {
    let zoo = game.zoo();
    let rows: Vec<Vec<bool>> = tests.par_iter().map(|t| kills_row(zoo, t)).collect();
    report_of(game, tests.iter().map(|t| t.name.clone()).collect(), &rows)
}

/// [`measure`] of a test folder, one test file read at a time: memory is a few files' worth
/// (one per thread), whatever the size of the suite.
pub fn measure_folder(dir: &Path) -> Result<Report, String> {
    let (game, names) = read_index(dir)?;
    let zoo = game.zoo();
    let rows: Vec<Vec<bool>> = names
        .par_iter()
        .map(|name| read_test(dir, game, name).map(|test| kills_row(zoo, &test)))
        .collect::<Result<_, String>>()?;
    Ok(report_of(game, names, &rows))
}

/// Which mutants of `zoo` the test kills, in zoo order.
fn kills_row(zoo: &[Mutant], test: &TestFile) -> Vec<bool> {
    zoo.iter()
        .map(|mutant| kills(mutant, &test.boards, &test.answers))
        .collect()
}

/// The report of `rows` (one per test: which mutants it kills, in zoo order).
fn report_of(game: GameId, tests: Vec<String>, rows: &[Vec<bool>]) -> Report {
    assert_eq!(tests.len(), rows.len(), "one row of kills per test");
    let mutants = game
        .zoo()
        .iter()
        .enumerate()
        .map(|(m, mutant)| MutantResult {
            name: mutant.name,
            explanation: mutant.explanation,
            killed_by: tests
                .iter()
                .zip(rows)
                .filter(|(_, row)| row[m])
                .map(|(name, _)| name.clone())
                .collect(),
        })
        .collect();
    Report {
        game,
        tests,
        mutants,
    }
}

/// The tests of a folder as `export` and `build` write it: `tests.json` names them in order,
/// each `NAME.in` is read with its game's reader and `NAME.ans` holds one answer a line.
/// `Err` when the folder is not such a folder, or holds tests of several games.
pub fn read_folder(dir: &Path) -> Result<(GameId, Vec<TestFile>), String> {
    let (game, names) = read_index(dir)?;
    let tests = names
        .iter()
        .map(|name| read_test(dir, game, name))
        .collect::<Result<_, String>>()?;
    Ok((game, tests))
}

/// A test folder's game and its tests' names, in `tests.json`'s order.
fn read_index(dir: &Path) -> Result<(GameId, Vec<String>), String> {
    let index_path = dir.join("tests.json");
    let index =
        fs::read_to_string(&index_path).map_err(|e| format!("{}: {e}", index_path.display()))?;
    let index: serde_json::Value =
        serde_json::from_str(&index).map_err(|e| format!("{}: {e}", index_path.display()))?;
    let entries = index
        .get("tests")
        .and_then(serde_json::Value::as_array)
        .ok_or_else(|| format!("{}: no `tests` list", index_path.display()))?;
    let mut game = None;
    let mut names = Vec::with_capacity(entries.len());
    for entry in entries {
        let name = entry
            .get("test")
            .and_then(serde_json::Value::as_str)
            .ok_or_else(|| format!("{}: a test without a name", index_path.display()))?;
        let this = entry
            .get("game")
            .and_then(serde_json::Value::as_str)
            .and_then(GameId::from_name)
            .ok_or_else(|| format!("{}: test {name} names no game", index_path.display()))?;
        match game {
            None => game = Some(this),
            Some(g) if g != this => {
                return Err(format!(
                    "the suite holds tests of {g} and {this}: measure each game's suite alone"
                ));
            }
            Some(_) => {}
        }
        names.push(name.to_string());
    }
    let game = game.ok_or("the suite holds no test")?;
    Ok((game, names))
}

/// The test `name` of the folder: its input read with `game`'s reader and its answers.
fn read_test(dir: &Path, game: GameId, name: &str) -> Result<TestFile, String> {
    let read = |ext: &str| {
        let path = dir.join(format!("{name}.{ext}"));
        fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))
    };
    let boards = game
        .read_judge(&read("in")?)
        .map_err(|e| format!("{name}.in: {e}"))?;
    let answers: Vec<String> = read("ans")?.lines().map(str::to_string).collect();
    if answers.len() != boards.len() {
        return Err(format!(
            "{name}: {} test(s) in the input, {} answer(s)",
            boards.len(),
            answers.len()
        ));
    }
    Ok(TestFile {
        name: name.to_string(),
        boards,
        answers,
    })
}
