//! `boardls gen` and `boardls validate`: the command-line side of the authoring tools.

use super::{EXIT_ERRORS, EXIT_OK, EXIT_UNUSABLE, files};
use boardls::authoring::generate::{GenOptions, Preset, generate};
use boardls::authoring::validate::validate as validate_input;
use boardls::config::Config;
use boardls::games::GameId;
use std::path::Path;

#[allow(clippy::too_many_arguments)]
pub(super) fn run(
    game: GameId,
    size: Option<&str>,
    count: usize,
    seed: u64,
    density: Option<f64>,
    answer: Option<String>,
    preset: &str,
    config: &Config,
) -> u8 {
    let Some(preset) = Preset::from_name(preset) else {
        let names: Vec<&str> = Preset::NAMES.iter().map(|(n, _)| *n).collect();
        eprintln!(
            "boardls: unknown preset `{preset}`; presets: {}",
            names.join(", ")
        );
        return EXIT_UNUSABLE;
    };
    let (rows, cols) = match size.map(parse_size).transpose() {
        Ok(s) => s.map_or((None, None), |(r, c)| (Some(r), Some(c))),
        Err(e) => {
            eprintln!("boardls: --size: {e}");
            return EXIT_UNUSABLE;
        }
    };
    if density.is_some_and(|p| !(0.0..=1.0).contains(&p)) {
        eprintln!("boardls: --density takes a share between 0 and 1");
        return EXIT_UNUSABLE;
    }
    let opts = GenOptions {
        game,
        rows,
        cols,
        count,
        seed,
        density,
        answer,
        preset,
    };
    match generate(&opts, config) {
        Ok(text) => {
            print!("{text}");
            EXIT_OK
        }
        Err(e) => {
            eprintln!("boardls: {e}");
            EXIT_ERRORS
        }
    }
}

fn parse_size(text: &str) -> Result<(usize, usize), String> {
    let mut parts = text.split(['x', 'X']);
    let parse = |p: Option<&str>| -> Result<Option<usize>, String> {
        p.map(|p| {
            p.trim()
                .parse::<usize>()
                .map_err(|_| format!("`{text}` is not N or NxM"))
        })
        .transpose()
    };
    let rows = parse(parts.next())?.ok_or_else(|| format!("`{text}` is not N or NxM"))?;
    let cols = parse(parts.next())?.unwrap_or(rows);
    if parts.next().is_some() || rows == 0 || cols == 0 {
        return Err(format!("`{text}` is not N or NxM with N, M ≥ 1"));
    }
    Ok((rows, cols))
}

pub(super) fn validate(game: GameId, file: &Path) -> u8 {
    let text = match files::read_input(Some(file)) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("boardls: {e}");
            return EXIT_UNUSABLE;
        }
    };
    match validate_input(game, &text) {
        Ok(n) => {
            println!("{}: valid {game} input, {n} test(s)", file.display());
            EXIT_OK
        }
        Err(e) => {
            println!("{}:{}: invalid: {}", file.display(), e.line, e.reason);
            EXIT_ERRORS
        }
    }
}
