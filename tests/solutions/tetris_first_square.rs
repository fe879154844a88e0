//! A wrong tetris solution for the stress tests: it plays the game out with both players
//! covering the first free 2×2 square in reading order, instead of searching.

use boardls::games::{AnyBoard, GameId};
use std::io::Read;

fn main() {
    let mut input = String::new();
    std::io::stdin().read_to_string(&mut input).expect("stdin");
    let boards = GameId::Tetris.read_judge(&input).expect("tetris input");
    for board in boards {
        let AnyBoard::Tetris(mut grid) = board else {
            unreachable!("tetris input holds tetris boards")
        };
        let mut moves = 0;
        'play: loop {
            for r in 0..grid.rows.saturating_sub(1) {
                for c in 0..grid.cols.saturating_sub(1) {
                    let square = [(r, c), (r + 1, c), (r, c + 1), (r + 1, c + 1)];
                    if square.iter().all(|&(y, x)| grid.at(y, x) == b'0') {
                        for (y, x) in square {
                            grid.set(y, x, b'1');
                        }
                        moves += 1;
                        continue 'play;
                    }
                }
            }
            break;
        }
        println!("{}", if moves % 2 == 1 { "Yes" } else { "No" });
    }
}
