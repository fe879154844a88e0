//! The `boardls` command.

fn main() -> std::process::ExitCode {
    boardls::cli::main()
}
