//! Reading what the games write for people, where a test checks the facts in their words.

/// The (row, column) pairs written as "(r,c)" in a text, zero-based.
pub(crate) fn cells_named(text: &str) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    for part in text.split('(').skip(1) {
        let Some((inside, _)) = part.split_once(')') else {
            continue;
        };
        let Some((r, c)) = inside.split_once(',') else {
            continue;
        };
        if let (Ok(r), Ok(c)) = (r.parse::<usize>(), c.parse::<usize>()) {
            out.push((r - 1, c - 1));
        }
    }
    out
}
