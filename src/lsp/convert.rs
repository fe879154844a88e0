//! The one place where LSP positions meet byte offsets (`from_proto`) and results become LSP
//! values (`to_proto`). Out-of-range positions are clamped, never a panic.

use crate::diag::{Diagnostic, Severity};
use crate::games::CellMark;
use crate::span::{LineIndex, Span};
use ropey::Rope;
use tower_lsp_server::ls_types as lsp;

/// The unit of `Position.character`, negotiated at `initialize`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub(super) enum Encoding {
    Utf8,
    #[default]
    Utf16,
}

impl Encoding {
    fn units(self, c: char) -> usize {
        match self {
            Encoding::Utf8 => c.len_utf8(),
            Encoding::Utf16 => c.len_utf16(),
        }
    }

    fn units_of(self, s: &str) -> usize {
        match self {
            Encoding::Utf8 => s.len(),
            Encoding::Utf16 => s.chars().map(char::len_utf16).sum(),
        }
    }

    pub(super) fn kind(self) -> lsp::PositionEncodingKind {
        match self {
            Encoding::Utf8 => lsp::PositionEncodingKind::UTF8,
            Encoding::Utf16 => lsp::PositionEncodingKind::UTF16,
        }
    }
}

fn to_u32(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

pub(super) mod from_proto {
    use super::{Encoding, LineIndex, Rope, Span, lsp};

    /// Byte offset of `pos` in `text`: a line past the end gives the end of the text, a
    /// column past the end of its line gives the line's end, a column inside a character
    /// gives that character's start.
    pub(crate) fn offset(
        text: &str,
        index: &LineIndex,
        pos: lsp::Position,
        enc: Encoding,
    ) -> usize {
        let line = pos.line as usize;
        if line >= index.line_count() {
            return text.len();
        }
        let start = index.line_start(line);
        start + column(index.line_text(text, line).chars(), pos.character, enc)
    }

    pub(crate) fn span(text: &str, index: &LineIndex, range: lsp::Range, enc: Encoding) -> Span {
        let start = offset(text, index, range.start, enc);
        let end = offset(text, index, range.end, enc);
        Span::new(start.min(end), start.max(end))
    }

    /// Byte offset of `pos` in a rope, clamped as [`offset`] does.
    pub(crate) fn rope_offset(rope: &Rope, pos: lsp::Position, enc: Encoding) -> usize {
        let line = pos.line as usize;
        if line >= rope.len_lines() {
            return rope.len_bytes();
        }
        let start = rope.line_to_byte(line);
        let chars = rope
            .line(line)
            .chars()
            .take_while(|c| *c != '\n' && *c != '\r');
        start + column(chars, pos.character, enc)
    }

    /// Bytes of the characters before column `col` of a line.
    fn column(chars: impl Iterator<Item = char>, col: u32, enc: Encoding) -> usize {
        let col = col as usize;
        let (mut units, mut bytes) = (0, 0);
        for c in chars {
            units += enc.units(c);
            if units > col {
                break;
            }
            bytes += c.len_utf8();
        }
        bytes
    }

    /// Applies one `didChange` content change to the rope, in place.
    pub(crate) fn apply_change(
        rope: &mut Rope,
        change: &lsp::TextDocumentContentChangeEvent,
        enc: Encoding,
    ) {
        match change.range {
            None => *rope = Rope::from_str(&change.text),
            Some(range) => {
                let a = rope_offset(rope, range.start, enc);
                let b = rope_offset(rope, range.end, enc);
                let (start, end) = (rope.byte_to_char(a.min(b)), rope.byte_to_char(a.max(b)));
                rope.remove(start..end);
                rope.insert(start, &change.text);
            }
        }
    }
}

pub(super) mod to_proto {
    use super::{CellMark, Diagnostic, Encoding, LineIndex, Severity, Span, lsp, to_u32};
    use crate::analysis::codes;
    use crate::ide::completion::{Completion, CompletionKind};
    use crate::ide::folding::{Fold, FoldKind};

    pub(crate) fn position(
        text: &str,
        index: &LineIndex,
        offset: usize,
        enc: Encoding,
    ) -> lsp::Position {
        let mut offset = offset.min(text.len());
        while !text.is_char_boundary(offset) {
            offset -= 1;
        }
        let line = index.line_of(offset);
        let start = index.line_start(line).min(offset);
        let col = text.get(start..offset).map_or(0, |s| enc.units_of(s));
        lsp::Position::new(to_u32(line), to_u32(col))
    }

    pub(crate) fn range(text: &str, index: &LineIndex, span: Span, enc: Encoding) -> lsp::Range {
        lsp::Range::new(
            position(text, index, span.start, enc),
            position(text, index, span.end.max(span.start), enc),
        )
    }

    /// `d` of the text at `uri`; its other places become related information there.
    pub(crate) fn diagnostic(
        text: &str,
        index: &LineIndex,
        uri: &lsp::Uri,
        d: &Diagnostic,
        enc: Encoding,
    ) -> lsp::Diagnostic {
        let severity = match d.severity {
            Severity::Error => lsp::DiagnosticSeverity::ERROR,
            Severity::Warning => lsp::DiagnosticSeverity::WARNING,
            Severity::Info => lsp::DiagnosticSeverity::INFORMATION,
        };
        let message = match &d.help {
            Some(help) => format!("{}\nhelp: {help}", d.message),
            None => d.message.clone(),
        };
        let related: Vec<lsp::DiagnosticRelatedInformation> = d
            .related
            .iter()
            .map(|(span, message)| lsp::DiagnosticRelatedInformation {
                location: lsp::Location::new(uri.clone(), range(text, index, *span, enc)),
                message: message.clone(),
            })
            .collect();
        lsp::Diagnostic {
            range: range(text, index, d.span, enc),
            severity: Some(severity),
            code: Some(lsp::NumberOrString::String(d.code.to_string())),
            code_description: codes::docs_url(d.code)
                .and_then(|url| url.parse().ok())
                .map(|href| lsp::CodeDescription { href }),
            source: Some("boardls".to_string()),
            message,
            related_information: (!related.is_empty()).then_some(related),
            ..lsp::Diagnostic::default()
        }
    }

    pub(crate) fn text_edit(
        text: &str,
        index: &LineIndex,
        edit: &crate::ide::Edit,
        enc: Encoding,
    ) -> lsp::TextEdit {
        lsp::TextEdit::new(range(text, index, edit.span, enc), edit.text.clone())
    }

    pub(crate) fn folding_range(fold: &Fold) -> lsp::FoldingRange {
        lsp::FoldingRange {
            start_line: to_u32(fold.start_line),
            end_line: to_u32(fold.end_line),
            kind: Some(match fold.kind {
                FoldKind::Case => lsp::FoldingRangeKind::Region,
                FoldKind::Comment => lsp::FoldingRangeKind::Comment,
            }),
            ..lsp::FoldingRange::default()
        }
    }

    pub(crate) fn completion_item(
        text: &str,
        index: &LineIndex,
        c: &Completion,
        enc: Encoding,
    ) -> lsp::CompletionItem {
        lsp::CompletionItem {
            label: c.label.clone(),
            kind: Some(match c.kind {
                CompletionKind::Game => lsp::CompletionItemKind::CLASS,
                CompletionKind::Key => lsp::CompletionItemKind::PROPERTY,
                CompletionKind::Value => lsp::CompletionItemKind::VALUE,
            }),
            detail: c.detail.clone(),
            documentation: c.doc.clone().map(|value| {
                lsp::Documentation::MarkupContent(lsp::MarkupContent {
                    kind: lsp::MarkupKind::Markdown,
                    value,
                })
            }),
            text_edit: Some(lsp::CompletionTextEdit::Edit(lsp::TextEdit::new(
                range(text, index, c.replace, enc),
                c.insert.clone(),
            ))),
            ..lsp::CompletionItem::default()
        }
    }

    /// The token types, in legend order: a fixed contract with the editor extensions.
    pub const TOKEN_TYPES: [&str; 5] = ["winning", "losing", "drawn", "path", "meeting"];

    pub(crate) fn token_legend() -> lsp::SemanticTokensLegend {
        lsp::SemanticTokensLegend {
            token_types: TOKEN_TYPES
                .iter()
                .map(|t| lsp::SemanticTokenType::new(t))
                .collect(),
            token_modifiers: Vec::new(),
        }
    }

    fn token_type(mark: CellMark) -> Option<u32> {
        match mark {
            CellMark::None => None,
            CellMark::Win => Some(0),
            CellMark::Lose => Some(1),
            CellMark::Draw => Some(2),
            CellMark::Path => Some(3),
            CellMark::Meet => Some(4),
        }
    }

    /// Relative-encoded tokens for marks sorted by offset, each within one line. Columns are
    /// counted from the previous token, so the whole text is scanned once.
    pub(crate) fn semantic_tokens(
        text: &str,
        index: &LineIndex,
        marks: &[(Span, CellMark)],
        enc: Encoding,
    ) -> Vec<lsp::SemanticToken> {
        let mut out = Vec::with_capacity(marks.len());
        // Where the last column was measured: line, byte offset, column.
        let (mut line, mut at, mut col) = (usize::MAX, 0usize, 0usize);
        let (mut prev_line, mut prev_col) = (0usize, 0usize);
        for &(span, mark) in marks {
            let Some(kind) = token_type(mark) else {
                continue;
            };
            let start_line = index.line_of(span.start);
            if start_line != line || span.start < at {
                line = start_line;
                at = index.line_start(line);
                col = 0;
            }
            col += text.get(at..span.start).map_or(0, |s| enc.units_of(s));
            at = span.start;
            let length = text
                .get(span.start..span.end)
                .map_or(0, |s| enc.units_of(s));
            let delta_line = line - prev_line.min(line);
            let delta_start = if delta_line == 0 {
                col - prev_col.min(col)
            } else {
                col
            };
            out.push(lsp::SemanticToken {
                delta_line: to_u32(delta_line),
                delta_start: to_u32(delta_start),
                length: to_u32(length),
                token_type: kind,
                token_modifiers_bitset: 0,
            });
            prev_line = line;
            prev_col = col;
        }
        out
    }

    /// The one edit that turns `old` into `new`: what lies between their common start and
    /// their common end (tokens are relative, so an edit changes only the tokens near it).
    /// Empty when nothing changed.
    pub(crate) fn semantic_token_edits(
        old: &[lsp::SemanticToken],
        new: &[lsp::SemanticToken],
    ) -> Vec<lsp::SemanticTokensEdit> {
        let prefix = old.iter().zip(new).take_while(|(a, b)| a == b).count();
        let (old_rest, new_rest) = (&old[prefix..], &new[prefix..]);
        let suffix = old_rest
            .iter()
            .rev()
            .zip(new_rest.iter().rev())
            .take_while(|(a, b)| a == b)
            .count();
        let deleted = old_rest.len() - suffix;
        let inserted = &new_rest[..new_rest.len() - suffix];
        if deleted == 0 && inserted.is_empty() {
            return Vec::new();
        }
        // Edits count integers, five a token.
        vec![lsp::SemanticTokensEdit {
            start: to_u32(prefix * 5),
            delete_count: to_u32(deleted * 5),
            data: Some(inserted.to_vec()),
        }]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(line: u32, character: u32) -> lsp::Position {
        lsp::Position::new(line, character)
    }

    #[test]
    fn columns_follow_the_negotiated_encoding() {
        let text = "aé中😀b\nx";
        let index = LineIndex::new(text);
        let b = text.find('b').unwrap();
        assert_eq!(
            from_proto::offset(text, &index, pos(0, 5), Encoding::Utf16),
            b
        );
        assert_eq!(
            from_proto::offset(text, &index, pos(0, 10), Encoding::Utf8),
            b
        );
        assert_eq!(
            to_proto::position(text, &index, b, Encoding::Utf16),
            pos(0, 5)
        );
        assert_eq!(
            to_proto::position(text, &index, b, Encoding::Utf8),
            pos(0, 10)
        );
        let rope = Rope::from_str(text);
        assert_eq!(
            from_proto::rope_offset(&rope, pos(0, 5), Encoding::Utf16),
            b
        );
    }

    #[test]
    fn out_of_range_positions_are_clamped() {
        let text = "ab\r\ncd😀";
        let index = LineIndex::new(text);
        let rope = Rope::from_str(text);
        for enc in [Encoding::Utf8, Encoding::Utf16] {
            assert_eq!(from_proto::offset(text, &index, pos(0, 99), enc), 2);
            assert_eq!(from_proto::offset(text, &index, pos(9, 0), enc), text.len());
            assert_eq!(from_proto::rope_offset(&rope, pos(0, 99), enc), 2);
            assert_eq!(from_proto::rope_offset(&rope, pos(9, 9), enc), text.len());
            // Inside the emoji: its start.
            assert_eq!(from_proto::offset(text, &index, pos(1, 3), enc), 6);
            assert_eq!(to_proto::position(text, &index, 999, enc).line, 1);
        }
    }

    #[test]
    fn token_edits_replace_only_what_changed() {
        let token = |delta_start, token_type| lsp::SemanticToken {
            delta_line: 0,
            delta_start,
            length: 1,
            token_type,
            token_modifiers_bitset: 0,
        };
        let old: Vec<_> = (0..10).map(|i| token(2, i % 3)).collect();
        assert!(to_proto::semantic_token_edits(&old, &old).is_empty());
        let mut new = old.clone();
        new[4] = token(2, 4);
        new.insert(5, token(1, 0));
        let edits = to_proto::semantic_token_edits(&old, &new);
        assert_eq!(edits.len(), 1);
        let edit = &edits[0];
        assert_eq!((edit.start, edit.delete_count), (20, 5));
        assert_eq!(edit.data.as_deref(), Some(&new[4..6]));
        // Applied to the integers, the edit gives the new tokens.
        let ints = |t: &[lsp::SemanticToken]| -> Vec<u32> {
            t.iter()
                .flat_map(|t| [t.delta_line, t.delta_start, t.length, t.token_type, 0])
                .collect()
        };
        let mut applied = ints(&old);
        let at = edit.start as usize;
        applied.splice(
            at..at + edit.delete_count as usize,
            ints(edit.data.as_deref().unwrap_or_default()),
        );
        assert_eq!(applied, ints(&new));
        // Everything removed.
        let edits = to_proto::semantic_token_edits(&old, &[]);
        assert_eq!((edits[0].start, edits[0].delete_count), (0, 50));
    }

    #[test]
    fn changes_apply_in_order() {
        let mut rope = Rope::from_str("héllo\nworld");
        let change = |l0, c0, l1, c1, t: &str| lsp::TextDocumentContentChangeEvent {
            range: Some(lsp::Range::new(pos(l0, c0), pos(l1, c1))),
            range_length: None,
            text: t.to_string(),
        };
        from_proto::apply_change(&mut rope, &change(0, 1, 0, 2, "e"), Encoding::Utf16);
        from_proto::apply_change(&mut rope, &change(1, 0, 1, 5, "there"), Encoding::Utf16);
        from_proto::apply_change(&mut rope, &change(0, 5, 1, 0, " "), Encoding::Utf16);
        assert_eq!(rope.to_string(), "hello there");
        // A reversed range counts as its normal form.
        from_proto::apply_change(&mut rope, &change(0, 5, 0, 0, "bye"), Encoding::Utf8);
        assert_eq!(rope.to_string(), "bye there");
    }
}
