//! race benchmarks: `judge` on ten open 300×300 boards, on the adversarial kinds of
//! `gen_race_hard.py` (committed under tests/data/race/hard300) and on a 300×300 maze; prints
//! each input's peak heap use, measured by a counting allocator.

use boardls::games::race::Race;
use boardls::games::{Budget, Game};
use criterion::{Criterion, criterion_group, criterion_main};
use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

/// The system allocator, counting live and peak bytes.
struct Counting;

static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: forwarded unchanged to the system allocator.
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            let live = LIVE.fetch_add(layout.size(), Ordering::Relaxed) + layout.size();
            PEAK.fetch_max(live, Ordering::Relaxed);
        }
        p
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` came from `alloc` with this layout.
        unsafe { System.dealloc(ptr, layout) };
        LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
    }
}

#[global_allocator]
static ALLOC: Counting = Counting;

const KINDS: [&str; 7] = [
    "pools",
    "poolsp",
    "poolsr",
    "series",
    "seriesm",
    "corridors",
    "diamond",
];

/// Ten empty 300×300 boards, the starts in opposite corners (each corner pair in turn).
fn open_boards() -> String {
    let n = 300;
    let mut out = String::from("10\n");
    for t in 0..10 {
        let mut rows = vec![vec![b'.'; n]; n];
        let (a, b) = match t % 4 {
            0 => ((0, 0), (n - 1, n - 1)),
            1 => ((0, n - 1), (n - 1, 0)),
            2 => ((n - 1, n - 1), (0, 0)),
            _ => ((n - 1, 0), (0, n - 1)),
        };
        rows[a.0][a.1] = b'A';
        rows[b.0][b.1] = b'B';
        out.push_str(&format!("{n}\n"));
        for row in rows {
            out.push_str(&String::from_utf8_lossy(&row));
            out.push('\n');
        }
    }
    out
}

/// A serpentine corridor through a 300×300 board: D ≈ 45 000, every layer one cell.
fn maze() -> String {
    let n = 300;
    let mut rows: Vec<Vec<u8>> = (0..n)
        .map(|r| match r % 4 {
            1 => [vec![b'#'; n - 1], vec![b'.']].concat(),
            3 => [vec![b'.'], vec![b'#'; n - 1]].concat(),
            _ => vec![b'.'; n],
        })
        .collect();
    rows[0][0] = b'A';
    rows[n - 1][0] = b'B';
    let mut out = format!("1\n{n}\n");
    for row in rows {
        out.push_str(&String::from_utf8_lossy(&row));
        out.push('\n');
    }
    out
}

fn hard(kind: &str) -> String {
    let path = format!(
        "{}/tests/data/race/hard300/{kind}.in",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// Peak heap bytes above what was live before, while judging `input`.
fn peak_heap(input: &str) -> (usize, String) {
    let before = LIVE.load(Ordering::Relaxed);
    PEAK.store(before, Ordering::Relaxed);
    let out = Race::judge(input, &Budget::unlimited())
        .expect("judged")
        .output;
    (PEAK.load(Ordering::Relaxed) - before, out)
}

fn bench(c: &mut Criterion) {
    let mut inputs = vec![("open 300×300 ×10".to_string(), open_boards())];
    for kind in KINDS {
        inputs.push((format!("{kind} 300"), hard(kind)));
    }
    inputs.push(("maze 300".to_string(), maze()));
    for (name, input) in &inputs {
        let (peak, out) = peak_heap(input);
        let answers = out.split_whitespace().collect::<Vec<_>>().join(" ");
        eprintln!(
            "race {name}: answers {answers}; peak heap {:.2} MiB (input text {:.2} MiB)",
            peak as f64 / f64::from(1 << 20),
            input.len() as f64 / f64::from(1 << 20)
        );
    }
    let mut group = c.benchmark_group("race judge");
    group.sample_size(10);
    for (name, input) in &inputs {
        group.bench_function(name.as_str(), |b| {
            b.iter(|| Race::judge(input, &Budget::unlimited()).expect("judged"));
        });
    }
    group.finish();

    // `solve` also builds the cell map and, when A wins, replays A's winning moves forward.
    let mut group = c.benchmark_group("race solve");
    group.sample_size(10);
    for (name, input) in inputs.iter().skip(1).take(2) {
        let boards = Race::read_judge(input).expect("judge input");
        let (peak, _) = peak_solve(&boards[0]);
        eprintln!(
            "race solve {name}: peak heap {:.2} MiB",
            peak as f64 / f64::from(1 << 20)
        );
        group.bench_function(name.as_str(), |b| {
            b.iter(|| Race::solve(&boards[0], &Budget::unlimited()).expect("solved"));
        });
    }
    group.finish();
}

fn peak_solve(board: &<Race as Game>::Board) -> (usize, String) {
    let before = LIVE.load(Ordering::Relaxed);
    PEAK.store(before, Ordering::Relaxed);
    let s = Race::solve(board, &Budget::unlimited()).expect("solved");
    (PEAK.load(Ordering::Relaxed) - before, s.answer.into_owned())
}

criterion_group!(benches, bench);
criterion_main!(benches);
