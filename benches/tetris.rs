//! tetris benches: empty boards 6×6 to 9×9 (answer and full first-move map) and 100 random
//! 10×10 boards with 20% walls (fixed seed). `BOARDLS_TETRIS_STATS=1` prints per-board median
//! and worst over those 100 instead; `BOARDLS_TETRIS_ONCE=NxM` times one empty board once
//! (answer, then full map), for sizes too slow to sample, such as 10×10.

use boardls::games::tetris::Tetris;
use boardls::games::{Budget, Game, Grid};
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

criterion_group!(benches, empty_boards, random_10x10);

fn main() {
    if let Ok(size) = std::env::var("BOARDLS_TETRIS_ONCE") {
        once(&size);
        return;
    }
    if std::env::var_os("BOARDLS_TETRIS_STATS").is_some() {
        per_board_stats();
        return;
    }
    benches();
    Criterion::default().configure_from_args().final_summary();
}
