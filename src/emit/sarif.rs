//! SARIF 2.1.0, the format code-scanning services read: one run, a rule per code seen (with
//! its explanation as help), a result per diagnostic with its region and, where boardls has a
//! machine-applicable fix, the fix as replacements.

use crate::analysis::codes;
use crate::diag::{Diagnostic, Severity};
use crate::span::{LineIndex, Span};
use serde_json::{Value, json};

/// One file's diagnostics, as SARIF takes them.
pub struct SarifFile<'a> {
    /// As shown to the user (relative paths stay relative: SARIF resolves them against the
    /// folder the tool ran in).
    pub path: &'a str,
    pub text: &'a str,
    pub diagnostics: &'a [Diagnostic],
    /// One entry per diagnostic: its fix, if boardls can apply one.
    pub fixes: &'a [Option<SarifFix>],
}

/// A fix: what it does, and the replacements of byte spans of the file.
pub struct SarifFix {
    pub description: String,
    pub edits: Vec<(Span, String)>,
}

/// The SARIF log of `files`.
pub fn sarif(files: &[SarifFile<'_>]) -> Value {
    let mut log = SarifLog::default();
    for file in files {
        log.add(sarif_results(file));
    }
    log.finish()
}

/// A SARIF log built file by file: each file's results made from its text (which may then
/// go), the rules numbered in the order their codes are first seen.
#[derive(Default)]
pub struct SarifLog {
    rules: Vec<&'static str>,
    results: Vec<Value>,
}

/// One file's results for a [`SarifLog`], each with its code.
pub struct SarifResults(Vec<(&'static str, Value)>);

impl SarifLog {
    pub fn add(&mut self, results: SarifResults) {
        for (code, mut result) in results.0 {
            let rule_index = self
                .rules
                .iter()
                .position(|r| *r == code)
                .unwrap_or_else(|| {
                    self.rules.push(code);
                    self.rules.len() - 1
                });
            result["ruleIndex"] = json!(rule_index);
            self.results.push(result);
        }
    }

    pub fn finish(self) -> Value {
        log(&self.rules, &self.results)
    }
}

/// The results of one file (their rules numbered when added to a [`SarifLog`]).
pub fn sarif_results(file: &SarifFile<'_>) -> SarifResults {
    let mut results = Vec::new();
    {
        let index = LineIndex::new(file.text);
        let uri = uri_of(file.path);
        for (i, d) in file.diagnostics.iter().enumerate() {
            // Numbered by `SarifLog::add`; the key is placed here to keep the field order.
            let rule_index = 0;
            let mut message = d.message.clone();
            if let Some(help) = &d.help {
                message.push_str("\nhelp: ");
                message.push_str(help);
            }
            let mut result = json!({
                "ruleId": d.code,
                "ruleIndex": rule_index,
                "level": level(d.severity),
                "message": { "text": message },
                "locations": [{
                    "physicalLocation": {
                        "artifactLocation": { "uri": uri },
                        "region": region(file.text, &index, d.span),
                    }
                }],
            });
            if let Some(Some(fix)) = file.fixes.get(i) {
                let replacements: Vec<Value> = fix
                    .edits
                    .iter()
                    .map(|(span, text)| {
                        json!({
                            "deletedRegion": region(file.text, &index, *span),
                            "insertedContent": { "text": text },
                        })
                    })
                    .collect();
                result["fixes"] = json!([{
                    "description": { "text": fix.description },
                    "artifactChanges": [{
                        "artifactLocation": { "uri": uri },
                        "replacements": replacements,
                    }],
                }]);
            }
            results.push((d.code, result));
        }
    }
    SarifResults(results)
}

fn log(rules: &[&'static str], results: &[Value]) -> Value {
    let rules: Vec<Value> = rules
        .iter()
        .map(|code| {
            let text = codes::explain(code).unwrap_or("");
            json!({
                "id": code,
                "shortDescription": { "text": first_sentence(text) },
                "fullDescription": { "text": text },
                "help": { "text": format!("{text}\n\nRun `boardls explain {code}` for more.") },
            })
        })
        .collect();
    json!({
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "version": "2.1.0",
        "runs": [{
            "tool": {
                "driver": {
                    "name": "boardls",
                    "version": env!("CARGO_PKG_VERSION"),
                    "rules": rules,
                }
            },
            "columnKind": "unicodeCodePoints",
            "results": results,
        }]
    })
}

fn level(severity: Severity) -> &'static str {
    match severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Info => "note",
    }
}

/// A region in 1-based lines and code-point columns, the end column exclusive.
fn region(text: &str, index: &LineIndex, span: Span) -> Value {
    let (line, column) = index.line_col_chars(text, span.start);
    let (end_line, end_column) = index.line_col_chars(text, span.end);
    json!({
        "startLine": line + 1,
        "startColumn": column + 1,
        "endLine": end_line + 1,
        "endColumn": end_column + 1,
    })
}

/// A path as a relative URI reference: `/` separators, and what URIs cannot hold escaped.
fn uri_of(path: &str) -> String {
    let mut out = String::new();
    for c in path.chars() {
        match c {
            '\\' => out.push('/'),
            c if c.is_ascii_alphanumeric() || "/-._~!$&'()*+,;=:@".contains(c) => out.push(c),
            c => {
                let mut buf = [0; 4];
                for b in c.encode_utf8(&mut buf).bytes() {
                    out.push_str(&format!("%{b:02X}"));
                }
            }
        }
    }
    out
}

fn first_sentence(text: &str) -> &str {
    text.find(". ").map_or(text, |end| &text[..=end])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_become_uri_references() {
        assert_eq!(uri_of("dir\\a b/棋.board"), "dir/a%20b/%E6%A3%8B.board");
        assert_eq!(uri_of("./x-1.board"), "./x-1.board");
    }
}
