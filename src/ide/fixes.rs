//! Quick fixes: write or correct `expect`, and simple repairs of common mistakes.

use super::{CaseState, Edit, FileView, indent_of, line_with_break};
use crate::analysis::{CaseAnalysis, Checked, codes};
use crate::diag::{Diagnostic, Severity};
use crate::games::GameId;
use crate::span::LineIndex;
use crate::span::Span;
use crate::text::closest;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fix {
    pub title: String,
    pub edits: Vec<Edit>,
    /// The diagnostic the fix resolves, if any.
    pub diagnostic: Option<Diagnostic>,
    /// The one fix an editor may apply without asking.
    pub preferred: bool,
}

/// The edit that makes case `case`'s `expect` hold its solved answer: replaces the line's
/// `expect = …` or adds a line at the end of the case. `None` when the case is not solved or
/// already right.
pub(crate) fn write_expect(view: &FileView<'_>, case: &CaseAnalysis) -> Option<Edit> {
    let answer = &view.state(case).solution()?.answer;
    match &case.expect {
        Some(e) if e.canonical.as_deref() == Some(&**answer) => None,
        Some(e) => Some(Edit {
            span: e.prop_span,
            text: format!("expect = {answer}"),
        }),
        None => {
            let line = view.index.line_of(case.span.end);
            let end = view.index.line_start(line) + view.index.line_text(view.text, line).len();
            let indent = if line > view.index.line_of(case.header.start) {
                indent_of(view, case.span.end)
            } else {
                String::new()
            };
            Some(Edit {
                span: Span::new(end, end),
                text: format!("{}{indent}expect = {answer}", view.eol()),
            })
        }
    }
}

/// Every case's `expect` edit, in text order (they never overlap: one per case).
pub fn write_all_expects(view: &FileView<'_>) -> Vec<Edit> {
    view.analysis
        .cases
        .iter()
        .filter_map(|c| write_expect(view, c))
        .collect()
}

/// Fixes for the diagnostics touching `range`, then actions on the case there.
pub fn fixes(view: &FileView<'_>, diagnostics: &[Diagnostic], range: Span) -> Vec<Fix> {
    let mut out = Vec::new();
    let mut silenced = Vec::new();
    for d in diagnostics {
        let touches = d.span.start <= range.end && range.start <= d.span.end;
        if touches {
            fixes_for(view, d, &mut out);
            // One per code, however many of its diagnostics the range touches.
            if !silenced.contains(&d.code)
                && let Some(fix) = silence(view, d)
            {
                silenced.push(d.code);
                out.push(fix);
            }
        }
    }
    out.extend(
        view.case_before(range.start)
            .and_then(|case| add_expect(view, case)),
    );
    out
}

/// "Add `expect = …`" on a solved case that has no `expect`.
fn add_expect(view: &FileView<'_>, case: &CaseAnalysis) -> Option<Fix> {
    if case.expect.is_some() {
        return None;
    }
    let edit = write_expect(view, case)?;
    let solution = view.state(case).solution()?;
    Some(Fix {
        title: format!("Add `expect = {}`", solution.answer),
        edits: vec![edit],
        diagnostic: None,
        preferred: false,
    })
}

fn fixes_for(view: &FileView<'_>, d: &Diagnostic, out: &mut Vec<Fix>) {
    let case = view.case_before(d.span.start);
    let fix = |title: String, edits: Vec<Edit>, preferred: bool| Fix {
        title,
        edits,
        diagnostic: Some(d.clone()),
        preferred,
    };
    match d.code {
        codes::WRONG_EXPECT | codes::BAD_EXPECT => {
            let Some(case) = case else { return };
            let (Some(edit), Some(solution)) =
                (write_expect(view, case), view.state(case).solution())
            else {
                return;
            };
            out.push(fix(
                format!("Change `expect` to `{}`", solution.answer),
                vec![edit],
                true,
            ));
        }
        codes::UNKNOWN_GAME => {
            let Some(written) = view.text.get(d.span.start..d.span.end) else {
                return;
            };
            if let Some(game) = closest(written, GameId::ALL.iter().map(|g| g.as_str())) {
                out.push(fix(
                    format!("Change to `{game}`"),
                    vec![Edit {
                        span: d.span,
                        text: game.to_string(),
                    }],
                    true,
                ));
            }
        }
        codes::UNKNOWN_KEY => {
            if let (Some(written), Some(game)) = (
                view.text.get(d.span.start..d.span.end),
                case.and_then(|c| c.game),
            ) {
                let keys = game.spec().keys.iter().map(|k| k.name).chain(["expect"]);
                if let Some(key) = closest(written, keys) {
                    out.push(fix(
                        format!("Change to `{key}`"),
                        vec![Edit {
                            span: d.span,
                            text: key.to_string(),
                        }],
                        true,
                    ));
                }
            }
            out.push(delete_line(view, d, fix));
        }
        codes::DUPLICATE_KEY => out.push(delete_line(view, d, fix)),
        codes::MISSING_KEY => {
            let Some(game) = case.and_then(|c| c.game) else {
                return;
            };
            let Some(key) = game
                .spec()
                .keys
                .iter()
                .find(|k| k.required && d.message.contains(&format!("`{}`", k.name)))
            else {
                return;
            };
            let Some(value) = key.values.first() else {
                return;
            };
            let line = view.index.line_of(d.span.start);
            let end = view.index.line_start(line) + view.index.line_text(view.text, line).len();
            out.push(fix(
                format!("Add `{} = {value}`", key.name),
                vec![Edit {
                    span: Span::new(end, end),
                    text: format!("{}{} = {value}", view.eol(), key.name),
                }],
                false,
            ));
        }
        codes::UNKNOWN_ALLOW => {
            let allow = view
                .analysis
                .parse
                .file
                .allows
                .iter()
                .find(|a| a.span.start <= d.span.start && d.span.end <= a.span.end);
            if let Some(allow) = allow.filter(|a| a.codes.len() == 1) {
                // An `allow` with no code left is an error: the whole comment goes, and its
                // line when the comment stands alone.
                out.push(fix(
                    "Remove the unknown code".to_string(),
                    vec![Edit {
                        span: without_comment(view, allow.span),
                        text: String::new(),
                    }],
                    true,
                ));
                return;
            }
            // Take the blank before the code with it, so `allow A B` loses ` B` cleanly.
            let start = if view
                .text
                .get(..d.span.start)
                .is_some_and(|s| s.ends_with(' '))
            {
                d.span.start - 1
            } else {
                d.span.start
            };
            out.push(fix(
                "Remove the unknown code".to_string(),
                vec![Edit {
                    span: Span::new(start, d.span.end),
                    text: String::new(),
                }],
                true,
            ));
        }
        _ => {}
    }
}

/// `// boardls: allow CODE` for a warning the author means to keep (a board beyond the original
/// problem's limits on purpose): added to the file's first `allow`, or as a new first line.
/// Errors are fixed, not silenced.
fn silence(view: &FileView<'_>, d: &Diagnostic) -> Option<Fix> {
    if d.severity == Severity::Error || d.code == codes::UNKNOWN_ALLOW {
        return None;
    }
    let first_allow = view.analysis.parse.file.allows.first();
    let edit = if let Some(last) = first_allow.and_then(|a| a.codes.last()) {
        Edit {
            span: Span::new(last.span.end, last.span.end),
            text: format!(" {}", d.code),
        }
    } else {
        // After a byte order mark, which must stay first.
        const BOM: char = '\u{feff}';
        let at = if view.text.starts_with(BOM) {
            BOM.len_utf8()
        } else {
            0
        };
        Edit {
            span: Span::new(at, at),
            text: format!("// boardls: allow {}{}", d.code, view.eol()),
        }
    };
    Some(Fix {
        title: format!("Silence `{}` in this file", d.code),
        edits: vec![edit],
        diagnostic: Some(d.clone()),
        preferred: false,
    })
}

/// What to delete to drop the comment at `comment`: its whole line when nothing else is on
/// it, else the comment and the blanks before it.
fn without_comment(view: &FileView<'_>, comment: Span) -> Span {
    let line = view.index.line_of(comment.start);
    let line_start = view.index.line_start(line);
    let before = view.text.get(line_start..comment.start).unwrap_or("");
    if before.trim_matches([' ', '\t']).is_empty() {
        return line_with_break(view, comment.start);
    }
    let blanks = before.len() - before.trim_end_matches([' ', '\t']).len();
    Span::new(comment.start - blanks, comment.end)
}

fn delete_line(
    view: &FileView<'_>,
    d: &Diagnostic,
    fix: impl Fn(String, Vec<Edit>, bool) -> Fix,
) -> Fix {
    let span = line_with_break(view, d.span.start);
    let line = view
        .index
        .line_text(view.text, view.index.line_of(d.span.start));
    fix(
        format!("Delete `{}`", line.trim()),
        vec![Edit {
            span,
            text: String::new(),
        }],
        false,
    )
}

/// The fixes that never change what a file means to its author, for `check --fix` and
/// `source.fixAll`: a misspelt game or key with one close match corrected, a duplicate key's
/// line deleted, a missing `expect` written with the solver's answer.
pub fn safe_fixes(view: &FileView<'_>, diagnostics: &[Diagnostic]) -> Vec<Fix> {
    let mut out = Vec::new();
    for d in diagnostics {
        if !matches!(
            d.code,
            codes::UNKNOWN_GAME | codes::UNKNOWN_KEY | codes::DUPLICATE_KEY
        ) {
            continue;
        }
        let mut found = Vec::new();
        fixes_for(view, d, &mut found);
        // An unknown key with no close match is only deleted by hand: it may be data.
        let chosen = found
            .into_iter()
            .find(|f| f.preferred || d.code == codes::DUPLICATE_KEY);
        out.extend(chosen);
    }
    out.extend(
        view.analysis
            .cases
            .iter()
            .filter_map(|case| add_expect(view, case)),
    );
    out
}

/// The fixes that may hide an author's mistake, applied only when asked (`--unsafe-fixes`): a
/// wrong or malformed `expect` overwritten with the solver's answer.
pub fn unsafe_fixes(view: &FileView<'_>, diagnostics: &[Diagnostic]) -> Vec<Fix> {
    let mut out = Vec::new();
    for d in diagnostics {
        if matches!(d.code, codes::WRONG_EXPECT | codes::BAD_EXPECT) {
            let mut found = Vec::new();
            fixes_for(view, d, &mut found);
            out.extend(found.into_iter().find(|f| f.preferred));
        }
    }
    out
}

/// `text` with `fixes` applied, a fix whose edits overlap an earlier one's left out (it is
/// found again on the next round); also the fixes applied.
pub fn apply_fixes<'f>(text: &str, fixes: &'f [Fix]) -> (String, Vec<&'f Fix>) {
    let mut ordered: Vec<&Fix> = fixes.iter().filter(|f| !f.edits.is_empty()).collect();
    ordered.sort_by_key(|f| f.edits.iter().map(|e| e.span.start).min());
    let mut taken: Vec<&Fix> = Vec::new();
    let mut edits: Vec<&Edit> = Vec::new();
    for fix in ordered {
        let clashes = fix.edits.iter().any(|e| {
            edits.iter().any(|t| {
                e.span.start < t.span.end && t.span.start < e.span.end
                    || e.span.start == t.span.start
            })
        });
        if !clashes {
            edits.extend(&fix.edits);
            taken.push(fix);
        }
    }
    edits.sort_by_key(|e| std::cmp::Reverse((e.span.start, e.span.end)));
    let mut out = text.to_string();
    for edit in edits {
        out.replace_range(edit.span.start..edit.span.end, &edit.text);
    }
    (out, taken)
}

/// Which fixes [`fix_file`] applies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Safety {
    /// [`safe_fixes`] only (`check --fix`, `source.fixAll`).
    Safe,
    /// [`safe_fixes`] and [`unsafe_fixes`] (`check --fix --unsafe-fixes`).
    AlsoUnsafe,
}

/// A file's text with its fixes applied, and how many were.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fixed {
    pub text: String,
    pub count: usize,
}

/// `text` with its fixes applied until none is left (a corrected game name lets its case be
/// solved, and then its `expect` written): what `check --fix` writes and `source.fixAll` edits.
/// `check` checks each round's text (`analysis::check` with the caller's configuration and
/// cache): the caller decides where solving may block.
pub fn fix_file(text: &str, safety: Safety, mut check: impl FnMut(&str) -> Checked) -> Fixed {
    // Each round fixes at least one thing; a few rounds reach what one fix uncovers.
    const ROUNDS: usize = 8;
    let mut text = text.to_string();
    let mut count = 0;
    for _ in 0..ROUNDS {
        let checked = check(&text);
        let index = LineIndex::new(&text);
        let states = CaseState::of_checked(&checked);
        let view = FileView {
            text: &text,
            index: &index,
            analysis: &checked.analysis,
            states: &states,
        };
        let mut found = safe_fixes(&view, &checked.diagnostics);
        if safety == Safety::AlsoUnsafe {
            found.extend(unsafe_fixes(&view, &checked.diagnostics));
        }
        let (next, taken) = apply_fixes(&text, &found);
        if taken.is_empty() || next == text {
            break;
        }
        count += taken.len();
        text = next;
    }
    Fixed { text, count }
}

/// The one edit that turns `old` into `new`: the part between their common start and common
/// end (an editor keeps the cursor and folds outside it). `None` when they are equal.
pub fn edit_between(old: &str, new: &str) -> Option<Edit> {
    if old == new {
        return None;
    }
    let mut start = old
        .bytes()
        .zip(new.bytes())
        .take_while(|(a, b)| a == b)
        .count();
    while !old.is_char_boundary(start) || !new.is_char_boundary(start) {
        start -= 1;
    }
    let most = old.len().min(new.len()) - start;
    let mut common_end = old
        .bytes()
        .rev()
        .zip(new.bytes().rev())
        .take(most)
        .take_while(|(a, b)| a == b)
        .count();
    while !old.is_char_boundary(old.len() - common_end)
        || !new.is_char_boundary(new.len() - common_end)
    {
        common_end -= 1;
    }
    Some(Edit {
        span: Span::new(start, old.len() - common_end),
        text: new[start..new.len() - common_end].to_string(),
    })
}

#[cfg(test)]
mod fix_tests {
    use super::*;

    #[test]
    fn the_edit_between_two_texts_spans_only_what_differs() {
        let cases = [
            ("abc", "abc"),
            ("abc", "abXc"),
            ("abc", ""),
            ("", "xyz"),
            ("aé b", "aè b"),
            ("expect = no\n", "expect = yes\n"),
            ("aaaa", "aa"),
        ];
        for (old, new) in cases {
            match edit_between(old, new) {
                None => assert_eq!(old, new),
                Some(edit) => {
                    let mut out = old.to_string();
                    out.replace_range(edit.span.start..edit.span.end, &edit.text);
                    assert_eq!(out, new, "{old:?} → {new:?}: {edit:?}");
                }
            }
        }
        let edit = edit_between("expect = no no\n", "expect = yes no\n").expect("an edit");
        assert_eq!(
            (edit.span.start, edit.span.end, edit.text.as_str()),
            (9, 11, "yes")
        );
    }
}
