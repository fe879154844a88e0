//! Cells coloured by outcome: every solved grid drawn with one letter per cell's mark.

use super::Fixture;
use crate::games::CellMark;
use crate::ide::marks::cell_marks;
use expect_test::{Expect, expect};

/// Each grid row of the text with its cells replaced by their marks: `W` win, `L` lose,
/// `D` draw, `P` path, `M` meeting cell, `·` unmarked; other lines are left out.
fn check(fixture: &str, expect: Expect) {
    let f = Fixture::new(fixture);
    let marks = cell_marks(&f.view());
    let mut actual = String::new();
    for case in &f.analysis.cases {
        actual.push_str(&format!("{}\n", case.title()));
        for &start in &case.row_starts {
            let row: String = (start..start + case.cols)
                .map(|at| {
                    match marks
                        .iter()
                        .find(|(span, _)| span.start == at)
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
    }
    expect.assert_eq(&actual);
}

#[test]
fn zgame_cells_show_the_outcome_for_the_player_to_move() {
    check(
        "[zgame]\n..B\n..B\nBB.\n\n[zgame]\n...\n.A.\n",
        expect![[r#"
            zgame case 1
              LWL
              WLW
              LWD
            zgame case 2
              WDD
              LWD
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
    "#]],
    );
    check(
        "[strings]\naab\nbcb\nbac\n",
        expect![[r#"
        strings case 1
          P··
          P··
          PPP
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
            chess case 2
        "#]],
    );
}
