//! What the `parse`, `check` and `judge` fuzz targets do with one input. Shared by
//! `fuzz/fuzz_targets/` (libFuzzer) and `tests/fuzz.rs`, which replays the kept corpus and every
//! crash in the normal test run. A caught panic (a `Failed` verdict) counts as a crash here: the
//! server and the CLI survive one, but it is still a bug.
#![allow(dead_code)]

use boardls::analysis::{self, SolveCache, Verdict};
use boardls::authoring::validate::validate;
use boardls::config::Config;
use boardls::diag::Diagnostic;
use boardls::games::{Budget, GameId};
use boardls::ide::{self, CaseState, Edit, FileView};
use boardls::span::{LineIndex, Span};
use boardls::syntax::{self, format::format};
use std::borrow::Cow;
use std::sync::Arc;
use std::time::Duration;

/// Budgets that keep one input far below libFuzzer's timeout.
pub(crate) fn config() -> Config {
    Config {
        solve_nodes: 20_000,
        solve_time: Some(Duration::from_millis(100)),
        ..Config::default()
    }
}

fn budget() -> Budget {
    analysis::budget(&config())
}

fn text(data: &[u8]) -> Cow<'_, str> {
    String::from_utf8_lossy(data)
}

fn assert_span(text: &str, span: Span, what: &str) {
    assert!(
        span.start <= span.end
            && span.end <= text.len()
            && text.is_char_boundary(span.start)
            && text.is_char_boundary(span.end),
        "{what}: span {span:?} is not a range of the {}-byte text",
        text.len()
    );
}

fn assert_diagnostics(text: &str, diags: &[Diagnostic]) {
    for d in diags {
        assert_span(text, d.span, d.code);
    }
}

/// The parser: every span inside the text; the formatter idempotent and keeping the errors.
pub(crate) fn parse(data: &[u8]) {
    let text = text(data);
    let parse = syntax::parse(&text);
    assert_diagnostics(&text, &parse.errors);
    for case in &parse.file.cases {
        assert_span(&text, case.span, "case");
    }
    let formatted = format(&text);
    assert_eq!(format(&formatted), formatted, "formatting is idempotent");
    let codes = |p: &syntax::Parse| p.errors.iter().map(|e| e.code).collect::<Vec<_>>();
    assert_eq!(
        codes(&parse),
        codes(&syntax::parse(&formatted)),
        "formatting keeps the syntax errors"
    );
}

/// `check` on a buffer, then every editor feature over its result, then every fix applied.
pub(crate) fn check(data: &[u8]) {
    let text = text(data);
    let config = config();
    let checked = analysis::check(&text, &config, &SolveCache::new());
    let index = LineIndex::new(&text);
    assert_diagnostics(&text, &checked.diagnostics);
    for d in &checked.diagnostics {
        boardls::emit::human("fuzz.board", &text, &index, d);
    }
    let states: Vec<CaseState> = checked
        .verdicts
        .iter()
        .map(|v| match v {
            Some(v) => {
                if let Verdict::Failed(why) = &**v {
                    panic!("a solver panicked: {why}");
                }
                CaseState::Done(Arc::clone(v))
            }
            None => CaseState::Invalid,
        })
        .collect();
    let view = FileView {
        text: &text,
        index: &index,
        analysis: &checked.analysis,
        states: &states,
    };
    let diags = ide::diagnostics_as_own_suite(&view, &config);
    assert_diagnostics(&text, &diags);
    for lens in ide::lens::lenses(&view) {
        assert_span(&text, Span::new(lens.offset, lens.offset), "lens");
    }
    for hint in ide::hints::hints(&view, Span::new(0, text.len())) {
        assert_span(&text, Span::new(hint.offset, hint.offset), "inlay hint");
    }
    let runs = ide::marks::cell_runs(&view);
    for (span, _) in &runs {
        assert_span(&text, *span, "cell mark");
    }
    let half = ide::marks::cell_runs_in(&view, Span::new(text.len() / 2, text.len()));
    assert!(
        half.iter().all(|run| runs.contains(run)),
        "a range's runs are the full runs"
    );
    ide::symbols::symbols(&view);
    ide::folding::folds(&view);
    let mut offsets = vec![0, text.len() / 2, text.len()];
    offsets.extend(diags.iter().map(|d| d.span.start));
    offsets.extend(checked.analysis.cases.iter().map(|c| c.header.start));
    for offset in offsets {
        let offset = floor_char_boundary(&text, offset);
        ide::hover::hover(&view, &diags, offset);
        ide::completion::completions(&view, offset);
    }
    let mut edits: Vec<Vec<Edit>> = diags
        .iter()
        .flat_map(|d| ide::fixes::fixes(&view, &diags, d.span))
        .map(|fix| fix.edits)
        .collect();
    edits.push(ide::fixes::write_all_expects(&view));
    edits.extend(ide::format::format_edit(&text).map(|e| vec![e]));
    for edits in edits {
        let fixed = apply(&text, &edits);
        analysis::analyse(&fixed, &config);
    }
}

/// Every judge reader, writer and validator on one input; the first byte picks the game.
/// A valid input is read, judged and written back unchanged in meaning.
pub(crate) fn judge(data: &[u8]) {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let game = GameId::ALL[usize::from(pick) % GameId::ALL.len()];
    let input = text(rest);
    let read = game.read_judge(&input);
    if validate(game, &input).is_ok() {
        assert!(read.is_ok(), "valid input that the reader refuses");
    }
    match game.judge(&input, &budget()) {
        Err(e) => assert!(read.is_err(), "judge refuses what reads: {e}"),
        Ok(run) => {
            assert!(read.is_ok(), "judge answers what does not read");
            assert!(
                run.output.is_empty() || run.output.ends_with('\n'),
                "judge output ends a line"
            );
            let boards = read.as_ref().map_or(0, Vec::len);
            assert_eq!(
                run.output.lines().count() + run.unsolved.len(),
                boards,
                "every test is answered or named unsolved"
            );
        }
    }
    let Ok(boards) = read else { return };
    // Writing and reading back is a fixed point, and each board becomes a `.board` case that
    // parses without syntax errors.
    let written = game.write_judge(&boards);
    let again = game
        .read_judge(&written)
        .unwrap_or_else(|e| panic!("written judge input does not read: {e}\n{written}"));
    assert_eq!(game.write_judge(&again), written);
    for board in boards.iter().take(8) {
        let case = boardls::authoring::case_text(game, "fuzz", &board.to_case(), None);
        let parse = syntax::parse(&case);
        assert!(parse.errors.is_empty(), "{:?} in\n{case}", parse.errors);
    }
}

fn floor_char_boundary(text: &str, mut offset: usize) -> usize {
    offset = offset.min(text.len());
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    offset
}

fn apply(text: &str, edits: &[Edit]) -> String {
    let mut edits = edits.to_vec();
    edits.sort_by_key(|e| std::cmp::Reverse(e.span.start));
    let mut out = text.to_string();
    for e in edits {
        assert_span(&out, e.span, "edit");
        out.replace_range(e.span.start..e.span.end, &e.text);
    }
    out
}
