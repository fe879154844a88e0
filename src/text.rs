//! Small helpers for words shown to people: user text quoted in a message, "did you mean".

/// How much user text a message quotes: a 1 MB line still makes a short message.
const EXCERPT_CHARS: usize = 40;

/// `text` as quoted in a message: whole when short, else its first characters and `…`.
pub(crate) fn excerpt(text: &str) -> String {
    match text.char_indices().nth(EXCERPT_CHARS) {
        Some((at, _)) => format!("{}…", text.get(..at).unwrap_or("")),
        None => text.to_string(),
    }
}

/// Edits (insert, delete, replace, swap two neighbours) that still read as a typo.
const TYPO_EDITS: usize = 2;

/// The candidate `written` is most likely a typo of, ignoring case: the nearest within
/// [`TYPO_EDITS`] (a swap of two neighbours, `zgmae`, counts as one edit), and only when no other
/// candidate is as near, so that a guess is never a coin toss.
pub(crate) fn closest<'a>(
    written: &str,
    candidates: impl IntoIterator<Item = &'a str>,
) -> Option<&'a str> {
    let written = written.to_lowercase();
    let mut best: Option<(usize, &'a str)> = None;
    let mut tie = false;
    for candidate in candidates {
        let distance = strsim::osa_distance(&written, &candidate.to_lowercase());
        if distance > TYPO_EDITS {
            continue;
        }
        match best {
            Some((d, _)) if d < distance => {}
            Some((d, _)) if d == distance => tie = true,
            _ => {
                best = Some((distance, candidate));
                tie = false;
            }
        }
    }
    best.filter(|_| !tie).map(|(_, c)| c)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_text_is_cut_at_a_character_boundary() {
        assert_eq!(excerpt("short"), "short");
        let long = "é".repeat(100);
        assert_eq!(excerpt(&long), format!("{}…", "é".repeat(40)));
    }

    #[test]
    fn typos_find_their_word_and_far_words_find_none() {
        let games = ["zgame", "race", "chess", "tetris", "strings"];
        assert_eq!(closest("zgmae", games), Some("zgame"));
        assert_eq!(closest("Chess", games), Some("chess"));
        assert_eq!(closest("tetri", games), Some("tetris"));
        assert_eq!(closest("sudoku", games), None);
        // Equally near two words: no guess.
        assert_eq!(closest("ab", ["ax", "ay"]), None);
        assert_eq!(closest("ab", ["ax", "ab"]), Some("ab"));
    }
}
