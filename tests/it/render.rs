//! Pictures against the editor's facts: over generated boards of every game, each drawn cell's
//! `data-outcome` is the outcome the semantic colouring and the cell hover read, and every cell
//! of the board is drawn exactly once, inside its row's `<g data-row-cells>` (the unit a viewer
//! replaces).

use boardls::analysis::{SolveCache, check};
use boardls::config::Config;
use boardls::games::CellMark;
use boardls::ide::marks::cell_runs;
use boardls::ide::{CaseState, FileView};
use boardls::render::{Theme, case_svg};
use boardls::span::LineIndex;
use proptest::prelude::*;
use std::collections::BTreeMap;

fn word(mark: CellMark) -> &'static str {
    match mark {
        CellMark::Win => "win",
        CellMark::Lose => "lose",
        CellMark::Draw => "draw",
        CellMark::None | CellMark::Path | CellMark::Meet => "none",
    }
}

/// Every drawn cell (1-based) with its outcome; a cell drawn twice, or outside the `<g
/// data-row-cells="R,C">` child of the `<svg>` that holds its row R, fails.
fn drawn_cells(svg: &str) -> Result<BTreeMap<(u64, u64), String>, TestCaseError> {
    let doc = roxmltree::Document::parse(svg)
        .map_err(|e| TestCaseError::fail(format!("invalid SVG: {e}")))?;
    let mut out = BTreeMap::new();
    let mut groups = std::collections::BTreeSet::new();
    for g in doc
        .descendants()
        .filter(|n| n.has_attribute("data-row-cells"))
    {
        let key = g.attribute("data-row-cells");
        prop_assert!(groups.insert(key), "two row groups {key:?}");
    }
    for n in doc.descendants().filter(|n| n.has_attribute("data-row")) {
        let num = |k: &str| -> u64 {
            n.attribute(k)
                .and_then(|v| v.parse().ok())
                .unwrap_or_else(|| panic!("{k} is a number"))
        };
        let (r, c, len) = (num("data-row"), num("data-col"), num("data-len"));
        let outcome = n
            .attribute("data-outcome")
            .expect("data-outcome")
            .to_string();
        prop_assert!(len >= 1);
        let group = n.parent_element().filter(|g| g.has_tag_name("g"));
        let key = group.and_then(|g| g.attribute("data-row-cells"));
        prop_assert!(
            key.and_then(|k| k.split_once(','))
                .is_some_and(|(row, _)| row == r.to_string()),
            "cell ({r},{c}) is in the group {key:?}"
        );
        prop_assert!(
            group
                .and_then(|g| g.parent_element())
                .is_some_and(|p| p == doc.root_element()),
            "the group of row {r} is not a child of the <svg>"
        );
        for k in 0..len {
            prop_assert!(
                out.insert((r, c + k), outcome.clone()).is_none(),
                "({r},{}) drawn twice",
                c + k
            );
        }
    }
    Ok(out)
}

/// Renders every case of `text` and compares each with the facts the editor shows; the pictures
/// and the answers, case by case.
fn check_text(text: &str) -> Result<Vec<(String, Option<String>)>, TestCaseError> {
    let mut pictures = Vec::new();
    let checked = check(text, &Config::default(), &SolveCache::new());
    let states: Vec<CaseState> = checked
        .verdicts
        .iter()
        .map(|v| v.clone().map_or(CaseState::Invalid, CaseState::Done))
        .collect();
    let index = LineIndex::new(text);
    let view = FileView {
        text,
        index: &index,
        analysis: &checked.analysis,
        states: &states,
    };
    // The semantic colouring, by byte offset (a grid cell is one byte: runs spread to cells).
    let coloured: BTreeMap<usize, CellMark> = cell_runs(&view)
        .into_iter()
        .flat_map(|(span, mark)| (span.start..span.end).map(move |at| (at, mark)))
        .collect();
    for case in &checked.analysis.cases {
        let svg = case_svg(&view, case, Theme::Dark);
        let drawn = drawn_cells(&svg)?;
        let answer = states[case.index].solution().map(|s| s.answer.to_string());
        pictures.push((svg.clone(), answer));
        if case.row_starts.is_empty() {
            // Chess: no grid in the text and no cell hover; the map is what a picture reads.
            let Some(map) = states[case.index].solution().and_then(|s| s.cells.as_ref()) else {
                continue;
            };
            prop_assert_eq!(drawn.len(), map.rows * map.cols);
            for ((r, c), outcome) in &drawn {
                let want = word(map.mark(*r as usize - 1, *c as usize - 1));
                prop_assert_eq!(outcome.as_str(), want, "chess cell ({},{})", r, c);
            }
            continue;
        }
        prop_assert_eq!(drawn.len(), case.row_starts.len() * case.cols, "{}", svg);
        for (r, &start) in case.row_starts.iter().enumerate() {
            for c in 0..case.cols {
                let want = coloured.get(&(start + c)).copied().map_or("none", word);
                let got = drawn.get(&(r as u64 + 1, c as u64 + 1)).map(String::as_str);
                prop_assert_eq!(got, Some(want), "cell ({},{}) of {}", r + 1, c + 1, text);
            }
        }
    }
    Ok(pictures)
}

/// The 1-based cells of the drawn line of play (`data-cells`) and of the ring on race's middle
/// cell (`data-meet`), if drawn.
type Cell = (usize, usize);
fn drawn_line(svg: &str) -> (Vec<Cell>, Option<Cell>) {
    let doc = roxmltree::Document::parse(svg).expect("valid SVG");
    let cell = |s: &str| -> Cell {
        let (r, c) = s.split_once(',').expect("r,c");
        (r.parse().expect("row"), c.parse().expect("column"))
    };
    let line = doc
        .descendants()
        .find_map(|n| n.attribute("data-cells"))
        .map_or_else(Vec::new, |v| v.split(' ').map(cell).collect());
    let meet = doc
        .descendants()
        .find_map(|n| n.attribute("data-meet"))
        .map(cell);
    (line, meet)
}

/// Race's drawn line is the winner's walk: from his start to the other's, each step to an
/// adjacent white cell, D + 1 cells (a shortest path); at an even D the ring is on its middle
/// cell. Distances are found here by a breadth-first search of the test's own.
fn check_race_walk(rows: &[&[u8]], svg: &str, answer: &str) -> Result<(), TestCaseError> {
    let (n, m) = (rows.len(), rows[0].len());
    let find = |letter: u8| -> Cell {
        (0..n)
            .flat_map(|r| (0..m).map(move |c| (r, c)))
            .find(|&(r, c)| rows[r][c] == letter)
            .expect("both starts")
    };
    let (a, b) = (find(b'A'), find(b'B'));
    let mut dist = vec![vec![usize::MAX; m]; n];
    let mut queue = std::collections::VecDeque::from([a]);
    dist[a.0][a.1] = 0;
    while let Some((r, c)) = queue.pop_front() {
        for (nr, nc) in [
            (r.wrapping_sub(1), c),
            (r + 1, c),
            (r, c.wrapping_sub(1)),
            (r, c + 1),
        ] {
            if nr < n && nc < m && rows[nr][nc] != b'#' && dist[nr][nc] == usize::MAX {
                dist[nr][nc] = dist[r][c] + 1;
                queue.push_back((nr, nc));
            }
        }
    }
    let (line, meet) = drawn_line(svg);
    let d = dist[b.0][b.1];
    if answer == "draw" {
        prop_assert!(
            line.is_empty() && meet.is_none(),
            "no walk when nobody wins"
        );
        return Ok(());
    }
    let (from, to) = if answer == "A" { (a, b) } else { (b, a) };
    let line: Vec<Cell> = line.iter().map(|&(r, c)| (r - 1, c - 1)).collect();
    prop_assert_eq!(line.len(), d + 1, "a shortest path: D = {} steps", d);
    prop_assert_eq!(line[0], from, "the walk starts at the winner's start");
    prop_assert_eq!(line[d], to, "the walk ends at the other's start");
    for pair in line.windows(2) {
        let ((r1, c1), (r2, c2)) = (pair[0], pair[1]);
        prop_assert_eq!(
            r1.abs_diff(r2) + c1.abs_diff(c2),
            1,
            "{:?} is one step",
            pair
        );
        prop_assert!(rows[r2][c2] != b'#', "({},{}) is white", r2 + 1, c2 + 1);
    }
    let want_meet = (d % 2 == 0).then(|| (line[d / 2].0 + 1, line[d / 2].1 + 1));
    prop_assert_eq!(
        meet,
        want_meet,
        "the ring is on the middle cell at an even D"
    );
    Ok(())
}

fn grid(rows: usize, cols: usize, alphabet: &'static [u8]) -> impl Strategy<Value = Vec<String>> {
    prop::collection::vec(
        prop::collection::vec(prop::sample::select(alphabet), cols)
            .prop_map(|row| String::from_utf8(row).expect("ASCII")),
        rows,
    )
}

fn zgame() -> impl Strategy<Value = String> {
    (1usize..=8, 1usize..=8)
        .prop_flat_map(|(n, m)| grid(n, m, b"..AB"))
        .prop_map(|rows| format!("[zgame]\n{}\n", rows.join("\n")))
}

fn race() -> impl Strategy<Value = String> {
    (2usize..=6)
        .prop_flat_map(|n| (grid(n, n, b"...#"), Just(n), 0..n * n, 0..n * n))
        .prop_map(|(rows, n, a, b)| {
            let mut cells: Vec<u8> = rows.concat().into_bytes();
            cells[a] = b'A';
            cells[b] = b'B';
            let rows: Vec<String> = cells
                .chunks(n)
                .map(|r| String::from_utf8(r.to_vec()).expect("ASCII"))
                .collect();
            format!("[race]\n{}\n", rows.join("\n"))
        })
}

fn chess() -> impl Strategy<Value = String> {
    (
        prop::sample::select(&["king", "rook", "knight", "queen"][..]),
        1u64..=12,
        1u64..=12,
    )
        .prop_map(|(piece, n, m)| format!("[chess]\npiece = {piece}\nsize = {n} {m}\n"))
}

fn tetris() -> impl Strategy<Value = String> {
    (2usize..=5, 2usize..=5)
        .prop_flat_map(|(n, m)| grid(n, m, b"0001"))
        .prop_map(|rows| format!("[tetris]\n{}\n", rows.join("\n")))
}

fn strings() -> impl Strategy<Value = String> {
    (1usize..=5)
        .prop_flat_map(|n| grid(n, n, b"abc"))
        .prop_map(|rows| format!("[strings]\n{}\n", rows.join("\n")))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]

    #[test]
    fn zgame_pictures_agree_with_the_editor(text in zgame()) {
        check_text(&text)?;
    }

    #[test]
    fn race_pictures_agree_with_the_editor(text in race()) {
        let rows: Vec<&[u8]> = text.lines().skip(1).map(str::as_bytes).collect();
        for (svg, answer) in check_text(&text)? {
            // Both starts on one cell leaves no `A`: the case has errors and no picture line.
            if let Some(answer) = answer {
                check_race_walk(&rows, &svg, &answer)?;
            }
        }
    }

    #[test]
    fn chess_pictures_agree_with_the_editor(text in chess()) {
        check_text(&text)?;
    }

    #[test]
    fn tetris_pictures_agree_with_the_editor(text in tetris()) {
        check_text(&text)?;
    }

    #[test]
    fn strings_pictures_agree_with_the_editor(text in strings()) {
        check_text(&text)?;
    }
}

/// The size bound: a 500 × 500 zgame picture (its two corners) stays under 2 MB.
#[test]
fn a_500_by_500_zgame_picture_is_small() {
    let mut rng = 0x9e37_79b9_7f4a_7c15u64;
    let mut text = String::from("[zgame]\n");
    for _ in 0..500 {
        for _ in 0..500 {
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            text.push(match rng % 50 {
                0 => 'A',
                1 => 'B',
                _ => '.',
            });
        }
        text.push('\n');
    }
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
    let svg = case_svg(&view, &checked.analysis.cases[0], Theme::Light);
    assert!(svg.len() < 2_000_000, "{} bytes", svg.len());
    let drawn = drawn_cells(&svg).expect("each cell once");
    assert_eq!(drawn.len(), 2 * 40 * 40);
    assert!(drawn.values().any(|o| o != "none"), "outcomes are drawn");
}
