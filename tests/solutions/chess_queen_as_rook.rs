//! A wrong chess solution for the stress tests: the queen is solved as a rook (whoever faces
//! equal distances loses), missing the Wythoff pairs; the other pieces are right.

use boardls::analysis::budget;
use boardls::config::Config;
use boardls::games::chess::Piece;
use boardls::games::{AnyBoard, GameId};
use std::io::Read;

fn main() {
    let mut input = String::new();
    std::io::stdin().read_to_string(&mut input).expect("stdin");
    let boards = GameId::Chess.read_judge(&input).expect("chess input");
    let budget = budget(&Config::default());
    for board in boards {
        let answer = match &board {
            AnyBoard::Chess(b) if b.piece == Piece::Queen => {
                if b.rows == b.cols { "G" } else { "B" }.to_string()
            }
            _ => board.answer(&budget).expect("solved"),
        };
        println!("{answer}");
    }
}
