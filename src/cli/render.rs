//! `boardls render`: the cases of a `.board` file as pictures, one `.svg` (or `.png`) per case
//! named after it, for problem statements, slides and READMEs.

use super::args::BudgetArgs;
use super::{EXIT_ERRORS, EXIT_OK, EXIT_UNUSABLE, Run, files};
use boardls::analysis::{self, CaseAnalysis, SolveCache};
use boardls::config::Config;
use boardls::ide::{CaseState, FileView};
use boardls::render::{self as picture, Theme};
use boardls::span::LineIndex;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum ThemeArg {
    Light,
    Dark,
}

impl From<ThemeArg> for Theme {
    fn from(t: ThemeArg) -> Theme {
        match t {
            ThemeArg::Light => Theme::Light,
            ThemeArg::Dark => Theme::Dark,
        }
    }
}

/// The picture's file format.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub(super) enum PictureFormat {
    /// Scalable, with the outcomes as data attributes.
    Svg,
    /// The same picture drawn at twice its size, for LaTeX and anything that cannot show SVG.
    Png,
}

#[derive(clap::Args)]
pub(super) struct RenderArgs {
    /// The `.board` file.
    path: PathBuf,
    /// Only this case: its 1-based number or its name.
    #[arg(long, value_name = "N|NAME")]
    case: Option<String>,
    /// Colours for a light or a dark page.
    #[arg(long, value_enum, default_value = "light")]
    theme: ThemeArg,
    /// The folder the pictures are written to (created if missing).
    #[arg(long, value_name = "DIR", default_value = ".")]
    out: PathBuf,
    /// `svg` or `png`.
    #[arg(long, value_enum, default_value = "svg")]
    format: PictureFormat,
    #[command(flatten)]
    pub budget: BudgetArgs,
}

pub(super) fn run(args: &RenderArgs, run: &Run<'_>) -> Result<u8, String> {
    Ok(render_cases(
        &args.path,
        args.case.as_deref(),
        (args.theme.into(), args.format),
        &args.out,
        &run.config_for(&args.path)?,
    ))
}

fn render_cases(
    path: &Path,
    case: Option<&str>,
    (theme, format): (Theme, PictureFormat),
    out: &Path,
    config: &Config,
) -> u8 {
    let source = match files::read(path) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("boardls: {e}");
            return EXIT_UNUSABLE;
        }
    };
    let checked = analysis::check(&source.text, config, &SolveCache::new());
    let cases: Vec<&CaseAnalysis> = match case {
        None => checked.analysis.cases.iter().collect(),
        Some(wanted) => match pick(&checked.analysis.cases, wanted) {
            Ok(case) => vec![case],
            Err(why) => {
                eprintln!("boardls: {}: {why}", path.display());
                return EXIT_ERRORS;
            }
        },
    };
    if cases.is_empty() {
        eprintln!("boardls: {}: no cases to render", path.display());
        return EXIT_ERRORS;
    }
    let states = CaseState::of_checked(&checked);
    let index = LineIndex::new(&source.text);
    let view = FileView {
        text: &source.text,
        index: &index,
        analysis: &checked.analysis,
        states: &states,
    };
    if let Err(e) = std::fs::create_dir_all(out) {
        eprintln!("boardls: {}: {e}", out.display());
        return EXIT_UNUSABLE;
    }
    let mut taken = BTreeSet::new();
    for case in cases {
        let mut stem = picture::file_stem(case);
        // Two cases named alike (`a b` and `a-b`) still get a file each.
        if !taken.insert(stem.clone()) {
            stem = format!("{stem}-{}", case.index + 1);
            taken.insert(stem.clone());
        }
        let svg = picture::case_svg(&view, case, theme);
        let (file, bytes) = match format {
            PictureFormat::Svg => (out.join(format!("{stem}.svg")), svg.into_bytes()),
            PictureFormat::Png => match picture::png_of(&svg) {
                Ok(png) => (out.join(format!("{stem}.png")), png),
                Err(e) => {
                    eprintln!("boardls: {}: {e}", path.display());
                    return EXIT_UNUSABLE;
                }
            },
        };
        if let Err(e) = files::write_atomic(&file, &bytes) {
            eprintln!("boardls: {}: {e}", file.display());
            return EXIT_UNUSABLE;
        }
        super::output::print(&format!("{}\n", file.display()));
    }
    EXIT_OK
}

/// The case a `--case` value names: a 1-based number, or a case name exactly.
fn pick<'a>(cases: &'a [CaseAnalysis], wanted: &str) -> Result<&'a CaseAnalysis, String> {
    if let Ok(n) = wanted.parse::<usize>() {
        return n
            .checked_sub(1)
            .and_then(|i| cases.get(i))
            .ok_or_else(|| format!("there is no case {n}: the file has {} case(s)", cases.len()));
    }
    cases
        .iter()
        .find(|c| c.name.as_ref().is_some_and(|n| n.value == wanted))
        .ok_or_else(|| {
            let names: Vec<String> = cases
                .iter()
                .filter_map(|c| c.name.as_ref().map(|n| format!("\"{}\"", n.value)))
                .collect();
            if names.is_empty() {
                format!("no case is named \"{wanted}\" (no case has a name; pass a number)")
            } else {
                format!(
                    "no case is named \"{wanted}\"; the names are {}",
                    names.join(", ")
                )
            }
        })
}

/// The picture of every case of `text` (a `.board` text), solved under `config`, in order.
pub(super) fn svgs_of(text: &str, theme: Theme, config: &Config) -> Vec<String> {
    let checked = analysis::check(text, config, &SolveCache::new());
    let states = CaseState::of_checked(&checked);
    let index = LineIndex::new(text);
    let view = FileView {
        text,
        index: &index,
        analysis: &checked.analysis,
        states: &states,
    };
    checked
        .analysis
        .cases
        .iter()
        .map(|case| picture::case_svg(&view, case, theme))
        .collect()
}
