//! `boardls package PLAN|PATH… --out DIR`: a whole problem package (Kattis/ICPC format) from a
//! test plan or `.board` files: the tests `export` writes, `problem.yaml`, a statement with
//! a picture of each sample, a checktestdata input validator and the accepted solutions.

use super::build;
use super::export::{self, Source};
use super::{EXIT_ERRORS, EXIT_OK, EXIT_UNUSABLE, files};
use boardls::authoring::case_text;
use boardls::authoring::export::{self as exports, Layout, Overwrite, SuiteWriter};
use boardls::authoring::package::{self, PackageInfo, SamplePicture};
use boardls::config::Config;
use boardls::games::GameId;
use boardls::project::PackageSettings;
use boardls::render::{Theme, png_of};
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// What `package` was asked for, its flags and `[package]` of `boardls.toml` together.
pub(super) struct Request<'a> {
    pub inputs: &'a [PathBuf],
    pub out: &'a Path,
    pub info: PackageInfo,
    pub zip: bool,
}

/// `[package]`'s keys under the flags that were given.
pub(super) fn info_of(flags: PackageInfo, settings: &PackageSettings) -> PackageInfo {
    PackageInfo {
        name: flags.name.or_else(|| settings.name.clone()),
        uuid: flags.uuid.or_else(|| settings.uuid.clone()),
        license: flags.license.or_else(|| settings.license.clone()),
        rights_owner: flags.rights_owner.or_else(|| settings.rights_owner.clone()),
        solutions: flags.solutions,
        points: flags.points,
        time_limit: flags.time_limit.or(settings.time_limit),
        memory_limit_mib: flags.memory_limit_mib.or(settings.memory_limit_mib),
    }
}

pub(super) fn package(request: &Request<'_>, config: &Config, walk: &files::Walk<'_>) -> u8 {
    match write(request, config, walk) {
        Ok(()) => EXIT_OK,
        Err(code) => code,
    }
}

fn write(request: &Request<'_>, config: &Config, walk: &files::Walk<'_>) -> Result<(), u8> {
    let out = request.out;
    let unusable = |e: String| {
        eprintln!("boardls: {e}");
        EXIT_UNUSABLE
    };
    let folder = out
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let short_name = package::short_name(&folder).ok_or_else(|| {
        unusable(format!(
            "{}: a package's folder is named after the problem, with letters or digits",
            out.display()
        ))
    })?;
    let old = existing_package(out).map_err(unusable)?;
    let sources = sources(request.inputs, config, walk)?;
    let mut info = request.info.clone();
    if let Some(plan) = plan_of(request.inputs) {
        info.points = build::points(plan).map_err(unusable)?;
    }
    let items = export::solve_sources(&sources, config)?;
    let Some(game) = items.first().map(|i| i.game) else {
        eprintln!("boardls: no cases to package");
        return Err(EXIT_ERRORS);
    };
    if let Some(other) = items.iter().find(|i| i.game != game) {
        eprintln!(
            "boardls: a package is one problem, but the tests are of {game} and {}",
            other.game
        );
        return Err(EXIT_ERRORS);
    }
    let findings = package::check(&items, &info.points);
    for f in &findings {
        let level = if f.error { "error" } else { "warning" };
        eprintln!("boardls: {level}[{}]: {}", f.code, f.message);
    }
    if findings.iter().any(|f| f.error) {
        return Err(EXIT_ERRORS);
    }
    let mut writer = SuiteWriter::new(out, Layout::Package).map_err(unusable)?;
    for item in items {
        writer.add(item).map_err(unusable)?;
    }
    let sealed = writer.seal().map_err(unusable)?;
    let pictures = sample_pictures(sealed.staging(), game, config).map_err(unusable)?;
    let warnings = package::assemble(
        sealed.staging(),
        old.as_deref(),
        game,
        &short_name,
        &info,
        &pictures,
    )
    .map_err(unusable)?;
    for w in &warnings {
        eprintln!("boardls: warning: {w}");
    }
    let tests = sealed
        .put_in_place(Overwrite::EarlierExport)
        .map_err(unusable)?;
    eprintln!(
        "boardls: wrote a {game} problem package with {tests} test(s) to {}",
        out.display()
    );
    if request.zip {
        let archive = out.with_extension("zip");
        zip_folder(out, &archive).map_err(|e| unusable(format!("{}: {e}", archive.display())))?;
        eprintln!("boardls: wrote {}", archive.display());
    }
    Ok(())
}

/// The folder's earlier package, when it holds one; an error when it holds anything else.
fn existing_package(out: &Path) -> Result<Option<PathBuf>, String> {
    let Ok(mut entries) = fs::read_dir(out) else {
        return Ok(None);
    };
    if entries.next().is_none() {
        return Ok(None);
    }
    if package::is_package(out) {
        return Ok(Some(out.to_path_buf()));
    }
    Err(format!(
        "{}: the folder holds {} and no package boardls wrote (problem.yaml and tests.json); \
         choose an empty folder",
        out.display(),
        exports::listing(out)
    ))
}

/// The plan among the inputs: one file that is not `.board`.
fn plan_of(inputs: &[PathBuf]) -> Option<&Path> {
    match inputs {
        [plan] if plan.is_file() && plan.extension().is_none_or(|e| e != "board") => Some(plan),
        _ => None,
    }
}

/// The sources of a plan or of `.board` files and folders.
fn sources(inputs: &[PathBuf], config: &Config, walk: &files::Walk<'_>) -> Result<Vec<Source>, u8> {
    match plan_of(inputs) {
        Some(plan) => build::sources(plan, config, walk),
        None => export::sources_of(inputs, walk),
    }
}

/// A picture of each board of each sample test in `staging/data/sample`.
fn sample_pictures(
    staging: &Path,
    game: GameId,
    config: &Config,
) -> Result<Vec<SamplePicture>, String> {
    let dir = staging.join("data/sample");
    let mut tests: Vec<PathBuf> = match fs::read_dir(&dir) {
        Ok(entries) => entries
            .filter_map(Result::ok)
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|e| e == "in"))
            .collect(),
        Err(_) => return Ok(Vec::new()),
    };
    tests.sort();
    let mut pictures = Vec::new();
    for path in tests {
        let text = fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        let boards = game
            .read_judge(&text)
            .map_err(|e| format!("{}:{}: {}", path.display(), e.line, e.message))?;
        let test = path
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        let number = test.trim_start_matches('0');
        let name = |i: usize| match boards.len() {
            1 => format!("sample {number}"),
            _ => format!("sample {number}, test {}", i + 1),
        };
        let board_text: String = boards
            .iter()
            .enumerate()
            .map(|(i, b)| case_text(game, &name(i), &b.to_case(), None))
            .collect::<Vec<_>>()
            .join("\n");
        for (i, svg) in super::render::svgs_of(&board_text, Theme::Light, config)
            .into_iter()
            .enumerate()
        {
            pictures.push(SamplePicture {
                test: test.clone(),
                case: i + 1,
                png: png_of(&svg)?,
            });
        }
    }
    Ok(pictures)
}

/// `dir`'s files in a zip with `problem.yaml` at its root, as `DOMjudge` and Kattis upload it;
/// written beside and renamed into place.
fn zip_folder(dir: &Path, archive: &Path) -> Result<(), String> {
    let mut paths = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(at) = stack.pop() {
        for entry in fs::read_dir(&at).map_err(|e| e.to_string())? {
            let path = entry.map_err(|e| e.to_string())?.path();
            if path.is_dir() {
                stack.push(path);
            } else {
                paths.push(path);
            }
        }
    }
    paths.sort();
    let partial = archive.with_extension("zip.partial");
    let file = fs::File::create(&partial).map_err(|e| e.to_string())?;
    let mut zip = zip::ZipWriter::new(file);
    // A fixed time, so that the same package gives the same bytes.
    let options = zip::write::SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Deflated)
        .last_modified_time(zip::DateTime::default());
    for path in paths {
        let name = path
            .strip_prefix(dir)
            .map_err(|e| e.to_string())?
            .to_string_lossy()
            .replace('\\', "/");
        zip.start_file(name, options).map_err(|e| e.to_string())?;
        let bytes = fs::read(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        zip.write_all(&bytes).map_err(|e| e.to_string())?;
    }
    zip.finish().map_err(|e| e.to_string())?;
    fs::rename(&partial, archive).map_err(|e| e.to_string())
}

/// A time limit: a number of seconds above 0.
fn positive_seconds(text: &str) -> Result<Duration, String> {
    text.parse::<f64>()
        .ok()
        .filter(|s| *s > 0.0)
        .and_then(|s| Duration::try_from_secs_f64(s).ok())
        .ok_or_else(|| format!("`{text}` is not a number of seconds above 0"))
}

// `boardls package`'s arguments.
#[derive(clap::Args)]
pub(super) struct PackageArgs {
    /// A test plan, or `.board` files and folders.
    #[arg(required = true, value_name = "PLAN|PATH")]
    inputs: Vec<PathBuf>,
    /// The package's folder, named after the problem (letters and digits make its short name).
    #[arg(long, value_name = "DIR")]
    out: PathBuf,
    /// An accepted solution, copied to `submissions/accepted/` (repeatable; the judge tells the
    /// language by the extension).
    #[arg(long = "solution", value_name = "FILE")]
    solutions: Vec<PathBuf>,
    /// Also write DIR.zip, the archive a judge system uploads.
    #[arg(long)]
    zip: bool,
    /// The problem's name (default: `[package] name`, then the original problem's).
    #[arg(long)]
    name: Option<String>,
    /// A fixed uuid (default: an earlier package's, or one derived from the game and DIR's name).
    #[arg(long)]
    uuid: Option<String>,
    /// The package's license, e.g. `cc by-sa` (default: `[package] license`).
    #[arg(long)]
    license: Option<String>,
    /// Who owns the rights (default: `[package] rights_owner`).
    #[arg(long, value_name = "NAME")]
    rights_owner: Option<String>,
    /// The time limit, written to `.timelimit` for `DOMjudge` (default: `[package] time_limit`;
    /// Kattis times the accepted solutions instead).
    #[arg(long, value_name = "SECONDS", value_parser = positive_seconds)]
    time_limit: Option<Duration>,
    /// The memory limit, `limits.memory` of problem.yaml (default: `[package] memory_limit`).
    #[arg(long, value_name = "MIB", value_parser = clap::value_parser!(u64).range(1..))]
    memory_limit: Option<u64>,
    #[command(flatten)]
    pub(super) codes: super::args::CodeArgs,
    #[command(flatten)]
    pub(super) walk: super::args::WalkArgs,
    #[command(flatten)]
    pub(super) budget: super::args::BudgetArgs,
}

/// `package` with its arguments, `[package]` read from the `boardls.toml` of the first input.
pub(super) fn run(args: &PackageArgs, run: &super::Run<'_>) -> Result<u8, String> {
    let first = args.inputs.first().cloned().unwrap_or_default();
    let config = run.config_for(&first)?;
    let settings = run
        .layers
        .project_for(&first)?
        .map(|p| p.settings.package.clone())
        .unwrap_or_default();
    let flags = PackageInfo {
        name: args.name.clone(),
        uuid: args.uuid.clone(),
        license: args.license.clone(),
        rights_owner: args.rights_owner.clone(),
        solutions: args.solutions.clone(),
        points: Vec::new(),
        time_limit: args.time_limit,
        memory_limit_mib: args.memory_limit,
    };
    let request = Request {
        inputs: &args.inputs,
        out: &args.out,
        info: info_of(flags, &settings),
        zip: args.zip,
    };
    Ok(package(&request, &config, &run.walk))
}
