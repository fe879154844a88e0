//! boardls: `.board` files of two-player grid games — parser, exact solvers, diagnostics,
//! judge I/O — as a library under the `boardls` command line and language server.

pub mod analysis;
pub mod authoring;
mod bytes;
pub mod config;
pub mod diag;
pub mod emit;
pub mod games;
pub mod ide;
pub mod lsp;
pub mod project;
pub mod render;
pub mod span;
pub mod syntax;
mod text;
