//! The `boardls` command: the subcommands of `src/cli/` over the library.

mod cli;

fn main() -> std::process::ExitCode {
    cli::main()
}
