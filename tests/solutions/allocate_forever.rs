//! A wrong solution for the stress tests: it allocates (and touches) memory without bound.

use std::io::Read;

fn main() {
    let mut input = String::new();
    std::io::stdin().read_to_string(&mut input).expect("stdin");
    let mut hoard: Vec<Vec<u8>> = Vec::new();
    loop {
        hoard.push(vec![1; 1 << 20]);
        if hoard.len() == usize::MAX {
            println!("{}", hoard.iter().map(|v| v[0] as usize).sum::<usize>());
        }
    }
}
