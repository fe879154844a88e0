//! `boardls build PLAN --out DIR`: runs a test plan (generator commands, hand-written `.board`
//! files, external generators) into a clean test folder, byte-identical on every run.

use super::args::{BudgetArgs, CodeArgs, WalkArgs};
use super::export::{self, Layout, Source};
use super::generate::{self, GenArgs};
use super::{EXIT_UNUSABLE, Run, files};
use boardls::authoring::case_text;
use boardls::authoring::export::Defaults;
use boardls::authoring::generate::generate;
use boardls::authoring::validate::validate as validate_input;
use boardls::config::Config;
use boardls::games::GameId;
use boardls::syntax::is_group_name;
use clap::Parser;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// A plan's `gen …` line, read with `gen`'s own options.
#[derive(Parser)]
#[command(name = "gen", no_binary_name = true)]
struct PlanGen {
    #[command(flatten)]
    args: GenArgs,
}

/// What one step labels its cases with (a case's own directives win).
#[derive(Clone, Default)]
struct Label {
    group: Option<String>,
    sample: bool,
    /// `NAME(25):`: the group's points in a scoring problem package (`build` ignores them).
    points: Option<u32>,
}

#[derive(clap::Args)]
pub(super) struct BuildArgs {
    /// The plan file (e.g. `tests.plan`).
    plan: PathBuf,
    /// The test folder: built whole beside it, then swapped into place.
    #[arg(long, value_name = "DIR")]
    out: PathBuf,
    /// Replace the folder an earlier export or build wrote there (its `tests.json`); a folder
    /// holding anything else is refused.
    #[arg(long)]
    force: bool,
    /// `flat` (`01.in`, …) or `kattis` (`data/sample/`, `data/secret/[GROUP/]`).
    #[arg(long, value_enum, default_value = "flat")]
    layout: Layout,
    #[command(flatten)]
    pub codes: CodeArgs,
    #[command(flatten)]
    pub walk: WalkArgs,
    #[command(flatten)]
    pub budget: BudgetArgs,
}

pub(super) fn run(args: &BuildArgs, run: &Run<'_>) -> Result<u8, String> {
    Ok(build_plan(
        &args.plan,
        &args.out,
        args.force,
        args.layout,
        &run.config_for(&args.plan)?,
        &run.walk,
    ))
}

fn build_plan(
    plan: &Path,
    out: &Path,
    force: bool,
    layout: Layout,
    config: &Config,
    walk: &files::Walk<'_>,
) -> u8 {
    match sources(plan, config, walk) {
        Ok(sources) => export::write_sources(&sources, out, force, layout, config),
        Err(code) => code,
    }
}

/// The sources of every step of `plan`, in order; at the first step that fails, its message
/// is printed and the exit status returned.
pub(super) fn sources(
    plan: &Path,
    config: &Config,
    walk: &files::Walk<'_>,
) -> Result<Vec<Source>, u8> {
    let text = match fs::read_to_string(plan) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("boardls: {}: {e}", plan.display());
            return Err(EXIT_UNUSABLE);
        }
    };
    let plan_name = plan
        .file_name()
        .map_or_else(|| "plan".into(), |n| n.to_string_lossy().into_owned());
    let base = plan
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let mut sources = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let number = i + 1;
        match step(line, number, &plan_name, base, config, walk) {
            Ok(made) => sources.extend(made),
            Err(e) => {
                eprintln!("boardls: {}:{number}: {e}", plan.display());
                return Err(EXIT_UNUSABLE);
            }
        }
    }
    Ok(sources)
}

/// The sources one plan line makes (none for a blank line or a `#` comment).
fn step(
    line: &str,
    number: usize,
    plan_name: &str,
    base: &Path,
    config: &Config,
    walk: &files::Walk<'_>,
) -> Result<Vec<Source>, String> {
    let line = line.trim();
    if line.is_empty() || line.starts_with('#') {
        return Ok(Vec::new());
    }
    let (label, rest) = read_label(line)?;
    let words = shlex::split(rest).ok_or("unbalanced quotes")?;
    let Some((verb, args)) = words.split_first() else {
        return Err("a label without a step".into());
    };
    let from_plan = |text: String| Source {
        name: plan_name.to_string(),
        text,
        invalid_utf8_at: None,
        defaults: Defaults {
            group: label.group.clone(),
            sample: label.sample,
            line: Some(number),
        },
    };
    match verb.as_str() {
        "gen" => {
            let parsed = PlanGen::try_parse_from(args).map_err(|e| first_line(&e.to_string()))?;
            let opts = generate::options(parsed.args)?;
            let text = generate(&opts, config)?;
            Ok(vec![from_plan(text)])
        }
        "cmd" => {
            let text = run_generator(args, base)?;
            Ok(vec![from_plan(text)])
        }
        _ if args.is_empty() => {
            let paths = files::collect(&[base.join(verb)], walk)?;
            if paths.is_empty() {
                return Err(format!("`{verb}` holds no .board file"));
            }
            paths
                .into_iter()
                .map(|path| {
                    let source = files::read(&path)?;
                    // Named as the plan names it, so that the folder is the same wherever
                    // the plan is built from.
                    let name = path
                        .strip_prefix(base)
                        .unwrap_or(&path)
                        .display()
                        .to_string();
                    Ok(Source {
                        name,
                        text: source.text,
                        invalid_utf8_at: source.invalid_utf8_at,
                        defaults: Defaults {
                            group: label.group.clone(),
                            sample: label.sample,
                            line: None,
                        },
                    })
                })
                .collect()
        }
        _ => Err(format!(
            "`{verb}` is not a step: write `gen GAME …`, `cmd GAME PROGRAM ARGS…` or the path of a .board file or folder"
        )),
    }
}

/// `sample: STEP`, `NAME: STEP` (the cases' group), `NAME(POINTS): STEP` or just `STEP`.
fn read_label(line: &str) -> Result<(Label, &str), String> {
    let Some((first, rest)) = line.split_once(char::is_whitespace) else {
        return Ok((Label::default(), line));
    };
    let Some(name) = first.strip_suffix(':') else {
        return Ok((Label::default(), line));
    };
    if name == "sample" {
        return Ok((
            Label {
                group: None,
                sample: true,
                points: None,
            },
            rest.trim_start(),
        ));
    }
    let (name, points) = match name.strip_suffix(')').and_then(|n| n.split_once('(')) {
        Some((name, points)) => {
            let points = points.parse::<u32>().map_err(|_| {
                format!("`{name}({points})`: the points of a group are a whole number, e.g. `{name}(25):`")
            })?;
            (name, Some(points))
        }
        None => (name, None),
    };
    if !is_group_name(name) {
        return Err(format!(
            "`{name}` is not a group name (letters, digits, `_` and `-`)"
        ));
    }
    Ok((
        Label {
            group: Some(name.to_string()),
            sample: false,
            points,
        },
        rest.trim_start(),
    ))
}

/// The points each group of `plan` gives (`NAME(25): STEP`), in the order the groups first
/// appear; a group given different points on two lines is an error.
pub(super) fn points(plan: &Path) -> Result<Vec<(String, u32)>, String> {
    let text = fs::read_to_string(plan).map_err(|e| format!("{}: {e}", plan.display()))?;
    let mut out: Vec<(String, u32)> = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let at = |e: String| format!("{}:{}: {e}", plan.display(), i + 1);
        let (label, _) = read_label(line).map_err(at)?;
        let (Some(group), Some(points)) = (label.group, label.points) else {
            continue;
        };
        match out.iter().find(|(g, _)| *g == group) {
            Some((_, earlier)) if *earlier != points => {
                return Err(at(format!(
                    "group `{group}` was given {earlier} points before, {points} here"
                )));
            }
            Some(_) => {}
            None => out.push((group, points)),
        }
    }
    Ok(out)
}

/// Runs `GAME PROGRAM ARGS…` in the plan's folder; its standard output is judge input for GAME,
/// validated and turned into `.board` text (the answers are solved like every other case).
fn run_generator(args: &[String], base: &Path) -> Result<String, String> {
    let [game, program, rest @ ..] = args else {
        return Err("write `cmd GAME PROGRAM ARGS…`, e.g. `cmd race ./mygen 17`".into());
    };
    let game = GameId::from_name(game).ok_or_else(|| {
        let names: Vec<&str> = GameId::ALL.iter().map(|g| g.as_str()).collect();
        format!("`{game}` is not a game ({})", names.join(", "))
    })?;
    // A program named with a folder is found from the plan's folder, like the plan's files.
    let program_path = if program.contains('/') {
        base.join(program)
    } else {
        PathBuf::from(program)
    };
    let output = Command::new(&program_path)
        .args(rest)
        .current_dir(base)
        .stdin(Stdio::null())
        .stderr(Stdio::inherit())
        .output()
        .map_err(|e| format!("`{program}`: {e}"))?;
    if !output.status.success() {
        return Err(format!("`{program}` failed: {}", output.status));
    }
    let input = String::from_utf8(output.stdout)
        .map_err(|_| format!("`{program}` printed something that is not UTF-8 text"))?;
    validate_input(game, &input).map_err(|e| {
        format!(
            "`{program}` printed invalid {game} input: line {}: {}",
            e.line, e.reason
        )
    })?;
    let boards = game
        .read_judge(&input)
        .map_err(|e| format!("`{program}`: {e}"))?;
    let mut text = format!(
        "// made by: {}\n",
        shlex::try_join(args.iter().map(String::as_str)).unwrap_or_default()
    );
    for (i, board) in boards.iter().enumerate() {
        text.push('\n');
        text.push_str(&case_text(
            game,
            &format!("{program} test {}", i + 1),
            &board.to_case(),
            None,
        ));
    }
    Ok(text)
}

fn first_line(message: &str) -> String {
    message
        .lines()
        .next()
        .unwrap_or(message)
        .trim_start_matches("error: ")
        .to_string()
}
