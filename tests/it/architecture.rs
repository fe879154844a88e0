//! The layers of ARCHITECTURE.md, enforced: a module may not name a module of a layer above it
//! (`crate::…` paths, grouped `use crate::{…}` included). One crate has no compiler-checked
//! boundaries, so this test is the boundary.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// `(layer, modules it must not use)`, bottom up. A layer is a folder or file under `src/`.
const NEVER: &[(&str, &[&str])] = &[
    (
        "span",
        &[
            "syntax",
            "games",
            "analysis",
            "project",
            "authoring",
            "ide",
            "render",
            "lsp",
            "cli",
        ],
    ),
    (
        "diag",
        &[
            "syntax",
            "games",
            "analysis",
            "project",
            "authoring",
            "ide",
            "render",
            "lsp",
            "cli",
        ],
    ),
    (
        "text",
        &[
            "syntax",
            "games",
            "analysis",
            "project",
            "authoring",
            "ide",
            "render",
            "lsp",
            "cli",
        ],
    ),
    (
        "config",
        &[
            "syntax",
            "games",
            "analysis",
            "project",
            "authoring",
            "ide",
            "render",
            "lsp",
            "cli",
        ],
    ),
    (
        "syntax",
        &[
            "games",
            "analysis",
            "project",
            "authoring",
            "ide",
            "render",
            "lsp",
            "cli",
        ],
    ),
    (
        "games",
        &[
            "syntax",
            "analysis",
            "project",
            "authoring",
            "ide",
            "render",
            "lsp",
            "cli",
        ],
    ),
    (
        "analysis",
        &["project", "authoring", "ide", "render", "lsp", "cli"],
    ),
    ("project", &["authoring", "ide", "render", "lsp", "cli"]),
    ("authoring", &["ide", "render", "lsp", "cli"]),
    // The pictures read the editor's per-case state, so they sit just above `ide`.
    ("ide", &["render", "lsp", "cli"]),
    ("render", &["lsp", "cli"]),
    ("emit", &["ide", "render", "lsp", "cli"]),
    ("lsp", &["cli"]),
];

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// Every `.rs` file of a layer: `src/LAYER.rs` and everything under `src/LAYER/`.
fn files_of(layer: &str) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let file = src().join(format!("{layer}.rs"));
    if file.is_file() {
        out.push(file);
    }
    let mut dirs = vec![src().join(layer)];
    while let Some(dir) = dirs.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push(path);
            }
        }
    }
    out
}

/// The top-level modules a source text names through `crate::`.
fn crate_modules(text: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let ident = |s: &str| -> String {
        s.chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect()
    };
    for (at, _) in text.match_indices("crate::") {
        let rest = &text[at + "crate::".len()..];
        if let Some(group) = rest.strip_prefix('{') {
            // `crate::{a, b::c, d::{e, f}}`: the names at the group's top level.
            let mut depth = 0;
            let mut start = 0;
            for (i, ch) in group.char_indices() {
                match ch {
                    '{' => depth += 1,
                    '}' if depth == 0 => {
                        out.insert(ident(group[start..i].trim_start()));
                        break;
                    }
                    '}' => depth -= 1,
                    ',' if depth == 0 => {
                        out.insert(ident(group[start..i].trim_start()));
                        start = i + 1;
                    }
                    _ => {}
                }
            }
        } else {
            out.insert(ident(rest));
        }
    }
    out.remove("");
    out
}

#[test]
fn no_layer_reaches_up() {
    let mut broken = Vec::new();
    let mut seen = 0;
    for (layer, never) in NEVER {
        for file in files_of(layer) {
            seen += 1;
            let text = std::fs::read_to_string(&file).expect("source reads");
            for module in crate_modules(&text) {
                if never.contains(&module.as_str()) {
                    broken.push(format!(
                        "{} uses crate::{module} ({layer} ↛ {module})",
                        file.strip_prefix(src()).unwrap_or(&file).display()
                    ));
                }
            }
        }
    }
    assert!(
        seen > 40,
        "the layers were not found under src/ ({seen} files)"
    );
    assert!(broken.is_empty(), "layering broken:\n{}", broken.join("\n"));
}

#[test]
fn every_module_of_src_belongs_to_a_layer() {
    let layers: BTreeSet<&str> = NEVER.iter().map(|(l, _)| *l).collect();
    let mut stray = Vec::new();
    for entry in std::fs::read_dir(src()).expect("src reads").flatten() {
        let path = entry.path();
        let name = path
            .file_stem()
            .and_then(|n| n.to_str())
            .unwrap_or_default()
            .to_string();
        if ["lib", "main", "cli"].contains(&name.as_str()) || layers.contains(name.as_str()) {
            continue;
        }
        stray.push(name);
    }
    assert!(
        stray.is_empty(),
        "modules with no place in the layers (add them to NEVER and ARCHITECTURE.md): {stray:?}"
    );
}

#[test]
fn the_scanner_sees_grouped_and_nested_paths() {
    let text = "use crate::{analysis::{self, Verdict}, games};\nlet x = crate::ide::hover(1);\n\
                use crate::lsp as l; // crate::cli in a comment counts too";
    let found: Vec<String> = crate_modules(text).into_iter().collect();
    assert_eq!(found, ["analysis", "cli", "games", "ide", "lsp"]);
}
