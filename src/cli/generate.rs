//! `boardls gen`: reproducible boards as `.board` text.

use super::args::{BudgetArgs, Game};
use super::{EXIT_ERRORS, EXIT_OK, EXIT_UNUSABLE, Run};
use boardls::authoring::generate::{GenOptions, Preset, generate};
use boardls::config::Config;

// The options of `gen`, also read from a plan's `gen …` lines.
#[derive(clap::Args, Clone, Debug)]
pub(super) struct GenArgs {
    /// The game.
    #[arg(value_enum)]
    pub game: Game,
    /// `N` or `NxM` (chess: the board size; strings: `N` for N×N).
    #[arg(long, value_name = "N[xM]")]
    pub size: Option<String>,
    /// How many boards (`edge` makes its fixed list whatever the count).
    #[arg(long, default_value_t = 1, value_name = "K")]
    pub count: usize,
    /// The seed: case i is drawn from its own stream seeded by (S, i), so the same command
    /// gives the same boards in every version, and the first K of `--count K+1` are those of
    /// `--count K`.
    #[arg(long, default_value_t = 1, value_name = "S")]
    pub seed: u64,
    /// Share of walls (race, tetris), of letters (zgame), of letters other than a/b (strings).
    #[arg(long, value_name = "P")]
    pub density: Option<f64>,
    /// Keep only boards with this answer (as the judge prints it).
    #[arg(long, value_name = "A")]
    pub answer: Option<String>,
    /// The kind of boards: random, max, edge; for race also corridors, near-start, middle.
    // The names as possible values, so that shells complete them.
    #[arg(
        long,
        default_value = "random",
        value_name = "P",
        value_parser = clap::builder::PossibleValuesParser::new(Preset::NAMES.map(|(n, _)| n)),
    )]
    pub preset: String,
}

/// The generator's options, or why the arguments make none.
pub(super) fn options(args: GenArgs) -> Result<GenOptions, String> {
    let Some(preset) = Preset::from_name(&args.preset) else {
        let names: Vec<&str> = Preset::NAMES.iter().map(|(n, _)| *n).collect();
        return Err(format!(
            "unknown preset `{}`; presets: {}",
            args.preset,
            names.join(", ")
        ));
    };
    let (rows, cols) = match args.size.as_deref().map(parse_size).transpose() {
        Ok(s) => s.map_or((None, None), |(r, c)| (Some(r), Some(c))),
        Err(e) => return Err(format!("--size: {e}")),
    };
    if args.density.is_some_and(|p| !(0.0..=1.0).contains(&p)) {
        return Err("--density takes a share between 0 and 1".into());
    }
    Ok(GenOptions {
        game: args.game.into(),
        rows,
        cols,
        count: args.count,
        seed: args.seed,
        density: args.density,
        answer: args.answer,
        preset,
    })
}

// `gen`'s arguments: the generator's options and the budget its answers are solved in.
#[derive(clap::Args)]
pub(super) struct GenCommandArgs {
    #[command(flatten)]
    args: GenArgs,
    #[command(flatten)]
    pub budget: BudgetArgs,
}

pub(super) fn run(args: &GenCommandArgs, run: &Run<'_>) -> Result<u8, String> {
    Ok(print_boards(args.args.clone(), &run.layers.config_here()?))
}

fn print_boards(args: GenArgs, config: &Config) -> u8 {
    let opts = match options(args) {
        Ok(opts) => opts,
        Err(e) => {
            eprintln!("boardls: {e}");
            return EXIT_UNUSABLE;
        }
    };
    match generate(&opts, config) {
        Ok(text) => {
            super::output::print(&text);
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
