//! `boardls completions SHELL`: a completion script made from the command tree itself.

use super::{Cli, EXIT_OK, output};
use clap::CommandFactory;

#[derive(clap::Args)]
pub(super) struct CompletionsArgs {
    /// The shell.
    #[arg(value_enum)]
    shell: clap_complete::Shell,
}

pub(super) fn run(args: &CompletionsArgs) -> u8 {
    let mut command = Cli::command();
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut command, "boardls", &mut script);
    output::print(&String::from_utf8_lossy(&script));
    EXIT_OK
}
