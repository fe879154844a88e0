//! Cells coloured by outcome: every solved grid drawn with one letter per cell's mark, and
//! how the runs cut it up.

use super::Fixture;
use crate::games::CellMark;
use crate::ide::marks::{cell_runs, cell_runs_in};
use crate::span::Span;
use expect_test::{Expect, expect};

/// Each grid row of the text with its cells replaced by their marks: `W` win, `L` lose,
/// `D` draw, `P` path, `M` meeting cell, `·` unmarked; other lines are left out.
fn check(fixture: &str, expect: Expect) {
    let f = Fixture::new(fixture);
    let marks = cell_runs(&f.view());
    for pair in marks.windows(2) {
        let ((a, mark_a), (b, mark_b)) = (pair[0], pair[1]);
        assert!(a.end <= b.start, "runs in text order, apart: {a:?} {b:?}");
        if a.end == b.start {
            assert!(
                mark_a != mark_b,
                "adjacent runs of a row differ: {a:?} {b:?}"
            );
        }
    }
    let mut actual = String::new();
    for case in &f.analysis.cases {
        actual.push_str(&format!("{}\n", case.title()));
        for &start in &case.row_starts {
            let row: String = (start..start + case.cols)
                .map(|at| {
                    match marks
                        .iter()
                        .find(|(span, _)| span.start <= at && at < span.end)
                        .map(|(_, m)| *m)
                    {
                        Some(CellMark::Win) => 'W',
                        Some(CellMark::Lose) => 'L',
                        Some(CellMark::Draw) => 'D',
                        Some(CellMark::Path) => 'P',
                        Some(CellMark::Meet) => 'M',
                        Some(CellMark::None) | None => '·',
                    }
                })
                .collect();
            actual.push_str(&format!("  {row}\n"));
        }
        let runs = marks
            .iter()
            .filter(|(span, _)| case.span.start <= span.start && span.end <= case.span.end);
        actual.push_str(&format!("  ({} runs)\n", runs.count()));
    }
    expect.assert_eq(&actual);
}

#[test]
fn zgame_cells_show_who_wins_seen_by_alice() {
    check(
        "[zgame]\n..B\n..B\nBB.\n\n[zgame]\n...\n.A.\n",
        expect![[r#"
            zgame case 1
              LLL
              LLL
              LLD
              (4 runs)
            zgame case 2
              WDD
              WWD
              (4 runs)
        "#]],
    );
}

#[test]
fn race_cells_show_the_shortest_paths_and_the_middle_layer() {
    check(
        "[race]\nA...\n.#..\n....\n...B\n",
        expect![[r#"
            race case 1
              PPPM
              P·MP
              PMPP
              MPPP
              (10 runs)
        "#]],
    );
}

#[test]
fn tetris_and_strings_cells() {
    check(
        "[tetris]\n0000\n0010\n0100\n0000\n",
        expect![[r#"
            tetris case 1
              L···
              ····
              ··L·
              ····
              (2 runs)
        "#]],
    );
    check(
        "[strings]\naab\nbcb\nbac\n",
        expect![[r#"
            strings case 1
              P··
              P··
              PPP
              (3 runs)
        "#]],
    );
}

#[test]
fn grids_with_errors_and_boards_without_grids_have_no_marks() {
    check(
        "[zgame]\n..x\n\n[chess]\npiece = king\nsize = 3 3\n",
        expect![[r#"
            zgame case 1
              ···
              (0 runs)
            chess case 2
              (0 runs)
        "#]],
    );
}

/// A screenful in the middle of a tall board: only its rows, each run whole and as in the
/// full answer.
#[test]
fn a_range_gives_the_runs_of_the_rows_it_meets() {
    let rows: String = (0..40)
        .map(|r| if r % 2 == 0 { "......\n" } else { ".B..A.\n" })
        .collect();
    let f = Fixture::new(&format!("[zgame]\n{rows}\n[zgame]\n..B\n"));
    let view = f.view();
    let all = cell_runs(&view);
    let case = &f.analysis.cases[0];
    let within = Span::new(case.row_starts[10] + 3, case.row_starts[12] + 1);
    let some = cell_runs_in(&view, within);
    assert!(!some.is_empty());
    assert!(some.iter().all(|run| all.contains(run)));
    let rows_met: Vec<usize> = some
        .iter()
        .map(|(span, _)| {
            case.row_starts
                .iter()
                .rposition(|&s| s <= span.start)
                .unwrap()
        })
        .collect();
    assert_eq!(rows_met.first(), Some(&10));
    assert_eq!(rows_met.last(), Some(&12));
    let from_row = |r: usize| {
        all.iter()
            .filter(|(s, _)| s.start >= case.row_starts[r])
            .count()
    };
    assert_eq!(
        some.len(),
        from_row(10) - from_row(13),
        "every run of rows 10 to 12"
    );
}
