//! The editor's settings as the server reads them: `initializationOptions` at start, then the
//! `boardls` section of `workspace/configuration` (per workspace folder) or of
//! `workspace/didChangeConfiguration`. Settings are user-edited JSON: a value of the wrong kind
//! is named in a warning and left unset, so the layer below decides.

use crate::analysis::suite::Ask;
use crate::config::Settings;
use serde_json::Value;
use std::time::Duration;

/// What the editor sets: the layer over the command line's configuration, and whether the
/// workspace's closed files are checked too.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct EditorSettings {
    pub layer: Settings,
    /// `workspace.diagnostics`: every `.board` file of the workspace folders is checked, with
    /// the suite findings across them where `suite_diagnostics` has them (on unless set to
    /// `false`).
    pub workspace_diagnostics: Option<bool>,
    /// `suite.diagnostics`: which files get suite findings (`auto`, the files' own declaration,
    /// unless set).
    pub suite_diagnostics: Option<Ask>,
}

impl EditorSettings {
    /// `self` with what `over` sets on top.
    pub(crate) fn merged(&self, over: &EditorSettings) -> EditorSettings {
        EditorSettings {
            layer: self.layer.merged(&over.layer),
            workspace_diagnostics: over.workspace_diagnostics.or(self.workspace_diagnostics),
            suite_diagnostics: over.suite_diagnostics.or(self.suite_diagnostics),
        }
    }

    pub(crate) fn checks_workspace(&self) -> bool {
        self.workspace_diagnostics.unwrap_or(true)
    }

    pub(crate) fn suite_ask(&self) -> Ask {
        self.suite_diagnostics.unwrap_or_default()
    }
}

/// Reads settings in either shape: the section's (`solve.nodes`, `solve.timeSeconds`,
/// `solve.memoryMb`, `solve.cacheMb`, `diagnostics.allow`, `workspace.diagnostics`,
/// `suite.diagnostics`, as VS Code's settings are named) or the flat `initializationOptions` of earlier versions
/// (`solveNodes`, `solveTimeMs`, `solveMemoryMb`, `solveCacheMb`, `allow`). Also returns what was wrong, one sentence each.
pub(crate) fn parse(value: &Value) -> (EditorSettings, Vec<String>) {
    let mut out = EditorSettings::default();
    let mut problems = Vec::new();
    if !value.is_object() {
        if !value.is_null() {
            problems.push(format!("settings must be an object, found {}", kind(value)));
        }
        return (out, problems);
    }
    let at = |path: &[&str]| -> Option<&Value> {
        path.iter()
            .try_fold(value, |v, key| v.get(key))
            .filter(|v| !v.is_null())
    };
    let mut read_count = |names: &[&[&str]], min: u64| -> Option<u64> {
        let mut found = None;
        for path in names {
            if let Some(v) = at(path) {
                match v.as_u64().filter(|&n| n >= min) {
                    Some(n) => found = Some(n),
                    None => problems.push(format!(
                        "`{}` must be a whole number of at least {min}, found {v}",
                        path.join(".")
                    )),
                }
            }
        }
        found
    };
    out.layer.solve_nodes = read_count(&[&["solveNodes"], &["solve", "nodes"]], 0);
    // 0 MiB fits no solve: refused rather than taken to mean "no solve at all".
    out.layer.solve_memory_mib = read_count(&[&["solveMemoryMb"], &["solve", "memoryMb"]], 1);
    out.layer.solve_cache_mib = read_count(&[&["solveCacheMb"], &["solve", "cacheMb"]], 1);
    let time_ms = read_count(&[&["solveTimeMs"], &["solve", "timeMs"]], 0);
    out.layer.solve_time = time_ms.map(Duration::from_millis);
    if let Some(v) = at(&["solve", "timeSeconds"]) {
        match v.as_f64().filter(|s| s.is_finite() && *s >= 0.0) {
            Some(seconds) => out.layer.solve_time = Some(Duration::from_secs_f64(seconds)),
            None => problems.push(format!(
                "`solve.timeSeconds` must be a number of seconds, at least 0, found {v}"
            )),
        }
    }
    for path in [&["allow"][..], &["diagnostics", "allow"]] {
        if let Some(v) = at(path) {
            match v.as_array() {
                Some(codes) => {
                    let mut allow = Vec::new();
                    for code in codes {
                        match code.as_str() {
                            // Kept as written: a code in the wrong case is named as not a code.
                            Some(c) if !c.trim().is_empty() => allow.push(c.trim().to_string()),
                            _ => problems.push(format!(
                                "`{}` holds codes such as \"W501\", found {code}",
                                path.join(".")
                            )),
                        }
                    }
                    out.layer.allow = Some(allow);
                }
                None => problems.push(format!(
                    "`{}` must be a list of codes, found {}",
                    path.join("."),
                    kind(v)
                )),
            }
        }
    }
    if let Some(v) = at(&["workspace", "diagnostics"]) {
        match v.as_bool() {
            Some(on) => out.workspace_diagnostics = Some(on),
            None => problems.push(format!(
                "`workspace.diagnostics` must be true or false, found {v}"
            )),
        }
    }
    if let Some(v) = at(&["suite", "diagnostics"]) {
        match v.as_str().and_then(Ask::parse) {
            Some(ask) => out.suite_diagnostics = Some(ask),
            None => problems.push(format!(
                "`suite.diagnostics` must be \"auto\", \"always\" or \"never\", found {v}"
            )),
        }
    }
    (out, problems)
}

/// The `boardls` section of a `workspace/didChangeConfiguration` payload: clients send the
/// section itself or an object holding it.
pub(crate) fn section(payload: &Value) -> &Value {
    payload.get("boardls").unwrap_or(payload)
}

fn kind(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "a list",
        Value::Object(_) => "an object",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn both_shapes_are_read_and_the_section_wins() {
        let (s, problems) = parse(&json!({
            "solveNodes": 5, "solveTimeMs": 1500, "allow": ["W501"],
            "solve": { "nodes": 7, "memoryMb": 64 },
            "workspace": { "diagnostics": false },
            "suite": { "diagnostics": "never" }
        }));
        assert!(problems.is_empty(), "{problems:?}");
        assert_eq!(s.suite_diagnostics, Some(Ask::Never));
        assert_eq!(s.layer.solve_nodes, Some(7));
        assert_eq!(s.layer.solve_time, Some(Duration::from_millis(1500)));
        assert_eq!(s.layer.solve_memory_mib, Some(64));
        assert_eq!(s.layer.allow, Some(vec!["W501".to_string()]));
        assert_eq!(s.workspace_diagnostics, Some(false));
        let (s, _) = parse(&json!({ "solve": { "timeSeconds": 2.5 } }));
        assert_eq!(s.layer.solve_time, Some(Duration::from_millis(2500)));
    }

    #[test]
    fn wrong_values_are_named_and_left_unset() {
        let (s, problems) = parse(&json!({
            "solve": { "nodes": -1, "memoryMb": 0, "timeSeconds": "ten" },
            "diagnostics": { "allow": "W501" },
            "workspace": { "diagnostics": "yes" },
            "suite": { "diagnostics": "sometimes" }
        }));
        assert_eq!(s, EditorSettings::default());
        assert_eq!(problems.len(), 6, "{problems:?}");
        assert!(problems[5].contains("\"sometimes\""), "{problems:?}");
        assert!(problems[0].contains("`solve.nodes`"), "{problems:?}");
        let (_, problems) = parse(&json!([1]));
        assert_eq!(problems, ["settings must be an object, found a list"]);
        assert!(parse(&Value::Null).1.is_empty());
    }
}
