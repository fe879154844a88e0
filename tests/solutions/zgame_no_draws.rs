//! A wrong zgame solution for the stress tests: it ignores draws (always answers `no` for the
//! draw), right about wins and losses.

use boardls::analysis::budget;
use boardls::config::Config;
use boardls::games::GameId;
use std::io::Read;

fn main() {
    let mut input = String::new();
    std::io::stdin().read_to_string(&mut input).expect("stdin");
    let boards = GameId::Zgame.read_judge(&input).expect("zgame input");
    let budget = budget(&Config::default());
    for board in boards {
        let answer = board.answer(&budget).expect("solved");
        let words: Vec<&str> = answer.split_whitespace().collect();
        println!("{} no {}", words[0], words[2]);
    }
}
