//! Formatting as one edit: the smallest span that turns the text into its canonical layout.

use super::Edit;
use crate::span::Span;

/// `None` when the text is already formatted.
pub fn format_edit(text: &str) -> Option<Edit> {
    let formatted = formatted(text);
    diff(text, &formatted)
}

fn formatted(text: &str) -> String {
    crate::syntax::format::format(text)
}

/// The edit that turns `old` into `new`: common prefix and suffix kept, the middle replaced.
pub fn diff(old: &str, new: &str) -> Option<Edit> {
    if old == new {
        return None;
    }
    let mut prefix = old
        .bytes()
        .zip(new.bytes())
        .take_while(|(a, b)| a == b)
        .count();
    while !(old.is_char_boundary(prefix) && new.is_char_boundary(prefix)) {
        prefix -= 1;
    }
    let max_suffix = (old.len() - prefix).min(new.len() - prefix);
    let mut suffix = old
        .bytes()
        .rev()
        .zip(new.bytes().rev())
        .take(max_suffix)
        .take_while(|(a, b)| a == b)
        .count();
    while !(old.is_char_boundary(old.len() - suffix) && new.is_char_boundary(new.len() - suffix)) {
        suffix -= 1;
    }
    Some(Edit {
        span: Span::new(prefix, old.len() - suffix),
        text: new
            .get(prefix..new.len() - suffix)
            .unwrap_or("")
            .to_string(),
    })
}

#[cfg(test)]
mod tests {
    use super::diff;

    #[test]
    fn diff_keeps_common_ends_and_whole_characters() {
        let old = "ab é cd";
        let new = "ab è cd";
        let edit = diff(old, new).unwrap();
        assert_eq!(&old[..edit.span.start], "ab ");
        let mut out = old.to_string();
        out.replace_range(edit.span.start..edit.span.end, &edit.text);
        assert_eq!(out, new);
        assert_eq!(diff("x", "x"), None);
        let edit = diff("aaa", "aa").unwrap();
        assert_eq!((edit.span.len(), edit.text.as_str()), (1, ""));
    }
}
