//! Compiles the committed parser (src/parser.c, generated from grammar.js) and its scanner.

fn main() {
    let src_dir = std::path::Path::new("src");
    let mut c_config = cc::Build::new();
    c_config.std("c11").include(src_dir);
    #[cfg(target_env = "msvc")]
    c_config.flag("-utf-8");
    for file in ["parser.c", "scanner.c"] {
        let path = src_dir.join(file);
        println!("cargo:rerun-if-changed={}", path.display());
        c_config.file(path);
    }
    c_config.compile("tree-sitter-board");
}
