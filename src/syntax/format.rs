//! PLACEHOLDER formatter (the real one replaces this file): returns the text unchanged.

pub fn format(text: &str) -> String {
    text.to_string()
}
