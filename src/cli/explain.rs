//! `boardls explain CODE`: a diagnostic code's full explanation, and how to silence or deny it.

use super::{EXIT_OK, EXIT_UNUSABLE, output::Printer};
use boardls::analysis::codes;

pub(super) fn run(code: Option<&str>, list: bool) -> u8 {
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
    out.print(&format!(
        "{upper}\n\n{text}\n\nTo silence it in one file: `// boardls: allow {upper}`; in a project: \
         `allow = [\"{upper}\"]` in boardls.toml; to make it fail the run: `deny = [\"{upper}\"]` \
         or `boardls check --deny {upper}`.\n"
    ));
    EXIT_OK
}
