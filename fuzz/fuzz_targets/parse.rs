#![no_main]

#[path = "../../tests/fuzz/bodies.rs"]
mod bodies;

libfuzzer_sys::fuzz_target!(|data: &[u8]| bodies::parse(data));
