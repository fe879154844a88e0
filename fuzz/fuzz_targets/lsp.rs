#![no_main]

#[path = "../../tests/fuzz/bodies.rs"]
mod bodies;
#[path = "../../tests/lsp/client.rs"]
mod client;
#[path = "../../tests/fuzz/lsp_body.rs"]
mod lsp_body;
#[path = "../../tests/lsp/model.rs"]
mod model;

libfuzzer_sys::fuzz_target!(|data: &[u8]| lsp_body::lsp(data));
