//! PLACEHOLDER
fn main() {}
