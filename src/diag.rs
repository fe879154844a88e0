//! Diagnostics shared by the command line and the server: severity, stable code, message, span.

use crate::span::Span;
use serde::ser::SerializeSeq;
use serde::{Serialize, Serializer};

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    Error,
    Warning,
    Info,
}

impl Severity {
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Info => "info",
        }
    }
}

/// One finding about a text. `code` is stable (scripts and `allow` comments name it).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Diagnostic {
    pub severity: Severity,
    pub code: &'static str,
    pub message: String,
    pub span: Span,
    /// A suggested fix or hint in words, shown under the message.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub help: Option<String>,
    /// Other places in the same text the finding is about, each with what it is ("the first
    /// `expect` is here"): editors show them as related information, terminals as notes.
    #[serde(
        skip_serializing_if = "Vec::is_empty",
        serialize_with = "serialize_related"
    )]
    pub related: Vec<(Span, String)>,
}

/// `related` as `[{"span": …, "message": …}]`, the shape of the diagnostic itself.
fn serialize_related<S: Serializer>(
    related: &[(Span, String)],
    serializer: S,
) -> Result<S::Ok, S::Error> {
    #[derive(Serialize)]
    struct Related<'a> {
        span: Span,
        message: &'a str,
    }
    let mut seq = serializer.serialize_seq(Some(related.len()))?;
    for (span, message) in related {
        seq.serialize_element(&Related {
            span: *span,
            message,
        })?;
    }
    seq.end()
}

impl Diagnostic {
    pub fn error(code: &'static str, span: Span, message: impl Into<String>) -> Diagnostic {
        Diagnostic::new(Severity::Error, code, span, message)
    }

    pub fn warning(code: &'static str, span: Span, message: impl Into<String>) -> Diagnostic {
        Diagnostic::new(Severity::Warning, code, span, message)
    }

    pub fn info(code: &'static str, span: Span, message: impl Into<String>) -> Diagnostic {
        Diagnostic::new(Severity::Info, code, span, message)
    }

    pub fn new(
        severity: Severity,
        code: &'static str,
        span: Span,
        message: impl Into<String>,
    ) -> Diagnostic {
        Diagnostic {
            severity,
            code,
            message: message.into(),
            span,
            help: None,
            related: Vec::new(),
        }
    }

    pub(crate) fn with_help(mut self, help: impl Into<String>) -> Diagnostic {
        self.help = Some(help.into());
        self
    }

    /// Adds another place the finding is about (see [`Diagnostic::related`]).
    pub(crate) fn with_related(mut self, span: Span, message: impl Into<String>) -> Diagnostic {
        self.related.push((span, message.into()));
        self
    }
}
