//! zgame benches at the original limits: 50 boards of 500×500 through `judge` (the fast path),
//! the generic read-then-answer path, `solve` (the editor's per-cell table), and the floor:
//! summing the input's bytes. `BOARDLS_ZGAME_COMPARE=1` times judge against the
//! floors in turns. `BOARDLS_ZGAME_JUDGE=FILE` instead judges FILE once and prints
//! the answers (timings for the reference comparison go to stderr).

use boardls::games::zgame::Zgame;
use boardls::games::{Budget, Game, Grid};
use criterion::{Criterion, Throughput, black_box, criterion_group};
use std::time::Instant;

/// The reference generator's kinds: `dots` (all empty), `sparse` (2% letters), `dense` (25% A,
/// 25% B), `stress` (15% letters, random letters on the last row and column).
const KINDS: [&str; 4] = ["dots", "sparse", "dense", "stress"];

struct Rng(u64);

impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n
    }

    fn letter(&mut self) -> u8 {
        if self.below(2) == 0 { b'A' } else { b'B' }
    }
}

fn board(kind: &str, n: usize, rng: &mut Rng) -> Grid {
    let mut g = Grid::filled(n, n, b'.');
    for r in 0..n {
        for c in 0..n {
            let cell = match kind {
                "sparse" if rng.below(100) < 2 => rng.letter(),
                "dense" => [b'.', b'.', b'A', b'B'][rng.below(4) as usize],
                "stress" if rng.below(100) < 15 => rng.letter(),
                _ => b'.',
            };
            g.set(r, c, cell);
        }
    }
    if kind == "stress" {
        for i in 0..n {
            let (x, y) = (rng.letter(), rng.letter());
            g.set(i, n - 1, x);
            g.set(n - 1, i, y);
        }
    }
    g
}

/// T = 50 boards of 500×500 as one judge input.
fn input(kind: &str) -> String {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let boards: Vec<Grid> = (0..50).map(|_| board(kind, 500, &mut rng)).collect();
    Zgame::write_judge(&boards)
}

fn sum_bytes(text: &str) -> u64 {
    text.bytes().map(u64::from).sum()
}

fn judge_50x500x500(c: &mut Criterion) {
    let mut group = c.benchmark_group("zgame");
    group.sample_size(30);
    for kind in KINDS {
        let text = input(kind);
        group.throughput(Throughput::Bytes(text.len() as u64));
        group.bench_function(format!("judge/{kind}"), |b| {
            b.iter(|| Zgame::judge(black_box(&text), &Budget::unlimited()))
        });
        if kind == "stress" {
            group.bench_function("floor/sum-bytes", |b| {
                b.iter(|| sum_bytes(black_box(&text)))
            });
            group.bench_function("generic/read-then-answer", |b| {
                b.iter(|| {
                    let boards = Zgame::read_judge(black_box(&text)).unwrap_or_default();
                    boards
                        .iter()
                        .filter(|g| Zgame::answer(g, &Budget::unlimited()).is_ok())
                        .count()
                })
            });
        }
    }
    group.finish();

    let mut rng = Rng(7);
    let g = board("stress", 500, &mut rng);
    let mut group = c.benchmark_group("zgame");
    group.sample_size(20);
    group.bench_function("solve/500x500", |b| {
        b.iter(|| Zgame::solve(black_box(&g), &Budget::unlimited()).map(|s| s.nodes))
    });
    group.bench_function("answer/500x500", |b| {
        b.iter(|| Zgame::answer(black_box(&g), &Budget::unlimited()))
    });
    group.finish();
}

/// Judge and floors run in turns, best and median of 60 runs each: on a shared, loaded machine
/// the best run is the steadiest figure for a ratio.
fn compare() {
    let text = input("stress");
    let mut runs: Vec<(&str, Vec<f64>)> = vec![("judge", Vec::new())];
    let floors = [("floor/sum-bytes", sum_bytes as fn(&str) -> u64)];
    for (name, _) in floors {
        runs.push((name, Vec::new()));
    }
    for _ in 0..60 {
        let start = Instant::now();
        black_box(Zgame::judge(black_box(&text), &Budget::unlimited()).is_ok());
        runs[0].1.push(start.elapsed().as_secs_f64() * 1e3);
        for (i, (_, floor)) in floors.iter().enumerate() {
            let start = Instant::now();
            black_box(floor(black_box(&text)));
            runs[i + 1].1.push(start.elapsed().as_secs_f64() * 1e3);
        }
    }
    for (name, times) in &mut runs {
        times.sort_by(f64::total_cmp);
        eprintln!(
            "zgame/{name}: best {:.3} ms, median {:.3} ms ({} bytes)",
            times[0],
            times[times.len() / 2],
            text.len()
        );
    }
}

criterion_group!(benches, judge_50x500x500);

fn main() {
    if let Some(path) = std::env::var_os("BOARDLS_ZGAME_JUDGE") {
        let start = Instant::now();
        match std::fs::read_to_string(&path) {
            Ok(text) => {
                let read = start.elapsed();
                match Zgame::judge(&text, &Budget::unlimited()) {
                    Ok(out) => print!("{out}"),
                    Err(e) => eprintln!("{e}"),
                }
                eprintln!(
                    "read {:.2} ms, read + judge {:.2} ms",
                    read.as_secs_f64() * 1e3,
                    start.elapsed().as_secs_f64() * 1e3
                );
            }
            Err(e) => eprintln!("{}: {e}", path.to_string_lossy()),
        }
        return;
    }
    if std::env::var_os("BOARDLS_ZGAME_COMPARE").is_some() {
        compare();
        return;
    }
    benches();
    Criterion::default().configure_from_args().final_summary();
}
