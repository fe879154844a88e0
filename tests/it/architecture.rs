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
        "bytes",
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

/// The module path of a file under `src/` (`lsp/workspace/scan.rs` → `lsp::workspace::scan`,
/// a `mod.rs` its folder's, `lib.rs` and `main.rs` the crate's).
fn module_of(file: &Path) -> Vec<String> {
    let rel = file.strip_prefix(src()).unwrap_or(file).with_extension("");
    let mut path: Vec<String> = rel
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    if matches!(
        path.last().map(String::as_str),
        Some("mod" | "lib" | "main")
    ) {
        path.pop();
    }
    path
}

/// The paths a source text names through `crate::`, `super::` and `self::`, outside comments,
/// as segments after the prefix (a `{…}` group gives one path per member, nested ones too).
fn named_paths(text: &str) -> Vec<(String, Vec<String>)> {
    fn expand(prefix: &[String], rest: &str, out: &mut Vec<Vec<String>>) {
        let mut segs = prefix.to_vec();
        let mut rest = rest;
        loop {
            if let Some(group) = rest.strip_prefix('{') {
                let (mut depth, mut start) = (0, 0);
                for (i, ch) in group.char_indices() {
                    match ch {
                        '{' => depth += 1,
                        '}' if depth == 0 => {
                            expand(&segs, group[start..i].trim_start(), out);
                            return;
                        }
                        '}' => depth -= 1,
                        ',' if depth == 0 => {
                            expand(&segs, group[start..i].trim_start(), out);
                            start = i + 1;
                        }
                        _ => {}
                    }
                }
                return;
            }
            let ident: String = rest
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect();
            if ident.is_empty() {
                break;
            }
            rest = &rest[ident.len()..];
            segs.push(ident);
            match rest.strip_prefix("::") {
                Some(more) => rest = more,
                None => break,
            }
        }
        out.push(segs);
    }
    let mut out = Vec::new();
    for line in text.lines() {
        let code = line.split("//").next().unwrap_or_default();
        for prefix in ["crate::", "super::", "self::"] {
            for (at, _) in code.match_indices(prefix) {
                let before = code[..at].chars().next_back();
                if before.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_' || c == ':') {
                    continue;
                }
                let mut rest = &code[at + prefix.len()..];
                let mut kind = prefix.trim_end_matches("::").to_string();
                while let Some(more) = rest.strip_prefix("super::") {
                    kind.push_str("::super");
                    rest = more;
                }
                let mut paths = Vec::new();
                expand(&[], rest, &mut paths);
                out.extend(paths.into_iter().map(|p| (kind.clone(), p)));
            }
        }
    }
    out
}

/// The segments after `alias::` wherever the text names a path through an imported module
/// `alias` (not as part of a longer path).
fn aliased_paths(text: &str, alias: &str) -> Vec<Vec<String>> {
    let prefix = format!("{alias}::");
    let mut out = Vec::new();
    for line in text.lines() {
        let code = line.split("//").next().unwrap_or_default();
        for (at, _) in code.match_indices(&prefix) {
            let before = code[..at].chars().next_back();
            if before.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_' || c == ':') {
                continue;
            }
            let segs: Vec<String> = code[at + prefix.len()..]
                .split("::")
                .map_while(|seg| {
                    let ident: String = seg
                        .chars()
                        .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                        .collect();
                    (!ident.is_empty() && ident.len() == seg.len()).then_some(ident)
                })
                .collect();
            if !segs.is_empty() {
                out.push(segs);
            }
        }
    }
    out
}

/// Depth-first search for a back edge; the cycle is named by its files.
fn visit(
    at: &Vec<String>,
    graph: &std::collections::BTreeMap<Vec<String>, BTreeSet<Vec<String>>>,
    state: &mut std::collections::BTreeMap<Vec<String>, u8>,
    stack: &mut Vec<Vec<String>>,
) -> Option<Vec<Vec<String>>> {
    state.insert(at.clone(), 1);
    stack.push(at.clone());
    for next in graph.get(at).into_iter().flatten() {
        match state.get(next) {
            Some(1) => {
                let from = stack.iter().position(|m| m == next).unwrap_or(0);
                return Some(stack[from..].to_vec());
            }
            Some(_) => {}
            None => {
                if let Some(cycle) = visit(next, graph, state, stack) {
                    return Some(cycle);
                }
            }
        }
    }
    stack.pop();
    state.insert(at.clone(), 2);
    None
}

#[test]
fn no_files_of_src_import_each_other_in_a_cycle() {
    use std::collections::BTreeMap;
    let files = files_of("");
    let modules: BTreeMap<Vec<String>, PathBuf> =
        files.iter().map(|f| (module_of(f), f.clone())).collect();
    // Each file → the files it names (a child naming its parent's items is not counted:
    // the parent declares it, and Rust's modules are built that way).
    let mut graph: BTreeMap<Vec<String>, BTreeSet<Vec<String>>> = BTreeMap::new();
    for (module, file) in &modules {
        let text = std::fs::read_to_string(file).expect("source reads");
        for (kind, segs) in named_paths(&text) {
            let mut base: Vec<String> = match kind.split("::").next() {
                Some("crate") => Vec::new(),
                _ => module.clone(),
            };
            let ups = kind.matches("super").count();
            // `super::` in `a/b.rs` (module a::b) is `a`; in `a/b/mod.rs` it is also `a`.
            for _ in 0..ups {
                base.pop();
            }
            let mut target = base.clone();
            for seg in &segs {
                let mut next = target.clone();
                next.push(seg.clone());
                if !modules.contains_key(&next) {
                    break;
                }
                target = next;
            }
            if target != *module && !module.starts_with(&target) && modules.contains_key(&target) {
                // `use super::chess;` then `chess::moves::X` names a file below `chess`.
                if target.len() == base.len() + segs.len() {
                    for deeper in aliased_paths(&text, &segs[segs.len() - 1]) {
                        let mut below = target.clone();
                        for seg in deeper {
                            below.push(seg);
                            if !modules.contains_key(&below) {
                                below.pop();
                                break;
                            }
                        }
                        if below != *module {
                            graph.entry(module.clone()).or_default().insert(below);
                        }
                    }
                }
                graph.entry(module.clone()).or_default().insert(target);
            }
        }
    }
    let mut state = BTreeMap::new();
    let edges: usize = graph.values().map(BTreeSet::len).sum();
    assert!(
        edges > 100,
        "too few imports seen ({edges}): the scanner is broken"
    );
    for module in modules.keys() {
        if state.contains_key(module) {
            continue;
        }
        if let Some(cycle) = visit(module, &graph, &mut state, &mut Vec::new()) {
            let names: Vec<String> = cycle.iter().map(|m| m.join("::")).collect();
            panic!("files import each other in a cycle: {}", names.join(" → "));
        }
    }
}

#[test]
fn the_cycle_scanner_resolves_super_and_groups() {
    let text = "use super::document::{Doc, lock};\nuse super::super::out::Out;\n\
                use crate::lsp::{state::Shared, workspace::{scan, solver}};\n// use super::x;";
    let found: Vec<String> = named_paths(text)
        .into_iter()
        .map(|(k, p)| format!("{k}:{}", p.join("::")))
        .collect();
    assert_eq!(
        found,
        [
            "super:document::Doc",
            "super:document::lock",
            "super::super:out::Out",
            "crate:lsp::state::Shared",
            "crate:lsp::workspace::scan",
            "crate:lsp::workspace::solver",
        ]
    );
    let text = "use super::{chess, race};\nlet p = chess::moves::Pos(1);\nx.chess::no;";
    assert_eq!(aliased_paths(text, "chess"), [["moves"]]);
}
