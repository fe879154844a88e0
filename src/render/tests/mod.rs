//! Golden pictures of every example case (`UPDATE_EXPECT=1` rewrites them) and the picture's
//! structural promises, read back with an XML parser.

use super::{Theme, case_svg, file_stem};
use crate::analysis::solve::solve_case;
use crate::analysis::{Analysis, Verdict, analyse};
use crate::config::Config;
use crate::games::Budget;
use crate::ide::{CaseState, FileView};
use crate::span::LineIndex;
use expect_test::expect_file;
use std::sync::Arc;
use std::time::Duration;

struct Solved {
    text: String,
    index: LineIndex,
    analysis: Analysis,
    states: Vec<CaseState>,
}

impl Solved {
    fn new(text: &str) -> Solved {
        let analysis = analyse(text, &Config::default());
        let states = analysis
            .cases
            .iter()
            .map(|c| match solve_case(c, &Budget::unlimited()) {
                // Times are zeroed: pictures do not show them, but keep the states alike.
                Some(Verdict::Solved { solution, .. }) => {
                    CaseState::Done(Arc::new(Verdict::Solved {
                        solution,
                        elapsed: Duration::ZERO,
                    }))
                }
                Some(v) => CaseState::Done(Arc::new(v)),
                None => CaseState::Invalid,
            })
            .collect();
        Solved {
            index: LineIndex::new(text),
            text: text.to_string(),
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
}

const EXAMPLES: [(&str, &str); 6] = [
    ("zgame", include_str!("../../../examples/zgame.board")),
    ("race", include_str!("../../../examples/race.board")),
    ("chess", include_str!("../../../examples/chess.board")),
    ("tetris", include_str!("../../../examples/tetris.board")),
    ("strings", include_str!("../../../examples/strings.board")),
    ("mistakes", include_str!("../../../examples/mistakes.board")),
];

#[test]
fn every_example_case_matches_its_golden_picture() {
    for (file, text) in EXAMPLES {
        let solved = Solved::new(text);
        let view = solved.view();
        for case in &solved.analysis.cases {
            let svg = case_svg(&view, case, Theme::Light);
            roxmltree::Document::parse(&svg)
                .unwrap_or_else(|e| panic!("{}: invalid SVG: {e}", case.title()));
            let name = file_stem(case);
            expect_file![format!("golden/{file}-{name}.svg")].assert_eq(&svg);
        }
    }
}

#[test]
fn the_dark_theme_differs_only_in_colours() {
    let solved = Solved::new(EXAMPLES[0].1);
    let view = solved.view();
    let case = &solved.analysis.cases[0];
    let light = case_svg(&view, case, Theme::Light);
    let dark = case_svg(&view, case, Theme::Dark);
    assert_ne!(light, dark);
    let strip = |svg: &str| -> Vec<String> {
        let doc = roxmltree::Document::parse(svg).expect("valid SVG");
        doc.descendants()
            .filter_map(|n| {
                n.attribute("data-outcome")
                    .map(|o| format!("{o}@{:?}", n.attribute("x")))
            })
            .collect()
    };
    assert_eq!(strip(&light), strip(&dark));
    assert!(dark.contains(r#"data-theme="dark""#));
}

#[test]
fn a_case_being_solved_is_drawn_without_outcomes() {
    let solved = Solved::new(EXAMPLES[0].1);
    let pending: Vec<CaseState> = solved
        .states
        .iter()
        .map(|_| CaseState::Pending { last: None })
        .collect();
    let view = FileView {
        states: &pending,
        ..solved.view()
    };
    let svg = case_svg(&view, &solved.analysis.cases[0], Theme::Light);
    let doc = roxmltree::Document::parse(&svg).expect("valid SVG");
    assert!(svg.contains("Solving…"));
    let outcomes: Vec<&str> = doc
        .descendants()
        .filter_map(|n| n.attribute("data-outcome"))
        .collect();
    assert!(!outcomes.is_empty());
    assert!(outcomes.iter().all(|o| *o == "none"), "{outcomes:?}");
}

#[test]
fn a_huge_chess_board_is_drawn_as_two_corners() {
    let solved = Solved::new("[chess]\npiece = queen\nsize = 1000 900\n");
    let view = solved.view();
    let svg = case_svg(&view, &solved.analysis.cases[0], Theme::Light);
    let doc = roxmltree::Document::parse(&svg).expect("valid SVG");
    assert!(svg.len() < 2_000_000, "{} bytes", svg.len());
    let mut cells = std::collections::BTreeSet::new();
    for n in doc.descendants().filter(|n| n.has_attribute("data-row")) {
        let attr = |k: &str| -> u64 { n.attribute(k).and_then(|v| v.parse().ok()).expect(k) };
        let (r, c, len) = (attr("data-row"), attr("data-col"), attr("data-len"));
        for k in 0..len {
            assert!(cells.insert((r, c + k)), "({r},{}) drawn twice", c + k);
        }
    }
    assert_eq!(cells.len(), 2 * 40 * 40);
    assert!(cells.contains(&(1, 1)) && cells.contains(&(1000, 900)));
    assert!(!cells.contains(&(41, 41)));
    assert!(doc.descendants().any(|n| n.has_attribute("data-break")));
    assert!(doc.descendants().any(|n| n.has_attribute("data-goal")));
}

#[test]
fn user_text_is_escaped() {
    let solved = Solved::new("[zgame \"<a & b>\"]\n..\n.A\n");
    let svg = case_svg(&solved.view(), &solved.analysis.cases[0], Theme::Light);
    roxmltree::Document::parse(&svg).expect("valid SVG");
    assert!(svg.contains("&lt;a &amp; b&gt;"));
}

/// The boxes (left, top, right, bottom) of the text of `<text>` elements under `group`, drawn
/// with the group's font size and centred on their x; glyphs are estimated (bold capitals and
/// digits at most 0.75 of the size wide, 0.72 high above the baseline) and grown by `halo`.
fn text_boxes(group: roxmltree::Node<'_, '_>, halo: f64) -> Vec<(f64, f64, f64, f64, String)> {
    let size: f64 = group
        .attribute("font-size")
        .and_then(|v| v.parse().ok())
        .expect("font-size");
    group
        .children()
        .filter(|n| n.has_tag_name("text"))
        .map(|t| {
            let num = |k: &str| -> f64 { t.attribute(k).and_then(|v| v.parse().ok()).expect(k) };
            let text = t.text().unwrap_or("").to_string();
            let half = text.chars().count() as f64 * 0.75 * size / 2.0 + halo;
            let (x, y) = (num("x"), num("y"));
            (x - half, y - 0.72 * size - halo, x + half, y + halo, text)
        })
        .collect()
}

#[test]
fn a_step_number_never_covers_a_letter() {
    let mut numbers_seen = 0;
    for (file, text) in EXAMPLES {
        let solved = Solved::new(text);
        let view = solved.view();
        for case in &solved.analysis.cases {
            let svg = case_svg(&view, case, Theme::Light);
            let doc = roxmltree::Document::parse(&svg).expect("valid SVG");
            let Some(steps) = doc.descendants().find(|n| n.has_attribute("data-steps")) else {
                continue;
            };
            // The numbers are drawn with a halo of the background around them (stroke-width 3).
            let numbers = text_boxes(steps, 1.5);
            let letters: Vec<_> = doc
                .descendants()
                .filter(|n| n.has_attribute("data-row-cells"))
                .flat_map(|row| row.children().filter(|g| g.has_tag_name("g")))
                .flat_map(|g| text_boxes(g, 0.0))
                .collect();
            for n in &numbers {
                numbers_seen += 1;
                for l in &letters {
                    let apart = n.2 <= l.0 || l.2 <= n.0 || n.3 <= l.1 || l.3 <= n.1;
                    assert!(
                        apart,
                        "{file} {}: step {} covers the letter {} ({n:?} {l:?})",
                        case.title(),
                        n.4,
                        l.4
                    );
                }
            }
        }
    }
    assert!(numbers_seen > 5, "{numbers_seen} step numbers");
}

#[test]
fn the_canvas_is_as_wide_as_the_board_needs_and_text_is_wrapped_to_it() {
    let solved = Solved::new(EXAMPLES[0].1);
    let svg = case_svg(&solved.view(), &solved.analysis.cases[0], Theme::Light);
    let doc = roxmltree::Document::parse(&svg).expect("valid SVG");
    let root = doc.root_element();
    let width: i64 = root
        .attribute("width")
        .and_then(|v| v.parse().ok())
        .expect("width");
    // A 3 × 3 board is 108 px wide: the canvas is the narrowest one, not the caption's length.
    assert_eq!(width, super::MIN_WIDTH);
    let caption: Vec<&str> = doc
        .descendants()
        .filter(|n| {
            n.has_tag_name("tspan")
                && n.parent_element()
                    .is_some_and(|p| p.has_attribute("data-caption"))
        })
        .filter_map(|n| n.text())
        .collect();
    assert!(caption.len() > 2, "{caption:?}");
    for line in &caption {
        let estimate = line.chars().count() as i64 * super::CAPTION_CHAR;
        assert!(estimate <= width - 32, "{line:?} is wider than the canvas");
    }
    // The region a viewer crops to: the board and its coordinates, inside the canvas.
    let board: Vec<i64> = root
        .attribute("data-board")
        .expect("data-board")
        .split(' ')
        .map(|v| v.parse().expect("a number"))
        .collect();
    assert_eq!(board.len(), 4);
    assert!(board[0] >= 0 && board[0] + board[2] <= width, "{board:?}");
    assert!(board[2] >= 108 && board[2] < 140, "{board:?}");
}
