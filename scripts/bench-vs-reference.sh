#!/usr/bin/env bash
# Whole-process comparison of `boardls judge` with the reference C++ solutions of the original
# write-ups, measured side by side in one run (ratios hold on a noisy machine; absolute times
# drift). The references are built into a temporary folder and never committed.
#
#   scripts/bench-vs-reference.sh REFERENCE_DIR [--callgrind]
#
# REFERENCE_DIR holds build.sh, gen_max.py, gen_race_hard.py and the C++ sources.
# Prints a Markdown table: workload, reference, boardls, input-read floor, ratios, peak memory;
# then `solve` against `judge` on the same boards, per game.
set -euo pipefail
ref=${1:?usage: scripts/bench-vs-reference.sh REFERENCE_DIR [--callgrind]}
ref=$(cd "$ref" && pwd)
callgrind=${2:-}
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

sh "$ref/build.sh" "$tmp/bin" >/dev/null
# race.cpp leaks state between tests and crashes on large layers: time the fixed one.
g++ -O2 -std=c++17 -w -o "$tmp/bin/race_fixed" "$ref/race_fixed.cpp"
cargo build --release --quiet
boardls=$PWD/target/release/boardls
runs=${RUNS:-5}

# best wall time (s) of $runs runs and the median peak resident set (KiB) of the whole process
measure() { # shell command
  python3 - "$runs" "$1" <<'PY'
import subprocess, sys, time
runs, cmd = int(sys.argv[1]), sys.argv[2]
best = min(
    (lambda t0: (subprocess.run(cmd, shell=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL), time.perf_counter() - t0)[1])(time.perf_counter())
    for _ in range(runs)
)
print(f"{best:.4f}")
PY
  # Peak memory from /usr/bin/time: a forked Python would count its own pages before exec.
  # The median of five runs: one run's peak moves by 0.1-0.3 MB with what the page cache
  # maps around each fault.
  for _ in 1 2 3 4 5; do
    /usr/bin/time -f '%M' -o "$tmp/rss" sh -c "$1" > /dev/null 2>&1 || true
    tail -n 1 "$tmp/rss"
  done | sort -n | sed -n 3p
}

instructions() { # cmd...
  valgrind --tool=callgrind --callgrind-out-file="$tmp/cg" "$@" > /dev/null 2> "$tmp/cg.log" || true
  grep -Eo 'Collected : [0-9]+' "$tmp/cg.log" | grep -Eo '[0-9]+' || echo "?"
}

row() { # label game input reference
  local label=$1 game=$2 input=$3 reference=$4
  { read -r rt; read -r rm; } < <(measure "$reference < $input")
  { read -r bt; read -r bm; } < <(measure "$boardls judge $game < $input")
  { read -r ft; read -r _; } < <(measure "$tmp/bin/read_fread < $input")
  # The references print trailing spaces; the judges compare tokens.
  if ! cmp -s <("$reference" < "$input" 2>/dev/null | sed 's/ *$//') <("$boardls" judge "$game" < "$input"); then
    agree="differs"
  else
    agree="same"
  fi
  local ratio
  ratio=$(python3 -c "print(f'{$rt/max($bt,0.0001):.1f}x')")
  local line="| $label | ${rt} s, ${rm} KB | ${bt} s, ${bm} KB | ${ft} s | $ratio | $agree |"
  if [ "$callgrind" = "--callgrind" ]; then
    local ri bi fi
    ri=$(instructions sh -c "$reference < $input")
    bi=$(instructions "$boardls" judge "$game" "$input")
    fi=$(instructions sh -c "$tmp/bin/read_fread < $input")
    line="$line $ri | $bi | $fi |"
  fi
  echo "$line"
}

gen() { python3 "$ref/gen_max.py" "$@"; }
gen zgame stress 1 10 > "$tmp/zgame.in"
gen race open 1 10 > "$tmp/race-open.in"
gen chess random 1 > "$tmp/chess.in"
gen strings stress 1 > "$tmp/strings.in"
gen strings ab 1 > "$tmp/strings-ab.in"
python3 "$ref/gen_race_hard.py" pools 300 1 1 > "$tmp/race-pools.in"
gen tetris empty-7 1 > "$tmp/tetris-7.in"
gen tetris empty-8x7 1 > "$tmp/tetris-8x7.in"

header="| workload | reference | boardls | read floor | speed-up | output |"
[ "$callgrind" = "--callgrind" ] && header="$header ref instr | boardls instr | floor instr |"
echo "$header"
echo "|---|---|---|---|---|---|$([ "$callgrind" = "--callgrind" ] && echo '---|---|---|')"
row "zgame 10×500×500 stress" zgame "$tmp/zgame.in" "$tmp/bin/zgame"
row "race 10 open 300×300" race "$tmp/race-open.in" "$tmp/bin/race_fixed"
row "race pools 300" race "$tmp/race-pools.in" "$tmp/bin/race_fixed"
row "chess 1000 queries" chess "$tmp/chess.in" "$tmp/bin/chess"
row "strings n=20 stress" strings "$tmp/strings.in" "$tmp/bin/strings"
row "strings n=20 ab" strings "$tmp/strings-ab.in" "$tmp/bin/strings"
row "tetris empty 7×7" tetris "$tmp/tetris-7.in" "$tmp/bin/tetris"
row "tetris empty 8×7" tetris "$tmp/tetris-8x7.in" "$tmp/bin/tetris"

# `solve` decides each board as `judge` does (Game::solve_answer): the same boards as `.board`
# text (`boardls import`) should cost what `judge` costs, the free 50×50 tetris board included.
python3 -c "print(50, 50); print(('0' * 50 + '\n') * 50, end='')" > "$tmp/tetris-free-50.in"
echo
echo "| workload | boardls judge | boardls solve (the same boards as .board) | solve / judge |"
echo "|---|---|---|---|"
solve_row() { # label game input
  "$boardls" import "$2" "$3" > "$tmp/solve.board"
  { read -r jt; read -r _; } < <(measure "$boardls judge $2 < $3")
  { read -r st; read -r _; } < <(measure "$boardls solve $tmp/solve.board")
  echo "| $1 | ${jt} s | ${st} s | $(python3 -c "print(f'{$st/max($jt,0.0001):.2f}x')") |"
}
# One board per file (the first of each multi-test input): what a single `.board` case costs.
first_board() { # game input: T = 1 and the first test alone
  python3 - "$1" "$2" <<'PY'
import sys
game, lines = sys.argv[1], open(sys.argv[2]).read().split("\n")
size = int(lines[1].split()[0])
body = {"zgame": lines[1:2 + size], "race": lines[1:2 + size], "chess": lines[1:2]}[game]
print(1)
print("\n".join(body))
PY
}
for game in zgame race chess; do
  input=$tmp/$game.in
  [ "$game" = race ] && input=$tmp/race-open.in
  first_board "$game" "$input" > "$tmp/$game-1.in"
done
solve_row "zgame one 500×500 board" zgame "$tmp/zgame-1.in"
solve_row "race one open 300×300 board" race "$tmp/race-1.in"
solve_row "chess one query" chess "$tmp/chess-1.in"
solve_row "zgame 10×500×500 stress" zgame "$tmp/zgame.in"
solve_row "race 10 open 300×300" race "$tmp/race-open.in"
solve_row "chess 1000 queries" chess "$tmp/chess.in"
solve_row "strings n=20 stress" strings "$tmp/strings.in"
solve_row "tetris empty 8×7" tetris "$tmp/tetris-8x7.in"
solve_row "tetris free 50×50" tetris "$tmp/tetris-free-50.in"
