//! `boardls explain CODE`: a diagnostic code's full explanation, an example that produces it,
//! and how to silence or deny it.

use super::{EXIT_OK, EXIT_UNUSABLE, output::Printer};
use boardls::analysis::codes;
use boardls::analysis::examples::{self, Example};

#[derive(clap::Args)]
pub(super) struct ExplainArgs {
    /// The code, as `check` prints it.
    #[arg(required_unless_present = "list")]
    code: Option<String>,
    /// List every code with the first sentence of its explanation.
    #[arg(long, conflicts_with = "code")]
    list: bool,
}

pub(super) fn run(args: &ExplainArgs) -> u8 {
    explain_codes(args.code.as_deref(), args.list)
}

fn explain_codes(code: Option<&str>, list: bool) -> u8 {
    let mut out = Printer::stdout();
    if list {
        let mut all: Vec<&str> = codes::all_codes().collect();
        all.sort_unstable();
        all.dedup();
        for code in all {
            let text = codes::explain(code).unwrap_or("");
            let first = text.find(". ").map_or(text, |end| &text[..=end]);
            out.print(&format!("{code}  {first}\n"));
        }
        return EXIT_OK;
    }
    let Some(code) = code else {
        return EXIT_UNUSABLE;
    };
    let upper = code.to_ascii_uppercase();
    let Some(text) = codes::explain(&upper) else {
        let why = codes::not_a_code(code).unwrap_or_default();
        eprintln!("boardls: {why}; `boardls explain --list` lists them");
        return EXIT_UNUSABLE;
    };
    out.print(&format!("{upper}\n\n{text}\n\n{}", example_of(&upper)));
    out.print(&format!(
        "To silence it in one file: `// boardls: allow {upper}`; in a project: \
         `allow = [\"{upper}\"]` in boardls.toml; to make it fail the run: `deny = [\"{upper}\"]` \
         or `boardls check --deny {upper}`.\n"
    ));
    EXIT_OK
}

/// The example of `code` as `explain` prints it, ending with a blank line.
fn example_of(code: &str) -> String {
    let indent = |text: &str| -> String {
        text.lines().fold(String::new(), |mut out, line| {
            out.push_str("    ");
            out.push_str(line);
            out.push('\n');
            out
        })
    };
    match examples::example(code) {
        Some(Example::Board { board, project: "" }) => {
            format!("For example, this file:\n\n{}\n", indent(board))
        }
        Some(Example::Board { board, project }) => format!(
            "For example, this file:\n\n{}\nchecked under this boardls.toml:\n\n{}\n",
            indent(board),
            indent(project)
        ),
        Some(Example::Exported(board)) => format!(
            "For example, this file given to `boardls export`:\n\n{}\n",
            indent(board)
        ),
        Some(Example::Packaged(board)) => format!(
            "For example, this file given to `boardls package`:\n\n{}\n",
            indent(board)
        ),
        Some(Example::Project(text)) => {
            format!("For example, this boardls.toml:\n\n{}\n", indent(text))
        }
        Some(Example::Built { what, .. }) => format!("For example: {what}.\n\n"),
        Some(Example::Unshown(why)) => format!("No short example: {why}.\n\n"),
        None => String::new(),
    }
}
