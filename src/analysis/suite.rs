//! Suite coverage for test-data authors: answers no case covers, no case at the original
//! maximum size, duplicate boards (also up to the game's symmetries). Whether a file is checked
//! as part of a suite at all is [`membership`], the one rule of the command line and the
//! server.

use super::codes::{
    DUPLICATE_BOARD, NO_MAX_CASE, PACKAGE_GROUP_NAME, PACKAGE_SAMPLE_ALSO_SECRET, SURVIVING_MUTANT,
    UNCOVERED_ANSWER,
};
use super::{Analysis, Verdict};
use crate::config::MAX_SUITE_RELATED;
use crate::diag::Diagnostic;
use crate::games::{AnyBoard, GameId, Symmetry, mutant};
use crate::span::Span;
use sha2::{Digest, Sha256};
use std::collections::{BTreeMap, HashMap};

/// A file comment that makes the file a suite of its own.
pub(crate) const MARKER: &str = "boardls: suite";

/// Whether `text` (analysed as `analysis`) asks for suite checks with a [`MARKER`] comment.
pub(crate) fn is_marked(text: &str, analysis: &Analysis) -> bool {
    analysis
        .parse
        .file
        .comments
        .iter()
        .any(|c| text.get(c.start..c.end).is_some_and(|t| t.contains(MARKER)))
}

/// What the user asks of suite checks beyond what the files declare: `check --suite` is
/// [`Ask::Always`]; the editor's `boardls.suite.diagnostics` is any of the three.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Ask {
    /// As the files declare: `suite = true` in their `boardls.toml`, or `// boardls: suite`.
    #[default]
    Auto,
    /// Every file is part of a suite with the others.
    Always,
    /// No suite findings at all.
    Never,
}

impl Ask {
    /// The setting's value as written (`auto`, `always`, `never`).
    pub fn parse(value: &str) -> Option<Ask> {
        match value {
            "auto" => Some(Ask::Auto),
            "always" => Some(Ask::Always),
            "never" => Some(Ask::Never),
            _ => None,
        }
    }
}

/// How a file takes part in suite checks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Membership {
    /// In no suite: no suite findings (an ordinary folder of puzzles).
    Outside,
    /// A suite of its own.
    Alone,
    /// One suite with the other files of its project (or of everything checked together).
    WithOthers,
}

/// Whether a file is checked with the other files as one suite: asked for, or declared by the
/// `suite` key of its nearest `boardls.toml` (`project_suite`).
pub fn with_others(ask: Ask, project_suite: Option<bool>) -> bool {
    match ask {
        Ask::Always => true,
        Ask::Never => false,
        Ask::Auto => project_suite == Some(true),
    }
}

/// The rule deciding how a file takes part in suite checks, for the command line and the
/// server alike: with the others when [`with_others`] says so; else alone when it is `marked`
/// ([`is_marked`]) and suite checks are not turned off; else not at all.
pub fn membership(ask: Ask, project_suite: Option<bool>, marked: bool) -> Membership {
    if with_others(ask, project_suite) {
        Membership::WithOthers
    } else if marked && ask != Ask::Never {
        Membership::Alone
    } else {
        Membership::Outside
    }
}

/// What the suite checks need of one case: small enough to keep for every case of a suite
/// of any size (a board is kept as its side and a digest, not its cells).
#[derive(Clone, Debug)]
pub struct CaseFacts {
    pub game: GameId,
    pub header: Span,
    pub title: String,
    /// The answer of its verdict, when solved.
    pub answer: Option<String>,
    /// The largest side of its board and the digest of the board up to symmetry ([`canonical`]).
    pub board: Option<(usize, [u8; 32])>,
    /// `sample`, its group, or [`NO_GROUP`].
    pub group: String,
}

/// The group of a case in no group.
const NO_GROUP: &str = "-";

impl CaseFacts {
    fn is_sample(&self) -> bool {
        self.group == SAMPLE
    }
}

const SAMPLE: &str = "sample";

/// The finding on a group name [`is_package_group_name`] refuses (`W243`).
pub fn bad_group_name(group: &str) -> String {
    format!(
        "group `{group}`: the package format takes lowercase letters and digits, with `_` or \
         `-` only between them"
    )
}

/// Whether a test group's name is valid in the package format: lowercase letters and digits,
/// with `_` or `-` only between them.
pub fn is_package_group_name(name: &str) -> bool {
    let ok = |c: char| c.is_ascii_lowercase() || c.is_ascii_digit();
    name.chars().next().is_some_and(ok)
        && name.chars().last().is_some_and(ok)
        && name.chars().all(|c| ok(c) || c == '_' || c == '-')
}

/// The facts of a file's cases that have a game, as [`findings_of`] and [`coverage_of`] take
/// them.
pub fn facts(analysis: &Analysis, verdicts: &[Option<&Verdict>]) -> Vec<CaseFacts> {
    debug_assert_eq!(analysis.cases.len(), verdicts.len());
    analysis
        .cases
        .iter()
        .zip(verdicts)
        .enumerate()
        .filter_map(|(i, (case, verdict))| {
            let game = case.game?;
            let labels = analysis.parse.file.labels(i);
            let group = if labels.sample {
                SAMPLE.to_string()
            } else {
                labels.group.unwrap_or_else(|| NO_GROUP.to_string())
            };
            Some(CaseFacts {
                game,
                header: case.header,
                title: case.title(),
                answer: verdict
                    .and_then(|v| v.solution())
                    .map(|s| s.answer.to_string()),
                board: case
                    .board
                    .as_ref()
                    .map(|b| (b.largest_side(), Sha256::digest(canonical(b)).into())),
                group,
            })
        })
        .collect()
}

/// The findings of `files` taken as one suite, one list per file: each file as its analysis
/// and its cases' verdicts.
pub fn findings(files: &[(&Analysis, &[Option<&Verdict>])]) -> Vec<Vec<Diagnostic>> {
    let facts: Vec<Vec<CaseFacts>> = files.iter().map(|(a, v)| facts(a, v)).collect();
    findings_of(&facts)
}

/// [`findings`] and the [`survivor_findings`] of the zoo: everything `check` reports for a
/// suite.
pub fn findings_with_survivors(files: &[(&Analysis, &[Option<&Verdict>])]) -> Vec<Vec<Diagnostic>> {
    let facts: Vec<Vec<CaseFacts>> = files.iter().map(|(a, v)| facts(a, v)).collect();
    let kills: Vec<_> = files.iter().map(|(a, v)| kills(a, v)).collect();
    findings_with_kills(&facts, &kills)
}

/// [`findings_of`] with the [`survivor_findings`] of each file's [`kills`] added.
pub fn findings_with_kills(
    files: &[Vec<CaseFacts>],
    kills: &[Vec<(GameId, Vec<bool>)>],
) -> Vec<Vec<Diagnostic>> {
    let mut found = findings_of(files);
    for (file, survivors) in found.iter_mut().zip(survivor_findings(files, kills)) {
        file.extend(survivors);
    }
    found
}

/// The wrong solutions of each game's zoo that no file of `files` kills, by name, in zoo order.
pub fn survivors(
    files: &[(&Analysis, &[Option<&Verdict>])],
) -> BTreeMap<GameId, Vec<&'static str>> {
    let kills: Vec<_> = files.iter().map(|(a, v)| kills(a, v)).collect();
    killed_by_any(&kills)
        .into_iter()
        .map(|(game, row)| {
            let names = game
                .zoo()
                .iter()
                .zip(row)
                .filter(|(_, k)| !k)
                .map(|(m, _)| m.name)
                .collect();
            (game, names)
        })
        .collect()
}

/// For each game, which mutants some file kills (the files' [`kills`] together).
fn killed_by_any(kills: &[Vec<(GameId, Vec<bool>)>]) -> BTreeMap<GameId, Vec<bool>> {
    let mut killed: BTreeMap<GameId, Vec<bool>> = BTreeMap::new();
    for (game, row) in kills.iter().flatten() {
        let all = killed
            .entry(*game)
            .or_insert_with(|| vec![false; row.len()]);
        for (k, r) in all.iter_mut().zip(row) {
            *k |= *r;
        }
    }
    killed
}

/// The findings of a suite of files given by their cases' [`facts`], one list per file.
pub fn findings_of(files: &[Vec<CaseFacts>]) -> Vec<Vec<Diagnostic>> {
    let mut per_file = vec![Vec::new(); files.len()];
    for (file, diagnostic) in check(files) {
        per_file[file].push(diagnostic);
    }
    per_file
}

/// Suite findings as `(file index, diagnostic)`, each once. One about the whole suite sits on
/// the first case header of the first file with cases of its game, pointing to that file's
/// cases it is about; one about a case, on that case's header.
fn check(files: &[Vec<CaseFacts>]) -> Vec<(usize, Diagnostic)> {
    let mut out = Vec::new();
    let mut by_game: BTreeMap<GameId, Vec<(usize, &CaseFacts)>> = BTreeMap::new();
    for (file, cases) in files.iter().enumerate() {
        for c in cases {
            by_game.entry(c.game).or_default().push((file, c));
        }
    }
    for (game, cases) in by_game {
        let Some(&(first_file, _)) = cases.first() else {
            continue;
        };
        let Some(anchor) = files[first_file].first().map(|c| c.header) else {
            continue;
        };
        // Related places are spans of the text holding the finding: its file's cases alone.
        let in_first_file: Vec<&CaseFacts> = cases
            .iter()
            .filter(|(file, _)| *file == first_file)
            .map(|(_, c)| *c)
            .collect();
        let answers: Vec<&str> = cases
            .iter()
            .filter_map(|(_, c)| c.answer.as_deref())
            .collect();
        for class in game.spec().answer_classes {
            if !answers.contains(class) {
                let d = Diagnostic::info(
                    UNCOVERED_ANSWER,
                    anchor,
                    format!("no {game} case has the answer `{class}`"),
                );
                out.push((first_file, with_cases(d, &in_first_file, answer_note)));
            }
        }
        let boards: Vec<(usize, &CaseFacts, usize, &[u8; 32])> = cases
            .iter()
            .filter_map(|&(file, c)| c.board.as_ref().map(|(side, key)| (file, c, *side, key)))
            .collect();
        let max_side = game.spec().original_max_side;
        if !boards.iter().any(|b| b.2 >= max_side) && !boards.is_empty() {
            let d = Diagnostic::info(
                NO_MAX_CASE,
                anchor,
                format!("no {game} case reaches the original maximum size ({max_side})"),
            );
            let side = |c: &CaseFacts| c.board.map_or(0, |(side, _)| side);
            let largest = in_first_file.iter().map(|c| side(c)).max().unwrap_or(0);
            let nearest: Vec<&CaseFacts> = in_first_file
                .iter()
                .copied()
                .filter(|c| c.board.is_some() && side(c) == largest)
                .collect();
            out.push((first_file, with_cases(d, &nearest, side_note)));
        }
        // A secret test with a sample's board is a package check (`W241`); boards repeated
        // among the samples, or among the secret tests, are `I222`.
        let mut samples: HashMap<&[u8; 32], (usize, &CaseFacts)> = HashMap::new();
        for &(file, c, _, key) in boards.iter().filter(|b| b.1.is_sample()) {
            samples.entry(key).or_insert((file, c));
        }
        let mut seen: HashMap<(bool, &[u8; 32]), (usize, &CaseFacts)> = HashMap::new();
        for (file, c, _, key) in boards {
            if !c.is_sample()
                && let Some(&(sample_file, sample)) = samples.get(key)
            {
                let mut d = Diagnostic::warning(
                    PACKAGE_SAMPLE_ALSO_SECRET,
                    c.header,
                    format!(
                        "the board of sample {} (up to symmetry): a secret test the contestants \
                         have seen",
                        sample.title
                    ),
                );
                if sample_file == file {
                    d = d.with_related(sample.header, "the sample");
                }
                out.push((file, d));
                continue;
            }
            if let Some(&(earlier_file, earlier)) = seen.get(&(c.is_sample(), key)) {
                let mut d = Diagnostic::info(
                    DUPLICATE_BOARD,
                    c.header,
                    format!("same board as {} (up to symmetry)", earlier.title),
                );
                // A place in another file is named by the message alone: spans are per text.
                if earlier_file == file {
                    d = d.with_related(earlier.header, "the same board, first here");
                }
                out.push((file, d));
            } else {
                seen.insert((c.is_sample(), key), (file, c));
            }
        }
    }
    for (file, cases) in files.iter().enumerate() {
        let mut named: Vec<&str> = Vec::new();
        for c in cases {
            let group = c.group.as_str();
            if c.is_sample() || group == NO_GROUP || named.contains(&group) {
                continue;
            }
            named.push(group);
            if !is_package_group_name(group) {
                out.push((
                    file,
                    Diagnostic::warning(PACKAGE_GROUP_NAME, c.header, bad_group_name(group)),
                ));
            }
        }
    }
    out
}

/// Which wrong solutions of each game's zoo a file's solved cases kill, judged as `export`
/// packs them: the file's cases of a game, in order, in input files of at most the game's tests
/// per file. One entry per game with cases, the mutants in zoo order.
pub fn kills(analysis: &Analysis, verdicts: &[Option<&Verdict>]) -> Vec<(GameId, Vec<bool>)> {
    let mut by_game: BTreeMap<GameId, (Vec<AnyBoard>, Vec<String>)> = BTreeMap::new();
    for (case, verdict) in analysis.cases.iter().zip(verdicts) {
        let (Some(game), Some(board), Some(solution)) = (
            case.game,
            case.board.as_ref(),
            verdict.and_then(|v| v.solution()),
        ) else {
            continue;
        };
        let (boards, answers) = by_game.entry(game).or_default();
        boards.push(board.clone());
        answers.push(solution.answer.to_string());
    }
    by_game
        .into_iter()
        .map(|(game, (boards, answers))| {
            let per_file = game.spec().max_tests_per_file.max(1);
            let killed = game
                .zoo()
                .iter()
                .map(|mutant| {
                    boards
                        .chunks(per_file)
                        .zip(answers.chunks(per_file))
                        .any(|(b, a)| mutant::kills(mutant, b, a))
                })
                .collect();
            (game, killed)
        })
        .collect()
}

/// A finding for each mutant of each game's zoo that no file's cases kill ([`kills`] of each
/// file), on the first case header of the first file with cases of the game, as the other
/// findings about the whole suite.
pub fn survivor_findings(
    files: &[Vec<CaseFacts>],
    kills: &[Vec<(GameId, Vec<bool>)>],
) -> Vec<Vec<Diagnostic>> {
    let mut per_file = vec![Vec::new(); files.len()];
    for (game, row) in killed_by_any(kills) {
        let Some((file, anchor)) = files
            .iter()
            .enumerate()
            .find_map(|(i, cases)| cases.iter().find(|c| c.game == game).map(|c| (i, c.header)))
        else {
            continue;
        };
        for (mutant, _) in game.zoo().iter().zip(&row).filter(|(_, k)| !**k) {
            per_file[file].push(
                Diagnostic::info(
                    SURVIVING_MUTANT,
                    anchor,
                    format!(
                        "no {game} test kills the wrong solution `{}`: {}",
                        mutant.name, mutant.explanation
                    ),
                )
                .with_help("`boardls strengthen` writes cases that kill it"),
            );
        }
    }
    per_file
}

/// `d` with `cases` as its related places, each with what `note` says of it, at most
/// [`MAX_SUITE_RELATED`] (the last one says how many more there are).
fn with_cases(
    mut d: Diagnostic,
    cases: &[&CaseFacts],
    note: fn(&CaseFacts) -> String,
) -> Diagnostic {
    for (i, c) in cases.iter().take(MAX_SUITE_RELATED).enumerate() {
        let mut message = note(c);
        let more = cases.len() - MAX_SUITE_RELATED.min(cases.len());
        if i + 1 == MAX_SUITE_RELATED && more > 0 {
            message.push_str(&format!(" (and {more} more case(s))"));
        }
        d = d.with_related(c.header, message);
    }
    d
}

fn answer_note(c: &CaseFacts) -> String {
    match &c.answer {
        Some(answer) => format!("{} has the answer `{answer}`", c.title),
        None => format!("{} has no answer", c.title),
    }
}

fn side_note(c: &CaseFacts) -> String {
    let side = c.board.map_or(0, |(side, _)| side);
    format!("{}, the largest here: side {side}", c.title)
}

/// The smallest text among the board's images under the symmetries its game keeps
/// ([`Symmetry`]).
fn canonical(board: &AnyBoard) -> String {
    let body = board.to_case();
    if let Some((_, size)) = body.props.iter().find(|(k, _)| k == "size") {
        let piece = body
            .props
            .iter()
            .find(|(k, _)| k == "piece")
            .map_or("", |(_, v)| v.as_str());
        let mut dims: Vec<&str> = size.split_whitespace().collect();
        dims.sort_unstable();
        return format!("{piece} {}", dims.join(" "));
    }
    let grid: Vec<Vec<u8>> = body.rows.iter().map(|r| r.as_bytes().to_vec()).collect();
    let all_eight = board.game().spec().symmetry == Symmetry::Square;
    let mut images = vec![grid.clone(), transpose(&grid)];
    if all_eight {
        let mut g = grid;
        for _ in 0..3 {
            g = rotate(&g);
            images.push(transpose(&g));
            images.push(g.clone());
        }
    }
    images
        .into_iter()
        .map(|g| {
            g.iter()
                .map(|r| String::from_utf8_lossy(r).into_owned())
                .collect::<Vec<_>>()
                .join("/")
        })
        .min()
        .unwrap_or_default()
}

fn transpose(g: &[Vec<u8>]) -> Vec<Vec<u8>> {
    let cols = g.first().map_or(0, Vec::len);
    (0..cols)
        .map(|c| g.iter().filter_map(|row| row.get(c).copied()).collect())
        .collect()
}

/// A quarter turn clockwise.
fn rotate(g: &[Vec<u8>]) -> Vec<Vec<u8>> {
    let mut t = transpose(g);
    for row in &mut t {
        row.reverse();
    }
    t
}

/// What a suite covers, game by game: the table `check --suite` prints when it passes.
pub struct Coverage {
    pub games: Vec<GameCoverage>,
}

pub struct GameCoverage {
    pub game: GameId,
    pub cases: usize,
    /// Every answer class of the game and any other answer seen, with its number of cases.
    pub answers: Vec<(String, usize)>,
    /// The largest side of any board, and the case that has it.
    pub largest: Option<(usize, String)>,
    /// `sample`, each group in order of appearance, and `-` (no group): cases and the number
    /// of answer classes they cover.
    pub groups: Vec<GroupCoverage>,
}

pub struct GroupCoverage {
    pub name: String,
    pub cases: usize,
    pub classes_covered: usize,
}

/// The coverage of `files` taken as one suite (as [`findings`] takes them).
pub fn coverage(files: &[(&Analysis, &[Option<&Verdict>])]) -> Coverage {
    let facts: Vec<Vec<CaseFacts>> = files.iter().map(|(a, v)| facts(a, v)).collect();
    coverage_of(&facts)
}

/// The coverage of a suite of files given by their cases' [`facts`].
pub fn coverage_of(files: &[Vec<CaseFacts>]) -> Coverage {
    let mut games: BTreeMap<GameId, GameCoverage> = BTreeMap::new();
    let mut group_answers: BTreeMap<(GameId, String), Vec<String>> = BTreeMap::new();
    for case in files.iter().flatten() {
        let game = case.game;
        let entry = games.entry(game).or_insert_with(|| GameCoverage {
            game,
            cases: 0,
            answers: game
                .spec()
                .answer_classes
                .iter()
                .map(|a| ((*a).to_string(), 0))
                .collect(),
            largest: None,
            groups: Vec::new(),
        });
        entry.cases += 1;
        if let Some(answer) = &case.answer {
            match entry.answers.iter_mut().find(|(a, _)| a == answer) {
                Some((_, n)) => *n += 1,
                None => entry.answers.push((answer.clone(), 1)),
            }
        }
        if let Some((side, _)) = case.board
            && entry.largest.as_ref().is_none_or(|(s, _)| side > *s)
        {
            entry.largest = Some((side, case.title.clone()));
        }
        let name = &case.group;
        match entry.groups.iter_mut().find(|g| g.name == *name) {
            Some(g) => g.cases += 1,
            None => entry.groups.push(GroupCoverage {
                name: name.clone(),
                cases: 1,
                classes_covered: 0,
            }),
        }
        let seen = group_answers.entry((game, name.clone())).or_default();
        if let Some(answer) = &case.answer
            && !seen.contains(answer)
        {
            seen.push(answer.clone());
        }
    }
    for entry in games.values_mut() {
        let classes = entry.game.spec().answer_classes;
        for group in &mut entry.groups {
            group.classes_covered =
                group_answers
                    .get(&(entry.game, group.name.clone()))
                    .map_or(0, |seen| {
                        classes
                            .iter()
                            .filter(|c| seen.iter().any(|a| a == *c))
                            .count()
                    });
        }
    }
    Coverage {
        games: games.into_values().collect(),
    }
}

impl std::fmt::Display for Coverage {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for (i, game) in self.games.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            let max = game.game.spec().original_max_side;
            write!(f, "{}: {} case(s)", game.game, game.cases)?;
            if let Some((side, title)) = &game.largest {
                write!(
                    f,
                    ", largest board {side} (original maximum {max}) in {title}"
                )?;
            }
            writeln!(f)?;
            let width = game
                .answers
                .iter()
                .map(|(a, _)| a.len())
                .chain(game.groups.iter().map(|g| g.name.len()))
                .chain([6])
                .max()
                .unwrap_or(6);
            writeln!(f, "  {:width$}  cases", "answer")?;
            for (answer, n) in &game.answers {
                writeln!(f, "  {answer:width$}  {n}")?;
            }
            let classes = game.game.spec().answer_classes.len();
            writeln!(f, "  {:width$}  cases  answers covered", "group")?;
            for g in &game.groups {
                writeln!(
                    f,
                    "  {:width$}  {:<5}  {}/{classes}",
                    g.name, g.cases, g.classes_covered
                )?;
            }
        }
        Ok(())
    }
}
