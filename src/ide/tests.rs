//! Feature tests on small `.board` texts; `$0` marks the cursor.

use super::completion::completions;
use super::fixes::{fixes, write_expect};
use super::folding::{FoldKind, folds};
use super::hints::hints;
use super::hover::hover;
use super::lens::{LensAction, lenses};
use super::marks::cell_marks;
use super::{CaseState, Edit, FileView, diagnostics, status};
use crate::analysis::{Analysis, analyse, solve_case};
use crate::config::Config;
use crate::games::{Budget, CellMark};
use crate::span::{LineIndex, Span};
use std::sync::Arc;

struct Fixture {
    text: String,
    cursor: usize,
    index: LineIndex,
    analysis: Analysis,
    states: Vec<CaseState>,
}

impl Fixture {
    /// Analyses `text` (without its `$0`) and solves every case.
    fn new(text: &str) -> Fixture {
        let cursor = text.find("$0").unwrap_or(0);
        let text = text.replacen("$0", "", 1);
        let analysis = analyse(&text, &Config::default());
        let states = analysis
            .cases
            .iter()
            .map(|c| match solve_case(c, &Budget::unlimited()) {
                Some(v) => CaseState::Done(Arc::new(v)),
                None => CaseState::Invalid,
            })
            .collect();
        Fixture {
            index: LineIndex::new(&text),
            text,
            cursor,
            analysis,
            states,
        }
    }

    fn view(&self) -> FileView<'_> {
        FileView {
            text: &self.text,
            index: &self.index,
            analysis: &self.analysis,
            states: &self.states,
        }
    }

    fn apply(&self, edits: &[Edit]) -> String {
        let mut out = self.text.clone();
        let mut edits = edits.to_vec();
        edits.sort_by_key(|e| std::cmp::Reverse(e.span.start));
        for e in edits {
            out.replace_range(e.span.start..e.span.end, &e.text);
        }
        out
    }

    fn labels(&self) -> Vec<String> {
        completions(&self.view(), self.cursor)
            .into_iter()
            .map(|c| c.label)
            .collect()
    }

    /// Titles of the fixes at the cursor and the text after applying the one named `title`.
    fn fix(&self, title: &str) -> (Vec<String>, Option<String>) {
        let view = self.view();
        let diags = diagnostics(&view, &Config::default());
        let all = fixes(&view, &diags, Span::new(self.cursor, self.cursor));
        let titles = all.iter().map(|f| f.title.clone()).collect();
        let applied = all
            .iter()
            .find(|f| f.title == title)
            .map(|f| self.apply(&f.edits));
        (titles, applied)
    }
}

#[test]
fn game_ids_complete_after_a_bracket() {
    let f = Fixture::new("[zg$0");
    assert_eq!(f.labels(), ["zgame", "race", "chess", "tetris", "strings"]);
    let first = &completions(&f.view(), f.cursor)[0];
    assert_eq!(first.replace, Span::new(1, 3));
    assert!(Fixture::new("[zgame \"x$0").labels().is_empty());
}

#[test]
fn keys_complete_at_line_start_without_those_already_set() {
    assert_eq!(
        Fixture::new("[chess]\n$0").labels(),
        ["piece", "size", "expect"]
    );
    assert_eq!(
        Fixture::new("[chess]\npiece = king\n  si$0").labels(),
        ["size", "expect"]
    );
    assert_eq!(Fixture::new("[zgame]\n...\n$0").labels(), ["expect"]);
    // Not on the header line, not in a comment, not outside any case, not mid-row.
    assert!(Fixture::new("[zgame] $0").labels().is_empty());
    assert!(Fixture::new("[zgame]\n// $0").labels().is_empty());
    assert!(Fixture::new("$0\n[zgame]").labels().is_empty());
    assert!(Fixture::new("[zgame]\n..$0.").labels().is_empty());
    assert!(Fixture::new("[zgame]\n.B$0").labels().is_empty());
}

#[test]
fn values_complete_after_the_equals_sign() {
    assert_eq!(
        Fixture::new("[chess]\npiece = kn$0").labels(),
        ["king", "rook", "knight", "queen"]
    );
    let f = Fixture::new("[zgame]\nexpect = yes n$0");
    assert_eq!(f.labels(), ["yes", "no"]);
    assert_eq!(completions(&f.view(), f.cursor)[0].replace.len(), 1);
    assert_eq!(Fixture::new("[race]\nexpect =$0").labels(), ["A", "B"]);
    assert!(Fixture::new("[chess]\nsize = $0").labels().is_empty());
}

#[test]
fn expect_is_added_after_the_case_in_its_line_style() {
    let f = Fixture::new("[zgame \"x\"]\r\n  ...\r\n  ... // note\r\n\r\n[zgame]\r\n...\r\n");
    let case = &f.analysis.cases[0];
    let edit = write_expect(&f.view(), case).unwrap();
    assert_eq!(
        f.apply(&[edit]),
        "[zgame \"x\"]\r\n  ...\r\n  ... // note\r\n  expect = no yes no\r\n\r\n[zgame]\r\n...\r\n"
    );
    // At the end of a file without a final line break.
    let f = Fixture::new("[race]\nA.\n.B");
    let edit = write_expect(&f.view(), &f.analysis.cases[0]).unwrap();
    assert_eq!(f.apply(&[edit]), "[race]\nA.\n.B\nexpect = B");
}

#[test]
fn wrong_expect_is_replaced_and_a_right_one_left_alone() {
    let f = Fixture::new("[race]\nA.\n.B\nexpect =   A  // was A\n");
    let edit = write_expect(&f.view(), &f.analysis.cases[0]).unwrap();
    assert_eq!(f.apply(&[edit]), "[race]\nA.\n.B\nexpect = B  // was A\n");
    let f = Fixture::new("[race]\nA.\n.B\nexpect = B\n");
    assert_eq!(write_expect(&f.view(), &f.analysis.cases[0]), None);
}

#[test]
fn typos_in_keys_offer_the_key_and_deletion() {
    let f = Fixture::new("[chess]\npi$0ce = queen\nsize = 5 5\npeice = king\n");
    let (titles, applied) = f.fix("Change to `piece`");
    assert_eq!(titles[..2], ["Change to `piece`", "Delete `pice = queen`"]);
    assert!(applied.unwrap().starts_with("[chess]\npiece = queen\n"));
    let f = Fixture::new("[zgame]\n...\ncol$0our = red");
    let (titles, applied) = f.fix("Delete `colour = red`");
    assert_eq!(
        titles,
        ["Delete `colour = red`", "Add `expect = no yes no`"]
    );
    assert_eq!(applied.unwrap(), "[zgame]\n...");
}

#[test]
fn a_missing_piece_can_be_added() {
    let f = Fixture::new("[ch$0ess]\nsize = 5 5\n");
    let (titles, applied) = f.fix("Add `piece = king`");
    assert_eq!(titles, ["Add `piece = king`"]);
    assert_eq!(applied.unwrap(), "[chess]\npiece = king\nsize = 5 5\n");
}

#[test]
fn unknown_allow_codes_can_be_removed() {
    let f = Fixture::new("// boardls: allow W301 E9$099\n[zgame]\n...\n");
    let (titles, applied) = f.fix("Remove the unknown code");
    assert!(
        titles.contains(&"Remove the unknown code".to_string()),
        "{titles:?}"
    );
    assert_eq!(applied.unwrap(), "// boardls: allow W301\n[zgame]\n...\n");
}

#[test]
fn warnings_can_be_silenced_for_the_file_and_errors_cannot() {
    // Two warnings of one code under the cursor: one fix.
    let f = Fixture::new("// a note\n[chess]\npiece = king\nsize = 50$000 5000\n");
    let (titles, applied) = f.fix("Silence `W501` in this file");
    assert_eq!(titles, ["Silence `W501` in this file", "Add `expect = B`"]);
    let applied = applied.unwrap();
    assert_eq!(
        applied,
        "// boardls: allow W501\n// a note\n[chess]\npiece = king\nsize = 5000 5000\n"
    );
    let again = Fixture::new(&applied);
    assert!(diagnostics(&again.view(), &Config::default()).is_empty());
    // Added to the file's first `allow`, in its line style, after a byte order mark.
    for (text, start) in [
        (
            "// boardls: allow W301 // why\n[chess]\npiece = king\nsize = 5000$0 5\n",
            "// boardls: allow W301 W501 // why\n",
        ),
        (
            "\u{feff}[chess]\r\npiece = king\r\nsize = 5000$0 5\r\n",
            "\u{feff}// boardls: allow W501\r\n[chess]",
        ),
    ] {
        let (_, applied) = Fixture::new(text).fix("Silence `W501` in this file");
        let applied = applied.unwrap_or_default();
        assert!(applied.starts_with(start), "{applied:?}");
    }
    // A wrong answer is an error: fixed, never silenced.
    let f = Fixture::new("[race]\nA.\n.B\nexpect = $0A\n");
    let (titles, _) = f.fix("");
    assert_eq!(titles, ["Change `expect` to `B`"]);
}

#[test]
fn misspelt_games_are_corrected_and_far_ones_are_not_guessed() {
    let (_, applied) = Fixture::new("[rcae$0]\nA.\n.B\n").fix("Change to `race`");
    assert_eq!(applied.unwrap(), "[race]\nA.\n.B\n");
    let (titles, _) = Fixture::new("[checkers$0]\n").fix("");
    assert!(titles.is_empty(), "{titles:?}");
}

#[test]
fn hover_puts_the_header_before_the_explanation_of_a_diagnostic_there() {
    let f = Fixture::new("[zgame \"x\"$0]\n...\n");
    let view = f.view();
    let diags = diagnostics(&view, &Config::default());
    let h = hover(&view, &diags, f.cursor).unwrap();
    assert!(h.markdown.starts_with("**zgame \"x\"**"), "{}", h.markdown);
    assert!(h.markdown.contains("no `expect` yet"), "{}", h.markdown);
    assert_eq!(h.span, f.analysis.cases[0].header);

    let f = Fixture::new("[zgame \"x\"]\n..B\n..B\nBB.\nexpect = ye$0s no no\n");
    let view = f.view();
    let diags = diagnostics(&view, &Config::default());
    let h = hover(&view, &diags, f.cursor).unwrap();
    assert!(h.markdown.starts_with("`E210`"), "{}", h.markdown);
}

#[test]
fn lenses_keep_the_last_result_while_solving() {
    let f = Fixture::new("[race]\nA.\n.B\n");
    let solved = f.states[0].clone();
    let CaseState::Done(v) = &solved else {
        panic!("not solved")
    };
    let lens = v.solution().unwrap().lens.clone();
    assert_eq!(status(&solved), lens);
    let pending = CaseState::Pending {
        last: Some(v.clone()),
    };
    assert_eq!(status(&pending), format!("{lens} (solving…)"));
    assert_eq!(status(&CaseState::Pending { last: None }), "solving…");
    let all = lenses(&f.view());
    assert_eq!(all.len(), 2);
    assert_eq!(all[1].action, LensAction::WriteExpect { case: 0 });
    assert_eq!(all[1].title, "write expect = B");
}

#[test]
fn hints_give_each_answer_at_its_header_lines_end_marked_against_expect() {
    let mut f = Fixture::new(concat!(
        "[zgame \"right\"] // note\n..B\n..B\nBB.\nexpect = no no yes\n\n",
        "[zgame \"wrong\"]\n..B\n..B\nBB.\nexpect = yes no no\n\n",
        "[race]\nA.\n.B\n\n",
        "[zgame]\n..C\n\n",
        "[chess]\npiece = king\nsize = 5 5\n",
    ));
    let all = hints(&f.view(), Span::new(0, f.text.len()));
    let labels: Vec<&str> = all.iter().map(|h| h.label.as_str()).collect();
    // The case with a bad cell has none.
    assert_eq!(
        labels,
        [
            "answer: no no yes ✓",
            "answer: no no yes ≠ expect",
            "answer: B",
            "answer: G"
        ]
    );
    assert_eq!(&f.text[..all[0].offset], "[zgame \"right\"] // note");
    let tooltip = all[2].tooltip.as_deref().unwrap_or("");
    assert!(tooltip.starts_with("B wins"), "{tooltip}");
    // Only those asked for: the second header's line.
    let second = f.text.find("[zgame \"wrong\"]").unwrap();
    let some = hints(&f.view(), Span::new(second, second + 20));
    assert_eq!(some.len(), 1);
    assert_eq!(some[0].label, "answer: no no yes ≠ expect");
    // While solving again: the last answer, marked as such.
    let last = f.states[2].clone();
    let CaseState::Done(v) = last else {
        panic!("not solved")
    };
    f.states[2] = CaseState::Pending { last: Some(v) };
    f.states[4] = CaseState::Pending { last: None };
    let all = hints(&f.view(), Span::new(0, f.text.len()));
    assert_eq!(all[2].label, "answer: B (solving…)");
    assert_eq!(all[3].label, "solving…");
}

#[test]
fn folds_skip_single_lines_and_trailing_comments() {
    let f = Fixture::new("// one\n\n// a\n// b\n[zgame]\n... // c\n... // d\n[zgame]\n");
    let got: Vec<(usize, usize, FoldKind)> = folds(&f.view())
        .iter()
        .map(|f| (f.start_line, f.end_line, f.kind))
        .collect();
    assert_eq!(got, [(2, 3, FoldKind::Comment), (4, 6, FoldKind::Case)]);
}

#[test]
fn marks_cover_solved_grids_only() {
    let f = Fixture::new(
        "[zgame]\n..B\n..B\nBB.\n\n[zgame]\n..x\n\n[chess]\npiece = king\nsize = 3 3\n",
    );
    let marks = cell_marks(&f.view());
    assert!(!marks.is_empty());
    let grid = Span::new(f.text.find("..B").unwrap(), f.text.find("BB.").unwrap() + 3);
    for (span, mark) in &marks {
        assert!(grid.start <= span.start && span.end <= grid.end, "{span:?}");
        assert_eq!(span.len(), 1);
        assert_ne!(*mark, CellMark::None);
    }
}

#[test]
fn suite_checks_run_only_in_files_that_ask_for_them() {
    let cases = "[race \"a\"]\nA.\n.B\n\n[race \"mirror\"]\nB.\n.A\n";
    let codes = |text: &str| -> Vec<&'static str> {
        let f = Fixture::new(text);
        diagnostics(&f.view(), &Config::default())
            .into_iter()
            .map(|d| d.code)
            .collect()
    };
    assert_eq!(codes(cases), Vec::<&str>::new());
    let marked = format!("// boardls: suite\n{cases}");
    assert_eq!(codes(&marked), ["I220", "I221", "I222"]);
}
