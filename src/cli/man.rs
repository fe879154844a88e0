//! `boardls man`: the man page (roff), made from the command tree itself.

use super::{Cli, EXIT_OK, output};
use clap::CommandFactory;

pub(super) fn run() -> Result<u8, String> {
    let page = clap_mangen::Man::new(Cli::command());
    let mut out = Vec::new();
    page.render(&mut out).map_err(|e| e.to_string())?;
    let mut printer = output::Printer::stdout();
    printer.print(&String::from_utf8_lossy(&out));
    Ok(EXIT_OK)
}
