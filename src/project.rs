//! `boardls.toml`, the project configuration: found by walking up from a file, read with byte
//! spans, and every unknown key or ill-typed value an error with a "did you mean".
//!
//! It is one layer of the configuration: over the defaults, under the editor's settings and
//! the command line's flags (README, "Configuration").

use crate::analysis::codes::{self, CONFIG_BAD_VALUE, CONFIG_SYNTAX, CONFIG_UNKNOWN_KEY};
use crate::config::Config;
use crate::diag::Diagnostic;
use crate::span::Span;
use crate::text::{closest, excerpt};
use ignore::gitignore::{Gitignore, GitignoreBuilder};
use std::path::{Path, PathBuf};
use std::time::Duration;
use toml::Spanned;
use toml::de::{DeTable, DeValue};

/// The name boardls looks for in a file's folder and every folder above it.
pub const FILE_NAME: &str = "boardls.toml";

/// The top-level keys, with what each holds (the JSON Schema `boardls.schema.json` says the
/// same; a test keeps the two in step).
pub const KEYS: &[(&str, &str)] = &[
    ("allow", "codes silenced in every file of the project"),
    (
        "deny",
        "codes reported as errors, suite findings (I22x) included",
    ),
    (
        "exclude",
        "globs of files and folders not checked when a folder is walked",
    ),
    ("nodes", "search nodes one case may spend"),
    ("time", "seconds one search may spend"),
    ("memory", "MiB one case's solver may allocate"),
    ("suite", "check the files as one test suite"),
    ("export", "defaults of `boardls export`"),
    ("package", "what `boardls package` writes into problem.yaml"),
];

/// The keys of the `[package]` table.
pub const PACKAGE_KEYS: &[(&str, &str)] = &[
    (
        "name",
        "the problem's name (default: the original problem's)",
    ),
    (
        "license",
        "the license of the problem package, e.g. `cc by-sa`",
    ),
    ("rights_owner", "who owns the rights to the problem"),
    (
        "uuid",
        "a fixed uuid (default: one derived from the game and the folder name)",
    ),
    (
        "time_limit",
        "the time limit in seconds, written to `.timelimit` (DOMjudge)",
    ),
    (
        "memory_limit",
        "the memory limit in MiB, written to `limits.memory` of problem.yaml",
    ),
];

/// The keys of the `[export]` table.
pub const EXPORT_KEYS: &[(&str, &str)] = &[(
    "out",
    "the folder tests are written to, relative to boardls.toml",
)];

/// What one `boardls.toml` says. Every setting is optional: what it leaves out, the layer
/// below decides.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Settings {
    pub allow: Vec<String>,
    pub deny: Vec<String>,
    /// Gitignore-style globs, relative to the folder of `boardls.toml`.
    pub exclude: Vec<String>,
    pub nodes: Option<u64>,
    pub time: Option<Duration>,
    pub memory_mib: Option<u64>,
    pub suite: Option<bool>,
    pub export: ExportSettings,
    pub package: PackageSettings,
}

/// The `[package]` table: `problem.yaml`'s keys, as written.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PackageSettings {
    pub name: Option<String>,
    pub license: Option<String>,
    pub rights_owner: Option<String>,
    pub uuid: Option<String>,
    pub time_limit: Option<Duration>,
    pub memory_limit_mib: Option<u64>,
}

/// The `[export]` table.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ExportSettings {
    /// As written: relative to the folder of `boardls.toml`.
    pub out: Option<String>,
}

impl Settings {
    /// `config` with this layer on top: budgets it sets replace the ones below; its `allow`
    /// and `deny` replace what the layers below said of the same codes.
    pub fn apply(&self, config: &mut Config) {
        if let Some(nodes) = self.nodes {
            config.solve_nodes = nodes;
        }
        if let Some(time) = self.time {
            config.solve_time = Some(time);
        }
        if let Some(mib) = self.memory_mib {
            config.set_solve_memory_mib(mib);
        }
        config.allow_codes(&self.allow);
        config.deny_codes(&self.deny);
    }
}

/// A `boardls.toml` read and checked.
#[derive(Clone, Debug)]
pub struct Project {
    /// The file itself.
    pub path: PathBuf,
    pub settings: Settings,
    exclude: Exclude,
}

impl Project {
    /// The folder `boardls.toml` is in: its relative paths start there.
    pub fn root(&self) -> &Path {
        self.exclude.root()
    }

    /// Whether `path` (a file or folder found by walking) is excluded by this project.
    pub fn excludes(&self, path: &Path, is_dir: bool) -> bool {
        self.exclude.matches(path, is_dir)
    }

    /// `[export] out`, resolved against the folder of `boardls.toml`; an error when it leads
    /// outside that folder through a symbolic link (`..` and absolute paths are refused when
    /// the file is read), since `export --force` replaces what it finds there.
    pub fn export_out(&self) -> Result<Option<PathBuf>, String> {
        let Some(out) = &self.settings.export.out else {
            return Ok(None);
        };
        let path = self.root().join(out);
        let root = self
            .root()
            .canonicalize()
            .unwrap_or_else(|_| self.root().to_path_buf());
        // The nearest part of the path that exists, as the file system resolves it.
        let resolved = path.ancestors().find_map(|a| a.canonicalize().ok());
        if resolved.is_some_and(|r| !r.starts_with(&root)) {
            return Err(format!(
                "{}: `[export] out = \"{out}\"` leads outside the folder of {FILE_NAME} \
                 (through a symbolic link)",
                self.path.display()
            ));
        }
        Ok(Some(path))
    }
}

/// Gitignore-style globs under a root folder: `name.board` or `gen/` anywhere below it,
/// `/top.board` only at the root, `**` across folders, `!` to take a path back.
#[derive(Clone, Debug)]
pub struct Exclude {
    root: PathBuf,
    set: Gitignore,
}

impl Exclude {
    /// `globs` under `root`; a glob that does not parse is named with the reason.
    pub fn new(root: &Path, globs: &[String]) -> Result<Exclude, (usize, String)> {
        let root = absolute(root);
        let mut builder = GitignoreBuilder::new(&root);
        for (i, glob) in globs.iter().enumerate() {
            builder
                .add_line(None, glob)
                .map_err(|e| (i, e.to_string()))?;
        }
        let set = builder.build().map_err(|e| (0, e.to_string()))?;
        Ok(Exclude { root, set })
    }

    pub fn root(&self) -> &Path {
        &self.root
    }

    /// Whether `path` or a folder above it (below the root) matches.
    pub fn matches(&self, path: &Path, is_dir: bool) -> bool {
        let path = absolute(path);
        match path.strip_prefix(&self.root) {
            Ok(relative) if !relative.as_os_str().is_empty() => self
                .set
                .matched_path_or_any_parents(relative, is_dir)
                .is_ignore(),
            _ => false,
        }
    }
}

/// `path` made absolute against the current folder, symlinks left as they are (a project is
/// where the user sees its files).
fn absolute(path: &Path) -> PathBuf {
    std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf())
}

/// The nearest `boardls.toml` in `folder` or a folder above it.
pub fn find(folder: &Path) -> Option<PathBuf> {
    absolute(folder)
        .ancestors()
        .map(|dir| dir.join(FILE_NAME))
        .find(|candidate| candidate.is_file())
}

/// Why a `boardls.toml` cannot be used.
#[derive(Clone, Debug)]
pub struct ProjectError {
    pub path: PathBuf,
    /// The file's text (empty when it could not be read); the diagnostics' spans are in it.
    pub text: String,
    /// Every problem found, in text order; an unreadable file has one, at its start.
    pub diagnostics: Vec<Diagnostic>,
}

/// Reads and checks the `boardls.toml` at `path`.
pub fn load(path: &Path) -> Result<Project, ProjectError> {
    let text = std::fs::read_to_string(path).map_err(|e| ProjectError {
        path: path.to_path_buf(),
        text: String::new(),
        diagnostics: vec![Diagnostic::error(
            CONFIG_SYNTAX,
            Span::new(0, 0),
            format!("cannot read {FILE_NAME}: {e}"),
        )],
    })?;
    from_text(path, &text).map_err(|diagnostics| ProjectError {
        path: path.to_path_buf(),
        text,
        diagnostics,
    })
}

/// A project from the text of its `boardls.toml` at `path` (the server reads the editor's
/// copy of an open file, not the disk).
pub fn from_text(path: &Path, text: &str) -> Result<Project, Vec<Diagnostic>> {
    let (settings, globs) = parse_spanned(text)?;
    let root = path.parent().unwrap_or(Path::new("."));
    let exclude = Exclude::new(root, &settings.exclude).map_err(|(i, why)| {
        let span = globs.get(i).copied().unwrap_or_default();
        vec![Diagnostic::error(
            CONFIG_BAD_VALUE,
            span,
            format!("not a glob: {why}"),
        )]
    })?;
    Ok(Project {
        path: path.to_path_buf(),
        settings,
        exclude,
    })
}

/// The settings a `boardls.toml` text holds, or every problem in it.
pub fn parse(text: &str) -> Result<Settings, Vec<Diagnostic>> {
    parse_spanned(text).map(|(settings, _)| settings)
}

/// [`parse`], with the spans of the `exclude` globs (checked when they are built).
fn parse_spanned(text: &str) -> Result<(Settings, Vec<Span>), Vec<Diagnostic>> {
    let table = DeTable::parse(text).map_err(|e| {
        let span = e
            .span()
            .map_or(Span::new(0, 0), |r| Span::new(r.start, r.end));
        vec![Diagnostic::error(
            CONFIG_SYNTAX,
            span,
            format!("{FILE_NAME} is not valid TOML: {}", e.message().trim_end()),
        )]
    })?;
    let mut errors = Vec::new();
    let mut settings = Settings::default();
    let mut glob_spans = Vec::new();
    for (key, value) in table.get_ref() {
        let name: &str = key.get_ref();
        let at = span_of(key);
        match name {
            "allow" => settings.allow = codes_in(name, value, &mut errors),
            "deny" => settings.deny = codes_in(name, value, &mut errors),
            "exclude" => {
                for (glob, span) in strings_in(name, value, "globs", &mut errors) {
                    settings.exclude.push(glob);
                    glob_spans.push(span);
                }
            }
            "nodes" => settings.nodes = whole(name, value, 0, "search nodes", &mut errors),
            "memory" => settings.memory_mib = whole(name, value, 1, "MiB", &mut errors),
            "time" => settings.time = seconds(name, value, &mut errors),
            "suite" => match value.get_ref() {
                DeValue::Boolean(b) => settings.suite = Some(*b),
                other => errors.push(wrong_kind(name, "`true` or `false`", other, value)),
            },
            "export" => match value.get_ref() {
                DeValue::Table(export) => parse_export(export, &mut settings.export, &mut errors),
                other => errors.push(wrong_kind(name, "a table (`[export]`)", other, value)),
            },
            "package" => match value.get_ref() {
                DeValue::Table(package) => {
                    parse_package(package, &mut settings.package, &mut errors);
                }
                other => errors.push(wrong_kind(name, "a table (`[package]`)", other, value)),
            },
            _ => errors.push(unknown_key(name, at, KEYS, "")),
        }
    }
    for code in &settings.allow {
        if settings.deny.contains(code) {
            let span = find_in_array(&table, "deny", code).unwrap_or_default();
            errors.push(
                Diagnostic::error(
                    CONFIG_BAD_VALUE,
                    span,
                    format!("`{code}` is both allowed and denied"),
                )
                .with_help("keep it in one of the two lists"),
            );
        }
    }
    if errors.is_empty() {
        Ok((settings, glob_spans))
    } else {
        errors.sort_by_key(|d| (d.span.start, d.span.end));
        Err(errors)
    }
}

fn parse_export(table: &DeTable<'_>, export: &mut ExportSettings, errors: &mut Vec<Diagnostic>) {
    for (key, value) in table {
        let name: &str = key.get_ref();
        match name {
            "out" => match value.get_ref() {
                DeValue::String(s) if leaves_the_folder(s) => errors.push(
                    Diagnostic::error(
                        CONFIG_BAD_VALUE,
                        span_of(value),
                        format!(
                            "`out = \"{}\"` leaves the folder of {FILE_NAME}",
                            excerpt(s)
                        ),
                    )
                    .with_help(
                        "export replaces what is at `out`: name a folder inside this one, or \
                         pass --out",
                    ),
                ),
                DeValue::String(s) if !s.trim().is_empty() => export.out = Some(s.to_string()),
                other => errors.push(wrong_kind("out", "a folder name", other, value)),
            },
            _ => errors.push(unknown_key(name, span_of(key), EXPORT_KEYS, "[export] ")),
        }
    }
}

/// Whether a relative path read from `boardls.toml` is absolute or climbs above its folder.
fn leaves_the_folder(path: &str) -> bool {
    use std::path::Component;
    let mut depth = 0i32;
    for part in Path::new(path).components() {
        match part {
            Component::Prefix(_) | Component::RootDir => return true,
            Component::ParentDir => depth -= 1,
            Component::Normal(_) => depth += 1,
            Component::CurDir => {}
        }
        if depth < 0 {
            return true;
        }
    }
    false
}

fn parse_package(table: &DeTable<'_>, package: &mut PackageSettings, errors: &mut Vec<Diagnostic>) {
    for (key, value) in table {
        let name: &str = key.get_ref();
        let slot = match name {
            "time_limit" => {
                package.time_limit = seconds(name, value, errors);
                if package.time_limit.is_some_and(|t| t.is_zero()) {
                    package.time_limit = None;
                    errors.push(Diagnostic::error(
                        CONFIG_BAD_VALUE,
                        span_of(value),
                        "`time_limit` takes a number of seconds above 0",
                    ));
                }
                continue;
            }
            "memory_limit" => {
                package.memory_limit_mib = whole(name, value, 1, "MiB", errors);
                continue;
            }
            "name" => &mut package.name,
            "license" => &mut package.license,
            "rights_owner" => &mut package.rights_owner,
            "uuid" => &mut package.uuid,
            _ => {
                errors.push(unknown_key(name, span_of(key), PACKAGE_KEYS, "[package] "));
                continue;
            }
        };
        match value.get_ref() {
            DeValue::String(s) if !s.trim().is_empty() => *slot = Some(s.to_string()),
            other => errors.push(wrong_kind(name, "a string", other, value)),
        }
    }
}

fn span_of<T>(value: &Spanned<T>) -> Span {
    let range = value.span();
    Span::new(range.start, range.end)
}

fn unknown_key(name: &str, at: Span, keys: &[(&str, &str)], table: &str) -> Diagnostic {
    let names: Vec<&str> = keys.iter().map(|(k, _)| *k).collect();
    let list = names.join(", ");
    let help = match closest(name, names.iter().copied()) {
        Some(guess) => format!("did you mean `{guess}`? {table}keys: {list}"),
        None => format!("{table}keys: {list}"),
    };
    Diagnostic::error(
        CONFIG_UNKNOWN_KEY,
        at,
        format!("unknown key `{}` in {FILE_NAME}", excerpt(name)),
    )
    .with_help(help)
}

fn kind_of(value: &DeValue<'_>) -> &'static str {
    match value {
        DeValue::String(_) => "a string",
        DeValue::Integer(_) => "a whole number",
        DeValue::Float(_) => "a number with a fraction",
        DeValue::Boolean(_) => "a boolean",
        DeValue::Datetime(_) => "a date",
        DeValue::Array(_) => "a list",
        DeValue::Table(_) => "a table",
    }
}

fn wrong_kind(
    key: &str,
    wanted: &str,
    found: &DeValue<'_>,
    at: &Spanned<DeValue<'_>>,
) -> Diagnostic {
    Diagnostic::error(
        CONFIG_BAD_VALUE,
        span_of(at),
        format!("`{key}` takes {wanted}, not {}", kind_of(found)),
    )
}

/// The strings of a list of strings, each with its span.
fn strings_in(
    key: &str,
    value: &Spanned<DeValue<'_>>,
    what: &str,
    errors: &mut Vec<Diagnostic>,
) -> Vec<(String, Span)> {
    let DeValue::Array(items) = value.get_ref() else {
        errors.push(wrong_kind(
            key,
            &format!("a list of {what}"),
            value.get_ref(),
            value,
        ));
        return Vec::new();
    };
    let mut out = Vec::new();
    for item in items {
        match item.get_ref() {
            DeValue::String(s) => out.push((s.to_string(), span_of(item))),
            other => errors.push(wrong_kind(key, &format!("{what} as strings"), other, item)),
        }
    }
    out
}

/// A list of diagnostic codes: each must be one boardls emits (a typo would silence nothing).
fn codes_in(key: &str, value: &Spanned<DeValue<'_>>, errors: &mut Vec<Diagnostic>) -> Vec<String> {
    let mut out = Vec::new();
    for (code, span) in strings_in(key, value, "codes", errors) {
        match codes::not_a_code(&code) {
            None => out.push(code),
            Some(why) => {
                let mut d = Diagnostic::error(CONFIG_BAD_VALUE, span, why);
                if let Some(guess) = closest(&code, codes::all_codes()) {
                    d = d.with_help(format!("did you mean `{guess}`?"));
                }
                errors.push(d);
            }
        }
    }
    out
}

fn integer_of(value: &DeValue<'_>) -> Option<Result<u64, ()>> {
    match value {
        DeValue::Integer(i) => {
            Some(u64::from_str_radix(&i.as_str().replace('_', ""), i.radix()).map_err(|_| ()))
        }
        _ => None,
    }
}

fn whole(
    key: &str,
    value: &Spanned<DeValue<'_>>,
    least: u64,
    unit: &str,
    errors: &mut Vec<Diagnostic>,
) -> Option<u64> {
    match integer_of(value.get_ref()) {
        Some(Ok(n)) if n >= least => Some(n),
        Some(_) => {
            errors.push(Diagnostic::error(
                CONFIG_BAD_VALUE,
                span_of(value),
                format!("`{key}` takes a whole number of {unit} from {least} up"),
            ));
            None
        }
        None => {
            errors.push(wrong_kind(
                key,
                &format!("a whole number of {unit}"),
                value.get_ref(),
                value,
            ));
            None
        }
    }
}

fn seconds(
    key: &str,
    value: &Spanned<DeValue<'_>>,
    errors: &mut Vec<Diagnostic>,
) -> Option<Duration> {
    let secs = match value.get_ref() {
        DeValue::Integer(i) => i.as_str().replace('_', "").parse::<f64>().ok(),
        DeValue::Float(f) => f.as_str().replace('_', "").parse::<f64>().ok(),
        other => {
            errors.push(wrong_kind(key, "a number of seconds", other, value));
            return None;
        }
    };
    let duration = secs.and_then(|s| Duration::try_from_secs_f64(s).ok());
    if duration.is_none() {
        errors.push(Diagnostic::error(
            CONFIG_BAD_VALUE,
            span_of(value),
            format!("`{key}` takes a number of seconds, 0 or more"),
        ));
    }
    duration
}

fn find_in_array(table: &Spanned<DeTable<'_>>, key: &str, wanted: &str) -> Option<Span> {
    let (_, value) = table.get_ref().iter().find(|(k, _)| *k.get_ref() == key)?;
    let DeValue::Array(items) = value.get_ref() else {
        return None;
    };
    items
        .iter()
        .find(|item| item.get_ref().as_str() == Some(wanted))
        .map(span_of)
}

#[cfg(test)]
mod tests {
    use super::*;
    use expect_test::{Expect, expect};

    fn check(text: &str, want: &Expect) {
        let shown = match parse(text) {
            Ok(settings) => format!("{settings:?}"),
            Err(errors) => errors
                .iter()
                .map(|d| {
                    let quoted = text.get(d.span.start..d.span.end).unwrap_or("?");
                    format!(
                        "{} {:?} {}{}",
                        d.code,
                        quoted,
                        d.message,
                        d.help.as_ref().map_or(String::new(), |h| format!(" ({h})"))
                    )
                })
                .collect::<Vec<_>>()
                .join("\n"),
        };
        want.assert_eq(&shown);
    }

    #[test]
    fn every_key_is_read() {
        check(
            "allow = [\"W301\"]\ndeny = [\"I220\", \"W211\"]\nexclude = [\"gen/\", \"*.tmp.board\"]\n\
             nodes = 1_000\ntime = 2.5\nmemory = 512\nsuite = true\n[export]\nout = \"tests\"\n\
             [package]\nname = \"Bo\"\nlicense = \"cc0\"\nrights_owner = \"Ann\"\nuuid = \"u\"\ntime_limit = 1.5\nmemory_limit = 256\n",
            &expect![[
                r#"Settings { allow: ["W301"], deny: ["I220", "W211"], exclude: ["gen/", "*.tmp.board"], nodes: Some(1000), time: Some(2.5s), memory_mib: Some(512), suite: Some(true), export: ExportSettings { out: Some("tests") }, package: PackageSettings { name: Some("Bo"), license: Some("cc0"), rights_owner: Some("Ann"), uuid: Some("u"), time_limit: Some(1.5s), memory_limit_mib: Some(256) } }"#
            ]],
        );
        check(
            "",
            &expect![
                "Settings { allow: [], deny: [], exclude: [], nodes: None, time: None, memory_mib: None, suite: None, export: ExportSettings { out: None }, package: PackageSettings { name: None, license: None, rights_owner: None, uuid: None, time_limit: None, memory_limit_mib: None } }"
            ],
        );
    }

    #[test]
    fn a_path_may_not_leave_the_folder() {
        check(
            "[export]\nout = \"../victim\"\n",
            &expect![[
                r#"E232 "\"../victim\"" `out = "../victim"` leaves the folder of boardls.toml (export replaces what is at `out`: name a folder inside this one, or pass --out)"#
            ]],
        );
        check(
            "[export]\nout = \"a/../b\"\n",
            &expect![[
                r#"Settings { allow: [], deny: [], exclude: [], nodes: None, time: None, memory_mib: None, suite: None, export: ExportSettings { out: Some("a/../b") }, package: PackageSettings { name: None, license: None, rights_owner: None, uuid: None, time_limit: None, memory_limit_mib: None } }"#
            ]],
        );
    }

    #[test]
    fn unknown_keys_are_errors_with_a_guess() {
        check(
            "alow = [\"W301\"]\nsuit = true\ncolour = 1\n[export]\nouts = \"x\"\n",
            &expect![[r#"
                E231 "alow" unknown key `alow` in boardls.toml (did you mean `allow`? keys: allow, deny, exclude, nodes, time, memory, suite, export, package)
                E231 "suit" unknown key `suit` in boardls.toml (did you mean `suite`? keys: allow, deny, exclude, nodes, time, memory, suite, export, package)
                E231 "colour" unknown key `colour` in boardls.toml (keys: allow, deny, exclude, nodes, time, memory, suite, export, package)
                E231 "outs" unknown key `outs` in boardls.toml (did you mean `out`? [export] keys: out)"#]],
        );
    }

    #[test]
    fn values_of_the_wrong_kind_are_pointed_at() {
        check(
            "allow = \"W301\"\ndeny = [\"w211\", \"X999\", 3]\nnodes = -1\nmemory = 0\ntime = \"2s\"\nsuite = 1\nexport = 2\n",
            &expect![[r#"
                E232 "\"W301\"" `allow` takes a list of codes, not a string
                E232 "\"w211\"" `w211` is not a boardls code: codes are written in capitals, `W211` (did you mean `W211`?)
                E232 "\"X999\"" `X999` is not a boardls code (`boardls check` prints each one's code)
                E232 "3" `deny` takes codes as strings, not a whole number
                E232 "-1" `nodes` takes a whole number of search nodes from 0 up
                E232 "0" `memory` takes a whole number of MiB from 1 up
                E232 "\"2s\"" `time` takes a number of seconds, not a string
                E232 "1" `suite` takes `true` or `false`, not a whole number
                E232 "2" `export` takes a table (`[export]`), not a whole number"#]],
        );
    }

    #[test]
    fn a_code_both_allowed_and_denied_is_refused() {
        check(
            "allow = [\"W301\"]\ndeny = [\"W301\"]\n",
            &expect![[
                r#"E232 "\"W301\"" `W301` is both allowed and denied (keep it in one of the two lists)"#
            ]],
        );
    }

    #[test]
    fn toml_syntax_errors_have_a_span() {
        check(
            "allow = [\"W301\"\nnodes = 3\n",
            &expect![[
                r#"E230 "" boardls.toml is not valid TOML: missing comma between array elements, expected `,`"#
            ]],
        );
    }

    #[test]
    fn layers_replace_what_the_layers_below_said_of_a_code() {
        let mut config = Config::default();
        let project = Settings {
            allow: vec!["W301".into()],
            deny: vec!["I220".into()],
            nodes: Some(7),
            ..Settings::default()
        };
        project.apply(&mut config);
        assert_eq!(
            (config.allow.clone(), config.deny.clone()),
            (vec!["W301".to_string()], vec!["I220".to_string()])
        );
        assert_eq!(config.solve_nodes, 7);
        // The command line, one layer up, says the opposite of both.
        config.deny_codes(&["W301".into()]);
        config.allow_codes(&["I220".into()]);
        assert_eq!(
            (config.allow, config.deny),
            (vec!["I220".to_string()], vec!["W301".to_string()])
        );
    }

    #[test]
    fn excludes_are_gitignore_globs_under_the_root() {
        let root = Path::new("/project");
        let ex = Exclude::new(
            root,
            &["gen/".into(), "*.tmp.board".into(), "/top.board".into()],
        )
        .expect("globs");
        assert!(ex.matches(Path::new("/project/gen/a.board"), false));
        assert!(ex.matches(Path::new("/project/deep/gen/a.board"), false));
        assert!(ex.matches(Path::new("/project/x/y.tmp.board"), false));
        assert!(ex.matches(Path::new("/project/top.board"), false));
        assert!(!ex.matches(Path::new("/project/x/top.board"), false));
        assert!(!ex.matches(Path::new("/project/a.board"), false));
        assert!(!ex.matches(Path::new("/elsewhere/gen/a.board"), false));
        assert!(Exclude::new(root, &["ok".into(), "a{b".into()]).is_err_and(|(i, _)| i == 1));
    }
}
