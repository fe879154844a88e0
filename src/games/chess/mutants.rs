//! Wrong chess solutions: the editorial's closed forms with one mistake each.

use super::solve::{floor_k_phi, outcome};
use super::{ChessBoard, Piece};
use crate::games::mutant::{Answers, Mutant, Work, each};

pub(crate) const MUTANTS: &[Mutant] = &[
    Mutant::chess(
        "king-sum-parity",
        "Says G wins with a king whenever N + M is even, where it needs N and M both odd.",
        king_sum_parity,
    ),
    Mutant::chess(
        "queen-as-rook",
        "Forgets the queen's diagonal moves and answers her like a rook (G exactly when N = M).",
        queen_as_rook,
    ),
    Mutant::chess(
        "wythoff-index-off-by-one",
        "Takes the Wythoff pair's index as ⌊min·(√5−1)/2⌋ without also trying the next one, \
         which is always one too small, so the queen's losing starts are missed.",
        wythoff_index_off_by_one,
    ),
    Mutant::chess(
        "knight-always-draw",
        "Answers D for every knight, since most targets cannot be reached.",
        knight_always_draw,
    ),
    Mutant::chess(
        "knight-first-never-wins",
        "Gives G when the knight's two kinds of moves are equal in number and D otherwise, \
         forgetting that Bo wins when they differ by one.",
        knight_first_never_wins,
    ),
    Mutant::chess(
        "king-rows-parity-only",
        "Decides the king by the parity of N alone, as if the board were a single column.",
        king_rows_parity_only,
    ),
    Mutant::chess(
        "distances-off-by-one",
        "Measures the distance to (N,M) as N and M instead of N − 1 and M − 1.",
        distances_off_by_one,
    ),
];

fn letter(g_wins: bool) -> String {
    if g_wins { "G" } else { "B" }.to_string()
}

fn exact(board: &ChessBoard) -> String {
    outcome(board).as_judge_str().to_string()
}

fn king_sum_parity(boards: &[ChessBoard], work: &mut Work) -> Answers {
    each(boards, work, |b, _| {
        Ok(match b.piece {
            Piece::King => letter((b.rows + b.cols).is_multiple_of(2)),
            _ => exact(b),
        })
    })
}

fn king_rows_parity_only(boards: &[ChessBoard], work: &mut Work) -> Answers {
    each(boards, work, |b, _| {
        Ok(match b.piece {
            Piece::King => letter(b.rows % 2 == 1),
            _ => exact(b),
        })
    })
}

fn queen_as_rook(boards: &[ChessBoard], work: &mut Work) -> Answers {
    each(boards, work, |b, _| {
        Ok(match b.piece {
            Piece::Queen => letter(b.rows == b.cols),
            _ => exact(b),
        })
    })
}

fn wythoff_index_off_by_one(boards: &[ChessBoard], work: &mut Work) -> Answers {
    each(boards, work, |b, _| {
        Ok(match b.piece {
            Piece::Queen => {
                let (x, y) = (b.rows - 1, b.cols - 1);
                let (small, large) = (x.min(y), x.max(y));
                let index = (small as f64 * (5f64.sqrt() - 1.0) / 2.0) as u64;
                letter(small == floor_k_phi(index) && large == small + index)
            }
            _ => exact(b),
        })
    })
}

fn knight_always_draw(boards: &[ChessBoard], work: &mut Work) -> Answers {
    each(boards, work, |b, _| {
        Ok(match b.piece {
            Piece::Knight => "D".to_string(),
            _ => exact(b),
        })
    })
}

fn knight_first_never_wins(boards: &[ChessBoard], work: &mut Work) -> Answers {
    each(boards, work, |b, _| {
        let answer = exact(b);
        Ok(if b.piece == Piece::Knight && answer == "B" {
            "D".to_string()
        } else {
            answer
        })
    })
}

fn distances_off_by_one(boards: &[ChessBoard], work: &mut Work) -> Answers {
    each(boards, work, |b, _| {
        Ok(exact(&ChessBoard {
            piece: b.piece,
            rows: b.rows + 1,
            cols: b.cols + 1,
        }))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::AnyBoard;
    use crate::games::mutant::testing::wrong_and_right;

    fn board(piece: Piece, rows: u64, cols: u64) -> AnyBoard {
        AnyBoard::Chess(ChessBoard { piece, rows, cols })
    }

    fn check(name: &str, wrong: AnyBoard, right: AnyBoard) {
        let mutant = MUTANTS.iter().find(|m| m.name == name).expect("in the zoo");
        wrong_and_right(mutant, wrong, right);
    }

    #[test]
    fn king_sum_parity_is_caught_by_two_even_sides() {
        check(
            "king-sum-parity",
            board(Piece::King, 2, 4),
            board(Piece::King, 3, 3),
        );
    }

    #[test]
    fn queen_as_rook_is_caught_by_a_square_board() {
        check(
            "queen-as-rook",
            board(Piece::Queen, 3, 3),
            board(Piece::Queen, 2, 4),
        );
    }

    #[test]
    fn wythoff_index_off_by_one_is_caught_by_a_losing_start() {
        check(
            "wythoff-index-off-by-one",
            board(Piece::Queen, 2, 3),
            board(Piece::Queen, 3, 3),
        );
    }

    #[test]
    fn knight_always_draw_is_caught_by_a_reachable_target() {
        check(
            "knight-always-draw",
            board(Piece::Knight, 4, 4),
            board(Piece::Knight, 3, 3),
        );
    }

    #[test]
    fn knight_first_never_wins_is_caught_by_one_move() {
        check(
            "knight-first-never-wins",
            board(Piece::Knight, 2, 3),
            board(Piece::Knight, 4, 4),
        );
    }

    #[test]
    fn king_rows_parity_only_is_caught_by_an_even_width() {
        check(
            "king-rows-parity-only",
            board(Piece::King, 3, 4),
            board(Piece::King, 3, 5),
        );
    }

    #[test]
    fn distances_off_by_one_is_caught_by_a_king() {
        check(
            "distances-off-by-one",
            board(Piece::King, 3, 3),
            board(Piece::Rook, 3, 3),
        );
    }
}
