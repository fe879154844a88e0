//! The move model: where both players stand and whose turn it is; a step is the cell it lands
//! on, `R,C`; a jump (a step onto the other player, then one more step at once) is both cells,
//! `R,C>R,C`. Moves are compulsory. The start position's answer is the solver's; after moves
//! the players no longer stand on the starts, and answers come from a retrograde analysis of
//! every (A's cell, B's cell, mover) state, within `MAX_STATES`.

use super::solve::{connected, for_each_neighbour};
use super::{Race, RaceBoard, is_white};
use crate::games::grid::Grid;
use crate::games::move_model::{Play, Player, cell_token, illegal, parse_cell};
use crate::games::{Budget, Game, Unsolved};
use std::sync::{Arc, Mutex, PoisonError};

/// States the retrograde analysis holds at most (two movers × white cells²): about 16 MiB of
/// counts, values and predecessor lists; boards up to about 700 white cells.
const MAX_STATES: usize = 1 << 20;

/// Where both players stand (grid indices), how many moves were made, and who has won.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Position {
    a: usize,
    b: usize,
    moves: usize,
    winner: Option<Player>,
}

pub(crate) struct RaceMoves;

/// One move from a state: its token, the cells after it (A's, B's), and whether it wins.
struct Step {
    token: String,
    a: usize,
    b: usize,
    wins: bool,
}

/// Every move of `mover` with A on `a` and B on `b`, in the grid's neighbour order; a walled-in
/// player passes (`pass`).
fn steps(board: &RaceBoard, a: usize, b: usize, mover: Player) -> Vec<Step> {
    let grid = &board.grid;
    let (cols, len) = (grid.cols, grid.cells.len());
    let (from, other, target) = match mover {
        Player::First => (a, b, board.b),
        Player::Second => (b, a, board.a),
    };
    let cell = |i: usize| cell_token(i / cols, i % cols);
    let place = |to: usize| match mover {
        Player::First => (to, b),
        Player::Second => (a, to),
    };
    let mut out = Vec::new();
    for_each_neighbour(cols, len, from, |n| {
        if !is_white(grid.cells[n]) {
            return;
        }
        if n != other || n == target {
            let (a, b) = place(n);
            out.push(Step {
                token: cell(n),
                a,
                b,
                wins: n == target,
            });
            return;
        }
        for_each_neighbour(cols, len, n, |x| {
            if is_white(grid.cells[x]) {
                let (a, b) = place(x);
                out.push(Step {
                    token: format!("{}>{}", cell(n), cell(x)),
                    a,
                    b,
                    wins: x == target,
                });
            }
        });
    });
    if out.is_empty() {
        out.push(Step {
            token: "pass".to_string(),
            a,
            b,
            wins: false,
        });
    }
    out
}

/// The retrograde analysis: for every state, whether its mover wins, loses or neither can
/// force anything (a draw: the game goes on for ever).
struct Table {
    /// Grid index → white cell number.
    white: Vec<u32>,
    count: usize,
    /// 0 undecided (draw), 1 the mover wins, 2 the mover loses.
    values: Vec<u8>,
}

const WIN: u8 = 1;
const LOSS: u8 = 2;

/// The table of the grid analysed last: an analysis board plays one case move after move, and
/// every position of a grid is in its one table (a grid's table does not depend on the starts).
static LAST_TABLE: Mutex<Option<(Grid, Arc<Table>)>> = Mutex::new(None);

/// The table of `board`'s grid, the last one again when the grid is the same.
fn table_of(board: &RaceBoard, budget: &Budget) -> Result<Arc<Table>, Unsolved> {
    let last = LAST_TABLE.lock().unwrap_or_else(PoisonError::into_inner);
    if let Some((grid, table)) = last.as_ref()
        && *grid == board.grid
    {
        return Ok(table.clone());
    }
    // Not held while computing: another board's play may go on meanwhile.
    drop(last);
    let table = Arc::new(Table::compute(board, budget)?);
    *LAST_TABLE.lock().unwrap_or_else(PoisonError::into_inner) =
        Some((board.grid.clone(), table.clone()));
    Ok(table)
}

impl Table {
    fn state(&self, a: usize, b: usize, mover: Player) -> usize {
        let turn = usize::from(mover == Player::Second);
        (turn * self.count + self.white[a] as usize) * self.count + self.white[b] as usize
    }

    fn compute(board: &RaceBoard, budget: &Budget) -> Result<Table, Unsolved> {
        let grid = &board.grid;
        let cells: Vec<usize> = (0..grid.cells.len())
            .filter(|&i| is_white(grid.cells[i]))
            .collect();
        let count = cells.len();
        let states = count.saturating_mul(count).saturating_mul(2);
        if states > MAX_STATES {
            return Err(Unsolved::TooLarge(format!(
                "positions after moves are analysed on boards of at most {} white cells; this \
                 one has {count}",
                (MAX_STATES / 2).isqrt()
            )));
        }
        let mut white = vec![u32::MAX; grid.cells.len()];
        for (k, &i) in cells.iter().enumerate() {
            white[i] = k as u32;
        }
        let mut table = Table {
            white,
            count,
            values: vec![0; states],
        };
        let of = |s: usize| {
            let turn = s / (count * count);
            let rest = s % (count * count);
            let mover = if turn == 0 {
                Player::First
            } else {
                Player::Second
            };
            (cells[rest / count], cells[rest % count], mover)
        };
        // Moves left undecided per state, and predecessor lists (compressed rows).
        let mut left = vec![0u32; states];
        let mut pred_start = vec![0u32; states + 1];
        let mut queue: Vec<u32> = Vec::new();
        for (s, undecided) in left.iter_mut().enumerate() {
            if s % 4096 == 0 {
                budget.check_cancelled()?;
            }
            let (a, b, mover) = of(s);
            if a == b {
                continue;
            }
            for step in steps(board, a, b, mover) {
                if step.wins {
                    table.values[s] = WIN;
                } else {
                    *undecided += 1;
                    pred_start[table.state(step.a, step.b, mover.other())] += 1;
                }
            }
            if table.values[s] == WIN {
                queue.push(s as u32);
            }
        }
        let mut sum = 0u32;
        for slot in &mut pred_start {
            let here = *slot;
            *slot = sum;
            sum += here;
        }
        let mut fill = pred_start.clone();
        let mut preds = vec![0u32; sum as usize];
        for s in 0..states {
            let (a, b, mover) = of(s);
            if a == b {
                continue;
            }
            for step in steps(board, a, b, mover).into_iter().filter(|s| !s.wins) {
                let child = table.state(step.a, step.b, mover.other());
                preds[fill[child] as usize] = s as u32;
                fill[child] += 1;
            }
        }
        let mut head = 0;
        while let Some(&s) = queue.get(head) {
            head += 1;
            if head % 4096 == 0 {
                budget.check_cancelled()?;
            }
            let s = s as usize;
            let value = table.values[s];
            for &p in &preds[pred_start[s] as usize..pred_start[s + 1] as usize] {
                let p = p as usize;
                if table.values[p] != 0 {
                    continue;
                }
                if value == LOSS {
                    table.values[p] = WIN;
                    queue.push(p as u32);
                } else {
                    left[p] -= 1;
                    if left[p] == 0 {
                        table.values[p] = LOSS;
                        queue.push(p as u32);
                    }
                }
            }
        }
        Ok(table)
    }

    fn answer(&self, pos: &Position) -> &'static str {
        let mover = Player::after(pos.moves);
        match self.values[self.state(pos.a, pos.b, mover)] {
            WIN => letter(mover),
            LOSS => letter(mover.other()),
            _ => "draw",
        }
    }
}

fn letter(player: Player) -> &'static str {
    match player {
        Player::First => "A",
        Player::Second => "B",
    }
}

impl Play for RaceMoves {
    type Board = RaceBoard;
    type Position = Position;

    const NOTATION: &'static str = "the cell a step lands on, `ROW,COLUMN` (1-based); a jump \
                                    over the other player as both cells, `ROW,COLUMN>ROW,COLUMN`";

    fn start(board: &RaceBoard) -> Position {
        Position {
            a: board.a,
            b: board.b,
            moves: 0,
            winner: None,
        }
    }

    fn to_move(_board: &RaceBoard, pos: &Position) -> Player {
        Player::after(pos.moves)
    }

    fn moves(board: &RaceBoard, pos: &Position) -> Result<Vec<String>, Unsolved> {
        if pos.winner.is_some() {
            return Ok(Vec::new());
        }
        let mover = Player::after(pos.moves);
        Ok(steps(board, pos.a, pos.b, mover)
            .into_iter()
            .map(|s| s.token)
            .collect())
    }

    fn apply(board: &RaceBoard, pos: &Position, token: &str) -> Result<Position, String> {
        let legal = Self::moves(board, pos).map_err(|e| e.to_string())?;
        // Read the cells first, so that a malformed token says what is wrong with it.
        if token != "pass" {
            let parts: Vec<&str> = token.split('>').collect();
            if parts.len() > 2 || parts.iter().any(|p| p.is_empty()) {
                return Err(format!(
                    "`{token}` is not a move: a step is one cell, `ROW,COLUMN`, and a jump two, \
                     `ROW,COLUMN>ROW,COLUMN`"
                ));
            }
            for part in parts {
                parse_cell(part)?;
            }
        }
        let canonical = if token == "pass" {
            token.to_string()
        } else {
            token
                .split('>')
                .filter_map(|p| parse_cell(p).ok())
                .map(|(r, c)| cell_token(r, c))
                .collect::<Vec<_>>()
                .join(">")
        };
        if pos.winner.is_some() || !legal.contains(&canonical) {
            return Err(illegal(token, &legal));
        }
        let mover = Player::after(pos.moves);
        let step = steps(board, pos.a, pos.b, mover)
            .into_iter()
            .find(|s| s.token == canonical)
            .ok_or_else(|| illegal(token, &legal))?;
        Ok(Position {
            a: step.a,
            b: step.b,
            moves: pos.moves + 1,
            winner: step.wins.then_some(mover),
        })
    }

    fn over(_board: &RaceBoard, pos: &Position) -> bool {
        pos.winner.is_some()
    }

    fn answers(
        board: &RaceBoard,
        positions: &[&Position],
        budget: &Budget,
    ) -> Result<Vec<String>, Unsolved> {
        let mut table = None;
        let mut out = Vec::with_capacity(positions.len());
        for p in positions {
            let answer = if let Some(winner) = p.winner {
                letter(winner).to_string()
            } else if p.moves == 0 {
                Race::answer(board, budget)?
            } else if !connected(&board.grid, board.a, board.b) {
                "draw".to_string()
            } else {
                if table.is_none() {
                    table = Some(table_of(board, budget)?);
                }
                match &table {
                    Some(t) => t.answer(p).to_string(),
                    None => "draw".to_string(),
                }
            };
            out.push(answer);
        }
        Ok(out)
    }

    fn value(answer: &str) -> i32 {
        match answer {
            "A" => 1,
            "B" => -1,
            _ => 0,
        }
    }
}

/// The board with the players where they stand (`A`, `B`) and a start they have left in
/// lower case.
pub(crate) fn picture(board: &RaceBoard, pos: &Position) -> Vec<String> {
    let mut grid = board.grid.clone();
    let cols = grid.cols;
    for (start, lower) in [(board.a, b'a'), (board.b, b'b')] {
        grid.set(start / cols, start % cols, lower);
    }
    grid.set(pos.a / cols, pos.a % cols, b'A');
    grid.set(pos.b / cols, pos.b % cols, b'B');
    grid.row_strings()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::AnyBoard;

    fn board(rows: &[&str]) -> AnyBoard {
        AnyBoard::Race(RaceBoard::from_rows(rows).expect("a race board"))
    }

    #[test]
    fn steps_jumps_and_the_end() {
        let budget = Budget::unlimited();
        let start = board(&["A.B"]).start();
        assert_eq!(start.moves(), Ok(vec!["1,2".to_string()]));
        assert_eq!(start.answer(&budget).as_deref(), Ok("B"));
        let one = start.play("1,2").expect("legal");
        assert_eq!(one.to_move(), Player::Second);
        // B jumps over A: onto (1,2), then on to (1,1), A's start: B wins.
        assert_eq!(
            one.moves(),
            Ok(vec!["1,2>1,1".to_string(), "1,2>1,3".to_string()])
        );
        assert_eq!(one.answer(&budget).as_deref(), Ok("B"));
        let won = one.play("1,2>1,1").expect("legal");
        assert!(won.over());
        assert_eq!(won.answer(&budget).as_deref(), Ok("B"));
        assert_eq!(won.picture(), vec!["BAb"]);
        assert!(one.play("1,1").is_err());
        assert!(one.play("1,2>").is_err());
    }
}
