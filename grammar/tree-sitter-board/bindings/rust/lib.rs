//! The `.board` language for the [tree-sitter] parsing library: [`LANGUAGE`] for a
//! `tree_sitter::Parser`, and the grammar's node types and highlight query.
//!
//! ```
//! let mut parser = tree_sitter::Parser::new();
//! parser
//!     .set_language(&tree_sitter_board::LANGUAGE.into())
//!     .expect("the parser's ABI is one the runtime reads");
//! let tree = parser.parse("[zgame \"sample 1\"]\n..B\nexpect = no no yes\n", None).unwrap();
//! assert!(!tree.root_node().has_error());
//! ```
//!
//! [tree-sitter]: https://tree-sitter.github.io/

use tree_sitter_language::LanguageFn;

unsafe extern "C" {
    fn tree_sitter_board() -> *const ();
}

/// The tree-sitter [`LanguageFn`] of `.board`.
pub const LANGUAGE: LanguageFn = unsafe { LanguageFn::from_raw(tree_sitter_board) };

/// The grammar's `node-types.json`.
pub const NODE_TYPES: &str = include_str!("../../src/node-types.json");

/// The highlight query, with the capture names of the tree-sitter CLI and Neovim.
pub const HIGHLIGHTS_QUERY: &str = include_str!("../../queries/highlights.scm");
