//! `boardls strengthen`: for each mutant a suite lets live, a search for an input that kills
//! it: boards of the game's generators and presets first, then edits of the suite's own boards
//! (a cell changed, the board transposed or reshaped, a chess side moved), alone or after a
//! board of the suite (a mutant that keeps state between tests needs two). Every candidate is
//! a valid input of the original problem (`validate`), solved exactly; the first that kills is
//! shrunk by `stress`'s shrinker. Round i of mutant j is drawn from its own stream, so a seed
//! gives the same killers every time.

use super::generate::{GenOptions, Preset, draw_board};
use super::rng::Rng;
use super::shrink::shrink;
use super::strength::kills;
use super::validate::validate;
use super::{board_of, case_text};
use crate::analysis;
use crate::config::Config;
use crate::games::mutant::Mutant;
use crate::games::{AnyBoard, CaseBody, GameId};
use std::time::{Duration, Instant};

/// How hard to search.
#[derive(Clone, Debug)]
pub struct StrengthenOptions {
    pub seed: u64,
    /// Candidate inputs tried per mutant.
    pub rounds: usize,
    /// The time the shrinker may take per killer (it stops at a 1-minimal input well before,
    /// on every board of the original limits).
    pub shrink_time: Duration,
}

impl Default for StrengthenOptions {
    fn default() -> StrengthenOptions {
        StrengthenOptions {
            seed: 1,
            rounds: 2_000,
            shrink_time: Duration::from_secs(10),
        }
    }
}

/// An input that kills a mutant: its boards (one test file, in order) and exact answers.
#[derive(Clone, Debug)]
pub struct Killer {
    pub mutant: &'static Mutant,
    pub boards: Vec<AnyBoard>,
    pub answers: Vec<String>,
    /// The round that found it (before shrinking).
    pub round: usize,
    /// The mutants of the list this input kills besides the one it was searched for.
    pub also_kills: Vec<&'static str>,
}

/// What the search found.
#[derive(Debug, Default)]
pub struct Strengthened {
    pub killers: Vec<Killer>,
    /// The mutants no candidate killed within the rounds.
    pub unkilled: Vec<&'static Mutant>,
}

/// Rounds drawn from the generators before the suite's boards are edited.
const GENERATED_SHARE: usize = 2;
/// The first round that may draw a board of the original's maximum size.
const LARGE_FROM_ROUND: usize = 200;
/// Rounds per step of the largest side of a generated board (small boards first).
const ROUNDS_PER_SIDE: usize = 25;

/// Searches a killer for each of `survivors` (mutants of `game`); `suite` holds the suite's
/// boards, edited in the later rounds. A killer found for one mutant that also kills later
/// ones serves them too.
pub fn strengthen(
    game: GameId,
    survivors: &[&'static Mutant],
    suite: &[AnyBoard],
    options: &StrengthenOptions,
    config: &Config,
) -> Strengthened {
    let mut found = Strengthened::default();
    let mut done: Vec<&'static str> = Vec::new();
    for (j, &mutant) in survivors.iter().enumerate() {
        if done.contains(&mutant.name) {
            continue;
        }
        let Some(mut killer) = search(game, j, mutant, suite, options, config) else {
            found.unkilled.push(mutant);
            continue;
        };
        for &other in &survivors[j + 1..] {
            if !done.contains(&other.name) && kills(other, &killer.boards, &killer.answers) {
                killer.also_kills.push(other.name);
                done.push(other.name);
            }
        }
        done.push(mutant.name);
        found.killers.push(killer);
    }
    found
}

fn search(
    game: GameId,
    index: usize,
    mutant: &'static Mutant,
    suite: &[AnyBoard],
    options: &StrengthenOptions,
    config: &Config,
) -> Option<Killer> {
    let stream = options
        .seed
        .wrapping_add((index as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    let generated_rounds = if suite.is_empty() {
        options.rounds
    } else {
        options.rounds / GENERATED_SHARE
    };
    for round in 0..options.rounds {
        let mut rng = Rng::for_case(stream, round);
        let candidate = if round < generated_rounds {
            generated(game, round, suite, &mut rng)
        } else {
            edited(game, suite, &mut rng)
        };
        let Some(boards) = candidate else { continue };
        let Some(answers) = exact_answers(game, &boards, config) else {
            continue;
        };
        if kills(mutant, &boards, &answers) {
            let shrunk = shrink(
                boards.clone(),
                Instant::now() + options.shrink_time,
                |candidate| {
                    exact_answers(game, candidate, config)
                        .is_some_and(|answers| kills(mutant, candidate, &answers))
                },
            );
            let answers = exact_answers(game, &shrunk.boards, config).unwrap_or(answers);
            return Some(Killer {
                mutant,
                boards: shrunk.boards,
                answers,
                round,
                also_kills: Vec::new(),
            });
        }
    }
    None
}

/// The exact answers of `boards` as one judge input, when it is a valid input of the original
/// problem and every test is solved.
fn exact_answers(game: GameId, boards: &[AnyBoard], config: &Config) -> Option<Vec<String>> {
    // A file holds at most the original's number of tests (strings: one), and the writer
    // would drop the rest.
    if boards.is_empty() || boards.len() > game.spec().max_tests_per_file {
        return None;
    }
    let input = game.write_judge(boards);
    validate(game, &input).ok()?;
    let run = game.judge(&input, &analysis::budget(config)).ok()?;
    if !run.unsolved.is_empty() {
        return None;
    }
    let answers: Vec<String> = run.output.lines().map(str::to_string).collect();
    (answers.len() == boards.len()).then_some(answers)
}

/// The presets a search draws from, in turn.
fn presets(game: GameId) -> &'static [Preset] {
    match game {
        GameId::Race => &[
            Preset::Random,
            Preset::Corridors,
            Preset::NearStart,
            Preset::Middle,
            Preset::Random,
            Preset::Edge,
            Preset::Max,
        ],
        // The largest boards too: what a search without memo cannot finish.
        _ => &[
            Preset::Random,
            Preset::Random,
            Preset::Random,
            Preset::Edge,
            Preset::Max,
        ],
    }
}

/// A generated board, alone, after another, or after a board of the suite.
fn generated(
    game: GameId,
    round: usize,
    suite: &[AnyBoard],
    rng: &mut Rng,
) -> Option<Vec<AnyBoard>> {
    let all = presets(game);
    let preset = match all[round % all.len()] {
        // The largest boards only once small ones had their chance: a killer should be small,
        // and shrinking a large one may take all the shrinker's time.
        Preset::Max if round < LARGE_FROM_ROUND => Preset::Random,
        preset => preset,
    };
    let options = GenOptions {
        game,
        rows: None,
        cols: None,
        count: 1,
        seed: 0,
        density: None,
        answer: None,
        preset,
    };
    let cap = 1 + round / ROUNDS_PER_SIDE;
    let board = board_of(game, &draw_board(&options, cap, rng))?;
    let one_per_file = game.spec().max_tests_per_file < 2;
    Some(match rng.range(0, 2) {
        _ if one_per_file => vec![board],
        0 => vec![board],
        1 => vec![board_of(game, &draw_board(&options, cap, rng))?, board],
        _ => vec![pick(suite, rng).unwrap_or_else(|| board.clone()), board],
    })
}

/// An edit of a board of the suite, alone or after the board it came from.
fn edited(game: GameId, suite: &[AnyBoard], rng: &mut Rng) -> Option<Vec<AnyBoard>> {
    let original = pick(suite, rng)?;
    let mut body = original.to_case();
    for _ in 0..rng.range(1, 3) {
        body = edit(game, body, rng)?;
    }
    let board = board_of(game, &body)?;
    Some(if game.spec().max_tests_per_file < 2 || rng.chance(0.5) {
        vec![board]
    } else {
        vec![original, board]
    })
}

fn pick(suite: &[AnyBoard], rng: &mut Rng) -> Option<AnyBoard> {
    if suite.is_empty() {
        return None;
    }
    suite.get(rng.range(0, suite.len() - 1)).cloned()
}

/// One structured edit of a case body; `None` when the edit does not apply.
fn edit(game: GameId, mut body: CaseBody, rng: &mut Rng) -> Option<CaseBody> {
    if game == GameId::Chess {
        return edit_chess(body, rng);
    }
    let rows: Vec<Vec<u8>> = body.rows.iter().map(|r| r.as_bytes().to_vec()).collect();
    let (n, m) = (rows.len(), rows.first().map_or(0, Vec::len));
    if n == 0 || m == 0 {
        return None;
    }
    let edited: Vec<Vec<u8>> = match rng.range(0, 3) {
        // A cell changed (the starts of race stay where they are).
        0 | 1 => {
            let mut rows = rows;
            let (r, c) = (rng.range(0, n - 1), rng.range(0, m - 1));
            let letters: &[u8] = match game {
                GameId::Zgame => b"AB.",
                GameId::Race => b".#",
                GameId::Tetris => b"01",
                _ => b"abc",
            };
            if game == GameId::Race && matches!(rows[r][c], b'A' | b'B') {
                return None;
            }
            rows[r][c] = rng.pick(letters)?;
            rows
        }
        // Transposed.
        2 => (0..m)
            .map(|c| (0..n).map(|r| rows[r][c]).collect())
            .collect(),
        // The same cells in another shape: what a state kept by cells alone confuses.
        _ => {
            let cells: Vec<u8> = rows.concat();
            let widths: Vec<usize> = (1..=cells.len())
                .filter(|&w| cells.len().is_multiple_of(w) && w != m)
                .collect();
            let w = rng.pick(&widths)?;
            cells.chunks(w).map(<[u8]>::to_vec).collect()
        }
    };
    body.rows = edited
        .into_iter()
        .map(|r| String::from_utf8_lossy(&r).into_owned())
        .collect();
    Some(body)
}

fn edit_chess(mut body: CaseBody, rng: &mut Rng) -> Option<CaseBody> {
    let at = body.props.iter().position(|(k, _)| k == "size")?;
    let sides: Vec<i64> = body.props[at]
        .1
        .split_whitespace()
        .filter_map(|s| s.parse().ok())
        .collect();
    let [mut n, mut m] = sides[..] else {
        return None;
    };
    match rng.range(0, 4) {
        0 => n += if rng.chance(0.5) { 1 } else { -1 },
        1 => m += if rng.chance(0.5) { 1 } else { -1 },
        2 => (n, m) = (m, n),
        3 => {
            let piece = rng.pick(&["king", "rook", "knight", "queen"])?;
            let p = body.props.iter().position(|(k, _)| k == "piece")?;
            body.props[p].1 = piece.to_string();
        }
        _ => {
            let d = rng.range(1, 40) as i64;
            (n, m) = (n + d, m + d);
        }
    }
    body.props[at].1 = format!("{n} {m}");
    Some(body)
}

/// The killers as `.board` text: each case names the mutant it kills in a comment; the boards
/// of a killer that needs several tests share a group of their own, so that `export` keeps them
/// in one file, in order.
pub fn killers_text(game: GameId, found: &Strengthened, command: &str) -> String {
    let mut out = format!("// made by: {command}\n");
    for killer in &found.killers {
        let several = killer.boards.len() > 1;
        for (i, (board, answer)) in killer.boards.iter().zip(&killer.answers).enumerate() {
            out.push('\n');
            let mut names = vec![killer.mutant.name];
            names.extend(&killer.also_kills);
            let list = names
                .iter()
                .map(|n| format!("`{n}`"))
                .collect::<Vec<_>>()
                .join(", ");
            out.push_str(&format!("// kills {list}: {}\n", killer.mutant.explanation));
            let name = if several {
                format!(
                    "kills {} {}/{}",
                    killer.mutant.name,
                    i + 1,
                    killer.boards.len()
                )
            } else {
                format!("kills {}", killer.mutant.name)
            };
            let mut text = case_text(game, &name, &board.to_case(), Some(answer));
            if several {
                // The directive goes inside the case, after its header.
                let header_end = text.find('\n').map_or(text.len(), |i| i + 1);
                text.insert_str(
                    header_end,
                    &format!("// boardls: group kills-{}\n", killer.mutant.name),
                );
            }
            out.push_str(&text);
        }
    }
    out
}
