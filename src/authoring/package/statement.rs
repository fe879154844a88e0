//! The statement, `problem_statement/problem.en.tex`: the problem's name, the game's rules,
//! the input and output format and a picture of each sample board, each in a section between
//! `%% boardls:begin NAME` and `%% boardls:end NAME` lines. A rebuild rewrites what is inside
//! the markers and keeps every other line, so the author writes around them.

use super::SamplePicture;
use crate::games::GameId;

const BEGIN: &str = "%% boardls:begin ";
const END: &str = "%% boardls:end ";

/// The statement for `game`, or `old` with its generated sections rewritten.
pub(super) fn write(
    game: GameId,
    name: &str,
    pictures: &[(String, &SamplePicture)],
    old: Option<&str>,
) -> String {
    let format = game.judge_format();
    let sections = [
        ("name", format!("\\problemname{{{}}}\n", tex_of(name))),
        ("rules", paragraph(game.spec().rules)),
        ("input", paragraph(&format.input)),
        ("output", paragraph(&format.output)),
        ("pictures", figures(pictures)),
    ];
    match old {
        Some(old) if old.contains(BEGIN) => rewrite(old, &sections),
        _ => fresh(&sections),
    }
}

fn fresh(sections: &[(&str, String); 5]) -> String {
    let mut out = String::from(
        "% Written by boardls. The text between a `boardls:begin` line and its `boardls:end` \
         line\n% is rewritten on every build; write your own around it.\n",
    );
    for (name, body) in sections {
        match *name {
            "input" => out.push_str("\n\\section*{Input}\n"),
            "output" => out.push_str("\n\\section*{Output}\n"),
            _ => out.push('\n'),
        }
        out.push_str(&format!("{BEGIN}{name}\n{body}{END}{name}\n"));
    }
    out
}

/// `old` with the body of each generated section it holds replaced; its other lines kept.
fn rewrite(old: &str, sections: &[(&str, String); 5]) -> String {
    let mut out = String::new();
    let mut inside: Option<&str> = None;
    for line in old.lines() {
        if let Some(name) = inside {
            if line.trim_end() == format!("{END}{name}") {
                out.push_str(line);
                out.push('\n');
                inside = None;
            }
            continue;
        }
        out.push_str(line);
        out.push('\n');
        if let Some(name) = line.trim_end().strip_prefix(BEGIN)
            && let Some((name, body)) = sections.iter().find(|(n, _)| *n == name)
        {
            out.push_str(body);
            inside = Some(name);
        }
    }
    out
}

fn paragraph(text: &str) -> String {
    format!("{}\n", tex_of(text))
}

fn figures(pictures: &[(String, &SamplePicture)]) -> String {
    let mut out = String::new();
    for (file, picture) in pictures {
        let number = picture.test.trim_start_matches('0');
        let caption = match picture.case {
            1 => format!("Sample {number}"),
            case => format!("Sample {number}, test {case}"),
        };
        out.push_str(&format!(
            "\\begin{{figure}}[h]\n\\centering\n\\includegraphics[width=0.45\\textwidth]{{{file}}}\n\
             \\caption{{{caption}}}\n\\end{{figure}}\n"
        ));
    }
    out
}

/// Text in the words of the games' rules (`code` in backticks, Unicode math signs) as LaTeX
/// that plain pdfLaTeX reads: ASCII only.
pub fn tex_of(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 16);
    let mut code = false;
    for ch in text.chars() {
        match ch {
            '`' if code => {
                out.push('}');
                code = false;
            }
            '`' => {
                out.push_str("\\texttt{");
                code = true;
            }
            '\\' => out.push_str("\\textbackslash{}"),
            '{' | '}' | '#' | '$' | '%' | '&' | '_' => {
                out.push('\\');
                out.push(ch);
            }
            '^' => out.push_str("\\^{}"),
            '~' => out.push_str("\\~{}"),
            '×' => out.push_str("$\\times$"),
            '≤' => out.push_str("$\\le$"),
            '≥' => out.push_str("$\\ge$"),
            '≠' => out.push_str("$\\ne$"),
            '→' => out.push_str("$\\to$"),
            '·' => out.push_str("$\\cdot$"),
            '−' => out.push_str("$-$"),
            '±' => out.push_str("$\\pm$"),
            '⊕' => out.push_str("$\\oplus$"),
            '∈' => out.push_str("$\\in$"),
            '²' => out.push_str("$^2$"),
            '³' => out.push_str("$^3$"),
            '—' => out.push_str("---"),
            '–' => out.push_str("--"),
            '…' => out.push_str("\\ldots{}"),
            '‘' | '’' => out.push('\''),
            '“' => out.push_str("``"),
            '”' => out.push_str("''"),
            _ if ch.is_ascii() => out.push(ch),
            _ => out.push('?'),
        }
    }
    if code {
        out.push('}');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tex_is_ascii_with_code_and_math() {
        assert_eq!(
            tex_of("An n×n board of `#` cells, 1 ≤ n — `A_1`"),
            "An n$\\times$n board of \\texttt{\\#} cells, 1 $\\le$ n --- \\texttt{A\\_1}"
        );
        for game in GameId::ALL {
            let text = write(game, "Name & co", &[], None);
            assert!(text.is_ascii(), "{game}: {text}");
            let format = game.judge_format();
            for words in [game.spec().rules, &format.input, &format.output] {
                let marks = |t: &str| t.matches('?').count();
                assert_eq!(
                    marks(&tex_of(words)),
                    marks(words),
                    "{game}: a sign without a LaTeX form: {words}"
                );
            }
        }
    }

    #[test]
    fn a_rebuild_keeps_the_text_around_the_generated_sections() {
        let first = write(GameId::Strings, "Strings", &[], None);
        assert!(first.contains("\\section*{Input}\n%% boardls:begin input\nThe first line"));
        let edited = first
            .replace("\\section*{Input}", "My story.\n\\section*{Input}")
            .replace("The first line holds", "OLD TEXT");
        let again = write(GameId::Strings, "Renamed", &[], Some(&edited));
        assert!(again.contains("My story.\n\\section*{Input}"));
        assert!(!again.contains("OLD TEXT"));
        assert!(again.contains("\\problemname{Renamed}"));
        assert_eq!(again.matches("%% boardls:begin").count(), 5);
    }
}
