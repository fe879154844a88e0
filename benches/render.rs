//! Pictures: a solved 500 × 500 zgame case (the original limit, 2% letters) drawn as SVG, and
//! a 50 × 50 one (drawn whole, the editor preview's size). Prints each picture's size once.

use boardls::analysis::{SolveCache, check};
use boardls::config::Config;
use boardls::ide::{CaseState, FileView};
use boardls::render::{Theme, case_svg};
use boardls::span::LineIndex;
use criterion::{Criterion, black_box, criterion_group, criterion_main};
use xorshift::XorShift;

#[path = "../tests/support/xorshift.rs"]
mod xorshift;

fn zgame_text(n: usize, rng: &mut XorShift) -> String {
    let mut text = String::from("[zgame \"bench\"]\n");
    for _ in 0..n {
        for _ in 0..n {
            text.push(match rng.below(100) {
                0 => 'A',
                1 => 'B',
                _ => '.',
            });
        }
        text.push('\n');
    }
    text
}

fn bench(c: &mut Criterion) {
    let mut rng = XorShift(0x2545_f491_4f6c_dd1d);
    let mut group = c.benchmark_group("render");
    for n in [50, 500] {
        let text = zgame_text(n, &mut rng);
        let checked = check(&text, &Config::default(), &SolveCache::new());
        let states: Vec<CaseState> = checked
            .verdicts
            .iter()
            .map(|v| v.clone().map_or(CaseState::Invalid, CaseState::Done))
            .collect();
        let index = LineIndex::new(&text);
        let view = FileView {
            text: &text,
            index: &index,
            analysis: &checked.analysis,
            states: &states,
        };
        let case = &checked.analysis.cases[0];
        let bytes = case_svg(&view, case, Theme::Light).len();
        eprintln!("render/zgame-{n}x{n}: {bytes} bytes of SVG");
        group.bench_function(format!("zgame-{n}x{n}"), |b| {
            b.iter(|| case_svg(black_box(&view), case, Theme::Light));
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
