//! A problem package in the Kattis/ICPC format (`problem_format_version: legacy`, which both
//! Kattis's `verifyproblem` and `DOMjudge` import whole): around the test folder an export
//! stages (`data/`, `tests.json`), the problem's `problem.yaml`, a statement written from the
//! game's rules and judge format with a picture of each sample, a checktestdata input
//! validator and the accepted solutions. A rebuild replaces only what boardls writes: the
//! author's keys of `problem.yaml`, their statement text outside the generated sections,
//! their submissions and any other file are carried over from the old package.

mod problem_yaml;
mod statement;

use super::export::Item;
use crate::analysis::codes::{
    PACKAGE_GROUP_NAME, PACKAGE_NO_SAMPLE, PACKAGE_NO_SECRET, PACKAGE_SAMPLE_ALSO_SECRET,
    PACKAGE_UNSCORED_TEST,
};
use crate::analysis::suite::{bad_group_name, is_package_group_name};
use crate::games::GameId;
use std::collections::HashMap;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::time::Duration;

pub use statement::tex_of;

/// What a package says about its problem beyond the tests.
#[derive(Clone, Debug, Default)]
pub struct PackageInfo {
    /// The problem's name (default: the original problem's).
    pub name: Option<String>,
    /// A fixed `uuid`; otherwise an earlier package's, or one derived from the game and the
    /// package's folder name, the same on every rebuild.
    pub uuid: Option<String>,
    pub license: Option<String>,
    pub rights_owner: Option<String>,
    /// Programs copied to `submissions/accepted/`.
    pub solutions: Vec<PathBuf>,
    /// The points of each secret group, in the plan's order: none for a pass-fail problem.
    pub points: Vec<(String, u32)>,
    /// Written to `.timelimit`, which `DOMjudge` reads; the legacy format has no key for it (its
    /// judges time the accepted solutions).
    pub time_limit: Option<Duration>,
    /// `limits.memory` of `problem.yaml`, in MiB.
    pub memory_limit_mib: Option<u64>,
}

/// A picture of one sample test's board, for the statement.
pub struct SamplePicture {
    /// The sample's test, e.g. `01` for `data/sample/01.in`, and the board's place in it.
    pub test: String,
    pub case: usize,
    pub png: Vec<u8>,
}

/// Where generated files go, relative to the package's folder.
const STATEMENT: &str = "problem_statement/problem.en.tex";
const VALIDATOR: &str = "input_validators/boardls.ctd";
const PICTURE_PREFIX: &str = "boardls-sample-";
/// The time limit file of `DOMjudge`, in seconds; the author's own is kept when none is given.
const TIME_LIMIT: &str = ".timelimit";

/// Writes the package's files into `staging` (which holds the staged `data/` and
/// `tests.json`), carrying the author's files over from `old`, an earlier package at the
/// same place. Returns the warnings the author should see.
pub fn assemble(
    staging: &Path,
    old: Option<&Path>,
    game: GameId,
    short_name: &str,
    info: &PackageInfo,
    pictures: &[SamplePicture],
) -> Result<Vec<String>, String> {
    let at = |rel: &str| staging.join(rel);
    let wrap = |path: &Path, e: io::Error| format!("{}: {e}", path.display());
    if let Some(old) = old {
        carry_over(old, staging).map_err(|e| wrap(old, e))?;
    }
    let mut warnings = Vec::new();

    let yaml_path = at("problem.yaml");
    let old_yaml = fs::read_to_string(&yaml_path).unwrap_or_default();
    let keys = problem_yaml::Keys::of(game, short_name, info, &old_yaml);
    if keys.license.is_none() {
        warnings.push(
            "no license: set `license` (and `rights_owner`) in `[package]` of boardls.toml, or \
             pass --license; the package says `unknown`"
                .to_string(),
        );
    }
    fs::write(&yaml_path, problem_yaml::merge(&old_yaml, &keys))
        .map_err(|e| wrap(&yaml_path, e))?;

    let statement_path = at(STATEMENT);
    let old_statement = fs::read_to_string(&statement_path).ok();
    let pictures_dir = at("problem_statement");
    fs::create_dir_all(&pictures_dir).map_err(|e| wrap(&pictures_dir, e))?;
    let mut names = Vec::new();
    for picture in pictures {
        let name = format!("{PICTURE_PREFIX}{}-{}.png", picture.test, picture.case);
        let path = pictures_dir.join(&name);
        fs::write(&path, &picture.png).map_err(|e| wrap(&path, e))?;
        names.push((name, picture));
    }
    let name = keys.name.clone();
    let text = statement::write(game, &name, &names, old_statement.as_deref());
    fs::write(&statement_path, text).map_err(|e| wrap(&statement_path, e))?;

    if let Some(limit) = info.time_limit {
        let path = at(TIME_LIMIT);
        fs::write(&path, format!("{}\n", limit.as_secs_f64())).map_err(|e| wrap(&path, e))?;
    }

    if !info.points.is_empty() {
        write_scoring(staging, &info.points).map_err(|e| wrap(staging, e))?;
    }

    let validator = at(VALIDATOR);
    if let Some(dir) = validator.parent() {
        fs::create_dir_all(dir).map_err(|e| wrap(dir, e))?;
    }
    fs::write(&validator, game.judge_format().checktestdata).map_err(|e| wrap(&validator, e))?;

    if !info.solutions.is_empty() {
        let accepted = at("submissions/accepted");
        fs::create_dir_all(&accepted).map_err(|e| wrap(&accepted, e))?;
        for solution in &info.solutions {
            let Some(file) = solution.file_name() else {
                return Err(format!("{}: not a file", solution.display()));
            };
            fs::copy(solution, accepted.join(file)).map_err(|e| wrap(solution, e))?;
        }
    } else if !at("submissions/accepted").is_dir() {
        warnings.push(
            "no accepted solution: pass --solution FILE (judges need at least one)".to_string(),
        );
    }
    Ok(warnings)
}

/// A finding of the package checks, with its stable code.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finding {
    pub code: &'static str,
    /// An error stops the package from being written.
    pub error: bool,
    pub message: String,
}

/// What makes a package from `items` fail or warn in the judges' tools: no secret test, no
/// sample, a sample's board again as a secret test, a group name the format rejects, and (when
/// groups give `points`) a secret test outside them.
pub fn check(items: &[Item], points: &[(String, u32)]) -> Vec<Finding> {
    let mut out = Vec::new();
    let named = |item: &Item| match &item.origin.name {
        Some(name) => format!("{}:{} \"{name}\"", item.origin.file, item.origin.line),
        None => format!("{}:{}", item.origin.file, item.origin.line),
    };
    if !items.iter().any(|i| !i.sample) {
        out.push(Finding {
            code: PACKAGE_NO_SECRET,
            error: true,
            message: "every test is a sample: a problem package needs a secret test".into(),
        });
    }
    if !items.iter().any(|i| i.sample) {
        out.push(Finding {
            code: PACKAGE_NO_SAMPLE,
            error: false,
            message: "no test is a sample: the statement shows none".into(),
        });
    }
    let samples: HashMap<&str, &Item> = items
        .iter()
        .filter(|i| i.sample)
        .map(|i| (i.input.as_str(), i))
        .collect();
    for item in items.iter().filter(|i| !i.sample) {
        if let Some(sample) = samples.get(item.input.as_str()) {
            out.push(Finding {
                code: PACKAGE_SAMPLE_ALSO_SECRET,
                error: false,
                message: format!(
                    "{} is the board of sample {}: a secret test the contestants have seen",
                    named(item),
                    named(sample)
                ),
            });
        }
    }
    if !points.is_empty()
        && let Some(item) = items.iter().find(|i| {
            !i.sample
                && !i
                    .group
                    .as_ref()
                    .is_some_and(|g| points.iter().any(|(p, _)| p == g))
        })
    {
        out.push(Finding {
            code: PACKAGE_UNSCORED_TEST,
            error: true,
            message: format!(
                "{}: a secret test in no group with points, in a problem whose groups give \
                 points: label its step `NAME(POINTS):`",
                named(item)
            ),
        });
    }
    let mut groups: Vec<&str> = items.iter().filter_map(|i| i.group.as_deref()).collect();
    groups.dedup();
    groups.sort_unstable();
    groups.dedup();
    for group in groups.into_iter().filter(|g| !is_package_group_name(g)) {
        out.push(Finding {
            code: PACKAGE_GROUP_NAME,
            error: false,
            message: bad_group_name(group),
        });
    }
    out
}

/// The `testdata.yaml` files of a scoring problem: each secret group scores its points when
/// every test in it is accepted (`min` of the tests' scores), the samples nothing, the
/// problem the sum. `points` names every secret group (the caller checks).
fn write_scoring(staging: &Path, points: &[(String, u32)]) -> io::Result<()> {
    let total: u32 = points.iter().map(|(_, p)| p).sum();
    let sum = format!("on_reject: continue\ngrader_flags: sum\nrange: 0 {total}\n");
    fs::write(staging.join("data/testdata.yaml"), &sum)?;
    fs::write(staging.join("data/secret/testdata.yaml"), &sum)?;
    if staging.join("data/sample").is_dir() {
        fs::write(
            staging.join("data/sample/testdata.yaml"),
            "accept_score: 0\nrange: 0 0\n",
        )?;
    }
    for entry in fs::read_dir(staging.join("data/secret"))? {
        let path = entry?.path();
        if !path.is_dir() {
            continue;
        }
        let folder = path.file_name().map(|n| n.to_string_lossy().into_owned());
        // Folders are `NN-GROUP` (the `package` layout).
        let group = folder
            .as_deref()
            .and_then(|f| f.split_once('-'))
            .map(|(_, g)| g);
        let Some((_, p)) = points.iter().find(|(g, _)| Some(g.as_str()) == group) else {
            continue;
        };
        fs::write(
            path.join("testdata.yaml"),
            format!("on_reject: continue\ngrader_flags: min\naccept_score: {p}\nrange: 0 {p}\n"),
        )?;
    }
    Ok(())
}

/// Whether `rel` (a path inside a package, `/`-separated) is written by boardls on every
/// build, so that an old copy must not be carried over.
fn generated(rel: &str) -> bool {
    rel == "data"
        || rel.starts_with("data/")
        || rel == "tests.json"
        || rel == VALIDATOR
        || rel
            .strip_prefix("problem_statement/")
            .is_some_and(|name| name.starts_with(PICTURE_PREFIX))
}

/// Copies what the author keeps from an old package into the new one: everything but the
/// generated files (`problem.yaml` and the statement are copied too, to be merged).
fn carry_over(old: &Path, new: &Path) -> io::Result<()> {
    fn walk(root: &Path, dir: &Path, new: &Path) -> io::Result<()> {
        for entry in fs::read_dir(dir)? {
            let entry = entry?;
            let path = entry.path();
            let rel = path
                .strip_prefix(root)
                .map_err(io::Error::other)?
                .to_string_lossy()
                .replace('\\', "/");
            if generated(&rel) {
                continue;
            }
            let kind = entry.file_type()?;
            let to = new.join(&rel);
            if kind.is_dir() {
                fs::create_dir_all(&to)?;
                walk(root, &path, new)?;
            } else if kind.is_symlink() {
                #[cfg(unix)]
                std::os::unix::fs::symlink(fs::read_link(&path)?, &to)?;
            } else {
                fs::copy(&path, &to)?;
            }
        }
        Ok(())
    }
    walk(old, old, new)
}

/// Whether `dir` holds a package boardls wrote (its `tests.json` and `problem.yaml`).
pub fn is_package(dir: &Path) -> bool {
    dir.join("problem.yaml").is_file() && dir.join("tests.json").is_file()
}

/// A problem's short name as the format wants it (`[a-z0-9]+`), from a folder name; none
/// when nothing of it is left.
pub fn short_name(folder: &str) -> Option<String> {
    let name: String = folder
        .chars()
        .filter(char::is_ascii_alphanumeric)
        .map(|c| c.to_ascii_lowercase())
        .collect();
    (!name.is_empty()).then_some(name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generated_files_are_only_boardls_own() {
        for rel in [
            "data",
            "data/secret/01-small/01.in",
            "tests.json",
            "input_validators/boardls.ctd",
            "problem_statement/boardls-sample-01-1.png",
        ] {
            assert!(generated(rel), "{rel}");
        }
        for rel in [
            "problem.yaml",
            "problem_statement/problem.en.tex",
            "problem_statement/figure.png",
            "input_validators/mine.py",
            "submissions/accepted/a.cpp",
            "datafile.txt",
        ] {
            assert!(!generated(rel), "{rel}");
        }
    }

    fn item(input: &str, sample: bool, group: Option<&str>) -> Item {
        Item {
            game: GameId::Strings,
            input: input.into(),
            answer: "DRAW".into(),
            origin: crate::authoring::export::Origin {
                file: "a.board".into(),
                line: 1,
                name: Some("c".into()),
            },
            group: group.map(str::to_string),
            sample,
        }
    }

    #[test]
    fn the_checks_find_what_judges_reject() {
        let codes =
            |items: &[Item]| -> Vec<&str> { check(items, &[]).iter().map(|f| f.code).collect() };
        assert_eq!(codes(&[item("1\na\n", true, None)]), [PACKAGE_NO_SECRET]);
        assert_eq!(codes(&[item("1\na\n", false, None)]), [PACKAGE_NO_SAMPLE]);
        assert_eq!(
            codes(&[
                item("1\na\n", true, None),
                item("1\na\n", false, Some("Big_"))
            ]),
            [PACKAGE_SAMPLE_ALSO_SECRET, PACKAGE_GROUP_NAME]
        );
        assert!(
            codes(&[
                item("1\na\n", true, None),
                item("1\nb\n", false, Some("big"))
            ])
            .is_empty()
        );
        assert!(check(&[item("1\na\n", true, None)], &[])[0].error);
        let scored = [("big".to_string(), 10)];
        let both = [item("1\na\n", true, None), item("1\nb\n", false, None)];
        assert_eq!(check(&both, &scored)[0].code, PACKAGE_UNSCORED_TEST);
    }

    #[test]
    fn short_names_and_group_names_follow_the_format() {
        assert_eq!(short_name("My-Problem_2").as_deref(), Some("myproblem2"));
        assert_eq!(short_name("__"), None);
        assert!(is_package_group_name("small"));
        assert!(is_package_group_name("max-2"));
        assert!(!is_package_group_name("small_"));
        assert!(!is_package_group_name("Small"));
        assert!(!is_package_group_name("-x"));
    }
}
