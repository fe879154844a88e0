//! zgame benches at the original limits: 50 boards of 500×500 through `judge` (the fast path),
//! the generic read-then-answer path, `solve` (the editor's per-cell table), and the floor:
//! summing the input's bytes. `BOARDLS_ZGAME_COMPARE=1` times judge against the
//! floors in turns. `BOARDLS_ZGAME_JUDGE=FILE` instead judges FILE once and prints
//! the answers (timings for the reference comparison go to stderr).

use boardls::games::zgame::{Zgame, ZgameBoard};
use boardls::games::{Budget, Game, Grid};
use criterion::{Criterion, Throughput, black_box, criterion_group};
use xorshift::XorShift;

#[path = "../tests/support/xorshift.rs"]
mod xorshift;

mod support;

/// The reference generator's kinds: `dots` (all empty), `sparse` (2% letters), `dense` (25% A,
/// 25% B), `stress` (15% letters, random letters on the last row and column).
const KINDS: [&str; 4] = ["dots", "sparse", "dense", "stress"];

fn letter(rng: &mut XorShift) -> u8 {
    if rng.below(2) == 0 { b'A' } else { b'B' }
}

fn board(kind: &str, n: usize, rng: &mut XorShift) -> Grid {
    let mut g = Grid::filled(n, n, b'.');
    for r in 0..n {
        for c in 0..n {
            let cell = match kind {
                "sparse" if rng.below(100) < 2 => letter(rng),
                "dense" => [b'.', b'.', b'A', b'B'][rng.below(4) as usize],
                "stress" if rng.below(100) < 15 => letter(rng),
                _ => b'.',
            };
            g.set(r, c, cell);
        }
    }
    if kind == "stress" {
        for i in 0..n {
            let (x, y) = (letter(rng), letter(rng));
            g.set(i, n - 1, x);
            g.set(n - 1, i, y);
        }
    }
    g
}

/// T = 50 boards of 500×500 as one judge input.
fn input(kind: &str) -> String {
    let mut rng = XorShift(0x9E37_79B9_7F4A_7C15);
    let boards: Vec<ZgameBoard> = (0..50).map(|_| board(kind, 500, &mut rng).into()).collect();
    Zgame::write_judge(&boards)
}

fn judge_50x500x500(c: &mut Criterion) {
    let mut group = c.benchmark_group("zgame");
    group.sample_size(30);
    for kind in KINDS {
        let text = input(kind);
        group.throughput(Throughput::Bytes(text.len() as u64));
        group.bench_function(format!("judge/{kind}"), |b| {
            b.iter(|| Zgame::judge(black_box(&text), &Budget::unlimited()));
        });
        if kind == "stress" {
            group.bench_function("floor/sum-bytes", |b| {
                b.iter(|| support::sum_bytes(black_box(&text)));
            });
            group.bench_function("generic/read-then-answer", |b| {
                b.iter(|| {
                    let boards = Zgame::read_judge(black_box(&text)).unwrap_or_default();
                    boards
                        .iter()
                        .filter(|g| Zgame::answer(g, &Budget::unlimited()).is_ok())
                        .count()
                });
            });
        }
    }
    group.finish();

    let mut rng = XorShift(7);
    let g = ZgameBoard::from(board("stress", 500, &mut rng));
    let mut group = c.benchmark_group("zgame");
    group.sample_size(20);
    group.bench_function("solve/500x500", |b| {
        b.iter(|| Zgame::solve(black_box(&g), &Budget::unlimited()).map(|s| s.nodes));
    });
    group.bench_function("answer/500x500", |b| {
        b.iter(|| Zgame::answer(black_box(&g), &Budget::unlimited()));
    });
    group.finish();
}

fn compare() {
    let text = input("stress");
    support::compare(
        "zgame",
        &text,
        Zgame::judge,
        &[("floor/sum-bytes", support::sum_bytes)],
    );
}

criterion_group!(benches, judge_50x500x500);

fn main() {
    if support::judge_file_from_env("BOARDLS_ZGAME_JUDGE", Zgame::judge) {
        return;
    }
    if std::env::var_os("BOARDLS_ZGAME_COMPARE").is_some() {
        compare();
        return;
    }
    benches();
    Criterion::default().configure_from_args().final_summary();
}
