//! What the judge benches share: judge-versus-floor runs in turns, and judging one file.

use boardls::games::{Budget, JudgeError, JudgeRun};
use criterion::black_box;
use std::time::Instant;

pub(crate) type Judge = fn(&str, &Budget) -> Result<JudgeRun, JudgeError>;
pub(crate) type Floor = fn(&str) -> u64;

pub(crate) fn sum_bytes(text: &str) -> u64 {
    text.bytes().map(u64::from).sum()
}

/// Judge and floors run in turns, best and median of 60 runs each: on a shared, loaded machine
/// the best run is the steadiest figure for a ratio.
pub(crate) fn compare(game: &str, text: &str, judge: Judge, floors: &[(&str, Floor)]) {
    let mut runs: Vec<(&str, Vec<f64>)> = vec![("judge", Vec::new())];
    runs.extend(floors.iter().map(|(name, _)| (*name, Vec::new())));
    for _ in 0..60 {
        let start = Instant::now();
        black_box(judge(black_box(text), &Budget::unlimited()).is_ok());
        runs[0].1.push(start.elapsed().as_secs_f64() * 1e3);
        for (i, (_, floor)) in floors.iter().enumerate() {
            let start = Instant::now();
            black_box(floor(black_box(text)));
            runs[i + 1].1.push(start.elapsed().as_secs_f64() * 1e3);
        }
    }
    for (name, times) in &mut runs {
        times.sort_by(f64::total_cmp);
        eprintln!(
            "{game}/{name}: best {:.3} ms, median {:.3} ms ({} bytes)",
            times[0],
            times[times.len() / 2],
            text.len()
        );
    }
}

/// With `VAR=FILE` set, judges that one file (output on stdout, timings on stderr) and says so.
pub(crate) fn judge_file_from_env(var: &str, judge: Judge) -> bool {
    let Some(path) = std::env::var_os(var) else {
        return false;
    };
    let start = Instant::now();
    match std::fs::read_to_string(&path) {
        Ok(text) => {
            let read = start.elapsed();
            match judge(&text, &Budget::unlimited()) {
                Ok(run) => print!("{}", run.output),
                Err(e) => eprintln!("{e}"),
            }
            eprintln!(
                "read {:.3} ms, read + judge {:.3} ms",
                read.as_secs_f64() * 1e3,
                start.elapsed().as_secs_f64() * 1e3
            );
        }
        Err(e) => eprintln!("{}: {e}", path.to_string_lossy()),
    }
    true
}
