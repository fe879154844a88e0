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
