//! PLACEHOLDER while the game is being written: every call answers "not implemented".

use super::*;

pub struct Zgame;

impl Game for Zgame {
    type Board = Grid;
    const SPEC: GameSpec = GameSpec {
        id: GameId::Zgame,
        title: "",
        rules: "",
        keys: &[],
        grid: GridRule::Required,
        is_cell: |_| true,
        cells_doc: "",
        answers: &[],
        answer_classes: &[],
        codes: &[],
        max_tests_per_file: 1,
    };
    fn board(_: &CaseInput<'_>, _: &mut Vec<Diagnostic>) -> Option<Grid> {
        None
    }
    fn parse_answer(_: &str) -> Result<String, String> {
        Err("not implemented".into())
    }
    fn solve(_: &Grid, _: &Budget) -> Result<Solution, Unsolved> {
        Err(Unsolved::TooLarge("not implemented".into()))
    }
    fn read_judge(_: &str) -> Result<Vec<Grid>, JudgeError> {
        Err(JudgeError { line: 1, message: "not implemented".into() })
    }
    fn write_judge(_: &[Grid]) -> String {
        String::new()
    }
    fn to_case(_: &Grid) -> CaseBody {
        CaseBody::default()
    }
}
