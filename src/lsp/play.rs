//! `boardls/play`: a case of an open document played on, for clients that build an analysis
//! board: `analysis::play` on the latest snapshot, off the async runtime.

use super::server::Backend;
use crate::analysis::play::{PlayError, PlayReport, find_case, play};
use crate::config::Config;
use std::sync::atomic::Ordering;
use tower_lsp_server::jsonrpc::{Error, ErrorCode, Result};
use tower_lsp_server::ls_types as lsp;

/// `{ textDocument, case?, moves? }`: `case` the 1-based number (a number or a string) or the
/// name, the first case when absent; `moves` the extra moves, separated by spaces.
#[derive(Debug, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct PlayParams {
    text_document: lsp::TextDocumentIdentifier,
    #[serde(default)]
    case: Option<serde_json::Value>,
    #[serde(default)]
    moves: Option<String>,
}

impl Backend {
    /// [`super::PLAY`]: the report of `boardls play --json`; `null` for a document that is not
    /// open; an invalid-params error naming the case or move that cannot be played.
    pub(crate) async fn play(&self, params: PlayParams) -> Result<Option<PlayReport>> {
        let which = match &params.case {
            None => "1".to_string(),
            Some(serde_json::Value::String(s)) => s.clone(),
            Some(serde_json::Value::Number(n)) => n.to_string(),
            Some(other) => {
                return Err(Error::invalid_params(format!(
                    "case must be a number or a name, not {other}"
                )));
            }
        };
        let moves = params.moves.unwrap_or_default();
        let uri = params.text_document.uri;
        let cancel = self.shared.plays.start(&uri);
        let flag = cancel.clone();
        let answer = self
            .with_view(&uri, move |view, ctx| {
                let plays = &ctx.shared.plays;
                let file = view.file();
                let extra: Vec<&str> = moves.split_whitespace().collect();
                let case = match find_case(file.analysis, &which) {
                    Ok(case) => case,
                    Err(e) => return Some(Err(e)),
                };
                let key = (case.content_key, extra.join(" "));
                if let Some(mut report) = plays.get(&key) {
                    // The key is the content: the same case elsewhere, or renamed, shares it.
                    report.case = case.index + 1;
                    report.name = case.name.as_ref().map(|n| n.value.to_string());
                    return Some(Ok(report));
                }
                let budget = crate::analysis::budget(&Config::default()).with_cancel(flag);
                let report = play(case, &extra, &budget);
                if let Ok(report) = &report {
                    plays.insert(key, report.clone());
                }
                Some(report)
            })
            .await;
        self.shared.plays.finish(&uri, &cancel);
        if cancel.load(Ordering::Relaxed) && !matches!(answer, Ok(Some(Ok(_)))) {
            // An edit or a newer play took its place: the client asks again if it still wants it.
            return Err(Error {
                code: ErrorCode::ContentModified,
                message: "the document changed, or a newer play of it started".into(),
                data: None,
            });
        }
        match answer? {
            None => Ok(None),
            Some(Ok(report)) => Ok(Some(report)),
            Some(Err(
                e @ (PlayError::NoCase(_) | PlayError::Move { .. } | PlayError::Invalid { .. }),
            )) => Err(Error::invalid_params(e.to_string())),
            Some(Err(e @ PlayError::Unsolved(_))) => Err(Error {
                code: ErrorCode::ServerError(1),
                message: e.to_string().into(),
                data: None,
            }),
        }
    }
}
