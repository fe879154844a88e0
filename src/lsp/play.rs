//! `boardls/play`: a case of an open document played on, for clients that build an analysis
//! board: `analysis::play` on the latest snapshot, off the async runtime.

use super::server::Backend;
use crate::analysis::play::{PlayError, PlayReport, find_case, play};
use crate::config::Config;
use tower_lsp_server::jsonrpc::{Error, Result};
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
        let answer = self
            .with_view(&params.text_document.uri, move |view, _ctx| {
                let file = view.file();
                let extra: Vec<&str> = moves.split_whitespace().collect();
                let budget = crate::analysis::budget(&Config::default());
                Some(find_case(file.analysis, &which).and_then(|c| play(c, &extra, &budget)))
            })
            .await?;
        match answer {
            None => Ok(None),
            Some(Ok(report)) => Ok(Some(report)),
            Some(Err(
                e @ (PlayError::NoCase(_) | PlayError::Move { .. } | PlayError::Invalid { .. }),
            )) => Err(Error::invalid_params(e.to_string())),
            Some(Err(e @ PlayError::Unsolved(_))) => Err(Error {
                code: tower_lsp_server::jsonrpc::ErrorCode::ServerError(1),
                message: e.to_string().into(),
                data: None,
            }),
        }
    }
}
