//! Every original sample, byte for byte, through each game's judge fast path and through the
//! generic path the editor and `import` take (read the boards, then answer each one).

use boardls::games::{Budget, GameId};

const SAMPLES: [(GameId, &str, &str); 7] = [
    (
        GameId::Zgame,
        include_str!("../data/samples/zgame.in"),
        include_str!("../data/samples/zgame.out"),
    ),
    (
        GameId::Race,
        include_str!("../data/samples/race.in"),
        include_str!("../data/samples/race.out"),
    ),
    (
        GameId::Chess,
        include_str!("../data/samples/chess.in"),
        include_str!("../data/samples/chess.out"),
    ),
    (
        GameId::Tetris,
        include_str!("../data/samples/tetris.in"),
        include_str!("../data/samples/tetris.out"),
    ),
    (
        GameId::Strings,
        include_str!("../data/samples/strings.in"),
        include_str!("../data/samples/strings.out"),
    ),
    (
        GameId::Strings,
        include_str!("../data/samples/strings_2.in"),
        include_str!("../data/samples/strings_2.out"),
    ),
    (
        GameId::Strings,
        include_str!("../data/samples/strings_3.in"),
        include_str!("../data/samples/strings_3.out"),
    ),
];

#[test]
fn the_judge_answers_every_original_sample() {
    for (game, input, output) in SAMPLES {
        let got = game
            .judge(input, &Budget::unlimited())
            .expect("a valid input");
        assert_eq!(got.output, output, "{game:?}: {input:?}");
        assert_eq!(got.unsolved, [], "{game:?}: {input:?}");
    }
}

#[test]
fn reading_then_answering_agrees_with_the_judge() {
    for (game, input, output) in SAMPLES {
        let boards = game.read_judge(input).expect("the sample reads");
        assert_eq!(boards.len(), output.lines().count(), "{game:?}: {input:?}");
        let answers: String = boards
            .iter()
            .map(|b| b.answer(&Budget::unlimited()).expect("solvable") + "\n")
            .collect();
        assert_eq!(answers, output, "{game:?}: {input:?}");
    }
}

#[test]
fn written_samples_read_back_to_the_same_boards() {
    for (game, input, _) in SAMPLES {
        let boards = game.read_judge(input).expect("the sample reads");
        let written = game.write_judge(&boards);
        let again = game.read_judge(&written).expect("written input reads");
        assert_eq!(game.write_judge(&again), written, "{game:?}: {input:?}");
    }
}
