//! The batch commands decide every board as `judge` does: the same answers and the same search
//! nodes, per game, on generated boards (`Game::solve_answer` is the one decision path).

use boardls::analysis::{self, SolveCache, Verdict};
use boardls::authoring::case_text;
use boardls::authoring::generate::{GenOptions, Preset, generate};
use boardls::config::Config;
use boardls::games::{AnyBoard, Budget, GameId};

/// The boards of `gen GAME --size ROWSxCOLS --count COUNT --seed 11`.
fn boards(game: GameId, rows: usize, cols: usize, density: Option<f64>) -> Vec<AnyBoard> {
    let opts = GenOptions {
        game,
        rows: Some(rows),
        cols: (game != GameId::Strings).then_some(cols),
        count: 12,
        seed: 11,
        density,
        answer: None,
        preset: Preset::Random,
    };
    let text = generate(&opts, &Config::default()).expect("generated");
    let analysis = analysis::analyse(&text, &Config::default());
    let boards: Vec<AnyBoard> = analysis
        .cases
        .into_iter()
        .filter_map(|case| case.board)
        .collect();
    assert_eq!(boards.len(), 12, "{game}: every generated case has a board");
    boards
}

/// For each board: `check`'s verdict (through the batch pipeline) against `judge` on the same
/// board as a one-test judge input. Returns the total nodes, so a caller can insist on a search.
fn same_decision_as_judge(game: GameId, boards: &[AnyBoard]) -> u64 {
    let mut total = 0;
    for board in boards {
        let input = game.write_judge(std::slice::from_ref(board));
        let run = game
            .judge(&input, &Budget::unlimited())
            .expect("valid input");
        assert!(run.unsolved.is_empty(), "{game}: {:?}", run.unsolved);
        let text = case_text(game, "board", &board.to_case(), None);
        let checked = analysis::check_in_parallel(&text, &Config::default(), &SolveCache::new());
        let Some(Some(verdict)) = checked.verdicts.first() else {
            panic!("{game}: the case was not solved:\n{text}");
        };
        let Verdict::Solved { solution, .. } = verdict.as_ref() else {
            panic!("{game}: {verdict:?}");
        };
        assert_eq!(
            format!("{}\n", solution.answer),
            run.output,
            "{game}:\n{text}"
        );
        assert_eq!(solution.nodes, run.nodes, "{game}: nodes differ on\n{text}");
        assert!(
            solution.cells.is_none(),
            "{game}: a batch verdict holds no cell map"
        );
        total += run.nodes;
    }
    total
}

#[test]
fn zgame_batch_and_judge_decide_alike() {
    same_decision_as_judge(GameId::Zgame, &boards(GameId::Zgame, 9, 13, None));
}

#[test]
fn race_batch_and_judge_decide_alike() {
    same_decision_as_judge(GameId::Race, &boards(GameId::Race, 8, 9, Some(0.2)));
}

#[test]
fn chess_batch_and_judge_decide_alike() {
    same_decision_as_judge(GameId::Chess, &boards(GameId::Chess, 40, 57, None));
}

#[test]
fn tetris_batch_and_judge_decide_alike() {
    let nodes = same_decision_as_judge(GameId::Tetris, &boards(GameId::Tetris, 7, 8, Some(0.15)));
    assert!(nodes > 0, "the boards make the search work");
}

#[test]
fn strings_batch_and_judge_decide_alike() {
    let nodes = same_decision_as_judge(GameId::Strings, &boards(GameId::Strings, 7, 7, None));
    assert!(nodes > 0, "the boards make the search work");
}

/// The free 50×50 board: `judge` answers it at once; the batch commands used to compute its
/// whole first-move map and drop it. Now the verdict is the judge's decision, nodes and all.
#[test]
fn a_free_tetris_board_is_decided_as_judge_decides_it() {
    let text = format!("[tetris]\n{}", ("0".repeat(50) + "\n").repeat(50));
    let analysis = analysis::analyse(&text, &Config::default());
    let boards: Vec<AnyBoard> = analysis.cases.into_iter().filter_map(|c| c.board).collect();
    assert_eq!(boards.len(), 1);
    same_decision_as_judge(GameId::Tetris, &boards);
}
