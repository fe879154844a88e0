//! strings benches: exact solves of 20×20 boards (random over {a,b}, {a,b,c}, all `a`, the
//! stress board). `BOARDLS_STRINGS_JUDGE=FILE` instead judges FILE once (for callgrind, time -v).

use boardls::games::strings::Strings;
use boardls::games::{Budget, Game, Grid};
use criterion::{Criterion, black_box, criterion_group};
use xorshift::XorShift;

#[path = "../tests/support/xorshift.rs"]
mod xorshift;

/// The 20×20 board of the reference generator's `stress` preset (most reachable states known).
const STRESS: &str = include_str!("../tests/data/strings/stress.txt");

/// A deterministic random board, so runs compare like with like.
fn random_board(n: usize, alphabet: &[u8], seed: u64) -> Grid {
    let mut rng = XorShift(seed);
    let mut grid = Grid::filled(n, n, b'a');
    for r in 0..n {
        for c in 0..n {
            grid.set(r, c, rng.pick(alphabet));
        }
    }
    grid
}

fn boards() -> Vec<(&'static str, Grid)> {
    let mut out = vec![
        ("same", Grid::filled(20, 20, b'a')),
        (
            "stress",
            Grid::from_rows(&STRESS.lines().collect::<Vec<_>>())
                .unwrap_or_else(|| Grid::filled(1, 1, b'a')),
        ),
    ];
    for seed in 1..=3u64 {
        let ab: &'static str = ["ab1", "ab2", "ab3"][seed as usize - 1];
        let abc: &'static str = ["abc1", "abc2", "abc3"][seed as usize - 1];
        out.push((ab, random_board(20, b"ab", 0x9E37_79B9 * seed)));
        out.push((abc, random_board(20, b"abc", 0x85EB_CA6B * seed)));
    }
    out
}

fn solve_20x20(c: &mut Criterion) {
    for (name, grid) in boards() {
        if let Ok(solution) = Strings::solve(&grid, &Budget::unlimited()) {
            eprintln!(
                "strings/{name}: {} ({}), {} states expanded",
                solution.answer, solution.lens, solution.nodes
            );
        }
        c.bench_function(&format!("strings/solve/{name}"), |b| {
            b.iter(|| Strings::solve(black_box(&grid), &Budget::unlimited()));
        });
        c.bench_function(&format!("strings/answer/{name}"), |b| {
            b.iter(|| Strings::answer(black_box(&grid), &Budget::unlimited()));
        });
    }
}

criterion_group!(benches, solve_20x20);

fn main() {
    if let Some(path) = std::env::var_os("BOARDLS_STRINGS_JUDGE") {
        match std::fs::read_to_string(&path) {
            Ok(text) => match Strings::judge(&text, &Budget::unlimited()) {
                Ok(run) => print!("{}", run.output),
                Err(e) => eprintln!("{e}"),
            },
            Err(e) => eprintln!("{}: {e}", path.to_string_lossy()),
        }
        return;
    }
    benches();
    Criterion::default().configure_from_args().final_summary();
}
