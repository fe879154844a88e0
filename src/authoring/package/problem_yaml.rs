//! `problem.yaml`, merged line by line: boardls sets its top-level keys and leaves every other
//! line (the author's keys, comments, order) as it was. Only plain `key: value` lines are
//! read; a key boardls sets whose old value spans several lines is replaced whole.

use super::PackageInfo;
use crate::games::GameId;
use sha2::{Digest, Sha256};

/// The top-level keys boardls writes, in the order a new file gets them.
#[derive(Debug)]
pub(super) struct Keys {
    pub(super) name: String,
    pub(super) uuid: String,
    pub(super) license: Option<String>,
    pub(super) rights_owner: Option<String>,
    pub(super) source: String,
    pub(super) source_url: Option<&'static str>,
    /// Groups give points (`type: scoring`) rather than pass or fail.
    pub(super) scoring: bool,
    /// `limits:` with `memory` set and the author's other limits kept, when a memory limit
    /// is given; otherwise `limits` is the author's alone.
    pub(super) limits: Option<String>,
}

impl Keys {
    /// The keys for a package of `game`: given ones first, then an earlier file's, then the
    /// defaults.
    pub(super) fn of(game: GameId, short_name: &str, info: &PackageInfo, old: &str) -> Keys {
        let kept = |key: &str| value_of(old, key);
        let (source, source_url) = original(game);
        Keys {
            name: info
                .name
                .clone()
                .or_else(|| kept("name"))
                .unwrap_or_else(|| default_name(game)),
            uuid: info
                .uuid
                .clone()
                .or_else(|| kept("uuid"))
                .unwrap_or_else(|| stable_uuid(game, short_name)),
            license: info.license.clone().or_else(|| kept("license")),
            rights_owner: info.rights_owner.clone().or_else(|| kept("rights_owner")),
            source: source.to_string(),
            source_url,
            scoring: !info.points.is_empty(),
            limits: info
                .memory_limit_mib
                .map(|mib| limits_with_memory(old, mib)),
        }
    }

    /// Each key with its value (a nested one starts with a line break), or none for a key
    /// an earlier build wrote that no longer applies.
    fn lines(&self) -> Vec<(&'static str, Option<String>)> {
        let mut lines = vec![
            ("problem_format_version", Some("legacy".to_string())),
            ("name", Some(quoted(&self.name))),
            ("uuid", Some(self.uuid.clone())),
            (
                "license",
                Some(self.license.clone().unwrap_or_else(|| "unknown".into())),
            ),
        ];
        if let Some(owner) = &self.rights_owner {
            lines.push(("rights_owner", Some(quoted(owner))));
        }
        lines.push(("source", Some(quoted(&self.source))));
        if let Some(url) = self.source_url {
            lines.push(("source_url", Some(url.to_string())));
        }
        if let Some(limits) = &self.limits {
            lines.push(("limits", Some(limits.clone())));
        }
        // `boardls grade` judges answers case-sensitively; the default validator must too.
        lines.push(("validator_flags", Some("case_sensitive".to_string())));
        if self.scoring {
            lines.push(("type", Some("scoring".to_string())));
            // The judges show each group's points, as a setter who gave them expects.
            lines.push((
                "grading",
                Some("\n  show_test_data_groups: true".to_string()),
            ));
        } else {
            lines.push(("type", Some("pass-fail".to_string())));
            lines.push(("grading", None));
        }
        lines
    }
}

/// The value of `limits:`: `memory: MIB` and the lines the old block held under it but
/// `memory`.
fn limits_with_memory(old: &str, mib: u64) -> String {
    let mut value = format!("\n  memory: {mib}");
    let under = old
        .lines()
        .skip_while(|l| top_key(l) != Some("limits"))
        .skip(1)
        .take_while(|l| l.starts_with([' ', '\t']) || l.trim().is_empty());
    for line in under.filter(|l| !l.trim().is_empty()) {
        if line.trim_start().split(':').next().map(str::trim) != Some("memory") {
            value.push('\n');
            value.push_str(line);
        }
    }
    value
}

/// The original problem of `game` and its page.
fn original(game: GameId) -> (&'static str, Option<&'static str>) {
    match game {
        GameId::Zgame => (
            "2022 Nowcoder Multi-University Training Contest 6, problem M",
            Some("https://ac.nowcoder.com/acm/contest/33191/M"),
        ),
        GameId::Race => ("Baltic Olympiad in Informatics 2008, Game", None),
        GameId::Chess => (
            "HDU 5754 Life Winner Bo",
            Some("https://acm.hdu.edu.cn/showproblem.php?pid=5754"),
        ),
        GameId::Tetris => (
            "HDU 1760 A New Tetris Game",
            Some("https://acm.hdu.edu.cn/showproblem.php?pid=1760"),
        ),
        GameId::Strings => (
            "Codeforces 354B Game with Strings",
            Some("https://codeforces.com/problemset/problem/354/B"),
        ),
    }
}

fn default_name(game: GameId) -> String {
    match game {
        GameId::Zgame => "Z-Game on Grid",
        GameId::Race => "Game",
        GameId::Chess => "Life Winner Bo",
        GameId::Tetris => "A New Tetris Game",
        GameId::Strings => "Game with Strings",
    }
    .to_string()
}

/// A UUID (version 8: vendor-defined) from a digest of the game and the package's short name:
/// the same package gets the same one on every rebuild and on every machine.
fn stable_uuid(game: GameId, short_name: &str) -> String {
    let digest = Sha256::digest(format!("boardls package {game} {short_name}").as_bytes());
    let mut b = [0u8; 16];
    b.copy_from_slice(&digest[..16]);
    b[6] = (b[6] & 0x0f) | 0x80;
    b[8] = (b[8] & 0x3f) | 0x80;
    let hex = b.iter().fold(String::new(), |mut hex, x| {
        use std::fmt::Write;
        let _ = write!(hex, "{x:02x}");
        hex
    });
    format!(
        "{}-{}-{}-{}-{}",
        &hex[..8],
        &hex[8..12],
        &hex[12..16],
        &hex[16..20],
        &hex[20..]
    )
}

/// A YAML double-quoted scalar.
fn quoted(text: &str) -> String {
    serde_json::to_string(text).unwrap_or_else(|_| format!("\"{text}\""))
}

/// The value of a top-level `key: value` line, unquoted; none for a missing key, an empty
/// value or a nested one.
fn value_of(text: &str, key: &str) -> Option<String> {
    let line = text.lines().find(|l| top_key(l) == Some(key))?;
    let value = line.split_once(':')?.1.trim();
    if value.is_empty() || value.starts_with('#') {
        return None;
    }
    if value.starts_with('"')
        && let Ok(s) = serde_json::from_str::<String>(value)
    {
        return Some(s);
    }
    match value.strip_prefix('\'').and_then(|v| v.strip_suffix('\'')) {
        Some(single) => Some(single.replace("''", "'")),
        None => Some(value.to_string()),
    }
}

/// The key of a top-level `key:` line.
fn top_key(line: &str) -> Option<&str> {
    if line.starts_with([' ', '\t', '#', '-']) {
        return None;
    }
    let (key, _) = line.split_once(':')?;
    let key = key.trim();
    (!key.is_empty() && key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')).then_some(key)
}

/// `old` with boardls's keys set to `keys`: each replaces the line (and the indented lines
/// under it) where the key stands, or is added at the end.
pub(super) fn merge(old: &str, keys: &Keys) -> String {
    let wanted = keys.lines();
    let mut out = String::new();
    let mut written: Vec<&str> = Vec::new();
    let mut skipping = false;
    for line in old.lines() {
        if skipping && (line.starts_with([' ', '\t']) || line.trim().is_empty()) {
            continue;
        }
        skipping = false;
        if let Some((key, value)) = top_key(line).and_then(|k| wanted.iter().find(|(w, _)| *w == k))
        {
            if !written.contains(key) {
                push(&mut out, key, value.as_deref());
                written.push(key);
            }
            skipping = true;
        } else {
            out.push_str(line);
            out.push('\n');
        }
    }
    for (key, value) in &wanted {
        if !written.contains(key) {
            push(&mut out, key, value.as_deref());
        }
    }
    out
}

fn push(out: &mut String, key: &str, value: Option<&str>) {
    match value {
        Some(nested) if nested.starts_with('\n') => out.push_str(&format!("{key}:{nested}\n")),
        Some(value) => out.push_str(&format!("{key}: {value}\n")),
        None => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn keys(old: &str, info: &PackageInfo) -> Keys {
        Keys::of(GameId::Chess, "bo", info, old)
    }

    #[test]
    fn a_new_file_gets_every_key_and_a_stable_uuid() {
        let info = PackageInfo {
            license: Some("cc by-sa".into()),
            rights_owner: Some("The Jury".into()),
            ..PackageInfo::default()
        };
        let text = merge("", &keys("", &info));
        assert!(text.starts_with("problem_format_version: legacy\nname: \"Life Winner Bo\"\n"));
        assert!(text.contains("license: cc by-sa\nrights_owner: \"The Jury\"\n"));
        assert!(text.contains("validator_flags: case_sensitive\n"));
        let uuid = value_of(&text, "uuid").expect("a uuid");
        assert_eq!(uuid.len(), 36);
        assert_eq!(&uuid[14..15], "8");
        assert_eq!(merge("", &keys("", &info)), text, "the same on a rebuild");
        assert_ne!(stable_uuid(GameId::Chess, "other"), uuid);
    }

    #[test]
    fn the_authors_lines_survive_and_boardls_keys_are_replaced_in_place() {
        let old = "# my problem\nname: 'Bo''s game'\nauthor: Ann\nlimits:\n  memory: 512\n\
                   validator_flags: float_tolerance 1e-6\n  extra: 1\nuuid: 1234\nkeywords: game\n";
        let text = merge(old, &keys(old, &PackageInfo::default()));
        assert_eq!(
            text,
            "# my problem\nname: \"Bo's game\"\nauthor: Ann\nlimits:\n  memory: 512\n\
             validator_flags: case_sensitive\nuuid: 1234\nkeywords: game\n\
             problem_format_version: legacy\nlicense: unknown\n\
             source: \"HDU 5754 Life Winner Bo\"\n\
             source_url: https://acm.hdu.edu.cn/showproblem.php?pid=5754\ntype: pass-fail\n"
        );
        // Scoring adds `type` and `grading`; pass-fail again takes `grading` away.
        let scoring = PackageInfo {
            points: vec![("small".into(), 40)],
            ..PackageInfo::default()
        };
        let text = merge(&text, &keys(&text, &scoring));
        assert!(
            text.ends_with("type: scoring\ngrading:\n  show_test_data_groups: true\n"),
            "{text}"
        );
        let text = merge(&text, &keys(&text, &PackageInfo::default()));
        assert!(
            text.ends_with("type: pass-fail\n") && !text.contains("grading"),
            "{text}"
        );
    }

    #[test]
    fn a_memory_limit_sets_limits_memory_and_keeps_the_authors_other_limits() {
        let info = PackageInfo {
            memory_limit_mib: Some(256),
            ..PackageInfo::default()
        };
        let old = "limits:\n  time_multiplier: 3\n  memory: 512\nauthor: Ann\n";
        let text = merge(old, &keys(old, &info));
        assert!(
            text.starts_with("limits:\n  memory: 256\n  time_multiplier: 3\nauthor: Ann\n"),
            "{text}"
        );
        assert_eq!(text.matches("memory").count(), 1, "{text}");
        let fresh = merge("", &keys("", &info));
        assert!(fresh.contains("\nlimits:\n  memory: 256\n"), "{fresh}");
        // Without a limit given, `limits` stays the author's.
        let kept = merge(old, &keys(old, &PackageInfo::default()));
        assert!(kept.starts_with(old), "{kept}");
    }
}
