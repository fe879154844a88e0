//! `boardls lsp`: the language server on standard input and output, with the editor's
//! defaults under the configuration layers.

use super::args::{BudgetArgs, CodeArgs};
use super::layers::Layers;
use std::process::ExitCode;

#[derive(clap::Args)]
pub(super) struct LspArgs {
    /// Accepted for editors that pass it (stdio is the only transport).
    #[arg(long)]
    stdio: bool,
    /// MiB the solve cache may hold (verdicts of cases seen before, shared by every open
    /// file; the least recently used go first) [default: 128].
    #[arg(long, value_name = "MIB", value_parser = clap::value_parser!(u64).range(1..))]
    cache: Option<u64>,
    #[command(flatten)]
    pub budget: BudgetArgs,
    #[command(flatten)]
    pub codes: CodeArgs,
}

pub(super) fn run(args: &LspArgs, layers: &Layers) -> Result<ExitCode, String> {
    let mut config = layers.config_here()?;
    if let Some(mib) = args.cache {
        config.set_solve_cache_mib(mib);
    }
    Ok(boardls::lsp::run(config))
}
