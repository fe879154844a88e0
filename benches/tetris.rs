//! tetris benches: empty boards 6×6 to 9×9 (answer and full first-move map), 100 random 10×10
//! boards with 20% walls (fixed seed) and the folded 37×48 snake. Modes that time boards once
//! each, for those too slow to sample:
//! - `BOARDLS_TETRIS_STATS=1`: per-board median and worst over the 100 random 10×10 boards;
//! - `BOARDLS_TETRIS_ONCE=NxM`: one empty board (answer, then full map), e.g. 10x11;
//! - `BOARDLS_TETRIS_RANDOM50=P`: seeds 1–20 of `boardls gen tetris --size 50x50 --density P`
//!   (the library generator, so the same boards), each answered then mapped under
//!   `BOARDLS_TETRIS_SECONDS` (default 60) seconds, in one process and then again, with the
//!   small regions of every board in the process-wide cache; with `BOARDLS_TETRIS_ANSWER_ONLY=1`
//!   each board is only answered, in one pass (the targets are about the answer).

use boardls::authoring::generate::{GenOptions, Preset, generate};
use boardls::config::Config;
use boardls::games::tetris::Tetris;
use boardls::games::{Budget, Game, GameId, Grid};
use criterion::{Criterion, black_box, criterion_group};
use std::time::{Duration, Instant};
use xorshift::XorShift;

#[path = "../tests/support/xorshift.rs"]
mod xorshift;

/// 100 boards of 10×10, each cell blocked with probability 20%.
fn random_boards() -> Vec<Grid> {
    let mut rng = XorShift(0x1234_5678_9abc_def1);
    (0..100)
        .map(|_| {
            let mut g = Grid::filled(10, 10, b'0');
            for r in 0..10 {
                for c in 0..10 {
                    if rng.below(100) < 20 {
                        g.set(r, c, b'1');
                    }
                }
            }
            g
        })
        .collect()
}

/// A 37×48 board of walls with a width-2 corridor folded back and forth: twelve bands along
/// rows 1–2, 4–5, …, 34–35 from column 1 to 46, joined alternately at the right and left
/// ends (562 placements; the answer is `No`). The same board as in `tests/it/tetris.rs`.
fn folded_snake() -> Grid {
    let mut g = Grid::filled(37, 48, b'1');
    for band in 0..12 {
        let r = 1 + 3 * band;
        for c in 1..=46 {
            g.set(r, c, b'0');
            g.set(r + 1, c, b'0');
        }
        if band < 11 {
            let turn = if band % 2 == 0 { [45, 46] } else { [1, 2] };
            for c in turn {
                g.set(r + 2, c, b'0');
            }
        }
    }
    g
}

/// The board `boardls gen tetris --size NxM --density P --seed S` prints (its solve, which
/// only fills in `expect`, is given one node).
fn generated(rows: usize, cols: usize, density: f64, seed: u64) -> Grid {
    let opts = GenOptions {
        game: GameId::Tetris,
        rows: Some(rows),
        cols: Some(cols),
        count: 1,
        seed,
        density: Some(density),
        answer: None,
        preset: Preset::Random,
    };
    let config = Config {
        solve_nodes: 1,
        ..Config::default()
    };
    let text = generate(&opts, &config).expect("tetris boards generate");
    let rows: Vec<&str> = text
        .lines()
        .filter(|l| !l.is_empty() && l.bytes().all(|b| b == b'0' || b == b'1'))
        .collect();
    Grid::from_rows(&rows).expect("a rectangular board")
}

fn empty_boards(c: &mut Criterion) {
    let mut group = c.benchmark_group("tetris/empty");
    group.sample_size(10);
    for (n, m) in [(6, 6), (7, 7), (8, 8), (8, 9), (9, 9)] {
        let g = Grid::filled(n, m, b'0');
        group.bench_function(format!("answer/{n}x{m}"), |b| {
            b.iter(|| Tetris::answer(black_box(&g), &Budget::unlimited()));
        });
        group.bench_function(format!("solve/{n}x{m}"), |b| {
            b.iter(|| Tetris::solve(black_box(&g), &Budget::unlimited()).map(|s| s.nodes));
        });
    }
    group.finish();
}

fn random_10x10(c: &mut Criterion) {
    let boards = random_boards();
    let mut group = c.benchmark_group("tetris/random-10x10-20pct");
    group.sample_size(10);
    group.bench_function("answer/100-boards", |b| {
        b.iter(|| {
            boards
                .iter()
                .filter(|g| Tetris::answer(black_box(g), &Budget::unlimited()).is_ok())
                .count()
        });
    });
    group.bench_function("solve/100-boards", |b| {
        b.iter(|| {
            boards
                .iter()
                .filter(|g| Tetris::solve(black_box(g), &Budget::unlimited()).is_ok())
                .count()
        });
    });
    group.finish();
}

fn snake(c: &mut Criterion) {
    let g = folded_snake();
    let mut group = c.benchmark_group("tetris/snake-37x48");
    group.sample_size(10);
    group.bench_function("answer", |b| {
        b.iter(|| Tetris::answer(black_box(&g), &Budget::unlimited()));
    });
    group.bench_function("solve", |b| {
        b.iter(|| Tetris::solve(black_box(&g), &Budget::unlimited()).map(|s| s.nodes));
    });
    group.finish();
}

fn per_board_stats() {
    let boards = random_boards();
    for (what, map) in [("answer", false), ("solve", true)] {
        let mut times: Vec<Duration> = boards
            .iter()
            .map(|g| {
                let start = Instant::now();
                let ok = if map {
                    Tetris::solve(g, &Budget::unlimited()).is_ok()
                } else {
                    Tetris::answer(g, &Budget::unlimited()).is_ok()
                };
                assert!(ok, "random boards solve without a budget");
                start.elapsed()
            })
            .collect();
        times.sort();
        let total: Duration = times.iter().sum();
        eprintln!(
            "tetris/random-10x10-20pct/{what}: median {:.3} ms, p90 {:.3} ms, worst {:.3} ms, \
             total {:.3} ms over {} boards",
            times[times.len() / 2].as_secs_f64() * 1e3,
            times[times.len() * 9 / 10].as_secs_f64() * 1e3,
            times[times.len() - 1].as_secs_f64() * 1e3,
            total.as_secs_f64() * 1e3,
            times.len()
        );
    }
}

fn once(size: &str) {
    let Some((n, m)) = size
        .split_once(['x', '×'])
        .and_then(|(n, m)| Some((n.trim().parse().ok()?, m.trim().parse().ok()?)))
    else {
        eprintln!("BOARDLS_TETRIS_ONCE wants NxM, e.g. 10x10");
        return;
    };
    let g = Grid::filled(n, m, b'0');
    let start = Instant::now();
    let answer = Tetris::answer(&g, &Budget::unlimited());
    eprintln!(
        "tetris/empty/answer/{n}x{m}: {answer:?} in {:.3} s",
        start.elapsed().as_secs_f64()
    );
    let start = Instant::now();
    match Tetris::solve(&g, &Budget::unlimited()) {
        Ok(s) => eprintln!(
            "tetris/empty/solve/{n}x{m}: {} — {} ({} nodes) in {:.3} s",
            s.answer,
            s.lens,
            s.nodes,
            start.elapsed().as_secs_f64()
        ),
        Err(e) => eprintln!("tetris/empty/solve/{n}x{m}: {e}"),
    }
}

/// Times one call, `Err` with the reason when it ran out of budget.
fn timed<T>(
    run: impl FnOnce() -> Result<T, boardls::games::Unsolved>,
) -> (Duration, Result<T, String>) {
    let start = Instant::now();
    let out = run().map_err(|e| e.to_string());
    (start.elapsed(), out)
}

fn distribution(label: &str, times: &mut [Duration], solved: usize) {
    times.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    eprintln!(
        "  {label}: {solved} of {} within budget; median {:.1} ms, worst {:.1} ms",
        times.len(),
        ms(times[times.len() / 2]),
        ms(times[times.len() - 1]),
    );
}

fn random_50x50(density: &str) {
    let Ok(p) = density.trim().parse::<f64>() else {
        eprintln!("BOARDLS_TETRIS_RANDOM50 wants a wall share, e.g. 0.3");
        return;
    };
    let seconds = std::env::var("BOARDLS_TETRIS_SECONDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(60);
    let budget = || Budget::unlimited().with_time(Duration::from_secs(seconds));
    let boards: Vec<Grid> = (1..=20).map(|seed| generated(50, 50, p, seed)).collect();
    if std::env::var_os("BOARDLS_TETRIS_ANSWER_ONLY").is_some() {
        eprintln!("tetris/random-50x50-{p}: answers only, {seconds} s per board");
        let mut answers = Vec::new();
        let mut answered = 0;
        for (seed, g) in (1..).zip(&boards) {
            let (time, a) = timed(|| Tetris::answer(g, &budget()));
            eprintln!(
                "  seed {seed:2}: answer {} in {:.1} ms",
                a.as_ref().map_or_else(String::as_str, String::as_str),
                time.as_secs_f64() * 1e3,
            );
            answered += usize::from(a.is_ok());
            answers.push(time);
        }
        distribution("answer", &mut answers, answered);
        return;
    }
    for pass in ["first pass", "second pass (regions cached)"] {
        eprintln!("tetris/random-50x50-{p}: {pass}, {seconds} s per call");
        let (mut answers, mut solves) = (Vec::new(), Vec::new());
        let (mut answered, mut mapped) = (0, 0);
        for (seed, g) in (1..).zip(&boards) {
            let (a_time, a) = timed(|| Tetris::answer(g, &budget()));
            let (s_time, s) = timed(|| Tetris::solve(g, &budget()));
            let map = match &s {
                Ok(s) if s.why.text().contains("incomplete") => "map cut short".to_string(),
                Ok(_) => "map complete".to_string(),
                Err(e) => e.clone(),
            };
            eprintln!(
                "  seed {seed:2}: answer {} in {:.1} ms; solve in {:.1} ms ({map})",
                a.as_ref().map_or_else(String::as_str, String::as_str),
                a_time.as_secs_f64() * 1e3,
                s_time.as_secs_f64() * 1e3,
            );
            answered += usize::from(a.is_ok());
            mapped += usize::from(s.is_ok());
            answers.push(a_time);
            solves.push(s_time);
        }
        distribution("answer", &mut answers, answered);
        distribution("solve", &mut solves, mapped);
    }
}

criterion_group!(benches, empty_boards, random_10x10, snake);

fn main() {
    if let Ok(size) = std::env::var("BOARDLS_TETRIS_ONCE") {
        once(&size);
        return;
    }
    if let Ok(density) = std::env::var("BOARDLS_TETRIS_RANDOM50") {
        random_50x50(&density);
        return;
    }
    if std::env::var_os("BOARDLS_TETRIS_STATS").is_some() {
        per_board_stats();
        return;
    }
    benches();
    Criterion::default().configure_from_args().final_summary();
}
