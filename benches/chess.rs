//! chess benches at the original limits: 1000 queries through `judge` (random types and sizes
//! as the reference generator makes them, and each type alone), against two floors: summing
//! the input's bytes and merely parsing its numbers. `BOARDLS_CHESS_COMPARE=1` times judge against the
//! floors in turns. `BOARDLS_CHESS_JUDGE=FILE` instead judges
//! FILE once and prints the answers (timings to stderr).

use boardls::games::Budget;
use boardls::games::Game;
use boardls::games::chess::{Chess, ChessBoard, Piece};
use criterion::{Criterion, Throughput, black_box, criterion_group};
use xorshift::XorShift;

#[path = "../tests/support/xorshift.rs"]
mod xorshift;

mod support;

/// 1000 queries; `kind` is `random`, `max` (sides 900..1000) or a piece name.
fn input(kind: &str) -> String {
    let mut rng = XorShift(0x2545_F491_4F6C_DD1D);
    let boards: Vec<ChessBoard> = (0..1000)
        .map(|_| {
            let piece = Piece::parse(kind)
                .or_else(|| Piece::from_number(1 + rng.below(4)))
                .unwrap_or(Piece::Queen);
            let lo = if kind == "max" { 900 } else { 2 };
            ChessBoard {
                piece,
                rows: lo + rng.below(1001 - lo),
                cols: lo + rng.below(1001 - lo),
            }
        })
        .collect();
    Chess::write_judge(&boards)
}

/// What any reader must do at least: split into tokens and parse each as a number.
fn parse_numbers(text: &str) -> u64 {
    text.split_ascii_whitespace()
        .map(|t| t.parse::<u64>().unwrap_or(0))
        .sum()
}

fn judge_1000(c: &mut Criterion) {
    let mut group = c.benchmark_group("chess");
    for kind in ["random", "max", "king", "rook", "knight", "queen"] {
        let text = input(kind);
        group.throughput(Throughput::Bytes(text.len() as u64));
        group.bench_function(format!("judge/{kind}"), |b| {
            b.iter(|| Chess::judge(black_box(&text), &Budget::unlimited()));
        });
        if kind == "random" {
            group.bench_function("floor/sum-bytes", |b| {
                b.iter(|| support::sum_bytes(black_box(&text)));
            });
            group.bench_function("floor/parse-numbers", |b| {
                b.iter(|| parse_numbers(black_box(&text)));
            });
        }
    }
    let queen = ChessBoard {
        piece: Piece::Queen,
        rows: 1000,
        cols: 1000,
    };
    group.bench_function("solve/queen-1000x1000-with-map", |b| {
        b.iter(|| Chess::solve(black_box(&queen), &Budget::unlimited()).map(|s| s.nodes));
    });
    group.finish();
}

fn compare() {
    let text = input("random");
    support::compare(
        "chess",
        &text,
        Chess::judge,
        &[
            ("floor/sum-bytes", support::sum_bytes),
            ("floor/parse-numbers", parse_numbers),
        ],
    );
}

criterion_group!(benches, judge_1000);

fn main() {
    if support::judge_file_from_env("BOARDLS_CHESS_JUDGE", Chess::judge) {
        return;
    }
    if std::env::var_os("BOARDLS_CHESS_COMPARE").is_some() {
        compare();
        return;
    }
    benches();
    Criterion::default().configure_from_args().final_summary();
}
